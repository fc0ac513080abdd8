/**
 * Allowlisted PHP array functions. Written with `@` they get the whole array (`{$a|@array_keys}`);
 * without it Smarty 2 applies them to each element.
 *
 * By-reference functions (sort, rsort, asort, arsort, ksort, krsort, shuffle, array_pop, array_push,
 * array_shift): Smarty 2 compiles `{$a|@sort}` to `sort($a)`, so the variable itself is changed and
 * the modifier's value is the function's return value (`true` prints 1, array_pop prints the element).
 * These functions change the PhpArray handle they receive, in place; the runtime passes the
 * variable's own handle to a whole-array modifier.
 */

import {
  allowArray,
  copyValue,
  isNumericString,
  type Key,
  looseEquals,
  makeFloat,
  PHP_SORTS,
  PhpArray,
  PhpError,
  PhpFloat,
  PhpObject,
  type PhpSortName,
  phpStableSort,
  SORT_REGULAR,
  SORT_STRING,
  searchValue,
  sortPhpArray,
  strictEquals,
  substrRange,
  toBool,
  toFloat,
  toInt,
  toKey,
  toStr,
  type Value,
  valueComparator,
  valueError,
} from '@sumi/php';
import type { ModifierDef } from '@sumi/runtime';
import { phpModifier } from './define';

/**
 * Adds a copy of `v` to `out` the way array_shift, array_merge, array_reverse and array_slice build their
 * result: an integer key is renumbered (unless `preserveKeys`), a string key is kept.
 */
function addRenumbered(out: PhpArray, k: Key, v: Value, preserveKeys = false): void {
  if (typeof k === 'number' && !preserveKeys) out.push(copyValue(v));
  else out.set(k, copyValue(v));
}

const byRefNote = ' The variable is changed in place (PHP passes it by reference).';

function sortDef(
  name: PhpSortName,
  description: string,
  example: { template: string; data: Record<string, unknown>; output: string },
): ModifierDef {
  return phpModifier({
    name,
    wholeArray: true,
    byReference: true,
    description: description + byRefNote + ' Equal elements keep their order (PHP 8 sorts are stable).',
    params: [
      { name: 'array', type: 'array' },
      {
        name: 'flags',
        type: 'int',
        optional: true,
        default: 0,
        description:
          'SORT_REGULAR (0), SORT_NUMERIC (1), SORT_STRING (2), SORT_NATURAL (6), | SORT_FLAG_CASE (8)',
      },
    ],
    result: 'true (prints 1); the variable holds the sorted array',
    examples: [example],
    run: (ctx, arr, flags = SORT_REGULAR) => {
      const sorted = sortPhpArray(arr, { ...PHP_SORTS[name], flags, warn: (m) => ctx.warn(m) });
      arr.replaceWith(sorted);
      return true;
    },
  });
}

export const sort = sortDef(
  'sort',
  'PHP `sort()`: sorts the values in ascending order and renumbers the keys 0..n-1.',
  { template: '{$a|@sort} {","|implode:$a}', data: { a: [3, 1, 2] }, output: '1 1,2,3' },
);
export const rsort = sortDef(
  'rsort',
  'PHP `rsort()`: sorts the values in descending order and renumbers the keys.',
  { template: '{$a|@rsort}{","|implode:$a}', data: { a: [1, 3, 2] }, output: '13,2,1' },
);
export const asort = sortDef(
  'asort',
  'PHP `asort()`: sorts by value in ascending order, keeping each key with its value.',
  {
    template: '{$m|@asort}{$m|@json_encode}',
    data: { m: { b: 2, c: 1, a: 3 } },
    output: '1{"c":1,"b":2,"a":3}',
  },
);
export const arsort = sortDef('arsort', 'PHP `arsort()`: sorts by value in descending order, keeping keys.', {
  template: '{$m|@arsort}{$m|@json_encode}',
  data: { m: { x: 1, y: 3, z: 2 } },
  output: '1{"y":3,"z":2,"x":1}',
});
export const ksort = sortDef('ksort', 'PHP `ksort()`: sorts by key in ascending order.', {
  template: '{$m|@ksort}{$m|@json_encode}',
  data: { m: { b: 2, c: 1, a: 3 } },
  output: '1{"a":3,"b":2,"c":1}',
});
export const krsort = sortDef('krsort', 'PHP `krsort()`: sorts by key in descending order.', {
  template: '{$m|@krsort}{$m|@json_encode}',
  data: { m: { x: 1, z: 2, y: 3 } },
  output: '1{"z":2,"y":3,"x":1}',
});

