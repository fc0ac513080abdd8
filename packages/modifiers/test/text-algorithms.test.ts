import { digestText, phpHash } from '@sumi/php';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capitalize,
  countCharacters,
  countParagraphs,
  countSentences,
  countWords,
  dropLastWord,
  indent,
  nl2br,
  spacify,
  strtrPairs,
  tagsToSpaces,
  truncate,
} from '../src/smarty/text-algorithms';

describe('capitalize (Smarty 2.6.28 regex, no /u)', () => {
  it.each([
    ["hello wORLD next2you 3rd o'neil", false, "Hello WORLD next2you 3rd O'neil"],
    ["hello wORLD next2you 3rd o'neil", true, "Hello WORLD Next2you 3rd O'neil"],
    ['ça va', false, 'çA Va'],
    ["it's a test", false, "It's A Test"],
    ["'quoted' word", false, "'quoted' Word"],
    ['test 123abc hello', true, 'Test 123abc Hello'],
    ['', false, ''],
    ['日本 語 abc', false, '日本 語 Abc'],
  ])('%j uc_digits=%s', (input, uc, out) => {
    expect(capitalize(input as string, uc as boolean)).toBe(out);
  });
});

describe('count_*', () => {
  it('count_characters counts bytes', () => {
    expect(countCharacters('Cold Wave  Linked', false)).toBe(14);
    expect(countCharacters('Cold Wave  Linked', true)).toBe(17);
    expect(countCharacters('日本 語', false)).toBe(9);
    expect(countCharacters('Tab\there', false)).toBe(7);
    expect(countCharacters('', false)).toBe(0);
  });
  it('count_words / sentences / paragraphs', () => {
    expect(countWords('Hello there. How are you? Fine!')).toBe(6);
    expect(countWords('   spaces   only   ')).toBe(2);
    expect(countWords('!!!')).toBe(0);
    expect(countWords('日本 語')).toBe(2);
    expect(countSentences('Hello there. How are you? Fine!')).toBe(1);
    expect(countSentences("Hello. How are you? I'm fine.")).toBe(2);
    expect(countSentences('Mr. Smith went home.')).toBe(2);
    expect(countSentences('a.b')).toBe(0);
    expect(countParagraphs('one\ntwo\n\nthree')).toBe(3);
    expect(countParagraphs('')).toBe(1);
    expect(countParagraphs('a\r\n\r\nb\n')).toBe(3);
  });
});

describe('indent / nl2br / spacify / strtr', () => {
  it('indent does not indent after a final newline', () => {
    expect(indent('a\nb\n', '    ')).toBe('    a\n    b\n');
    expect(indent('', '--')).toBe('--');
    expect(indent('a\r\nb', '\t')).toBe('\ta\r\n\tb');
  });
  it('nl2br', () => {
    expect(nl2br('a\nb\r\nc\n\rd\re')).toBe('a<br />\nb<br />\r\nc<br />\n\rd<br />\re');
  });
  it('spacify splits bytes', () => {
    expect(spacify('abc', ' ')).toBe('a b c');
    expect(spacify('ab c', '.')).toBe('a.b. .c');
    expect(spacify('', '-')).toBe('');
    // "é" is two bytes: the separator lands inside the character (bytes kept as escapes)
    expect(spacify('é', '')).toBe('é');
    expect(spacify('aé', '-')).toBe('a-\udcc3-\udca9');
  });
  it('strtr longest first', () => {
    expect(
      strtrPairs('</a>\\', [
        ['<', 'L'],
        ['</', '<\\/'],
        ['\\', '\\\\'],
      ]),
    ).toBe('<\\/a>\\\\');
  });
});

describe('truncate', () => {
  const s =
    'Two Sisters Reunite after Eighteen Years at Checkout Counter, a story of more than eighty characters long.';
  it.each([
    [
      80,
      '...',
      false,
      false,
      'Two Sisters Reunite after Eighteen Years at Checkout Counter, a story of more...',
    ],
    [20, '...', false, false, 'Two Sisters...'],
    [20, '', false, false, 'Two Sisters Reunite'],
    [20, '---', false, false, 'Two Sisters---'],
    [20, '...', true, false, 'Two Sisters Reuni...'],
    [20, '...', false, true, 'Two Sist...rs long.'],
    [0, '...', false, false, ''],
    [2, '', false, false, 'Tw'],
  ])('%i %j break=%s middle=%s', (len, etc, bw, mid, out) => {
    expect(truncate(s, len as number, etc as string, bw as boolean, mid as boolean)).toBe(out);
  });
  it('counts bytes', () => {
    expect(truncate('これは日本語の文章です', 9, '', false, false)).toBe('これは');
    expect(truncate('これは日本語の文章です', 12, '', false, false)).toBe('これは日');
    expect(truncate('short', 80, '...', false, false)).toBe('short');
    expect(truncate('abcdefghijkl', 6, '~', false, false)).toBe('abcde~');
    expect(truncate('<b>', 2, '', false, false)).toBe('<b');
  });
  it('a final newline counts as end for the word cut', () => {
    // substr gives "ab cd\n": preg_replace removes " cd" before the final newline, then the newline
    expect(truncate('ab cd\nef gh', 5, '', false, false)).toBe('ab');
  });
});

