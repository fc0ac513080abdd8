/**
 * substrText cuts text without going through bytes where it can: its result must be exactly what
 * cutting the bytes and decoding them gives, for every offset and length, on text with multibyte
 * characters, surrogate pairs, escaped bytes and stray surrogates.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBinary, substrBytes, substrText, toBinary } from '../src/index';

const viaBytes = (s: string, offset: number, length?: number | null) =>
  fromBinary(substrBytes(toBinary(s), offset, length));

/** pieces that meet every branch: ASCII, 2-, 3- and 4-byte characters, escaped bytes, a stray surrogate */
const PIECES = ['a', ' ', 'é', '日', '語', '\uffff', '😀', '\udcc3', '\udca9', '\udce6', '\ud800', '\udfff'];

describe('substrText', () => {
  it('is the bytes cut and decoded, for every offset and length of short texts', () => {
    const texts = [
      'これは日本語の文章です',
      'aé日😀b',
      '😀😀x',
      'ab\udcc3\udca9cd',
      'x\ud800y日',
      '日',
      '\udce6\udc97日',
    ];
    for (const s of texts) {
      for (let offset = -16; offset <= 16; offset++) {
        for (const length of [undefined, null, -16, -4, -3, -1, 0, 1, 2, 3, 4, 5, 16]) {
          expect(substrText(s, offset, length)).toBe(viaBytes(s, offset, length));
        }
      }
    }
  });

  it('is the bytes cut and decoded, on random texts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((p) => p.join('')),
        fc.integer({ min: -40, max: 40 }),
        fc.option(fc.integer({ min: -40, max: 40 })),
        (s, offset, length) => {
          expect(substrText(s, offset, length)).toBe(viaBytes(s, offset, length));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
