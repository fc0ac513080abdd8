/**
 * coerceParam's `int64` type: an int parameter whose bits the function reads, or whose range it
 * checks, keeps an int past 2^53 exact (PHP_INT_MAX has every flag bit set; a JS number of it has
 * none in its low 32 bits), and is otherwise coerced and refused as `int` is, under the same name
 * in PHP's messages.
 */
import { describe, expect, it } from 'vitest';
import { coerceParam, INT64_MAX, int32Bits, PhpArray, PhpFloat, phpTypeName, type Value } from '../src/index';

const reporter = { warn: () => {} };
const bits = { name: 'flags', type: 'int64' } as const;
const int = { name: 'flags', type: 'int' } as const;
const coerce = (p: typeof bits | typeof int, v: Value) => coerceParam('f', 2, p, v, reporter);

describe("coerceParam 'int64'", () => {
  it('keeps an int past 2^53 exact, where int rounds it', () => {
    expect(coerce(bits, INT64_MAX)).toBe(INT64_MAX);
    expect(coerce(bits, '9223372036854775807')).toBe(INT64_MAX);
    expect(coerce(bits, -(2n ** 60n) - 1n)).toBe(-(2n ** 60n) - 1n);
    // a float past 2^53 is an integer, given exactly: -2^63 is PHP_INT_MIN
    expect(coerce(bits, -(2 ** 63))).toBe(-(2n ** 63n));
    expect(coerce(bits, 2 ** 60)).toBe(2n ** 60n);
    expect(int32Bits(coerce(bits, INT64_MAX) as bigint)).toBe(-1);
    expect(int32Bits(coerce(int, INT64_MAX) as number)).toBe(0);
  });

  it('coerces everything else as int does', () => {
    for (const v of [0, 7, -3, true, false, null, '12', ' 5', new PhpFloat(3), 2.0e10] as Value[]) {
      expect(coerce(bits, v), String(v)).toBe(coerce(int, v));
    }
    expect(() => coerce(bits, 'abc')).toThrow('must be of type int, string given');
    expect(() => coerce(bits, new PhpArray())).toThrow('must be of type int, array given');
    expect(() => coerce(bits, 1e19)).toThrow('must be of type int, float given');
  });

  it('is spelled int in messages and metadata', () => {
    expect(phpTypeName('int64')).toBe('int');
    expect(phpTypeName('?int64')).toBe('?int');
  });
});