export const shuffle: ModifierDef = phpModifier({
  name: 'shuffle',
  byReference: true,
  wholeArray: true,
  description:
    "PHP `shuffle()`: puts the values in random order (the render's random source, seedable for tests) and " +
    'renumbers the keys.' +
    byRefNote,
  params: [{ name: 'array', type: 'array' }],
  result: 'true (prints 1); the variable holds the shuffled list',
  examples: [{ template: '{$a|@shuffle} {$a|@count}', data: { a: [1, 2, 3, 4] }, output: '1 4' }],
  run: (ctx, arr) => {
    const vals = arr.values();
    // php_array_data_shuffle: Fisher-Yates from the end
    for (let j = vals.length - 1; j > 0; j--) {
      const r = ctx.services.random.int(0, j);
      const t = vals[j];
      vals[j] = vals[r];
      vals[r] = t;
    }
    arr.replaceWith(PhpArray.fromList(vals.map(copyValue)));
    return true;
  },
});

export const arrayPop: ModifierDef = phpModifier({
  name: 'array_pop',
  byReference: true,
  wholeArray: true,
  description:
    'PHP `array_pop()`: removes the last element and returns it (null for an empty array).' + byRefNote,
  params: [{ name: 'array', type: 'array' }],
  result: 'the removed element',
  examples: [{ template: '{$a|@array_pop} {","|implode:$a}', data: { a: ['p', 'q', 'r'] }, output: 'r p,q' }],
  run: (_ctx, arr) => arr.pop() ?? null,
});

export const arrayShift: ModifierDef = phpModifier({
  name: 'array_shift',
  byReference: true,
  wholeArray: true,
  description:
    'PHP `array_shift()`: removes the first element and returns it; integer keys are renumbered from 0, ' +
    'string keys stay.' +
    byRefNote,
  params: [{ name: 'array', type: 'array' }],
  result: 'the removed element',
  examples: [
    { template: '{$a|@array_shift} {","|implode:$a}', data: { a: ['p', 'q', 'r'] }, output: 'p q,r' },
  ],
  run: (_ctx, arr) => {
    if (arr.size === 0) return null;
    const entries = arr.entries();
    const first = entries[0][1];
    const out = new PhpArray();
    for (const [k, v] of entries.slice(1)) {
      addRenumbered(out, k, v);
    }
    arr.replaceWith(out);
    return first;
  },
});

export const arrayPush: ModifierDef = phpModifier({
  name: 'array_push',
  byReference: true,
  wholeArray: true,
  description:
    'PHP `array_push($array, ...$values)`: appends the arguments and returns the new count.' + byRefNote,
  params: [
    { name: 'array', type: 'array' },
    { name: 'values', type: 'mixed', variadic: true, description: 'the values to append (any number)' },
  ],
  result: 'the new number of elements',
  examples: [
    { template: "{$a|@array_push:'n':'m'} {\",\"|implode:$a}", data: { a: ['p', 'q'] }, output: '4 p,q,n,m' },
  ],
  run: (_ctx, arr, values) => {
    for (const v of values) arr.push(copyValue(v));
    return arr.size;
  },
});

