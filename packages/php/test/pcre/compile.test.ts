import { describe, expect, it } from 'vitest';
import { supportsModifiers } from '../../src/pcre/emit';
import { compilePattern, PcreError, pregMatch } from '../../src/pcre/index';

function error(pattern: string): PcreError {
  try {
    compilePattern(pattern);
  } catch (e) {
    if (e instanceof PcreError) return e;
    throw e;
  }
  throw new Error(`no error for ${pattern}`);
}

describe('translation to JS regex source', () => {
  it.each([
    ['literal', '/abc/', 'abc', ''],
    ['dot without s: any byte but \\n', '/a.b/', 'a[\\x00-\\x09\\x0B-\\x7F\\uE080-\\uE0FF]b', ''],
    ['dot with u: any code point but \\n', '/./u', '[\\x00-\\x09\\x0B-\\u{10FFFF}]', 'u'],
    ['$ before a final newline', '/x$/', 'x(?=\\n?$)', ''],
    ['$ with D', '/x$/D', 'x$', ''],
    ['$ with m', '/x$/m', 'x(?=\\n|$)', ''],
    ['^ with m', '/^x/m', '(?:^|(?<=\\n)(?!$))x', ''],
    ['\\A \\z', '/\\Aa\\z/', '^a$', ''],
    ['\\d without u', '/\\d/', '[0-9]', ''],
    ['\\d with u', '/\\d/u', '[\\p{Nd}]', 'u'],
    ['\\D with u', '/\\D/u', '[\\P{Nd}]', 'u'],
    ['\\W with u (a complement of a union)', '/\\W/u', '[^_\\p{L}\\p{N}]', 'u'],
    ['[\\W\\d] with u becomes an alternation', '/[\\W\\d]/u', '(?:[\\p{Nd}]|[^_\\p{L}\\p{N}])', 'u'],
    ['named group becomes a plain group', '/(?P<n>a)b/', '(a)b', ''],
    ['atomic group: lookahead + back reference', '/(?>a|ab)c/', '(?:(?=(a|ab))\\1)c', ''],
    ['possessive quantifier', '/a++/', '(?:(?=(a+))\\1)', ''],
    ['lazy quantifier', '/a{2,3}?/', 'a{2,3}?', ''],
    ['U inverts greediness', '/a*/U', 'a*?', ''],
    ['leading (?i) becomes the i flag', '/(?i)abc/', 'abc', 'i'],
    [
      'the dot does not force modifier groups under /i',
      '/a.b/i',
      'a[\\x00-\\x09\\x0B-\\x7F\\uE080-\\uE0FF]b',
      'i',
    ],
    ['a literal { stays literal', '/a{,2}/', 'a\\x7B\\x2C2\\x7D', ''],
    ['POSIX class', '/[[:xdigit:]]/', '[0-9A-Fa-f]', ''],
    ['byte escapes without u map to U+E0xx', '/\\xFF/', '\\uE0FF', ''],
    ['\\p{Han} is Script_Extensions', '/\\p{Han}/u', '[\\p{Script_Extensions=Han}]', 'u'],
    ['\\p{sc=Han} is Script', '/\\p{sc=Han}/u', '[\\p{Script=Han}]', 'u'],
  ])('%s', (_name, pattern, source, flags) => {
    const cp = compilePattern(pattern);
    expect(cp.source).toBe(source);
    expect(cp.flags).toBe(flags);
  });

  it.skipIf(!supportsModifiers())('mixed case modes use modifier groups', () => {
    expect(compilePattern('/a(?i)b/').source).toBe('a(?i:b)');
  });

  it('keeps names and maps group numbers', () => {
    const cp = compilePattern('/(?>x)(?<a>y)(z)/');
    expect(cp.captureCount).toBe(2);
    expect(cp.names).toEqual([null, 'a', null]);
    expect(cp.groupMap).toEqual([0, 2, 3]);
  });

  it('caches compiled patterns', () => {
    expect(compilePattern('/cache-me/')).toBe(compilePattern('/cache-me/'));
  });
});

