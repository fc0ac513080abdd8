/**
 * Allowlisted PHP string functions (byte-based, as PHP's are): explode, implode, str_pad, strpos,
 * stripos, strstr, strlen, strtolower, strtoupper, substr, trim. Offsets and lengths count bytes of
 * the UTF-8 text; case mapping is ASCII-only (PHP 8.2 made it locale-independent).
 * nl2br, strip_tags and string_format are Smarty's own modifiers (see ../smarty), which take
 * precedence over the PHP functions of the same name in Smarty 2.
 */

import {
  allowString,
  asciiLower,
  asciiUpper,
  byteCount,
  countOf,
  fromBinary,
  hasLoneSurrogate,
  haystackOffset,
  PhpArray,
  PhpObject,
  phpIntConstant,
  splitString,
  substrText,
  toBinary,
  toStr,
  typeError,
  type Value,
  valueError,
} from '@sumi/php';
import type { ModifierDef, RenderContext } from '@sumi/runtime';
import { isIntArg, isOptionalIntArg, phpModifier } from './define';

export const explode: ModifierDef = phpModifier({
  name: 'explode',
  description:
    'PHP `explode($separator, $string, $limit)`: the value is the separator, the first argument the string. ' +
    'A positive limit keeps at most that many parts (the last holds the rest); a negative one drops that many ' +
    'from the end; 0 counts as 1.',
  params: [
    { name: 'separator', type: 'string' },
    { name: 'string', type: 'string', description: 'the string to split' },
    { name: 'limit', type: 'int', optional: true, description: 'maximum number of parts (PHP_INT_MAX)' },
  ],
  result: 'a list of strings',
  errors: ['an empty separator: ValueError, logged; the result is null'],
  examples: [
    {
      template: "{foreach from=','|explode:$s item=p}<{$p}>{/foreach}",
      data: { s: 'x,y' },
      output: '<x><y>',
    },
    { template: "{','|explode:'a,b,c':2|@json_encode}", output: '["a","b,c"]' },
  ],
  run: (_ctx, sep, s, limit = Number.MAX_SAFE_INTEGER) => {
    if (sep === '') valueError('explode', 1, 'separator', 'cannot be empty');
    if (s === '') return PhpArray.fromList(limit < 0 ? [] : ['']);
    // never more pieces than the result keeps (and never past the array cap): JS's split of the
    // whole string would build every piece first
    if (limit < 0) return PhpArray.fromList(splitString(s, sep, Math.max(0, countOf(s, sep) + 1 + limit)));
    const max = Math.max(1, limit);
    const parts = splitString(s, sep, max);
    if (parts.length === max) {
      // the last piece holds the rest of the string
      let at = (max - 1) * sep.length;
      for (let i = 0; i < max - 1; i++) at += parts[i].length;
      parts[max - 1] = s.slice(at);
    }
    return PhpArray.adoptList(parts);
  },
});

export const implode: ModifierDef = phpModifier({
  name: 'implode',
  description:
    'PHP 8 `implode($separator, $array)`: `{","|implode:$list}`; or `implode($array)` with no separator ' +
    '(`{$list|@implode}`). The legacy order `implode($array, $separator)` is a TypeError in PHP 8, so ' +
    '`{$list|@implode:","}` gives null. Elements print as echo prints them (arrays as `Array`).',
  params: [
    { name: 'separator', type: 'array|string' },
    {
      name: 'array',
      type: '?array',
      optional: true,
      description: 'the pieces (when the value is the separator)',
    },
  ],
  result: 'the joined string',
  errors: [
    'a string separator without an array: TypeError "Argument #1 ($pieces) must be of type array"',
    'the array first and a string second: TypeError "Argument #2 ($array) must be of type ?array"',
  ],
  examples: [
    { template: '{" - "|implode:$a}', data: { a: ['x', 'y', 'z'] }, output: 'x - y - z' },
    { template: '{$a|@implode}', data: { a: [1, 2] }, output: '12' },
  ],
  run: (ctx, sep, pieces) => {
    let glue: string;
    let list: PhpArray;
    if (pieces === null || pieces === undefined) {
      if (!(sep instanceof PhpArray)) {
        typeError('implode', 1, 'pieces', 'array', sep);
      }
      glue = '';
      list = sep;
    } else {
      if (sep instanceof PhpArray) {
        typeError('implode', 1, 'separator', 'string', sep);
      }
      glue = sep;
      list = pieces;
    }
    // read in place (only strings are read: no copy needed), joined as it goes within the cap
    const n = list.size;
    let out = '';
    for (let i = 0; i < n; i++) {
      const v = list.peekAt(i);
      // only an array or an object can warn (or fail) when printed: the rest needs no callback
      const piece =
        typeof v === 'string'
          ? v
          : v instanceof PhpArray || v instanceof PhpObject
            ? echoed(ctx, v)
            : toStr(v);
      out = i === 0 ? piece : out + glue + piece;
      allowString(out.length);
    }
    return out;
  },
});

