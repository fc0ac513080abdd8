/**
 * Float printing checked against an exact reference: the double's exact
 * decimal expansion (BigInt), rounded half-to-even like zend_dtoa (which keeps the trailing zeros of
 * a tie it rounds down, as PHP 8.2 prints them), then laid out with zend_gcvt's rules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floatToRepr, floatToString } from '../src/index';

/** exact decimal digits and decimal point position of finite x > 0 */
function exact(x: number): { digits: string; decpt: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const bexp = Number((bits >> 52n) & 0x7ffn);
  let m = bits & ((1n << 52n) - 1n);
  let q: number;
  if (bexp === 0) q = -1074;
  else {
    m |= 1n << 52n;
    q = bexp - 1075;
  }
  if (q >= 0) {
    const d = (m << BigInt(q)).toString();
    return { digits: d, decpt: d.length };
  }
  const d = (m * 5n ** BigInt(-q)).toString();
  return { digits: d, decpt: d.length + q };
}

function roundHalfEven(digits: string, decpt: number, p: number): { digits: string; decpt: number } {
  if (digits.length <= p) return { digits: digits.replace(/0+$/, '') || '0', decpt };
  let head = BigInt(digits.slice(0, p));
  const rest = digits.slice(p);
  const first = rest.charCodeAt(0) - 48;
  const tailNonZero = /[1-9]/.test(rest.slice(1));
  if (first > 5 || (first === 5 && (tailNonZero || head % 2n === 1n))) head += 1n;
  // an exact tie rounded down to the even digit: zend_dtoa returns the digits as they are, zeros
  // included (PHP prints 150000000000005.0 as 1.5000000000000E+14)
  else if (first === 5 && !tailNonZero) return { digits: head.toString(), decpt };
  let h = head.toString();
  let dp = decpt;
  if (h.length > p) {
    dp++;
    h = h.slice(0, p);
  }
  return { digits: h.replace(/0+$/, '') || '0', decpt: dp };
}

function gcvt(neg: boolean, digits: string, decpt: number, ndigit: number, e: string): string {
  const sign = neg ? '-' : '';
  if ((decpt >= 0 && decpt > ndigit) || decpt < -3) {
    const x = decpt - 1;
    return `${sign}${digits[0]}.${digits.length > 1 ? digits.slice(1) : '0'}${e}${x < 0 ? '-' : '+'}${Math.abs(x)}`;
  }
  if (decpt < 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (digits.length <= decpt) return sign + digits + '0'.repeat(decpt - digits.length);
  if (decpt === 0) return `${sign}0.${digits}`;
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

function reference14(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const { digits, decpt } = exact(Math.abs(x));
  const r = roundHalfEven(digits, decpt, 14);
  return gcvt(x < 0, r.digits, r.decpt, 14, 'E');
}

describe('floatToString matches exact half-even rounding', () => {
  it('random doubles', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(floatToString(x)).toBe(reference14(x));
      }),
      { numRuns: 4000 },
    );
  });

  it('random decimals of 13 to 17 digits (near ties)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 12n, max: 10n ** 17n }),
        fc.integer({ min: -30, max: 30 }),
        (n, e) => {
          const x = Number(`${n}e${e}`);
          expect(floatToString(x)).toBe(reference14(x));
          expect(floatToString(-x)).toBe(reference14(-x));
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('exact ties (integers and binary fractions ending in 5)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 13n, max: 10n ** 14n - 1n }),
        fc.integer({ min: 0, max: 3 }),
        (n, shift) => {
          const x = Number(`${n}5`) / 2 ** shift;
          expect(floatToString(x)).toBe(reference14(x));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('shortest form round-trips', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const s = floatToRepr(x);
        expect(Number(s)).toBe(x);
      }),
      { numRuns: 4000 },
    );
  });
});
