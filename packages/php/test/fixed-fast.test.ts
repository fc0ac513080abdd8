/**
 * toFixedExact takes JS's toFixed where it must agree with zend_dtoa's half-even rounding of the
 * exact value (everywhere but exact ties): checked against the BigInt digits on random doubles,
 * on the ties themselves and on the edges (1e21, tiny values, many decimals).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedDigits, toFixedExact } from '../src/index';

/** the slow, exact form: fixedDigits with the point put back */
function exact(x: number, frac: number): string {
  const digits = fixedDigits(x, frac);
  if (frac === 0) return digits;
  const padded = digits.length <= frac ? '0'.repeat(frac - digits.length + 1) + digits : digits;
  const cut = padded.length - frac;
  return `${padded.slice(0, cut)}.${padded.slice(cut)}`;
}

describe('toFixedExact', () => {
  it('agrees with the exact digits on random doubles', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: 0, max: 60 }),
        (x, f) => {
          expect(toFixedExact(x, f)).toBe(exact(x, f));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('rounds exact ties to even, as PHP prints them', () => {
    expect(toFixedExact(0.125, 2)).toBe('0.12');
    expect(toFixedExact(0.375, 2)).toBe('0.38');
    expect(toFixedExact(2.5, 0)).toBe('2');
    expect(toFixedExact(3.5, 0)).toBe('4');
    expect(toFixedExact(-0.125, 2)).toBe('0.12'); // the sign is the caller's
    for (const [x, f] of [
      [0.5, 0],
      [1.5, 0],
      [1.25, 1],
      [1.0625, 3],
      [2 ** -20, 19],
      [1234.5678, 2],
      [1e21, 2],
      [9.999999999999999e20, 3],
      [5e-324, 60],
      [123456789.125, 2],
    ] as const) {
      expect(toFixedExact(x, f), `${x} ${f}`).toBe(exact(x, f));
    }
  });
});
