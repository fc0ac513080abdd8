import { type PhpArray, PhpFloat, PhpObject, pregLastError, pregMatch, toStr, type Value } from '@sumi/php';
import { seededRandom } from '@sumi/runtime';
import { describe, expect, it } from 'vitest';
import { modifiers } from '../src/index';
import { PHP_MODIFIER_ALLOWLIST, phpModifiers, SERVED_BY_SMARTY } from '../src/php/index';
import {
  floatval,
  floor,
  intval,
  max,
  min,
  mtRand,
  numberFormatDef,
  round,
  strtotimeDef,
  strval,
} from '../src/php/numbers';
import { defined, filterVarDef, isArray, isNumericDef, propertyExists, unset } from '../src/php/types';
import { fakeCtx, fromJS, run } from './helpers';

/** What echo prints for a value. */
const printed = (v: Value) => toStr(v);

describe('numbers', () => {
  it.each([
    [round, 3.14259, [], '3'],
    [round, 3.14259, [2], '3.14'],
    [round, 1.955, [2], '1.96'],
    [round, 5.045, [2], '5.05'],
    [round, 2.5, [], '3'],
    [round, -2.5, [], '-3'],
    [round, 1234.5678, [-2], '1200'],
    [round, 1250, [-2], '1300'],
    [round, '2.5', [], '3'],
    [round, 7, [], '7'],
    [floor, 3.14259, [], '3'],
    [floor, -1.5, [], '-2'],
    [floor, '4.7', [], '4'],
    [floor, 5, [], '5'],
    [intval, 3.14259, [], '3'],
    [intval, '42.9', [], '42'],
    [intval, 'ff', [16], '255'],
    [intval, '0x1A', [16], '26'],
    [intval, '0x1A', [0], '26'],
    [intval, '012', [0], '10'],
    [intval, '0b11', [0], '3'],
    [intval, '101', [2], '5'],
    [intval, '12abc', [], '12'],
    [intval, true, [], '1'],
    [intval, -1.9, [], '-1'],
    [intval, '1e3', [], '1000'],
    [intval, null, [], '0'],
    [intval, 'zz', [36], '1295'],
    [floatval, '42.9', [], '42.9'],
    [floatval, '1.5abc', [], '1.5'],
    [floatval, 'abc', [], '0'],
    [strval, 5, [], '5'],
    [strval, 1.5, [], '1.5'],
    [strval, 0.1 + 0.2, [], '0.3'],
    [strval, true, [], '1'],
    [numberFormatDef, 12345.678, [1], '12,345.7'],
    [numberFormatDef, 1250, [], '1,250'],
    [numberFormatDef, 1234.5, [2, ',', '.'], '1.234,50'],
    [numberFormatDef, 2.675, [2], '2.68'],
    [numberFormatDef, -0.4, [], '0'],
    [numberFormatDef, '1234', [], '1,234'],
  ])('%o(%j, ...%j) prints %j', (def, v, args, expected) => {
    expect(printed(run(def, v, args))).toBe(expected);
  });

  it('round and floor give floats', () => {
    expect(run(round, 3)).toBeInstanceOf(PhpFloat);
    expect(run(floor, 3.7)).toBeInstanceOf(PhpFloat);
  });

  it('type errors', () => {
    const ctx = fakeCtx();
    expect(run(floor, 'abc', [], ctx)).toBe(null);
    expect(run(round, [1], [], ctx)).toBe(null);
    expect(run(numberFormatDef, 'x', [], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'floor(): Argument #1 ($num) must be of type int|float, string given',
      'round(): Argument #1 ($num) must be of type int|float, array given',
      'number_format(): Argument #1 ($num) must be of type float, string given',
    ]);
  });

  it('max and min', () => {
    expect(run(max, [3, 9, 2])).toBe(9);
    expect(run(min, [3, 9, 2])).toBe(2);
    expect(run(max, 3, [7])).toBe(7);
    expect(run(min, 3, [7, -1])).toBe(-1);
    expect(run(max, { x: '10', y: '9' })).toBe('10');
    expect(run(max, ['apple', 'banana'])).toBe('banana');
    expect(run(max, ['10', 9.5])).toBe('10');
    expect(run(max, [1, '1'])).toBe(1);
    expect(run(max, ['abc', 0])).toBe('abc');
    const ctx = fakeCtx();
    expect(run(max, [], [], ctx)).toBe(null);
    expect(run(max, 5, [], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'max(): Argument #1 ($value) must contain at least one element',
      'max(): Argument #1 ($value) must be of type array, int given',
    ]);
    // an object alone is named by its class, as zend_zval_type_name does
    const octx = fakeCtx();
    expect(max.run(octx, new PhpObject())).toBe(null);
    expect(octx.warnings).toEqual(['max(): Argument #1 ($value) must be of type array, stdClass given']);
  });

  it('mt_rand', () => {
    const ctx = fakeCtx({ services: { random: seededRandom(7) } });
    expect(run(mtRand, 5, [5], ctx)).toBe(5);
    for (let i = 0; i < 50; i++) {
      const r = run(mtRand, 1, [6], ctx) as number;
      expect(r >= 1 && r <= 6 && Number.isInteger(r)).toBe(true);
    }
    const bad = fakeCtx();
    expect(run(mtRand, 5, [1], bad)).toBe(null);
    expect(run(mtRand, 5, [], bad)).toBe(null);
    expect(bad.warnings).toEqual([
      'mt_rand(): Argument #2 ($max) must be greater than or equal to argument #1 ($min)',
      'mt_rand() expects exactly 2 arguments, 1 given',
    ]);
  });

  it('strtotime in Asia/Tokyo', () => {
    expect(run(strtotimeDef, '2024-02-29 12:00:00')).toBe(1709175600);
    expect(run(strtotimeDef, '2024-01-01T00:00:00Z')).toBe(1704067200);
    expect(run(strtotimeDef, 'not a date')).toBe(false);
    expect(run(strtotimeDef, '+1 day', [0])).toBe(86400);
    const ctx = fakeCtx({ now: Date.UTC(2024, 0, 1, 0, 0, 0) });
    expect(run(strtotimeDef, 'tomorrow', [], ctx)).toBe(Date.UTC(2024, 0, 1, 15, 0, 0) / 1000);
  });
});

