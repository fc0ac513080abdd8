/**
 * PHP 8.2's round() (ext/standard/math.c `_php_math_round`, every PHP_ROUND_* mode):
 * the value is first "pre-rounded" to 15 significant digits, so that
 * round(1.955, 2) is 1.96 and round(5.045, 2) is 5.05 although the doubles are
 * slightly below the half. (PHP 8.4 changed this; 8.2 is the reference.)
 */

const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
];
const LOG_TABLE = [
  1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/** php_intpow10: exact table up to 1e22, else the correctly rounded decimal. */
function intpow10(power: number): number {
  if (power < 0 || power > 22) return Number(`1e${power}`);
  return POW10[power];
}

/** php_intlog10abs: floor(log10(|value|)), exact around powers of ten inside the table. */
function intlog10abs(value: number): number {
  const v = Math.abs(value);
  if (v < 1e-8 || v > 1e22) return Math.floor(Math.log10(v));
  let r = 15;
  r += v < LOG_TABLE[r] ? -8 : 8;
  r += v < LOG_TABLE[r] ? -4 : 4;
  r += v < LOG_TABLE[r] ? -2 : 2;
  r += v < LOG_TABLE[r] ? -1 : 1;
  if (v < LOG_TABLE[r]) r -= 1;
  return r - 8;
}

/** PHP's rounding modes (PHP_ROUND_HALF_UP ... _ODD); PHP 8.2 rounds half up for any other number */
export type RoundMode = 1 | 2 | 3 | 4;

/** php_round_helper: to an integer, ties by `mode` (up: away from zero, down: toward it, even, odd) */
function roundHelper(value: number, mode: number = 1): number {
  const a = Math.abs(value);
  let r: number;
  switch (mode) {
    case 2:
      // + 0: ceil(-0.2) is -0, which PHP prints as 0
      r = Math.ceil(a - 0.5) + 0;
      break;
    case 3:
    case 4: {
      const floor = Math.floor(a);
      if (a - floor !== 0.5) r = Math.floor(a + 0.5);
      else r = (floor % 2 === 0) === (mode === 3) ? floor : floor + 1;
      break;
    }
    default:
      r = Math.floor(a + 0.5);
  }
  return value >= 0 ? r : -r;
}

/** `round($num, $precision, $mode)` for a float (PHP returns a float; ints with precision ≥ 0 are returned as is). */
export function phpRound(value: number, places = 0, mode = 1): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const p = Math.trunc(places);
  const precisionPlaces = 14 - intlog10abs(value);
  const f1 = intpow10(Math.abs(p));
  let tmp: number;
  if (precisionPlaces > p && precisionPlaces - 15 < p) {
    let f2 = intpow10(Math.abs(precisionPlaces));
    tmp = precisionPlaces >= 0 ? value * f2 : value / f2;
    // pre-round to 15 significant digits
    tmp = roundHelper(tmp, mode);
    f2 = intpow10(Math.abs(p - precisionPlaces));
    tmp = tmp / f2;
  } else {
    tmp = p >= 0 ? value * f1 : value / f1;
    // beyond the precision of a double: nothing to round
    if (Math.abs(tmp) >= 1e15) return value;
  }
  tmp = roundHelper(tmp, mode);
  if (Math.abs(p) < 23) {
    tmp = p > 0 ? tmp / f1 : tmp * f1;
  } else {
    // snprintf("%15fe%d") + strtod: the nearest double to the decimal
    const r = Number(`${tmp.toFixed(6)}e${-p}`);
    tmp = Number.isFinite(r) ? r : value;
  }
  return tmp;
}
