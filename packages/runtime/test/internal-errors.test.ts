/**
 * Raw JS errors never reach the user: an engine error (TypeError, ReferenceError, ...) in a plugin,
 * a modifier or the compiler is INTERNAL, placed at its tag, with a message that names the place and
 * quotes nothing of the JS error (kept as `cause` for --debug). A plain Error a plugin throws is its
 * own account (PLUGIN_ERROR). Long flat expressions compile; deep nesting is a positioned LIMIT_DEPTH.
 */
import { describe, expect, test } from 'vitest';
import { createEngine, definePlugin, isMemoryExhaustion, type PluginDef, SumiError } from '../src/index';
import { render, renderError } from './helpers';

function failing(name: string, thrown: () => unknown): PluginDef[] {
  return [
    definePlugin({
      kind: 'function',
      name,
      group: 'Custom',
      description: 'throws',
      attributes: {},
      run: () => {
        throw thrown();
      },
    }),
    definePlugin({
      kind: 'modifier',
      name: `${name}_mod`,
      group: 'Custom',
      description: 'throws',
      args: [],
      run: () => {
        throw thrown();
      },
    }),
  ];
}

function errorOf(source: string, plugins: PluginDef[]): SumiError {
  try {
    createEngine({ plugins }).renderSync(source);
  } catch (e) {
    if (e instanceof SumiError) return e;
    throw new Error(`not a SumiError: ${String(e)}`);
  }
  throw new Error('no error');
}

describe('engine errors in plugins and modifiers are INTERNAL, placed, and never quoted', () => {
  const engineErrors: [string, () => unknown][] = [
    [
      'TypeError',
      () => {
        const o = undefined as unknown as { x: string };
        return (() => o.x.indexOf('a'))();
      },
    ],
    ['ReferenceError', () => new ReferenceError('nope is not defined')],
    ['SyntaxError', () => new SyntaxError('Unexpected token')],
    ['RangeError', () => new RangeError('toFixed() digits argument must be between 0 and 100')],
    ['URIError', () => new URIError('URI malformed')],
  ];
  test.each(engineErrors)('%s', (_kind, make) => {
    const thrown = () => {
      try {
        return make();
      } catch (e) {
        return e;
      }
    };
    const defs = failing('boom', thrown);
    const e = errorOf('ok\n  {boom}', defs);
    expect(e.code).toBe('INTERNAL');
    expect(e.message).toBe('internal error in {boom} (a bug in Sumi: please report it)');
    expect([e.line, e.column]).toEqual([2, 3]);
    expect(e.frame).toContain('{boom}');
    expect(e.cause).toBeInstanceOf(Error);
    const m = errorOf('{$x|boom_mod}', defs);
    expect(m.code).toBe('INTERNAL');
    expect(m.message).toBe('internal error in |boom_mod (a bug in Sumi: please report it)');
    expect(m.column).toBe(1);
  });

  test('a plain Error from a plugin keeps its message as PLUGIN_ERROR', () => {
    const e = errorOf(
      '{stock}',
      failing('stock', () => new Error('no inventory service')),
    );
    expect(e.code).toBe('PLUGIN_ERROR');
    expect(e.message).toBe('no inventory service');
  });

  test('a thrown non-Error value is INTERNAL', () => {
    const e = errorOf(
      '{odd}',
      failing('odd', () => 'just a string'),
    );
    expect(e.code).toBe('INTERNAL');
    expect(e.message).not.toContain('just a string');
  });

  test('a stack overflow is LIMIT_DEPTH', () => {
    const recurse = (n: number): number => recurse(n + 1) + 1;
    const e = errorOf(
      '{deep}',
      failing('deep', () => {
        try {
          return recurse(0);
        } catch (x) {
          return x;
        }
      }),
    );
    expect(e.code).toBe('LIMIT_DEPTH');
  });

  test('a value too big for the JS engine is a memory budget error, never quoted', () => {
    const e = errorOf(
      '{big}',
      failing('big', () => new RangeError('Invalid string length')),
    );
    expect(isMemoryExhaustion(e.cause)).toBe(true);
    expect(e.code).toBe('LIMIT_MEMORY');
    expect(e.message).toBe('memory budget exceeded: a value grew past what JavaScript can hold');
  });
});