/** a value as echo prints it, PHP's warning logged (its own function: a closure in the caller would cost every call) */
function echoed(ctx: RenderContext, v: Value): string {
  return toStr(v, (m) => ctx.warn(m));
}

const STR_PAD_LEFT = phpIntConstant('STR_PAD_LEFT');
const STR_PAD_RIGHT = phpIntConstant('STR_PAD_RIGHT');
const STR_PAD_BOTH = phpIntConstant('STR_PAD_BOTH');

export const strPad: ModifierDef = phpModifier({
  name: 'str_pad',
  description:
    'PHP `str_pad($string, $length, $pad_string, $pad_type)`: pads to `length` bytes with `pad_string` ' +
    '(repeated, cut to fit). pad_type: 1 STR_PAD_RIGHT (default), 0 STR_PAD_LEFT, 2 STR_PAD_BOTH (left gets ' +
    'the smaller half).',
  params: [
    { name: 'string', type: 'string' },
    { name: 'length', type: 'int', description: 'target length in bytes' },
    { name: 'pad_string', type: 'string', optional: true, default: ' ', description: 'the padding' },
    { name: 'pad_type', type: 'int', optional: true, default: 1, description: '0 left, 1 right, 2 both' },
  ],
  result: 'the padded string (unchanged when already long enough)',
  errors: ['an empty pad_string or an unknown pad_type: ValueError, logged; the result is null'],
  examples: [
    { template: "[{$n|str_pad:5:'0':0}]", data: { n: 42 }, output: '[00042]' },
    { template: "[{'ab'|str_pad:5:'-':2}]", output: '[-ab--]' },
  ],
  run: (_ctx, s, length, pad = ' ', type = STR_PAD_RIGHT) => {
    const bytes = toBinary(s);
    if (length < 0 || length <= bytes.length) return s;
    if (pad === '') valueError('str_pad', 3, 'pad_string', 'must be a non-empty string');
    if (type !== STR_PAD_LEFT && type !== STR_PAD_RIGHT && type !== STR_PAD_BOTH) {
      valueError('str_pad', 4, 'pad_type', 'must be STR_PAD_LEFT, STR_PAD_RIGHT, or STR_PAD_BOTH');
    }
    const padBytes = toBinary(pad);
    const total = length - bytes.length;
    const left = type === STR_PAD_LEFT ? total : type === STR_PAD_BOTH ? Math.floor(total / 2) : 0;
    const right = total - left;
    // the characters the padding can come to, at most (a cut multibyte pad leaves up to 3 bytes, one
    // character each): checked before the padding is built
    const padUnits = (n: number) =>
      Math.min(
        n,
        Math.floor(n / padBytes.length) * pad.length + (n % padBytes.length === 0 ? 0 : pad.length + 2),
      );
    allowString(s.length + padUnits(left) + padUnits(right));
    const fill = (n: number) => padBytes.repeat(Math.ceil(n / padBytes.length)).slice(0, n);
    return fromBinary(fill(left) + bytes + fill(right));
  },
});

/** strpos() and stripos(): the byte offset of `needle` in `hay` from `offset`, or false. */
function bytePosition(
  fname: string,
  hay: string,
  needle: string,
  offset: number,
  fold: boolean,
): number | false {
  let h = toBinary(hay);
  let n = toBinary(needle);
  const from = haystackOffset(fname, offset, h.length);
  if (fold) {
    h = asciiLower(h);
    n = asciiLower(n);
  }
  const i = h.indexOf(n, from);
  return i < 0 ? false : i;
}

const positionParams = [
  { name: 'haystack', type: 'string' },
  { name: 'needle', type: 'string', description: 'the text to look for' },
  {
    name: 'offset',
    type: 'int',
    optional: true,
    default: 0,
    description: 'byte offset to start at (negative: from the end)',
  },
] as const;

export const strpos: ModifierDef = phpModifier({
  name: 'strpos',
  description:
    'PHP `strpos($haystack, $needle, $offset)`: the byte offset of the first occurrence, or false (prints ' +
    'nothing; compare with `!== false`).',
  params: positionParams,
  result: 'an int byte offset, or false',
  errors: ['an offset outside the string: ValueError, logged; the result is null'],
  examples: [
    { template: "{$s|strpos:'o'} [{$s|strpos:'z'}]", data: { s: 'foo boo' }, output: '1 []' },
    { template: "{'日本語'|strpos:'語'}", output: '6' },
  ],
  run: (_ctx, h, n, offset = 0) => bytePosition('strpos', h, n, offset, false),
});

