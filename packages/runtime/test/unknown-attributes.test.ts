/**
 * Unknown attributes: the CMS (Smarty 2) ignores an attribute a tag does not take, so real templates
 * with typos (`staus_var`) run; Sumi renders them too and reports a compile warning naming the
 * nearest known attribute. {section} refuses them, as Smarty 2 does.
 */
import { describe, expect, test } from 'vitest';
import { editDistance, nearestName } from '../src/compiler/nearest-name';
import { createEngine, definePlugin } from '../src/index';
import { render, renderError } from './helpers';

const warningsOf = (src: string) =>
  createEngine()
    .compile(src)
    .warnings.map((w) => [w.code, w.severity, w.message, w.line, w.column, w.hint]);

describe('an unknown attribute is a warning, and the tag runs as if it were not there', () => {
  test('a typo: the hint names the nearest attribute, the position is the attribute name', () => {
    // a plugin of the api kind, as vendor samples misspell it: `staus_var`
    const ping = definePlugin({
      kind: 'function',
      name: 'ping',
      group: 'Custom',
      description: 'test plugin',
      attributes: {
        var: { type: 'varname', required: true, description: 'result' },
        status_var: { type: 'varname', description: '0/1' },
      },
      run(ctx, a) {
        ctx.assign(a.var as string, 'pong');
        if (a.status_var) ctx.assign(a.status_var, 1);
      },
    });
    const engine = createEngine({ plugins: [ping] });
    const src = 'x\n  {ping var=r staus_var=s}';
    expect(
      engine.compile(src).warnings.map((w) => [w.code, w.severity, w.message, w.line, w.column, w.hint]),
    ).toEqual([
      [
        'UNKNOWN_ATTRIBUTE',
        'warning',
        "ping: unknown attribute 'staus_var' (ignored)",
        2,
        15,
        'did you mean status_var?',
      ],
    ]);
    expect(engine.renderSync(`${src}{$r}[{$s}]`).output).toBe('x\n  pong[]');
    expect(warningsOf('{add var=n valeu=2}').map((w) => [w[2], w[5]])).toEqual([
      ["add: unknown attribute 'valeu' (ignored)", 'did you mean value?'],
    ]);
    expect(render('{add var=n valeu=2}[{$n}]')).toBe('[0]');
  });

  test('the nearest of several names; case is ignored in the comparison', () => {
    expect(warningsOf('{cms_match var=m patern="/a/" subject=a}').map((w) => w[5])).toEqual([
      'did you mean pattern?',
    ]);
    expect(warningsOf('{counter Start=5}').map((w) => w[5])).toEqual(['did you mean start?']);
    expect(warningsOf('{cycle values="a,b" delimter=","}').map((w) => w[5])).toEqual([
      'did you mean delimiter?',
    ]);
  });

  test('no near name: the hint lists what the tag takes', () => {
    expect(warningsOf('{append var=l value=1 bogus=1}')).toEqual([
      [
        'UNKNOWN_ATTRIBUTE',
        'warning',
        "append: unknown attribute 'bogus' (ignored)",
        1,
        23,
        'append takes: var, value, index',
      ],
    ]);
  });

  test('every unknown attribute is reported, each at its place', () => {
    expect(warningsOf('{counter a=1 bogus=2}').map((w) => [w[2], w[4]])).toEqual([
      ["counter: unknown attribute 'a' (ignored)", 10],
      ["counter: unknown attribute 'bogus' (ignored)", 14],
    ]);
  });

  test("an unknown attribute's value is still compiled: a modifier that is not allowed is an error", () => {
    for (const src of [
      '{counter bogus=$x|nosuch}',
      '{foreach from=$a item=v bogus=$x|nosuch}{/foreach}',
      '{assign var=x value=1 bogus=$x|nosuch}',
      '{capture bogus=$x|nosuch}{/capture}',
    ]) {
      expect(renderError(src).code).toBe('UNKNOWN_MODIFIER');
    }
  });

  test('core tags Smarty 2 lets through: foreach, assign, capture', () => {
    expect(render('{foreach from=$a item=v bogus=1}{$v}{/foreach}', '{"a":[1,2]}')).toBe('12');
    expect(warningsOf('{foreach from=$a item=v itme=w}{/foreach}').map((w) => [w[2], w[5]])).toEqual([
      ["foreach: unknown attribute 'itme' (ignored)", 'did you mean item?'],
    ]);
    expect(render('{assign var=x value=1 bogus=1}{$x}')).toBe('1');
    expect(warningsOf('{assign var=x valeu=1 value=2}').map((w) => w[5])).toEqual(['did you mean value?']);
    expect(render('{capture name=c asign=y}x{/capture}{$smarty.capture.c}[{$y}]')).toBe('x[]');
    expect(warningsOf('{capture name=c asign=y}x{/capture}').map((w) => w[5])).toEqual([
      'did you mean assign?',
    ]);
  });

  test('{section} refuses an unknown attribute, in Smarty 2.6 words', () => {
    const e = renderError('{section name=s loop=2 bogus=1}{/section}');
    expect(e.code).toBe('UNKNOWN_ATTRIBUTE');
    expect(e.message).toBe("unknown section attribute - 'bogus'");
  });

  test('plugins with extra attributes take them without a warning', () => {
    expect(warningsOf('{math equation="x+1" x=1}')).toEqual([]);
  });
});

describe('nearestName', () => {
  test('edit distance counts insertions, deletions, substitutions and swaps', () => {
    expect(editDistance('staus_var', 'status_var')).toBe(1);
    expect(editDistance('pattren', 'pattern')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
    // past the bound it stops early and says so
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  test('near enough for the name length, ties to the first candidate', () => {
    expect(nearestName('staus_var', ['var', 'status_var', 'value'])).toBe('status_var');
    expect(nearestName('vra', ['var', 'value'])).toBe('var');
    expect(nearestName('x', ['var', 'value'])).toBe(null);
    expect(nearestName('bogus', ['var', 'value', 'index'])).toBe(null);
    expect(nearestName('VAR', ['var'])).toBe('var');
    expect(nearestName('vaz', ['var', 'val'])).toBe('var');
  });
});

describe('{assign} without var', () => {
  test('warns and assigns nothing, as Smarty 2 does; a forbidden modifier in the value still fails', () => {
    expect(warningsOf('{assign value=1}x').map((w) => [w[0], w[1], w[2]])).toEqual([
      ['MISSING_ATTRIBUTE', 'warning', "assign: missing 'var' attribute"],
    ]);
    expect(render('{assign value=1}x{$x}')).toBe('x');
    expect(renderError('{assign value=$a|system}').code).toBe('UNKNOWN_MODIFIER');
  });
});
