import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  binaryCompare,
  compare,
  fromBytes,
  fromJSONText,
  ge,
  gt,
  INT64_MAX,
  le,
  looseEquals,
  looseNotEquals,
  lt,
  makeFloat,
  PhpArray,
  PhpObject,
  searchValue,
  strictEquals,
  strictNotEquals,
  toBytes,
  type Value,
} from '../src/index';

const arr = (json: string) => fromJSONText(json) as PhpArray;
const obj = (json: string) => new PhpObject(arr(json));
const f = (n: number) => makeFloat(n);

// The PHP 8 manual's "Loose comparisons with ==" table.
const names = ['true', 'false', '1', '0', '-1', '"1"', '"0"', '"-1"', 'null', '[]', '"php"', '""'];
const values: Value[] = [true, false, 1, 0, -1, '1', '0', '-1', null, new PhpArray(), 'php', ''];
const LOOSE = [
  'T F T F T T F T F F T F',
  'F T F T F F T F T T F T',
  'T F T F F T F F F F F F',
  'F T F T F F T F T F F F',
  'T F F F T F F T F F F F',
  'T F T F F T F F F F F F',
  'F T F T F F T F F F F F',
  'T F F F T F F T F F F F',
  'F T F T F F F F T T F T',
  'F T F F F F F F T T F F',
  'T F F F F F F F F F T F',
  'F T F F F F F F T F F T',
].map((row) => row.split(' ').map((c) => c === 'T'));

describe('loose comparison table (PHP 8 manual)', () => {
  for (let i = 0; i < values.length; i++) {
    for (let j = 0; j < values.length; j++) {
      it(`${names[i]} == ${names[j]} is ${LOOSE[i][j]}`, () => {
        expect(looseEquals(values[i], values[j])).toBe(LOOSE[i][j]);
        expect(looseNotEquals(values[i], values[j])).toBe(!LOOSE[i][j]);
        expect(compare(values[i], values[j]) === 0).toBe(LOOSE[i][j]);
      });
    }
  }
});

describe('strict comparison table', () => {
  for (let i = 0; i < values.length; i++) {
    for (let j = 0; j < values.length; j++) {
      it(`${names[i]} === ${names[j]} is ${i === j}`, () => {
        expect(strictEquals(values[i], values[j])).toBe(i === j);
        expect(strictNotEquals(values[i], values[j])).toBe(i !== j);
      });
    }
  }
});

describe('loose equality, PHP 8 string/number rules', () => {
  it.each([
    ['abc', 0, false],
    ['0', 0, true],
    ['', 0, false],
    [' ', 0, false],
    ['1', '01', true],
    ['10', '1e1', true],
    [100, '1e2', true],
    [' 1', 1, true],
    ['1 ', 1, true],
    ['1 ', '1', true],
    [' 1', '1', true],
    ['1abc', 1, false],
    ['1.0', 1, true],
    ['+1', '1', true],
    ['0x10', '16', false],
    ['abc', 'ABC', false],
    ['1e3', '1000', true],
    ['-0', '0', true],
    ['0.0', '0', true],
    [null, false, true],
    [null, 0, true],
    [null, '', true],
    [null, '0', false],
    [null, 'a', false],
    [null, new PhpArray(), true],
    [false, new PhpArray(), true],
    [true, PhpArray.fromList([0]), true],
    [f(1), 1, true],
    [f(1), '1', true],
    [1.5, '1.5', true],
    [1.5, '1.50', true],
    [Number.NaN, Number.NaN, false],
    [Number.NaN, 'NAN', false],
    [Number.POSITIVE_INFINITY, 'INF', true],
    [2n ** 60n, '1152921504606846976', true],
    [2n ** 60n, 2 ** 60, true],
    ['9223372036854775807', '9223372036854775808', false],
    ['9223372036854775808', '9223372036854775809', false],
    ['9223372036854775808', '9223372036854775808', true],
    ['1e1000', '2e1000', false],
    [INT64_MAX, '9223372036854775807', true],
    ['abc', 'abc', true],
    ['', null, true],
  ] as [Value, Value, boolean][])('%s == %s is %s', (a, b, r) => {
    expect(looseEquals(a, b)).toBe(r);
    expect(looseEquals(b, a)).toBe(r);
  });
});

