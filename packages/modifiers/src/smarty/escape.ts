/**
 * Smarty 2.6.28's escape modifier (libs/plugins/modifier.escape.php) with the
 * PHP 8.2 functions it calls. The default charset is Smarty 2's ISO-8859-1:
 * for `html` that is the same as UTF-8 on UTF-8 text, for `htmlall` it makes
 * PHP read each UTF-8 byte as a Latin-1 character (`é` → `&Atilde;&copy;`),
 * so templates pass 'UTF-8' for htmlall.
 */

import {
  allowString,
  ENT_QUOTES,
  htmlentities,
  htmlspecialchars,
  htmlspecialcharsSingleByte,
  mapSubject,
  PhpArray,
  PhpObject,
  replaceAllString,
  replaceMatches,
  StringBuilder,
  strArg,
  toBytes,
  toStr,
  typeError,
  urlencodeBytes,
  type Value,
} from '@sumi/php';
import { definePlugin, type ModifierDef, type RenderContext } from '@sumi/runtime';
import { strtrPairs } from './text-algorithms';

const hex2 = (b: number) => b.toString(16).padStart(2, '0');

const UNESCAPED_QUOTE = /(?<!\\)'/g;

/** what each byte becomes, for the per-byte escapes */
const HEX = Array.from({ length: 256 }, (_, b) => `%${hex2(b)}`);
const HEX_ENTITY = Array.from({ length: 256 }, (_, b) => `&#x${hex2(b)};`);
const DEC_ENTITY = Array.from({ length: 256 }, (_, b) => `&#${b};`);
const NONSTD = Array.from({ length: 256 }, (_, b) => (b >= 126 ? `&#${b};` : String.fromCharCode(b)));

/**
 * Every byte of `s` replaced by its entry of `table`: the size is checked before building, and the
 * result is built in chunks (one rope node per byte would take 40 bytes each).
 */
function perByte(s: string, table: readonly string[]): string {
  const bytes = toBytes(s);
  let size = 0;
  for (let i = 0; i < bytes.length; i++) size += table[bytes[i]]!.length;
  allowString(size);
  const out = new StringBuilder();
  for (let i = 0; i < bytes.length; i++) out.add(table[bytes[i]]!);
  return out.toString();
}

/**
 * hex, hexentity and decentity read `$string[$x]` for x < strlen($string): on an int,
 * float or bool that offset is null (PHP warns), so each character gives the entry
 * for nothing (`%`, `&#x;`, and `&#0;` since ord(null) is 0).
 */
function perByteOf(value: Value, fn: string, table: readonly string[], none: string): string {
  const s = strArg(fn, value);
  if (typeof value === 'string') return perByte(s, table);
  allowString(s.length * none.length);
  return none.repeat(s.length);
}

const JS_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['\\', '\\\\'],
  ["'", "\\'"],
  ['"', '\\"'],
  ['\r', '\\r'],
  ['\n', '\\n'],
  ['</', '<\\/'],
];

/** the charset argument #3 ($encoding, ?string) of htmlspecialchars()/htmlentities() receives */
function charsetOf(fn: string, charSet: Value | undefined): string {
  if (charSet === undefined) return 'ISO-8859-1';
  if (charSet instanceof PhpArray || charSet instanceof PhpObject)
    typeError(fn, 3, 'encoding', '?string', charSet);
  return toStr(charSet);
}

