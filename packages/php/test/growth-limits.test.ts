/**
 * The bounded building helpers of host.ts, and the PHP functions that build values bigger than their
 * inputs: with a host of small caps they throw LimitError before building, and under the caps they
 * give what JavaScript's own split / replace / join (and PHP) give.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BoundedCache,
  capArray,
  codePoints,
  countMatches,
  countOf,
  DEFAULT_HOST,
  enterHost,
  fromJSONText,
  type Host,
  htmlentities,
  htmlspecialchars,
  joinStrings,
  jsonEncode,
  LimitError,
  leaveHost,
  numberFormat,
  PhpArray,
  phpDate,
  repeatString,
  replaceAllString,
  replaceMatches,
  StringBuilder,
  splitString,
  sprintf,
  strftime,
  toBytes,
  urlencodeBytes,
} from '../src/index';

const small: Host = {
  limits: { maxStringLength: 1000, maxArrayLength: 100 },
  allocated: 0,
  measureAt: Number.POSITIVE_INFINITY,
  measure() {
    this.allocated = 0;
  },
  pregError: 0,
  cache: new BoundedCache(1 << 20),
};

let prev: Host;
beforeEach(() => {
  prev = enterHost(small);
});
afterEach(() => {
  leaveHost(prev);
});

/** the LimitError `fn` throws: what was too big and how big */
function limitOf(fn: () => unknown): { what: string; size: number } {
  try {
    fn();
  } catch (e) {
    if (e instanceof LimitError) return { what: e.what, size: e.size };
    throw e;
  }
  throw new Error('no LimitError');
}

const commas = 'a,'.repeat(300);

describe('counting without allocating', () => {
  it.each([
    ['a,b,,c', ',', 3],
    ['aaaa', 'aa', 2],
    ['', ',', 0],
    ['abc', '', 0],
    ['日本日本', '本', 2],
  ])('countOf(%j, %j) is %i', (s, needle, n) => {
    expect(countOf(s, needle)).toBe(n);
  });

  it('countMatches counts what a global match finds, empty matches included', () => {
    for (const [s, re] of [
      ['a1b22c333', /\d+/g],
      ['abc', /x*/g],
      ['😀😀', /(?:)/gu],
      ['a.b.', /[^ ]\.(?!\w)/g],
    ] as const) {
      expect(countMatches(s, re)).toBe(s.match(re)?.length ?? 0);
    }
  });
});

describe('splitString', () => {
  it('is split() under the cap', () => {
    expect(splitString('a,b,c', ',')).toEqual(['a', 'b', 'c']);
    expect(splitString('a,b,c', ',', 2)).toEqual(['a', 'b']);
    expect(splitString('a\n\nb', /\n\n/)).toEqual(['a', 'b']);
    expect(splitString(commas, ',', 3)).toEqual(['a', 'a', 'a']);
  });

  it('throws with the number of pieces the split would make, past the cap', () => {
    expect(limitOf(() => splitString(commas, ','))).toEqual({ what: 'array', size: 301 });
    expect(limitOf(() => splitString(commas, /,/))).toEqual({ what: 'array', size: 301 });
    expect(limitOf(() => splitString('x'.repeat(200), ''))).toEqual({ what: 'array', size: 200 });
  });
});

describe('building strings', () => {
  it('StringBuilder gives the joined pieces, however many', () => {
    const b = new StringBuilder();
    const pieces: string[] = [];
    for (let i = 0; i < 900; i++) {
      const p = i % 7 === 0 ? '' : String.fromCharCode(97 + (i % 26));
      pieces.push(p);
      b.add(p);
    }
    expect(b.toString()).toBe(pieces.join(''));
    expect(b.length).toBe(pieces.join('').length);
  });

  it('StringBuilder stops at the string cap', () => {
    const b = new StringBuilder();
    expect(
      limitOf(() => {
        for (let i = 0; i < 2000; i++) b.add('x');
      }),
    ).toEqual({ what: 'string', size: 1001 });
  });

  it('joinStrings and repeatString check the result first', () => {
    expect(joinStrings(['a', 'b'], '-')).toBe('a-b');
    expect(limitOf(() => joinStrings(['x'.repeat(600), 'y'.repeat(600)]))).toEqual({
      what: 'string',
      size: 1200,
    });
    expect(repeatString('ab', 3)).toBe('ababab');
    expect(repeatString('ab', -1)).toBe('');
    expect(limitOf(() => repeatString('ab', 1e9))).toEqual({ what: 'string', size: 2e9 });
  });

  it('replaceAllString takes the replacement literally and checks the size first', () => {
    expect(replaceAllString('a.b.c', '.', '$&')).toBe('a$&b$&c');
    expect(replaceAllString('aaa', 'aa', 'b')).toBe('ba');
    expect(replaceAllString('abc', '', 'x')).toBe('abc');
    expect(limitOf(() => replaceAllString(commas, ',', 'xxxx'))).toEqual({ what: 'string', size: 1500 });
  });

  it('replaceAllString is split and join, short text or long, `$` taken as it is', () => {
    const outer = enterHost(DEFAULT_HOST);
    const piece = fc.constantFrom('a', 'b', ' ', '$', '$&', 'é', '😀', 'ab');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }),
        fc.constantFrom('a', 'ab', ' ', '$', 'aa', '😀', 'é'),
        fc.constantFrom('', '-', '$&', '$1', 'xyz', '😀'),
        fc.constantFrom(1, 300),
        (pieces, needle, replacement, times) => {
          const s = pieces.join('').repeat(times);
          expect(replaceAllString(s, needle, replacement)).toBe(s.split(needle).join(replacement));
        },
      ),
      { numRuns: 1000 },
    );
    leaveHost(outer);
  });

  it('replaceAllString builds many replacements in chunks', () => {
    const outer = enterHost(DEFAULT_HOST);
    const s = 'ab'.repeat(10_000);
    expect(replaceAllString(s, 'b', 'cd')).toBe(s.replaceAll('b', 'cd'));
    leaveHost(outer);
  });

  it('replaceMatches replaces as replace() does, empty matches and surrogate pairs included', () => {
    const cases: [string, RegExp][] = [
      ['a1b22c333', /\d+/g],
      ['abc', /x*/g],
      ['😀x😀', /(?:)/gu],
      ['😀x😀', /(?:)/g],
      ['one two', /(\w)(\w*)/g],
      ['first only', /o/],
    ];
    for (const [s, re] of cases) {
      const expected = s.replace(re, (m: string) => `[${m}]`);
      expect(replaceMatches(s, re, (m) => `[${m[0]}]`)).toBe(expected);
    }
    expect(replaceMatches('abc', /x/g, () => 'y')).toBe('abc');
    expect(limitOf(() => replaceMatches(commas, /,/g, () => 'xxxx'))).toEqual({ what: 'string', size: 1001 });
  });
});

