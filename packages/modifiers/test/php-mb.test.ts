import { fromBytes, substrRange, toBytes } from '@sumi/php';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertKana, KANA, kanaModeFlags } from '../src/php/kana';
import {
  mbConvertEncoding,
  mbConvertKana,
  mbStrimwidth,
  mbStripos,
  mbStrlen,
  mbStrpos,
  mbStrwidth,
  mbSubstr,
} from '../src/php/mb';
import { decodeUtf8Marked, encodeChars } from '../src/php/mb-encodings';
import { strlen } from '../src/php/strings';
import { fakeCtx, run, runJS } from './helpers';

describe('mb_strlen, mb_substr', () => {
  it('counts characters', () => {
    expect(run(mbStrlen, 'héllo日本')).toBe(7);
    expect(run(mbStrlen, 'テスト')).toBe(3);
    expect(run(mbStrlen, '')).toBe(0);
    expect(run(mbStrlen, null)).toBe(0);
    expect(run(mbStrlen, '😀a')).toBe(2);
  });
  it('rejects an unknown encoding', () => {
    const ctx = fakeCtx();
    expect(run(mbStrlen, 'x', ['nope'], ctx)).toBe(null);
    expect(ctx.warnings).toEqual(['mb_strlen(): Argument #2 ($encoding) must be a valid encoding']);
  });
  it.each([
    ['日本語です', [1, 2], '本語'],
    ['日本語です', [-1], 'す'],
    ['日本語です', [-2, 1], 'で'],
    ['日本語です', [0, -2], '日本語'],
    ['日本語です', [1, -10], ''],
    ['日本語です', [5], ''],
    ['日本語です', [9], ''],
    ['日本語です', [-9, 2], '日本'],
    ['abc', [1, null], 'bc'],
  ])('mb_substr(%j, ...%j) = %j', (s, args, expected) => {
    expect(run(mbSubstr, s, args)).toBe(expected);
  });
  // what PHP 8.2 gives (php -r, bin2hex): an escaped byte that starts a character takes the bytes
  // after it with it, as libmbfl's mblen table says, even the first bytes of a whole character
  it.each([
    [
      '\udce3あb',
      3,
      [
        [0, 1, '\udce3\udce3\udc81'],
        [1, 1, '\udc82'],
        [1, null, '\udc82b'],
        [-1, null, 'b'],
        [-2, 1, '\udc82'],
        [0, -1, '\udce3あ'],
      ],
    ],
    [
      'ab\udcf0',
      3,
      [
        [0, 1, 'a'],
        [1, 1, 'b'],
        [1, null, 'b\udcf0'],
        [-1, null, '\udcf0'],
        [-2, 1, 'b'],
        [0, -1, 'ab'],
      ],
    ],
    [
      '\udce3\udce3\udce3xyz',
      4,
      [
        [0, 1, '\udce3\udce3\udce3'],
        [1, 1, 'x'],
        [1, null, 'xyz'],
        [-1, null, 'z'],
        [-2, 1, 'y'],
        [0, -1, '\udce3\udce3\udce3xy'],
      ],
    ],
    [
      'é\udcc3',
      2,
      [
        [0, 1, 'é'],
        [1, 1, '\udcc3'],
        [1, null, '\udcc3'],
        [-1, null, '\udcc3'],
        [-2, 1, 'é'],
        [0, -1, 'é'],
      ],
    ],
  ] as const)('bytes that are not UTF-8 are counted by their first byte: %j', (s, length, cuts) => {
    expect(run(mbStrlen, s)).toBe(length);
    for (const [start, len, expected] of cuts) {
      expect(run(mbSubstr, s, [start, len])).toBe(expected);
      expect(mbSubstr.onStringWith!([start, len])!(s)).toBe(expected);
    }
  });
  it('mb_strlen and mb_substr count by the mblen table on any bytes', () => {
    // the reference: libmbfl's table over the bytes, written plainly
    const mblen = (b: number) =>
      b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 1;
    const starts = (bytes: Uint8Array) => {
      const out: number[] = [];
      for (let i = 0; i < bytes.length; i += mblen(bytes[i]!)) out.push(i);
      return out;
    };
    const piece = fc.constantFrom(
      'a',
      ' ',
      'é',
      'あ',
      '😀',
      '\udce3',
      '\udcc3',
      '\udcf0',
      '\udc81',
      '\udcff',
      '\udcc0',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 10 }),
        fc.integer({ min: -12, max: 12 }),
        fc.option(fc.integer({ min: -12, max: 12 })),
        (pieces, start, len) => {
          const s = fromBytes(toBytes(pieces.join('')));
          const bytes = toBytes(s);
          const at = starts(bytes);
          expect(run(mbStrlen, s)).toBe(at.length);
          const [from, to] = substrRange(at.length, start, len);
          const cut =
            from >= to ? '' : fromBytes(bytes.subarray(at[from], to < at.length ? at[to] : bytes.length));
          expect(run(mbSubstr, s, [start, len])).toBe(cut);
          expect(mbSubstr.onStringWith!([start, len])!(s)).toBe(cut);
        },
      ),
      { numRuns: 3000 },
    );
  });
  it('mb_substr in SJIS returns SJIS bytes', () => {
    const sjis = run(mbConvertEncoding, 'あいう', ['SJIS']);
    const part = run(mbSubstr, sjis, [1, 1, 'SJIS']);
    expect(run(strlen, part)).toBe(2);
    expect(run(mbConvertEncoding, part, ['UTF-8', 'SJIS'])).toBe('い');
  });
});

