import { describe, expect, it } from 'vitest';
import {
  byteLength,
  floatValue,
  INT64_MAX,
  isFloat,
  isInt,
  isNumeric,
  isNumericString,
  makeFloat,
  makeInt,
  numScan,
  PhpArray,
  type PhpError,
  PhpFloat,
  PhpObject,
  scanNumber,
  toBool,
  toFloat,
  toInt,
  toNumber,
  toStr,
  typeName,
  type Value,
} from '../src/index';

const f = (n: number) => makeFloat(n);

describe('representation', () => {
  it('ints and floats', () => {
    expect(isInt(1)).toBe(true);
    expect(isInt(-0)).toBe(false);
    expect(isFloat(-0)).toBe(true);
    expect(isInt(1.5)).toBe(false);
    expect(isFloat(1.5)).toBe(true);
    expect(isInt(2n ** 60n)).toBe(true);
    expect(isInt(1e20)).toBe(false);
    expect(isFloat(1e20)).toBe(true);
    expect(isFloat(new PhpFloat(1))).toBe(true);
    expect(isInt(new PhpFloat(1))).toBe(false);
    expect(isFloat(Number.NaN)).toBe(true);
    expect(isFloat(Number.POSITIVE_INFINITY)).toBe(true);
    expect(isInt('1')).toBe(false);
  });

  it('makeFloat boxes integral values only', () => {
    expect(makeFloat(1.5)).toBe(1.5);
    expect(makeFloat(2)).toBeInstanceOf(PhpFloat);
    expect(floatValue(makeFloat(2))).toBe(2);
    expect(Object.is(floatValue(makeFloat(-0)), -0)).toBe(true);
    expect(makeFloat(1e20)).toBe(1e20);
  });

  it('makeInt canonicalises', () => {
    expect(makeInt(5n)).toBe(5);
    expect(makeInt(2n ** 53n)).toBe(2n ** 53n);
    expect(makeInt(INT64_MAX)).toBe(INT64_MAX);
    expect(makeInt(INT64_MAX + 1n)).toBe(2 ** 63);
    expect(makeInt(-0)).toBe(0);
    expect(Object.is(makeInt(-0), 0)).toBe(true);
  });

  it('byteLength counts UTF-8 bytes', () => {
    expect(byteLength('')).toBe(0);
    expect(byteLength('abc')).toBe(3);
    expect(byteLength('héllo日本')).toBe(12);
    expect(byteLength('😀')).toBe(4);
    expect(byteLength('\u00ff')).toBe(2);
    expect(byteLength('\ud800')).toBe(3);
  });
});

