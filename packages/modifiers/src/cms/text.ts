/**
 * The CMS's text modifiers: cms_strip_tags, cms_file_size, sort_name,
 * escapeCSV and rcms_json_encode.
 */

import {
  allowedTagsFromList,
  allowString,
  int32Bits,
  JSON_UNESCAPED_UNICODE,
  joinStrings,
  jsonEncode,
  numberFormat,
  PhpArray,
  phpCall,
  phpStripTags,
  replaceAllString,
  splitString,
  strArg,
  toFloat,
  toInt,
  toStr,
  type Value,
} from '@sumi/php';
import { definePlugin, type ModifierDef, type RenderContext } from '@sumi/runtime';

const GROUP = 'CMS modifier';

export const cmsStripTags: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'cms_strip_tags',
  aliases: ['rcms_strip_tags'],
  group: GROUP,
  description:
    "PHP's strip_tags(): removes HTML and PHP tags (the text between them stays). The optional argument lists the " +
    "tags to keep, as a string like `'<b><i>'` or an array of names.",
  args: [
    {
      name: 'allowed_tags',
      type: 'mixed',
      optional: true,
      description: "tags to keep: `'<b><br>'` or `['b','br']`",
    },
  ],
  errors: [
    'an array value (with `@`) is the string "Array", with a warning (the CMS casts the value to a string)',
  ],
  result: 'the string without tags',
  examples: [
    {
      template: "[{$s|cms_strip_tags:'<b>'}]",
      data: { s: '<p>Hi <b>there</b> <i>you</i></p>' },
      output: '[Hi <b>there</b> you]',
    },
  ],
  run(ctx: RenderContext, value: Value, allowed?: Value): Value {
    // the CMS's plugin casts the value with (string): an array is "Array" (PHP warns), an object an Error
    const s = toStr(value, (m) => ctx.warn(m));
    return phpCall(ctx, () => {
      let allow: string | null = null;
      if (allowed instanceof PhpArray) allow = allowedTagsFromList(allowed.values().map((v) => toStr(v)));
      else if (allowed !== undefined && allowed !== null)
        allow = strArg('strip_tags', allowed, 2, 'allowed_tags');
      return phpStripTags(s, allow);
    });
  },
});

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export const cmsFileSize: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'cms_file_size',
  aliases: ['rcms_file_size'],
  group: GROUP,
  description:
    'Formats a number of bytes: divided by 1024 while it is at least 1024 (units B, KB, MB, GB, TB), printed with ' +
    '`decimals` decimals, `.` as decimal point and no thousands separator, then one space and the unit (`1.50 KB`). ' +
    'With `format` 0 only the number is printed.',
  args: [
    {
      name: 'format',
      type: 'int',
      optional: true,
      default: 1,
      description: '0: number only, 1: with the unit',
    },
    { name: 'decimals', type: 'int', optional: true, default: 2, description: 'decimal places' },
  ],
  result: 'a string such as `5.00 MB`',
  examples: [
    {
      template: '{1536|cms_file_size} {$gb|cms_file_size:1:1} {$mb|cms_file_size:0:0}',
      data: { gb: 3221225472, mb: 5242880 },
      output: '1.50 KB 3.0 GB 5',
    },
  ],
  run(_ctx: RenderContext, value: Value, format?: Value, decimals?: Value): Value {
    let size = toFloat(value);
    let unit = 0;
    while (Math.abs(size) >= 1024 && unit < UNITS.length - 1) {
      size /= 1024;
      unit++;
    }
    const d = decimals === undefined ? 2 : Number(toInt(decimals));
    const num = numberFormat(size, d, '.', '');
    const withUnit = format === undefined ? true : Number(toInt(format)) !== 0;
    return withUnit ? `${num} ${UNITS[unit]}` : num;
  },
});