describe('mb_strpos, mb_stripos', () => {
  it.each([
    [mbStrpos, '日本語x', ['語'], 2],
    [mbStripos, '日本語x', ['X'], 3],
    [mbStrpos, '日本語x', ['X'], false],
    [mbStrpos, 'あいあい', ['あ', 1], 2],
    [mbStrpos, 'あいあい', ['あ', -2], 2],
    [mbStrpos, 'あいあい', ['', 1], 1],
    [mbStripos, 'ÄBC', ['b'], 1],
    [mbStripos, 'abcÄ', ['ä'], 3],
  ])('%o(%j, ...%j)', (def, h, args, expected) => {
    expect(run(def, h, args)).toBe(expected);
  });
  // PHP 8.2 (php -r): bytes searched among bytes, the offset taken by the mblen table, the position
  // counted in bytes that are not continuation bytes; the case-insensitive search reads each
  // ill-formed part as `?`
  it.each([
    [mbStrpos, '\udce3\udc81ab', ['b'], 2],
    [mbStrpos, '\udce3\udc81ab', ['b', 1], 2],
    [mbStrpos, '\udce3\udc81ab', ['b', 2], false],
    [mbStrpos, '\udce3xab', ['b', 1], 3],
    [mbStrpos, 'あ\udc81b', ['b'], 1],
    [mbStrpos, '\udc81\udc81b', ['\udc81', 1], 0],
    [mbStrpos, '\udce3\udc81あ', ['あ'], 1],
    [mbStrpos, 'あい', ['\udc81'], 1],
    [mbStrpos, '\udce3\udc81ab', ['b', -1], 2],
    // a negative offset walks back a character per byte that is not a continuation byte
    [mbStrpos, 'x\udce3yz', ['y', -1], false],
    [mbStrpos, 'a\udce3b', ['b', -3], 2],
    [mbStrpos, '\udce3\udc81あ', ['あ', -1], 1],
    [mbStripos, '\udce3\udc81ab', ['B'], 2],
    [mbStripos, 'a?b\udcff', ['\udcff'], 1],
  ])('bytes that are not UTF-8: %o(%j, ...%j)', (def, h, args, expected) => {
    expect(run(def, h, args)).toBe(expected);
  });
  it('offset out of range', () => {
    const ctx = fakeCtx();
    expect(run(mbStrpos, 'あい', ['あ', 3], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'mb_strpos(): Argument #3 ($offset) must be contained in argument #1 ($haystack)',
    ]);
  });
});

