/**
 * PHP 8's substr() arithmetic, shared by the byte functions (substr, |truncate, debug_print_var),
 * mb_substr and array_slice: a negative offset or length counts from the end, an offset past the end
 * takes nothing.
 */
import { fromBinary, isAsciiString, toBinary } from './binary-string';
import { byteLength } from './value';

/** Where substr($s, $offset) starts in `size` units. */
export function substrStart(size: number, offset: number): number {
  const from = offset < 0 ? Math.max(0, size + offset) : offset;
  return from > size ? size : from;
}

/** Where substr($s, $offset, $length) ends in `size` units, once it starts at `from`. */
export function substrEnd(size: number, from: number, length?: number | null): number {
  if (length === null || length === undefined) return size;
  return length < 0 ? Math.max(from, size + length) : Math.min(size, from + length);
}

/** The [start, end) that substr($s, $offset, $length) takes from `size` units. */
export function substrRange(size: number, offset: number, length?: number | null): [number, number] {
  const from = substrStart(size, offset);
  return [from, substrEnd(size, from, length)];
}

/** substr() on a byte string (one char per byte). */
export function substrBytes(b: string, offset: number, length?: number | null): string {
  const from = substrStart(b.length, offset);
  return b.slice(from, substrEnd(b.length, from, length));
}

/** The bytes a code unit of `s` at `i` stands for (a pair: 4, at its first unit), as toBytes encodes it. */
function unitBytes(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = s.charCodeAt(i + 1);
    return d >= 0xdc00 && d <= 0xdfff ? 4 : 3;
  }
  // an escaped byte is one byte; any other lone surrogate is U+FFFD
  return c >= 0xdc80 && c <= 0xdcff ? 1 : 3;
}

/** Byte `k` of the `n`-byte UTF-8 encoding of code point `cp`. */
function utf8Byte(cp: number, n: number, k: number): number {
  if (k === 0) return n === 2 ? 0xc0 | (cp >> 6) : n === 3 ? 0xe0 | (cp >> 12) : 0xf0 | (cp >> 18);
  return 0x80 | ((cp >> (6 * (n - 1 - k))) & 63);
}

/**
 * Bytes `k0` to `k1` (excluded) of the character at unit `i` (of `n` bytes), cut from it: alone they
 * are not UTF-8, so each stands as an escaped byte (binary-string.ts). Null for a lone surrogate.
 */
function cutBytes(s: string, i: number, n: number, k0: number, k1: number): string | null {
  const c = s.charCodeAt(i);
  if (n === 3 && c >= 0xd800 && c <= 0xdfff) return null;
  const cp = n === 4 ? s.codePointAt(i)! : c;
  let out = '';
  for (let k = k0; k < k1; k++) out += String.fromCharCode(0xdc00 + utf8Byte(cp, n, k));
  return out;
}

/**
 * substr() on the bytes `s` stands for (see binary-string.ts), the result as a string again, without
 * a detour through bytes: ASCII text is cut where it is; other text is cut between its characters,
 * and a character cut in two leaves the bytes on this side as escaped bytes, which is how those bytes
 * decode. A part holding a lone surrogate goes through bytes (their decoding may write it otherwise).
 */
export function substrText(s: string, offset: number, length?: number | null): string {
  // counted from the start, only the bytes up to the cut's end matter: ASCII there is cut in place
  if (offset >= 0 && length !== null && length !== undefined && length >= 0) {
    const end = offset + length;
    if (isAsciiString(s, end)) return s.slice(offset, end);
  }
  if (isAsciiString(s)) return substrBytes(s, offset, length);
  const size = byteLength(s);
  const from = substrStart(size, offset);
  const to = substrEnd(size, from, length);
  if (from >= to) return '';
  let i = 0;
  let at = 0;
  let n = unitBytes(s, 0);
  // to the character holding byte `from`
  while (at + n <= from) {
    at += n;
    i += n === 4 ? 2 : 1;
    n = unitBytes(s, i);
  }
  let head = '';
  if (at < from) {
    const part = cutBytes(s, i, n, from - at, Math.min(n, to - at));
    if (part === null) return viaBytes(s, offset, length);
    if (at + n >= to) return part;
    head = part;
    at += n;
    i += n === 4 ? 2 : 1;
  }
  const start = i;
  while (at < to) {
    n = unitBytes(s, i);
    if (at + n > to) break;
    if (n !== 4) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdfff) return viaBytes(s, offset, length);
    }
    at += n;
    i += n === 4 ? 2 : 1;
  }
  if (at === to) return head + s.slice(start, i);
  const tail = cutBytes(s, i, n, 0, to - at);
  return tail === null ? viaBytes(s, offset, length) : head + s.slice(start, i) + tail;
}

function viaBytes(s: string, offset: number, length?: number | null): string {
  return fromBinary(substrBytes(toBinary(s), offset, length));
}