describe('types', () => {
  it('is_array, is_numeric', () => {
    expect(run(isArray, [])).toBe(true);
    expect(run(isArray, 'x')).toBe(false);
    expect.soft(run(isNumericDef, 5)).toBe(true);
    for (const [v, r] of [
      ['1e3', true],
      ['12a', false],
      [' 7', true],
      ['7 ', true],
      ['', false],
      ['0x1A', false],
      ['.5', true],
      [null, false],
      [true, false],
    ] as const) {
      expect(run(isNumericDef, v)).toBe(r);
    }
  });
  it('defined', () => {
    expect(run(defined, 'ENT_QUOTES')).toBe(true);
    expect(run(defined, 'NOPE_X')).toBe(false);
    const ctx = { ...fakeCtx(), constants: new Map([['SITE_KEY', 'x']]) };
    expect(run(defined, 'SITE_KEY', [], ctx)).toBe(true);
  });
  it('property_exists', () => {
    const obj = new PhpObject(fromJS({ a: 1 }) as PhpArray);
    expect(run(propertyExists, obj, ['a'])).toBe(true);
    expect(run(propertyExists, obj, ['b'])).toBe(false);
    expect(run(propertyExists, 'stdClass', ['a'])).toBe(false);
    const ctx = fakeCtx();
    expect(run(propertyExists, { a: 1 }, ['a'], ctx)).toBe(null);
    expect(run(propertyExists, 7, ['a'], ctx)).toBe(null);
    expect(run(propertyExists, -0, ['a'], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'property_exists(): Argument #1 ($object_or_class) must be of type object|string, array given',
      'property_exists(): Argument #1 ($object_or_class) must be of type object|string, int given',
      'property_exists(): Argument #1 ($object_or_class) must be of type object|string, float given',
    ]);
  });
  it('unset prints nothing', () => {
    expect(run(unset, [1, 2])).toBe(null);
  });
});