describe("strip_tags with replace_with_space: preg_replace('!<[^>]*?>!', ' ', $s) (PHP 8.2 values)", () => {
  it.each([
    ['a<<b>c', 'a c'],
    ['x<y<z', 'x<y<z'],
    ['>a<b>c<d', '>a c<d'],
    ['<<>>', ' >'],
    ['日本<b>語</b>', '日本 語 '],
    ['<a<b<c>d>e>f', ' d>e>f'],
    ["a<'b>c'>d", "a c'>d"],
    ['<a "x\'y" >z', ' z'],
    ['<!--a-->b<!-', ' b<!-'],
    ['<? (a > b) ?>c', '  b) ?>c'],
    ['<<<>>>x', ' >>x'],
    ["a<b>'<c>'d", "a ' 'd"],
    ['<a title="<b>">t</a>', ' ">t '],
    ['<a\n<b>x', ' x'],
    ['< a<b>c', ' c'],
    ['1<2>3<4', '1 3<4'],
    ['<?xml version="1.0"?>y', ' y'],
    ['<!DOCTYPE x>z', ' z'],
    ['<a href=\'x\'"y">q</a>r', ' q r'],
    ['no tags', 'no tags'],
    ['', ''],
  ])('%j → %j', (input, out) => {
    expect(tagsToSpaces(input)).toBe(out);
  });

  it("1-2 MB of hostile input: PHP's result, in time linear in the input", () => {
    const md5 = (s: string) => digestText(phpHash('md5', new TextEncoder().encode(s)), false);
    expect(md5(tagsToSpaces('<a '.repeat(300000) + '>' + 'x<'.repeat(200000)))).toBe(
      'd828528735fd54c92142cfd6d9ccb6ae',
    );
    expect(md5(tagsToSpaces(`<'"`.repeat(500000)))).toBe('6c2e5daf8dcd7b4e9ebac7884d33f0bb');
    expect(md5(tagsToSpaces("<a title='>'>t</a>".repeat(100000)))).toBe('0d0756213939d151ab924ad1e507a5b6');
    // a regex retrying at every unclosed `<` took minutes on this one
    expect(md5(tagsToSpaces('<'.repeat(1000000) + 'a>'.repeat(10)))).toBe('cad256548e00720a670d72dd2f6b1bad');
    const best = (f: () => void) => {
      let t = Number.POSITIVE_INFINITY;
      for (let k = 0; k < 3; k++) {
        const t0 = performance.now();
        f();
        t = Math.min(t, performance.now() - t0);
      }
      return t;
    };
    for (const unit of ['<', '<a ', 'x<b>y']) {
      const small = unit.repeat(Math.ceil(200_000 / unit.length));
      const big = small.repeat(4);
      const ratio =
        best(() => tagsToSpaces(big)) /
        Math.max(
          best(() => tagsToSpaces(small)),
          0.5,
        );
      expect(ratio).toBeLessThan(10);
    }
  });
});

describe('dropLastWord', () => {
  // preg_replace('/\s+?(\S+)?$/', '', $s) as truncate writes it (the form kept in text-algorithms.ts)
  const reference = (s: string) => s.replace(/[\t\n\v\f\r ]+?(?:[^\t\n\v\f\r ]+)?(?=\n?$)/g, '');

  it('removes what the regex removes', () => {
    fc.assert(
      fc.property(
        fc
          .array(
            fc.constantFrom('a', 'bc', ' ', '  ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '日', '\udcc3'),
            {
              maxLength: 12,
            },
          )
          .map((p) => p.join('')),
        (s) => {
          expect(dropLastWord(s)).toBe(reference(s));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('keeps a text with no whitespace, and cuts at the last run', () => {
    expect(dropLastWord('abc')).toBe('abc');
    expect(dropLastWord('ab  cd')).toBe('ab');
    expect(dropLastWord('ab cd ')).toBe('ab cd');
    expect(dropLastWord('ab\r\n')).toBe('ab');
  });
});

describe('truncate on ASCII text', () => {
  // smarty_modifier_truncate on single-byte text, line for line
  const reference = (s: string, length: number, etc: string, breakWords: boolean) => {
    if (length === 0) return '';
    if (s.length <= length) return s;
    const len = length - Math.min(length, etc.length);
    const str = breakWords
      ? s
      : s.slice(0, len + 1).replace(/[\t\n\v\f\r ]+?(?:[^\t\n\v\f\r ]+)?(?=\n?$)/g, '');
    return str.slice(0, len) + etc;
  };

  it('cuts as PHP does, with and without break_words', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom('a', 'bc', 'word', ' ', '  ', '\t', '\n', '.'), { maxLength: 16 })
          .map((p) => p.join('')),
        fc.integer({ min: -3, max: 30 }),
        fc.constantFrom('...', '', '-', 'abcdef'),
        fc.boolean(),
        (s, length, etc, breakWords) => {
          expect(truncate(s, length, etc, breakWords, false)).toBe(reference(s, length, etc, breakWords));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