export const arrayColumn: ModifierDef = phpModifier({
  name: 'array_column',
  wholeArray: true,
  description:
    'PHP `array_column($array, $column_key, $index_key)`: the values of one field of each row (rows without ' +
    'it are skipped); `null` as column takes whole rows; with `index_key` the result is keyed by that field.',
  params: [
    { name: 'array', type: 'array' },
    { name: 'column_key', type: '?string|int', description: 'the field to take (null: the whole row)' },
    { name: 'index_key', type: '?string|int', optional: true, description: 'the field to key the result by' },
  ],
  result: 'an array',
  examples: [
    {
      template: "{$rows|@array_column:'name'|@json_encode} {$rows|@array_column:'name':'id'|@json_encode}",
      data: {
        rows: [
          { id: 7, name: 'Ann' },
          { id: 9, name: 'Bob' },
        ],
      },
      output: '["Ann","Bob"] {"7":"Ann","9":"Bob"}',
    },
  ],
  run: (_ctx, arr, column, index) => {
    const out = new PhpArray();
    const field = (row: Value, k: string | number): Value | undefined => {
      if (row instanceof PhpArray) return row.get(k);
      if (row instanceof PhpObject) return row.props.get(k);
      return undefined;
    };
    // PHP 8.2: a null column takes every row, a scalar one too; a row's index field keys the value
    // as an array key would (null "", booleans 0/1, floats cut), an array there is "Illegal offset type"
    arr.forEach((row) => {
      const value = column === null ? row : field(row, column);
      if (value === undefined) return;
      const keyValue = index === null || index === undefined ? undefined : field(row, index);
      if (keyValue === undefined) out.push(copyValue(value));
      else if (keyValue instanceof PhpArray || keyValue instanceof PhpObject) {
        throw new PhpError('TypeError', 'Illegal offset type');
      } else out.set(toKey(keyValue), copyValue(value));
    });
    return out;
  },
});

export const arrayDiff: ModifierDef = phpModifier({
  name: 'array_diff',
  wholeArray: true,
  description:
    'PHP `array_diff($array, ...$arrays)`: the elements of the array whose string form appears in none of ' +
    'the others; keys are kept.',
  params: [
    { name: 'array', type: 'array' },
    { name: 'arrays', type: 'array', variadic: true, description: 'the arrays to subtract (one or more)' },
  ],
  result: 'an array with the original keys',
  examples: [
    {
      template: '{$a|@array_diff:$b|@json_encode}',
      data: { a: ['apple', 'banana', 'cherry'], b: ['banana'] },
      output: '{"0":"apple","2":"cherry"}',
    },
  ],
  run: (ctx, arr, others) => {
    const warn = (m: string) => ctx.warn(m);
    const exclude = new Set<string>();
    for (const o of others) {
      o.forEach((v) => {
        exclude.add(toStr(v, warn));
      });
    }
    const out = new PhpArray();
    arr.forEach((v, k) => {
      if (!exclude.has(toStr(v, warn))) out.set(k, copyValue(v));
    });
    return out;
  },
});

export const arrayFilter: ModifierDef = phpModifier({
  name: 'array_filter',
  wholeArray: true,
  description:
    'PHP `array_filter($array)` without a callback: keeps the elements that are truthy ("0", "", 0, null, ' +
    'false and [] go; "0.0" and " " stay), with their keys. Callbacks are not supported in templates.',
  params: [
    { name: 'array', type: 'array' },
    {
      name: 'callback',
      type: 'mixed',
      optional: true,
      description: 'not supported in templates: any value but null is logged and gives null',
    },
    { name: 'mode', type: 'int', optional: true, description: 'what a callback gets (with a callback only)' },
  ],
  result: 'an array with the original keys',
  errors: ['a callback argument: not supported in Sumi, logged; the result is null'],
  examples: [
    {
      template: '{$a|@array_filter|@json_encode}',
      data: { a: [0, 1, '', 'a', null, '0', false, [], '0.0'] },
      output: '{"1":1,"3":"a","8":"0.0"}',
    },
  ],
  run: (ctx, arr, callback) => {
    if (callback !== undefined && callback !== null) {
      ctx.warn('array_filter(): callbacks are not supported in Sumi templates (not implemented)');
      return null;
    }
    const out = new PhpArray();
    arr.forEach((v, k) => {
      if (toBool(v)) out.set(k, copyValue(v));
    });
    return out;
  },
});