export const sortName: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'sort_name',
  group: GROUP,
  description:
    'Joins a last name (the value) and a first name (the argument) with one space, in the order of the current ' +
    'language: the template variable `lang`. `en` gives "first last"; any other language (and no `lang`, which ' +
    'means `ja`) gives "last first".',
  args: [{ name: 'first_name', type: 'string', description: 'the first name' }],
  result: 'the full name',
  examples: [
    { template: '{$last|sort_name:$first}', data: { last: '山田', first: '太郎' }, output: '山田 太郎' },
    {
      template: '{$last|sort_name:$first}',
      data: { last: 'Smith', first: 'John', lang: 'en' },
      output: 'John Smith',
    },
  ],
  run(ctx: RenderContext, value: Value, first?: Value): Value {
    const warn = (m: string) => ctx.warn(m);
    const last = toStr(value, warn);
    const given = first === undefined ? '' : toStr(first, warn);
    const lang = toStr(ctx.get('lang'));
    return lang === 'en' ? `${given} ${last}` : `${last} ${given}`;
  },
});

function csvField(v: Value, warn: (m: string) => void): string {
  const text = replaceAllString(toStr(v, warn), '"', '""');
  allowString(text.length + 2);
  return `"${text}"`;
}

export const escapeCsv: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'escapeCSV',
  group: GROUP,
  description:
    'Makes a value safe as one CSV field: wrapped in double quotes, inner `"` doubled (so commas, quotes and line ' +
    'breaks survive). With `@` on an array, every element is escaped and the fields are joined with `,` (one CSV ' +
    "row). Sumi keeps text in Unicode: the CMS's conversion to the locale's charset happens where the file is " +
    'written, not here.',
  args: [],
  result: 'the quoted field, or a row of quoted fields',
  examples: [
    { template: '{$s|escapeCSV}', data: { s: 'say "hi", bye' }, output: '"say ""hi"", bye"' },
    { template: '{$row|@escapeCSV}', data: { row: [1, 'a,b'] }, output: '"1","a,b"' },
  ],
  run(ctx: RenderContext, value: Value): Value {
    const warn = (m: string) => ctx.warn(m);
    if (value instanceof PhpArray)
      return joinStrings(
        value.values().map((v) => csvField(v, warn)),
        ',',
      );
    return csvField(value, warn);
  },
});

const CONTENT_BOUNDARY = '__RCMS_CONTENT_BOUNDARY__';

export const rcmsJsonEncode: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'rcms_json_encode',
  group: GROUP,
  wholeArray: true,
  description:
    'json_encode() with JSON_UNESCAPED_UNICODE: multibyte text stays readable. More JSON_* flags can be added with ' +
    'the argument (`64` = JSON_UNESCAPED_SLASHES). A string holding the CMS marker `__RCMS_CONTENT_BOUNDARY__` is ' +
    'split at the marker into a list first. Gives false (prints nothing) when the value cannot be encoded.',
  args: [{ name: 'flags', type: 'int', optional: true, default: 0, description: 'extra JSON_* flags' }],
  result: 'a JSON string',
  examples: [
    {
      template: '{$m|@rcms_json_encode}',
      data: { m: { name: '山田', url: 'https://a.jp/x' } },
      output: '{"name":"山田","url":"https:\\/\\/a.jp\\/x"}',
    },
    {
      template: '{$m|@rcms_json_encode:64}',
      data: { m: { url: 'https://a.jp/x' } },
      output: '{"url":"https://a.jp/x"}',
    },
  ],
  run(_ctx: RenderContext, value: Value, flags?: Value): Value {
    // the flags' bits, all below 2^31: PHP_INT_MAX has them all set (a Number of it would not)
    const extra = flags === undefined ? 0 : int32Bits(toInt(flags));
    const v =
      typeof value === 'string' && value.includes(CONTENT_BOUNDARY)
        ? PhpArray.fromList(splitString(value, CONTENT_BOUNDARY))
        : value;
    return jsonEncode(v, JSON_UNESCAPED_UNICODE | extra);
  },
});

export const textModifiers: readonly ModifierDef[] = [
  cmsStripTags,
  cmsFileSize,
  sortName,
  escapeCsv,
  rcmsJsonEncode,
];