describe('filter_var', () => {
  it.each([
    ['a@example.com', [274], 'a@example.com'],
    ['not-mail', [274], false],
    ['a@b', [274], false],
    ['first.last+tag@sub.example.co.jp', [274], 'first.last+tag@sub.example.co.jp'],
    ['42', [257], 42],
    [' 42 ', [257], 42],
    ['042', [257], false],
    ['0', [257], 0],
    ['-0', [257], 0],
    ['+7', [257], 7],
    ['1.5', [257], false],
    ['0x1A', [257, 2], 26],
    ['017', [257, 1], 15],
    ['9223372036854775808', [257], false],
    ['5', [257, { options: { min_range: 1, max_range: 4 } }], false],
    ['5', [257, { options: { min_range: 1, max_range: 4, default: 3 } }], 3],
    ['x', [257, 134217728], null],
    ['yes', [258], true],
    ['Off', [258], false],
    ['maybe', [258], false],
    ['maybe', [258, 134217728], null],
    ['', [258, 134217728], false],
    ['1.5', [259], 1.5],
    ['1,000.5', [259, 8192], 1000.5],
    ['1,000.5', [259], false],
    ['1e3', [259], 1000],
    ['1,5', [259, { options: { decimal: ',' } }], 1.5],
    ['https://example.com/a?b=1', [273], 'https://example.com/a?b=1'],
    ['example.com', [273], false],
    ['http://exa mple.com', [273], false],
    ['mailto:x@y.z', [273], 'mailto:x@y.z'],
    ['http://-bad.com', [273], false],
    ['https://example.com', [273, 262144], false],
    ['192.168.0.1', [275], '192.168.0.1'],
    ['192.168.0.1', [275, 8388608], false],
    ['127.0.0.1', [275, 4194304], false],
    ['256.1.1.1', [275], false],
    ['01.1.1.1', [275], false],
    ['::1', [275], '::1'],
    ['::1', [275, 1048576], false],
    ['2001:db8::ff00:42:8329', [275], '2001:db8::ff00:42:8329'],
    ['::ffff:192.0.2.1', [275], '::ffff:192.0.2.1'],
    ['1:2:3:4:5:6:7:8:9', [275], false],
    ['00:1A:2b:3c:4d:5e', [276], '00:1A:2b:3c:4d:5e'],
    ['example.com', [277], 'example.com'],
    ['ex_ample.com', [277, 1048576], false],
    ['abc', [272, { options: { regexp: '/^a/' } }], 'abc'],
    ['xbc', [272, { options: { regexp: '/^a/' } }], false],
    ['raw <b>', [516], 'raw <b>'],
    [42, [516], '42'],
    [true, [258], true],
    [null, [257], false],
  ])('filter_var(%j, ...%j)', (v, args, expected) => {
    const r = run(filterVarDef, v, args);
    expect(r instanceof PhpFloat ? r.value : r).toEqual(expected);
  });
  // FILTER_VALIDATE_EMAIL (274) runs PHP's own pattern on Sumi's PCRE; values from PHP 8.2
  const hostile = `a@${'a.'.repeat(40)}!`;
  it.each([
    // 83 bytes that make the pattern backtrack past pcre.backtrack_limit: PHP fails the validation
    [hostile, [274], false],
    [hostile, [274, 1048576], false],
    [`a@${'a.'.repeat(150)}!`, [274], false],
    [`a@${'a.'.repeat(40)}com`, [274], `a@${'a.'.repeat(40)}com`],
    ['"quoted local"@example.com', [274], false],
    ['"quoted.local"@example.com', [274], '"quoted.local"@example.com'],
    ['a@[127.0.0.1]', [274], 'a@[127.0.0.1]'],
    ['a@[IPv6:2001:db8::1]', [274], 'a@[IPv6:2001:db8::1]'],
    [`${'a'.repeat(65)}@example.com`, [274], false],
    // FILTER_FLAG_EMAIL_UNICODE (1048576): letters and digits of any script in the local part only
    ['日本語@example.com', [274, 1048576], '日本語@example.com'],
    ['日本語@example.com', [274], false],
    ['test@日本語.com', [274, 1048576], false],
    ['"日本"@example.com', [274, 1048576], '"日本"@example.com'],
    ['é٣@example.com', [274, 1048576], 'é٣@example.com'],
    // with u and i, [a-z] also takes the long s and the Kelvin sign (Unicode case folding)
    ['a@ſ.com', [274, 1048576], 'a@ſ.com'],
    ['a@ſ.com', [274], false],
    [`a${'é'.repeat(100)}@example.com`, [274, 1048576], false],
  ])('filter_var(%j, ...%j): e-mail', (v, args, expected) => {
    expect(run(filterVarDef, v, args)).toEqual(expected);
  });
  it('the e-mail and regexp validations leave preg_last_error() alone and fail past the backtrack limit', () => {
    pregMatch('/(a+)+$/', `${'a'.repeat(30)}!`);
    expect(pregLastError()).toBe(2);
    expect(run(filterVarDef, 'a@example.com', [274])).toBe('a@example.com');
    expect(pregLastError()).toBe(2);
    pregMatch('/a/', 'a');
    expect(run(filterVarDef, hostile, [274])).toBe(false);
    expect(pregLastError()).toBe(0);
    expect(run(filterVarDef, `${'a'.repeat(40)}!`, [272, { options: { regexp: '/(a+)+$/' } }])).toBe(false);
    expect(pregLastError()).toBe(0);
  });
  it('a regexp that fails slowly at every start of a long subject stops with LIMIT_COST', () => {
    expect(() =>
      run(filterVarDef, '1'.repeat(200_000), [272, { options: { regexp: '/(\\d+)\\s\\1/' } }]),
    ).toThrow(
      'LIMIT_COST: filter_var(): backtracking over all start positions exceeds the limit of 120000000',
    );
  });
  it('arrays need FILTER_REQUIRE_ARRAY or FILTER_FORCE_ARRAY', () => {
    expect(run(filterVarDef, ['1'], [257])).toBe(false);
    const r = run(filterVarDef, ['1', 'x'], [257, 16777216]) as PhpArray;
    expect(r.values()).toEqual([1, false]);
    expect((run(filterVarDef, '1', [257, 67108864]) as PhpArray).values()).toEqual([1]);
  });
  it('unknown and unimplemented filters', () => {
    const ctx = fakeCtx();
    expect(run(filterVarDef, 'x', [9999], ctx)).toBe(false);
    expect(run(filterVarDef, 'x', [519], ctx)).toBe(null);
    expect(ctx.warnings).toEqual([
      'filter_var(): Unknown filter with ID 9999',
      'filter_var(): filter 519 (sanitize/callback) is not implemented in Sumi',
    ]);
  });
});

