/**
 * The CMS's sort modifiers: PHP's sort family applied to a copy of the array
 * (the original variable is unchanged) and returned, plus cms_sort_by_key.
 * Written with `@`: `{$list|@cms_sort}`.
 */

import {
  compare,
  PHP_SORTS,
  PhpArray,
  PhpError,
  PhpObject,
  type PhpSortName,
  phpCall,
  phpStableSort,
  sortPhpArray,
  toStr,
  type Value,
} from '@sumi/php';
import { definePlugin, type ModifierDef, type RenderContext } from '@sumi/runtime';

const GROUP = 'CMS modifier';

interface SortSpec {
  name: string;
  php: PhpSortName;
  what: string;
  example: { template: string; data: Record<string, unknown>; output: string };
}

function sortModifier(spec: SortSpec): ModifierDef {
  return definePlugin({
    kind: 'modifier',
    name: spec.name,
    aliases: [`r${spec.name}`],
    group: GROUP,
    wholeArray: true,
    description: `${spec.what} Works on a copy (PHP's ${spec.php}() with SORT_REGULAR, stable): the variable itself is unchanged. A value that is not an array (null, a string, a number, an object) is returned unchanged. Write it with \`@\`.`,
    args: [],
    result: 'the sorted array (a value that is not an array: that value)',
    examples: [spec.example],
    run(ctx: RenderContext, value: Value): Value {
      // the CMS's plugin sorts only arrays and hands anything else back as it came
      if (!(value instanceof PhpArray)) return value;
      return phpCall(ctx, () => sortPhpArray(value, { ...PHP_SORTS[spec.php], warn: (m) => ctx.warn(m) }));
    },
  });
}

export const cmsSort = sortModifier({
  name: 'cms_sort',
  php: 'sort',
  what: 'Sorts the values in ascending order and renumbers the keys 0..n-1.',
  example: { template: '{$a|@cms_sort|@json_encode}', data: { a: [3, 10, 1, 2] }, output: '[1,2,3,10]' },
});

export const cmsRsort = sortModifier({
  name: 'cms_rsort',
  php: 'rsort',
  what: 'Sorts the values in descending order and renumbers the keys 0..n-1.',
  example: { template: '{$a|@cms_rsort|@json_encode}', data: { a: [3, 10, 1, 2] }, output: '[10,3,2,1]' },
});

export const cmsAsort = sortModifier({
  name: 'cms_asort',
  php: 'asort',
  what: 'Sorts the values in ascending order, keeping each key with its value.',
  example: {
    template: '{$m|@cms_asort|@json_encode}',
    data: { m: { b: 2, c: 3, a: 1 } },
    output: '{"a":1,"b":2,"c":3}',
  },
});

export const cmsArsort = sortModifier({
  name: 'cms_arsort',
  php: 'arsort',
  what: 'Sorts the values in descending order, keeping each key with its value.',
  example: {
    template: '{$m|@cms_arsort|@json_encode}',
    data: { m: { b: 2, c: 3, a: 1 } },
    output: '{"c":3,"b":2,"a":1}',
  },
});

export const cmsKsort = sortModifier({
  name: 'cms_ksort',
  php: 'ksort',
  what: 'Sorts by key in ascending order.',
  example: {
    template: '{$m|@cms_ksort|@json_encode}',
    data: { m: { b: 2, c: 3, a: 1 } },
    output: '{"a":1,"b":2,"c":3}',
  },
});

export const cmsKrsort = sortModifier({
  name: 'cms_krsort',
  php: 'krsort',
  what: 'Sorts by key in descending order.',
  example: {
    template: '{$m|@cms_krsort|@json_encode}',
    data: { m: { b: 2, c: 3, a: 1 } },
    output: '{"c":3,"b":2,"a":1}',
  },
});

/** `$row[$key]` for a row of a list: arrays and objects are read, anything else gives null */
function field(row: Value, key: Value): Value {
  if (row instanceof PhpArray) {
    // `$row[$key]` with an array key: PHP's TypeError, which ends the template
    if (key instanceof PhpArray || key instanceof PhpObject)
      throw new PhpError('TypeError', 'Illegal offset type');
    return row.read(key);
  }
  if (row instanceof PhpObject) return row.props.read(key);
  return null;
}

export const cmsSortByKey: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'cms_sort_by_key',
  aliases: ['rcms_sort_by_key'],
  group: GROUP,
  wholeArray: true,
  description:
    'Sorts a list of records by the value of one field, compared with PHP `<=>`. The sort is stable (records with ' +
    'equal values keep their order) and the result is re-indexed 0..n-1. The direction is `asc` (default) or ' +
    '`desc` (any case); any other direction sorts ascending. A record without the field sorts as null. A value ' +
    'that is not an array is returned unchanged.',
  args: [
    { name: 'key', type: 'string', description: 'the field to sort by' },
    { name: 'direction', type: 'string', optional: true, default: 'asc', description: '`asc` or `desc`' },
  ],
  errors: [
    'an array `key` is a TypeError (Illegal offset type) once two records are compared: the template fails',
  ],
  result: 'a new list, sorted (a value that is not an array: that value)',
  examples: [
    {
      template: "{foreach from=$rows|@cms_sort_by_key:'age':'desc' item=r}{$r.name}{/foreach}",
      data: {
        rows: [
          { name: 'c', age: 30 },
          { name: 'a', age: 25 },
          { name: 'b', age: 35 },
        ],
      },
      output: 'bca',
    },
  ],
  run(_ctx: RenderContext, value: Value, key?: Value, direction?: Value): Value {
    if (!(value instanceof PhpArray)) return value;
    const k = key === undefined ? null : key;
    const desc = direction !== undefined && toStr(direction).toLowerCase() === 'desc';
    const rows = value.values();
    // usort() with `$a[$key] <=> $b[$key]` (operands swapped for desc)
    const sorted = phpStableSort(
      rows,
      desc ? (a, b) => compare(field(b, k), field(a, k)) : (a, b) => compare(field(a, k), field(b, k)),
    );
    return PhpArray.fromList(sorted);
  },
});

export const sortingModifiers: readonly ModifierDef[] = [
  cmsSort,
  cmsRsort,
  cmsAsort,
  cmsArsort,
  cmsKsort,
  cmsKrsort,
  cmsSortByKey,
];