export const arrayKeyExists: ModifierDef = phpModifier({
  name: 'array_key_exists',
  description:
    'PHP `array_key_exists($key, $array)`: the value is the key, the argument the array: ' +
    "`{if 'k'|array_key_exists:$m}`. True also when the element is null (unlike isset).",
  params: [
    { name: 'key', type: 'mixed' },
    { name: 'array', type: 'array', description: 'the array to look in' },
  ],
  result: 'true or false',
  examples: [{ template: "{if 'k'|array_key_exists:$m}yes{/if}", data: { m: { k: null } }, output: 'yes' }],
  run: (_ctx, key, arr) => {
    if (key instanceof PhpArray || key instanceof PhpObject) {
      throw new PhpError(
        'TypeError',
        'array_key_exists(): Argument #1 ($key) must be a valid array offset type',
      );
    }
    return arr.has(toKey(key));
  },
});

export const arrayKeys: ModifierDef = phpModifier({
  name: 'array_keys',
  wholeArray: true,
  description:
    'PHP `array_keys($array, $filter_value, $strict)`: the keys (as a list); with a filter value only the ' +
    'keys of equal elements (== or, with strict, ===).',
  params: [
    { name: 'array', type: 'array' },
    { name: 'filter_value', type: 'mixed', optional: true, description: 'only keys whose value equals this' },
    { name: 'strict', type: 'bool', optional: true, default: false, description: 'compare with ===' },
  ],
  result: 'a list of keys (ints and strings)',
  examples: [
    {
      template: '{$m|@array_keys|@json_encode} {$m|@array_keys:2|@json_encode}',
      data: { m: { x: 1, y: 2, z: 2 } },
      output: '["x","y","z"] ["y","z"]',
    },
  ],
  run: (_ctx, arr, filter, strict = false) => {
    if (filter === undefined) return PhpArray.fromList(arr.keys());
    const out: Key[] = [];
    arr.forEach((v, k) => {
      if (strict ? strictEquals(v, filter) : looseEquals(v, filter)) out.push(k);
    });
    return PhpArray.fromList(out);
  },
});

export const arrayValues: ModifierDef = phpModifier({
  name: 'array_values',
  wholeArray: true,
  description: 'PHP `array_values()`: the values as a list (keys 0..n-1).',
  params: [{ name: 'array', type: 'array' }],
  result: 'a list',
  examples: [{ template: '{$m|@array_values|@json_encode}', data: { m: { x: 1, y: 2 } }, output: '[1,2]' }],
  run: (_ctx, arr) => PhpArray.fromList(arr.values().map(copyValue)),
});

export const arrayMerge: ModifierDef = phpModifier({
  name: 'array_merge',
  wholeArray: true,
  description:
    'PHP `array_merge(...$arrays)`: joins the arrays; integer keys are renumbered, a later string key ' +
    'replaces an earlier one.',
  params: [
    { name: 'arrays', type: 'array', variadic: true, description: 'the arrays to append (any number)' },
  ],
  result: 'an array',
  examples: [
    {
      template: '{$a|@array_merge:$b|@json_encode}',
      data: { a: { '5': 'a', x: 1 }, b: { x: 2, '9': 'b' } },
      output: '{"0":"a","x":2,"1":"b"}',
    },
  ],
  run: (_ctx, arrays) => {
    const out = new PhpArray();
    for (const a of arrays) {
      a.forEach((v, k) => {
        addRenumbered(out, k, v);
      });
    }
    return out;
  },
});

