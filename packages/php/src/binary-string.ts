/**
 * PHP strings are byte strings; Sumi's are JS strings. This codec makes the two meet exactly.
 *
 * A JS string stands for its UTF-8 bytes. Bytes that are not valid UTF-8 (what `substr` cutting a
 * character, `base64_decode` or `mb_convert_encoding` to SJIS produce) are kept as lone low surrogates
 * U+DC80..U+DCFF, one per byte (Python's "surrogateescape"). So `fromBytes(toBytes(s)) === s` and
 * `toBytes(fromBytes(b))` equals `b` for every byte sequence: byte functions (strlen, substr, md5,
 * base64_*) give PHP's results even on binary data, and a chain such as
 * `mb_convert_encoding:'SJIS'|strlen` counts SJIS bytes. A stray surrogate from elsewhere counts as
 * U+FFFD (3 bytes). Text that is valid UTF-8 is unaffected: for it this is plain UTF-8.
 */

import { capArray, StringBuilder } from './host';
import { byteLength } from './value';

const encoder = new TextEncoder();

/**
 * True when every code unit is ASCII (the first `n` of them, when given): byte offsets are then
 * string offsets.
 */
export function isAsciiString(s: string, n = s.length): boolean {
  const end = n < s.length ? n : s.length;
  for (let i = 0; i < end; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** The bytes a string stands for. */
export function toBytes(s: string): Uint8Array {
  if (isAsciiString(s)) {
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  if (!hasLoneSurrogate(s)) return encoder.encode(s);
  // sized first: a JS array of one number per byte would take 8 bytes (and more while growing) per byte
  const out = new Uint8Array(byteLength(s));
  let o = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && isLow(s.charCodeAt(i + 1))) {
      const cp = ((c - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00) + 0x10000;
      out[o++] = 0xf0 | (cp >> 18);
      out[o++] = 0x80 | ((cp >> 12) & 63);
      out[o++] = 0x80 | ((cp >> 6) & 63);
      out[o++] = 0x80 | (cp & 63);
      i++;
    } else if (c >= 0xdc80 && c <= 0xdcff) {
      out[o++] = c - 0xdc00;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out[o++] = 0xef;
      out[o++] = 0xbf;
      out[o++] = 0xbd;
    } else if (c < 0x80) {
      out[o++] = c;
    } else if (c < 0x800) {
      out[o++] = 0xc0 | (c >> 6);
      out[o++] = 0x80 | (c & 63);
    } else {
      out[o++] = 0xe0 | (c >> 12);
      out[o++] = 0x80 | ((c >> 6) & 63);
      out[o++] = 0x80 | (c & 63);
    }
  }
  return out;
}

/** The string standing for these bytes (invalid UTF-8 kept byte by byte, see above). */
export function fromBytes(b: Uint8Array): string {
  let out = '';
  let chunk: number[] = [];
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    let cp = -1;
    let len = 1;
    if (c < 0x80) {
      cp = c;
    } else if (c >= 0xc2 && c <= 0xdf) {
      if (isCont(b[i + 1])) {
        cp = ((c & 31) << 6) | (b[i + 1] & 63);
        len = 2;
      }
    } else if (c >= 0xe0 && c <= 0xef) {
      const c1 = b[i + 1];
      const lo = c === 0xe0 ? 0xa0 : 0x80;
      const hi = c === 0xed ? 0x9f : 0xbf;
      if (c1 !== undefined && c1 >= lo && c1 <= hi && isCont(b[i + 2])) {
        cp = ((c & 15) << 12) | ((c1 & 63) << 6) | (b[i + 2] & 63);
        len = 3;
      }
    } else if (c >= 0xf0 && c <= 0xf4) {
      const c1 = b[i + 1];
      const lo = c === 0xf0 ? 0x90 : 0x80;
      const hi = c === 0xf4 ? 0x8f : 0xbf;
      if (c1 !== undefined && c1 >= lo && c1 <= hi && isCont(b[i + 2]) && isCont(b[i + 3])) {
        cp = ((c & 7) << 18) | ((c1 & 63) << 12) | ((b[i + 2] & 63) << 6) | (b[i + 3] & 63);
        len = 4;
      }
    }
    if (cp < 0) chunk.push(0xdc00 + c);
    else if (cp >= 0x10000) chunk.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 1023));
    else chunk.push(cp);
    if (chunk.length >= 4096) {
      out += String.fromCharCode(...chunk);
      chunk = [];
    }
    i += len;
  }
  if (chunk.length) out += String.fromCharCode(...chunk);
  return out;
}

/** strlen(): the number of bytes the string stands for. */
export const byteCount: (s: string) => number = byteLength;

/** Bytes as a binary string (one char per byte). */
export function bytesToBinary(b: Uint8Array): string {
  let out = '';
  // `apply` takes a typed array as it is, where a spread walks it with an iterator
  for (let i = 0; i < b.length; i += 4096)
    out += String.fromCharCode.apply(null, b.subarray(i, i + 4096) as unknown as number[]);
  return out;
}

/** The inverse of `bytesToBinary`. */
export function binaryToBytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

/** The string's bytes as a binary string (one char per byte), for byte-wise PHP algorithms. */
export function toBinary(s: string): string {
  return isAsciiString(s) ? s : bytesToBinary(toBytes(s));
}

/** The inverse of `toBinary`. */
export function fromBinary(s: string): string {
  return isAsciiString(s) ? s : fromBytes(binaryToBytes(s));
}

