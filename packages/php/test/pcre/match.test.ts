import { describe, expect, it } from 'vitest';
import { supportsModifiers } from '../../src/pcre/emit';
import {
  PREG_UNMATCHED_AS_NULL as NULLS,
  PREG_OFFSET_CAPTURE as OFFSET,
  PREG_PATTERN_ORDER as PATTERN,
  pregMatch,
  pregMatchAll,
  PREG_SET_ORDER as SET,
} from '../../src/pcre/index';
import { dump } from './dump';

const m = (p: string, s: string, flags = 0, offset = 0) => {
  const r = pregMatch(p, s, flags, offset);
  return `${r.count} ${dump(r.matches)}`;
};
const all = (p: string, s: string, flags = PATTERN, offset = 0) => {
  const r = pregMatchAll(p, s, flags, offset);
  return `${r.count} ${dump(r.matches)}`;
};

describe('preg_match result shapes', () => {
  it.each([
    ['groups', '/(\\d+)-(\\d+)/', 'a 12-34 b', 0, 0, '1 ["12-34","12","34"]'],
    ['no match', '/x/', 'abc', 0, 0, '0 []'],
    [
      'named groups: name first, then number',
      '/(?<year>\\d{4})-(?<month>\\d\\d)/',
      '2024-05',
      0,
      0,
      '1 {"0":"2024-05","year":"2024","1":"2024","month":"05","2":"05"}',
    ],
    [
      "(?P<n>) and (?'n') names",
      "/(?P<a>x)(?'b'y)/",
      'xy',
      0,
      0,
      '1 {"0":"xy","a":"x","1":"x","b":"y","2":"y"}',
    ],
    ['trailing unmatched groups omitted', '/(a)(b)?(c)?/', 'a', 0, 0, '1 ["a","a"]'],
    ['inner unmatched group is ""', '/(a)(b)?(c)/', 'ac', 0, 0, '1 ["ac","a","","c"]'],
    ['UNMATCHED_AS_NULL includes trailing groups', '/(a)(b)?(c)?/', 'a', NULLS, 0, '1 ["a","a",null,null]'],
    ['UNMATCHED_AS_NULL inner', '/(a)(b)?(c)/', 'ac', NULLS, 0, '1 ["ac","a",null,"c"]'],
    ['OFFSET_CAPTURE', '/b+/', 'aabbb', OFFSET, 0, '1 [["bbb",2]]'],
    [
      'OFFSET_CAPTURE unset group is ["",-1]',
      '/(a)(x)?(c)/',
      'ac',
      OFFSET,
      0,
      '1 [["ac",0],["a",0],["",-1],["c",1]]',
    ],
    [
      'OFFSET_CAPTURE + NULL',
      '/(a)(x)?(c)/',
      'ac',
      OFFSET | NULLS,
      0,
      '1 [["ac",0],["a",0],[null,-1],["c",1]]',
    ],
    ['offsets are UTF-8 bytes (u)', '/b/u', 'あb', OFFSET, 0, '1 [["b",3]]'],
    ['offsets are UTF-8 bytes (no u)', '/b/', 'あb', OFFSET, 0, '1 [["b",3]]'],
    ['named + OFFSET_CAPTURE', '/(?<n>\\d)/', 'x7', OFFSET, 0, '1 {"0":["7",1],"n":["7",1],"1":["7",1]}'],
    [
      'named unset trailing with NULL',
      '/(a)(?<z>b)?/',
      'a',
      NULLS,
      0,
      '1 {"0":"a","1":"a","z":null,"2":null}',
    ],
    ['start offset (bytes)', '/\\d+/', '12 34 56', 0, 3, '1 ["34"]'],
    ['start offset after a multi-byte char (u)', '/./u', 'あい', 0, 3, '1 ["い"]'],
    ['negative offset counts from the end', '/\\d/', 'a1b2', 0, -1, '1 ["2"]'],
    ['^ stays at the subject start with an offset', '/^b/', 'ab', 0, 1, '0 []'],
    ['no u: . is one byte', '/^.$/', 'é', 0, 0, '0 []'],
    ['no u: two bytes make é', '/^..$/', 'é', 0, 0, '1 ["é"]'],
    ['u: . is one character', '/^.$/u', 'é', 0, 0, '1 ["é"]'],
    ['u: \\w is Unicode', '/\\w+/u', 'café au', 0, 0, '1 ["café"]'],
    ['no u: \\w is ASCII', '/\\w+/', 'café au', 0, 0, '1 ["caf"]'],
    ['u: \\d matches fullwidth digits', '/\\d+/u', 'ab１２３', 0, 0, '1 ["１２３"]'],
    ['no u: \\d is ASCII only', '/\\d+/', 'ab１２３', 0, 0, '0 []'],
    ['u: \\b around a non-ASCII letter', '/\\bé/u', ' é', 0, 0, '1 ["é"]'],
    ['no u: no \\b between space and é', '/\\bé/', ' é', 0, 0, '0 []'],
    ['$ matches before a final newline', '/abc$/', 'abc\n', 0, 0, '1 ["abc"]'],
    ['D: $ only at the very end', '/abc$/D', 'abc\n', 0, 0, '0 []'],
    ['\\z is the very end', '/abc\\z/', 'abc\n', 0, 0, '0 []'],
    ['\\Z allows a final newline', '/abc\\Z/', 'abc\n', 0, 0, '1 ["abc"]'],
    ['$ does not match before an inner newline', '/a$/', 'a\nb', 0, 0, '0 []'],
    ['i modifier', '/HELLO/i', 'say hello', 0, 0, '1 ["hello"]'],
    ['x modifier', '/ a b # comment\n c /x', 'abc', 0, 0, '1 ["abc"]'],
    ['s modifier', '/a.b/s', 'a\nb', 0, 0, '1 ["a\\nb"]'],
    ['without s the dot skips \\n', '/a.b/', 'a\nb', 0, 0, '0 []'],
    ['possessive quantifier matches', '/a++b/', 'aaab', 0, 0, '1 ["aaab"]'],
    ['possessive quantifier does not give back', '/a++a/', 'aaa', 0, 0, '0 []'],
    ['atomic group does not give back', '/(?>a+)a/', 'aaa', 0, 0, '0 []'],
    ['atomic alternation keeps its first choice', '/(?>a|ab)c/', 'abc', 0, 0, '0 []'],
    ['atomic groups do not shift group numbers', '/(?>(a))(b)/', 'ab', 0, 0, '1 ["ab","a","b"]'],
    ['possessive + captures', '/(a)*+(b)/', 'aab', 0, 0, '1 ["aab","a","b"]'],
    ['back reference \\1', '/(\\w)\\1/', 'hello', 0, 0, '1 ["ll","l"]'],
    ['\\g{1} \\g1 \\g{-1}', '/(a)\\g{1}\\g1(b)\\g{-1}/', 'aaabb', 0, 0, '1 ["aaabb","a","b"]'],
    [
      "(?P=n) \\k<n> \\k{n} \\k'n'",
      "/(?<n>x)(?P=n)\\k<n>\\k{n}\\k'n'/",
      'xxxxx',
      0,
      0,
      '1 {"0":"xxxxx","n":"x","1":"x"}',
    ],
    ['case-insensitive back reference', '/(a)\\1/i', 'aA', 0, 0, '1 ["aA","a"]'],
    ['lookbehind', '/(?<=\\$)\\d+/', 'cost $45', 0, 0, '1 ["45"]'],
    ['lookbehind branches of different fixed lengths', '/(?<=ab|c)d/', 'xcd', 0, 0, '1 ["d"]'],
    ['negative lookahead', '/\\d+(?!px|\\d)/', '10px 20em', 0, 0, '1 ["20"]'],
    ['POSIX class', '/[[:upper:]][[:digit:]]+/', 'aB12', 0, 0, '1 ["B12"]'],
    ['negated POSIX class', '/[[:^alpha:]]+/', 'ab12cd', 0, 0, '1 ["12"]'],
    ['\\h', '/a\\h+b/', 'a \t b', 0, 0, '1 ["a \\t b"]'],
    ['\\Q...\\E', '/\\Q1+1\\E/', 'x1+1', 0, 0, '1 ["1+1"]'],
    ['\\Q...\\E in a class', '/[\\Q]^\\E]+/', 'a]^b', 0, 0, '1 ["]^"]'],
    ['\\p{Han} (u)', '/\\p{Han}+/u', 'かな漢字', 0, 0, '1 ["漢字"]'],
    [
      '\\p{Katakana} includes ー (Script_Extensions)',
      '/^\\p{Katakana}+$/u',
      'コーヒー',
      0,
      0,
      '1 ["コーヒー"]',
    ],
    ['\\p{Lu} and \\P{L}', '/\\p{Lu}\\P{L}/u', 'aÉ1', 0, 0, '1 ["É1"]'],
    ['\\p{^L}', '/\\p{^L}+/u', 'ab12', 0, 0, '1 ["12"]'],
    ['\\pL short form', '/\\pL+/u', '12äb', 0, 0, '1 ["äb"]'],
    ['\\x{...} (u)', '/\\x{3042}/u', 'いあ', 0, 0, '1 ["あ"]'],
    ['bytes without u', '/\\xE3\\x81\\x82/', 'いあ', 0, 0, '1 ["あ"]'],
    ['bracket delimiters', '{\\d{4}}', 'ab2024', 0, 0, '1 ["2024"]'],
    ['parenthesis delimiters', '(a(b)c)', 'xabc', 0, 0, '1 ["abc","b"]'],
    ['white space before the delimiter', '  /a/', 'a', 0, 0, '1 ["a"]'],
    ['escaped delimiter', '/a\\/b/', 'a/b', 0, 0, '1 ["a/b"]'],
    ['n modifier: plain groups do not capture', '/(a)(?<x>b)/n', 'ab', 0, 0, '1 {"0":"ab","x":"b","1":"b"}'],
    ['U modifier: ungreedy', '/a+/U', 'aaa', 0, 0, '1 ["a"]'],
    ['U modifier: ? makes greedy again', '/a+?/U', 'aaa', 0, 0, '1 ["aaa"]'],
    ['A modifier: anchored', '/b/A', 'ab', 0, 0, '0 []'],
    ['A modifier with an offset', '/b/A', 'ab', 0, 1, '1 ["b"]'],
    ['J modifier: duplicate names', '/(?<n>a)|(?<n>b)/J', 'b', 0, 0, '1 {"0":"b","n":"b","1":"","2":"b"}'],
    ['repeated group keeps the last iteration', '/(?:(\\d),)+/', '1,2,3,', 0, 0, '1 ["1,2,3,","3"]'],
    ['value set in the last iteration is exact', '/(?:(a)|b)+/', 'ba', 0, 0, '1 ["ba","a"]'],
  ])('%s', (_name, pattern, subject, flags, offset, expected) => {
    expect(m(pattern, subject, flags, offset)).toBe(expected);
  });

  it('returns false for an offset beyond the end or inside a UTF-8 character (u)', () => {
    expect(pregMatch('/a/', 'abc', 0, 10).count).toBe(false);
    expect(pregMatch('/./u', 'あい', 0, 1).count).toBe(false);
    expect(pregMatch('/./', 'あい', 0, 1).count).toBe(1);
  });

  it('conformance: cms_match_basic and cms_match_offset', () => {
    expect(m('/(\\d{4})-(\\d+)/', 'Date: 2024-05 and 2025-06')).toBe('1 ["2024-05","2024","05"]');
    expect(m('/\\d+/', '12 34 56', 0, 3)).toBe('1 ["34"]');
  });

  it('rejects flags that are not PREG_* constants', () => {
    expect(() => pregMatch('/a/', 'a', 1)).toThrow(
      'preg_match(): Argument #4 ($flags) must be a PREG_* constant',
    );
    expect(() => pregMatchAll('/a/', 'a', 3)).toThrow('must be a PREG_* constant');
  });
});

