/** The CMS's array plugins: append, assign_array, assign_array_diff/intersect/set. */

import type { Value } from '@sumi/php';
import { copyValue, PhpArray, splitString, toArray, toStr, valueError } from '@sumi/php';
import { ErrorCodes, fail } from '../errors';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

const G = 'Variables and arrays';

export const append: FunctionPluginDef = definePlugin({
  kind: 'function',
  writes: 'var',
  name: 'append',
  group: G,
  description:
    'Adds `value` to the array `var`: pushed at the end, or stored under `index`. A variable that is not an array yet becomes one (null gives [], a scalar s gives [s]).',
  attributes: {
    var: { type: 'varname', required: true, description: 'array variable (dotted names allowed)' },
    value: { type: 'mixed', required: true, description: 'the value to add' },
    index: { type: 'mixed', description: 'key to set instead of pushing (null or "" pushes)' },
  },
  result: 'the array, stored in `var`; prints nothing',
  examples: [
    {
      template: "{append var=l value='a'}{append var=l value='b' index=k}{$l|@json_encode}",
      output: '{"0":"a","k":"b"}',
    },
  ],
  run(ctx, a) {
    // the variable's own array, changed in place: appending in a loop stays O(1) per call
    const arr = ctx.arrayAt(a.var as string);
    const value = copyValue(a.value as Value);
    // the CMS pushes for an empty index too: `index=''` appends, it does not set the key ""
    if (a.index === undefined || a.index === null || a.index === '') arr.push(value);
    else arr.set(a.index, value);
  },
});

export const assignArray: FunctionPluginDef = definePlugin({
  kind: 'function',
  writes: 'var',
  name: 'assign_array',
  group: G,
  description: 'Builds an array from a delimited string, as a list or (with `keys`) an associative array.',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the array' },
    values: { type: 'string', default: '', description: 'delimited values; empty gives an empty array' },
    delimiter: {
      type: 'string',
      default: ',',
      description: 'separator of values and keys ("" is the default)',
    },
    keys: { type: 'string', description: 'delimited keys, as many as values; empty gives a list' },
  },
  errors: ['keys and values of different lengths'],
  examples: [
    {
      template: '{assign_array var=a values="x,y" keys="k1,k2"}{$a|@json_encode}',
      output: '{"k1":"x","k2":"y"}',
    },
  ],
  run(ctx, a) {
    // only the empty string means the default: `delimiter=false` is explode('') in the CMS, a ValueError
    const delim = a.delimiter === '' ? ',' : toStr(a.delimiter);
    if (delim === '') valueError('explode', 1, 'separator', 'cannot be empty');
    const values = toStr(a.values);
    const list = values === '' ? [] : splitString(values, delim);
    const keyText = toStr(a.keys);
    let out: PhpArray;
    // empty keys are no keys: a list
    if (keyText === '') out = PhpArray.fromList(list);
    else {
      const keys = splitString(keyText, delim);
      if (keys.length !== list.length)
        fail(
          ErrorCodes.PLUGIN_ERROR,
          { plugin: 'assign_array', message: `${keys.length} keys for ${list.length} values` },
          'keys and values must have the same number of items',
        );
      out = PhpArray.fromEntries(keys.map((k, i) => [k, list[i]!] as [string, Value]));
    }
    ctx.assign(a.var as string, out);
  },
});

export const assignArrayDiff: FunctionPluginDef = definePlugin({
  kind: 'function',
  writes: 'var',
  name: 'assign_array_diff',
  group: G,
  description:
    'Entries of `array1` missing from `array2`: by value compared as strings (array_diff), or by key (array_diff_key). Keys are kept.',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the result' },
    array1: {
      type: 'mixed',
      description: 'the array to filter (another value is cast: null is [], a scalar s is [s])',
    },
    array2: { type: 'mixed', description: 'the entries to remove (cast like array1)' },
    diff_mode: {
      type: 'string',
      default: 'normal',
      // not an enum: the CMS compares with 'key' only, any other mode is normal
      description: 'normal (values) or key; any other value works as normal',
    },
  },
  examples: [
    {
      template: '{assign_array_diff var=r array1=$a array2=$b}{$r|@json_encode}',
      data: { a: ['x', 'y'], b: ['x'] },
      output: '{"1":"y"}',
    },
  ],
  run(ctx, a) {
    const a1 = toArray(a.array1);
    const a2 = toArray(a.array2);
    const out = new PhpArray();
    if (toStr(a.diff_mode) === 'key') {
      for (const [k, v] of a1.entries()) if (!a2.has(k)) out.set(k, copyValue(v));
    } else {
      const remove = new Set([...a2.values()].map((v) => toStr(v)));
      for (const [k, v] of a1.entries()) if (!remove.has(toStr(v))) out.set(k, copyValue(v));
    }
    ctx.assign(a.var as string, out);
  },
});

export const assignArrayIntersect: FunctionPluginDef = definePlugin({
  kind: 'function',
  writes: 'var',
  name: 'assign_array_intersect',
  group: G,
  description:
    'Entries of `array1` also in `array2`: by value as strings (array_intersect), by key and value (array_intersect_assoc), or by key (array_intersect_key). Keys of array1 are kept.',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the result' },
    array1: {
      type: 'mixed',
      description: 'the array to filter (another value is cast: null is [], a scalar s is [s])',
    },
    array2: { type: 'mixed', description: 'the entries to keep (cast like array1)' },
    intersect_mode: {
      type: 'string',
      default: 'normal',
      description: 'normal, assoc or key; any other value works as normal',
    },
  },
  examples: [
    {
      template: '{assign_array_intersect var=r array1=$a array2=$b}{$r|@json_encode}',
      data: { a: ['x', 'y'], b: ['y'] },
      output: '{"1":"y"}',
    },
  ],
  run(ctx, a) {
    const a1 = toArray(a.array1);
    const a2 = toArray(a.array2);
    const out = new PhpArray();
    const mode = toStr(a.intersect_mode);
    const values = new Set([...a2.values()].map((v) => toStr(v)));
    for (const [k, v] of a1.entries()) {
      const keep =
        mode === 'key'
          ? a2.has(k)
          : mode === 'assoc'
            ? a2.has(k) && toStr(a2.get(k) ?? null) === toStr(v)
            : values.has(toStr(v));
      if (keep) out.set(k, copyValue(v));
    }
    ctx.assign(a.var as string, out);
  },
});

export const assignArraySet: FunctionPluginDef = definePlugin({
  kind: 'function',
  writes: 'var',
  name: 'assign_array_set',
  group: G,
  description: 'A copy of `from` with `key` set to `value`; the original is unchanged.',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the copy' },
    from: {
      type: 'mixed',
      description: 'the original array (another value is cast: null is [], a scalar s is [s])',
    },
    key: { type: 'mixed', description: 'key to set; without it (or with null or "") the value is pushed' },
    value: { type: 'mixed', description: 'the value' },
  },
  examples: [
    {
      template: "{assign_array_set var=r from=$a key='b' value=2}{$r|@json_encode}",
      data: { a: { a: 1 } },
      output: '{"a":1,"b":2}',
    },
  ],
  run(ctx, a) {
    const out = toArray(a.from).clone();
    const value = copyValue(a.value ?? null);
    if (a.key === undefined || a.key === null || a.key === '') out.push(value);
    else out.set(a.key, value);
    ctx.assign(a.var as string, out);
  },
});
