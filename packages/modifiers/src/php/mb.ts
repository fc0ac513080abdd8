/**
 * Allowlisted mbstring functions: character-based (not byte-based) lengths, positions and
 * substrings, display widths (East Asian full-width = 2), encoding conversion and kana conversion.
 * The internal encoding is UTF-8, as in the CMS; the optional `encoding` argument is honoured.
 */

import {
  fromBinary,
  fromCodePoints,
  hasEscapedByte,
  hasLoneSurrogate,
  haystackOffset,
  INT64_MIN,
  PhpArray,
  PhpError,
  substrRange,
  toBinary,
  utf8SequenceLength,
  type Value,
  valueError,
} from '@sumi/php';
import type { ModifierDef } from '@sumi/runtime';
import { eastAsianWidth } from 'get-east-asian-width';
import { isIntArg, isOptionalIntArg, phpModifier } from './define';
import { convertKana, kanaModeFlags } from './kana';
import {
  BAD_INPUT,
  type Charset,
  charsetOf,
  decodeChars,
  decodeUtf8Marked,
  encodeChars,
  isValidIn,
} from './mb-encodings';

/**
 * The charset of an `encoding` argument (null: UTF-8), or PHP's ValueError. PHP's message ends with
 * `, "NAME" given`; Sumi leaves the name out: a message never echoes an argument's value, since a
 * misplaced constant (`|mb_strlen:$smarty.const.SITE_KEY`) may be a secret.
 */
function charsetArg(fname: string, n: number, enc: string | null | undefined): Charset {
  if (enc === null || enc === undefined) return 'UTF-8';
  const cs = charsetOf(enc);
  if (cs === null) valueError(fname, n, 'encoding', 'must be a valid encoding');
  return cs;
}

/** Characters back to a string in `cs`; UTF-8 keeps invalid bytes as they came (encodeChars would make them `?`). */
function charsIn(chars: readonly number[], cs: Charset): string {
  return cs === 'UTF-8' ? fromCodePoints(chars) : encodeChars(chars, cs);
}

/*
 * UTF-8 text (the default) is measured and cut in place: mbstring's characters are the code points,
 * a surrogate pair one character. Decoding into a list of code points would take a JS number per
 * character.
 *
 * Where the bytes are not UTF-8 (escaped bytes, see @sumi/php), PHP 8.2's functions disagree about
 * what a character is, and each is followed:
 * - mb_strlen and mb_substr step through the bytes by each character's first byte (libmbfl's mblen
 *   table: C2..DF start 2 bytes, E0..EF 3, F0..F4 4, any other 1), whatever the bytes after it are:
 *   `"x\xE3yz"` is 2 characters, `x` and E3 y z (the *ByLead functions);
 * - mb_strpos searches bytes and counts the bytes before the match that are not continuation
 *   bytes (bytePosition);
 * - mb_stripos, mb_strwidth and mb_strimwidth decode, with one mark per ill-formed part, of width 1,
 *   written back as `?` (decodeUtf8Marked).
 * The checks for such bytes sit where they cost nothing on UTF-8 text, or are one regex test.
 */

/** how many bytes mbstring's character starting with byte `b` has (the mblen table): a byte no UTF-8 character starts with is one */
function mblen(b: number): number {
  return utf8SequenceLength(b) || 1;
}

/**
 * Escaped bytes (units U+DC80..U+DCFF, see @sumi/php) a walk over UTF-8 text stops at (see
 * charsIn16): those that start a character of 2 to 4 bytes (mb_strlen, mb_substr), any (mb_strpos),
 * or none.
 */
type Stop = readonly [first: number, last: number];
const ESCAPED_LEADS: Stop = [0xdcc2, 0xdcf4];
const ESCAPED_BYTES: Stop = [0xdc80, 0xdcff];
const NO_STOP: Stop = [1, 0];

/** the byte where the character `k` characters after byte `at` of `bin` (one char per byte) starts */
function byteAfter(bin: string, k: number, at = 0): number {
  let i = at;
  for (; k > 0 && i < bin.length; k--) i += mblen(bin.charCodeAt(i));
  return Math.min(i, bin.length);
}

