/**
 * Allowlisted PHP number functions: floatval, floor, intval, max, min, mt_rand, number_format,
 * round, strval, strtotime. Rounding and formatting come from the runtime's format module (PHP 8.2's
 * pre-rounding), dates from its date module.
 */

import {
  compare,
  floatValue,
  isFloat,
  makeFloat,
  numberFormat,
  PhpArray,
  phpIntConstant,
  phpRound,
  strtotime as phpStrtotime,
  toFloat,
  toInt,
  toStr,
  typeError,
  type Value,
  valueError,
} from '@sumi/php';
import type { ModifierDef } from '@sumi/runtime';
import { phpModifier } from './define';

export const floatval: ModifierDef = phpModifier({
  name: 'floatval',
  description: 'PHP `floatval()`: the leading number of a string ("42.9abc" → 42.9, "abc" → 0), as a float.',
  params: [{ name: 'value', type: 'mixed' }],
  result: 'a float',
  examples: [{ template: '{$s|floatval}', data: { s: '42.9' }, output: '42.9' }],
  run: (ctx, v) => makeFloat(toFloat(v ?? null, (m) => ctx.warn(m))),
});

export const floor: ModifierDef = phpModifier({
  name: 'floor',
  description: 'PHP `floor()`: rounds down (-1.5 → -2). Numeric strings are accepted; the result is a float.',
  params: [{ name: 'num', type: 'number' }],
  result: 'a float',
  examples: [{ template: '{$f|floor} {$n|floor}', data: { f: 3.14259, n: -1.5 }, output: '3 -2' }],
  run: (_ctx, n) => makeFloat(Math.floor(floatValue(n))),
});

/** strtol(s, NULL, base): optional space and sign, the base's prefix (16: 0x, 0: 0x/0), digits; saturating. */
function strtol(s: string, base: number): number | bigint {
  let i = 0;
  while (i < s.length && ' \t\n\v\f\r'.includes(s[i])) i++;
  let neg = false;
  if (s[i] === '+' || s[i] === '-') neg = s[i++] === '-';
  if (
    (base === 0 || base === 16) &&
    s[i] === '0' &&
    (s[i + 1] === 'x' || s[i + 1] === 'X') &&
    /[0-9a-f]/i.test(s[i + 2] ?? '')
  ) {
    i += 2;
    base = 16;
  } else if (base === 0) {
    base = s[i] === '0' ? 8 : 10;
  }
  if (base < 2 || base > 36) return 0;
  let acc = 0n;
  const b = BigInt(base);
  for (; i < s.length; i++) {
    const d = Number.parseInt(s[i], 36);
    if (Number.isNaN(d) || d >= base) break;
    acc = acc * b + BigInt(d);
    if (acc > 9223372036854775808n) acc = 9223372036854775808n;
  }
  if (neg) acc = -acc;
  if (acc > 9223372036854775807n) acc = 9223372036854775807n;
  const n = Number(acc);
  return Number.isSafeInteger(n) ? n : acc;
}

export const intval: ModifierDef = phpModifier({
  name: 'intval',
  description:
    'PHP `intval($value, $base)`: the integer part ("12abc" → 12, 3.9 → 3, true → 1). With a base other than ' +
    '10 a string is read in that base ("ff" with 16 → 255; base 0 detects 0x and 0 prefixes).',
  params: [
    { name: 'value', type: 'mixed' },
    { name: 'base', type: 'int', optional: true, default: 10, description: 'number base for strings' },
  ],
  result: 'an int',
  examples: [
    {
      template: "{$s|intval} {$hex|intval:16} {'12abc'|intval}",
      data: { s: '42.9', hex: 'ff' },
      output: '42 255 12',
    },
  ],
  run: (ctx, v, base = 10) => {
    if (typeof v !== 'string' || base === 10) return toInt(v ?? null, (m) => ctx.warn(m));
    let s = v;
    if (base === 0 || base === 2) {
      const m = /^([ \t\n\v\f\r]*)([+-]?)0[bB](.*)$/s.exec(s);
      if (m && s.trimStart().length > 2) return strtol(m[2] + m[3], 2);
    }
    if (base === 0 && /^[ \t\n\v\f\r]*[+-]?0[oO]/.test(s)) s = s.replace(/0[oO]/, '0');
    return strtol(s, base);
  },
});

function extreme(fname: 'max' | 'min', first: Value, rest: Value[]): Value {
  let values: Value[];
  if (rest.length === 0) {
    if (!(first instanceof PhpArray)) {
      typeError(fname, 1, 'value', 'array', first);
    }
    if (first.size === 0) valueError(fname, 1, 'value', 'must contain at least one element');
    values = first.values();
  } else {
    values = [first, ...rest];
  }
  let best = values[0];
  for (let i = 1; i < values.length; i++) {
    const c = compare(values[i], best);
    if (fname === 'max' ? c > 0 : c < 0) best = values[i];
  }
  return best;
}

const extremeParams = [
  { name: 'value', type: 'mixed' },
  { name: 'values', type: 'mixed', variadic: true, description: 'more values to compare' },
] as const;

export const max: ModifierDef = phpModifier({
  name: 'max',
  description:
    'PHP `max()`: the largest element of an array (`{$list|@max}`) or the largest of the value and the ' +
    'arguments (`{3|max:7}`), with PHP 8 comparison (numeric strings compare as numbers). The first of ' +
    'equal values wins.',
  params: extremeParams,
  result: 'the largest value',
  errors: ['an empty array: ValueError, logged; a single non-array value: TypeError, logged; null'],
  examples: [
    {
      template: '{$a|@max} {3|max:7} {$m|@max}',
      data: { a: [3, 9, 2], m: { x: '10', y: '9' } },
      output: '9 7 10',
    },
  ],
  run: (_ctx, first, rest) => extreme('max', first ?? null, rest),
});

