import { describe, expect, it } from 'vitest';
import {
  add,
  bitAnd,
  bitNot,
  bitOr,
  bitXor,
  decrement,
  div,
  INT64_MAX,
  INT64_MIN,
  increment,
  isFloat,
  isInt,
  jsonEncode,
  makeFloat,
  mod,
  mul,
  neg,
  PhpArray,
  PhpError,
  PhpFloat,
  PhpObject,
  pos,
  pow,
  shiftLeft,
  shiftRight,
  sub,
  toStr,
  typeName,
  type Value,
} from '../src/index';

const f = (n: number) => makeFloat(n);
/** "<type> <printed value>" */
const show = (v: Value) => `${typeName(v)} ${toStr(v)}`;

describe('add / sub / mul', () => {
  it.each([
    [1, 2, 'integer 3'],
    [1, f(2), 'double 3'],
    [0.1, 0.2, 'double 0.3'],
    [0.5, 0.5, 'double 1'],
    ['5', 1, 'integer 6'],
    ['1.5', 1, 'double 2.5'],
    ['1e3', 0, 'double 1000'],
    [' 4 ', '007', 'integer 11'],
    [null, 5, 'integer 5'],
    [true, true, 'integer 2'],
    [false, 1, 'integer 1'],
    [Number.MAX_SAFE_INTEGER, 1, 'integer 9007199254740992'],
    [INT64_MAX, 0, 'integer 9223372036854775807'],
    [INT64_MAX, 1, 'double 9.2233720368548E+18'],
    [INT64_MIN, -1, 'double -9.2233720368548E+18'],
    [-3, 3, 'integer 0'],
  ] as [Value, Value, string][])('add(%s, %s) = %s', (a, b, r) => {
    expect(show(add(a, b))).toBe(r);
  });

  it('int overflow beyond int64 becomes float (PHP_INT_MAX + 1)', () => {
    const r = add(INT64_MAX, 1);
    expect(isFloat(r)).toBe(true);
    expect(jsonEncode(r)).toBe('9.223372036854776e+18');
  });

  it.each([
    [5, 3, 'integer 2'],
    [3, 5, 'integer -2'],
    [0, 0, 'integer 0'],
    [f(0), 0, 'double 0'],
    [1.5, 0.5, 'double 1'],
    ['10', '4', 'integer 6'],
    [INT64_MIN, 1, 'double -9.2233720368548E+18'],
    [-Number.MAX_SAFE_INTEGER, 2, 'integer -9007199254740993'],
  ] as [Value, Value, string][])('sub(%s, %s) = %s', (a, b, r) => {
    expect(show(sub(a, b))).toBe(r);
  });

  it.each([
    [6, 7, 'integer 42'],
    [0, -5, 'integer 0'],
    [-2, 3, 'integer -6'],
    [2.5, 2, 'double 5'],
    ['3', '4', 'integer 12'],
    [3037000500, 3037000500, 'double 9.2233720370002E+18'],
    [3037000499, 3037000499, 'integer 9223372030926249001'],
    [2 ** 40, 2 ** 20, 'integer 1152921504606846976'],
    [INT64_MAX, 2, 'double 1.844674407371E+19'],
  ] as [Value, Value, string][])('mul(%s, %s) = %s', (a, b, r) => {
    expect(show(mul(a, b))).toBe(r);
  });

  it('int * int never gives -0', () => {
    const r = mul(0, -5);
    expect(Object.is(r, 0)).toBe(true);
    expect(Object.is(sub(0, 0), 0)).toBe(true);
  });

  it('array + array is the union, left keys win', () => {
    const a = PhpArray.fromEntries([
      ['a', 1],
      [0, 'x'],
    ]);
    const b = PhpArray.fromEntries([
      ['a', 2],
      ['b', 3],
      [0, 'y'],
      [1, 'z'],
    ]);
    expect(jsonEncode(add(a, b))).toBe('{"a":1,"0":"x","b":3,"1":"z"}');
    expect(jsonEncode(a)).toBe('{"a":1,"0":"x"}');
  });

  it('leading-numeric strings warn and count', () => {
    const w: string[] = [];
    expect(add('5 apples', 1, (m) => w.push(m))).toBe(6);
    expect(mul(2, '3 pears', (m) => w.push(m))).toBe(6);
    expect(w).toEqual(['A non-numeric value encountered', 'A non-numeric value encountered']);
  });

  it.each([
    [() => add('abc', 1), 'Unsupported operand types: string + int'],
    [() => add(1, 'abc'), 'Unsupported operand types: int + string'],
    [() => add('', 1), 'Unsupported operand types: string + int'],
    [() => sub(1.5, 'x'), 'Unsupported operand types: float - string'],
    [() => mul(null, 'x'), 'Unsupported operand types: null * string'],
    [() => add(PhpArray.fromList([1]), 1), 'Unsupported operand types: array + int'],
    [() => sub(new PhpArray(), new PhpArray()), 'Unsupported operand types: array - array'],
    [() => add(new PhpObject(), 1), 'Unsupported operand types: stdClass + int'],
    [() => add(true, new PhpArray()), 'Unsupported operand types: bool + array'],
    [() => neg('abc'), 'Unsupported operand types: string * int'],
  ] as [() => Value, string][])('TypeError %#: %s', (fn, message) => {
    try {
      fn();
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PhpError);
      expect((e as PhpError).kind).toBe('TypeError');
      expect((e as PhpError).message).toBe(message);
    }
  });
});

