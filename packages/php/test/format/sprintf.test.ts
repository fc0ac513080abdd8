import { describe, expect, it } from 'vitest';
import { PhpArray } from '../../src/array';
import { PhpError } from '../../src/errors';
import { sprintf } from '../../src/format/index';
import { PhpFloat, type Value } from '../../src/value';

const n = 43951789;
const u = -43951789;

describe('sprintf (PHP 8.2)', () => {
  it.each<[string, Value[], string]>([
    // PHP manual: the specifiers
    ['%b', [n], '10100111101010011010101101'],
    ['%c', [65], 'A'],
    ['%d', [n], '43951789'],
    ['%e', [n], '4.395179e+7'],
    ['%u', [n], '43951789'],
    ['%u', [u], '18446744073665599827'],
    ['%f', [n], '43951789.000000'],
    ['%o', [n], '247523255'],
    ['%s', [n], '43951789'],
    ['%x', [n], '29ea6ad'],
    ['%X', [n], '29EA6AD'],
    ['%+d', [n], '+43951789'],
    ['%+d', [u], '-43951789'],
    // PHP manual: strings
    ['[%s]', ['monkey'], '[monkey]'],
    ['[%10s]', ['monkey'], '[    monkey]'],
    ['[%-10s]', ['monkey'], '[monkey    ]'],
    ['[%010s]', ['monkey'], '[0000monkey]'],
    ["[%'#10s]", ['monkey'], '[####monkey]'],
    ['[%10.9s]', ['many monkeys'], '[ many monk]'],
    ["[%'.10d]", [42], '[........42]'],
    // integers
    ['%05d', [42], '00042'],
    ['%-5d|', [42], '42   |'],
    ['%-05d|', [42], '42   |'],
    ['%+05d', [5], '+0005'],
    ['%05d', [-42], '-0042'],
    ['%5d', [-42], '  -42'],
    ['%d', ['12abc'], '12'],
    ['%d', [3.99], '3'],
    ['%d', [-3.99], '-3'],
    ['%d', ['1e3'], '1000'],
    ['%d', [true], '1'],
    ['%d', [null], '0'],
    ['%d', [9223372036854775807n], '9223372036854775807'],
    ['%u', [-1], '18446744073709551615'],
    // binary, octal, hex
    ['%b', [5], '101'],
    ['%08b', [5], '00000101'],
    ['%o', [8], '10'],
    ['%x', [255], 'ff'],
    ['%X', [255], 'FF'],
    ['%x', [-1], 'ffffffffffffffff'],
    ['%-8x|', [255], 'ff      |'],
    ['%-08x|', [255], 'ff000000|'],
    ['%.2x|', [255], '|'],
    ['%5.2x|', [255], '     |'],
    // floats: %f rounds the exact binary value, ties to even
    ['%f', [1.5], '1.500000'],
    ['%F', [1.5], '1.500000'],
    ['%.2f', [3.14159], '3.14'],
    ['%5.1f', [3.14159], '  3.1'],
    ['%.0f', [0.5], '0'],
    ['%.0f', [1.5], '2'],
    ['%.0f', [2.5], '2'],
    ['%.0f', [3.5], '4'],
    ['%.2f', [1.005], '1.00'],
    ['%.2f', [3.125], '3.12'],
    ['%.1f', [0.05], '0.1'],
    ['%.1f', [0.25], '0.2'],
    ['%.1f', [0.35], '0.3'],
    ['%.2f', [1.255], '1.25'],
    ['%.15f', [0.1], '0.100000000000000'],
    ['%.20f', [0.1], '0.10000000000000000555'],
    ['%f', [1e20], '100000000000000000000.000000'],
    ['%.2f', [1e23], '99999999999999991611392.00'],
    ['%.2f', [-0.001], '-0.00'],
    ['%.2f', [-0], '0.00'],
    ['%010.3f', [-3.14159], '-00003.142'],
    ['%+.1f', [2.25], '+2.2'],
    ['%-8.2f|', [1.5], '1.50    |'],
    ['%-08.2f|', [1.5], '1.500000|'],
    ['%.60f', [1], '1.' + '0'.repeat(53)],
    ['%f', [Number.POSITIVE_INFINITY], 'INF'],
    ['%10f', [Number.NaN], 'NaN'],
    // %e: no zero padding of the exponent
    ['%e', [1234.5], '1.234500e+3'],
    ['%.2e', [0.000123], '1.23e-4'],
    ['%E', [0.5], '5.000000E-1'],
    ['%e', [0], '0.000000e+0'],
    ['%.0e', [12345], '1e+4'],
    ['%e', [-1.5e-10], '-1.500000e-10'],
    ['%.1e', [9.96], '1.0e+1'],
    ['%e', [1e100], '1.000000e+100'],
    // %g
    ['%g', [0.00001234], '1.234e-5'],
    ['%g', [123456789], '1.23457e+8'],
    ['%g', [100000], '100000'],
    ['%g', [1000000], '1.0e+6'],
    ['%G', [0.0000123], '1.23E-5'],
    ['%g', [0.1], '0.1'],
    ['%g', [0.0001], '0.0001'],
    ['%.3g', [3.14159], '3.14'],
    ['%.1g', [0.25], '0.2'],
    ['%g', [0], '0'],
    ['%g', [-2.5], '-2.5'],
    ['%.20g', [0.1], '0.10000000000000000555'],
    ['%.*g', [-1, 0.1], '0.1'],
    ['%.*H', [-1, 1e20], '1.0E+20'],
    // strings: bytes, truncation, custom padding
    ['%.3s', ['abcdef'], 'abc'],
    ['%5.1s|', ['xyz'], '    x|'],
    ["%'*8s", ['abc'], '*****abc'],
    ["%'*-8s", ['abc'], 'abc*****'],
    ['%-5s|', ['ab'], 'ab   |'],
    ['%5s|', ['é'], '   é|'],
    // a cut character keeps its byte (an escaped byte, see binary-string.ts)
    ['%.1s', ['é'], '\uDCC3'],
    ['%.2s', ['éa'], 'é'],
    ['%s', [true], '1'],
    ['%s', [null], ''],
    ['%s', [new PhpFloat(1)], '1'],
    ['%s', [0.1 + 0.2], '0.3'],
    ['%s', [1e25], '1.0E+25'],
    ['%s', [PhpArray.fromList([1])], 'Array'],
    // %c, %%, argument numbers, * width and precision
    ['%c', [256 + 66], 'B'],
    ['%c', [-1], '\uDCFF'],
    // bytes that %c writes next to each other are read as UTF-8 again
    ['%c%s', [0xc3, '\uDCA9'], 'é'],
    ['%5c|', [65], 'A|'],
    ['100%%', [], '100%'],
    ['%5%', [1], '%'],
    ['%2$s %1$s', ['a', 'b'], 'b a'],
    ['%1$s %1$s', ['x'], 'x x'],
    ['%1$s %s', ['a', 'b'], 'a a'],
    ['%*d', [5, 42], '   42'],
    ['%.*f', [2, 3.14159], '3.14'],
    ['%-*s|', [4, 'a'], 'a   |'],
    ['%ld', [7], '7'],
    // conformance: string_format and math
    ['%.2f', [12.75], '12.75'],
    ['%05.1f', ['3.14159'], '003.1'],
    ['[%10s]', ['right'], '[     right]'],
    ['%d', [3.14159], '3'],
    ['%b', [42], '101010'],
    ['%x', [42], '2a'],
    ['%03d', [8], '008'],
  ])('sprintf(%j, %s) = %j', (format, args, expected) => {
    expect(sprintf(format, args)).toBe(expected);
  });

  it.each<[string, Value[], string, string]>([
    ['%s %s', ['a'], 'Error', '3 arguments are required, 2 given'],
    ['%2$s', ['a'], 'Error', '3 arguments are required, 2 given'],
    ['%', [], 'Error', '2 arguments are required, 1 given'],
    ['%', [1], 'ValueError', 'Missing format specifier at end of string'],
    ['%y', [1], 'ValueError', 'Unknown format specifier "y"'],
    [
      '%0$s',
      ['a'],
      'ValueError',
      'Argument number specifier must be greater than zero and less than 2147483647',
    ],
    ["%'", [], 'ValueError', 'Missing padding character'],
    ['%*d', ['x', 1], 'ValueError', 'Width must be an integer'],
    ['%.*f', [1.5, 2], 'ValueError', 'Precision must be an integer'],
    ['%.*d', [-1, 5], 'ValueError', 'Precision -1 is only supported for %g, %G, %h and %H'],
  ])('sprintf(%j, %s) throws %s: %s', (format, args, kind, message) => {
    let error: unknown;
    try {
      sprintf(format, args);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PhpError);
    expect((error as PhpError).kind).toBe(kind);
    expect((error as PhpError).message).toBe(message);
  });
});