describe('PHP functions check before building', () => {
  it.each([
    ['sprintf width', () => sprintf('%02000d', [1]), 2000],
    ['sprintf string width', () => sprintf('%-2000s', ['a']), 2000],
    ['sprintf many pieces', () => sprintf('%%'.repeat(500) + '%s', ['x'.repeat(600)]), 1100],
    ['number_format decimals', () => numberFormat(1, 2000), 2002],
    ['number_format separators', () => numberFormat(1234567, 0, '.', 'x'.repeat(600)), 1207],
    ['date() format', () => phpDate('r'.repeat(100), 0, 'UTC'), 1023],
    ['strftime width', () => strftime('%2000Y', 0, 'UTC'), 2000],
    ['strftime format', () => strftime('%c'.repeat(100), 0, 'UTC'), 1008],
    // a short string is escaped whole, then checked as it joins the output
    ['json_encode', () => jsonEncode('/'.repeat(600)), 1202],
    // (the size is the length reached by the piece that passes the cap)
    [
      'json_encode of a list',
      () => jsonEncode(PhpArray.fromList(Array.from({ length: 50 }, () => 'x'.repeat(30)))),
      1023,
    ],
    ['htmlspecialchars', () => htmlspecialchars('<'.repeat(600)), 1004],
    ['htmlentities', () => htmlentities('é'.repeat(600)), 1008],
    ['urlencode', () => urlencodeBytes('/'.repeat(600), false), 1002],
  ])('%s', (_name, fn, size) => {
    expect(limitOf(fn)).toEqual({ what: 'string', size });
  });

  it('a list as long as a string, or a JSON list, stays under the array cap', () => {
    expect(limitOf(() => codePoints('x'.repeat(200)))).toEqual({ what: 'array', size: 200 });
    expect(limitOf(() => fromJSONText(`[${'1,'.repeat(150)}1]`))).toEqual({ what: 'array', size: 101 });
    expect(limitOf(() => fromJSONText(`{${'"a":1,'.repeat(150)}"b":1}`))).toEqual({
      what: 'array',
      size: 101,
    });
    expect(() => capArray(100)).not.toThrow();
  });

  it('under the caps the results are unchanged', () => {
    expect(sprintf('%05d|%-3s|%%', [42, 'a'])).toBe('00042|a  |%');
    expect(numberFormat(1234.5, 2, ',', '.')).toBe('1.234,50');
    expect(phpDate('Y-m-d \\Y', 86400, 'UTC')).toBe('1970-01-02 Y');
    expect(strftime('%5Y|%_3d|%%', 86400, 'UTC')).toBe('01970|  2|%');
    expect(jsonEncode('a/"\u65e5\ud83d\ude00')).toBe('"a\\/\\"\\u65e5\\ud83d\\ude00"');
    expect(fromJSONText('"a\\n\\u00e9\\ud83d\\ude00b"')).toBe('a\né😀b');
    expect(htmlspecialchars('<a href="x">&amp;</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;amp;&lt;/a&gt;');
    expect(htmlspecialchars('&amp; &x <', 3, 'UTF-8', false)).toBe('&amp; &amp;x &lt;');
    expect(htmlentities('é<', 3, 'ISO-8859-1')).toBe('&Atilde;&copy;&lt;');
    expect(urlencodeBytes('a b~é', false)).toBe('a+b%7E%C3%A9');
    expect(urlencodeBytes('a b~é', true)).toBe('a%20b~%C3%A9');
  });
});

describe('toBytes', () => {
  it('sizes its buffer first, escaped bytes and stray surrogates included', () => {
    expect([...toBytes('a\udcff\u00e9\ud83d\ude00\ud800x')]).toEqual([
      0x61, 0xff, 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbf, 0xbd, 0x78,
    ]);
  });
});
