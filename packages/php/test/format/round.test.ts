import { describe, expect, it } from 'vitest';
import { numberFormat, phpRound } from '../../src/format/index';

describe('round() (PHP 8.2, half away from zero with pre-rounding)', () => {
  it.each([
    // PHP manual
    [3.4, 0, 3],
    [3.5, 0, 4],
    [3.6, 0, 4],
    [1.95583, 2, 1.96],
    [1241757, -3, 1242000],
    [5.045, 2, 5.05],
    [5.055, 2, 5.06],
    [-3.4, 0, -3],
    [-3.5, 0, -4],
    [-3.6, 0, -4],
    // halves are away from zero
    [0.5, 0, 1],
    [1.5, 0, 2],
    [2.5, 0, 3],
    [-0.5, 0, -1],
    [-2.5, 0, -3],
    // pre-rounding: these doubles are just below the half
    [1.955, 2, 1.96],
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [0.285, 2, 0.29],
    [1.45, 1, 1.5],
    [-1.45, 1, -1.5],
    // ordinary cases
    [3.14159, 2, 3.14],
    [1.2345678, 3, 1.235],
    [5.0449999, 2, 5.04],
    [0.000123456, 5, 0.00012],
    [1234.5678, -2, 1200],
    [1234.5, -1, 1230],
    [15, -1, 20],
    [3.14159, 10, 3.14159],
    [0.1 + 0.2, 1, 0.3],
    // PHP 8.2's known quirk (fixed in 8.4): 0.49999999999999994 rounds up
    [0.49999999999999994, 0, 1],
    // beyond double precision: unchanged
    [1e20, 2, 1e20],
    [123456789012345.67, 2, 123456789012345.67],
  ])('round(%s, %s) = %s', (value, places, expected) => {
    expect(phpRound(value, places)).toBe(expected);
  });

  it('keeps NAN, INF, zero and the sign of zero', () => {
    expect(phpRound(Number.NaN)).toBeNaN();
    expect(phpRound(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(phpRound(0)).toBe(0);
    expect(Object.is(phpRound(-0.4), -0)).toBe(true);
  });
});

describe('number_format() (PHP 8.2)', () => {
  it.each([
    // PHP manual
    [1234.56, 0, '.', ',', '1,235'],
    [1234.56, 2, ',', ' ', '1 234,56'],
    [1234.5678, 2, '.', '', '1234.57'],
    // rounding through round()
    [2.675, 2, '.', ',', '2.68'],
    [1.005, 2, '.', ',', '1.01'],
    [0.285, 2, '.', ',', '0.29'],
    [0.5, 0, '.', ',', '1'],
    [1.5, 0, '.', ',', '2'],
    [2.5, 0, '.', ',', '3'],
    [0.129, 2, '.', ',', '0.13'],
    [123456789.12345678, 4, '.', ',', '123,456,789.1235'],
    // negative numbers and negative zero
    [-1234.567, 2, '.', ',', '-1,234.57'],
    [-1234.5, 0, '.', ',', '-1,235'],
    [-0.4, 0, '.', ',', '0'],
    [-0.5, 0, '.', ',', '-1'],
    [-0.001, 2, '.', ',', '0.00'],
    [-0.005, 2, '.', ',', '-0.01'],
    // grouping
    [999, 0, '.', ',', '999'],
    [1000, 0, '.', ',', '1,000'],
    [100000, 0, '.', ',', '100,000'],
    [1000000.5, 0, '.', ',', '1,000,001'],
    [1e15, 0, '.', ',', '1,000,000,000,000,000'],
    [2 ** 53 + 1, 0, '.', ',', '9,007,199,254,740,992'],
    [1e6, 2, '.', "'", "1'000'000.00"],
    // separators
    [1234567.891, 2, ',', '.', '1.234.567,89'],
    [1234.5, 0, '.', ' ', '1 235'],
    [1234.5, 2, '', '', '123450'],
    [1234567.5, 1, '٫', '٬', '1٬234٬567٫5'],
    [3.14159, 3, ',', '.', '3,142'],
    // decimals
    [0, 2, '.', ',', '0.00'],
    [1.5, 5, '.', ',', '1.50000'],
    [-1234.567, -2, '.', ',', '-1,235'],
    [0.1 + 0.2, 20, '.', ',', '0.30000000000000004441'],
    // conformance: chain_on_literal and chain_on_math
    [12345.678, 1, '.', ',', '12,345.7'],
    [1250, 0, '.', ',', '1,250'],
  ])('number_format(%s, %s, %j, %j) = %j', (num, decimals, point, sep, expected) => {
    expect(numberFormat(num, decimals, point, sep)).toBe(expected);
  });

  it('uses the defaults of PHP', () => {
    expect(numberFormat(1234.5)).toBe('1,235');
    expect(numberFormat(1234.5, 1)).toBe('1,234.5');
  });

  it('prints NAN and INF like PHP 8.2', () => {
    expect(numberFormat(Number.NaN)).toBe('nan');
    expect(numberFormat(Number.POSITIVE_INFINITY)).toBe('inf');
  });
});

describe('round() modes (values from PHP 8.2)', () => {
  it.each([
    // value, places, mode, PHP's result
    [2.5, 0, 2, 2],
    [2.5, 0, 3, 2],
    [3.5, 0, 3, 4],
    [2.5, 0, 4, 3],
    [-3.5, 0, 4, -3],
    [-2.5, 0, 2, -2],
    [2.55, 1, 3, 2.6],
    [1.955, 2, 2, 1.95],
    [0.125, 2, 3, 0.12],
    [0.375, 2, 4, 0.37],
    [2.5, 0, 0, 3],
    [2.5, 0, 9, 3],
    [3, -1, 2, 0],
  ])('round(%s, %s, mode %s) = %s', (v, places, mode, want) => {
    expect(phpRound(v, places, mode)).toBe(want);
  });
});
