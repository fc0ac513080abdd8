/**
 * {cms_hash}: PHP's hash() / hash_hmac() of a string, as lowercase hex or raw
 * bytes. The cryptographic algorithms come from @noble/hashes; the small
 * checksums PHP also offers (crc32b, crc32c, adler32, fnv1*, joaat) are
 * written out here. Algorithm names are case-insensitive, as in PHP.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { md5, ripemd160, sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256, sha384, sha512, sha512_224, sha512_256 } from '@noble/hashes/sha2.js';
import { sha3_224, sha3_256, sha3_384, sha3_512 } from '@noble/hashes/sha3.js';
import { ErrorCodes, RenderFailure } from '../errors';
import { fromBytes, toBytes } from '../php/binary-string';
import { toBool, toStr } from '../php/convert';
import { PhpError } from '../php/errors';
import type { Value } from '../php/value';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

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

/** a digest as PHP prints it: lowercase hex, or the raw bytes as a binary string */
export function digestText(digest: Uint8Array, binary: boolean): string {
  return binary ? fromBytes(digest) : Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** hash() / hash_hmac() of `data` with PHP's algorithm name `algo`; raw digest bytes */
export function phpHash(algo: string, data: Uint8Array, key?: Uint8Array): Uint8Array {
  const name = algo.toLowerCase();
  const crypto = (CRYPTO as Record<string, (typeof CRYPTO)[keyof typeof CRYPTO]>)[name];
  if (key !== undefined) {
    if (crypto) return hmac(crypto, key, data);
    if (CHECKSUMS[name]) {
      throw new PhpError(
        'ValueError',
        'hash_hmac(): Argument #1 ($algo) must be a valid cryptographic hashing algorithm',
      );
    }
  } else {
    if (crypto) return crypto(data);
    const sum = CHECKSUMS[name];
    if (sum) return sum(data);
  }
  throw new RenderFailure(
    ErrorCodes.INVALID_ATTRIBUTE,
    `cms_hash: unknown or unsupported algorithm '${algo}'`,
    `use one of ${HASH_ALGORITHMS.join(', ')}`,
  );
}

export const cmsHash: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'cms_hash',
  aliases: ['rcms_hash'],
  group: 'Variables and arrays',
  description: `Hash of \`data\` (PHP hash()), or its HMAC with \`key\` (hash_hmac()). Algorithms: ${HASH_ALGORITHMS.join(', ')} (case-insensitive; the checksums crc32b … joaat have no HMAC).`,
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the hash' },
    data: { type: 'string', required: true, description: 'the data to hash (its UTF-8 bytes)' },
    algo: { type: 'string', default: 'sha256', description: 'hash algorithm' },
    key: {
      type: 'string',
      description: 'HMAC secret (an empty string is a valid key); without it, or null, a plain hash',
    },
    binary: {
      type: 'boolean',
      default: false,
      description: 'raw bytes (a binary string) instead of lowercase hex',
    },
  },
  errors: ['an unknown algorithm', 'an HMAC with a checksum algorithm (PHP ValueError)'],
  examples: [
    { template: "{cms_hash var=h data='abc' algo=md5}{$h}", output: '900150983cd24fb0d6963f7d28e17f72' },
    {
      template: "{cms_hash var=h data='abc'}{$h}",
      output: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    },
    {
      template: "{cms_hash var=h data='The quick brown fox jumps over the lazy dog' key='key'}{$h}",
      output: 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
      description: 'HMAC-SHA256',
    },
  ],
  run(ctx, a) {
    const key = a.key === undefined || a.key === null ? undefined : toBytes(toStr(a.key as Value));
    const digest = phpHash(toStr(a.algo as Value), toBytes(toStr(a.data as Value)), key);
    ctx.assign(a.var as string, digestText(digest, toBool(a.binary as Value)));
  },
});