describe('numeric strings (PHP 8)', () => {
  it.each([
    ['123', 123],
    ['007', 7],
    [' 4', 4],
    ['4 ', 4],
    [' \t\n4\r\n ', 4],
    ['-5', -5],
    ['+5', 5],
    ['-0', 0],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['1.', 1],
    ['-.5e1', -5],
    ['1e3', 1000],
    ['1E-2', 0.01],
    ['9223372036854775807', 9223372036854775807n],
    ['-9223372036854775808', -9223372036854775808n],
    ['9007199254740993', 9007199254740993n],
    ['00000000000000000000001', 1],
  ] as [string, number | bigint][])('%j is numeric: %s', (s, n) => {
    expect(isNumericString(s)).toBe(true);
    const v = scanNumber(s, false);
    expect(typeof v === 'bigint' ? v : floatValue(v)).toBe(n);
  });

  it('int vs float typing', () => {
    expect(isInt(scanNumber('12', false))).toBe(true);
    expect(isFloat(scanNumber('1.0', false))).toBe(true);
    expect(isFloat(scanNumber('1e3', false))).toBe(true);
    expect(isFloat(scanNumber('9223372036854775808', false))).toBe(true);
    expect(numScan.overflow).toBe(1);
    expect(isFloat(scanNumber('-9223372036854775809', false))).toBe(true);
    expect(numScan.overflow).toBe(-1);
    expect(Object.is(floatValue(scanNumber('-0.0', false)), -0)).toBe(true);
  });

  it.each([
    '',
    ' ',
    'abc',
    '1a',
    '1 a',
    '0x1A',
    '1e',
    '1e+',
    '.',
    '-',
    '+',
    '1..2',
    'inf',
    'NAN',
    '1_000',
    '١',
  ])('%j is not numeric', (s) => {
    expect(isNumericString(s)).toBe(false);
    expect(scanNumber(s, false)).toBeNull();
  });

  it('leading-numeric strings with allowErrors', () => {
    expect(scanNumber('5 apples', true)).toBe(5);
    expect(numScan.trailing).toBe(true);
    expect(scanNumber('1e5x', true)).toEqual(new PhpFloat(100000));
    expect(scanNumber('1e', true)).toBe(1);
    expect(scanNumber('0x1A', true)).toBe(0);
    expect(scanNumber('12abc', true)).toBe(12);
    expect(scanNumber('abc', true)).toBeNull();
    expect(scanNumber(' 3 ', true)).toBe(3);
    expect(numScan.trailing).toBe(false);
  });

  it('is_numeric', () => {
    expect(isNumeric(1)).toBe(true);
    expect(isNumeric(Number.NaN)).toBe(true);
    expect(isNumeric(new PhpFloat(1))).toBe(true);
    expect(isNumeric('1e3')).toBe(true);
    expect(isNumeric(' 1 ')).toBe(true);
    expect(isNumeric(null)).toBe(false);
    expect(isNumeric(true)).toBe(false);
    expect(isNumeric(new PhpArray())).toBe(false);
  });
});

describe('toStr (echo)', () => {
  it.each([
    [true, '1'],
    [false, ''],
    [null, ''],
    [undefined, ''],
    [0, '0'],
    [-7, '-7'],
    [9007199254740991, '9007199254740991'],
    [9223372036854775807n, '9223372036854775807'],
    ['s', 's'],
    [f(1), '1'],
    [f(1500), '1500'],
    [f(-0), '-0'],
    [-0, '-0'],
    [0.1 + 0.2, '0.3'],
    [1 / 3, '0.33333333333333'],
    [2 / 3, '0.66666666666667'],
    [1e20, '1.0E+20'],
    [f(1e15), '1.0E+15'],
    [f(1e14), '1.0E+14'],
    [f(1e13), '10000000000000'],
    [0.000012, '1.2E-5'],
    [0.0001, '0.0001'],
    [0.00001, '1.0E-5'],
    [-1.5, '-1.5'],
    [Number.POSITIVE_INFINITY, 'INF'],
    [Number.NEGATIVE_INFINITY, '-INF'],
    [Number.NaN, 'NAN'],
  ] as [Value, string][])('toStr(%s) = %j', (v, s) => {
    expect(toStr(v)).toBe(s);
  });

  it('arrays print Array (with a warning), objects throw', () => {
    const warnings: string[] = [];
    expect(toStr(new PhpArray(), (m) => warnings.push(m))).toBe('Array');
    expect(warnings).toEqual(['Array to string conversion']);
    expect(() => toStr(new PhpObject())).toThrow('Object of class stdClass could not be converted to string');
    try {
      toStr(new PhpObject());
    } catch (e) {
      expect((e as PhpError).kind).toBe('Error');
    }
  });
});

describe('toBool', () => {
  it.each([
    ['0', false],
    ['', false],
    [0, false],
    [f(0), false],
    [f(-0), false],
    [-0, false],
    [null, false],
    [undefined, false],
    [false, false],
    [new PhpArray(), false],
    ['0.0', true],
    [' ', true],
    ['00', true],
    ['false', true],
    ['a', true],
    [1, true],
    [-1, true],
    [0.1, true],
    [Number.NaN, true],
    [2n ** 60n, true],
    [PhpArray.fromList([0]), true],
    [new PhpObject(), true],
    [true, true],
  ] as [Value, boolean][])('toBool(%s) = %s', (v, b) => {
    expect(toBool(v)).toBe(b);
  });
});