export const stripos: ModifierDef = phpModifier({
  name: 'stripos',
  description: 'PHP `stripos()`: `strpos` ignoring ASCII case.',
  params: positionParams,
  result: 'an int byte offset, or false',
  errors: ['an offset outside the string: ValueError, logged; the result is null'],
  examples: [{ template: "{$s|stripos:'B'}", data: { s: 'foo boo' }, output: '4' }],
  run: (_ctx, h, n, offset = 0) => bytePosition('stripos', h, n, offset, true),
});

export const strstr: ModifierDef = phpModifier({
  name: 'strstr',
  description:
    'PHP `strstr($haystack, $needle, $before_needle)`: the part from the first occurrence of needle to the ' +
    'end (or the part before it with `true`), or false.',
  params: [
    { name: 'haystack', type: 'string' },
    { name: 'needle', type: 'string', description: 'the text to look for' },
    {
      name: 'before_needle',
      type: 'bool',
      optional: true,
      default: false,
      description: 'return the part before',
    },
  ],
  result: 'a string, or false when the needle is absent',
  examples: [
    {
      template: "[{$s|strstr:'b'}] [{$s|strstr:' ':true}] [{$s|strstr:'z'}]",
      data: { s: 'foo boo' },
      output: '[boo] [foo] []',
    },
  ],
  run: (_ctx, h, n, before = false) => {
    const hb = toBinary(h);
    const i = hb.indexOf(toBinary(n));
    if (i < 0) return false;
    return fromBinary(before ? hb.slice(0, i) : hb.slice(i));
  },
});

export const strlen: ModifierDef = phpModifier({
  name: 'strlen',
  description:
    'PHP `strlen()`: the length in bytes (a Japanese character counts 3). Use `mb_strlen` for characters.',
  params: [{ name: 'string', type: 'string' }],
  result: 'an int',
  examples: [
    { template: '{$s|strlen}', data: { s: 'テスト' }, output: '9' },
    { template: '{$words|strlen|@json_encode}', data: { words: ['a', 'abc'] }, output: '[1,3]' },
  ],
  run: (_ctx, s) => byteCount(s),
});

export const strtolower: ModifierDef = phpModifier({
  name: 'strtolower',
  description:
    'PHP 8.2 `strtolower()`: ASCII letters only (`ÀÉ` stay as they are; use Smarty `lower` alike).',
  params: [{ name: 'string', type: 'string' }],
  result: 'the string',
  examples: [{ template: '{$s|strtolower}', data: { s: 'ÀÉ ABC' }, output: 'ÀÉ abc' }],
  run: (_ctx, s) => asciiLower(s),
});

export const strtoupper: ModifierDef = phpModifier({
  name: 'strtoupper',
  description: 'PHP 8.2 `strtoupper()`: ASCII letters only (`é` stays as it is).',
  params: [{ name: 'string', type: 'string' }],
  result: 'the string',
  examples: [{ template: '{$s|strtoupper}', data: { s: 'héllo World' }, output: 'HéLLO WORLD' }],
  run: (_ctx, s) => asciiUpper(s),
});

export const substr: ModifierDef = phpModifier({
  name: 'substr',
  description:
    'PHP 8 `substr($string, $offset, $length)` on bytes: negative offset/length count from the end; an offset ' +
    'past the end gives "". Cutting inside a multibyte character leaves a broken byte sequence, as in PHP ' +
    '(use `mb_substr` for characters).',
  params: [
    { name: 'string', type: 'string' },
    { name: 'offset', type: 'int', description: 'start byte (negative: from the end)' },
    {
      name: 'length',
      type: '?int',
      optional: true,
      description: 'number of bytes (negative: stop that many before the end)',
    },
  ],
  result: 'the substring',
  examples: [
    { template: '{$s|substr:2:2} {$s|substr:-3}', data: { s: 'abcdefghij' }, output: 'cd hij' },
    { template: '{$s|md5|substr:0:6}', data: { s: 'abc' }, output: '900150' },
  ],
  onStringWith: (args) => {
    const [offset, length] = args;
    return args.length <= 2 && isIntArg(offset) && isOptionalIntArg(length)
      ? (s) => substrText(s, offset, length)
      : null;
  },
  run: (_ctx, s, offset, length) => substrText(s, offset, length),
});

