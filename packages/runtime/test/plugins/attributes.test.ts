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

describe('literal attributes are resolved when the template is compiled', () => {
  const literals = [
    '"12abc"',
    'abc',
    '""',
    '0',
    '-3',
    '1.5',
    'true',
    'false',
    'null',
    '"0"',
    '"x"',
    '"y"',
    '9007199254740993',
  ];

  test('a literal resolves as the same value from a variable does, for every type', () => {
    for (const name of ['s', 'i', 'n', 'b', 'a', 'v', 'raw', 'e']) {
      for (const literal of literals) {
        const compiled = `{probe ${name}=${literal}}`;
        const dynamic = `{assign var=x value=${literal}}{probe ${name}=$x}`;
        const outcome = (tpl: string) => {
          try {
            return probeRun(tpl).output;
          } catch (e) {
            return `error ${(e as { code: string }).code}: ${(e as Error).message}`;
          }
        };
        expect(outcome(compiled), compiled).toBe(outcome(dynamic));
      }
    }
  });

  test("the call's resolver resolves only what is not a literal; left-out attributes get their defaults", () => {
    const code = engine({ plugins: [probe] }).compile('{probe s="x" i=$n}').code;
    const resolver = code.slice(code.indexOf('function R'), code.indexOf('return checkAttrs'));
    expect(resolver).toContain('a["i"] = resolveAttr(');
    expect(resolver).not.toContain('a["s"] = resolveAttr(');
    expect(shown('{probe s="x"}')).toBe('s="x"');
    expect(shown('{probe i=$n}', '{"n":"5"}')).toBe('i=5');
  });

  test('a literal the call refuses is refused when the call runs, at its place', () => {
    const src = 'before {if $never}{probe e=z}{/if}';
    expect(run(src, '{}', { plugins: [probe] }).output).toBe('before ');
    const e = err('x\n  {probe e=z}', '{}', { plugins: [probe] });
    expect([e.code, e.line, e.column]).toEqual(['ATTRIBUTE_TYPE', 2, 3]);
  });

  test('an attribute written twice is its last value, literal or not', () => {
    expect(shown('{probe s="a" s=$b}', '{"b":"B"}')).toBe('s="B"');
    expect(shown('{probe s=$b s="a"}', '{"b":"B"}')).toBe('s="a"');
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
