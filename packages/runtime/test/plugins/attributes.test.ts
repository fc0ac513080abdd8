/**
 * The attribute casts of plugin/attributes.ts: a value of another type than declared is cast as the
 * plugin's PHP casts it ((string), (int), (bool), (array)), never refused; only `enum` refuses.
 */

import { jsonEncode, type Value } from '@sumi/php';
import { describe, expect, test } from 'vitest';
import { definePlugin } from '../../src/index';
import { engine, err, run } from './render';

/** a plugin printing, per attribute, the value it received as json_encode would show it */
const probe = definePlugin({
  kind: 'function',
  name: 'probe',
  group: 'Variables and arrays',
  description: 'test plugin',
  attributes: {
    s: { type: 'string', description: '' },
    i: { type: 'integer', default: 7, description: '' },
    n: { type: 'number', description: '' },
    b: { type: 'boolean', description: '' },
    a: { type: 'array', description: '' },
    v: { type: 'varname', description: '' },
    raw: { type: 'string', read: 'raw', description: '' },
    e: { type: 'string', enum: ['x', 'y'], description: '' },
  },
  run(_ctx, attrs) {
    const all = attrs as Record<string, Value | undefined>;
    return Object.keys(all)
      .filter((k) => all[k] !== undefined && (k !== 'i' || all.i !== 7))
      .map((k) => `${k}=${jsonEncode(all[k])}`)
      .join(' ');
  },
});

const probeRun = (tpl: string, json = '{}') => run(tpl, json, { plugins: [probe] });
const shown = (tpl: string, json = '{}') => probeRun(tpl, json).output;

describe('attribute casts', () => {
  test('string: an array is "Array" with PHP warning; scalars are handed on as given', () => {
    const r = probeRun('{probe s=$a}|{probe s=false}|{probe s=1.5}', '{"a":[1]}');
    expect(r.output).toBe('s="Array"|s=false|s=1.5');
    expect(r.log.map((l) => l.message)).toEqual(['Array to string conversion']);
  });

  test('integer: (int), never an error', () => {
    expect(shown('{probe i="12abc"}|{probe i=abc}|{probe i=" 8 "}|{probe i=1.9}|{probe i=true}', '{}')).toBe(
      'i=12|i=0|i=8|i=1|i=1',
    );
    expect(shown('{probe i=$a}|{probe i=$e}|{probe i=""}', '{"a":[0],"e":[]}')).toBe('i=1|i=0|i=0');
  });

  test('boolean and array: (bool) and (array)', () => {
    expect(shown('{probe b=$a}|{probe b=$e}|{probe b="0"}|{probe b="0.0"}', '{"a":[0],"e":[]}')).toBe(
      'b=true|b=false|b=false|b=true',
    );
    expect(shown('{probe a="x"}|{probe a=0}', '{}')).toBe('a=["x"]|a=[0]');
  });

  test('number and raw: as given (the plugin raises PHP error where it uses them)', () => {
    expect(shown('{probe n="12abc"}|{probe raw=$a}', '{"a":[1,2]}')).toBe('n="12abc"|raw=[1,2]');
  });

  test('varname: (string), an array names the variable "Array"', () => {
    const r = probeRun('{probe v=$a}|{probe v=true}|{probe v=1.5}', '{"a":[1]}');
    expect(r.output).toBe('v="Array"|v="1"|v="1.5"');
    expect(r.log.map((l) => l.message)).toEqual(['Array to string conversion']);
  });

  test('null is absent: the default applies', () => {
    expect(shown('{probe i=$none s=$none}')).toBe('');
  });

  test('a value outside the enum is refused', () => {
    const e = err('{probe e=z}', '{}', { plugins: [probe] });
    expect(e.code).toBe('ATTRIBUTE_TYPE');
    expect(e.message).toBe("probe: 'e' must be one of x, y, got a string");
    expect(shown('{probe e=y}')).toBe('e="y"');
  });
});

describe("Smarty's assign() targets", () => {
  const e = engine();
  test('an array assigns its own entries (not the value); a float names its int key', () => {
    const data = { m: { x: 'from m' }, f: 1.5 };
    expect(
      e.renderSync('{counter start=4 assign=$m}{$x}|{math equation="1+2" assign=$f}{$1}', data).output,
    ).toBe('from m|3');
    expect(e.renderSync('{cycle values="a,b" assign=$m}{$x}{$y}', { m: { x: 5, y: 6 } }).output).toBe('56');
  });
});
