/**
 * The conformance cases of the `data` group (how JSON data maps to template
 * values), evaluated with the value model alone: each template's expressions
 * are spelled out with fromJSONText / toStr / toBool / add / jsonEncode. Parts
 * that need other modules (string_format, string offsets, strtoupper) are
 * left out and only the covered prefix is compared.
 */
import { describe, expect, it } from 'vitest';
import {
  add,
  byteLength,
  fromJSONText,
  jsonEncode,
  looseEquals,
  PhpArray,
  toBool,
  toInt,
  toStr,
  type Value,
} from '../src/index';

declare global {
  interface ImportMeta {
    glob(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
  }
}

// the repo's copy of the conformance cases, read as raw text by Vite
const files = import.meta.glob('../../../conformance/data/*.{json,expected}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function file(name: string): string | undefined {
  return files[`../../../conformance/data/${name}`];
}

function load(name: string): { vars: PhpArray; expected: string } {
  const text = file(`${name}.json`);
  const vars = text === undefined ? new PhpArray() : (fromJSONText(text) as PhpArray);
  return { vars, expected: file(`${name}.expected`) as string };
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

const cases: Record<string, (vars: PhpArray) => string> = {
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
    return `${toStr(s)} ${toStr(add(s, 0))} ${toStr(toInt(s))} ${looseEquals(s, 7) ? 'eq7' : ''} `;
  },
  sequential_keys_become_list: (v) =>
    `${json(path(v, 'seq'))} ${json(path(v, 'gap'))} ${json(path(v, 'unordered'))}`,
  top_level_key_types: (v) =>
    `${toStr(path(v, '_under'))} ${toStr(path(v, 'camelCase'))} ${toStr(path(v, 'with_digit1'))} ${toStr(path(v, 'UPPER'))}`,
  unicode_strings: (v) => {
    const s = toStr(path(v, 's'));
    return `${s} ${byteLength(s)} ${[...s].length} `;
  },
};

describe('conformance/data through the value model', () => {
  for (const [name, render] of Object.entries(cases)) {
    it(name, () => {
      const { vars, expected } = load(name);
      expect(expected).toBeTypeOf('string');
      const out = render(vars);
      expect(expected.startsWith(out)).toBe(true);
      expect(out.length).toBeGreaterThan(0);
      if (!['numeric_string_data', 'unicode_strings'].includes(name)) expect(out).toBe(expected);
    });
  }
});
