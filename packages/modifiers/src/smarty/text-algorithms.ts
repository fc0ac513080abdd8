/**
 * The string algorithms behind Smarty 2.6.28's modifier plugins, on plain JS
 * strings. Smarty runs them with byte-oriented PHP functions and PCRE without
 * the `u` flag, so:
 * - lengths and cuts are in UTF-8 bytes (see `viaBytes`);
 * - `\s` is PCRE's ASCII set (HT LF VT FF CR SP) and `\w`/`\b` are ASCII,
 *   which JS regexes without the `u` flag match exactly (every non-ASCII
 *   code unit is a non-word, non-space character in both engines).
 */
import {
  allowString,
  byteCount as byteLength,
  countMatches,
  countOf,
  fromBinary,
  fromBytes,
  isAsciiString,
  prefixLines,
  replaceMatches,
  StringBuilder,
  substrBytes,
  substrText,
  toBinary,
  toBytes,
} from '@sumi/php';

/** runs a byte-wise algorithm on the one-char-per-byte view of `s` */
function viaBytes(s: string, fn: (binary: string) => string): string {
  return fromBinary(fn(toBinary(s)));
}

/** PCRE's `\s` without UCP */
export const PCRE_SPACE = '[\\t\\n\\v\\f\\r ]';
const ANY_SPACE_G = new RegExp(PCRE_SPACE, 'g');

/**
 * strip_tags with replace_with_space: preg_replace('!<[^>]*?>!', ' ', $string), in one pass.
 * `[^>]` cannot cross a `>`, so a match runs from a `<` to the next `>`, and once no `>` follows
 * nothing further can match (PCRE2 sees that from its required `>`; a JS regex retries at every
 * later `<` and goes quadratic on a long run of unclosed `<`). `<` and `>` are ASCII, so UTF-16
 * units give the result PHP gets on bytes.
 */
export function tagsToSpaces(s: string): string {
  // built in chunks: `+=` per tag keeps one rope node per tag (millions of tags exhaust the heap)
  const out = new StringBuilder();
  let from = 0;
  for (;;) {
    const lt = s.indexOf('<', from);
    if (lt < 0) break;
    const gt = s.indexOf('>', lt + 1);
    if (gt < 0) break;
    out.add(s.slice(from, lt));
    out.add(' ');
    from = gt + 1;
  }
  if (from === 0) return s;
  out.add(s.slice(from));
  return out.toString();
}

/** ucfirst(): ASCII only, like PHP 8 */
export function ucfirst(s: string): string {
  const c = s.charCodeAt(0);
  return c >= 97 && c <= 122 ? String.fromCharCode(c - 32) + s.slice(1) : s;
}

/**
 * capitalize: preg_replace_callback('!\'?\b\w(\w|\')*\b!', ...) where a word
 * is upper-cased unless it starts with `'` or contains a digit (uc_digits
 * lifts the digit rule).
 */
export function capitalize(s: string, ucDigits: boolean): string {
  return replaceMatches(s, WORD, (m) => {
    const word = m[0];
    return (word[0] !== "'" && !/\d/.test(word)) || ucDigits ? ucfirst(word) : word;
  });
}

const WORD = /'?\b\w(?:\w|')*\b/g;

/** count_characters: strlen, or the bytes that are not PCRE whitespace */
export function countCharacters(s: string, includeSpaces: boolean): number {
  if (includeSpaces) return byteLength(s);
  // whitespace is ASCII (one byte each): counted, not removed
  return byteLength(s) - countMatches(s, ANY_SPACE_G);
}

/** count_paragraphs: count(preg_split('/[\r\n]+/', $string)) */
export function countParagraphs(s: string): number {
  // pieces = runs of line breaks + 1, counted without splitting
  return countMatches(s, LINE_BREAK_RUN) + 1;
}

const LINE_BREAK_RUN = /[\r\n]+/g;

/** count_sentences: preg_match_all('/[^\s]\.(?!\w)/', $string) */
export function countSentences(s: string): number {
  return countMatches(s, SENTENCE_END);
}

