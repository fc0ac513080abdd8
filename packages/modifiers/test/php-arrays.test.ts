import { PhpArray, PhpFloat, toJS } from '@sumi/php';
import { seededRandom } from '@sumi/runtime';
import { describe, expect, it } from 'vitest';
import {
  arrayColumn,
  arrayDiff,
  arrayFilter,
  arrayKeyExists,
  arrayKeys,
  arrayMerge,
  arrayPop,
  arrayPush,
  arrayReverse,
  arraySearch,
  arrayShift,
  arraySlice,
  arrayUnique,
  arrayValues,
  arsort,
  asort,
  key,
  krsort,
  ksort,
  range,
  rsort,
  shuffle,
  sort,
} from '../src/php/arrays';
import { fakeCtx, fromJS, run, runJS } from './helpers';

/** JSON of a PHP array as PHP's json_encode would key it (objects for non-lists). */
function shape(v: unknown): unknown {
  if (v instanceof PhpArray) {
    if (v.isList()) return v.values().map(shape);
    return Object.fromEntries(v.entries().map(([k, x]) => [String(k), shape(x)]));
  }
  return toJS(v as never);
}

describe('by-reference functions change the array they get', () => {
  it('sort returns true and sorts in place', () => {
    const a = fromJS([3, 1, 2]) as PhpArray;
    expect(sort.run(fakeCtx(), a)).toBe(true);
    expect(a.values()).toEqual([1, 2, 3]);
  });
  it('sort orders mixed values the PHP 8 way', () => {
    const a = fromJS(['b', 'c', 'a', '10', '9', 1]) as PhpArray;
    sort.run(fakeCtx(), a);
    expect(a.values()).toEqual([1, '9', '10', 'a', 'b', 'c']);
  });
  it('sort with SORT_STRING', () => {
    const a = fromJS(['10', '9', '1']) as PhpArray;
    sort.run(fakeCtx(), a, 2);
    expect(a.values()).toEqual(['1', '10', '9']);
  });
  it('rsort, asort, arsort, ksort, krsort', () => {
    const a = fromJS([1, 3, 2]) as PhpArray;
    rsort.run(fakeCtx(), a);
    expect(a.values()).toEqual([3, 2, 1]);
    const m = fromJS({ b: 2, c: 1, a: 3 }) as PhpArray;
    asort.run(fakeCtx(), m);
    expect(shape(m)).toEqual({ c: 1, b: 2, a: 3 });
    expect(m.keys()).toEqual(['c', 'b', 'a']);
    ksort.run(fakeCtx(), m);
    expect(m.keys()).toEqual(['a', 'b', 'c']);
    const n = fromJS({ x: 1, y: 3, z: 2 }) as PhpArray;
    arsort.run(fakeCtx(), n);
    expect(n.keys()).toEqual(['y', 'z', 'x']);
    krsort.run(fakeCtx(), n);
    expect(n.keys()).toEqual(['z', 'y', 'x']);
  });
  it('asort keeps equal elements in their order (stable)', () => {
    const m = fromJS({ a: 1, b: 0, c: 1, d: 0 }) as PhpArray;
    asort.run(fakeCtx(), m);
    expect(m.keys()).toEqual(['b', 'd', 'a', 'c']);
    arsort.run(fakeCtx(), m);
    expect(m.keys()).toEqual(['a', 'c', 'b', 'd']);
  });
  it('ksort with numeric and string keys (PHP 8 comparison)', () => {
    const m = fromJS({ '10': 'a', '9': 'b', x: 'c', '1': 'd' }) as PhpArray;
    ksort.run(fakeCtx(), m);
    expect(m.keys()).toEqual([1, 9, 10, 'x']);
  });
  it('a copy shares nothing with the sorted variable', () => {
    const a = fromJS([3, 1, 2]) as PhpArray;
    const copy = a.clone();
    sort.run(fakeCtx(), a);
    expect(copy.values()).toEqual([3, 1, 2]);
    expect(a.values()).toEqual([1, 2, 3]);
  });
  it('array_pop, array_push, array_shift', () => {
    const a = fromJS(['p', 'q', 'r']) as PhpArray;
    const ctx = fakeCtx();
    expect(arrayPop.run(ctx, a)).toBe('r');
    expect(a.values()).toEqual(['p', 'q']);
    expect(arrayPush.run(ctx, a, 'n', 'm')).toBe(4);
    expect(a.values()).toEqual(['p', 'q', 'n', 'm']);
    expect(a.keys()).toEqual([0, 1, 2, 3]);
    expect(arrayShift.run(ctx, a)).toBe('p');
    expect(a.values()).toEqual(['q', 'n', 'm']);
    expect(a.keys()).toEqual([0, 1, 2]);
    expect(arrayPop.run(ctx, new PhpArray())).toBe(null);
    expect(arrayShift.run(ctx, new PhpArray())).toBe(null);
  });
  it('array_shift renumbers int keys and keeps string keys', () => {
    const m = fromJS({ '5': 'a', x: 'b', '9': 'c' }) as PhpArray;
    arrayShift.run(fakeCtx(), m);
    expect(shape(m)).toEqual({ x: 'b', '0': 'c' });
  });
  it('array_pop lowers the next index, so a push reuses it', () => {
    const a = fromJS(['a', 'b']) as PhpArray;
    arrayPop.run(fakeCtx(), a);
    arrayPush.run(fakeCtx(), a, 'z');
    expect(a.keys()).toEqual([0, 1]);
  });
  it('shuffle keeps the elements and renumbers', () => {
    const a = fromJS({ x: 1, y: 2, z: 3, w: 4 }) as PhpArray;
    const ctx = fakeCtx({ services: { random: seededRandom(42) } });
    expect(shuffle.run(ctx, a)).toBe(true);
    expect(a.keys()).toEqual([0, 1, 2, 3]);
    expect([...a.values()].sort()).toEqual([1, 2, 3, 4]);
  });
  it('sort of a non-array is a TypeError', () => {
    const ctx = fakeCtx();
    expect(run(sort, 'str', [], ctx)).toBe(null);
    expect(ctx.warnings).toEqual(['sort(): Argument #1 ($array) must be of type array, string given']);
  });
});

