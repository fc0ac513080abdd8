/**
 * Variables through their slots (render/scope.ts): a compiled template reads and writes a variable
 * it sets through a slot kept in a local, while plugins, `{assign var=$name}` and dotted paths go by
 * name. Both must see one variable, in PHP's order of first assignment, over data that are never
 * written.
 */
import { PhpArray } from '@sumi/php';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../src/index';
import { Scope } from '../src/render/scope';

const engine = createEngine();
const run = (source: string, data?: Record<string, unknown>) => engine.renderSync(source, data);
const names = (vars: PhpArray) => vars.keys().map(String);

describe('variable slots', () => {
  test('the variable table keeps the order of first assignment, whatever was read before', () => {
    const r = run('{if $x}{/if}{$y}{assign var=y value=1}{assign var=x value=2}{assign var=y value=3}');
    expect(names(r.vars)).toEqual(['dataSet', 'y', 'x']);
    expect(r.vars.get('y')).toBe(3);
  });

  test('data come first, and a data variable assigned keeps its place among them', () => {
    const r = run('{assign var=z value=1}{assign var=b value=2}{$a}{$b}', { a: 'A', b: 'B' });
    expect(names(r.vars)).toEqual(['dataSet', 'a', 'b', 'z']);
    expect(r.output).toBe('A2');
  });

  test('a compiled read sees what a dynamic name, a dotted path or a plugin wrote', () => {
    const r = run(
      '{$v}{assign var=$n value="by name"}{$v}|{assign var="w.k" value=1}{$w.k}|{capture assign=c}x{/capture}{$c}|{counter assign=k start=5}{$k}',
      { n: 'v' },
    );
    expect(r.output).toBe('by name|1|x|5');
  });

  test('a read before the first assignment and after it, in a loop', () => {
    const r = run('{foreach from=$l item=i}{$s}{assign var=s value="`$s``$i`"}{/foreach}[{$s}]', {
      l: [1, 2, 3],
    });
    expect(r.output).toBe('112[123]');
  });

  test('a variable changed in place gets its own copy; the data stay as they were', () => {
    const data = { list: [1, 2] };
    const r = run('{append var=list value=3}{foreach from=$list item=i}{$i}{/foreach}', data);
    expect(r.output).toBe('123');
    expect(data.list).toEqual([1, 2]);
  });

  test('Scope: slots by name, data looked up once, first assignments in order', () => {
    const data = PhpArray.fromEntries([['a', 1]]);
    const scope = new Scope(data.clone());
    expect(scope.get('a')).toBe(1);
    const slot = scope.slot('b');
    expect(scope.slot('b')).toBe(slot);
    expect(scope.get('b')).toBeUndefined();
    expect(scope.entries().map(([k]) => k)).toEqual(['dataSet', 'a']);
    scope.set('c', 'x');
    scope.setSlot(slot, 2);
    scope.set('a', 5);
    expect(scope.entries().map(([k]) => k)).toEqual(['dataSet', 'a', 'c', 'b']);
    expect(scope.roots()).toEqual(['x', 2, 5, expect.any(PhpArray)]);
    expect(data.get('a')).toBe(1);
  });

  test('Scope: the slot asked for last is given again at once; other names still find their own', () => {
    const scope = new Scope();
    const x = scope.slot('x');
    const y = scope.slot('y');
    // names built at run time are other string objects with the same text
    const name = (s: string) => [...s].join('');
    for (const [n, want] of [
      ['x', x],
      ['x', x],
      ['y', y],
      [name('y'), y],
      [name('x'), x],
    ] as const)
      expect(scope.slot(n)).toBe(want);
    const z = scope.slot('z');
    expect(z).not.toBe(x);
    expect(scope.slot('z')).toBe(z);
    scope.setSlot(scope.slot('x'), 1);
    scope.setSlot(z, 2);
    expect(scope.entries().map(([k]) => k)).toEqual(['dataSet', 'x', 'z']);
  });
});

describe('variable slots in a long template', () => {
  test('a variable set in one part is read in another; each part takes only the slots it uses', () => {
    const n = 3000;
    let source = '';
    for (let i = 0; i < n; i++) source += `{assign var=v${i} value=${i}}`;
    source += '{$v0}-{$v1499}-{$v2999}';
    const compiled = engine.compile(source, { name: 'many-variables.tpl' });
    expect(engine.renderSync(compiled).output).toBe('0-1499-2999');
    // the parts' declarations together name each slot about once, not once per part
    const declared = compiled.code.match(/= V\.slot\(/g)?.length ?? 0;
    expect(declared).toBeGreaterThanOrEqual(n);
    expect(declared).toBeLessThan(n + 100);
  });
});

describe('dotted assignments through a slot', () => {
  const outcome = (source: string, data: Record<string, unknown>) => {
    try {
      const r = engine.renderSync(source, data);
      return {
        output: r.output,
        vars: JSON.stringify(r.vars.get('a') ?? null),
        log: r.log.map((l) => l.message),
      };
    } catch (e) {
      return { error: (e as Error).message };
    }
  };
  const starts = [
    '',
    '{assign var=a value=null}',
    '{assign var=a value=false}',
    '{assign var=a value="s"}',
    '{assign var=a value=3}',
  ];
  const paths = ['a.b', 'a.b.c', 'a.', 'a.b.', 'a..b', 'a.0.1'];

  test.each(starts.flatMap((start) => paths.map((path) => [start, path] as const)))(
    '%s then %s: as by a name computed at run time',
    (start, path) => {
      const show = '{foreach from=$a key=k item=v}[{$k}]{/foreach}';
      const literal = outcome(`${start}{assign var=${path} value=1}${show}`, {});
      const computed = outcome(`${start}{assign var=$p value=1}${show}`, { p: path });
      expect(literal).toEqual(computed);
    },
  );

  test('the data are never written', () => {
    const data = { a: { b: { c: 1 } } };
    expect(run('{assign var=a.b.c value=2}{assign var=a.x value=3}{$a.b.c}{$a.x}', data).output).toBe('23');
    expect(data).toEqual({ a: { b: { c: 1 } } });
  });
});