describe('toNumber (arithmetic operands)', () => {
  it('converts like PHP 8', () => {
    expect(toNumber(' 4')).toBe(4);
    expect(toNumber('1.5')).toBe(1.5);
    expect(floatValue(toNumber('1e3'))).toBe(1000);
    expect(isFloat(toNumber('1e3'))).toBe(true);
    expect(toNumber('007')).toBe(7);
    expect(toNumber(null)).toBe(0);
    expect(toNumber(true)).toBe(1);
    expect(toNumber(false)).toBe(0);
    expect(toNumber(5)).toBe(5);
  });

  it('warns on leading-numeric strings', () => {
    const w: string[] = [];
    expect(toNumber('5 apples', '+', (m) => w.push(m))).toBe(5);
    expect(w).toEqual(['A non-numeric value encountered']);
  });

  it('throws TypeError on non-numeric strings, arrays and objects', () => {
    expect(() => toNumber('abc')).toThrow('Unsupported operand types: string + int');
    expect(() => toNumber('', '*')).toThrow('Unsupported operand types: string * int');
    expect(() => toNumber(new PhpArray())).toThrow('Unsupported operand types: array + int');
    expect(() => toNumber(new PhpObject())).toThrow('Unsupported operand types: stdClass + int');
  });
});

describe('toInt (intval)', () => {
  it.each([
    ['12abc', 12],
    ['abc', 0],
    ['', 0],
    [' 12', 12],
    ['1e3', 1000],
    ['1.9', 1],
    ['-1.9', -1],
    ['0x1A', 0],
    ['012', 12],
    ['9999999999999999999', 9223372036854775807n],
    ['-9999999999999999999', -9223372036854775808n],
    ['1e100', 9223372036854775807n],
    [1.9, 1],
    [-1.9, -1],
    [f(-0), 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [1e20, 7766279631452241920n],
    [-1e20, -7766279631452241920n],
    [2 ** 63, -9223372036854775808n],
    [null, 0],
    [true, 1],
    [false, 0],
    [new PhpArray(), 0],
    [PhpArray.fromList([0]), 1],
    [42n ** 10n, 17080198121677824n],
  ] as [Value, number | bigint][])('toInt(%s) = %s', (v, n) => {
    expect(toInt(v)).toBe(n);
  });

  it('objects are 1 with a warning', () => {
    const w: string[] = [];
    expect(toInt(new PhpObject(), (m) => w.push(m))).toBe(1);
    expect(w).toEqual(['Object of class stdClass could not be converted to int']);
  });
});

describe('toFloat (floatval)', () => {
  it.each([
    ['1.5abc', 1.5],
    ['abc', 0],
    ['.5', 0.5],
    ['1e3', 1000],
    [' 2.5 ', 2.5],
    ['1e999', Number.POSITIVE_INFINITY],
    ['-0', 0],
    [null, 0],
    [true, 1],
    [7, 7],
    [f(3), 3],
    [9223372036854775807n, 2 ** 63],
    [new PhpArray(), 0],
    [PhpArray.fromList([1]), 1],
  ] as [Value, number][])('toFloat(%s) = %s', (v, n) => {
    expect(toFloat(v)).toBe(n);
  });
});

describe('typeName (gettype)', () => {
  it.each([
    [1, 'integer'],
    [2n ** 60n, 'integer'],
    [1.5, 'double'],
    [f(1), 'double'],
    [-0, 'double'],
    ['s', 'string'],
    [true, 'boolean'],
    [null, 'NULL'],
    [undefined, 'NULL'],
    [new PhpArray(), 'array'],
    [new PhpObject(), 'object'],
  ] as [Value, string][])('typeName(%s) = %s', (v, t) => {
    expect(typeName(v)).toBe(t);
  });
});
