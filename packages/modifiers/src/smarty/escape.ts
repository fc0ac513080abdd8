/**
 * Smarty 2.6.28's escape modifier (libs/plugins/modifier.escape.php) with the
 * PHP 8.2 functions it calls. The default charset is Smarty 2's ISO-8859-1:
 * for `html` that is the same as UTF-8 on UTF-8 text, for `htmlall` it makes
 * PHP read each UTF-8 byte as a Latin-1 character (`é` → `&Atilde;&copy;`),
 * so templates pass 'UTF-8' for htmlall.
 */

import {
  ENT_QUOTES,
  htmlentities,
  htmlspecialchars,
  htmlspecialcharsSingleByte,
  mapSubject,
  phpCall,
  strArg,
  toBytes,
  toStr,
  urlencodeBytes,
  type Value,
} from '@sumi/php';
import { definePlugin, type ModifierDef, type RenderContext } from '@sumi/runtime';
import { strtrPairs } from './text-algorithms';

const hex2 = (b: number) => b.toString(16).padStart(2, '0');

const JS_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['\\', '\\\\'],
  ["'", "\\'"],
  ['"', '\\"'],
  ['\r', '\\r'],
  ['\n', '\\n'],
  ['</', '<\\/'],
];

function escapeOne(ctx: RenderContext, value: Value, type: string, charset: string): Value {
  const warn = (m: string) => ctx.warn(m);
  switch (type) {
    case 'html':
      return htmlspecialchars(strArg('htmlspecialchars', value), ENT_QUOTES, charset, true, warn);
    case 'htmlall':
      return htmlentities(strArg('htmlentities', value), ENT_QUOTES, charset, true, warn);
    case 'url':
      return urlencodeBytes(strArg('rawurlencode', value), true);
    case 'urlpathinfo':
      return urlencodeBytes(strArg('rawurlencode', value), true).replaceAll('%2F', '/');
    case 'quotes':
      // preg_replace("%(?<!\\\\)'%", "\\'", $string): quotes not already escaped
      return mapSubject(ctx, value, (s) => s.replace(/(?<!\\)'/g, "\\'"));
    case 'hex': {
      let out = '';
      for (const b of toBytes(strArg('strlen', value))) out += `%${hex2(b)}`;
      return out;
    }
    case 'hexentity': {
      let out = '';
      for (const b of toBytes(strArg('strlen', value))) out += `&#x${hex2(b)};`;
      return out;
    }
    case 'decentity': {
      let out = '';
      for (const b of toBytes(strArg('strlen', value))) out += `&#${b};`;
      return out;
    }
    case 'javascript':
      return strtrPairs(strArg('strtr', value), JS_PAIRS);
    case 'mail':
      return mapSubject(ctx, value, (s) => s.replaceAll('@', ' [AT] ').replaceAll('.', ' [DOT] '));
    case 'nonstd': {
      const s = strArg('strlen', value);
      let out = '';
      const bytes = toBytes(s);
      // bytes >= 126 become &#N; the rest are copied (ASCII, so one char each)
      for (const b of bytes) out += b >= 126 ? `&#${b};` : String.fromCharCode(b);
      return out;
    }
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
    'an array value (with `@`) where PHP wants a string is a TypeError: logged, the modifier gives null',
    'an unsupported charset is logged as a warning and UTF-8 is used',
  ],
  result: 'the escaped string',
  examples: [
    { template: '{$s|escape}', data: { s: '<a href="x">' }, output: '&lt;a href=&quot;x&quot;&gt;' },
    { template: "{$s|escape:'htmlall':'UTF-8'}", data: { s: 'café' }, output: 'caf&eacute;' },
    { template: "{$s|escape:'url'}", data: { s: 'a b/c' }, output: 'a%20b%2Fc' },
    { template: "{$s|escape:'javascript'}", data: { s: "It's </b>" }, output: "It\\'s <\\/b>" },
  ],
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
  const type = escType === undefined ? 'html' : toStr(escType);
  const charset = charSet === undefined ? 'ISO-8859-1' : toStr(charSet);
  return phpCall(ctx, () => escapeOne(ctx, value, type, charset));
}