describe('div', () => {
  it.each([
    [6, 3, 'integer 2'],
    [7, 2, 'double 3.5'],
    [1, 3, 'double 0.33333333333333'],
    [-6, 3, 'integer -2'],
    [0, -3, 'integer 0'],
    [f(6), 3, 'double 2'],
    [6, f(3), 'double 2'],
    ['6', '3', 'integer 2'],
    ['1e2', 10, 'double 10'],
    [INT64_MAX, 1, 'integer 9223372036854775807'],
    [INT64_MIN, -1, 'double 9.2233720368548E+18'],
    [INT64_MAX, 7, 'integer 1317624576693539401'],
    [true, 2, 'double 0.5'],
  ] as [Value, Value, string][])('div(%s, %s) = %s', (a, b, r) => {
    expect(show(div(a, b))).toBe(r);
  });

  it.each([0, f(0), f(-0), '0', null, false, '0.0'] as Value[])(
    'division by %s throws DivisionByZeroError',
    (z) => {
      try {
        div(1, z);
        expect.unreachable();
      } catch (e) {
        expect((e as PhpError).kind).toBe('DivisionByZeroError');
        expect((e as PhpError).message).toBe('Division by zero');
      }
    },
  );
});

describe('mod', () => {
  it.each([
    [7, 3, 1],
    [-7, 3, -1],
    [7, -3, 1],
    [-7, -3, -1],
    [6, 3, 0],
    [-6, 3, 0],
    [7.9, 3.9, 1],
    ['7', '3', 1],
    [5, 1.5, 0],
    [INT64_MIN, -1, 0],
    [INT64_MAX, 10, 7],
    [1e20, 1000, 920],
    [true, 2, 1],
  ] as [Value, Value, number][])('mod(%s, %s) = %s', (a, b, r) => {
    const v = mod(a, b);
    expect(isInt(v)).toBe(true);
    expect(Object.is(v, r)).toBe(true);
  });

  it.each([0, 0.5, '0', null, 'x0'.slice(1)] as Value[])('modulo by %s throws', (z) => {
    expect(() => mod(5, z)).toThrow('Modulo by zero');
  });

  it('non-numeric strings are TypeErrors', () => {
    expect(() => mod('abc', 2)).toThrow('Unsupported operand types: string % int');
  });
});

describe('neg / pos / pow', () => {
  it('neg', () => {
    expect(neg(5)).toBe(-5);
    expect(Object.is(neg(0), 0)).toBe(true);
    expect(show(neg(f(0)))).toBe('double -0');
    expect(show(neg('1.5'))).toBe('double -1.5');
    expect(show(neg('3'))).toBe('integer -3');
    expect(show(neg(INT64_MIN))).toBe('double 9.2233720368548E+18');
    expect(neg(null)).toBe(0);
  });

  it('pos', () => {
    expect(pos('12')).toBe(12);
    expect(show(pos('1.0'))).toBe('double 1');
  });

  it.each([
    [2, 10, 'integer 1024'],
    [2, 62, 'integer 4611686018427387904'],
    [2, 63, 'double 9.2233720368548E+18'],
    [-2, 63, 'integer -9223372036854775808'],
    [-2, 64, 'double 1.844674407371E+19'],
    [3, 40, 'double 1.2157665459057E+19'],
    [0, -1, 'double INF'],
    [2, -1, 'double 0.5'],
    [2, 0.5, 'double 1.4142135623731'],
    [f(2), 2, 'double 4'],
    [0, 0, 'integer 1'],
    [1, 1000, 'integer 1'],
    [-1, 1001, 'integer -1'],
    ['3', '2', 'integer 9'],
  ] as [Value, Value, string][])('pow(%s, %s) = %s', (a, b, r) => {
    expect(show(pow(a, b))).toBe(r);
  });
});