describe('PHP_MODIFIER_ALLOWLIST', () => {
  it('is the DIALECT.md list', () => {
    expect(PHP_MODIFIER_ALLOWLIST).toHaveLength(75);
    expect(new Set(PHP_MODIFIER_ALLOWLIST).size).toBe(75);
    expect(PHP_MODIFIER_ALLOWLIST.slice(0, 3)).toEqual(['array_column', 'array_diff', 'array_filter']);
    expect(PHP_MODIFIER_ALLOWLIST.at(-1)).toBe('unset');
  });
  it('every allowlisted name has exactly one definition, and every PHP definition is allowlisted', () => {
    const byName = new Map<string, number>();
    for (const d of modifiers)
      for (const n of [d.name, ...(d.aliases ?? [])]) byName.set(n, (byName.get(n) ?? 0) + 1);
    for (const name of PHP_MODIFIER_ALLOWLIST) expect([name, byName.get(name)]).toEqual([name, 1]);
    const phpNames = phpModifiers.map((d) => d.name);
    expect(new Set(phpNames).size).toBe(phpNames.length);
    expect([...phpNames, ...SERVED_BY_SMARTY].sort()).toEqual([...PHP_MODIFIER_ALLOWLIST].sort());
    for (const d of phpModifiers) {
      expect(d.php).toBe(true);
      expect(d.kind).toBe('modifier');
      expect(d.description.length).toBeGreaterThan(20);
      expect(d.examples?.length).toBeGreaterThan(0);
    }
  });
});
