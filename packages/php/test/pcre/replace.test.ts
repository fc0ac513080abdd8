import { describe, expect, it } from 'vitest';
import { PhpArray } from '../../src/array';
import {
  PREG_SPLIT_DELIM_CAPTURE as DELIM,
  PREG_SPLIT_NO_EMPTY as NO_EMPTY,
  PREG_BAD_UTF8_ERROR,
  pregLastError,
  pregMatch,
  pregQuote,
  pregReplace,
  pregReplaceCount,
  pregSplit,
  PREG_SPLIT_OFFSET_CAPTURE as SPLIT_OFFSET,
  smartyRegexCheck,
} from '../../src/pcre/index';
import { dump } from './dump';

describe('preg_replace', () => {
  it.each([
    ['$n references', '/(\\w+)@(\\w+)/', '$2 at $1', 'id 123 user@host\nx 45', 'id 123 host at user\nx 45'],
    ['\\n references', '/(a)(b)/', '\\2\\1', 'ab', 'ba'],
    ['${n} before a digit', '/(a)/', '${1}0', 'a', 'a0'],
    ['$10 is group 10 (missing: "")', '/(a)/', '$10', 'a', ''],
    ['$0 is the whole match', '/\\d+/', '<$0>', 'a12b3', 'a<12>b<3>'],
    ['unset groups are ""', '/(a)|(b)/', '[$1|$2]', 'ab', '[a|][|b]'],
    ['\\\\ is one backslash', '/a/', '\\\\1', 'a', '\\1'],
    ['\\$ is a dollar', '/a/', '\\$1', 'a', '$1'],
    ['a lone $ stays', '/a/', 'x$', 'a', 'x$'],
    ['${ without a number stays', '/a/', '${x}', 'a', '${x}'],
    ['backslash before a letter stays', '/a/', '\\n', 'a', '\\n'],
    ['empty matches everywhere', '/x*/', '-', 'abc', '-a-b-c-'],
    ['lazy empty-preferring pattern (PCRE retry)', '/a*?/', '-', 'baac', '-b-----c-'],
    ['no u: . replaces each byte', '/./', 'x', '日本', 'xxxxxx'],
    ['u: . replaces each character', '/./u', 'x', '日本', 'xx'],
    // 日 is E6 97 A5: the two bytes left are escaped bytes (binary-string.ts), written out as they are
    ['no u: removing one byte leaves broken bytes (escaped)', '/\\xE6/', '', '日', '\uDC97\uDCA5'],
    ['u: \\s is Unicode white space', '/\\s/u', '_', 'a\u3000b', 'a_b'],
    ['no u: \\s is ASCII white space', '/\\s/', '_', 'a\u3000b c', 'a\u3000b_c'],
    ['conformance regex_replace_cms_usage (tel)', '/[^0-9]/', '', '03-1234-5678', '0312345678'],
    ['conformance regex_replace_cms_usage (spaces)', '/\\s+/u', ' ', 'a  \t b\n\nc', 'a b c'],
    ['conformance regex_replace (\\d+)', '/\\d+/', '#', 'id 123 user@host\nx 45', 'id # user@host\nx #'],
    [
      'conformance regex_replace ([\\r\\t\\n] escapes)',
      '/[\\r\\t\\n]/',
      ' ',
      'id 123 user@host\nx 45',
      'id 123 user@host x 45',
    ],
    [
      'conformance regex_replace ([CR TAB LF] literal)',
      '/[\r\t\n]/',
      ' ',
      'id 123 user@host\nx 45',
      'id 123 user@host x 45',
    ],
    ['conformance braces via ldelim', '/\\d{4}/', '#', 'a 2024 b', 'a # b'],
    ['conformance \\d{2}', '/\\d{2}/', '_', 'a 2024 b', 'a __ b'],
    ['atomic group in a replacement pattern', '/(?>\\d+)x/', '[$0]', '12x 3y', '[12x] 3y'],
  ])('%s', (_name, pattern, replacement, subject, expected) => {
    expect(pregReplace(pattern, replacement, subject)).toBe(expected);
  });

  it('limit and count', () => {
    expect(pregReplace('/a/', 'b', 'aaaa', 2)).toBe('bbaa');
    expect(pregReplace('/a/', 'b', 'aaaa', 0)).toBe('aaaa');
    expect(pregReplace('/a/', 'b', 'aaaa', -1)).toBe('bbbb');
    expect(pregReplaceCount('/a/', 'b', 'aaaa', 3)).toEqual({ result: 'bbba', count: 3 });
    expect(pregReplaceCount('/z/', 'b', 'aaaa')).toEqual({ result: 'aaaa', count: 0 });
  });

  it('arrays of patterns and replacements', () => {
    const pats = PhpArray.fromList(['/cat/', '/dog/']);
    expect(pregReplace(pats, PhpArray.fromList(['CAT', 'DOG']), 'cat dog cow')).toBe('CAT DOG cow');
    expect(pregReplace(PhpArray.fromList(['/a/', '/b/']), PhpArray.fromList(['x']), 'ab')).toBe('x');
    expect(pregReplace(PhpArray.fromList(['/a/', '/b/']), 'x', 'ab')).toBe('xx');
    expect(pregReplace(PhpArray.fromList(['/a/', '/b/']), PhpArray.fromList(['b', 'c']), 'a')).toBe('c');
    expect(() => pregReplace('/a/', PhpArray.fromList(['x']), 'a')).toThrow(
      'preg_replace(): Argument #1 ($pattern) must be of type array when argument #2 ($replacement) is an array, string given',
    );
  });

  it('an array subject keeps its keys', () => {
    const subject = PhpArray.fromEntries([
      ['a', 'x1'],
      [5, 'y22'],
    ]);
    expect(dump(pregReplace('/\\d/', '#', subject))).toBe('{"a":"x#","5":"y##"}');
  });

  it('a group JS keeps differently gets the PCRE value (backtracking matcher)', () => {
    expect(pregReplace('/(?:(a)|b)+/', 'x', 'ab')).toBe('x');
    // PHP 8.2: "a" (the group keeps its value from the first repetition)
    expect(pregReplace('/(?:(a)|b)+/', '$1', 'ab')).toBe('a');
  });
});