const SENTENCE_END = /[^\t\n\v\f\r ]\.(?!\w)/g;

/** count_words: pieces of preg_split('/\s+/') holding [a-zA-Z0-9\x80-\xff] */
export function countWords(s: string): number {
  // the pieces between whitespace runs, walked in place: a split would make one string per word
  let n = 0;
  let from = 0;
  const piece = (end: number) => {
    for (let i = from; i < end; i++) {
      if (isWordUnit(s.charCodeAt(i))) {
        n++;
        return;
      }
    }
  };
  SPACE_RUN_G.lastIndex = 0;
  for (let m = SPACE_RUN_G.exec(s); m !== null; m = SPACE_RUN_G.exec(s)) {
    piece(m.index);
    from = SPACE_RUN_G.lastIndex;
  }
  piece(s.length);
  return n;
}

const SPACE_RUN_G = new RegExp(`${PCRE_SPACE}+`, 'g');
/** [a-zA-Z0-9\x80-\xff] of the UTF-8 bytes: ASCII letters and digits, and every non-ASCII character */
function isWordUnit(c: number): boolean {
  return c >= 0x80 || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/**
 * indent: preg_replace('!^!m', $indent, $string). PCRE's multiline `^`
 * matches at the start and after every "\n" except a final one.
 */
export function indent(s: string, pad: string): string {
  // the size is known before building: the pad once, and again after each "\n" but a final one
  const breaks = countOf(s, '\n') - (s.endsWith('\n') ? 1 : 0);
  allowString(s.length + (breaks + 1) * pad.length);
  return breaks === 0 ? pad + s : prefixLines(s, pad);
}

/** spacify: implode($char, preg_split('//', $string, -1, PREG_SPLIT_NO_EMPTY)), one piece per byte */
export function spacify(s: string, sep: string): string {
  const bytes = toBytes(s);
  // checked before building: the separator goes between every two bytes
  allowString(bytes.length + Math.max(0, bytes.length - 1) * sep.length);
  if (bytes.length === s.length) {
    if (sep === '' || s.length < 2) return s;
    const out = new StringBuilder();
    out.add(s[0]!);
    for (let i = 1; i < s.length; i++) {
      out.add(sep);
      out.add(s[i]!);
    }
    return out.toString();
  }
  const sepBytes = toBytes(sep);
  const out = new Uint8Array(bytes.length + Math.max(0, bytes.length - 1) * sepBytes.length);
  let o = 0;
  bytes.forEach((b, i) => {
    if (i > 0) {
      out.set(sepBytes, o);
      o += sepBytes.length;
    }
    out[o++] = b;
  });
  return fromBytes(out);
}

/**
 * truncate (Smarty 2.6.28):
 *   if ($length == 0) return '';
 *   if (strlen($string) > $length) {
 *     $length -= min($length, strlen($etc));
 *     if (!$break_words && !$middle)
 *       $string = preg_replace('/\s+?(\S+)?$/', '', substr($string, 0, $length+1));
 *     return !$middle ? substr($string, 0, $length) . $etc
 *                     : substr($string, 0, $length/2) . $etc . substr($string, -$length/2);
 *   }
 *   return $string;
 * Byte lengths; the regex's `$` also matches before a final "\n".
 */
export function truncate(
  s: string,
  length: number,
  etc: string,
  breakWords: boolean,
  middle: boolean,
): string {
  if (length === 0) return '';
  const sLen = byteLength(s);
  if (sLen <= length) return s;
  const etcLen = byteLength(etc);
  return cutText(s, length - Math.min(length, etcLen), etc, breakWords, middle);
}

/**
 * truncate's cut, once `$length` has been reduced by the length of `etc`; `len` may be a float
 * (a float `length`), which substr() truncates.
 */
export function cutText(s: string, len: number, etc: string, breakWords: boolean, middle: boolean): string {
  if (!middle && !hasSurrogate(etc)) {
    // cut as text (substrText goes through bytes only where a cut falls inside a character): the
    // pattern matches whitespace, which is ASCII, and runs of anything else, which a character is all
    // of, so it removes the same parts here as on bytes; and text without surrogates appended to the
    // result is what its bytes decode to
    const n = Math.trunc(len);
    const n1 = Math.trunc(len + 1);
    // ASCII up to the cut (the usual text): bytes are characters, and both cuts are slices
    if (n >= 0 && n1 >= 0 && isAsciiString(s, n1))
      return (breakWords ? s : dropLastWord(s.slice(0, n1))).slice(0, n) + etc;
    const str = breakWords ? s : dropLastWord(substrText(s, 0, n1));
    return substrText(str, 0, n) + etc;
  }
  return viaBytes(s, (b) => {
    let str = b;
    if (!breakWords && !middle) str = dropLastWord(substrBytes(str, 0, Math.trunc(len + 1)));
    const etcBytes = toBinary(etc);
    if (!middle) return substrBytes(str, 0, Math.trunc(len)) + etcBytes;
    const half = len / 2;
    return substrBytes(str, 0, Math.trunc(half)) + etcBytes + substrBytes(str, -Math.trunc(half));
  });
}

/**
 * The space and word truncate backs up over. Every match goes, as preg_replace does: `$` also matches
 * before a final "\n", so in "ab\r\n" the "\r" and then the "\n" are removed.
 */
const LAST_WORD = /[\t\n\v\f\r ]+?(?:[^\t\n\v\f\r ]+)?(?=\n?$)/g;

/** the whitespace LAST_WORD names, PCRE's `\s` without `u`: \t \n \v \f \r and the space */
const isSpaceCode = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** `s` with every run of that whitespace replaced by `rep` (preg_replace('!\s+!', $rep) on text), in one pass */
export function collapseWhitespace(s: string, rep: string): string {
  let out = '';
  let last = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    if (!isSpaceCode(s.charCodeAt(i))) continue;
    let j = i + 1;
    while (j < n && isSpaceCode(s.charCodeAt(j))) j++;
    out += s.slice(last, i) + rep;
    last = j;
    i = j - 1;
  }
  return last === 0 ? s : out + s.slice(last);
}

