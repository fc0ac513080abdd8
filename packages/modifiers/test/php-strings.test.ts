import { PhpArray, PhpFloat } from '@sumi/php';
import { describe, expect, it } from 'vitest';
import {
  charMask,
  explode,
  implode,
  stripos,
  strlen,
  strPad,
  strpos,
  strstr,
  strtolower,
  strtoupper,
  substr,
  trim,
} from '../src/php/strings';
import { fakeCtx, run, runJS } from './helpers';

describe('explode', () => {
  it.each([
    [',', 'a,b,c', [], ['a', 'b', 'c']],
    [',', 'a,b,c', [2], ['a', 'b,c']],
    [',', 'a,b,c', [0], ['a,b,c']],
    [',', 'a,b,c', [-1], ['a', 'b']],
    [',', 'a,b,c', [-3], []],
    [',', '', [], ['']],
    [',', '', [-1], []],
    [',', 'x', [], ['x']],
    ['、', '日本、東京', [], ['日本', '東京']],
    ['x,y', ',', [], [',']],
  ])('explode(%j, %j, ...%j)', (sep, s, extra, expected) => {
    expect(runJS(explode, sep, [s, ...extra])).toEqual(expected);
  });

  it('an empty separator is a ValueError: null and a logged message', () => {
    const ctx = fakeCtx();
    expect(run(explode, '', ['abc'], ctx)).toBe(null);
    expect(ctx.warnings).toEqual(['explode(): Argument #1 ($separator) cannot be empty']);
  });

  it('an int string is converted', () => {
    expect(runJS(explode, '0', [102030])).toEqual(['1', '2', '3', '']);
  });
});

describe('implode', () => {
  it('joins with the separator first (PHP 8 order)', () => {
    expect(run(implode, ',', [['x', 'y', 'z']])).toBe('x,y,z');
    expect(run(implode, ' - ', [['x', 'y']])).toBe('x - y');
  });
  it('takes the array alone', () => {
    expect(run(implode, [1, 'a', null, true, false])).toBe('1a1');
  });
  it('prints floats with precision 14 and arrays as Array (with a warning)', () => {
    const ctx = fakeCtx();
    expect(run(implode, '|', [[0.1 + 0.2, new PhpFloat(2), [1]]], ctx)).toBe('0.3|2|Array');
    expect(ctx.warnings).toEqual(['Array to string conversion']);
  });
  it('rejects the legacy order and a missing array', () => {
    const ctx = fakeCtx();
    expect(run(implode, ['x'], [','], ctx)).toBe(null);
    expect(run(implode, ',', [null], ctx)).toBe(null);
    expect(run(implode, ['a'], [['b']], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'implode(): Argument #2 ($array) must be of type ?array, string given',
      'implode(): Argument #1 ($pieces) must be of type array, string given',
      'implode(): Argument #1 ($separator) must be of type string, array given',
    ]);
  });
});

describe('str_pad', () => {
  it.each([
    ['ab', [6, '*'], 'ab****'],
    ['ab', [6, '*', 0], '****ab'],
    [42, [5, '0', 0], '00042'],
    ['ab', [5, '-', 2], '-ab--'],
    ['ab', [6, '-', 2], '--ab--'],
    ['ab', [1], 'ab'],
    ['ab', [-3], 'ab'],
    ['ab', [5], 'ab   '],
    ['x', [8, 'abc'], 'xabcabca'],
    ['x', [6, 'abc', 2], 'abxabc'],
    ['日', [5, '*'], '日**'],
    [-1.5, [6, '0', 0], '00-1.5'],
  ])('str_pad(%j, ...%j) = %j', (s, args, expected) => {
    expect(run(strPad, s, args)).toBe(expected);
  });

  it('errors', () => {
    const ctx = fakeCtx();
    expect(run(strPad, 'x', [5, ''], ctx)).toBe(null);
    expect(run(strPad, 'x', [5, '-', 3], ctx)).toBe(null);
    expect(run(strPad, 'x', [1, ''], ctx)).toBe('x');
    expect(run(strPad, ['x'], [5], ctx)).toBe(null);
    expect(run(strPad, 'x', ['five'], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'str_pad(): Argument #3 ($pad_string) must be a non-empty string',
      'str_pad(): Argument #4 ($pad_type) must be STR_PAD_LEFT, STR_PAD_RIGHT, or STR_PAD_BOTH',
      'str_pad(): Argument #1 ($string) must be of type string, array given',
      'str_pad(): Argument #2 ($length) must be of type int, string given',
    ]);
  });

  it('a leading-numeric length is a TypeError (PHP 8 parameters take numeric strings only): null', () => {
    const ctx = fakeCtx();
    expect(run(strPad, 'x', ['3 chars'], ctx)).toBe(null);
    expect(ctx.warnings).toEqual(['str_pad(): Argument #2 ($length) must be of type int, string given']);
    expect(run(strPad, 'x', [' 3 '])).toBe('x  ');
  });
});

