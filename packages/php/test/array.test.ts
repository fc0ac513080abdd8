import { describe, expect, it } from 'vitest';
import {
  copyValue,
  fromJS,
  fromJSONText,
  jsonEncode,
  PhpArray,
  PhpError,
  PhpFloat,
  PhpObject,
  toKey,
  type Value,
} from '../src/index';

const list = (...v: Value[]) => PhpArray.fromList(v);
const enc = (v: Value) => jsonEncode(v);

describe('key normalisation', () => {
  it.each([
    ['1', 1],
    ['-5', -5],
    ['0', 0],
    ['01', '01'],
    ['-0', '-0'],
    ['1.5', '1.5'],
    ['x', 'x'],
    [' 1', ' 1'],
    ['1 ', '1 '],
    ['+1', '+1'],
    ['', ''],
    ['9007199254740991', 9007199254740991],
    ['9223372036854775808', '9223372036854775808'],
    ['-9223372036854775809', '-9223372036854775809'],
    ['1e3', '1e3'],
    ['__proto__', '__proto__'],
  ] as [string, number | string][])('string key %j → %j', (k, expected) => {
    expect(toKey(k)).toBe(expected);
  });

  it.each([
    [true, 1],
    [false, 0],
    [null, ''],
    [undefined, ''],
    [1.9, 1],
    [-1.9, -1],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [new PhpFloat(3), 3],
    [7n, 7],
    [-0, 0],
  ] as [unknown, number | string][])('key %s → %j', (k, expected) => {
    expect(Object.is(toKey(k), expected)).toBe(true);
  });

  it('arrays and objects are illegal offsets', () => {
    expect(() => toKey(new PhpArray())).toThrow(PhpError);
    expect(() => new PhpArray().set(new PhpArray(), 1)).toThrow('Illegal offset type');
    expect(new PhpArray().get(new PhpObject())).toBeUndefined();
  });

  it('get/set normalise keys the same way', () => {
    const a = new PhpArray();
    a.set('1', 'one');
    a.set(true, 'true→1');
    a.set(2.7, 'two');
    a.set(null, 'empty');
    expect(a.keys()).toEqual([1, 2, '']);
    expect(a.get(1)).toBe('true→1');
    expect(a.get('2')).toBe('two');
    expect(a.get('')).toBe('empty');
    expect(a.get(undefined)).toBe('empty');
    expect(a.get('01')).toBeUndefined();
    expect(a.read('missing')).toBeNull();
    expect(a.has(2)).toBe(true);
    expect(a.has('x')).toBe(false);
  });
});

describe('order and next index', () => {
  it('keeps insertion order, including numeric keys', () => {
    const a = new PhpArray();
    a.set('b', 1);
    a.set(10, 2);
    a.set(2, 3);
    expect(a.keys()).toEqual(['b', 10, 2]);
    expect(a.values()).toEqual([1, 2, 3]);
    expect(a.entries()).toEqual([
      ['b', 1],
      [10, 2],
      [2, 3],
    ]);
    expect([...a]).toEqual(a.entries());
  });

  it('updating a key keeps its position', () => {
    const a = PhpArray.fromEntries([
      ['a', 1],
      ['b', 2],
      ['a', 3],
    ]);
    expect(a.entries()).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });

  it('push uses max int key + 1', () => {
    const a = new PhpArray();
    a.push('x');
    a.set(5, 'y');
    a.push('z');
    a.set('k', 'w');
    a.push('v');
    expect(a.keys()).toEqual([0, 5, 6, 'k', 7]);
    expect(a.nextIndex).toBe(8);
  });

  it('PHP 8: after a negative first key, push continues from it', () => {
    const a = PhpArray.fromEntries([[-5, 'a']]);
    a.push('b');
    expect(a.keys()).toEqual([-5, -4]);
    const b = PhpArray.fromEntries([
      ['x', 1],
      [-2, 2],
    ]);
    b.push(3);
    expect(b.keys()).toEqual(['x', -2, -1]);
  });

  it('deleting does not lower the next index', () => {
    const a = list('a', 'b', 'c');
    a.delete(2);
    expect(a.isList()).toBe(true);
    a.push('d');
    expect(a.keys()).toEqual([0, 1, 3]);
    expect(a.isList()).toBe(false);
    expect(enc(a)).toBe('{"0":"a","1":"b","3":"d"}');
  });

  it('empty array pushes at 0', () => {
    const a = new PhpArray();
    expect(a.nextIndex).toBe(0);
    a.push(1);
    expect(a.keys()).toEqual([0]);
  });
});