export const min: ModifierDef = phpModifier({
  name: 'min',
  description: 'PHP `min()`: the smallest element of an array or of the value and the arguments (see max).',
  params: extremeParams,
  result: 'the smallest value',
  errors: ['an empty array: ValueError, logged; a single non-array value: TypeError, logged; null'],
  examples: [{ template: '{$a|@min} {3|min:7}', data: { a: [3, 9, 2] }, output: '2 3' }],
  run: (_ctx, first, rest) => extreme('min', first ?? null, rest),
});

export const mtRand: ModifierDef = phpModifier({
  name: 'mt_rand',
  description:
    'PHP `mt_rand($min, $max)`: a random integer between the value and the argument, both included ' +
    "(from the render's random source, seedable for tests; not PHP's Mersenne Twister sequence).",
  params: [
    { name: 'min', type: 'int' },
    { name: 'max', type: 'int', description: 'the largest result' },
  ],
  result: 'an int',
  errors: ['max below min: ValueError, logged; null'],
  examples: [{ template: '{5|mt_rand:5}', output: '5' }],
  run: (ctx, lo, hi) => {
    if (hi < lo) valueError('mt_rand', 2, 'max', 'must be greater than or equal to argument #1 ($min)');
    return ctx.services.random.int(lo, hi);
  },
});

export const numberFormatDef: ModifierDef = phpModifier({
  name: 'number_format',
  description:
    'PHP `number_format($num, $decimals, $decimal_separator, $thousands_separator)`: rounds half up ' +
    '(2.675 → 2.68, as PHP 8.2 does) and groups thousands with `,` by default.',
  params: [
    { name: 'num', type: 'float' },
    { name: 'decimals', type: 'int', optional: true, default: 0, description: 'digits after the point' },
    {
      name: 'decimal_separator',
      type: '?string',
      optional: true,
      default: '.',
      description: 'the decimal point',
    },
    {
      name: 'thousands_separator',
      type: '?string',
      optional: true,
      default: ',',
      description: 'the group separator',
    },
  ],
  result: 'the formatted string',
  examples: [
    {
      template: '{12345.678|number_format:1} {$n|number_format}',
      data: { n: 1250 },
      output: '12,345.7 1,250',
    },
    { template: "{1234.5|number_format:2:',':'.'}", output: '1.234,50' },
  ],
  run: (_ctx, num, decimals = 0, dec, sep) => numberFormat(num, decimals, dec ?? '.', sep ?? ','),
});

const PHP_ROUND_HALF_UP = phpIntConstant('PHP_ROUND_HALF_UP');

export const round: ModifierDef = phpModifier({
  name: 'round',
  description:
    "PHP 8.2 `round($num, $precision, $mode)`: half away from zero by default (2.5 → 3, -2.5 → -3), with PHP's " +
    'pre-rounding (1.955 to 2 places is 1.96). A negative precision rounds to tens, hundreds... The result is a float.',
  params: [
    { name: 'num', type: 'number' },
    { name: 'precision', type: 'int', optional: true, default: 0, description: 'decimal places' },
    {
      name: 'mode',
      type: 'int',
      optional: true,
      default: 1,
      description:
        'ties: 1 half up, 2 half down, 3 half even, 4 half odd (PHP_ROUND_*; any other number: half up)',
    },
  ],
  result: 'a float',
  examples: [
    {
      template: '{$f|round} {$f|round:2} {$h|round:2} {-2.5|round}',
      data: { f: 3.14259, h: 1.955 },
      output: '3 3.14 1.96 -3',
    },
  ],
  run: (_ctx, n, precision = 0, mode = PHP_ROUND_HALF_UP) => {
    const x = floatValue(n);
    // ints are returned as floats unchanged for precision >= 0
    if (!isFloat(n) && precision >= 0) return makeFloat(x);
    return makeFloat(phpRound(x, precision, Number(mode)));
  },
});

export const strval: ModifierDef = phpModifier({
  name: 'strval',
  description: 'PHP `strval()`: the value as echo prints it (floats with 14 significant digits, true as 1).',
  params: [{ name: 'value', type: 'mixed' }],
  result: 'a string',
  examples: [{ template: '{5|strval} {$f|strval}', data: { f: 1.5 }, output: '5 1.5' }],
  run: (ctx, v) => toStr(v ?? null, (m) => ctx.warn(m)),
});

export const strtotimeDef: ModifierDef = phpModifier({
  name: 'strtotime',
  description:
    'PHP `strtotime($datetime, $baseTimestamp)`: a Unix timestamp from an English date/time text ' +
    '("2024-02-29 12:00", "+1 week", "next monday"), read in the site\'s time zone (Asia/Tokyo) relative to ' +
    'now (or the base timestamp); false (prints nothing) when it cannot be parsed.',
  params: [
    { name: 'datetime', type: 'string' },
    { name: 'baseTimestamp', type: '?int', optional: true, description: 'the "now" for relative texts' },
  ],
  result: 'an int timestamp, or false',
  examples: [
    { template: '{$d|strtotime}', data: { d: '2024-02-29 12:00:00' }, output: '1709175600' },
    { template: "{'+1 day'|strtotime:0}", output: '86400' },
  ],
  run: (ctx, text, base) => {
    const now = base ?? Math.floor(ctx.services.clock.now() / 1000);
    return phpStrtotime(text, now, ctx.services.timezone);
  },
});

export const numberFunctions: readonly ModifierDef[] = [
  floatval,
  floor,
  intval,
  max,
  min,
  mtRand,
  numberFormatDef,
  round,
  strval,
  strtotimeDef,
];
