import { describe, expect, test } from 'vitest';
import {
  APPEND,
  findConstant,
  issetStringOffset,
  lookupConstant,
  PHP_CONSTANTS,
  PhpArray,
  PhpFloat,
  phpNumberLiteral,
  readStringOffset,
  writeFetchError,
} from '../src/index';

describe('string offsets (PHP 8.2)', () => {
  test('reads: integer keys, casts, the empty string out of range', () => {
    const read = (k: Parameters<typeof readStringOffset>[1]) => readStringOffset('abc', k);
    expect([read(0), read('1'), read(' 1'), read('1 '), read('-1'), read('01'), read('1x')]).toEqual([
      'a',
      'b',
      'b',
      'b',
      'c',
      'b',
      'b',
    ]);
    expect([
      read(1.7),
      read(true),
      read(false),
      read(null),
      read(new PhpFloat(2)),
      read(5),
      read(-4),
    ]).toEqual(['b', 'b', 'a', 'a', 'c', '', '']);
    expect(readStringOffset('aé', 1)).toBe('\udcc3');
  });
  test('reads: PHP refuses other keys with its TypeError', () => {
    for (const k of ['x', '', '1.5', '1e0', '1.0', '9999999999999999999']) {
      expect(() => readStringOffset('abc', k)).toThrow('Cannot access offset of type string on string');
    }
    expect(() => readStringOffset('abc', PhpArray.fromList([1]))).toThrow(
      'Cannot access offset of type array on string',
    );
  });
  test('isset: only integer strings without trailing characters', () => {
    const isset = (k: Parameters<typeof issetStringOffset>[1]) => issetStringOffset('abc', k) !== null;
    expect([isset('0'), isset(' 1'), isset('1x'), isset('x'), isset('1.0'), isset(5), isset(-1)]).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect([isset(1.7), isset(null), isset(PhpArray.fromList([1]))]).toEqual([true, true, false]);
  });
  test('writing into a scalar', () => {
    expect(writeFetchError(5, 'a').message).toBe('Cannot use a scalar value as an array');
    expect(writeFetchError(true, APPEND).message).toBe('Cannot use a scalar value as an array');
    expect(writeFetchError('abc', 'a').kind).toBe('TypeError');
    expect(writeFetchError('', '0').message).toBe('Cannot create references to/from string offsets');
    expect(writeFetchError('abc', APPEND).message).toBe('[] operator not supported for strings');
  });
});

describe('PHP number literals', () => {
  test('the forms a word can spell', () => {
    expect(['5', '0x1A', '0b11', '017', '0o17', '1_000', '0'].map(phpNumberLiteral)).toEqual([
      5, 26, 3, 15, 15, 1000, 0,
    ]);
    expect(phpNumberLiteral('1e3')).toEqual(new PhpFloat(1000));
    expect(phpNumberLiteral('9223372036854775807')).toBe(9223372036854775807n);
    expect(phpNumberLiteral('99999999999999999999')).toBe(1e20);
  });
  test('what PHP cannot compile', () => {
    for (const t of ['1x', '08', '1_', '1__0', '0x', '0b2', '1e']) expect(phpNumberLiteral(t)).toBeNull();
  });
});

describe('constants', () => {
  test("PHP's, with its values; true, false and null in any case", () => {
    expect(PHP_CONSTANTS.get('PHP_INT_MAX')).toBe(9223372036854775807n);
    expect(PHP_CONSTANTS.get('E_ALL')).toBe(32767);
    expect(PHP_CONSTANTS.get('PHP_EOL')).toBe('\n');
    expect(PHP_CONSTANTS.has('ENT_HTML_QUOTE_NONE')).toBe(false);
    expect([findConstant(PHP_CONSTANTS, 'tRuE'), findConstant(PHP_CONSTANTS, 'NULL')]).toEqual([true, null]);
    expect(findConstant(PHP_CONSTANTS, 'e_all')).toBeUndefined();
    expect(() => lookupConstant(PHP_CONSTANTS, 'NOPE')).toThrow('Undefined constant "NOPE"');
  });
});