export const arrayReverse: ModifierDef = phpModifier({
  name: 'array_reverse',
  wholeArray: true,
  description:
    'PHP `array_reverse($array, $preserve_keys)`: the elements in reverse order; integer keys are ' +
    'renumbered unless preserve_keys is true (string keys always stay).',
  params: [
    { name: 'array', type: 'array' },
    { name: 'preserve_keys', type: 'bool', optional: true, default: false, description: 'keep integer keys' },
  ],
  result: 'an array',
  examples: [
    { template: '{$a|@array_reverse|@json_encode}', data: { a: [3, 1, 2] }, output: '[2,1,3]' },
    {
      template: '{$m|@array_reverse:true|@json_encode}',
      data: { m: { '5': 'x', k: 'y' } },
      output: '{"k":"y","5":"x"}',
    },
  ],
  run: (_ctx, arr, preserve = false) => {
    const out = new PhpArray();
    const entries = arr.entries();
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i];
      addRenumbered(out, k, v, preserve);
    }
    return out;
  },
});

export const arraySearch: ModifierDef = phpModifier({
  name: 'array_search',
  description:
    'PHP `array_search($needle, $haystack, $strict)`: the value is the needle, the argument the array; ' +
    'returns the first key whose value equals it (== or ===), or false.',
  params: [
    { name: 'needle', type: 'mixed' },
    { name: 'haystack', type: 'array', description: 'the array to search' },
    { name: 'strict', type: 'bool', optional: true, default: false, description: 'compare with ===' },
  ],
  result: 'a key, or false',
  examples: [
    { template: "{'b'|array_search:$a} [{'z'|array_search:$a}]", data: { a: ['a', 'b'] }, output: '1 []' },
  ],
  run: (_ctx, needle, arr, strict = false) => {
    const i = searchValue(arr, needle, strict);
    return i < 0 ? false : arr.keyAt(i);
  },
});

export const arraySlice: ModifierDef = phpModifier({
  name: 'array_slice',
  wholeArray: true,
  description:
    'PHP `array_slice($array, $offset, $length, $preserve_keys)`: a part by position (negative offset/length ' +
    'count from the end); integer keys are renumbered unless preserve_keys.',
  params: [
    { name: 'array', type: 'array' },
    { name: 'offset', type: 'int', description: 'first position (negative: from the end)' },
    {
      name: 'length',
      type: '?int',
      optional: true,
      description: 'number of elements (negative: stop before the end)',
    },
    { name: 'preserve_keys', type: 'bool', optional: true, default: false, description: 'keep integer keys' },
  ],
  result: 'an array',
  examples: [{ template: '{$a|@array_slice:1:2|@json_encode}', data: { a: [1, 2, 3, 4] }, output: '[2,3]' }],
  run: (_ctx, arr, offset, length, preserve = false) => {
    const out = new PhpArray();
    for (const [k, v] of arr.entries().slice(...substrRange(arr.size, offset, length))) {
      addRenumbered(out, k, v, preserve);
    }
    return out;
  },
});

export const arrayUnique: ModifierDef = phpModifier({
  name: 'array_unique',
  wholeArray: true,
  description:
    'PHP `array_unique($array, $flags)`: drops repeated values, keeping the first occurrence and its key. ' +
    'Values are compared as strings by default (SORT_STRING); SORT_REGULAR (0) compares with ==, ' +
    'SORT_NUMERIC (1) as numbers.',
  params: [
    { name: 'array', type: 'array' },
    {
      name: 'flags',
      type: 'int',
      optional: true,
      default: 2,
      description: 'SORT_STRING (2), SORT_REGULAR (0), SORT_NUMERIC (1)',
    },
  ],
  result: 'an array with the original keys',
  examples: [
    { template: '{$a|@array_unique|@json_encode}', data: { a: [3, 1, 3, 2] }, output: '{"0":3,"1":1,"3":2}' },
  ],
  run: (ctx, arr, flags = SORT_STRING) => {
    const warn = (m: string) => ctx.warn(m);
    const entries = arr.entries();
    if (flags === SORT_STRING) {
      const seen = new Set<string>();
      const out = new PhpArray();
      for (const [k, v] of entries) {
        const s = toStr(v, warn);
        if (seen.has(s)) continue;
        seen.add(s);
        out.set(k, copyValue(v));
      }
      return out;
    }
    // PHP sorts (stably), then walks the sorted run deleting every element equal to the last one kept
    const cmp = valueComparator(flags, warn);
    const positioned = entries.map((e, i) => ({ e, i }));
    const sorted = phpStableSort(positioned, (a, b) => cmp(a.e[1], b.e[1]));
    const dropped = new Set<number>();
    let kept = sorted[0];
    for (let j = 1; j < sorted.length; j++) {
      const cur = sorted[j];
      if (cmp(kept.e[1], cur.e[1]) !== 0) {
        kept = cur;
      } else if (kept.i > cur.i) {
        dropped.add(kept.i);
        kept = cur;
      } else {
        dropped.add(cur.i);
      }
    }
    const out = new PhpArray();
    entries.forEach(([k, v], i) => {
      if (!dropped.has(i)) out.set(k, copyValue(v));
    });
    return out;
  },
});