function strlenByLead(s: string): number {
  const n = charsIn16(s, 0, s.length, ESCAPED_LEADS);
  if (n >= 0) return n;
  const bin = toBinary(s);
  let chars = 0;
  for (let i = 0; i < bin.length; i += mblen(bin.charCodeAt(i))) chars++;
  return chars;
}

function substrByLead(s: string, start: number, length: number | null | undefined): string {
  const bin = toBinary(s);
  let from = start;
  let count = length;
  if (start < 0 || (length !== null && length !== undefined && length < 0)) {
    const [a, b] = substrRange(strlenByLead(s), start, length);
    from = a;
    count = b - a;
  }
  const at = byteAfter(bin, from);
  return fromBinary(
    bin.slice(at, count === null || count === undefined ? bin.length : byteAfter(bin, count, at)),
  );
}

function isPairAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff) return false;
  const d = s.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff;
}

/** characters in the units [from, to), or -1 when a unit of `stop` comes first */
function charsIn16(s: string, from = 0, to = s.length, stop = NO_STOP): number {
  let n = 0;
  for (let i = from; i < to; n++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) i++;
    else if (c >= stop[0] && c <= stop[1]) return -1;
    else i += isPairAt(s, i) ? 2 : 1;
  }
  return n;
}

/**
 * The unit where the character `k` characters after unit `at` starts (the end when there are
 * fewer), or -1 when a unit of `stop` comes first.
 */
function unitAfter(s: string, k: number, at = 0, stop = NO_STOP): number {
  let i = at;
  for (; k > 0 && i < s.length; k--) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) i++;
    else if (c >= stop[0] && c <= stop[1]) return -1;
    else i += isPairAt(s, i) ? 2 : 1;
  }
  return Math.min(i, s.length);
}

function widthOf16(s: string): number {
  let w = 0;
  for (let i = 0; i < s.length; ) {
    const pair = isPairAt(s, i);
    w += charWidth(pair ? s.codePointAt(i)! : s.charCodeAt(i));
    i += pair ? 2 : 1;
  }
  return w;
}

/** mb_strpos on UTF-8 text: a match must start and end on character boundaries */
function position16(hay: string, needle: string, from: number): number | false {
  const start = unitAfter(hay, from);
  for (let j = hay.indexOf(needle, start); j >= 0; j = hay.indexOf(needle, j + 1)) {
    const end = j + needle.length;
    if (!isPairAt(hay, j - 1) && !isPairAt(hay, end - 1)) return from + charsIn16(hay, start, j);
  }
  return false;
}

/**
 * mb_strpos on UTF-8 text holding bytes that are not UTF-8, as PHP 8.2 finds it: the needle's bytes
 * are searched for among the haystack's, and the position is the number of bytes before the match
 * that are not continuation bytes (0x80..0xBF): `"x\xE3yz"` has its `z` at 3; in `"\xE3\x81あ"`,
 * `あ` is at 1. The search starts where a positive offset reaches by the mblen table (see mblen),
 * or, for a negative one, that many such bytes back from the end.
 */
function bytePosition(fname: string, hay: string, needle: string, offset: number): number | false {
  const h = toBinary(hay);
  let at: number;
  if (offset >= 0) at = byteAfter(h, haystackOffset(fname, offset, strlenByLead(hay)));
  else {
    // PHP's ValueError when the walk back runs out of characters
    haystackOffset(fname, offset, leadBytes(h, h.length));
    at = h.length;
    for (let k = -offset; k > 0; ) if ((h.charCodeAt(--at) & 0xc0) !== 0x80) k--;
  }
  const j = h.indexOf(toBinary(needle), at);
  return j < 0 ? false : leadBytes(h, j);
}

/** the bytes of `bin` (one char per byte) before `end` that are not continuation bytes */
function leadBytes(bin: string, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i++) if ((bin.charCodeAt(i) & 0xc0) !== 0x80) n++;
  return n;
}

