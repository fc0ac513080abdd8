/**
 * password_hash() and password_verify() with Argon2 (PASSWORD_ARGON2I, PASSWORD_ARGON2ID), as PHP 8.2
 * built with libargon2 does them: the options memory_cost (KiB, 65536), time_cost (4) and threads (1)
 * read with zval_get_long and checked in PHP's order with its messages, a salt of 16 characters of
 * PHP's salt alphabet, a 32-byte hash, and the encoded form `$argon2id$v=19$m=65536,t=4,p=1$salt$hash`
 * (base64 without padding). The hash itself is @noble/hashes' Argon2 (RFC 9106), in both Node and
 * browsers.
 *
 * Argon2 in JS takes about a second at PHP's defaults (64 MiB, 4 passes) where libargon2 takes a
 * tenth of that, so one call is held to that work: a memory cost above 65536 KiB, or memory × time
 * above PHP's default 65536 × 4, stops the render with LIMIT_COST, for a verification as well as a
 * new hash (as bcrypt's cost is held, see encoding.ts).
 */
import { argon2i, argon2id } from '@noble/hashes/argon2.js';
import { type PhpArray, PhpError, toBytes, toInt } from '@sumi/php';
import type { RenderContext } from '@sumi/runtime';
import { base64Decode, base64Encode } from './base64';

export type Argon2Type = 'argon2i' | 'argon2id';

/** PHP_PASSWORD_ARGON2_MEMORY_COST, _TIME_COST, _THREADS */
const DEFAULT_MEMORY = 65536;
const DEFAULT_TIME = 4;
const DEFAULT_THREADS = 1;
/** libargon2's bounds as PHP checks them (ARGON2_MIN_MEMORY, ARGON2_MAX_MEMORY, ARGON2_MAX_LANES) */
const MIN_MEMORY = 8;
const MAX_MEMORY = 2 ** 32 - 1;
const MAX_TIME = 2 ** 32 - 1;
const MAX_LANES = 0xffffff;

/** the most memory (KiB) one call may use in Sumi, and the most memory × passes */
export const ARGON2_MAX_MEMORY_KIB = DEFAULT_MEMORY;
export const ARGON2_MAX_WORK = DEFAULT_MEMORY * DEFAULT_TIME;

const LIMIT_HINT =
  `Argon2 in Sumi is held to PHP's default work (memory_cost ${DEFAULT_MEMORY} KiB, time_cost ${DEFAULT_TIME}): ` +
  'a bigger one would hold the server for seconds';

/** base64 without padding, as libargon2 writes salts and hashes */
const b64 = (bytes: Uint8Array): string => base64Encode(bytes).replace(/=+$/, '');

/**
 * The bytes of unpadded base64, or null when libargon2 would not decode it: only its canonical form
 * (the bits left over after the last byte are zero), which is the one that encodes back to the text
 */
function unb64(text: string): Uint8Array | null {
  const bytes = base64Decode(text, true);
  return bytes !== null && b64(bytes) === text ? bytes : null;
}

/** php_password_make_salt(16): random bytes in base64, `+` written `.`, 16 characters */
function phpSalt(): Uint8Array {
  const raw = new Uint8Array(13);
  globalThis.crypto.getRandomValues(raw);
  const text = b64(raw).slice(0, 16).replaceAll('+', '.');
  return toBytes(text);
}

/** the option's value as zval_get_long reads it, or `fallback` when absent */
function option(options: PhpArray | undefined, name: string, fallback: number): number {
  const v = options?.get(name);
  return v === undefined ? fallback : Number(toInt(v));
}