export const key: ModifierDef = phpModifier({
  name: 'key',
  wholeArray: true,
  description:
    "PHP `key()`: the key at the array's internal pointer, which for a template value is its first key " +
    '(null for an empty array).',
  params: [{ name: 'array', type: 'array' }],
  result: 'the first key, or null',
  examples: [{ template: '{$m|@key}', data: { m: { x: 1, y: 2 } }, output: 'x' }],
  run: (_ctx, arr) => (arr.size ? arr.keyAt(0) : null),
});

/** range(): PHP 8.2's rules (before 8.3's rework) for ints, floats and single-byte characters. */
export function phpRange(start: Value, end: Value, stepArg: Value | undefined): PhpArray {
  let isStepDouble = false;
  let step = 1;
  if (stepArg !== undefined) {
    isStepDouble =
      (typeof stepArg === 'number' && !Number.isSafeInteger(stepArg)) ||
      stepArg instanceof PhpFloat ||
      (typeof stepArg === 'string' && isNumericString(stepArg) && isFloatString(stepArg));
    step = Math.abs(toFloat(stepArg));
  }
  const exceed = (): never => valueError('range', 3, 'step', 'must not exceed the specified range');
  const isDouble = (v: Value) => (typeof v === 'number' && !Number.isSafeInteger(v)) || v instanceof PhpFloat;

  let mode: 'char' | 'double' | 'long';
  if (typeof start === 'string' && typeof end === 'string' && start.length >= 1 && end.length >= 1) {
    const t1 = numericType(start);
    const t2 = numericType(end);
    if (t1 === 'double' || t2 === 'double' || isStepDouble) mode = 'double';
    else if (t1 === 'long' || t2 === 'long') mode = 'long';
    else mode = 'char';
  } else if (isDouble(start) || isDouble(end) || isStepDouble) {
    mode = 'double';
  } else {
    mode = 'long';
  }

  if (mode === 'char') {
    const lstep = Math.trunc(step);
    // PHP takes the first byte of each string (of a multibyte character: its lead byte)
    let low = firstByte(start as string);
    const hi = firstByte(end as string);
    const out: string[] = [];
    if (low > hi) {
      if (low - hi < lstep || lstep <= 0) exceed();
      for (; low >= hi; low -= lstep) {
        out.push(byteChar(low));
        if (low - lstep < 0) break;
      }
    } else if (hi > low) {
      if (hi - low < lstep || lstep <= 0) exceed();
      for (; low <= hi; low += lstep) {
        out.push(byteChar(low));
        if (low + lstep > 255) break;
      }
    } else {
      out.push(byteChar(low));
    }
    return PhpArray.fromList(out);
  }

  if (mode === 'double') {
    const low = toFloat(start);
    const high = toFloat(end);
    if (!Number.isFinite(low) || !Number.isFinite(high)) {
      throw new PhpError(
        'ValueError',
        `Invalid range supplied: start=${low.toFixed(0)} end=${high.toFixed(0)}`,
      );
    }
    const out: Value[] = [];
    if (low > high) {
      if (low - high < step || step <= 0) exceed();
      const size = checkSize(Math.round((low - high) / step) + 1, low, high);
      for (let i = 0, el = low; i < size && el >= high; ++i, el = low - i * step) out.push(makeFloat(el));
    } else if (high > low) {
      if (high - low < step || step <= 0) exceed();
      const size = checkSize(Math.round((high - low) / step) + 1, low, high);
      for (let i = 0, el = low; i < size && el <= high; ++i, el = low + i * step) out.push(makeFloat(el));
    } else {
      out.push(makeFloat(low));
    }
    return PhpArray.fromList(out);
  }

  const low = Number(toInt(start));
  const high = Number(toInt(end));
  if (step <= 0) exceed();
  const lstep = Math.trunc(step);
  if (lstep <= 0) exceed();
  const out: number[] = [];
  if (low > high) {
    if (low - high < lstep) exceed();
    const size = checkSize(Math.floor((low - high) / lstep) + 1, low, high);
    for (let i = 0; i < size; i++) out.push(low - i * lstep);
  } else if (high > low) {
    if (high - low < lstep) exceed();
    const size = checkSize(Math.floor((high - low) / lstep) + 1, low, high);
    for (let i = 0; i < size; i++) out.push(low + i * lstep);
  } else {
    out.push(low);
  }
  return PhpArray.fromList(out);
}