/** a decoder's mark as the `?` PHP writes for it */
function markAsText(c: number): number {
  return c === BAD_INPUT ? 0x3f : c;
}

/** strimwidth (below) on UTF-8 text, by slicing */
function strimwidth16(s: string, from: number, width: number, marker: string): string {
  const mkwidth = widthOf16(marker);
  const start = unitAfter(s, from);
  let budget = width - mkwidth;
  let used = 0;
  let cut = -1;
  for (let i = start; i < s.length; ) {
    const pair = isPairAt(s, i);
    used += charWidth(pair ? s.codePointAt(i)! : s.charCodeAt(i));
    if (cut < 0 && used > budget) {
      cut = i;
      if (mkwidth === 0) return s.slice(start, i);
      budget = width;
    }
    if (cut >= 0 && used > budget) return s.slice(start, cut) + marker;
    i += pair ? 2 : 1;
  }
  return s.slice(start);
}

/** mbstring's character width: 2 for East Asian Wide and Fullwidth characters, else 1. */
export function charWidth(cp: number): number {
  if ((cp >= 0xdc80 && cp <= 0xdcff) || cp === BAD_INPUT) return 1;
  return eastAsianWidth(cp);
}

export function stringWidth(cps: readonly number[]): number {
  let w = 0;
  for (const c of cps) w += charWidth(c);
  return w;
}

/** Simple case folding of one code point (mb_stripos compares folded characters). */
function fold(cp: number): number {
  if (cp < 0x80) return cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp;
  if (cp >= 0xd800 && cp <= 0xdfff) return cp;
  const lower = String.fromCodePoint(cp).toLowerCase();
  const l = lower.codePointAt(0)!;
  return lower.length === String.fromCodePoint(l).length ? l : cp;
}

function indexOfChars(hay: readonly number[], needle: readonly number[], from: number): number {
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function mbPosition(
  fname: string,
  hay: string,
  needle: string,
  offset: number,
  enc: string | null | undefined,
  caseless: boolean,
): Value {
  const cs = charsetArg(fname, 4, enc);
  // PHP 8.2's case-insensitive search gives false for an empty haystack before it looks at the offset
  if (caseless && hay === '') return false;
  if (cs === 'UTF-8' && !caseless) {
    // the haystack's characters are counted for the offset's check anyway: that walk finds escaped bytes
    const n = hasEscapedByte(needle) ? -1 : charsIn16(hay, 0, hay.length, ESCAPED_BYTES);
    if (n < 0) return bytePosition(fname, hay, needle, offset);
    return position16(hay, needle, haystackOffset(fname, offset, n));
  }
  // bytes that are not UTF-8 (in either), for the case-insensitive search
  const broken = cs === 'UTF-8' && (hasEscapedByte(hay) || hasEscapedByte(needle));
  // PHP folds the case of both through its decoder, which writes each ill-formed part as `?`
  let h = broken ? decodeUtf8Marked(hay).map(markAsText) : decodeChars(hay, cs);
  let n = broken ? decodeUtf8Marked(needle).map(markAsText) : decodeChars(needle, cs);
  const from = haystackOffset(fname, offset, h.length);
  if (caseless) {
    h = h.map(fold);
    n = n.map(fold);
  }
  const i = indexOfChars(h, n, from);
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
    description: 'character offset to start at (negative: from the end)',
  },
  { name: 'encoding', type: '?string', optional: true, description: 'character encoding (UTF-8)' },
] as const;

export const mbStrpos: ModifierDef = phpModifier({
  name: 'mb_strpos',
  description: 'PHP `mb_strpos()`: the character offset of the first occurrence of needle, or false.',
  params: positionParams,
  result: 'an int character offset, or false',
  errors: ['an offset outside the string, or an unknown encoding: ValueError, logged; the result is null'],
  examples: [{ template: "{$j|mb_strpos:'語'}", data: { j: '日本語x' }, output: '2' }],
  run: (_ctx, h, n, offset = 0, enc) => mbPosition('mb_strpos', h, n, offset, enc, false),
});

