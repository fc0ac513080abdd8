/**
 * Float printing exactly like PHP's `zend_gcvt` / `php_gcvt`:
 * - echo / string conversion: precision 14 (`0.1 + 0.2` → "0.3", 1e15 → "1.0E+15");
 * - json_encode / var_export (serialize_precision = -1): the shortest
 *   round-trip digits (`0.30000000000000004`), exponent threshold 17.
 *
 * PHP rounds with zend_dtoa (round-half-even on exact ties); JS's
 * toExponential rounds exact ties up, so ties are detected and corrected.
 */

import { decompose } from './float-bits';

/** digits of the last `splitFloat` call (no trailing zeros, "0" for zero) */
let sDigits = '0';
/** decimal point position: value = 0.DIGITS × 10^sDecpt */
let sDecpt = 1;

/** Shortest round-trip digits of a finite x > 0. */
function shortest(x: number): void {
  const e = x.toExponential();
  const ei = e.indexOf('e');
  const mant = ei === 1 ? e[0] : e[0] + e.slice(2, ei);
  sDigits = mant;
  sDecpt = Number(e.slice(ei + 1)) + 1;
}

function stripZeros(d: string): string {
  let end = d.length;
  while (end > 1 && d.charCodeAt(end - 1) === 48) end--;
  return end === d.length ? d : d.slice(0, end);
}

/** True when finite x > 0 equals N × 10^k exactly. */
function exactlyDecimal(x: number, n: bigint, k: number): boolean {
  const [m, q] = decompose(x);
  // compare m × 2^q with n × 10^k
  let left = m;
  let right = n;
  if (q >= 0) left <<= BigInt(q);
  else right <<= BigInt(-q);
  if (k >= 0) right *= 10n ** BigInt(k);
  else left *= 10n ** BigInt(-k);
  return left === right;
}

const MIN_NORMAL = 2.2250738585072014e-308;

/** `d` (decimal digits) plus one unit in the last place; sets sDecpt when it carries into a new digit. */
function increment(d: string, decpt: number): string {
  let i = d.length - 1;
  while (i >= 0 && d.charCodeAt(i) === 57) i--;
  sDecpt = decpt;
  if (i < 0) {
    sDecpt = decpt + 1;
    return '1';
  }
  return d.slice(0, i) + String.fromCharCode(d.charCodeAt(i) + 1);
}

/** Digits of finite x > 0 rounded to `precision` significant digits (round-half-even on exact ties). */
function rounded(x: number, precision: number): void {
  shortest(x);
  const sd = sDigits;
  const decpt = sDecpt;
  const normal = x >= MIN_NORMAL;
  // the shortest form is the rounded one when it is short enough, except for
  // subnormals, whose shortest form can be much shorter than their exact value
  if (sd.length <= precision && normal) return;
  if (normal && precision <= 14) {
    // x is within ~11 units of the 17th digit of its shortest form, so rounding
    // that form gives the exact answer unless the dropped part is near a half
    const t = sd.charCodeAt(precision);
    if (t < 52) {
      sDigits = stripZeros(sd.slice(0, precision));
      return;
    }
    if (t > 53) {
      sDigits = stripZeros(increment(sd.slice(0, precision), decpt));
      return;
    }
  }
  const e = x.toExponential(precision - 1);
  const ei = e.indexOf('e');
  const d = ei === 1 ? e[0] : e[0] + e.slice(2, ei);
  const dp = Number(e.slice(ei + 1)) + 1;
  // exact tie: the value is exactly the (precision+1)-digit decimal ending in 5
  if (
    sd.length === precision + 1 &&
    sd.charCodeAt(precision) === 53 &&
    (sd.charCodeAt(precision - 1) & 1) === 0 &&
    exactlyDecimal(x, BigInt(sd), decpt - sd.length)
  ) {
    // rounded down to the even digit, zend_dtoa returns every digit: the zeros are not trimmed
    // (PHP prints 150000000000005.0 as 1.5000000000000E+14, and ...004.0 as 1.5E+14)
    sDigits = sd.slice(0, precision);
    sDecpt = decpt;
    return;
  }
  sDigits = stripZeros(d);
  sDecpt = dp;
}

/**
 * PHP's gcvt formatting of a float.
 * `precision` ≥ 1: significant digits (PHP `precision` ini, 14 for echo);
 * -1: shortest round-trip (PHP `serialize_precision` -1).
 * `expChar`: 'E' for echo/var_export, 'e' for json_encode.
 */
export function formatFloat(n: number, precision: number, expChar: string): string {
  if (Number.isNaN(n)) return 'NAN';
  if (n === Number.POSITIVE_INFINITY) return 'INF';
  if (n === Number.NEGATIVE_INFINITY) return '-INF';
  let neg = false;
  let x = n;
  if (x < 0 || (x === 0 && 1 / x < 0)) {
    neg = true;
    x = -x;
  }
  const ndigit = precision < 0 ? 17 : precision;
  if (x === 0) {
    sDigits = '0';
    sDecpt = 1;
  } else if (precision < 0) {
    shortest(x);
  } else {
    rounded(x, precision);
  }
  const digits = sDigits;
  let decpt = sDecpt;
  let out = neg ? '-' : '';
  if ((decpt >= 0 && decpt > ndigit) || decpt < -3) {
    // exponential format: 1.0E+25, 1.5E-7
    decpt--;
    out += digits[0] + '.' + (digits.length > 1 ? digits.slice(1) : '0') + expChar;
    out += decpt < 0 ? '-' + -decpt : '+' + decpt;
    return out;
  }
  if (decpt < 0) {
    // 0.000ddd
    return out + '0.' + '0'.repeat(-decpt) + digits;
  }
  // standard format
  if (digits.length <= decpt) return out + digits + '0'.repeat(decpt - digits.length);
  if (decpt === 0) return out + '0.' + digits;
  return out + digits.slice(0, decpt) + '.' + digits.slice(decpt);
}

/** A float as echo / string conversion prints it (precision 14). */
export function floatToString(n: number): string {
  // fast path: JS's shortest form is already PHP's output when it is plain
  // notation in both (1e-4 ≤ |n| < 1e15) with at most 14 significant digits
  if (n >= 1e-4 && n < 1e15) {
    const s = String(n);
    if (s.length <= 15 && significantDigits(s) <= 14) return s;
  } else if (n <= -1e-4 && n > -1e15) {
    const s = String(n);
    if (s.length <= 16 && significantDigits(s) <= 14) return s;
  }
  return formatFloat(n, 14, 'E');
}

function significantDigits(s: string): number {
  let count = 0;
  let leading = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46 || c === 45) continue;
    if (leading && c === 48) continue;
    leading = false;
    count++;
  }
  return count;
}

/** A float as json_encode / var_export print it (serialize_precision -1); `expChar` 'e' (json) or 'E'. */
export function floatToRepr(n: number, expChar = 'e'): string {
  return formatFloat(n, -1, expChar);
}