describe('strpos, stripos, strstr', () => {
  it.each([
    [strpos, 'foo boo', ['o'], 1],
    [strpos, 'foo boo', ['z'], false],
    [strpos, 'foo boo', ['o', 3], 5],
    [strpos, 'foo boo', ['o', -2], 5],
    [strpos, 'foo boo', ['', 2], 2],
    [strpos, 'foo boo', ['F'], false],
    [strpos, '日本語x', ['語'], 6],
    [strpos, '日本語x', ['x', 1], 9],
    [strpos, 'abc', ['c', 3], false],
    [stripos, 'foo boo', ['B'], 4],
    [stripos, 'HeLLo', ['h'], 0],
    [stripos, 'ÀB', ['b'], 2],
    [stripos, 'À', ['à'], false],
  ])('%o(%j, ...%j)', (def, h, args, expected) => {
    expect(run(def, h, args)).toBe(expected);
  });

  it('an offset outside the haystack is a ValueError', () => {
    const ctx = fakeCtx();
    expect(run(strpos, 'abc', ['a', 4], ctx)).toBe(null);
    expect(run(strpos, 'abc', ['a', -4], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'strpos(): Argument #3 ($offset) must be contained in argument #1 ($haystack)',
      'strpos(): Argument #3 ($offset) must be contained in argument #1 ($haystack)',
    ]);
  });

  it('strstr', () => {
    expect(run(strstr, 'foo boo', ['b'])).toBe('boo');
    expect(run(strstr, 'foo boo', [' ', true])).toBe('foo');
    expect(run(strstr, 'foo boo', ['z'])).toBe(false);
    expect(run(strstr, 'user@example.com', ['@', true])).toBe('user');
    expect(run(strstr, '東京都港区', ['都'])).toBe('都港区');
  });
});

describe('strlen, case, substr', () => {
  it('strlen counts bytes', () => {
    expect(run(strlen, 'héllo日本')).toBe(12);
    expect(run(strlen, 'テスト')).toBe(9);
    expect(run(strlen, '')).toBe(0);
    expect(run(strlen, null)).toBe(0);
    expect(run(strlen, 12345)).toBe(5);
    expect(run(strlen, 0.1 + 0.2)).toBe(3);
    expect(run(strlen, true)).toBe(1);
    expect(run(strlen, '😀')).toBe(4);
  });
  it('strlen of an array is a TypeError', () => {
    const ctx = fakeCtx();
    expect(run(strlen, new PhpArray(), [], ctx)).toBe(null);
    expect(ctx.warnings).toEqual(['strlen(): Argument #1 ($string) must be of type string, array given']);
  });
  it('case mapping is ASCII only', () => {
    expect(run(strtoupper, 'hello World')).toBe('HELLO WORLD');
    expect(run(strtolower, 'hello World')).toBe('hello world');
    expect(run(strtoupper, 'ÀÉ abc')).toBe('ÀÉ ABC');
    expect(run(strtolower, 'ÀÉ ABC')).toBe('ÀÉ abc');
    expect(run(strtoupper, 'straße')).toBe('STRAßE');
  });
  it.each([
    ['abcdefghij', [2, 2], 'cd'],
    ['abcdefghij', [1, 2], 'bc'],
    ['abcdef', [-2], 'ef'],
    ['abcdef', [-10], 'abcdef'],
    ['abcdef', [1, -1], 'bcde'],
    ['abcdef', [1, -10], ''],
    ['abcdef', [6], ''],
    ['abcdef', [7], ''],
    ['abcdef', [0, null], 'abcdef'],
    ['abcdef', [2, 0], ''],
    ['日本語', [3, 3], '本'],
    ['日本語', [-3], '語'],
  ])('substr(%j, ...%j) = %j', (s, args, expected) => {
    expect(run(substr, s, args)).toBe(expected);
  });
  it('substr inside a character keeps the bytes: strlen counts them and byte functions rejoin them', () => {
    const cut = run(substr, '日本', [0, 1]) as string;
    expect(run(strlen, cut)).toBe(1);
    const rest = run(substr, '日本', [1]) as string;
    expect(run(strlen, rest)).toBe(5);
    expect(run(substr, cut + rest, [0])).toBe('日本');
  });
});

describe('trim', () => {
  it.each([
    ['  ab \n', [], 'ab'],
    ['\0\tab\v', [], 'ab'],
    ['xxhixx', ['x'], 'hi'],
    ['abc123', ['a..z'], '123'],
    ['[a]', ['[]'], 'a'],
    ['', [], ''],
    ['   ', [], ''],
    ['..a..', ['.'], 'a'],
    ['　全角　', [], '　全角　'],
    // a surrogate pair stays whole; escaped bytes that are UTF-8 once cut free are read as such
    [' 😀 ', [], '😀'],
    [' \udcc3\udca9\n', [], 'é'],
    ['\t\udcff ', [], '\udcff'],
  ])('trim(%j, ...%j) = %j', (s, args, expected) => {
    expect(run(trim, s, args)).toBe(expected);
  });

  it('a multibyte character list strips bytes, as PHP does', () => {
    // U+3000 is E3 80 80; あ is E3 81 82, so its first byte goes too and what is left is not UTF-8
    const r = run(trim, '　あ', ['　']) as string;
    expect(run(strlen, r)).toBe(2);
  });

  it('charMask ranges and warnings', () => {
    const warnings: string[] = [];
    const m = charMask('a..c', (w) => warnings.push(w));
    expect([...m]).toEqual([97, 98, 99]);
    charMask('..a', (w) => warnings.push(w));
    charMask('a..', (w) => warnings.push(w));
    charMask('z..a', (w) => warnings.push(w));
    expect(warnings).toEqual([
      "Invalid '..'-range, no character to the left of '..'",
      "Invalid '..'-range, no character to the right of '..'",
      "Invalid '..'-range, '..'-range needs to be incrementing",
    ]);
  });
});
