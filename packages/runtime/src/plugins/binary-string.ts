/**
 * PHP strings are bytes; Sumi's are JS strings. The convention shared with
 * @sumi/modifiers (its `shared/binary-string.ts`): a JS string stands for its
 * UTF-8 bytes, and bytes that are not valid UTF-8 are kept as lone low
 * surrogates U+DC80..U+DCFF, one per byte. So a raw digest ({cms_hash
 * binary=1}) survives `|base64_encode` or `|strlen` byte for byte, and a
 * byte-wise algorithm (wordwrap in {textformat}) can run on the
 * one-char-per-byte view and come back.
 */

const encoder = new TextEncoder();

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const isCont = (b: number | undefined) => b !== undefined && b >= 0x80 && b <= 0xbf;

/** The bytes a string stands for. */
export function toBytes(s: string): Uint8Array {
  if (isAscii(s)) {
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  let lone = false;
  for (let i = 0; i < s.length && !lone; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      if (i + 1 < s.length && isLow(s.charCodeAt(i + 1))) i++;
      else lone = true;
    } else if (isLow(c)) lone = true;
  }
  if (!lone) return encoder.encode(s);
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && isLow(s.charCodeAt(i + 1))) {
      const cp = ((c - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00) + 0x10000;
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
      i++;
    } else if (c >= 0xdc80 && c <= 0xdcff) out.push(c - 0xdc00);
    else if (c >= 0xd800 && c <= 0xdfff) out.push(0xef, 0xbf, 0xbd);
    else if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** The string standing for these bytes (invalid UTF-8 kept byte by byte as U+DC80..U+DCFF). */
export function fromBytes(b: Uint8Array): string {
  let out = '';
  let chunk: number[] = [];
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    let cp = -1;
    let len = 1;
    if (c < 0x80) cp = c;
    else if (c >= 0xc2 && c <= 0xdf) {
      if (isCont(b[i + 1])) {
        cp = ((c & 31) << 6) | (b[i + 1]! & 63);
        len = 2;
      }
    } else if (c >= 0xe0 && c <= 0xef) {
      const c1 = b[i + 1];
      const lo = c === 0xe0 ? 0xa0 : 0x80;
      const hi = c === 0xed ? 0x9f : 0xbf;
      if (c1 !== undefined && c1 >= lo && c1 <= hi && isCont(b[i + 2])) {
        cp = ((c & 15) << 12) | ((c1 & 63) << 6) | (b[i + 2]! & 63);
        len = 3;
      }
    } else if (c >= 0xf0 && c <= 0xf4) {
      const c1 = b[i + 1];
      const lo = c === 0xf0 ? 0x90 : 0x80;
      const hi = c === 0xf4 ? 0x8f : 0xbf;
      if (c1 !== undefined && c1 >= lo && c1 <= hi && isCont(b[i + 2]) && isCont(b[i + 3])) {
        cp = ((c & 7) << 18) | ((c1 & 63) << 12) | ((b[i + 2]! & 63) << 6) | (b[i + 3]! & 63);
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

/** The string's bytes as a binary string (one char per byte), for byte-wise PHP algorithms. */
export function toBinary(s: string): string {
  if (isAscii(s)) return s;
  const b = toBytes(s);
  let out = '';
  for (let i = 0; i < b.length; i += 4096) out += String.fromCharCode(...b.subarray(i, i + 4096));
  return out;
}

/** The inverse of `toBinary`. */
export function fromBinary(s: string): string {
  if (isAscii(s)) return s;
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i) & 0xff;
  return fromBytes(b);
}