describe('packed and hash modes', () => {
  it('stays a list while keys are 0..n-1', () => {
    const a = new PhpArray();
    a.set(0, 'a');
    a.set('1', 'b');
    a.push('c');
    expect(a.isList()).toBe(true);
    expect(enc(a)).toBe('["a","b","c"]');
    a.set(0, 'A');
    expect(enc(a)).toBe('["A","b","c"]');
  });

  it('switches on a gap, a string key or a deletion in the middle', () => {
    const gap = new PhpArray();
    gap.set(0, 'a');
    gap.set(2, 'b');
    expect(gap.isList()).toBe(false);
    expect(enc(gap)).toBe('{"0":"a","2":"b"}');

    const unordered = new PhpArray();
    unordered.set(1, 'b');
    unordered.set(0, 'a');
    expect(unordered.isList()).toBe(false);
    expect(enc(unordered)).toBe('{"1":"b","0":"a"}');

    const mid = list(1, 2, 3);
    mid.delete(1);
    expect(mid.keys()).toEqual([0, 2]);
    expect(mid.size).toBe(2);
    expect(mid.get(2)).toBe(3);
    expect(mid.get(1)).toBeUndefined();
  });

  it('a hash array whose keys happen to be 0..n-1 is a list', () => {
    const a = fromJSONText('{"0":"a","1":"b"}') as PhpArray;
    expect(a.isList()).toBe(true);
    expect(enc(a)).toBe('["a","b"]');
  });

  it('many deletions compact without changing order', () => {
    const a = new PhpArray();
    for (let i = 0; i < 100; i++) a.set(`k${i}`, i);
    for (let i = 0; i < 100; i += 1) if (i % 3 !== 0) a.delete(`k${i}`);
    expect(a.size).toBe(34);
    expect(a.keyAt(0)).toBe('k0');
    expect(a.keyAt(1)).toBe('k3');
    expect(a.valueAt(33)).toBe(99);
    expect(a.get('k99')).toBe(99);
    expect(a.get('k98')).toBeUndefined();
    const seen: [string | number, Value][] = [];
    a.forEach((v, k) => {
      seen.push([k, v]);
    });
    expect(seen).toEqual(a.entries());
  });

  it('delete reports whether a key was there', () => {
    const a = list(1);
    expect(a.delete(5)).toBe(false);
    expect(a.delete('0')).toBe(true);
    expect(a.size).toBe(0);
  });
});

