/**
 * PHP array key normalisation: what `$a[$k]` does to `$k` before looking up.
 */
import { PhpError } from './errors';
import { beyondInt64 } from './numeric';
import { INT64_MAX, INT64_MIN, PhpFloat } from './value';

/**
 * An array key: an int (safe-integer number) or a string. Int keys beyond the
 * JS safe range (rare: ±2^53..2^63) are kept as their exact decimal string, so
 * they print and JSON-encode exactly; `is_int` on such a key would differ.
 */
export type Key = number | string;

const TWO_64 = 18446744073709551616n;

/**
 * PHP's `zend_dval_to_lval` (float → int, used by (int) casts and float keys):
 * truncation, NaN/±INF → 0, out-of-range values wrap modulo 2^64.
 */
export function floatToIntBig(d: number): number | bigint {
  if (!Number.isFinite(d)) return 0;
  const t = Math.trunc(d);
  if (Number.isSafeInteger(t)) return t + 0;
  let b = BigInt(t) % TWO_64;
  b = BigInt.asIntN(64, b);
  const n = Number(b);
  return Number.isSafeInteger(n) ? n : b;
}

const TWO_63 = 2 ** 63;

/**
 * PHP's `zend_dval_to_lval_cap` (float → int for numeric strings): truncation,
 * NaN/±INF → 0, out-of-range values saturate at the int64 limits.
 */
export function floatToIntCap(d: number): number | bigint {
  if (!Number.isFinite(d)) return 0;
  const t = Math.trunc(d);
  if (Number.isSafeInteger(t)) return t + 0;
  if (t >= TWO_63) return INT64_MAX;
  if (t < -TWO_63) return INT64_MIN;
  return BigInt(t);
}

/** True when `s` is a canonical decimal integer (`0`, `-5`, `12`; not `01`, `-0`, `+1`, ` 1`). */
function canonicalIntString(s: string): boolean {
  const n = s.length;
  if (n === 0 || n > 20) return false;
  let i = 0;
  let c = s.charCodeAt(0);
  if (c === 45 /* - */) {
    if (n === 1) return false;
    i = 1;
    c = s.charCodeAt(1);
    if (c === 48) return false; // "-0", "-01"
  }
  if (c === 48) return n === 1; // "0" only
  for (; i < n; i++) {
    c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Normalise a string key: canonical decimal ints inside int64 become ints. */
export function stringKey(s: string): Key {
  const c = s.charCodeAt(0);
  // fast reject: keys that do not start with a digit or '-'
  if (!(c >= 48 && c <= 57) && c !== 45) return s;
  if (!canonicalIntString(s)) return s;
  if (s.length < 16) return Number(s);
  const neg = s.charCodeAt(0) === 45;
  const digits = neg ? s.slice(1) : s;
  if (digits.length > 19 || (digits.length === 19 && beyondInt64(digits, neg))) return s; // beyond int64: stays a string
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : s;
}

/**
 * `$a[$k]`'s key: ints as is, canonical int strings → int, bool → 0/1, float →
 * truncated (NaN/INF → 0), null → "". Arrays and objects are illegal offsets.
 */
export function toKey(k: unknown): Key {
  switch (typeof k) {
    case 'number':
      if (Number.isSafeInteger(k)) return k + 0;
      return bigKey(floatToIntBig(k));
    case 'string':
      return stringKey(k);
    case 'boolean':
      return k ? 1 : 0;
    case 'bigint':
      return bigKey(k);
    case 'undefined':
      return '';
    case 'object':
      if (k === null) return '';
      if (k instanceof PhpFloat) return k.value + 0;
      throw new PhpError('TypeError', 'Illegal offset type');
    default:
      throw new PhpError('TypeError', 'Illegal offset type');
  }
}

function bigKey(b: number | bigint): Key {
  if (typeof b === 'number') return b;
  const n = Number(b);
  return Number.isSafeInteger(n) ? n : String(b);
}