describe('mb_strwidth, mb_strimwidth', () => {
  it("read bytes that are not UTF-8 as PHP's decoder does: one mark per ill-formed part, `?`", () => {
    // PHP 8.2 (php -r)
    expect(run(mbStrwidth, 'x\udce3yz')).toBe(4);
    expect(run(mbStrwidth, '\udce3\udc81')).toBe(1);
    expect(run(mbStrimwidth, 'x\udce3yz', [0, 2])).toBe('x?');
    expect(run(mbStrimwidth, 'x\udce3yz', [0, 3, '…'])).toBe('x?…');
    expect(run(mbStrimwidth, '\udce3\udc81あ', [0, 3])).toBe('?あ');
    expect(run(mbStrimwidth, '日本\udcff語', [1, 10])).toBe('本?語');
  });
  it.each([
    ['あいうえおかきくけこ', 20],
    ['あいabc', 7],
    ['ｱｲｳ', 3],
    ['ＡＢＣ', 6],
    ['…', 1],
    ['', 0],
    ['한국어', 6],
  ])('mb_strwidth(%j) = %i', (s, w) => {
    expect(run(mbStrwidth, s)).toBe(w);
  });
  it.each([
    ['あいうえおかきくけこ', [0, 7, '…'], 'あいう…'],
    ['あいうえおかきくけこ', [0, 20, '…'], 'あいうえおかきくけこ'],
    ['あいうえおかきくけこ', [0, 19, '…'], 'あいうえおかきくけ…'],
    ['Hello World', [0, 10, '...'], 'Hello W...'],
    ['Hello World', [0, 11, '...'], 'Hello World'],
    ['Hello World', [6, 5], 'World'],
    ['Hello World', [0, 5], 'Hello'],
    ['Hello', [0, 2, '...'], '...'],
    ['abc', [0, 0], ''],
    ['Hello World', [-5, 3], 'Wor'],
  ])('mb_strimwidth(%j, ...%j) = %j', (s, args, expected) => {
    expect(run(mbStrimwidth, s, args)).toBe(expected);
  });
  it('start out of range', () => {
    const ctx = fakeCtx();
    expect(run(mbStrimwidth, 'abc', [4, 2], ctx)).toBe(null);
    expect(ctx.warnings).toEqual(['mb_strimwidth(): Argument #2 ($start) is out of range']);
  });
  // PHP 8.2.36 (php -r): the start in characters (mb_strlen's), a negative width counted without
  // the columns before the start
  it.each([
    ['あいう', [-1, 6], 'う'],
    ['あいう', [3, 6], ''],
    ['あいう', [4, 6], null],
    ['あいう', [-4, 6], null],
    ['あいう', [1, -2], 'い'],
    ['aあbい', [2, -1], 'b'],
    ['aあbい', [-2, -1], 'b'],
    ['aあbい', [1, -2], 'あb'],
    ['aあbい', [2, -4], null],
    ['a\udce3bcd', [3, 6], 'cd'],
    ['a\udce3bcd', [-2, 6], '?bcd'],
    ['a\udce3bcd', [4, 6], null],
    ['abcdef', [0, 4, '\udce3\udc81'], 'abc\udce3\udc81'],
  ])('mb_strimwidth(%j, ...%j) = %j', (s, args, expected) => {
    expect(run(mbStrimwidth, s, args)).toBe(expected);
  });
});