/** php_charmask(): the set of bytes a trim() character list names (`a..z` ranges), with PHP's warnings. */
export function charMask(list: string, warn: (m: string) => void): Set<number> {
  const mask = new Set<number>();
  const table = maskTable(list, warn);
  for (let b = 0; b < 256; b++) if (table[b] === 1) mask.add(b);
  return mask;
}

/** charMask as a table: 1 for each byte to strip, and at [256] 1 when one of them is above ASCII. */
function maskTable(list: string, warn: (m: string) => void): Uint8Array {
  const mask = new Uint8Array(257);
  const b = toBinary(list);
  const end = b.length;
  for (let i = 0; i < end; i++) {
    const c = b.charCodeAt(i);
    if (i + 3 < end && b[i + 1] === '.' && b[i + 2] === '.' && b.charCodeAt(i + 3) >= c) {
      for (let x = c; x <= b.charCodeAt(i + 3); x++) mask[x] = 1;
      i += 3;
    } else if (i + 1 < end && b[i] === '.' && b[i + 1] === '.') {
      if (i === 0) warn("Invalid '..'-range, no character to the left of '..'");
      else if (i + 2 >= end) warn("Invalid '..'-range, no character to the right of '..'");
      else if (b.charCodeAt(i - 1) > b.charCodeAt(i + 2))
        warn("Invalid '..'-range, '..'-range needs to be incrementing");
      else warn("Invalid '..'-range");
    } else {
      mask[c] = 1;
    }
  }
  for (let x = 128; x < 256; x++) if (mask[x] === 1) mask[256] = 1;
  return mask;
}

const DEFAULT_TRIM = ' \n\r\t\v\0';

export const trim: ModifierDef = phpModifier({
  name: 'trim',
  description:
    'PHP `trim($string, $characters)`: strips the listed bytes from both ends (default: space, \\n, \\r, \\t, ' +
    '\\v, \\0). The list may hold ranges such as `a..z`. It works on bytes: a multibyte character in the ' +
    'list strips each of its bytes, as in PHP.',
  params: [
    { name: 'string', type: 'string' },
    { name: 'characters', type: 'string', optional: true, description: 'the bytes to strip' },
  ],
  result: 'the trimmed string',
  examples: [
    { template: '[{$s|trim}]', data: { s: '  ab \n' }, output: '[ab]' },
    { template: "[{'xxhixx'|trim:'x'}] [{'abc123'|trim:'a..z'}]", output: '[hi] [123]' },
  ],
  onString: (s) => trimText(s, DEFAULT_MASK),
  run: (ctx, s, chars) => trimText(s, chars === undefined ? DEFAULT_MASK : trimMask(ctx, chars)),
});

const DEFAULT_MASK = maskTable(DEFAULT_TRIM, () => {});

/** the last character list given and its table, when it had nothing to warn about */
let lastList = DEFAULT_TRIM;
let lastMask = DEFAULT_MASK;

function trimMask(ctx: RenderContext, list: string): Uint8Array {
  if (list === lastList) return lastMask;
  let warned = false;
  const mask = maskTable(list, (m) => {
    warned = true;
    ctx.warn(`trim(): ${m}`);
  });
  // a list PHP warns about warns on every call: only a clean one is remembered
  if (!warned) {
    lastList = list;
    lastMask = mask;
  }
  return mask;
}

const stripped = (mask: Uint8Array, c: number): boolean => c < 128 && mask[c] === 1;

/**
 * trim() of the bytes `s` stands for. When only ASCII bytes are stripped the string is cut where it
 * is: a character above ASCII is all bytes above ASCII, never stripped. The bytes are cut instead when
 * the mask holds such bytes, or when the string holds a lone surrogate (the bytes' decoding may write
 * those differently).
 */
function trimText(s: string, mask: Uint8Array): string {
  if (mask[256] === 0) {
    let start = 0;
    let end = s.length;
    while (start < end && stripped(mask, s.charCodeAt(start))) start++;
    while (end > start && stripped(mask, s.charCodeAt(end - 1))) end--;
    if (start === 0 && end === s.length) return s;
    // the ends cut are ASCII, so a surrogate pair stays whole and is written back the same
    if (!hasLoneSurrogate(s)) return s.slice(start, end);
  }
  const b = toBinary(s);
  let start = 0;
  let end = b.length;
  while (start < end && mask[b.charCodeAt(start)] === 1) start++;
  while (end > start && mask[b.charCodeAt(end - 1)] === 1) end--;
  return start === 0 && end === b.length ? s : fromBinary(b.slice(start, end));
}

export const stringFunctions: readonly ModifierDef[] = [
  explode,
  implode,
  strPad,
  strpos,
  stripos,
  strstr,
  strlen,
  strtolower,
  strtoupper,
  substr,
  trim,
];
