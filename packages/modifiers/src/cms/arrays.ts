/**
 * The CMS's array modifiers and the plugin modifiers that are not PHP
 * functions (count, empty, in_array, split): safe versions that never throw
 * on a wrong type.
 */

import {
  countRecursive,
  isNumber,
  PhpArray,
  PhpObject,
  pregSplit,
  searchValue,
  splitString,
  toArray,
  toBool,
  toInt,
  toStr,
  type Value,
  valueError,
  withPcre,
} from '@sumi/php';
import { definePlugin, type ModifierDef, type RenderContext } from '@sumi/runtime';

const GROUP = 'CMS modifier';

function inArray(needle: Value, haystack: PhpArray, strict: boolean): boolean {
  return searchValue(haystack, needle, strict) >= 0;
}

export const count: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'count',
  group: 'Plugin modifier',
  wholeArray: true,
  description:
    'Counts the elements of an array (with `mode` 1, nested arrays are counted too, like COUNT_RECURSIVE). Like ' +
    "count() before PHP 8 (the CMS's plugin keeps that behaviour), null gives 0 and any other value that is not an " +
    'array (a string, a number, a boolean, an object) gives 1, where PHP 8 would throw. Write it with `@`: without ' +
    '`@` Smarty applies it to each element.',
  args: [{ name: 'mode', type: 'int', optional: true, default: 0, description: '1 counts recursively' }],
  errors: ['on an array, a `mode` other than 0 or 1 is a ValueError of count(): the template fails'],
  result: 'an integer',
  examples: [
    {
      template: '{$m|@count} {$m|@count:1} {$undef|@count} {$s|@count}',
      data: { m: { a: 1, list: [1, 2, 3] }, s: 'abc' },
      output: '2 5 0 1',
    },
  ],
  run(_ctx: RenderContext, value: Value, mode?: Value): Value {
    // PHP 7's count() of a non-countable value (it warned): null is 0, anything else 1
    if (!(value instanceof PhpArray)) return value === null || value === undefined ? 0 : 1;
    if (mode === undefined) return value.size;
    const m = toInt(mode);
    // PHP 8's count() refuses any other mode, and the plugin lets its ValueError through
    if (m !== 0 && m !== 1) valueError('count', 2, 'mode', 'must be either COUNT_NORMAL or COUNT_RECURSIVE');
    return m === 1 ? countRecursive(value) : value.size;
  },
});

export const empty: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'empty',
  group: 'Plugin modifier',
  wholeArray: true,
  description:
    'PHP\'s empty() as a modifier: true for "", "0", 0, 0.0, null, false and an empty array, and also for an ' +
    'object without properties (an empty JSON object decoded as an object).',
  args: [],
  result: 'true or false',
  examples: [{ template: '{if $e|@empty}empty{/if}', data: { e: [] }, output: 'empty' }],
  run(_ctx: RenderContext, value: Value): Value {
    if (value instanceof PhpObject) return value.props.size === 0;
    return !toBool(value);
  },
});

export const inArrayDef: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'in_array',
  group: 'Plugin modifier',
  description:
    'True when the value is one of the elements of `haystack` (loose `==` comparison, or `===` with `strict`). A ' +
    'haystack that is not an array gives false instead of an error.',
  args: [
    { name: 'haystack', type: 'array', description: 'the list to search' },
    { name: 'strict', type: 'bool', optional: true, default: false, description: 'compare with ===' },
  ],
  result: 'true or false',
  examples: [{ template: "{if 'b'|in_array:$a}yes{/if}", data: { a: ['a', 'b'] }, output: 'yes' }],
  run(_ctx: RenderContext, value: Value, haystack?: Value, strict?: Value): Value {
    if (!(haystack instanceof PhpArray)) return false;
    return inArray(value, haystack, strict !== undefined && toBool(strict));
  },
});

export const cmsInArray: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'cms_in_array',
  aliases: ['rcms_in_array'],
  group: GROUP,
  description:
    'True when the value is in the list (loose `==` comparison, so `"2"` finds `2`; with `strict`, `===`). No ' +
    'is_array check is needed: a list that is not an array gives false.',
  args: [
    { name: 'list', type: 'array', description: 'the list to search' },
    { name: 'strict', type: 'bool', optional: true, default: false, description: 'compare with ===' },
  ],
  result: 'true or false',
  examples: [
    { template: '{if "2"|cms_in_array:$a}has{/if}', data: { a: [3, 2] }, output: 'has' },
    {
      template: '{assign var=f value="2"|cms_in_array:$a:true}[{$f}]',
      data: { a: [3, 2] },
      output: '[]',
      description: 'strict: the string "2" is not the int 2',
    },
  ],
  run(_ctx: RenderContext, value: Value, list?: Value, strict?: Value): Value {
    return list instanceof PhpArray ? inArray(value, list, strict !== undefined && toBool(strict)) : false;
  },
});