export const mbStripos: ModifierDef = phpModifier({
  name: 'mb_stripos',
  description: 'PHP `mb_stripos()`: `mb_strpos` ignoring case (Unicode case folding: `Ä` matches `ä`).',
  params: positionParams,
  result: 'an int character offset, or false',
  errors: ['an offset outside the string, or an unknown encoding: ValueError, logged; the result is null'],
  examples: [
    { template: "{$j|mb_stripos:'X'} {'ÄBC'|mb_stripos:'b'}", data: { j: '日本語x' }, output: '3 1' },
  ],
  run: (_ctx, h, n, offset = 0, enc) => mbPosition('mb_stripos', h, n, offset, enc, true),
});

export const mbStrlen: ModifierDef = phpModifier({
  name: 'mb_strlen',
  description:
    'PHP `mb_strlen()`: the number of characters (a Japanese character counts 1; compare `strlen`).',
  params: [
    { name: 'string', type: 'string' },
    { name: 'encoding', type: '?string', optional: true, description: 'character encoding (UTF-8)' },
  ],
  result: 'an int',
  errors: ['an unknown encoding: ValueError, logged; the result is null'],
  examples: [{ template: '{$s|mb_strlen} {$s|strlen}', data: { s: 'héllo日本' }, output: '7 12' }],
  run: (_ctx, s, enc) => {
    const cs = charsetArg('mb_strlen', 2, enc);
    return cs === 'UTF-8' ? strlenByLead(s) : decodeChars(s, cs).length;
  },
});

export const mbSubstr: ModifierDef = phpModifier({
  name: 'mb_substr',
  description:
    'PHP `mb_substr($string, $start, $length)`: by characters. Negative start/length count from the end; a ' +
    'start past the end gives "".',
  params: [
    { name: 'string', type: 'string' },
    { name: 'start', type: 'int64', description: 'first character (negative: from the end)' },
    {
      name: 'length',
      type: '?int64',
      optional: true,
      description: 'number of characters (negative: stop that many before the end)',
    },
    { name: 'encoding', type: '?string', optional: true, description: 'character encoding (UTF-8)' },
  ],
  result: 'the substring',
  errors: [
    'a start or length of PHP_INT_MIN: ValueError, logged; the result is null',
    'an unknown encoding: ValueError, logged; the result is null',
  ],
  examples: [
    { template: '{$s|mb_substr:1:2} {$s|mb_substr:-1}', data: { s: '日本語です' }, output: '本語 す' },
  ],
  onStringWith: (args) => {
    const [start, length] = args;
    // the default encoding (UTF-8) only
    return args.length <= 2 && isIntArg(start) && isOptionalIntArg(length)
      ? (s) => substr16(s, start, length)
      : null;
  },
  run: (_ctx, s, startIn, lengthIn, enc) => {
    // PHP negates them (PHP_INT_MIN has no positive), before it looks at the encoding
    if (startIn === INT64_MIN) valueError('mb_substr', 2, 'start', INT_RANGE);
    if (lengthIn === INT64_MIN) valueError('mb_substr', 3, 'length', INT_RANGE);
    // past 2^53 an offset is past any string's end: its exact value no longer matters
    const start = Number(startIn);
    const length = lengthIn === null || lengthIn === undefined ? lengthIn : Number(lengthIn);
    const cs = charsetArg('mb_substr', 4, enc);
    if (cs === 'UTF-8') return substr16(s, start, length);
    const chars = decodeChars(s, cs);
    const part = chars.slice(...substrRange(chars.length, start, length));
    return charsIn(part, cs);
  },
});

const INT_RANGE = 'must be between -9223372036854775807 and 9223372036854775807';