describe('preg_split', () => {
  it.each([
    [
      'PHP manual: commas and spaces',
      '/[\\s,]+/',
      'hypertext language, programming',
      -1,
      0,
      '["hypertext","language","programming"]',
    ],
    ['PHP manual: characters with NO_EMPTY', '//', 'string', -1, NO_EMPTY, '["s","t","r","i","n","g"]'],
    [
      'PHP manual: OFFSET_CAPTURE',
      '/ /',
      'hypertext language programming',
      -1,
      SPLIT_OFFSET,
      '[["hypertext",0],["language",10],["programming",19]]',
    ],
    ['empty pattern keeps the empty ends', '//', 'abc', -1, 0, '["","a","b","c",""]'],
    ['limit', '/,/', 'a,b,c', 2, 0, '["a","b,c"]'],
    ['limit 0 means no limit', '/,/', 'a,b,c', 0, 0, '["a","b","c"]'],
    ['limit 1 returns the subject', '/,/', 'a,b', 1, 0, '["a,b"]'],
    ['a negative limit other than -1 returns the subject', '/,/', 'a,b', -2, 0, '["a,b"]'],
    ['DELIM_CAPTURE', '/(-)/', 'a-b', -1, DELIM, '["a","-","b"]'],
    [
      'DELIM_CAPTURE + NO_EMPTY skips empty groups',
      '/(-)(x)?/',
      'a-b',
      -1,
      DELIM | NO_EMPTY,
      '["a","-","b"]',
    ],
    ['DELIM_CAPTURE keeps inner unset groups as ""', '/(x)?(-)/', 'a-b', -1, DELIM, '["a","","-","b"]'],
    ['u: split into characters', '//u', '日本', -1, NO_EMPTY, '["日","本"]'],
    [
      'no u: split into bytes (broken characters: escaped bytes)',
      '/(?=\\x9C)/',
      '日本',
      -1,
      0,
      '["日\\udce6","\\udc9c\\udcac"]',
    ],
    ['offsets in bytes (u)', '/,/u', 'あ,い', -1, SPLIT_OFFSET, '[["あ",0],["い",4]]'],
    ['trailing delimiter gives an empty last piece', '/,/', 'a,', -1, 0, '["a",""]'],
    ['NO_EMPTY drops it', '/,/', 'a,,b,', -1, NO_EMPTY, '["a","b"]'],
  ])('%s', (_name, pattern, subject, limit, flags, expected) => {
    expect(dump(pregSplit(pattern, subject, limit, flags))).toBe(expected);
  });
});

describe('a subject that is not UTF-8 with `u`', () => {
  it('fails the call with PREG_BAD_UTF8_ERROR, as PCRE2 checks it first; without u it is bytes', () => {
    // 'a' and the first byte of 日 (E6), as substr cuts it
    const cut = 'a\uDCE6';
    expect(() => pregReplace('/a/u', 'b', cut)).toThrow(/Malformed UTF-8/);
    expect(pregLastError()).toBe(PREG_BAD_UTF8_ERROR);
    expect(pregMatch('/a/u', cut).count).toBe(false);
    expect(pregLastError()).toBe(PREG_BAD_UTF8_ERROR);
    expect(pregReplace('/a/', 'b', cut)).toBe('b\uDCE6');
    expect(pregLastError()).toBe(0);
    // a surrogate pair is a character, not a broken byte
    expect(pregReplace('/é/u', 'e', '😀é')).toBe('😀e');
  });
});

describe('preg_quote and the Smarty regex_replace check', () => {
  it('preg_quote', () => {
    expect(pregQuote('Hello $world. (1+1=2)')).toBe('Hello \\$world\\. \\(1\\+1\\=2\\)');
    expect(pregQuote('a/b#c:d-e', '/')).toBe('a\\/b\\#c\\:d\\-e');
    expect(pregQuote('x\0y')).toBe('x\\000y');
    expect(pregQuote('[日本]')).toBe('\\[日本\\]');
    expect(pregQuote('')).toBe('');
  });

  it('smartyRegexCheck removes the e modifier and cuts at NUL', () => {
    expect(smartyRegexCheck('/abc/e')).toBe('/abc/');
    expect(smartyRegexCheck('/abc/ie')).toBe('/abc/i');
    expect(smartyRegexCheck('/abc/ e ')).toBe('/abc/');
    expect(smartyRegexCheck('/abc/i')).toBe('/abc/i');
    expect(smartyRegexCheck('/a/\0e')).toBe('/a/');
    expect(smartyRegexCheck('/[a-z]+/')).toBe('/[a-z]+/');
  });
});