describe('PHP errors (syntax)', () => {
  it.each([
    ['/abc', "No ending delimiter '/' found"],
    ['{abc', "No ending matching delimiter '}' found"],
    ['abc', 'Delimiter must not be alphanumeric, backslash, or NUL'],
    ['\\abc\\', 'Delimiter must not be alphanumeric, backslash, or NUL'],
    ['', 'Empty regular expression'],
    ['   ', 'Empty regular expression'],
    ['/a/e', "Unknown modifier 'e'"],
    ['/a/k', "Unknown modifier 'k'"],
    ['/(a/', 'Compilation failed: missing closing parenthesis at offset 2'],
    ['/a)/', 'Compilation failed: unmatched closing parenthesis at offset 1'],
    ['/[a/', 'Compilation failed: missing terminating ] for character class at offset 2'],
    ['/*a/', 'Compilation failed: quantifier does not follow a repeatable item at offset 0'],
    ['/a**/', 'Compilation failed: quantifier does not follow a repeatable item at offset 2'],
    ['/(?<=a+)b/', 'Compilation failed: lookbehind assertion is not fixed length at offset ~'],
    ['/(a)\\2/', 'Compilation failed: reference to non-existent subpattern at offset ~'],
    ['/\\k<x>(?<y>a)/', 'Compilation failed: reference to non-existent subpattern at offset ~'],
    ['/[z-a]/', 'Compilation failed: range out of order in character class at offset ~'],
    ['/a{3,2}/', 'Compilation failed: numbers out of order in {} quantifier at offset ~'],
    ['/[\\d-z]/', 'Compilation failed: invalid range in character class at offset ~'],
    ['/\\i/', 'Compilation failed: unrecognized character follows \\ at offset ~'],
    ['/a\\/', "No ending delimiter '/' found"],
    ['/[[:alpah:]]/', 'Compilation failed: unknown POSIX class name at offset ~'],
    [
      '/(?<n>a)(?<n>b)/',
      'Compilation failed: two named subpatterns have the same name (PCRE2_DUPNAMES not set) at offset ~',
    ],
    ['/\\p{Klingon}/u', 'Compilation failed: unknown property after \\P or \\p at offset ~'],
    [
      '/\\x{100}/',
      'Compilation failed: character code point value in \\x{} or \\o{} is too large at offset ~',
    ],
    ['/(?z)/', 'Compilation failed: unrecognized character after (? or (?- at offset ~'],
  ])('%s', (pattern, message) => {
    const e = error(pattern);
    expect(e.kind).toBe('syntax');
    // "~": PCRE2 reports some offsets a few bytes further; only the message is checked
    if (message.endsWith(' at offset ~')) {
      expect(e.message).toMatch(
        new RegExp('^' + message.slice(0, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '\\d+$'),
      );
    } else {
      expect(e.message).toBe(message);
    }
  });

  it('caches errors too', () => {
    expect(() => pregMatch('/(x/', 'x')).toThrow(PcreError);
    expect(() => pregMatch('/(x/', 'x')).toThrow('missing closing parenthesis');
  });
});

describe('constructs Sumi refuses instead of matching differently', () => {
  it.each([
    ['/(?R)/', 'recursion (?R) at offset 0'],
    ['/(a)(?1)/', 'recursion / subroutine call (?1...) at offset 3'],
    ['/(?&n)/', 'subroutine call (?&name) at offset 0'],
    ['/(?(1)a|b)/', 'conditional group (?(condition)...) at offset 0'],
    ['/\\Ga/', '\\G (anchor at the match start) at offset 0'],
    ['/a\\Kb/', '\\K (reset of the match start) at offset 1'],
    ['/(*UTF)a/', '(*VERB) / (*OPTION) syntax at offset 0'],
    ['/a(*SKIP)b/', '(*VERB) / (*OPTION) syntax at offset 1'],
    ['/(?C1)a/', 'callout (?C) at offset 0'],
    ['/\\X/u', '\\X (extended grapheme cluster) at offset 0'],
    ['/\\C/', '\\C (single code unit) at offset 0'],
    ['/(?|(a)|(b))/', 'branch reset group (?|...) at offset 0'],
    ['/\\p{Han}/', '\\p / \\P without the u modifier at offset 0'],
  ])('%s', (pattern, what) => {
    const e = error(pattern);
    expect(e.kind).toBe('unsupported');
    expect(e.message).toContain(what);
  });
});

describe('a non-ASCII delimiter is its first byte, as in PHP', () => {
  it.each([
    // « is C2 AB: the delimiter C2 ends at the next C2, and the byte AB after it is no modifier
    // (the message names the byte as one char per byte: AB is «)
    ['«a«', "Unknown modifier '«'"],
    // カ is E3 82 AB: no second E3 byte
    ['カ', "No ending delimiter 'ã' found"],
  ])('%s', (pattern, message) => {
    const e = error(pattern);
    expect(e.kind).toBe('syntax');
    expect(e.message).toBe(message);
  });
});