describe('array functions', () => {
  it('array_column', () => {
    const rows = [{ id: 7, name: 'Ann' }, { id: 9, name: 'Bob' }, { id: 3 }];
    expect(runJS(arrayColumn, rows, ['name'])).toEqual(['Ann', 'Bob']);
    expect(shape(run(arrayColumn, rows, ['name', 'id']))).toEqual({ '7': 'Ann', '9': 'Bob' });
    expect(shape(run(arrayColumn, rows, [null, 'id']))).toEqual({ '7': rows[0], '9': rows[1], '3': rows[2] });
    expect(runJS(arrayColumn, [{ a: 1 }, 'x', { a: 2 }], ['a'])).toEqual([1, 2]);
  });
  it('array_diff compares string forms and keeps keys', () => {
    expect(shape(run(arrayDiff, ['apple', 'banana', 'cherry'], [['banana']]))).toEqual({
      '0': 'apple',
      '2': 'cherry',
    });
    expect(shape(run(arrayDiff, [1, '1', 2, 3], [['1'], [3]]))).toEqual({ '2': 2 });
  });
  it('array_filter without a callback', () => {
    expect(shape(run(arrayFilter, [0, 1, '', 'a', null, '0', false, [], '0.0']))).toEqual({
      '1': 1,
      '3': 'a',
      '8': '0.0',
    });
    expect(shape(run(arrayFilter, [new PhpFloat(0), 0.5, ' ']))).toEqual({ '1': 0.5, '2': ' ' });
  });
  it('array_key_exists', () => {
    expect(run(arrayKeyExists, 'k', [{ k: null }])).toBe(true);
    expect(run(arrayKeyExists, 'z', [{ k: null }])).toBe(false);
    expect(run(arrayKeyExists, '1', [['a', 'b']])).toBe(true);
    expect(run(arrayKeyExists, 1.7, [['a', 'b']])).toBe(true);
    expect(run(arrayKeyExists, null, [{ '': 1 }])).toBe(true);
  });
  it('array_keys with a filter value', () => {
    const m = PhpArray.fromEntries([
      ['x', 1],
      ['y', 2],
      [3, 3],
      ['z', 2],
    ]);
    expect(runJS(arrayKeys, m)).toEqual(['x', 'y', 3, 'z']);
    expect(runJS(arrayKeys, m, [2])).toEqual(['y', 'z']);
    expect(runJS(arrayKeys, m, ['2'])).toEqual(['y', 'z']);
    expect(runJS(arrayKeys, m, ['2', true])).toEqual([]);
  });
  it('array_keys of a string is a TypeError', () => {
    const ctx = fakeCtx();
    expect(run(arrayKeys, 'str', [], ctx)).toBe(null);
    expect(ctx.warnings).toEqual(['array_keys(): Argument #1 ($array) must be of type array, string given']);
  });
  it('array_merge renumbers int keys', () => {
    expect(shape(run(arrayMerge, { x: 1, '5': 'a' }, [{ x: 2, '9': 'b' }]))).toEqual({
      x: 2,
      '0': 'a',
      '1': 'b',
    });
    expect(runJS(arrayMerge, [1, 2], [[3], [4]])).toEqual([1, 2, 3, 4]);
    const ctx = fakeCtx();
    expect(run(arrayMerge, 'str', [[]], ctx)).toBe(null);
    expect(run(arrayMerge, [], ['x'], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'array_merge(): Argument #1 must be of type array, string given',
      'array_merge(): Argument #2 must be of type array, string given',
    ]);
  });
  it('array_reverse', () => {
    expect(runJS(arrayReverse, [3, 1, 3, 2])).toEqual([2, 3, 1, 3]);
    expect(shape(run(arrayReverse, { '5': 'x', k: 'y' }))).toEqual({ k: 'y', '0': 'x' });
    expect(run(arrayReverse, { '5': 'x', k: 'y' }, [true]) instanceof PhpArray).toBe(true);
    expect((run(arrayReverse, { '5': 'x', k: 'y' }, [true]) as PhpArray).keys()).toEqual(['k', 5]);
  });
  it('array_search', () => {
    expect(run(arraySearch, 'b', [['a', 'b', 'c']])).toBe(1);
    expect(run(arraySearch, 'z', [['a', 'b']])).toBe(false);
    expect(run(arraySearch, '1', [[0, 1]])).toBe(1);
    expect(run(arraySearch, '1', [[0, 1], true])).toBe(false);
    expect(run(arraySearch, 'abc', [[0, 'abc']])).toBe(1);
    expect(run(arraySearch, null, [{ k: '' }])).toBe('k');
  });
  it.each([
    [
      [1, 2, 3, 4],
      [1, 2],
      [2, 3],
    ],
    [[1, 2, 3, 4], [-1], [4]],
    [[1, 2, 3, 4], [-2, -1], [3]],
    [[1, 2, 3, 4], [5], []],
    [[1, 2, 3, 4], [1, 0], []],
    [
      [1, 2, 3, 4],
      [-10, 2],
      [1, 2],
    ],
  ])('array_slice(%j, ...%j)', (a, args, expected) => {
    expect(runJS(arraySlice, a, args)).toEqual(expected);
  });
  it('array_slice keys', () => {
    expect(shape(run(arraySlice, { x: 1, y: 2 }, [0, 1]))).toEqual({ x: 1 });
    expect(runJS(arraySlice, { '10': 'a', '20': 'b' }, [1])).toEqual(['b']);
    expect(shape(run(arraySlice, { '10': 'a', '20': 'b' }, [1, null, true]))).toEqual({ '20': 'b' });
  });
  it('array_unique keeps the first occurrence', () => {
    expect(shape(run(arrayUnique, [3, 1, 3, 2]))).toEqual({ '0': 3, '1': 1, '3': 2 });
    expect(shape(run(arrayUnique, ['a', 'A', 'a', 1, '1']))).toEqual({ '0': 'a', '1': 'A', '3': 1 });
    expect(shape(run(arrayUnique, [4, '4', '3', 4, 3, '3']))).toEqual({ '0': 4, '2': '3' });
    expect(shape(run(arrayUnique, ['1e1', '10', 10], [0]))).toEqual(['1e1']);
    expect(shape(run(arrayUnique, ['1e1', '10', 10]))).toEqual(['1e1', '10']);
  });
  it('array_values, key', () => {
    expect(runJS(arrayValues, { x: 1, y: 2 })).toEqual([1, 2]);
    expect(run(key, { x: 1, y: 2 })).toBe('x');
    expect(run(key, [])).toBe(null);
  });
});

