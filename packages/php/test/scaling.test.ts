/**
 * Long invalid patterns fail in time linear in their length (four times the pattern: about four times
 * as long; a quadratic step would be sixteen). Best of five runs, compared as a ratio.
 */
import { describe, expect, test } from 'vitest';
import { growth, LINEAR } from '../../../test-support/scaling';
import { compilePattern, PcreError, smartyRegexCheck } from '../src/index';

const compileFails = (pattern: string) => {
  try {
    compilePattern(pattern);
  } catch (e) {
    if (e instanceof PcreError) return;
    throw e;
  }
};

describe('pattern checks are linear', () => {
  test("Smarty's regex_replace check of a long run of letters (it once used /[a-z\\s]+$/)", () => {
    expect(smartyRegexCheck(`/${'a'.repeat(1000)}`)).toBe(`/${'a'.repeat(1000)}`);
    expect(smartyRegexCheck('/x/ie e')).toBe('/x/i');
    expect(growth((n) => smartyRegexCheck(`/${'a'.repeat(n)}`), 20_000)).toBeLessThan(LINEAR);
  }, 60_000);

  test.each<[string, (n: number) => string]>([
    ['an unterminated class', (n) => `/[${'a'.repeat(n)}/`],
    ['unclosed groups', (n) => `/${'(a)'.repeat(n)}(/`],
    ['an unmatched )', (n) => `/${'a|'.repeat(n)})/`],
    ['a missing end delimiter', (n) => `/${'a'.repeat(n)}`],
    ['an unknown property at the end', (n) => `/${'\\p{L}'.repeat(n)}\\p{Nope}/u`],
    ['an unknown POSIX class at the end', (n) => `/[${'[:alpha:]'.repeat(n)}[:nope:]]/`],
  ])(
    '%s',
    (_name, make) => {
      expect(growth((n) => compileFails(make(n)), 5_000)).toBeLessThan(LINEAR);
    },
    60_000,
  );
});