export const toFormOptions: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'to_form_options',
  group: GROUP,
  wholeArray: true,
  description:
    'Turns an associative array into a list of `{key, value}` items, in order (keys keep their type: `"10"` is the ' +
    'int 10). The two optional arguments rename the `key` and `value` fields. A value that is not an array is ' +
    "cast as PHP's `(array)` does: null gives an empty list, a scalar s the one item `{key: 0, value: s}`, an " +
    'object its properties.',
  args: [
    {
      name: 'key_name',
      type: 'string',
      optional: true,
      default: 'key',
      description: 'name of the key field',
    },
    {
      name: 'value_name',
      type: 'string',
      optional: true,
      default: 'value',
      description: 'name of the value field',
    },
  ],
  result: 'a list of arrays',
  examples: [
    {
      template: "{$m|@to_form_options:'id':'label'|@json_encode}",
      data: { m: { '10': 'Ten', x: 'Ex' } },
      output: '[{"id":10,"label":"Ten"},{"id":"x","label":"Ex"}]',
    },
  ],
  run(_ctx: RenderContext, value: Value, keyName?: Value, valueName?: Value): Value {
    const out = new PhpArray();
    const list = toArray(value);
    const kn = keyName === undefined ? 'key' : toStr(keyName);
    const vn = valueName === undefined ? 'value' : toStr(valueName);
    list.forEach((v, k) => {
      const item = new PhpArray();
      item.set(kn, k);
      item.set(vn, v instanceof PhpArray ? v.clone() : v);
      out.push(item);
    });
    return out;
  },
});

export const toObject: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'to_object',
  group: GROUP,
  wholeArray: true,
  description:
    "Converts an array to a stdClass object, like PHP's `(object)` cast: the top level becomes properties (nested " +
    'arrays stay arrays), null gives an empty object, a scalar gives an object with a `scalar` property and an ' +
    'object is returned as is. Read properties with `$obj->name`.',
  args: [],
  result: 'a stdClass object',
  examples: [
    { template: '{assign var=o value=$a|@to_object}{$o->name}', data: { a: { name: 'Ann' } }, output: 'Ann' },
  ],
  run(_ctx: RenderContext, value: Value): Value {
    if (value instanceof PhpObject) return value;
    if (value instanceof PhpArray) return new PhpObject(value.clone());
    const props = new PhpArray();
    if (value !== null && value !== undefined) props.set('scalar', value);
    return new PhpObject(props);
  },
});

const SPLIT_REGEX = /^\//;

export const split: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'split',
  group: 'Plugin modifier',
  description:
    "Splits `string` by the delimiter given as the value: `{','|split:$csv}`. A delimiter that starts with `/` " +
    'and has at least 3 characters is a regular expression (preg_split); otherwise it is a literal. An empty ' +
    'string, or a value that is not a string or number, gives an empty list.',
  args: [{ name: 'string', type: 'string', description: 'the text to split' }],
  errors: ['an invalid regular expression is logged and gives an empty list'],
  result: 'a list of strings',
  examples: [
    { template: "{','|split:'a,b,c'|@json_encode}", output: '["a","b","c"]' },
    { template: "{'/\\s+/'|split:'a  b c'|@json_encode}", output: '["a","b","c"]' },
  ],
  run(ctx: RenderContext, delimiter: Value, subject?: Value): Value {
    if (subject === undefined || !(typeof subject === 'string' || isNumber(subject))) return new PhpArray();
    const text = toStr(subject);
    if (text === '') return new PhpArray();
    const delim = toStr(delimiter);
    if (SPLIT_REGEX.test(delim) && delim.length >= 3) {
      const parts = withPcre(ctx, 'preg_split', () => pregSplit(delim, text));
      return parts instanceof PhpArray ? parts : new PhpArray();
    }
    if (delim === '') {
      ctx.warn('split(): the delimiter is empty');
      return new PhpArray();
    }
    return PhpArray.fromList(splitString(text, delim));
  },
});

export const arrayModifiers: readonly ModifierDef[] = [
  count,
  empty,
  inArrayDef,
  cmsInArray,
  toFormOptions,
  toObject,
  split,
];