function escapeOne(ctx: RenderContext, value: Value, type: string, charSet: Value | undefined): Value {
  const warn = (m: string) => ctx.warn(m);
  switch (type) {
    case 'html': {
      const s = strArg('htmlspecialchars', value);
      return htmlspecialchars(s, ENT_QUOTES, charsetOf('htmlspecialchars', charSet), true, warn);
    }
    case 'htmlall': {
      const s = strArg('htmlentities', value);
      return htmlentities(s, ENT_QUOTES, charsetOf('htmlentities', charSet), true, warn);
    }
    case 'url':
      return urlencodeBytes(strArg('rawurlencode', value), true);
    case 'urlpathinfo':
      return replaceAllString(urlencodeBytes(strArg('rawurlencode', value), true), '%2F', '/');
    case 'quotes':
      // preg_replace("%(?<!\\\\)'%", "\\'", $string): quotes not already escaped
      return mapSubject(ctx, value, (s) => replaceMatches(s, UNESCAPED_QUOTE, () => "\\'"));
    case 'hex':
      return perByteOf(value, 'strlen', HEX, '%');
    case 'hexentity':
      return perByteOf(value, 'strlen', HEX_ENTITY, '&#x;');
    case 'decentity':
      return perByteOf(value, 'strlen', DEC_ENTITY, '&#0;');
    case 'javascript':
      return strtrPairs(strArg('strtr', value), JS_PAIRS);
    case 'mail':
      return mapSubject(ctx, value, (s) =>
        replaceAllString(replaceAllString(s, '@', ' [AT] '), '.', ' [DOT] '),
      );
    case 'nonstd':
      // bytes >= 126 become &#N; the rest are copied (ASCII, so one char each)
      return perByte(strArg('strlen', value), NONSTD);
    default:
      return value;
  }
}

export const escapeDef: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'escape',
  group: 'Smarty built-in',
  description:
    'Escapes the value for a context: `html` (htmlspecialchars with ENT_QUOTES), `htmlall` (htmlentities), `url` ' +
    "(rawurlencode), `urlpathinfo` (url but `/` kept), `quotes` (backslash before unescaped `'`), `hex` (`%xx` per " +
    'byte), `hexentity` (`&#xNN;` per byte), `decentity` (`&#N;` per byte), `javascript` (backslash escapes and ' +
    '`</` → `<\\/`), `mail` (`@` → ` [AT] `, `.` → ` [DOT] `), `nonstd` (bytes ≥ 126 as `&#N;`). An unknown type ' +
    "returns the value unchanged. The charset defaults to Smarty 2's ISO-8859-1: pass 'UTF-8' with htmlall.",
  args: [
    {
      name: 'esc_type',
      type: 'string',
      optional: true,
      default: 'html',
      description:
        'html, htmlall, url, urlpathinfo, quotes, hex, hexentity, decentity, javascript, mail or nonstd',
    },
    {
      name: 'char_set',
      type: 'string',
      optional: true,
      default: 'ISO-8859-1',
      description: 'charset for html/htmlall',
    },
  ],
  errors: [
    'an array value (with `@`) where PHP wants a string, or an array charset, is a TypeError: the template fails',
    'an unsupported charset is logged as a warning and UTF-8 is used',
  ],
  result: 'the escaped string',
  examples: [
    { template: '{$s|escape}', data: { s: '<a href="x">' }, output: '&lt;a href=&quot;x&quot;&gt;' },
    { template: "{$s|escape:'htmlall':'UTF-8'}", data: { s: 'café' }, output: 'caf&eacute;' },
    { template: "{$s|escape:'url'}", data: { s: 'a b/c' }, output: 'a%20b%2Fc' },
    { template: "{$s|escape:'javascript'}", data: { s: "It's </b>" }, output: "It\\'s <\\/b>" },
  ],
  onString: (s) => htmlspecialcharsSingleByte(s),
  run(ctx: RenderContext, value: Value, escType?: Value, charSet?: Value): Value {
    // hot path: `|escape` / `|escape:'html'` on a string cannot warn or fail
    if (typeof value === 'string' && (escType === undefined || escType === 'html') && charSet === undefined) {
      return htmlspecialcharsSingleByte(value);
    }
    return escapeSlow(ctx, value, escType, charSet);
  },
});

// its own function: a closure in `run` would make V8 allocate a context on every call, fast path included
function escapeSlow(ctx: RenderContext, value: Value, escType?: Value, charSet?: Value): Value {
  // Smarty's `switch ($esc_type)` compares loosely: true equals its first case, 'html'
  const type = escType === undefined || escType === true ? 'html' : toStr(escType);
  return escapeOne(ctx, value, type, charSet);
}
