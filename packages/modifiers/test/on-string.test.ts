/**
 * ModifierDef.onString: the compiler hands a string written with no argument straight to it, so it
 * must give exactly what `run` gives for that string, and `run` must neither warn nor fail on it.
 * Checked for every modifier that has one, on random strings made of the pieces that take the
 * uncommon paths (HTML specials, line breaks, non-ASCII letters, surrogate pairs, escaped bytes).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modifiers } from '../src/index';
import { fakeCtx } from './helpers';

const PIECES = [
  'a',
  'Z',
  ' ',
  '\n',
  '\r\n',
  '\t',
  '\0',
  '&',
  '<b>',
  '"',
  "'",
  'é',
  'É',
  'ß',
  'ÿ',
  'µ',
  'İ',
  'Σ',
  '日本',
  'ｶﾅ',
  'Ａ',
  '😀',
  '\udcc3\udca9',
  '\udcff',
  '\ud800',
  '\u00a0',
];

const withString = modifiers.filter((d) => d.onString !== undefined);

describe('onString', () => {
  it('is defined for the everyday string modifiers', () => {
    expect(withString.map((d) => d.name).sort()).toEqual(['escape', 'lower', 'nl2br', 'trim', 'upper']);
  });

  it.each(withString.map((d) => [d.name, d] as const))(
    '%s: gives what run gives, with no warning',
    (_n, def) => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((p) => p.join('')),
          (s) => {
            const ctx = fakeCtx();
            const expected = def.run(ctx, s);
            expect(def.onString!(s)).toBe(expected);
            expect(ctx.warnings).toEqual([]);
          },
        ),
        { numRuns: 500 },
      );
    },
  );
});