/** mb_substr on UTF-8 text */
function substr16(s: string, start: number, length: number | null | undefined): string {
  if (start >= 0 && (length === null || length === undefined || length >= 0)) {
    // counted from the start: the string's length in characters is not needed
    const at = unitAfter(s, start, 0, ESCAPED_LEADS);
    if (at < 0) return substrByLead(s, start, length);
    if (length === null || length === undefined) return s.slice(at);
    const end = unitAfter(s, length, at, ESCAPED_LEADS);
    return end < 0 ? substrByLead(s, start, length) : s.slice(at, end);
  }
  const n = charsIn16(s, 0, s.length, ESCAPED_LEADS);
  if (n < 0) return substrByLead(s, start, length);
  const [from, to] = substrRange(n, start, length);
  const at = unitAfter(s, from);
  return s.slice(at, unitAfter(s, to - from, at));
}

export const mbStrwidth: ModifierDef = phpModifier({
  name: 'mb_strwidth',
  description:
    'PHP `mb_strwidth()`: the display width, counting East Asian Wide and Fullwidth characters (kanji, ' +
    'kana, full-width forms) as 2 and every other character as 1.',
  params: [
    { name: 'string', type: 'string' },
    { name: 'encoding', type: '?string', optional: true, description: 'character encoding (UTF-8)' },
  ],
  result: 'an int',
  errors: ['an unknown encoding: ValueError, logged; the result is null'],
  examples: [{ template: '{$s|mb_strwidth}', data: { s: 'あいabc' }, output: '7' }],
  run: (_ctx, s, enc) => {
    const cs = charsetArg('mb_strwidth', 2, enc);
    if (cs !== 'UTF-8') return stringWidth(decodeChars(s, cs));
    return hasEscapedByte(s) ? stringWidth(decodeUtf8Marked(s)) : widthOf16(s);
  },
});

/**
 * libmbfl's mbfl_strimwidth: the chars from `from` that fit in `width` columns, the marker (of
 * `markerWidth` columns) included when the string is cut; `marked` says whether the marker follows.
 */
export function strimwidth(
  chars: readonly number[],
  from: number,
  width: number,
  markerWidth: number,
): { kept: number[]; marked: boolean } {
  const kept: number[] = [];
  let budget = width - markerWidth;
  let used = 0;
  let cut = -1;
  for (let i = from; i < chars.length; i++) {
    used += charWidth(chars[i]);
    if (cut < 0 && used > budget) {
      // the first character that does not fit before the marker: the rest may still fit without it
      cut = kept.length;
      if (markerWidth === 0) return { kept, marked: false };
      budget = width;
    }
    if (cut >= 0 && used > budget) return { kept: kept.slice(0, cut), marked: true };
    kept.push(chars[i]);
  }
  return { kept, marked: false };
}