describe('inline case-insensitivity changes (JS RegExp modifier groups)', () => {
  const cases: [string, string, string, string][] = [
    ['(?i) from the middle', '/a(?i)b/', 'aB', '1 ["aB"]'],
    ['(?i) does not reach back', '/a(?i)b/', 'AB', '0 []'],
    ['(?i:...) group', '/(?i:a)b/', 'Ab', '1 ["Ab"]'],
    ['(?i:...) group ends', '/(?i:a)b/', 'AB', '0 []'],
    ['(?-i) inside /i', '/a(?-i)b/i', 'Ab', '1 ["Ab"]'],
    ['(?-i) inside /i rejects', '/a(?-i)b/i', 'AB', '0 []'],
    ['inline option carries into later branches', '/(a(?i)b|c)/', 'C', '1 ["C","C"]'],
  ];
  it.skipIf(!supportsModifiers()).each(cases)('%s', (_name, pattern, subject, expected) => {
    expect(m(pattern, subject)).toBe(expected);
  });
  it.skipIf(supportsModifiers()).each(cases)(
    '%s: a clear error on engines without modifier groups',
    (_name, pattern, subject) => {
      expect(() => pregMatch(pattern, subject)).toThrow(/case-insensitivity change/);
    },
  );
});

describe('preg_match_all result shapes', () => {
  it.each([
    [
      'pattern order pads unset groups with ""',
      '/(\\d)(x)?/',
      '1x2',
      PATTERN,
      0,
      '2 [["1x","2"],["1","2"],["x",""]]',
    ],
    ['set order omits trailing unset groups', '/(\\d)(x)?/', '1x2', SET, 0, '2 [["1x","1","x"],["2","2"]]'],
    ['set order + NULL', '/(\\d)(x)?/', '1x2', SET | NULLS, 0, '2 [["1x","1","x"],["2","2",null]]'],
    ['pattern order + NULL', '/(\\d)(x)?/', '1x2', PATTERN | NULLS, 0, '2 [["1x","2"],["1","2"],["x",null]]'],
    [
      'pattern order + OFFSET',
      '/(\\d)(x)?/',
      '1x2',
      PATTERN | OFFSET,
      0,
      '2 [[["1x",0],["2",2]],[["1",0],["2",2]],[["x",1],["",-1]]]',
    ],
    ['no match, pattern order: one empty list per group', '/(a)(b)/', 'xyz', PATTERN, 0, '0 [[],[],[]]'],
    ['no match, set order', '/(a)(b)/', 'xyz', SET, 0, '0 []'],
    [
      'named, pattern order',
      '/(?<d>\\d)/',
      'a1b2',
      PATTERN,
      0,
      '2 {"0":["1","2"],"d":["1","2"],"1":["1","2"]}',
    ],
    ['named, set order', '/(?<d>\\d)/', 'a1', SET, 0, '1 [{"0":"1","d":"1","1":"1"}]'],
    [
      'conformance cms_match_all_offsets (258)',
      '/o/',
      'foo boo',
      SET | OFFSET,
      0,
      '4 [[["o",1]],[["o",2]],[["o",5]],[["o",6]]]',
    ],
    ['offset only (256) means pattern order', '/o/', 'foo', OFFSET, 0, '2 [[["o",1],["o",2]]]'],
    ['start offset', '/\\d/', 'a1b2c3', PATTERN, 3, '2 [["2","3"]]'],
    ['empty matches advance one character', '/a*/', 'baaa', PATTERN, 0, '3 [["","aaa",""]]'],
    [
      'PCRE retries a non-empty match after an empty one',
      '/a*?/',
      'aa',
      PATTERN,
      0,
      '5 [["","a","","a",""]]',
    ],
    ['(|x) prefers empty, then takes x', '/(?:|x)/', 'x', PATTERN, 0, '3 [["","x",""]]'],
    [
      'retry after an empty match, with a look-behind (^ with m)',
      '/^a*?/m',
      'aa\na',
      PATTERN,
      0,
      '4 [["","a","","a"]]',
    ],
    [
      'retry after an empty match keeps group offsets',
      '/(a)*?/',
      'aa',
      PATTERN | OFFSET,
      0,
      '5 [[["",0],["a",0],["",1],["a",1],["",2]],[["",-1],["a",0],["",-1],["a",1],["",-1]]]',
    ],
    ['u: empty matches advance a whole character', '//u', 'あい', PATTERN, 0, '3 [["","",""]]'],
    ['no u: empty matches advance a byte', '//', 'あ', PATTERN, 0, '4 [["","","",""]]'],
    ['m modifier: ^ not after the final newline', '/^\\w/m', 'ab\ncd\n', PATTERN, 0, '2 [["a","c"]]'],
    ['m modifier: $ before every newline and at the end', '/$/m', 'a\nb\n', PATTERN, 0, '3 [["","",""]]'],
    ['\\R', '/\\R/', 'a\r\nb\nc\rd', PATTERN, 0, '3 [["\\r\\n","\\n","\\r"]]'],
  ])('%s', (_name, pattern, subject, flags, offset, expected) => {
    expect(all(pattern, subject, flags, offset)).toBe(expected);
  });
});
