/**
 * PHP strings are bytes; Sumi strings are JS (UTF-16) strings holding UTF-8 text.
 *
 * Without the `u` modifier PCRE matches bytes, so a subject is turned into a
 * "byte string": ASCII stays as is and every byte 0x80-0xFF becomes one code unit
 * U+E080-U+E0FF (private use, no case mapping, never a word or space character).
 * A JS regex (without the `u` flag) then sees exactly one unit per byte, and its
 * indexes are PHP byte offsets.
 */

import { fromBytes, toBytes } from '../binary-string';

/** valid UTF-8 only (a BOM kept): text that is (the common case) is decoded natively, anything else by fromBytes */
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The code unit standing for byte `b` (0-255) in a byte string. */
export const BYTE_BASE = 0xe000;

const ASCII_ONLY = /^[\x00-\x7f]*$/;
const HAS_HIGH_BYTE = /[\ue080-\ue0ff]/;

function isAscii(s: string): boolean {
  return ASCII_ONLY.test(s);
}

/**
 * The bytes `s` stands for (binary-string.ts): UTF-8, an escaped byte (what a cut character left)
 * as that byte, a stray surrogate as EF BF BD.
 */
export function utf8Bytes(s: string): Uint8Array {
  return toBytes(s);
}

/** A text string → its byte string. */
export function toByteString(s: string): string {
  if (isAscii(s)) return s;
  const bytes = toBytes(s);
  const n = bytes.length;
  const units = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    units[i] = b < 0x80 ? b : BYTE_BASE + b;
  }
  let out = '';
  for (let i = 0; i < n; i += 8192) {
    out += String.fromCharCode.apply(null, units.subarray(i, i + 8192) as unknown as number[]);
  }
  return out;
}

/**
 * A byte string → text. Bytes that do not form valid UTF-8 (a match that cut a character in two)
 * stay those bytes, as escaped bytes (binary-string.ts): PHP's broken bytes, written out as they are.
 */
export function fromByteString(b: string): string {
  if (!HAS_HIGH_BYTE.test(b)) return b;
  const bytes = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    bytes[i] = c < 0x80 ? c : c - BYTE_BASE;
  }
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return fromBytes(bytes);
  }
}

/**
 * Byte offsets of a text string: `byteAt[i]` is the UTF-8 offset of UTF-16 index i
 * (i = 0..length). Built once per call that needs offsets.
 */
export class ByteOffsets {
  private readonly table: Uint32Array | null;
  private readonly s: string;
  readonly byteLength: number;

  constructor(s: string) {
    this.s = s;
    if (isAscii(s)) {
      this.table = null;
      this.byteLength = s.length;
      return;
    }
    const n = s.length;
    const t = new Uint32Array(n + 1);
    let b = 0;
    for (let i = 0; i < n; i++) {
      t[i] = b;
      const c = s.charCodeAt(i);
      if (c < 0x80) b += 1;
      else if (c < 0x800) b += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          // the low surrogate sits "inside" the 4-byte sequence
          t[i + 1] = b + 2;
          b += 4;
          i++;
        } else b += 3;
      } else b += 3;
    }
    t[n] = b;
    this.table = t;
    this.byteLength = b;
  }

  /** UTF-8 offset of UTF-16 index `i`. */
  byteOf(i: number): number {
    return this.table === null ? i : this.table[i];
  }

  /** UTF-16 index of byte offset `b`, or -1 when `b` falls inside a character. */
  indexOf(b: number): number {
    const t = this.table;
    if (t === null) return b;
    let lo = 0;
    let hi = t.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = t[mid];
      if (v === b) {
        // the second unit of a surrogate pair sits inside a 4-byte character
        const c = this.s.charCodeAt(mid);
        if (c >= 0xdc00 && c <= 0xdfff && mid > 0) {
          const h = this.s.charCodeAt(mid - 1);
          if (h >= 0xd800 && h <= 0xdbff) return -1;
        }
        return mid;
      }
      if (v < b) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}