describe('mb_convert_kana', () => {
  it("writes bytes that are not UTF-8 as PHP's decoder marks them: one ? per ill-formed part", () => {
    expect(run(mbConvertKana, 'a\udce3b')).toBe('a?b');
    expect(run(mbConvertKana, 'ｶﾞ\udce3\udc81ｷ', ['KV'])).toBe('ガ?キ');
  });
  it.each([
    ['ｶﾞｷﾞ　ＡＢＣ１２３', 'KVas', 'ガギ ABC123'],
    ['ｱｲｳ', undefined, 'アイウ'],
    ['ﾊﾟﾋﾟﾌﾟ', 'KV', 'パピプ'],
    ['ｶﾞ', 'K', 'カ゛'],
    ['ｳﾞ', 'KV', 'ヴ'],
    ['ｶﾞｷﾞ', 'HV', 'がぎ'],
    ['ひらがな', 'C', 'ヒラガナ'],
    ['カタカナ', 'c', 'かたかな'],
    ['ガギ', 'k', 'ｶﾞｷﾞ'],
    ['パ。「」ー', 'k', 'ﾊﾟ｡｢｣ｰ'],
    ['がっこう', 'h', 'ｶﾞｯｺｳ'],
    ['abc 123', 'A', 'ａｂｃ\u0020１２３'],
    ['abc 123', 'AS', 'ａｂｃ　１２３'],
    ['a"\'\\~', 'A', 'ａ"\'\\~'],
    ['ＡＢＣ', 'r', 'ABC'],
    ['１２３', 'n', '123'],
    ['ＡＢＣ１２３', 'n', 'ＡＢＣ123'],
    ['ヵヶ', 'k', 'ヵヶ'],
  ])('mb_convert_kana(%j, %j) = %j', (s, mode, expected) => {
    expect(run(mbConvertKana, s, mode === undefined ? [] : [mode])).toBe(expected);
  });
  it('contradicting flags are a ValueError', () => {
    expect(kanaModeFlags('Aa')).toBe(
      "mb_convert_kana(): Argument #2 ($mode) must not combine 'A' and 'a' flags",
    );
    expect(kanaModeFlags('KV')).toBe(KANA.HAN2ZEN_KATAKANA | KANA.HAN2ZEN_GLUE);
    const ctx = fakeCtx();
    expect(run(mbConvertKana, 'x', ['KH'], ctx)).toBe(null);
    expect(run(mbConvertKana, 'x', ['Aax'], ctx)).toBe(null);
    expect(run(mbConvertKana, 'x', ['CcMm'], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      "mb_convert_kana(): Argument #2 ($mode) must not combine 'H' and 'K' flags",
      "mb_convert_kana(): Argument #2 ($mode) contains invalid flag: 'x'",
      "mb_convert_kana(): Argument #2 ($mode) must not combine 'M' and 'm' flags",
    ]);
    // k with h is allowed: both give half-width katakana
    expect(run(mbConvertKana, 'アあ', ['kh'])).toBe('ｱｱ');
  });
  it('M and m convert the quotes, backslash, yen and overline', () => {
    expect(run(mbConvertKana, '\\ \' " ~ ¥ ‾ ‘', ['M'])).toBe('￥ ’ ” ￣ ￥ ￣ ‘');
    expect(run(mbConvertKana, '‘’“”‾＼￣￥', ['m'])).toBe('\'\'""~\\~\\');
  });
  it('convertKana on code points', () => {
    expect(convertKana([0xff76, 0xff9e], KANA.HAN2ZEN_KATAKANA | KANA.HAN2ZEN_GLUE)).toEqual([0x30ac]);
  });
});