describe('special keys are plain keys', () => {
  it('__proto__, constructor, prototype, hasOwnProperty', () => {
    const a = new PhpArray();
    for (const k of ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'])
      a.set(k, k.length);
    expect(a.size).toBe(5);
    expect(a.get('__proto__')).toBe(9);
    expect(a.get('constructor')).toBe(11);
    expect(new PhpArray().get('constructor')).toBeUndefined();
    expect(new PhpArray().get('__proto__')).toBeUndefined();
    expect(new PhpArray().get('length')).toBeUndefined();
    expect(list(1, 2).get('length')).toBeUndefined();
    expect(enc(a)).toBe('{"__proto__":9,"constructor":11,"prototype":9,"hasOwnProperty":14,"toString":8}');
  });
});

describe('copy-on-write value semantics', () => {
  it('a clone is isolated from writes on either side', () => {
    const a = list(1, 2, 3);
    const b = a.clone();
    b.push(4);
    expect(a.size).toBe(3);
    expect(b.size).toBe(4);
    a.set(0, 'x');
    expect(b.get(0)).toBe(1);
    expect(a.get(0)).toBe('x');
  });

  it('clone is O(1): shares storage until a write', () => {
    const a = list(1, 2, 3);
    const b = a.clone();
    expect(b.s).toBe(a.s);
    b.set(1, 9);
    expect(b.s).not.toBe(a.s);
    // the original is exclusive again and writes in place
    const store = a.s;
    a.set(1, 8);
    expect(a.s).toBe(store);
  });

  it('release gives the share back and leaves the handle empty; released handles stay apart', () => {
    const a = list(1, 2, 3);
    const loop = a.clone();
    const other = list(4).clone();
    loop.release();
    other.release();
    expect(loop.size).toBe(0);
    // the original writes in place again
    const store = a.s;
    a.set(0, 'x');
    expect(a.s).toBe(store);
    // a write through a released handle is its own: the other released handle stays empty
    loop.push('y');
    loop.set('k', 1);
    expect(enc(loop)).toBe('{"0":"y","k":1}');
    expect(other.size).toBe(0);
    other.release();
    expect(enc(a)).toBe('["x",2,3]');
    expect(list().clone().size).toBe(0);
  });

  it('nested arrays are copied too (getMut separates every level)', () => {
    const a = fromJSONText('{"u":{"tags":["x"]}}') as PhpArray;
    const b = a.clone();
    b.getMut('u').getMut('tags').push('y');
    expect(enc(a)).toBe('{"u":{"tags":["x"]}}');
    expect(enc(b)).toBe('{"u":{"tags":["x","y"]}}');
    a.getMut('u').set('name', 'n');
    expect(enc(a)).toBe('{"u":{"tags":["x"],"name":"n"}}');
    expect(enc(b)).toBe('{"u":{"tags":["x","y"]}}');
  });

  it('read, modify, set back (PHP `$a[k][..] = ..`) never reaches a copy', () => {
    const a = fromJSONText('{"x":{"y":0}}') as PhpArray;
    const b = a.clone();
    const child = a.get('x') as PhpArray;
    child.set('y', 1);
    a.set('x', child);
    expect(enc(a)).toBe('{"x":{"y":1}}');
    expect(enc(b)).toBe('{"x":{"y":0}}');
    // the same through valueAt / values / entries / forEach
    const c = b.clone();
    (c.valueAt(0) as PhpArray).set('y', 2);
    (c.values()[0] as PhpArray).set('y', 3);
    (c.entries()[0][1] as PhpArray).set('y', 4);
    c.forEach((v) => {
      (v as PhpArray).set('y', 5);
    });
    expect(enc(b)).toBe('{"x":{"y":0}}');
    expect(enc(c)).toBe('{"x":{"y":0}}');
  });

  it('peek / peekAt are allocation-free read-only views', () => {
    const a = fromJSONText('{"x":{"y":0}}') as PhpArray;
    const b = a.clone();
    const inner = b.peek('x') as PhpArray;
    expect(b.peekAt(0)).toBe(inner);
    expect(b.get('x')).not.toBe(inner);
    expect((b.get('x') as PhpArray).s).toBe(inner.s);
    expect(b.has('x')).toBe(true);
    expect(b.peek('nope')).toBeUndefined();
  });

  it('an exclusive array hands out its own nested handle', () => {
    const a = fromJSONText('{"x":{"y":0}}') as PhpArray;
    (a.get('x') as PhpArray).set('y', 1);
    expect(enc(a)).toBe('{"x":{"y":1}}');
  });

  it('getMut creates or replaces a non-array value', () => {
    const a = PhpArray.fromEntries([['s', 'scalar']]);
    a.getMut('s').set('k', 1);
    a.getMut('new').push(2);
    expect(enc(a)).toBe('{"s":{"k":1},"new":[2]}');
  });

  it('copies of copies stay independent', () => {
    const a = list(list(1));
    const b = a.clone();
    const c = b.clone();
    c.getMut(0).push(2);
    b.getMut(0).push(3);
    expect(enc(a)).toBe('[[1]]');
    expect(enc(b)).toBe('[[1,3]]');
    expect(enc(c)).toBe('[[1,2]]');
  });

  it('copyValue clones arrays and passes other values', () => {
    const a = list(1);
    const c = copyValue(a) as PhpArray;
    c.push(2);
    expect(a.size).toBe(1);
    expect(copyValue('s')).toBe('s');
    const o = new PhpObject();
    expect(copyValue(o)).toBe(o);
  });

  it('iterating a clone while writing the original', () => {
    const a = list(1, 2, 3);
    const snap = a.clone();
    const seen: Value[] = [];
    for (let i = 0; i < snap.size; i++) {
      seen.push(snap.valueAt(i));
      a.push(i);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(a.size).toBe(6);
  });

  it('fromList copies its input', () => {
    const src: Value[] = [1, 2];
    const a = PhpArray.fromList(src);
    src.push(3);
    expect(a.size).toBe(2);
    expect(PhpArray.fromList([undefined, 1]).get(0)).toBeNull();
  });
});

describe('shared key lists (rows with the same keys, copies)', () => {
  const rowsOf = (v: Value) => (v as PhpArray).values() as PhpArray[];

  it('rows parsed from JSON share one key list and still act as separate values', () => {
    const data = fromJSONText('[{"a":1,"b":2},{"a":3,"b":4},{"b":5,"a":6}]') as PhpArray;
    // values() of a shared array hands out copies (rows keep sharing the key list)
    const [r0, r1, r2] = rowsOf(data.clone());
    expect(r0!.s.keys).toBe(r1!.s.keys);
    expect(r2!.s.keys).not.toBe(r0!.s.keys);
    r0!.set('c', 9);
    r1!.delete('a');
    r1!.set('b', 40);
    expect(enc(r0!)).toBe('{"a":1,"b":2,"c":9}');
    expect(enc(r1!)).toBe('{"b":40}');
    expect(enc(r2!)).toBe('{"b":5,"a":6}');
    // the parsed array itself is untouched
    expect(enc(data)).toBe('[{"a":1,"b":2},{"a":3,"b":4},{"b":5,"a":6}]');
  });

  it('rows converted from JS objects share one key list; int-like keys are normalised', () => {
    const data = fromJS({
      rows: [
        { id: 1, '7': 'x' },
        { id: 2, '7': 'y' },
      ],
    }) as PhpArray;
    const [r0, r1] = rowsOf(data.get('rows')!);
    expect(r0!.s.keys).toBe(r1!.s.keys);
    expect(r0!.keys()).toEqual([7, 'id']);
    r1!.push('z');
    expect(r1!.keys()).toEqual([7, 'id', 8]);
    expect(r0!.keys()).toEqual([7, 'id']);
    expect(r0!.nextIndex).toBe(8);
  });

  it('a repeated JSON key keeps its first position and takes the last value', () => {
    expect(enc(fromJSONText('[{"a":1,"b":2,"a":3},{"a":1,"b":2,"a":4,"c":5}]'))).toBe(
      '[{"a":3,"b":2},{"a":4,"b":2,"c":5}]',
    );
  });

  it('objects past the shape limit are built on their own, with the same result', () => {
    const big = `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    const v = fromJSONText(`[${big},{"a":1,"a":2}]`) as PhpArray;
    const [first, second] = rowsOf(v);
    expect(first!.size).toBe(20_000);
    expect(first!.get('k19999')).toBe(19_999);
    expect(first!.keyAt(12_345)).toBe('k12345');
    expect(enc(second!)).toBe('{"a":2}');
  });

  it('a copy shares the key list until either side adds or removes a key', () => {
    const a = PhpArray.fromEntries([
      ['x', 1],
      ['y', 2],
    ]);
    const b = a.clone();
    b.set('x', 10);
    expect(b.s.keys).toBe(a.s.keys);
    b.set('z', 3);
    a.delete('y');
    expect(enc(a)).toBe('{"x":1}');
    expect(enc(b)).toBe('{"x":10,"y":2,"z":3}');
  });
});

describe('arrays against a model (a JS Map plus next-index), through every representation', () => {
  // small hash arrays scan their keys, larger ones get an index, deletes leave holes that are
  // compacted, copies share storage and key lists: a long random run must always agree with the model
  it('random set / push / delete / clone sequences', () => {
    let seed = 3;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const keyPool: (string | number)[] = [
      0,
      1,
      2,
      3,
      5,
      8,
      13,
      'a',
      'b',
      'c',
      'id',
      'name',
      '7',
      '-1',
      'x y',
      '',
    ];
    for (let run = 0; run < 150; run++) {
      let arr = new PhpArray();
      let model = new Map<string | number, Value>();
      let next = 0;
      let hasInt = false;
      const copies: [PhpArray, string][] = [];
      for (let step = 0; step < 60; step++) {
        const op = rnd(10);
        const k = toKey(keyPool[rnd(keyPool.length)]!);
        if (op < 5) {
          arr.set(k, step);
          model.set(k, step);
          if (typeof k === 'number' && (k >= next || !hasInt)) {
            next = k + 1;
            hasInt = true;
          }
        } else if (op < 7) {
          arr.push(step);
          model.set(next, step);
          next++;
          hasInt = true;
        } else if (op < 9) {
          expect(arr.delete(k)).toBe(model.delete(k));
        } else {
          // keep a copy and its JSON; later changes to arr must not reach it
          copies.push([arr.clone(), jsonEncode(arr) as string]);
          if (rnd(2) === 0) {
            arr = arr.clone();
            model = new Map(model);
          }
        }
        // one comparison per step keeps the run fast: keys in order, every lookup, the size
        const seen = keyPool.map((key) => arr.get(key));
        const want = keyPool.map((key) => model.get(toKey(key)));
        if (arr.size !== model.size || seen.some((v, i) => v !== want[i])) expect(seen).toEqual(want);
        const keys = arr.keys();
        if (keys.length !== model.size || keys.some((k, i) => k !== [...model.keys()][i]))
          expect(keys).toEqual([...model.keys()]);
      }
      for (const [copy, json] of copies) expect(jsonEncode(copy)).toBe(json);
    }
  });
});

describe('pop (array_pop)', () => {
  it('lowers the next index only for the last pushed int key, and an int key stays "used"', () => {
    const a = PhpArray.fromEntries([
      ['k', 1],
      [7, 2],
    ]);
    expect(a.pop()).toBe(2);
    expect(a.nextIndex).toBe(7);
    a.set(3, 'x');
    a.push('y');
    expect(a.keys()).toEqual(['k', 3, 7]);
    const b = PhpArray.fromList(['p']);
    expect(b.pop()).toBe('p');
    b.set(-5, 'n');
    b.push('m');
    expect(b.keys()).toEqual([-5, 0]);
    expect(new PhpArray().pop()).toBeUndefined();
  });
  it('a popped copy leaves the original alone', () => {
    const a = PhpArray.fromList([1, 2, 3]);
    const b = a.clone();
    expect(b.pop()).toBe(3);
    expect(a.size).toBe(3);
    expect(b.size).toBe(2);
  });
});
