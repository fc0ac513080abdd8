/**
 * PHP's hash() and hash_hmac() of bytes. The cryptographic algorithms come from @noble/hashes; the
 * small checksums PHP also offers (crc32b, crc32c, adler32, fnv1*, joaat) are written out here.
 * Algorithm names are case-insensitive, as in PHP.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { md5, ripemd160, sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256, sha384, sha512, sha512_224, sha512_256 } from '@noble/hashes/sha2.js';
import { sha3_224, sha3_256, sha3_384, sha3_512 } from '@noble/hashes/sha3.js';
import { fromBytes } from './binary-string';
import { PhpError } from './errors';

type Digest = (data: Uint8Array) => Uint8Array;

const CRYPTO = {
  md5,
  sha1,
  sha224,
  sha256,
  sha384,
  'sha512/224': sha512_224,
  'sha512/256': sha512_256,
  sha512,
  'sha3-224': sha3_224,
  'sha3-256': sha3_256,
  'sha3-384': sha3_384,
  'sha3-512': sha3_512,
  ripemd160,
} as const;

function u32(n: number): Uint8Array {
  return Uint8Array.of(n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
}

function crcTable(poly: number): Uint32Array {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ poly : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
}

function crc(poly: number): Digest {
  let table: Uint32Array | null = null;
  return (data) => {
    table ??= crcTable(poly);
    let c = 0xffffffff;
    for (const b of data) c = table[(c ^ b) & 255]! ^ (c >>> 8);
    return u32((c ^ 0xffffffff) >>> 0);
  };
}

function fnv32(alternate: boolean): Digest {
  return (data) => {
    let h = 0x811c9dc5;
    for (const b of data) {
      if (alternate) h = Math.imul(h ^ b, 0x01000193) >>> 0;
      else h = (Math.imul(h, 0x01000193) ^ b) >>> 0;
    }
    return u32(h);
  };
}

function fnv64(alternate: boolean): Digest {
  return (data) => {
    let h = 0xcbf29ce484222325n;
    for (const b of data) {
      if (alternate) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
      else h = ((h * 0x100000001b3n) & 0xffffffffffffffffn) ^ BigInt(b);
    }
    const out = new Uint8Array(8);
    for (let i = 7; i >= 0; i--, h >>= 8n) out[i] = Number(h & 255n);
    return out;
  };
}

/** non-cryptographic: hash() only (PHP's hash_hmac() rejects them) */
const CHECKSUMS: Record<string, Digest> = {
  crc32b: crc(0xedb88320),
  crc32c: crc(0x82f63b78),
  adler32: (data) => {
    let a = 1;
    let b = 0;
    for (const x of data) {
      a = (a + x) % 65521;
      b = (b + a) % 65521;
    }
    return u32(((b << 16) | a) >>> 0);
  },
  fnv132: fnv32(false),
  fnv1a32: fnv32(true),
  fnv164: fnv64(false),
  fnv1a64: fnv64(true),
  joaat: (data) => {
    let h = 0;
    for (const b of data) {
      h = (h + b) >>> 0;
      h = (h + (h << 10)) >>> 0;
      h = (h ^ (h >>> 6)) >>> 0;
    }
    h = (h + (h << 3)) >>> 0;
    h = (h ^ (h >>> 11)) >>> 0;
    h = (h + (h << 15)) >>> 0;
    return u32(h);
  },
};

export const HASH_ALGORITHMS: readonly string[] = [...Object.keys(CRYPTO), ...Object.keys(CHECKSUMS)];

/** whether hash() knows `algo` (PHP's names, case-insensitive) */
export function isHashAlgorithm(algo: string): boolean {
  return HASH_ALGORITHMS.includes(algo.toLowerCase());
}

/** each byte's two lowercase hex digits */
const HEX_PAIRS: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** a digest as PHP prints it: lowercase hex, or the raw bytes as a binary string */
export function digestText(digest: Uint8Array, binary: boolean): string {
  if (binary) return fromBytes(digest);
  let out = '';
  for (let i = 0; i < digest.length; i++) out += HEX_PAIRS[digest[i]!];
  return out;
}

/** hash() / hash_hmac() of `data` with PHP's algorithm name `algo`; raw digest bytes */
export function phpHash(algo: string, data: Uint8Array, key?: Uint8Array): Uint8Array {
  const name = algo.toLowerCase();
  // own properties only: a name such as 'constructor' must not reach Object.prototype
  const crypto = Object.hasOwn(CRYPTO, name) ? CRYPTO[name as keyof typeof CRYPTO] : undefined;
  if (key !== undefined) {
    if (crypto) return hmac(crypto, key, data);
    if (Object.hasOwn(CHECKSUMS, name)) {
      throw new PhpError(
        'ValueError',
        'hash_hmac(): Argument #1 ($algo) must be a valid cryptographic hashing algorithm',
      );
    }
  } else {
    if (crypto) return crypto(data);
    const sum = Object.hasOwn(CHECKSUMS, name) ? CHECKSUMS[name] : undefined;
    if (sum) return sum(data);
  }
  throw new PhpError('ValueError', `hash(): Argument #1 ($algo) must be a valid hashing algorithm`);
}