describe('range', () => {
  it.each([
    [1, [5], [1, 2, 3, 4, 5]],
    [10, [0, 5], [10, 5, 0]],
    [5, [1], [5, 4, 3, 2, 1]],
    [0, [10, 5], [0, 5, 10]],
    [1, [10, -3], [1, 4, 7, 10]],
    [3, [3], [3]],
    ['a', ['e', 2], ['a', 'c', 'e']],
    ['e', ['a'], ['e', 'd', 'c', 'b', 'a']],
    ['A', ['z', 20], ['A', 'U', 'i']],
    ['1', ['3'], [1, 2, 3]],
    ['a', [3], [0, 1, 2, 3]],
  ])('range(%j, ...%j)', (start, args, expected) => {
    expect(runJS(range, start, args)).toEqual(expected);
  });
  it('floats', () => {
    const r = run(range, 0, [1, 0.25]) as PhpArray;
    expect(r.values().map((v) => (v instanceof PhpFloat ? v.value : v))).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(r.values()[0]).toBeInstanceOf(PhpFloat);
    const f = run(range, 1.5, [3]) as PhpArray;
    expect(f.values()).toEqual([1.5, 2.5]);
    // 3 × 0.1 is 0.30000000000000004 > 0.3: PHP 8.2 stops before it
    const g = run(range, 0, [0.3, 0.1]) as PhpArray;
    expect(g.size).toBe(3);
  });
  it('a step larger than the range is a ValueError', () => {
    const ctx = fakeCtx();
    expect(run(range, 1, [2, 5], ctx)).toBe(null);
    expect(run(range, 1, [5, 0], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'range(): Argument #3 ($step) must not exceed the specified range',
      'range(): Argument #3 ($step) must not exceed the specified range',
    ]);
  });
});
