/**
 * truncate and trim cut text where it is when they can (see cutText and trim's trimText): their
 * results must be exactly what PHP's byte algorithms give, decoded, on text with multibyte
 * characters, surrogate pairs, escaped bytes and stray surrogates. The references here are those byte
 * algorithms, written plainly over the one-char-per-byte view.
 */

import { fromBinary, substrBytes, toBinary } from '@sumi/php';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trim } from '../src/php/strings';
import { cutText } from '../src/smarty/text-algorithms';
import { fakeCtx } from './helpers';

const LAST_WORD = /[\t\n\v\f\r ]+?(?:[^\t\n\v\f\r ]+)?(?=\n?$)/g;

function cutBytes(s: string, len: number, etc: string, breakWords: boolean): string {
  let b = toBinary(s);
  if (!breakWords) b = substrBytes(b, 0, Math.trunc(len + 1)).replace(LAST_WORD, '');
  return fromBinary(substrBytes(b, 0, Math.trunc(len)) + toBinary(etc));
}

function trimBytes(s: string, chars: string): string {
  const mask = new Set(Array.from(toBinary(chars), (c) => c.charCodeAt(0)));
  const b = toBinary(s);
  let start = 0;
  let end = b.length;
  while (start < end && mask.has(b.charCodeAt(start))) start++;
  while (end > start && mask.has(b.charCodeAt(end - 1))) end--;
  return start === 0 && end === b.length ? s : fromBinary(b.slice(start, end));
}

const PIECES = [
  'a',
  'b',
  ' ',
  '\n',
  '\r',
  '\t',
  'é',
  '日',
  '語',
  '😀',
  '\udcc3',
  '\udca9',
  '\udce6',
  '\ud800',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((p) => p.join(''));

describe('text paths agree with the byte algorithms', () => {
  it('truncate (without middle)', () => {
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom('...', '…', '', '\udc97x', 'é'),
        fc.boolean(),
        (s, len, etc, breakWords) => {
          expect(cutText(s, len, etc, breakWords, false)).toBe(cutBytes(s, len, etc, breakWords));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('trim', () => {
    const ctx = fakeCtx();
    fc.assert(
      fc.property(text, fc.constantFrom(' \n\r\t\v\0', 'a', ' a\n', 'é', '日', '\udcc3'), (s, chars) => {
        expect(trim.run(ctx, s, chars)).toBe(trimBytes(s, chars));
        if (chars === ' \n\r\t\v\0') expect(trim.run(ctx, s)).toBe(trimBytes(s, chars));
      }),
      { numRuns: 5000 },
    );
  });
});