export const mbStrimwidth: ModifierDef = phpModifier({
  name: 'mb_strimwidth',
  description:
    'PHP `mb_strimwidth($string, $start, $width, $trim_marker)`: cuts the string to at most `width` columns ' +
    '(full-width characters count 2), the trim marker included; a string that fits is returned whole.',
  params: [
    { name: 'string', type: 'string' },
    { name: 'start', type: 'int', description: 'first character (negative: from the end)' },
    { name: 'width', type: 'int', description: 'maximum display width' },
    {
      name: 'trim_marker',
      type: 'string',
      optional: true,
      default: '',
      description: 'appended when the string is cut',
    },
    { name: 'encoding', type: '?string', optional: true, description: 'character encoding (UTF-8)' },
  ],
  result: 'the trimmed string',
  errors: ['a start or width out of range, or an unknown encoding: ValueError, logged; the result is null'],
  examples: [
    { template: "{$s|mb_strimwidth:0:7:'…'}", data: { s: 'あいうえおかきくけこ' }, output: 'あいう…' },
    { template: "{$s|mb_strimwidth:0:10:'...'}", data: { s: 'Hello World' }, output: 'Hello W...' },
  ],
  run: (_ctx, s, start, width, marker = '', enc) => {
    const cs = charsetArg('mb_strimwidth', 5, enc);
    // UTF-8 with bytes that are not UTF-8, in the text or the marker: PHP's decoder's characters
    const marked = cs === 'UTF-8' && (hasEscapedByte(s) || hasEscapedByte(marker));
    const chars = cs !== 'UTF-8' ? decodeChars(s, cs) : marked ? decodeUtf8Marked(s) : null;
    // PHP 8.2 (the reference, 8.2.36): a negative start counts back from the end in characters as
    // mb_strlen counts them, and a start past them is out of range; a negative width leaves that
    // many columns unused at the end, the columns before the start not counted
    const len = cs === 'UTF-8' ? strlenByLead(s) : chars!.length;
    const from = start < 0 ? start + len : start;
    if (from < 0 || from > len) valueError('mb_strimwidth', 2, 'start', 'is out of range');
    let w = width;
    if (w < 0) {
      const all = chars === null ? widthOf16(s) : stringWidth(chars);
      const before =
        chars === null ? widthOf16(s.slice(0, unitAfter(s, from))) : stringWidth(chars.slice(0, from));
      w = all + w - before;
    }
    if (w < 0) valueError('mb_strimwidth', 3, 'width', 'is out of range');
    if (chars === null) return strimwidth16(s, from, w, marker);
    const mk = marked ? decodeUtf8Marked(marker) : decodeChars(marker, cs);
    const cut = strimwidth(chars, from, w, stringWidth(mk));
    // a mark of the text is written as `?`, as PHP writes its decoder's marks; the marker's own
    // bytes are appended as they are
    if (marked) return encodeChars(cut.kept, cs) + (cut.marked ? marker : '');
    return charsIn(cut.marked ? [...cut.kept, ...mk] : cut.kept, cs);
  },
});

export const mbConvertKana: ModifierDef = phpModifier({
  name: 'mb_convert_kana',
  description:
    'PHP `mb_convert_kana($string, $mode)`. Mode letters: r/R alphabet, n/N digits, a/A ASCII (except `"` ' +
    "`'` `\\`), s/S space (lower case: full-width → half-width, upper case: the reverse); k/K katakana and h/H " +
    'hiragana (lower: full-width → half-width katakana, upper: half-width katakana → full-width); V joins a ' +
    'half-width kana with its sound mark (ｶﾞ → ガ); C hiragana → katakana, c katakana → hiragana; M turns ' +
    '`"` `\'` `\\` `~` `¥` into ” ’ ￥ ￣ ￥, m turns ‘ ’ “ ” ＼ ￥ ￣ into ASCII. Default mode "KV".',
  params: [
    { name: 'string', type: 'string' },
    { name: 'mode', type: 'string', optional: true, default: 'KV', description: 'conversion letters' },
    { name: 'encoding', type: '?string', optional: true, description: 'character encoding (UTF-8)' },
  ],
  result: 'the converted string',
  errors: [
    'a letter not listed above, contradicting letters (A with a, K with H, ...) or an unknown encoding: ValueError, logged; null',
  ],
  examples: [
    { template: "{$k|mb_convert_kana:'KVas'}", data: { k: 'ｶﾞｷﾞ　ＡＢＣ１２３' }, output: 'ガギ ABC123' },
    { template: "{'ｱｲｳ'|mb_convert_kana}", output: 'アイウ' },
    { template: "{'ひらがな'|mb_convert_kana:'C'}", output: 'ヒラガナ' },
  ],
  run: (_ctx, s, mode = 'KV', enc) => {
    const cs = charsetArg('mb_convert_kana', 3, enc);
    const flags = kanaModeFlags(mode);
    if (typeof flags === 'string') throw new PhpError('ValueError', flags);
    // bytes that are not UTF-8 come out as PHP's decoder marks them: one `?` per ill-formed part
    if (cs === 'UTF-8' && hasEscapedByte(s)) return encodeChars(convertKana(decodeUtf8Marked(s), flags), cs);
    return charsIn(convertKana(decodeChars(s, cs), flags), cs);
  },
});