describe('the bugs that leaked JS errors', () => {
  test.each([
    '{add var=$nothing value=1}',
    '{assign_array var=$nothing values="a,b"}',
    '{cms_hash var=$nothing data=x}',
    '{date var=$nothing}',
    '{uuid var=$nothing}',
    '{xmltojson var=$nothing xml="<a/>"}',
  ])('%s: a variable-name attribute that is null is a missing attribute, as in the CMS', (src) => {
    const e = renderError(src);
    expect(e.code).toBe('MISSING_ATTRIBUTE');
    expect(e.message).toMatch(/: missing 'var' attribute$/);
    expect(e.hint).toContain('is null here');
  });
});

describe('long flat expressions compile without recursion', () => {
  const N = 5000;
  test.each([
    ['&&', `{if ${Array(N).fill('$a').join(' && ')}}y{/if}`, 'y'],
    ['||', `{if ${Array(N).fill('$z').join(' || ')} || $a}y{/if}`, 'y'],
    ['and / or', `{if ${Array(N).fill('$a').join(' and ')} or $z}y{/if}`, 'y'],
    ['mixed', `{if ${Array(N).fill('$a + 1 == 2').join(' && ')}}y{/if}`, 'y'],
    ['+', `{if ${Array(N).fill('$a').join(' + ')} == ${N}}y{/if}`, 'y'],
    ['- * %', `{if ${Array(N).fill('$a').join(' * ')} - 1 % 2 == 0}y{/if}`, 'y'],
    ['a long key path', `{$d${'.k'.repeat(N)}}[{$d${'.k'.repeat(N)}.x}]`, '[]'],
    ['thousands of {elseif}', `{if $z}x${'{elseif $z}x'.repeat(N)}{elseif $a}y{else}z{/if}`, 'y'],
  ])('%s', (_name, src, out) => {
    expect(render(src, '{"a":1,"z":0,"d":{"k":{"k":1}}}')).toBe(out);
  });

  test('a long chain keeps the order of evaluation and its errors', () => {
    const long = Array(200).fill('$a').join(' + ');
    expect(render(`{if ${long} + 1 == 201}y{/if}`, '{"a":1}')).toBe('y');
    const e = renderError(`{if ${long} / $zero > 1}y{/if}`, '{"a":1,"zero":0}');
    expect(e.code).toBe('DIVISION_BY_ZERO');
  });

  test('an {elseif} chain runs one branch only, with {break} and loops inside', () => {
    const branches = Array.from(
      { length: 100 },
      (_, i) => `{elseif $n == ${i}}[${i}]{if $n == 50}{break}{/if}`,
    );
    const src = `{foreach from=$l item=n}{if $n < 0}neg${branches.join('')}{else}other{/if}{/foreach}`;
    expect(render(src, '{"l":[-1,3,99,50,7]}')).toBe('neg[3][99][50]');
  });
});

describe('deep nesting is a positioned LIMIT_DEPTH or syntax error, never a RangeError', () => {
  const N = 5000;
  test.each([
    ['parentheses in {if}', `{if ${'('.repeat(N)}$a${')'.repeat(N)}}y{/if}`, 'IF_SYNTAX'],
    ['negations in {if}', `{if ${'!'.repeat(N)}$a}y{/if}`, 'IF_SYNTAX'],
    ['nested {if}', `${'{if $a}'.repeat(N)}y${'{/if}'.repeat(N)}`, 'LIMIT_DEPTH'],
    ['nested {foreach}', `${'{foreach from=$l item=i}'.repeat(N)}y${'{/foreach}'.repeat(N)}`, 'LIMIT_DEPTH'],
    ['nested {section}', `${'{section name=s loop=1}'.repeat(N)}y${'{/section}'.repeat(N)}`, 'LIMIT_DEPTH'],
    ['nested {capture}', `${'{capture name=c}'.repeat(N)}y${'{/capture}'.repeat(N)}`, 'LIMIT_DEPTH'],
    ['parentheses in {math}', `{math equation="${'('.repeat(N)}x${')'.repeat(N)}" x=1}`, 'LIMIT_DEPTH'],
  ])('%s', (_name, src, code) => {
    const e = renderError(src, '{"a":1,"l":[1]}');
    expect(e).toBeInstanceOf(SumiError);
    expect(e.code).toBe(code);
    expect(e.message).not.toMatch(/call stack|Maximum/);
    expect(e.frame).not.toBe('');
  });
});
