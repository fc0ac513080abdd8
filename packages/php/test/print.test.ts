import { describe, expect, it } from 'vitest';
import { floatToRepr, floatToString, formatFloat, jsonEncode, makeFloat, toStr } from '../src/index';

describe('float printing, precision 14 (echo)', () => {
  it.each([
    [0.1 + 0.2, '0.3'],
    [0.1 + 0.7, '0.8'],
    [1 / 3, '0.33333333333333'],
    [2 / 3, '0.66666666666667'],
    [1 / 7, '0.14285714285714'],
    [Math.PI, '3.1415926535898'],
    [123456789.12345678, '123456789.12346'],
    [1e20, '1.0E+20'],
    [1.5e20, '1.5E+20'],
    [1e22, '1.0E+22'],
    [1e15, '1.0E+15'],
    [1e14, '1.0E+14'],
    [Number('99999999999999.99'), '1.0E+14'],
    [1e13, '10000000000000'],
    [12345678901234, '12345678901234'],
    [0.000012, '1.2E-5'],
    [0.0001, '0.0001'],
    [0.00012345, '0.00012345'],
    [0.00001, '1.0E-5'],
    [1.5e300, '1.5E+300'],
    [1.7976931348623157e308, '1.7976931348623E+308'],
    [5e-324, '4.9406564584125E-324'],
    [2.5e-310, '2.5E-310'],
    [-0, '-0'],
    [0, '0'],
    [1500, '1500'],
    [-1.5, '-1.5'],
    [-0.000012, '-1.2E-5'],
    [-123456.789, '-123456.789'],
    [100.5, '100.5'],
    [1.23456789012345e-7, '1.2345678901234E-7'],
    [2 ** 63, '9.2233720368548E+18'],
    [Number.POSITIVE_INFINITY, 'INF'],
    [Number.NEGATIVE_INFINITY, '-INF'],
    [Number.NaN, 'NAN'],
  ])('%s → %s', (n, s) => {
    expect(floatToString(n)).toBe(s);
    expect(toStr(makeFloat(n))).toBe(s);
  });

  it('exact ties round half to even like zend_dtoa (JS rounds them up)', () => {
    // 2^-21 = 4.76837158203125e-7 exactly: 15 digits ending in 5
    expect(floatToString(2 ** -21)).toBe('4.7683715820312E-7');
    expect((2 ** -21).toExponential(13)).toBe('4.7683715820313e-7');
    expect(floatToString(123456789012345)).toBe('1.2345678901234E+14');
    // rounded down to an even digit, the digits keep their trailing zeros (PHP 8.2's output)
    expect(floatToString(150000000000005)).toBe('1.5000000000000E+14');
    expect(floatToString(350000000000005)).toBe('3.5000000000000E+14');
    expect(floatToString(150000000000004)).toBe('1.5E+14');
    expect(floatToString(250000000000025)).toBe('2.5000000000002E+14');
    expect(floatToString(123456789012355)).toBe('1.2345678901236E+14');
    expect(floatToString(12345678901234.5)).toBe('12345678901234');
    expect(floatToString(12345678901233.5)).toBe('12345678901234');
  });
});

describe('float printing, serialize_precision -1 (json_encode)', () => {
  it.each([
    [0.1 + 0.2, '0.30000000000000004'],
    [0.1, '0.1'],
    [1.5, '1.5'],
    [1, '1'],
    [-0, '-0'],
    [1e16, '10000000000000000'],
    [1e17, '1.0e+17'],
    [1e20, '1.0e+20'],
    [1.5e-7, '1.5e-7'],
    [0.0001, '0.0001'],
    [0.00001, '1.0e-5'],
    [123456789.12345678, '123456789.12345678'],
    [5e-324, '5.0e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [2 ** 63, '9.223372036854776e+18'],
  ])('%s → %s', (n, s) => {
    expect(floatToRepr(n)).toBe(s);
  });

  it('var_export style uses E', () => {
    expect(floatToRepr(1e20, 'E')).toBe('1.0E+20');
    expect(formatFloat(0.5, 17, 'E')).toBe('0.5');
  });

  it('json_encode of floats', () => {
    expect(jsonEncode(makeFloat(1))).toBe('1');
    expect(jsonEncode(makeFloat(1), 1024)).toBe('1.0');
    expect(jsonEncode(makeFloat(-0), 1024)).toBe('-0.0');
    expect(jsonEncode(1e25, 1024)).toBe('1.0e+25');
    expect(jsonEncode(0.1 + 0.2)).toBe('0.30000000000000004');
  });
});