/**
 * PHP 8.2's own ceiling (HT_MAX_SIZE - 1 on 64-bit): past it, range() is a ValueError whatever the
 * memory. Below it, the array cap (limits.maxArrayLength) decides before anything is built, where PHP
 * would run into memory_limit.
 */
const RANGE_MAX = 0x40000000 - 1;

function checkSize(size: number, low: number, high: number): number {
  if (size >= RANGE_MAX) {
    throw new PhpError(
      'ValueError',
      `The supplied range exceeds the maximum array size: start=${low.toFixed(0)} end=${high.toFixed(0)}`,
    );
  }
  allowArray(size);
  return size;
}

function numericType(s: string): 'long' | 'double' | null {
  if (!isNumericString(s)) return null;
  return isFloatString(s) ? 'double' : 'long';
}

function isFloatString(s: string): boolean {
  return /[.eE]/.test(s.trim());
}

function firstByte(s: string): number {
  const c = s.charCodeAt(0);
  if (c < 0x80) return c;
  if (c >= 0xdc80 && c <= 0xdcff) return c - 0xdc00;
  return new TextEncoder().encode(s.slice(0, 2))[0];
}

function byteChar(b: number): string {
  return b < 0x80 ? String.fromCharCode(b) : String.fromCharCode(0xdc00 + b);
}

export const range: ModifierDef = phpModifier({
  name: 'range',
  description:
    'PHP `range($start, $end, $step)`: the value is the start. Ints, floats (when any of the three is a ' +
    "float) or single letters (`a`..`e`); counts down when start > end; the step's sign is ignored.",
  params: [
    { name: 'start', type: 'mixed' },
    { name: 'end', type: 'mixed', description: 'the last value (included when the steps reach it)' },
    { name: 'step', type: 'number', optional: true, default: 1, description: 'the distance between values' },
  ],
  result: 'a list',
  errors: ['a step larger than the range, or 0: ValueError, logged; the result is null'],
  examples: [
    { template: '{foreach from=1|range:4 item=i}{$i}{/foreach}', output: '1234' },
    { template: "{assign var=r value='a'|range:'e':2}{\"\"|implode:$r}", output: 'ace' },
    { template: '{foreach from=0|range:1:0.25 item=f}[{$f}]{/foreach}', output: '[0][0.25][0.5][0.75][1]' },
  ],
  run: (_ctx, start, end, step) => phpRange(start ?? null, end ?? null, step),
});

export const arrayFunctions: readonly ModifierDef[] = [
  arrayColumn,
  arrayDiff,
  arrayFilter,
  arrayKeyExists,
  arrayKeys,
  arrayMerge,
  arrayPop,
  arrayPush,
  arrayReverse,
  arraySearch,
  arrayShift,
  arraySlice,
  arrayUnique,
  arrayValues,
  arsort,
  asort,
  krsort,
  ksort,
  rsort,
  sort,
  shuffle,
  range,
  key,
];