/**
 * `s` without what LAST_WORD matches. Unless `s` ends with "\n" (where `$` also matches before it),
 * the one match is the last whitespace run and the word after it, found from the end: the regex
 * tries every whitespace run from the left and backtracks to the end from each.
 */
export function dropLastWord(s: string): string {
  let end = s.length;
  if (end > 0 && s.charCodeAt(end - 1) === 10) return s.replace(LAST_WORD, '');
  while (end > 0 && !isSpaceCode(s.charCodeAt(end - 1))) end--;
  let start = end;
  while (start > 0 && isSpaceCode(s.charCodeAt(start - 1))) start--;
  return start === end ? s : s.slice(0, start);
}

function hasSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return true;
  }
  return false;
}

/** nl2br(): `<br />` before every \r\n, \n\r, \n and \r */
export function nl2br(s: string): string {
  return replaceMatches(s, LINE_BREAK, (m) => `<br />${m[0]}`);
}

const LINE_BREAK = /\r\n|\n\r|\n|\r/g;

/** strtr($s, array) with longest-key-first matching at each position */
export function strtrPairs(s: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  const sorted = pairs.filter(([k]) => k !== '').sort((a, b) => b[0].length - a[0].length);
  if (sorted.length === 0) return s;
  // unchanged runs are copied as slices; the result is built in chunks, within the string cap
  const out = new StringBuilder();
  let last = 0;
  outer: for (let i = 0; i < s.length; ) {
    for (const [k, v] of sorted) {
      if (s.startsWith(k, i)) {
        if (last < i) out.add(s.slice(last, i));
        out.add(v);
        i += k.length;
        last = i;
        continue outer;
      }
    }
    i++;
  }
  if (last === 0) return s;
  if (last < s.length) out.add(s.slice(last));
  return out.toString();
}
