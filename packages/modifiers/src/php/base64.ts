/** PHP's base64_encode() and base64_decode() on bytes: the modifiers' and Argon2's encoded hashes. */
import { allowString, toBinary } from '@sumi/php';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_REVERSE = new Map([...B64].map((c, i) => [c.charCodeAt(0), i]));
const B64_CODES = Uint8Array.from(B64, (c) => c.charCodeAt(0));

export function base64Encode(bytes: Uint8Array): string {
  // 4 characters per 3 bytes: the size is checked first, and the text is made a block at a time
  const size = Math.ceil(bytes.length / 3) * 4;
  allowString(size);
  if (size <= SHORT) return shortBase64(bytes);
  const parts: string[] = [];
  // no bigger than the text: a short one (the usual case) needs a few bytes, not the whole block
  const block = new Uint8Array(Math.min(size, 4 * 3072));
  for (let start = 0; start < bytes.length; start += 3 * 3072) {
    const end = Math.min(bytes.length, start + 3 * 3072);
    let o = 0;
    for (let i = start; i < end; i += 3) {
      const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
      block[o++] = B64_CODES[(n >> 18) & 63];
      block[o++] = B64_CODES[(n >> 12) & 63];
      block[o++] = i + 1 < bytes.length ? B64_CODES[(n >> 6) & 63] : 0x3d;
      block[o++] = i + 2 < bytes.length ? B64_CODES[n & 63] : 0x3d;
    }
    // `apply` takes the typed array as it is, where a spread walks it with an iterator
    parts.push(String.fromCharCode.apply(null, block.subarray(0, o) as unknown as number[]));
  }
  return parts.join('');
}

/** up to this many characters, the text is built a quantum at a time in a string */
const SHORT = 256;

function shortBase64(bytes: Uint8Array): string {
  let out = '';
  const n = bytes.length;
  for (let i = 0; i < n; i += 3) {
    const x = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(x >> 18) & 63]! + B64[(x >> 12) & 63]!;
    out += i + 1 < n ? B64[(x >> 6) & 63]! : '=';
    out += i + 2 < n ? B64[x & 63]! : '=';
  }
  return out;
}

/** php_base64_decode_ex: lenient (skips unknown characters) or strict; null where PHP returns false. */
export function base64Decode(input: string, strict: boolean): Uint8Array | null {
  const s = toBinary(input);
  // at most 3 bytes per 4 characters, in a typed buffer (a JS array would take 8 bytes per byte)
  const out = new Uint8Array(Math.ceil((s.length * 3) / 4));
  let o = 0;
  let i = 0;
  let padding = 0;
  let acc = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 0x3d) {
      padding++;
      continue;
    }
    const v = B64_REVERSE.get(c);
    if (v === undefined) {
      const space = c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
      if (!strict || space) continue;
      return null;
    }
    if (strict && padding) return null;
    switch (i % 4) {
      case 0:
        acc = v << 2;
        break;
      case 1:
        out[o++] = acc | (v >> 4);
        acc = (v & 0x0f) << 4;
        break;
      case 2:
        out[o++] = acc | (v >> 2);
        acc = (v & 0x03) << 6;
        break;
      case 3:
        out[o++] = acc | v;
        break;
    }
    i++;
  }
  if (strict && i % 4 === 1) return null;
  if (strict && padding && (padding > 2 || (i + padding) % 4 !== 0)) return null;
  return out.subarray(0, o);
}
