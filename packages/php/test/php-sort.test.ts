import { describe, expect, it } from 'vitest';
import {
  fromJS,
  jsonEncode,
  type PhpArray,
  SORT_FLAG_CASE,
  SORT_NATURAL,
  SORT_NUMERIC,
  SORT_REGULAR,
  SORT_STRING,
  sortPhpArray,
  strnatcmp,
} from '../src/index';

const sorted = (v: unknown, opts: Parameters<typeof sortPhpArray>[1]) =>
  jsonEncode(sortPhpArray(fromJS(v) as PhpArray, opts));

describe('sortPhpArray (PHP 8 sort family)', () => {
  const files = ['img12.png', 'img10.png', 'IMG2.png', 'img1.png'];
  it('SORT_REGULAR / SORT_STRING / SORT_FLAG_CASE / SORT_NATURAL', () => {
    expect(sorted(files, { by: 'value', renumber: true })).toBe(
      '["IMG2.png","img1.png","img10.png","img12.png"]',
    );
    expect(sorted(files, { by: 'value', renumber: true, flags: SORT_NATURAL })).toBe(
      '["IMG2.png","img1.png","img10.png","img12.png"]',
    );
    expect(sorted(files, { by: 'value', renumber: true, flags: SORT_NATURAL | SORT_FLAG_CASE })).toBe(
      '["img1.png","IMG2.png","img10.png","img12.png"]',
    );
    expect(sorted(files, { by: 'value', renumber: true, flags: SORT_STRING | SORT_FLAG_CASE })).toBe(
      '["img1.png","img10.png","img12.png","IMG2.png"]',
    );
  });
  // [3,"3",2.5,true,null]: not a total order (true == 3); traced by hand through zend_sort_5
  it('SORT_NUMERIC and mixed values', () => {
    expect(sorted(['10', '9', '1e1', 'abc', -1], { by: 'value', renumber: true, flags: SORT_NUMERIC })).toBe(
      '[-1,"abc","9","10","1e1"]',
    );
    expect(sorted([3, '3', 2.5, true, null], { by: 'value', renumber: true, flags: SORT_REGULAR })).toBe(
      '[null,2.5,3,"3",true]',
    );
    expect(sorted(['b', 'a', 'c'], { by: 'value', renumber: true, reverse: true })).toBe('["c","b","a"]');
  });
  it('keeps keys for asort/ksort and renumbers for sort', () => {
    expect(sorted({ x: 2, y: 1 }, { by: 'value' })).toBe('{"y":1,"x":2}');
    expect(sorted({ x: 2, y: 1 }, { by: 'value', renumber: true })).toBe('[1,2]');
    expect(sorted({ '10': 'a', '9': 'b', x: 'c' }, { by: 'key', flags: SORT_STRING })).toBe(
      '{"10":"a","9":"b","x":"c"}',
    );
    expect(sorted({ '10': 'a', '9': 'b', x: 'c' }, { by: 'key' })).toBe('{"9":"b","10":"a","x":"c"}');
    expect(sorted({ '10': 'a', '9': 'b' }, { by: 'key', reverse: true })).toBe('{"10":"a","9":"b"}');
  });
  it('empty and one-element arrays', () => {
    expect(sorted([], { by: 'value', renumber: true })).toBe('[]');
    expect(sorted({ k: 1 }, { by: 'value', renumber: true })).toBe('[1]');
  });
});

describe('strnatcmp (ext/standard/strnatcmp.c)', () => {
  it.each([
    ['img12', 'img10', 1],
    ['img2', 'img10', -1],
    ['a01', 'a1', -1],
    ['a 1', 'a1', 0],
    ['x2-g8', 'x2-y7', -1],
    ['1.010', '1.01', 1],
    ['', 'a', -1],
    ['abc', 'ABC', 1],
  ])('%j vs %j', (a, b, r) => {
    expect(Math.sign(strnatcmp(a as string, b as string, false))).toBe(r);
  });
  it('case-insensitive', () => {
    expect(strnatcmp('abc', 'ABC', true)).toBe(0);
  });
});