describe('spaceship (PHP manual examples and more)', () => {
  it.each([
    [1, 1, 0],
    [1, 2, -1],
    [2, 1, 1],
    [1.5, 1.5, 0],
    [1.5, 2.5, -1],
    [2.5, 1.5, 1],
    ['a', 'a', 0],
    ['a', 'b', -1],
    ['b', 'a', 1],
    ['a', 'aa', -1],
    ['zz', 'aa', 1],
    ['abc', 0, 1],
    [0, 'abc', -1],
    ['10', '9', 1],
    ['10', '9a', -1],
    ['1e2', '99', 1],
    [5, '10', -1],
    [5, '5 ', 0],
    ['Z', 'a', -1],
    ['é', 'z', 1],
    ['\uffff', '😀', -1],
    [null, -1, -1],
    [null, 0, 0],
    [null, 'a', -1],
    ['a', null, 1],
    [true, -1, 0],
    [false, -1, -1],
    [true, 0, 1],
    [new PhpArray(), 0, 1],
    [0, new PhpArray(), -1],
    [PhpArray.fromList([1]), 'z', 1],
    [new PhpArray(), null, 0],
    [1.5, 'abc', -1],
    [f(2), '1.5', 1],
    [2n ** 60n, 2n ** 60n + 1n, -1],
    [2n ** 60n, 1.5, 1],
    ['9223372036854775807', '9223372036854775808', -1],
    ['9223372036854775808', '9223372036854775807', 1],
  ] as [Value, Value, number][])('%s <=> %s = %s', (a, b, r) => {
    expect(compare(a, b)).toBe(r);
  });

  it('arrays: size first, then key by key', () => {
    expect(compare(new PhpArray(), new PhpArray())).toBe(0);
    expect(compare(arr('[1,2,3]'), arr('[1,2,3]'))).toBe(0);
    expect(compare(arr('[1,2,3]'), new PhpArray())).toBe(1);
    expect(compare(arr('[1,2,3]'), arr('[1,2,1]'))).toBe(1);
    expect(compare(arr('[1,2,3]'), arr('[1,2,4]'))).toBe(-1);
    expect(compare(arr('[9]'), arr('[1,2]'))).toBe(-1);
    // a key missing on the right: uncomparable, both directions say 1
    expect(compare(arr('{"a":1}'), arr('{"b":1}'))).toBe(1);
    expect(compare(arr('{"b":1}'), arr('{"a":1}'))).toBe(1);
    expect(lt(arr('{"a":1}'), arr('{"b":1}'))).toBe(false);
    expect(gt(arr('{"a":1}'), arr('{"b":1}'))).toBe(false);
  });

  it('== on arrays: same pairs in any order, loosely; === same order and types', () => {
    const a = arr('{"a":1,"b":"2"}');
    const b = arr('{"b":2,"a":"1"}');
    expect(looseEquals(a, b)).toBe(true);
    expect(strictEquals(a, b)).toBe(false);
    expect(strictEquals(a, arr('{"a":1,"b":"2"}'))).toBe(true);
    expect(strictEquals(a, arr('{"b":"2","a":1}'))).toBe(false);
    expect(strictEquals(arr('[1]'), arr('[1.0]'))).toBe(false);
    expect(looseEquals(arr('[1]'), arr('[1.0]'))).toBe(true);
    expect(strictEquals(arr('{"0":"a"}'), arr('["a"]'))).toBe(true);
    expect(looseEquals(arr('[[1,2]]'), arr('[["1","2"]]'))).toBe(true);
    expect(strictEquals(a, a.clone())).toBe(true);
  });

  it('objects', () => {
    expect(compare(obj('{"a":"b"}'), obj('{"a":"b"}'))).toBe(0);
    expect(compare(obj('{"a":"b"}'), obj('{"a":"c"}'))).toBe(-1);
    expect(compare(obj('{"a":"c"}'), obj('{"a":"b"}'))).toBe(1);
    expect(compare(obj('{"a":"b"}'), obj('{"b":"b"}'))).toBe(1);
    const o = obj('{}');
    expect(strictEquals(o, o)).toBe(true);
    expect(strictEquals(o, obj('{}'))).toBe(false);
    expect(looseEquals(o, obj('{}'))).toBe(true);
    expect(looseEquals(o, null)).toBe(false);
    expect(looseEquals(o, true)).toBe(true);
    expect(compare(o, 'x')).toBe(1);
    expect(compare('x', o)).toBe(-1);
    expect(looseEquals(o, 1)).toBe(true);
  });

  it('strict equality', () => {
    expect(strictEquals(1, f(1))).toBe(false);
    expect(strictEquals(f(1), f(1))).toBe(true);
    expect(strictEquals(f(0), f(-0))).toBe(true);
    expect(strictEquals(-0, f(0))).toBe(true);
    expect(strictEquals(Number.NaN, Number.NaN)).toBe(false);
    expect(strictEquals('1', 1)).toBe(false);
    expect(strictEquals(null, undefined)).toBe(true);
    expect(strictEquals(2n ** 60n, 2n ** 60n)).toBe(true);
  });
});

