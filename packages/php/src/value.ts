/**
 * The PHP value model. A template value is one of:
 *
 * - `null` (`undefined` coming from JS is read as null everywhere);
 * - `boolean`;
 * - int: a JS `number` that is a safe integer and not -0, or a `bigint` for ints
 *   beyond ±(2^53−1) but inside int64 (never a bigint inside the safe range);
 * - float: a JS `number` that is not an int (1.5, NaN, ±INF, -0, 1e20), or a
 *   `PhpFloat` box for floats whose value is a safe integer (1.0, 2.0) so that
 *   int vs float survives (`json_encode(1.0)` with PRESERVE_ZERO_FRACTION, `1 === 1.0`);
 * - string: a JS string (PHP strings are bytes: see `byteLength`);
 * - array: `PhpArray` (ordered map, value semantics, copy-on-write);
 * - object: `PhpObject` (stdClass, handle semantics).
 */
import type { PhpArray } from './array';
import type { PhpObject } from './object';

export type Value = null | boolean | number | bigint | string | PhpFloat | PhpArray | PhpObject;

/** An int or a float, as arithmetic produces them. */
export type Num = number | bigint | PhpFloat;

/** A float whose value is integral. Never mutated; one field keeps the shape monomorphic. */
export class PhpFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
}

export const INT64_MAX = 9223372036854775807n;
export const INT64_MIN = -9223372036854775808n;
const SAFE_MAX_BIG = BigInt(Number.MAX_SAFE_INTEGER);
const SAFE_MIN_BIG = -SAFE_MAX_BIG;

/** A PHP float with JS value `n`: boxed when `n` would otherwise read as an int. */
export function makeFloat(n: number): number | PhpFloat {
  return Number.isSafeInteger(n) ? new PhpFloat(n) : n;
}

/**
 * The canonical int for an integral quantity: a number inside the safe range,
 * a bigint inside int64, and a float (PHP overflow) beyond int64.
 */
export function makeInt(n: number | bigint): number | bigint | PhpFloat {
  if (typeof n === 'number') {
    if (Number.isSafeInteger(n)) return n + 0;
    if (Number.isFinite(n) && Math.trunc(n) === n) return makeInt(BigInt(n));
    return n;
  }
  if (n >= SAFE_MIN_BIG && n <= SAFE_MAX_BIG) return Number(n);
  if (n > INT64_MAX || n < INT64_MIN) return makeFloat(Number(n));
  return n;
}

/**
 * A PHP int as C's `(int)` cast takes it: its low 32 bits, signed. What PHP's flag tests see of a
 * zend_long (every flag bit is below 2^31): PHP_INT_MAX has them all set.
 */
export function int32Bits(n: number | bigint): number {
  return typeof n === 'bigint' || !Number.isSafeInteger(n) ? Number(BigInt.asIntN(32, BigInt(n))) : n | 0;
}

/** True for a PHP int (safe-integer number other than -0, or bigint). */
export function isInt(v: unknown): v is number | bigint {
  if (typeof v === 'number') return Number.isSafeInteger(v) && (v !== 0 || 1 / v > 0);
  return typeof v === 'bigint';
}

/** True for a PHP float (non-int number, or PhpFloat). */
export function isFloat(v: unknown): v is number | PhpFloat {
  if (typeof v === 'number') return !(Number.isSafeInteger(v) && (v !== 0 || 1 / v > 0));
  return v instanceof PhpFloat;
}

/** The JS number of an int or float value (bigint converted, PhpFloat unboxed); NaN for others. */
export function floatValue(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v instanceof PhpFloat) return v.value;
  if (typeof v === 'bigint') return Number(v);
  return Number.NaN;
}

/** True for `number`, `bigint` and `PhpFloat`. */
export function isNumber(v: unknown): v is Num {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof PhpFloat;
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Number of bytes of a JS string as a PHP string (what strlen counts): UTF-8,
 * where a lone U+DC80..U+DCFF stands for one raw byte (see binary-string.ts)
 * and any other lone surrogate counts 3 (U+FFFD).
 */
export function byteLength(s: string): number {
  const n = s.length;
  // most strings are ASCII: a regex scan is several times faster than the loop below
  if (n > 64 && !NON_ASCII.test(s)) return n;
  let bytes = n;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      bytes += 1;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        // a pair: 2 UTF-16 units, 4 bytes
        bytes += 2;
        i++;
      } else {
        bytes += 2;
      }
    } else if (c < 0xdc80 || c > 0xdcff) {
      bytes += 2;
    }
  }
  return bytes;
}