/**
 * The characters of a string as mbstring sees them in UTF-8: code points, with each escaped
 * invalid byte counting as one character of its own.
 */
export function codePoints(s: string): number[] {
  // one JS number per character: an array as long as the string, so it is one under the array cap
  capArray(s.length);
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && isLow(s.charCodeAt(i + 1))) {
      out.push(((c - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00) + 0x10000);
      i++;
    } else {
      out.push(c);
    }
  }
  return out;
}

/** The inverse of `codePoints` (escaped bytes stay escaped). */
export function fromCodePoints(cps: readonly number[]): string {
  let out = '';
  for (let i = 0; i < cps.length; i += 4096) {
    const part = cps.slice(i, i + 4096);
    out += String.fromCharCode(
      ...part.flatMap((cp) =>
        cp >= 0x10000 ? [0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 1023)] : [cp],
      ),
    );
  }
  return out;
}

/** an escaped byte: a low surrogate U+DC80..U+DCFF that is not the second half of a pair */
const ESCAPED_BYTE = /(?<![\ud800-\udbff])[\udc80-\udcff]/;

/** True when the bytes `s` stands for are not valid UTF-8 (it holds an escaped byte, see above). */
export function hasEscapedByte(s: string): boolean {
  return ESCAPED_BYTE.test(s);
}

/** String.prototype.isWellFormed (ES2024), where the JS engine has it */
const nativeWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/**
 * True when `s` holds a lone surrogate (an escaped byte, or a stray one that counts as U+FFFD): the
 * strings whose bytes' decoding may write them otherwise. JS engines answer this natively, without a
 * scan for text stored one byte per character (which cannot hold a surrogate).
 */
export const hasLoneSurrogate: (s: string) => boolean =
  nativeWellFormed === undefined ? scanLoneSurrogate : (s) => !nativeWellFormed.call(s);

function scanLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      if (i + 1 < s.length && isLow(s.charCodeAt(i + 1))) i++;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

function isCont(c: number | undefined): boolean {
  return c !== undefined && c >= 0x80 && c <= 0xbf;
}

/**
 * How many bytes the UTF-8 character that byte `b` starts has: 1 (ASCII), 2 (C2..DF), 3 (E0..EF) or
 * 4 (F0..F4); 0 for a byte no character starts with (a continuation byte, C0, C1, F5..FF). Whether
 * the bytes after it complete the character is the reader's business.
 */
export function utf8SequenceLength(b: number): number {
  if (b < 0x80) return 1;
  if (b < 0xc2) return 0;
  if (b < 0xe0) return 2;
  if (b < 0xf0) return 3;
  return b < 0xf5 ? 4 : 0;
}

/** a byte that starts a character, for get_next_char (ASCII included) */
const utf8Lead = (c: number | undefined) => c !== undefined && utf8SequenceLength(c) > 0;

/**
 * How many bytes the invalid sequence at `b[pos]` spans as ext/standard/html.c's get_next_char reads
 * UTF-8 (UTR #36's strategy 2: it never takes a byte that starts a valid sequence), or 0 when a valid
 * character starts there. Unlike the WHATWG decoder, it takes a lead byte and the bytes after it
 * that cannot start anything (`EC F8`), and an overlong form or a surrogate whole (`E0 80 80`), as
 * one sequence.
 */
function invalidLength(b: Uint8Array, pos: number): number {
  const c = b[pos]!;
  const avail = b.length - pos;
  if (c < 0x80) return 0;
  const need = utf8SequenceLength(c);
  if (need === 0) return 1;
  if (need === 2) {
    if (avail < 2) return 1;
    if (!isCont(b[pos + 1])) return utf8Lead(b[pos + 1]) ? 1 : 2;
    return 0; // C2..DF with a trail byte: never overlong
  }
  let whole = avail >= need;
  for (let k = 1; whole && k < need; k++) if (!isCont(b[pos + k])) whole = false;
  if (!whole) {
    // the first byte after the lead that is missing or starts something ends the sequence
    for (let k = 1; k < need; k++) if (avail < k + 1 || utf8Lead(b[pos + k])) return k;
    return need;
  }
  if (need === 3) {
    const cp = ((c & 0x0f) << 12) | ((b[pos + 1]! & 0x3f) << 6) | (b[pos + 2]! & 0x3f);
    return cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff) ? 3 : 0;
  }
  const cp =
    ((c & 0x07) << 18) | ((b[pos + 1]! & 0x3f) << 12) | ((b[pos + 2]! & 0x3f) << 6) | (b[pos + 3]! & 0x3f);
  return cp < 0x10000 || cp > 0x10ffff ? 4 : 0;
}

/**
 * The bytes as UTF-8 text, each invalid sequence one U+FFFD as PHP's htmlspecialchars() and
 * htmlentities() read them with ENT_SUBSTITUTE (see invalidLength).
 */
export function utf8Substituted(b: Uint8Array): string {
  const decoder = new TextDecoder('utf-8');
  const out = new StringBuilder();
  let run = 0;
  for (let pos = 0; pos < b.length; ) {
    const bad = b[pos]! < 0x80 ? 0 : invalidLength(b, pos);
    if (bad === 0) {
      pos += utf8SequenceLength(b[pos]!);
      continue;
    }
    // the valid run before it decodes as it is
    if (run < pos) out.add(decoder.decode(b.subarray(run, pos)));
    out.add('\ufffd');
    pos += bad;
    run = pos;
  }
  if (run < b.length) out.add(decoder.decode(b.subarray(run)));
  return out.toString();
}