/** The encodings `auto` stands for (mbstring.language = Japanese). */
const AUTO = ['ASCII', 'JIS', 'UTF-8', 'EUC-JP', 'SJIS'];

function convertString(s: string, to: Charset, from: Charset[]): string | false {
  let src = from[0];
  if (from.length > 1) {
    const found = from.find((cs) => isValidIn(s, cs));
    if (found === undefined) return false;
    src = found;
  }
  // well-formed UTF-8 to UTF-8 (the usual "make sure it is UTF-8" call) is the text itself
  if (src === 'UTF-8' && to === 'UTF-8' && !hasLoneSurrogate(s)) return s;
  // invalid UTF-8 is one mark per ill-formed part, which the target writes as '?' (or &#4294967295;)
  return encodeChars(src === 'UTF-8' ? decodeUtf8Marked(s) : decodeChars(s, src), to);
}

export const mbConvertEncoding: ModifierDef = phpModifier({
  name: 'mb_convert_encoding',
  description:
    'PHP `mb_convert_encoding($string, $to_encoding, $from_encoding)`: converts between UTF-8, SJIS (CP932), ' +
    'EUC-JP, JIS (ISO-2022-JP), ASCII, ISO-8859-1, UTF-16 and HTML-ENTITIES (`&eacute;`, `&#233;`). `from_encoding` may list candidates ' +
    '(`"SJIS,UTF-8"` or `auto`): the first one the bytes are valid in is used. Characters the target cannot ' +
    'hold become `?`. Arrays are converted element by element (with `@`). The result holds bytes of the ' +
    'target encoding: `strlen` counts them; printing them shows them as the CMS would send them.',
  params: [
    { name: 'string', type: 'array|string' },
    { name: 'to_encoding', type: 'string', description: 'target encoding' },
    {
      name: 'from_encoding',
      type: 'mixed',
      optional: true,
      description: 'source encoding(s), default UTF-8',
    },
  ],
  result: 'the converted string (or array); false when no candidate encoding fits',
  errors: ['an unknown encoding name: ValueError, logged; the result is null'],
  examples: [{ template: "{$s|mb_convert_encoding:'SJIS'|strlen}", data: { s: 'あいうえお' }, output: '10' }],
  run: (ctx, input, toName, fromArg) => {
    const to = charsetOf(toName);
    if (to === null)
      // PHP adds `, "NAME" given`: left out, see charsetArg
      valueError('mb_convert_encoding', 2, 'to_encoding', 'must be a valid encoding');
    let names: string[];
    if (fromArg === undefined || fromArg === null) names = ['UTF-8'];
    else if (fromArg instanceof PhpArray) names = fromArg.values().map((v) => String(v));
    else names = String(fromArg).split(',');
    const from: Charset[] = [];
    for (const raw of names) {
      const name = raw.trim();
      if (name.toLowerCase() === 'auto') {
        for (const a of AUTO) from.push(charsetOf(a)!);
        continue;
      }
      const cs = charsetOf(name);
      if (cs === null) {
        valueError('mb_convert_encoding', 3, 'from_encoding', 'contains an invalid encoding');
      }
      from.push(cs);
    }
    if (from.length === 0)
      valueError('mb_convert_encoding', 3, 'from_encoding', 'must specify at least one encoding');
    const convert = (v: Value): Value => {
      if (v instanceof PhpArray) {
        const out = new PhpArray();
        v.forEach((el, k) => {
          const key = typeof k === 'string' ? convertString(k, to, from) : k;
          out.set(key === false ? k : key, convert(el));
        });
        return out;
      }
      if (typeof v !== 'string') return v;
      const r = convertString(v, to, from);
      if (r === false) ctx.warn('mb_convert_encoding(): Unable to detect character encoding');
      return r;
    };
    return convert(input);
  },
});

export const mbFunctions: readonly ModifierDef[] = [
  mbConvertEncoding,
  mbConvertKana,
  mbStrimwidth,
  mbStripos,
  mbStrlen,
  mbStrpos,
  mbStrwidth,
  mbSubstr,
];