function holdWork(ctx: RenderContext, fn: string, memory: number, time: number): void {
  if (memory > ARGON2_MAX_MEMORY_KIB) {
    ctx.fail(
      'LIMIT_COST',
      { what: `${fn}(): Argon2 memory_cost ${memory}`, limit: ARGON2_MAX_MEMORY_KIB },
      LIMIT_HINT,
    );
  }
  if (memory * time > ARGON2_MAX_WORK) {
    ctx.fail(
      'LIMIT_COST',
      { what: `${fn}(): Argon2 memory_cost × time_cost ${memory * time}`, limit: ARGON2_MAX_WORK },
      LIMIT_HINT,
    );
  }
}

function derive(
  type: Argon2Type,
  password: string,
  salt: Uint8Array,
  opts: { m: number; t: number; p: number; version: number; dkLen: number },
): Uint8Array {
  const f = type === 'argon2i' ? argon2i : argon2id;
  return f(toBytes(password), salt, { ...opts, maxmem: (ARGON2_MAX_MEMORY_KIB + 1) * 1024 });
}

/** password_hash($password, PASSWORD_ARGON2I / PASSWORD_ARGON2ID, $options) */
export function argon2Hash(
  ctx: RenderContext,
  type: Argon2Type,
  password: string,
  options: PhpArray | undefined,
): string {
  // PHP reads and checks each option in turn; a negative value is a huge size_t there
  const memory = option(options, 'memory_cost', DEFAULT_MEMORY);
  if (memory > MAX_MEMORY || memory < MIN_MEMORY) {
    throw new PhpError('ValueError', 'Memory cost is outside of allowed memory range');
  }
  const time = option(options, 'time_cost', DEFAULT_TIME);
  if (time > MAX_TIME || time < 1)
    throw new PhpError('ValueError', 'Time cost is outside of allowed time range');
  const threads = option(options, 'threads', DEFAULT_THREADS);
  if (threads > MAX_LANES || threads <= 0) throw new PhpError('ValueError', 'Invalid number of threads');
  if (options?.has('salt')) {
    ctx.warn(
      'password_hash(): The "salt" option has been ignored, since providing a custom salt is no longer supported',
    );
  }
  // libargon2's own check (ARGON2_MEMORY_TOO_LITTLE): 8 KiB per lane
  if (memory < 8 * threads) throw new PhpError('ValueError', 'Memory cost is too small');
  holdWork(ctx, 'password_hash', memory, time);
  const salt = phpSalt();
  const hash = derive(type, password, salt, { m: memory, t: time, p: threads, version: 0x13, dkLen: 32 });
  return `$${type}$v=19$m=${memory},t=${time},p=${threads}$${b64(salt)}$${b64(hash)}`;
}

const ENCODED =
  /^\$(argon2id|argon2i)\$(?:v=(\d+)\$)?m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * password_verify() of an Argon2 hash: null when `hash` is not one (another format decides), else
 * whether `password` gives it. A hash libargon2 would not decode is false, as in PHP.
 */
export function argon2Verify(ctx: RenderContext, password: string, hash: string): boolean | null {
  const m = ENCODED.exec(hash);
  if (m === null) return hash.startsWith('$argon2') ? false : null;
  const type = m[1] as Argon2Type;
  const version = m[2] === undefined ? 0x10 : Number(m[2]);
  const memory = Number(m[3]);
  const time = Number(m[4]);
  const threads = Number(m[5]);
  const salt = unb64(m[6]!);
  const expected = unb64(m[7]!);
  if (salt === null || expected === null || salt.length < 8 || expected.length < 4) return false;
  if ((version !== 0x10 && version !== 0x13) || time < 1 || threads < 1 || threads > MAX_LANES) return false;
  if (memory < 8 * threads || memory > MAX_MEMORY) return false;
  holdWork(ctx, 'password_verify', memory, time);
  const got = derive(type, password, salt, {
    m: memory,
    t: time,
    p: threads,
    version,
    dkLen: expected.length,
  });
  // compared in constant time: every byte is looked at whatever the first difference
  let diff = 0;
  for (let i = 0; i < got.length; i++) diff |= got[i]! ^ expected[i]!;
  return diff === 0;
}