describe('mb_convert_encoding', () => {
  it('HTML-ENTITIES: names for HTML 4.01 characters, numbers for the rest, ASCII as it is', () => {
    expect(run(mbConvertEncoding, 'é <b>&amp; 日 😀', ['HTML-ENTITIES'])).toBe(
      '&eacute; <b>&amp; &#26085; &#128512;',
    );
    expect(
      run(mbConvertEncoding, '&eacute;&#x65E5;&#128512;&lt;&#65&#66;&bogus;&#1114112;', ['UTF-8', 'HTML']),
    ).toBe('é日😀<&#65B&bogus;&#1114112;');
    // the entity number wraps at 32 bits, as mbstring's accumulator does
    expect(run(mbConvertEncoding, '&#4294967361;', ['UTF-8', 'HTML-ENTITIES'])).toBe('A');
  });
  it('invalid UTF-8 is one mark per ill-formed part', () => {
    const bad = '\udce2\udc80x\udcff';
    expect(run(mbConvertEncoding, bad, ['UTF-8'])).toBe('?x?');
    expect(run(mbConvertEncoding, bad, ['HTML-ENTITIES'])).toBe('&#4294967295;x&#4294967295;');
  });
  it('SJIS has 2 bytes per kana', () => {
    const sjis = run(mbConvertEncoding, 'あいうえおかきくけこ', ['SJIS']);
    expect(run(strlen, sjis)).toBe(20);
    expect(run(mbConvertEncoding, sjis, ['UTF-8', 'SJIS'])).toBe('あいうえおかきくけこ');
    expect(run(mbConvertEncoding, sjis, ['UTF-8', 'SJIS-win'])).toBe('あいうえおかきくけこ');
  });
  it('EUC-JP and JIS round trips', () => {
    for (const enc of ['EUC-JP', 'JIS', 'UTF-16BE', 'UTF-16LE']) {
      const b = run(mbConvertEncoding, '日本語テキスト', [enc]);
      expect(run(mbConvertEncoding, b, ['UTF-8', enc])).toBe('日本語テキスト');
    }
    expect(run(strlen, run(mbConvertEncoding, '日本', ['EUC-JP']))).toBe(4);
  });
  it('exact bytes: SJIS (CP932), EUC-JP with JIS X 0212, ISO-2022-JP escapes', () => {
    const hex = (v: unknown) =>
      Array.from(toBytes(v as string), (b) => b.toString(16).padStart(2, '0')).join(' ');
    expect(hex(run(mbConvertEncoding, 'あ～ｱA', ['SJIS']))).toBe('82 a0 81 60 b1 41');
    expect(hex(run(mbConvertEncoding, 'あｱé', ['EUC-JP']))).toBe('a4 a2 8e b1 8f ab b1');
    expect(hex(run(mbConvertEncoding, 'aあｱ', ['JIS']))).toBe('61 1b 24 42 24 22 1b 28 49 31 1b 28 42');
    expect(run(mbConvertEncoding, run(mbConvertEncoding, 'aあｱ', ['JIS']), ['UTF-8', 'JIS'])).toBe('aあｱ');
    expect(hex(run(mbConvertEncoding, '①髙', ['SJIS']))).toBe('87 40 fb fc');
  });
  it('detects among candidates', () => {
    const sjis = run(mbConvertEncoding, 'テスト', ['SJIS']);
    expect(run(mbConvertEncoding, sjis, ['UTF-8', 'UTF-8,SJIS'])).toBe('テスト');
    expect(run(mbConvertEncoding, 'テスト', ['UTF-8', 'auto'])).toBe('テスト');
  });
  it('unmappable characters become ?', () => {
    expect(run(mbConvertEncoding, 'aé日', ['ASCII'])).toBe('a??');
    expect(run(mbConvertEncoding, 'é', ['ISO-8859-1', 'UTF-8']) as string).toHaveLength(1);
  });
  it('converts arrays element by element', () => {
    const r = run(mbConvertEncoding, { k: 'あ', list: ['い'] }, ['SJIS']);
    expect(runJS(mbConvertEncoding, r, ['UTF-8', 'SJIS'])).toEqual({ k: 'あ', list: ['い'] });
  });
  it('unknown encodings', () => {
    const ctx = fakeCtx();
    expect(run(mbConvertEncoding, 'x', ['EBCDIC'], ctx)).toBe(null);
    expect(run(mbConvertEncoding, 'x', ['UTF-8', 'KOI9'], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'mb_convert_encoding(): Argument #2 ($to_encoding) must be a valid encoding',
      'mb_convert_encoding(): Argument #3 ($from_encoding) contains an invalid encoding',
    ]);
  });
});

describe('mb_convert_encoding UTF-8 to UTF-8', () => {
  it('gives well-formed text as it is, and marks what is not, as a full conversion does', () => {
    const pieces = ['a', 'é', '日本', '😀', ' ', '\udcc3\udca9', '\udcff', '\ud800', '\ude00x'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((p) => p.join('')),
        (s) => {
          const expected = encodeChars(decodeUtf8Marked(s), 'UTF-8');
          expect(run(mbConvertEncoding, s, ['UTF-8', 'UTF-8'])).toBe(expected);
          expect(run(mbConvertEncoding, s, ['UTF-8'])).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
