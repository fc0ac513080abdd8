/**
 * The conformance cases of the `data` group (how JSON data maps to template
 * values), evaluated with PHP's semantics alone: each template's expressions
 * are spelled out with fromJSONText / toStr / toBool / add / jsonEncode /
 * sprintf / asciiUpper, and the whole expected output is compared.
 */

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../cli/src/case-files';
import {
  add,
  asciiUpper,
  byteLength,
  fromJSONText,
  jsonEncode,
  looseEquals,
  PhpArray,
  sprintf,
  toBool,
  toInt,
  toStr,
  type Value,
} from '../src/index';

const cases = loadCases(fileURLToPath(new URL('../../../conformance', import.meta.url)), ['data']);

function load(name: string): { vars: PhpArray; expected: string | undefined } {
  const c = cases.find((x) => x.id === `data/${name}`);
  const vars = c?.data === undefined ? new PhpArray() : (fromJSONText(c.data) as PhpArray);
  return { vars, expected: c?.expected };
}

/** `$a.b.c` with the CMS rule: anything missing reads as null */
function path(vars: PhpArray, ...keys: (string | number)[]): Value {
  let v: Value = vars;
  for (const k of keys) {
    if (!(v instanceof PhpArray)) return null;
    v = v.read(k);
  }
  return v;
}

function count(v: Value, recursive = false): number {
  if (!(v instanceof PhpArray)) return v === null ? 0 : 1;
  let n = v.size;
  if (recursive)
    v.forEach((x) => {
      if (x instanceof PhpArray) n += count(x, true);
    });
  return n;
}

const json = (v: Value) => jsonEncode(v) as string;

const renders: Record<string, (vars: PhpArray) => string> = {
  booleans_from_json: (v) => {
    const t = path(v, 't');
    const f = path(v, 'f');
    return `[${toStr(t)}] [${toStr(f)}] ${toBool(t) ? 'T' : ''}${toBool(f) ? '' : 'NF'} ${toStr(add(t, 1))} ${json(f)}`;
  },
  count_nested: (v) =>
    [
      count(path(v, 'm')),
      count(path(v, 'm', 'list')),
      count(path(v, 'm'), true),
      count(path(v, 'nul')),
      count(path(v, 'undef')),
      count(path(v, 'm', 'missing')),
    ].join(' '),
  dataset_empty_array: () => {
    const dataSet = PhpArray.fromEntries([['emptyArray', new PhpArray()]]);
    const list = (dataSet.get('emptyArray') as PhpArray).clone();
    return `${count(list)} ${json(list)} ${toBool(list) ? 'T' : 'F'} ${json(dataSet)}`;
  },
  deep_nesting: (v) =>
    `${toStr(path(v, 'a', 'b', 'c', 'd', 'e', 'f'))} ${toStr(path(v, 'a', 'b', 'list', 1, 'x'))} ${toStr(path(v, 'a', 'b', 'list', '0', 'x'))}`,
  empty_object_becomes_array: (v) =>
    `${json(path(v, 'o'))} ${json(path(v, 'l'))} ${count(path(v, 'o'))} ${toBool(path(v, 'o')) ? 'T' : 'F'}`,
  float_keys_and_values: (v) => `${json(path(v, 'm'))} ${toStr(path(v, 'v', 0))} ${toStr(path(v, 'v', 1))}`,
  key_normalisation_json: (v) => json(path(v, 'm')),
  numeric_string_data: (v) => {
    const s = path(v, 's');
    // {$p|string_format:'%05.1f'} is sprintf('%05.1f', $p)
    const p = path(v, 'p');
    return `${toStr(s)} ${toStr(add(s, 0))} ${toStr(toInt(s))} ${looseEquals(s, 7) ? 'eq7' : ''} ${sprintf('%05.1f', [p])}`;
  },
  sequential_keys_become_list: (v) =>
    `${json(path(v, 'seq'))} ${json(path(v, 'gap'))} ${json(path(v, 'unordered'))}`,
  top_level_key_types: (v) =>
    `${toStr(path(v, '_under'))} ${toStr(path(v, 'camelCase'))} ${toStr(path(v, 'with_digit1'))} ${toStr(path(v, 'UPPER'))}`,
  unicode_strings: (v) => {
    // |upper and |strtoupper are PHP 8's strtoupper: ASCII letters only
    const s = toStr(path(v, 's'));
    return `${s} ${byteLength(s)} ${[...s].length} ${asciiUpper(s)} ${asciiUpper(s)}`;
  },
};

describe('conformance/data through the value model', () => {
  // these read through the runtime ($smarty.env/cookies, string offsets in a variable path): its
  // conformance run (`sumi cases conformance`) covers them
  const leftToRuntime = ['smarty_env_cookies_empty', 'string_index_on_string'];
  it('covers every other case of the group', () => {
    expect([...Object.keys(renders), ...leftToRuntime].sort()).toEqual(
      cases.map((c) => c.id.slice('data/'.length)).sort(),
    );
  });
  for (const [name, render] of Object.entries(renders)) {
    it(name, () => {
      const { vars, expected } = load(name);
      expect(expected).toBeTypeOf('string');
      expect(render(vars)).toBe(expected);
    });
  }
});
