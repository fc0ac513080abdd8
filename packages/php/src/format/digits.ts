/**
 * Exact decimal digits of a double, rounded like zend_dtoa (modes 2 and 3):
 * the exact binary value is rounded, exact ties go to the even digit. This is
 * what PHP's printf family (`%e`, `%f`, `%g`) and number_format print.
 * (JS's toFixed/toExponential round ties up, and toFixed stops at 1e21.)
 */

import { decompose } from '../float-bits';

const pow10cache: bigint[] = [];
function pow10(n: number): bigint {
  if (n < 64) {
    let v = pow10cache[n];
    if (v === undefined) {
      v = 10n ** BigInt(n);
      pow10cache[n] = v;
    }
    return v;
  }
  return 10n ** BigInt(n);
}

/** round(x × 10^s) for finite x > 0, half-even on exact ties. */
function scaledRound(x: number, s: number): bigint {
  const [m, e] = decompose(x);
  let num = m;
  let den = 1n;
  if (e > 0) num <<= BigInt(e);
  else if (e < 0) den <<= BigInt(-e);
  if (s > 0) num *= pow10(s);
  else if (s < 0) den *= pow10(-s);
  const q = num / den;
  const r2 = (num % den) * 2n;
  if (r2 > den || (r2 === den && (q & 1n) === 1n)) return q + 1n;
  return q;
}

/** |x| with `frac` digits after the point, as the integer string round(|x| × 10^frac) (zend_dtoa mode 3). */
export function fixedDigits(x: number, frac: number): string {
  const a = Math.abs(x);
  if (a === 0) return '0';
  return scaledRound(a, frac).toString();
}

/**
 * |x| rounded to `n` ≥ 1 significant digits (zend_dtoa mode 2, without removing
 * trailing zeros): `digits` has exactly n characters and |x| ≈ 0.DIGITS × 10^decpt.
 */
export function significantDigits(x: number, n: number): { digits: string; decpt: number } {
  const a = Math.abs(x);
  if (a === 0) return { digits: '0'.repeat(n), decpt: 1 };
  let decpt = Math.floor(Math.log10(a)) + 1;
  for (let guard = 0; guard < 4; guard++) {
    const q = scaledRound(a, n - decpt);
    const s = q.toString();
    if (s.length > n) {
      // rounding carried into a new digit (9.99 → 10.0) or the estimate was low
      if (s.length === n + 1 && /^10*$/.test(s)) return { digits: s.slice(0, n), decpt: decpt + 1 };
      decpt++;
      continue;
    }
    if (s.length < n) {
      decpt--;
      continue;
    }
    return { digits: s, decpt };
  }
  throw new Error('significantDigits did not converge');
}

/** 2^k for k ≤ 101 (a variable exponent makes `**` a slow call) */
const POW2 = Array.from({ length: 102 }, (_, k) => 2 ** k);

/** Fixed notation of |x| with `frac` decimals: "123.450", "0.001", "5". */
export function toFixedExact(x: number, frac: number): string {
  const a = Math.abs(x);
  // JS's toFixed is exact too, and rounds ties up: it agrees unless a × 10^frac is exactly half way,
  // which needs a = odd × 2^-(frac+1), that is a × 2^(frac+1) an odd integer (the scaling by a power
  // of two is exact). Past 1e21 toFixed switches to exponent form.
  if (a < 1e21 && frac <= 100) {
    const y = a * POW2[frac + 1]!;
    if (!(Number.isInteger(y) && y % 2 === 1)) return a.toFixed(frac);
  }
  const digits = fixedDigits(x, frac);
  if (frac === 0) return digits;
  const padded = digits.length <= frac ? '0'.repeat(frac - digits.length + 1) + digits : digits;
  const cut = padded.length - frac;
  return padded.slice(0, cut) + '.' + padded.slice(cut);
}