describe('bitwise', () => {
  it.each([
    [bitAnd, 12, 10, 8],
    [bitOr, 12, 10, 14],
    [bitXor, 12, 10, 6],
    [bitAnd, -1, 255, 255],
    [bitOr, 2 ** 40, 1, 2 ** 40 + 1],
    [bitAnd, 2 ** 40 + 3, 2 ** 40 + 1, 2 ** 40 + 1],
    [bitXor, -1, 2 ** 40, -(2 ** 40) - 1],
    [bitAnd, 7.9, 3, 3],
    [bitOr, '8', 1, 9],
    [bitOr, null, 1, 1],
    [shiftLeft, 1, 3, 8],
    [shiftLeft, 1, 62, 4611686018427387904n],
    [shiftLeft, 1, 63, -9223372036854775808n],
    [shiftLeft, 1, 64, 0],
    [shiftLeft, 3, 40, 3298534883328],
    [shiftRight, -8, 1, -4],
    [shiftRight, 1024, 3, 128],
    [shiftRight, -1, 100, -1],
    [shiftRight, 5, 64, 0],
    [shiftRight, 2 ** 40, 38, 4],
  ] as [(a: Value, b: Value) => Value, Value, Value, Value][])('%o(%s, %s) = %s', (op, a, b, r) => {
    expect(op(a, b)).toBe(r);
  });

  it('bitNot', () => {
    expect(bitNot(0)).toBe(-1);
    expect(bitNot(5)).toBe(-6);
    expect(bitNot(2 ** 40)).toBe(-(2 ** 40) - 1);
    expect(bitNot(INT64_MAX)).toBe(INT64_MIN);
    expect(bitNot(1.9)).toBe(-2);
    expect(bitNot(new PhpFloat(3))).toBe(-4);
    expect(() => bitNot(null)).toThrow('Cannot perform bitwise not on null');
    expect(() => bitNot(true)).toThrow('Cannot perform bitwise not on bool');
    expect(() => bitNot(new PhpArray())).toThrow('Cannot perform bitwise not on array');
  });

  it('string op string works byte by byte', () => {
    expect(bitAnd('12', '3')).toBe(String.fromCharCode(0x31 & 0x33));
    expect(bitOr('a', 'B ')).toBe(String.fromCharCode(0x61 | 0x42, 0x20));
    expect(bitXor('ab', 'a')).toBe('\u0000');
  });

  it('negative shifts are ArithmeticErrors', () => {
    try {
      shiftLeft(1, -1);
      expect.unreachable();
    } catch (e) {
      expect((e as PhpError).kind).toBe('ArithmeticError');
      expect((e as PhpError).message).toBe('Bit shift by negative number');
    }
    expect(() => shiftRight(1, -1)).toThrow('Bit shift by negative number');
  });

  it('operands must be numeric', () => {
    expect(() => bitAnd('abc', 1)).toThrow('Unsupported operand types: string & int');
    expect(() => bitOr(new PhpArray(), 1)).toThrow('Unsupported operand types: array | int');
  });
});

describe('++ and -- (PHP 8.2)', () => {
  // each row: the value, then ++, -- and ++ then -- as PHP 8.2 gives them (checked with php -r), as
  // their type and what echo prints
  const f = (n: number): Value => makeFloat(n);
  const rows: [Value, Value, Value, Value][] = [
    ['2abc', '2abd', '2abc', '2abd'],
    ['az', 'ba', 'az', 'ba'],
    ['Zz', 'AAa', 'Zz', 'AAa'],
    ['a9', 'b0', 'a9', 'b0'],
    ['zz', 'aaa', 'zz', 'aaa'],
    ['99a', '99b', '99a', '99b'],
    ['9', 10, 8, 9],
    [' 9', 10, 8, 9],
    ['9 ', 10, 8, 9],
    ['1.5', f(2.5), f(0.5), f(1.5)],
    ['1e3', f(1001), f(999), f(1000)],
    ['a!', 'a!', 'a!', 'a!'],
    ['abc ', 'abc ', 'abc ', 'abc '],
    ['é', 'é', 'é', 'é'],
    ['-', '-', '-', '-'],
    ['', '1', -1, 0],
    [null, 1, null, 0],
    [true, true, true, true],
    [false, false, false, false],
    [5, 6, 4, 5],
    [f(1.5), f(2.5), f(0.5), f(1.5)],
    [INT64_MAX, f(2 ** 63), INT64_MAX - 1n, f(2 ** 63)],
    ['9223372036854775807', f(2 ** 63), INT64_MAX - 1n, f(2 ** 63)],
  ];
  const shown = (v: Value) => `${typeName(v)} ${toStr(v)}`;
  for (const [v, inc, dec, both] of rows) {
    it(`${typeName(v)} ${toStr(v)}`, () => {
      expect(shown(increment(v))).toBe(shown(inc));
      expect(shown(decrement(v))).toBe(shown(dec));
      expect(shown(decrement(increment(v)))).toBe(shown(both));
    });
  }
  it('an array or object is TypeError', () => {
    expect(() => increment(new PhpArray())).toThrow('Cannot increment array');
    expect(() => decrement(new PhpArray())).toThrow('Cannot decrement array');
    expect(() => increment(new PhpObject())).toThrow('Cannot increment stdClass');
  });
});
