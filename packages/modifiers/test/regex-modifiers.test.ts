import { describe, expect, it } from 'vitest';
import { split } from '../src/cms/arrays';
import { regexReplace, replace, stringFormat } from '../src/smarty/replacing';
import { strip } from '../src/smarty/strings';
import { fakeCtx, run, runJS } from './helpers';

describe('regex_replace (conformance regex_replace, regex_replace_arrays, regex_replace_cms_usage)', () => {
  const s = 'id 123 user@host\nx 45';
  it('patterns, groups and classes', () => {
    expect(run(regexReplace, s, ['/\\d+/', '#'])).toBe('id # user@host\nx #');
    expect(run(regexReplace, s, ['/(\\w+)@(\\w+)/', '$2 at $1'])).toBe('id 123 host at user\nx 45');
    expect(run(regexReplace, s, ['/[\r\t\n]/', ' '])).toBe('id 123 user@host x 45');
    expect(run(regexReplace, '03-1234-5678', ['/[^0-9]/', ''])).toBe('0312345678');
    expect(run(regexReplace, 'a  \t b\n\nc', ['/\\s+/u', ' '])).toBe('a b c');
    expect(run(regexReplace, 'a 2024 b', ['/\\d{4}/', '#'])).toBe('a # b');
    expect(run(regexReplace, 'This is KUROCO.', ['/kuroco/i', 'Kuroco'])).toBe('This is Kuroco.');
    expect(run(regexReplace, '12,31,2023', ['/(\\d+),(\\d+),(\\d+)/', '$3-$1-$2'])).toBe('2023-12-31');
    expect(run(regexReplace, '本日は晴天なり', ['/晴天/', '雨天'])).toBe('本日は雨天なり');
  });
  it('arrays of patterns and replacements', () => {
    expect(
      run(regexReplace, 'cat dog cow', [
        ['/cat/', '/dog/'],
        ['CAT', 'DOG'],
      ]),
    ).toBe('CAT DOG cow');
    expect(run(regexReplace, 'cat dog cow', [['/cat/', '/dog/'], 'X'])).toBe('X X cow');
  });
  it('the e modifier is removed', () => {
    expect(run(regexReplace, 'abc', ['/b/e', 'strtoupper("x")'])).toBe('astrtoupper("x")c');
  });
  it('a bad pattern is a warning and null', () => {
    const ctx = fakeCtx();
    expect(run(regexReplace, 'abc', ['/(/', 'x'], ctx)).toBe(null);
    expect(ctx.warnings.length).toBe(1);
    expect(ctx.warnings[0]).toMatch(/^preg_replace\(\): /);
  });
  it('an array subject (with @) gives an array', () => {
    expect(runJS(regexReplace, ['a1', 'b2'], ['/\\d/', '#'])).toEqual(['a#', 'b#']);
  });
});

describe('strip', () => {
  it('collapses whitespace runs', () => {
    expect(run(strip, 'a  b\n\tc')).toBe('a b c');
    expect(run(strip, 'a  b\n\tc', [''])).toBe('abc');
    expect(run(strip, 'a  b', ['&nbsp;'])).toBe('a&nbsp;b');
    expect(run(strip, 'a　b')).toBe('a　b');
  });
});

describe('replace (str_replace; conformance replace)', () => {
  it.each([
    [['o', '0'], 'Hell0 W0rld'],
    [['World', ''], 'Hello '],
    [['', 'x'], 'Hello World'],
    [
      [
        ['l', 'o'],
        ['L', '0'],
      ],
      'HeLL0 W0rLd',
    ],
    [
      [
        ['l', '', 'o'],
        ['L', '0'],
      ],
      'HeLL0 W0rLd',
    ],
    [[['l', 'o'], ['L']], 'HeLL WrLd'],
    [[['H', 'h'], 'x'], 'xello World'],
  ])('%j', (args, out) => {
    expect(run(replace, 'Hello World', args as unknown[])).toBe(out);
  });
  it('errors are PHP errors of the plugin: the template fails', () => {
    expect(() => run(replace, 'a', ['a', ['b']])).toThrow(
      'str_replace(): Argument #2 ($replace) must be of type string when argument #1 ($search) is a string',
    );
    // before the subject is looked at: an empty array subject fails too
    expect(() => runJS(replace, [], ['a', ['b']])).toThrow(
      'str_replace(): Argument #2 ($replace) must be of type string when argument #1 ($search) is a string',
    );
    expect(() => run(replace, 'a', ['a'])).toThrow(
      'Too few arguments to function smarty_modifier_replace(), 2 passed and exactly 3 expected',
    );
  });
  it('an array subject gives an array', () => {
    expect(runJS(replace, ['ab', 'b'], ['b', 'c'])).toEqual(['ac', 'c']);
  });
  it('replaces bytes that are not UTF-8 as bytes, as str_replace does (PHP 8.2)', () => {
    // not the second half of a surrogate pair, but the byte inside a character; the result read back
    expect(run(replace, '𐂀', ['\udc80', 'X'])).toBe('\udcf0\udc90\udc82X');
    expect(run(replace, 'あ', ['\udc81', 'Z'])).toBe('\udce3Z\udc82');
    expect(run(replace, '\udcc3x', ['x', '\udca9'])).toBe('é');
    expect(replace.onStringWith!(['\udc81', 'Z'])!('あ')).toBe('\udce3Z\udc82');
  });
});

describe('split', () => {
  it('literal and regex delimiters', () => {
    expect(runJS(split, ',', ['a,b,,c'])).toEqual(['a', 'b', '', 'c']);
    expect(runJS(split, '/\\s+/', ['a  b c'])).toEqual(['a', 'b', 'c']);
    expect(runJS(split, '-', [12345])).toEqual(['12345']);
    expect(runJS(split, '3', [12345])).toEqual(['12', '45']);
    expect(runJS(split, '/', ['a/b'])).toEqual(['a', 'b']);
  });
  it('empty or invalid input gives an empty list', () => {
    expect(runJS(split, ',', [''])).toEqual([]);
    expect(runJS(split, ',', [null])).toEqual([]);
    expect(runJS(split, ',', [['a']])).toEqual([]);
    expect(runJS(split, ',', [])).toEqual([]);
  });
});

describe('string_format (sprintf; conformance string_format)', () => {
  it.each([
    [1.23456, '%.2f', '1.23'],
    [42, '%05d', '00042'],
    ['right', '[%10s]', '[     right]'],
    [1.99, '%d', '1'],
    [42, '%b', '101010'],
    [42, '%x', '2a'],
    [255, '%08X', '000000FF'],
    [19.99, '$%.2f', '$19.99'],
    ['John', 'Hello, %s!', 'Hello, John!'],
    [-3.5, '%+.1f|%%', '-3.5|%'],
  ])('%j with %j', (v, f, out) => {
    expect(run(stringFormat, v, [f])).toBe(out);
  });
  it('too few arguments is an ArgumentCountError: the template fails', () => {
    expect(() => run(stringFormat, 1, ['%d %d'])).toThrow('3 arguments are required, 2 given');
    expect(() => run(stringFormat, 1, [['%d']])).toThrow(
      'sprintf(): Argument #1 ($format) must be of type string, array given',
    );
  });
});