describe('ordering helpers', () => {
  it('NaN is never smaller, greater or equal', () => {
    for (const x of [Number.NaN, 1, 'a', '1'] as Value[]) {
      expect(lt(Number.NaN, x)).toBe(false);
      expect(gt(Number.NaN, x)).toBe(false);
      expect(le(Number.NaN, x)).toBe(false);
      expect(ge(Number.NaN, x)).toBe(false);
    }
  });

  it('mixed types', () => {
    expect(lt('abc', 'abd')).toBe(true);
    expect(lt('9', '10')).toBe(true);
    expect(lt('9a', '10')).toBe(false);
    expect(gt(10, '9')).toBe(true);
    expect(ge('1e1', 10)).toBe(true);
    expect(le(null, false)).toBe(true);
    expect(lt(null, -1)).toBe(true);
    expect(gt(new PhpArray(), 100)).toBe(true);
    expect(lt(1, 2)).toBe(true);
    expect(le(2, 2)).toBe(true);
    expect(gt(f(2), 1)).toBe(true);
  });

  it('binaryCompare orders by UTF-8 bytes (code points)', () => {
    expect(binaryCompare('a', 'b')).toBe(-1);
    expect(binaryCompare('ab', 'a')).toBe(1);
    expect(binaryCompare('', '')).toBe(0);
    expect(binaryCompare('\uffff', '\u{10000}')).toBe(-1);
    expect(binaryCompare('\ue000', '\ud800\udc00')).toBe(-1);
  });

  it('binaryCompare orders bytes that are not UTF-8 by their value, as memcmp does', () => {
    const bytes = (...b: number[]) => fromBytes(Uint8Array.from(b));
    expect(binaryCompare(bytes(0xe3), '日')).toBe(-1); // E3 < E6
    expect(binaryCompare(bytes(0xe6), '日')).toBe(-1); // a prefix of E6 97 A5
    expect(binaryCompare(bytes(0xe6, 0x97, 0x41), '日')).toBe(-1);
    expect(binaryCompare(bytes(0xff), '😀')).toBe(1);
    expect(binaryCompare(`a${bytes(0x80)}`, 'aé')).toBe(-1);
    expect(binaryCompare(`😀${bytes(0x80)}`, '😁')).toBe(-1);
    // any strings, of text and of bytes: the order of their UTF-8 bytes
    const memcmp = (x: Uint8Array, y: Uint8Array) => {
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
      return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
    };
    const piece = fc.oneof(
      fc.constantFrom('a', 'é', '日', '\uff76', '\ue000', '😀', '😁', '\u{10ffff}'),
      fc.uint8Array({ minLength: 1, maxLength: 3 }).map((b) => fromBytes(b)),
    );
    const text = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(binaryCompare(a, b)).toBe(memcmp(toBytes(a), toBytes(b)));
        expect(binaryCompare(`x${a}`, `x${a}${b}`)).toBe(b === '' ? 0 : -1);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('searchValue (in_array, array_search)', () => {
  // what PHP does: the first position whose value compares equal, in order
  const scan = (hay: PhpArray, needle: Value, strict: boolean): number => {
    const vals = hay.values();
    for (let i = 0; i < vals.length; i++) {
      if (strict ? strictEquals(vals[i], needle) : looseEquals(vals[i], needle)) return i;
    }
    return -1;
  };
  const scalar = fc.oneof(
    fc.constantFrom<Value>('1', '01', '1e0', ' 1', '1 ', 'abc', 'ABC', '', '0', 'null', '.5', '-0'),
    fc.constantFrom<Value>(true, false, null, 0, 1, -1),
    fc.integer({ min: -3, max: 3 }),
    fc.double({ min: -2, max: 2, noNaN: true }).map((n) => makeFloat(n)),
    fc.string({ maxLength: 3 }),
  );

  it('finds what a scan with == or === finds, in lists, maps with holes and views', () => {
    fc.assert(
      fc.property(
        fc.array(scalar, { maxLength: 8 }),
        scalar,
        fc.boolean(),
        fc.nat(8),
        (vals, needle, strict, drop) => {
          const list = PhpArray.fromList(vals);
          expect(searchValue(list, needle, strict)).toBe(scan(list, needle, strict));
          // hash mode with a deleted entry: positions count the entries left
          const map = PhpArray.fromEntries(vals.map((v, i) => [`k${i}`, v]));
          map.delete(`k${drop}`);
          expect(searchValue(map, needle, strict)).toBe(scan(map, needle, strict));
          const plain = vals.filter((v) => typeof v !== 'object' || v === null);
          const view = PhpArray.view(plain, () => null);
          expect(searchValue(view, needle, strict)).toBe(scan(PhpArray.fromList(plain), needle, strict));
        },
      ),
    );
  });

  it('compares a needle that cannot be numeric with every value that is not a string', () => {
    const hay = PhpArray.fromList([0, 'b', true, 'abc']);
    // true == "abc" comes before the string itself; with === only the string matches
    expect(searchValue(hay, 'abc', false)).toBe(2);
    expect(searchValue(hay, 'abc', true)).toBe(3);
    expect(searchValue(PhpArray.fromList(['10', 10]), '1e1', false)).toBe(0);
    expect(searchValue(PhpArray.fromList(['10', 10]), '1e1', true)).toBe(-1);
  });
});
