import { describe, expect, test } from 'vitest';
import { err, logOf, out } from './render';

describe('cms_match (preg_match)', () => {
  test.each([
    ["pattern='/(\\d+)-(\\d+)/' subject='tel 03-1234'", '["03-1234","03","1234"]'],
    ["pattern='/x/' subject='abc'", '[]'],
    [
      "pattern='/(?<y>\\d+)-(?<m>\\d+)/' subject='2024-05'",
      '{"0":"2024-05","y":"2024","1":"2024","m":"05","2":"05"}',
    ],
    ["pattern='/b/' subject='abc' flags=256", '[["b",1]]'],
    ["pattern='/(a)(x)?/' subject='a'", '["a","a"]'],
    ["pattern='/(a)(x)?/' subject='a' flags=512", '["a","a",null]'],
    ["pattern='/(x)?(a)/' subject='a'", '["a","","a"]'],
    ["pattern='/(x)?(a)/' subject='a' flags=512", '["a",null,"a"]'],
    ["pattern='/(x)?(a)/' subject='ba' flags=768", '[["a",1],[null,-1],["a",1]]'],
    ["pattern='/\\d+/' subject='12 34 56' offset=3", '["34"]'],
    ["pattern='/\\d+/' subject='12 34 56' offset=-2", '["56"]'],
    ["pattern='/\\d+/' subject='12' offset=5", '[]'],
    ["pattern='/い/u' subject='あい' flags=256", '[["\\u3044",3]]'],
    ["pattern='/^\\w+$/u' subject='日本語'", '["\\u65e5\\u672c\\u8a9e"]'],
    ["pattern='/^\\w+$/' subject='日本語'", '[]'],
    ["pattern='/ABC/i' subject='xabc'", '["abc"]'],
  ])('%s', (attrs, expected) => {
    expect(out(`{cms_match var=m ${attrs}}{$m|@json_encode}`)).toBe(expected);
  });

  test('rcms_match is the same plugin; dotted var names work', () => {
    expect(out("{rcms_match var='r.m' pattern='/b+/' subject='abbc'}{$r.m.0}")).toBe('bb');
  });

  test('a pattern PHP rejects: warning, var is an empty array, the render goes on', () => {
    expect(out("{cms_match var=m pattern='/(/' subject='x'}{$m|@json_encode}")).toBe('[]');
    expect(logOf("{cms_match var=m pattern='/(/' subject='x'}")).toEqual([
      'preg_match(): Compilation failed: missing closing parenthesis at offset 1',
    ]);
    expect(logOf("{cms_match var=m pattern='abc' subject='x'}")).toEqual([
      'preg_match(): Delimiter must not be alphanumeric, backslash, or NUL',
    ]);
  });

  test('a pattern Sumi cannot run exactly stops the render', () => {
    const e = err("\n {cms_match var=m pattern='/(a)(?1)/' subject='aa'}");
    expect(e.code).toBe('PLUGIN_ERROR');
    expect([e.line, e.column]).toEqual([2, 2]);
    expect(e.message).toBe(
      'preg_match(): Unsupported regular expression feature: recursion / subroutine call (?1...) at offset 3',
    );
  });

  test('flags other than 256/512 are a ValueError', () => {
    const e = err("{cms_match var=m pattern='/a/' subject='a' flags=1}");
    expect(e.code).toBe('PHP_ERROR');
    expect(e.message).toBe('ValueError: preg_match(): Argument #4 ($flags) must be a PREG_* constant');
  });

  test('var is required; without a pattern nothing matches (a warning)', () => {
    expect(err("{cms_match pattern='/a/'}").code).toBe('MISSING_ATTRIBUTE');
    expect(out("{cms_match var=m subject='a'}{$m|@json_encode}")).toBe('[]');
    expect(logOf("{cms_match var=m subject='a'}")).toEqual(['preg_match(): Empty regular expression']);
  });
});

describe('cms_match_all (preg_match_all)', () => {
  test.each([
    ["pattern='/\\d/' subject='a1b2'", '[["1","2"]]'],
    ["pattern='/(\\w)(\\d)/' subject='a1 b2'", '[["a1","b2"],["a","b"],["1","2"]]'],
    ["pattern='/(\\w)(\\d)/' subject='a1 b2' flags=1", '[["a1","b2"],["a","b"],["1","2"]]'],
    ["pattern='/(\\w)(\\d)/' subject='a1 b2' flags=2", '[["a1","a","1"],["b2","b","2"]]'],
    ["pattern='/o/' subject='foo boo' flags=258", '[[["o",1]],[["o",2]],[["o",5]],[["o",6]]]'],
    ["pattern='/o/' subject='foo' flags=256", '[[["o",1],["o",2]]]'],
    ["pattern='/(a)|(b)/' subject='ab'", '[["a","b"],["a",""],["","b"]]'],
    ["pattern='/(a)|(b)/' subject='ab' flags=513", '[["a","b"],["a",null],[null,"b"]]'],
    ["pattern='/(a)|(b)/' subject='ab' flags=2", '[["a","a"],["b","","b"]]'],
    ["pattern='/(a)|(b)/' subject='ab' flags=514", '[["a","a",null],["b",null,"b"]]'],
    ["pattern='/(?<d>\\d)/' subject='12'", '{"0":["1","2"],"d":["1","2"],"1":["1","2"]}'],
    ["pattern='/(x)/' subject='abc'", '[[],[]]'],
    ["pattern='/(x)/' subject='abc' flags=2", '[]'],
    ["pattern='/\\d/' subject='1 2 3' offset=2", '[["2","3"]]'],
    ["pattern='/./u' subject='日本' flags=256", '[[["\\u65e5",0],["\\u672c",3]]]'],
  ])('%s', (attrs, expected) => {
    expect(out(`{cms_match_all var=m ${attrs}}{$m|@json_encode}`)).toBe(expected);
  });

  test('rcms_match_all and looping over set order', () => {
    expect(
      out(
        "{rcms_match_all var=m pattern='/(\\w+)=(\\d+)/' subject='a=1&bb=22' flags=2}{foreach from=$m item=p}{$p.1}:{$p.2};{/foreach}",
      ),
    ).toBe('a:1;bb:22;');
  });

  test('a bad pattern is a warning and an empty array', () => {
    expect(out("{cms_match_all var=m pattern='/[a/' subject='x'}{$m|@json_encode}")).toBe('[]');
    expect(logOf("{cms_match_all var=m pattern='/[a/' subject='x'}")[0]).toMatch(
      /^preg_match_all\(\): Compilation failed: /,
    );
  });

  test('flags 3 is a ValueError', () => {
    expect(err("{cms_match_all var=m pattern='/a/' subject='a' flags=3}").code).toBe('PHP_ERROR');
  });
});
