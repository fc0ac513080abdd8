/**
 * PHP strings are bytes; template values are JS strings holding UTF-8 text.
 * Byte-level PHP functions (strlen, substr, Smarty's truncate/spacify/hex
 * escapes, ...) convert to UTF-8 bytes, work there and decode back. A cut in
 * the middle of a multibyte character cannot be represented in a JS string:
 * decoding turns such broken sequences into U+FFFD (PHP would print the raw
 * bytes, which a browser shows the same way).
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

const ASCII = /^[\x00-\x7f]*$/;

export function isAscii(s: string): boolean {
  return ASCII.test(s);
}

export function utf8Encode(s: string): Uint8Array {
  return encoder.encode(s);
}

export function utf8Decode(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** strlen(): the UTF-8 byte length */
export function byteLength(s: string): number {
  if (isAscii(s)) return s.length;
  return encoder.encode(s).length;
}

/**
 * substr() on bytes with PHP 8 semantics (negative start/length count from
 * the end; out-of-range gives "").
 */
export function byteSubstr(s: string, start: number, length?: number | null): string {
  if (isAscii(s)) return substrRange(s.length, start, length, (a, b) => s.slice(a, b));
  const bytes = encoder.encode(s);
  return substrRange(bytes.length, start, length, (a, b) => decoder.decode(bytes.subarray(a, b)));
}

function substrRange(
  len: number,
  start: number,
  length: number | null | undefined,
  cut: (a: number, b: number) => string,
): string {
  let f = start;
  if (f > len) return '';
  if (f < 0) f = Math.max(0, len + f);
  let l: number;
  if (length === undefined || length === null) l = len - f;
  else if (length < 0) {
    l = len - f + length;
    if (l < 0) l = 0;
  } else l = Math.min(length, len - f);
  if (l <= 0) return '';
  return cut(f, f + l);
}

/** the bytes of a string as an array of single-byte "characters" (for per-byte escapes) */
export function bytesOf(s: string): Uint8Array {
  return encoder.encode(s);
}

/** the UTF-8 bytes of a string as one JS char per byte (ASCII strings are returned as they are) */
export function latin1Of(s: string): string {
  return isAscii(s) ? s : toLatin1(encoder.encode(s));
}

/**
 * Applies a function that works on the one-char-per-byte view of the UTF-8
 * bytes and decodes its result back to UTF-8 text. Lets byte-based PHP
 * algorithms be written as plain string code; every string the function
 * adds must itself come from `latin1Of`.
 */
export function viaBytes(s: string, fn: (latin1: string) => string): string {
  return fromLatin1(fn(latin1Of(s)));
}

export function toLatin1(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 0x2000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    out += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return out;
}

/** inverse of toLatin1: chars above 0xFF (never produced by byte code) are encoded as UTF-8 */
export function fromLatin1(s: string): string {
  if (isAscii(s)) return s;
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0xff) bytes.push(c);
    else for (const b of encoder.encode(s[i]!)) bytes.push(b);
  }
  return decoder.decode(Uint8Array.from(bytes));
}
