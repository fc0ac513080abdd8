/**
 * strtolower/strtoupper of PHP 8.2 change ASCII letters only, whatever the rest of the text is:
 * the fast paths (JS's own case mapping where nothing else can change) against a per-character
 * reference, on text that mixes ASCII, Japanese, emoji and letters JS would case-map.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiLower, asciiUpper } from '../src/index';

const ref = (s: string, lo: number, hi: number, delta: number) =>
  Array.from(s, (ch) => {
    const c = ch.charCodeAt(0);
    return ch.length === 1 && c >= lo && c <= hi ? String.fromCharCode(c + delta) : ch;
  }).join('');
const lower = (s: string) => ref(s, 65, 90, 32);
const upper = (s: string) => ref(s, 97, 122, -32);

const piece = fc.constantFrom(
  'abc',
  'XYZ',
  'Hello',
  '東京',
  'カタカナ',
  '。、',
  '😀',
  '🇯🇵',
  'ß',
  'À',
  'é',
  'Σ',
  'ǅ',
  'İ',
  'ﬀ',
  'Ａｂ',
  '\uD83D',
  '\uDE00',
  '\uD83C',
  ' ',
  '\n',
);
const text = fc.oneof(
  fc.array(piece, { maxLength: 10 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

describe('ASCII-only case mapping', () => {
  it('matches the per-character reference', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(asciiLower(s)).toBe(lower(s));
        expect(asciiUpper(s)).toBe(upper(s));
      }),
      { numRuns: 20_000 },
    );
  });

  it('keeps letters JS would map', () => {
    expect(asciiUpper('straße ä 東京 abc')).toBe('STRAßE ä 東京 ABC');
    expect(asciiLower('ÀÉ ΣΑ İ ABC 😀')).toBe('ÀÉ ΣΑ İ abc 😀');
    expect(asciiUpper('\uD83Cx')).toBe('\uD83CX'); // a lone high surrogate
  });
});
