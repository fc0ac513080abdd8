/**
 * PHP passes the array of sort(), shuffle(), array_push(), ... by reference:
 * `{$a.list|@sort}` changes `$a.list` itself, and nothing that merely holds a
 * copy of it.
 */

import { fromJSONText } from '@sumi/php';
import { createEngine, type SumiError } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { modifiers } from '../src/index';

const render = (tpl: string, json = '{}') =>
  createEngine({ plugins: modifiers }).renderSync(tpl, fromJSONText(json)).output;

test('a nested array is sorted in place, its copy is not', () => {
  expect(
    render(
      "{assign var=c value=$d}{$c.list|@sort}{','|implode:$c.list}|{','|implode:$d.list}",
      '{"d":{"list":[3,1,2]}}',
    ),
  ).toBe('11,2,3|3,1,2');
});

test('a loop item is changed, the looped array is not (foreach iterates a copy)', () => {
  expect(
    render(
      "{foreach from=$rows item=r}{$r|@rsort}{','|implode:$r};{/foreach}{','|implode:$rows.0}",
      '{"rows":[[1,2],[3,4]]}',
    ),
  ).toBe('12,1;14,3;1,2');
});

test('array_push and array_pop change the variable and return PHP results', () => {
  expect(render("{$a|@array_push:'x'} {$a|@array_pop} {','|implode:$a}", '{"a":["p"]}')).toBe('2 x p');
});

test('a by-reference function on a non-variable works on a temporary', () => {
  expect(
    render("{assign var=s value=$a|@array_reverse}{$a|@array_reverse|@sort} {','|implode:$a}", '{"a":[2,1]}'),
  ).toBe('1 2,1');
});

test('inside a loop, a variable changed by reference is read changed (hoisted reads see it)', () => {
  expect(
    render(
      "{section name=i loop=3}{$q|@array_shift}:{','|implode:$q}/{$q[0]};{/section}|{foreach from=$rows item=r}{$s|@array_push:$r}{$s|@count}{/foreach}",
      '{"q":[1,2,3,4],"rows":[7,8],"s":[]}',
    ),
  ).toBe('1:2,3,4/2;2:3,4/3;3:4/4;|1122');
});

test('a by-reference function on a variable of the data changes the variable, never the data passed in', () => {
  const engine = createEngine({ plugins: modifiers });
  const data = fromJSONText('{"rows":[3,1,2],"m":{"list":[2,1]}}');
  expect(
    engine.renderSync("{$rows|@sort}{$m.list|@rsort}{','|implode:$rows}|{','|implode:$m.list}", data).output,
  ).toBe('111,2,3|2,1');
  expect(engine.renderSync("{','|implode:$rows}|{','|implode:$m.list}", data).output).toBe('3,1,2|2,1');
  expect(engine.renderSync("{$m.list|@sort}{','|implode:$m.list}", data).output).toBe('11,2');
  expect(engine.renderSync("{','|implode:$m.list}", data).output).toBe('2,1');
});

test('a by-reference function given anything but a plain variable changes a temporary copy', () => {
  const engine = createEngine({ plugins: modifiers });
  const data = fromJSONText('{"rows":[3,1,2],"nested":[[2,1],[4,3]],"o":{"list":[9,8]}}');
  const out = engine.renderSync(
    '{$nested|sort}{$rows|@array_values|@rsort}{$o.list|@array_reverse:true|@sort}' +
      "{','|implode:$rows}|{','|implode:$nested.0}|{','|implode:$o.list}",
    data,
  ).output;
  expect(out.endsWith('3,1,2|2,1|9,8')).toBe(true);
  expect(
    engine.renderSync("{','|implode:$rows}|{','|implode:$nested.0}|{','|implode:$o.list}", data).output,
  ).toBe('3,1,2|2,1|9,8');
});

const failure = (tpl: string, json = '{}') => {
  try {
    render(tpl, json);
  } catch (e) {
    const s = e as SumiError;
    return `${s.code} ${s.message} @${s.line}:${s.column}`;
  }
  throw new Error(`expected ${tpl} to fail`);
};

describe('what PHP passes by reference (PHP 8.2)', () => {
  test('a variable, an element or a call result is accepted', () => {
    expect(
      render(
        '{$a|@sort}{$m.b|@sort}{$a|@array_values|@rsort}{$a|@json_encode}{$m|@json_encode}',
        '{"a":[2,1],"m":{"b":[2,1]}}',
      ),
    ).toBe('111[1,2]{"b":[1,2]}');
  });
  test("a value is PHP's Error, once it is computed", () => {
    expect(failure('{17|@sort}')).toBe(
      'PHP_ERROR Error: sort(): Argument #1 ($array) cannot be passed by reference @1:1',
    );
    expect(failure('{$a|upper|@array_push:1}', '{"a":[1]}')).toBe(
      'PHP_ERROR Error: array_push(): Argument #1 ($array) cannot be passed by reference @1:1',
    );
    expect(failure('{$smarty.const.E_ALL|@ksort}')).toContain(
      'ksort(): Argument #1 ($array) cannot be passed',
    );
    expect(render('{if 0}{17|@sort}{/if}ok')).toBe('ok');
  });
  test('|smarty:nodefaults is no call: the variable itself is sorted', () => {
    expect(render('{$a|smarty:nodefaults|@sort}{$a|@json_encode}', '{"a":[2,1]}')).toBe('1[1,2]');
  });
  test('the path is fetched for writing: missing keys appear, scalars in the way are errors', () => {
    expect(render('{$m.c|@sort}{$u.x|@sort}{$m|@json_encode}{$u|@json_encode}', '{"m":{"b":1}}')).toBe(
      '{"b":1,"c":null}{"x":null}',
    );
    expect(failure('{$n.b|@sort}', '{"n":5}')).toBe(
      'PHP_ERROR Error: Cannot use a scalar value as an array @1:1',
    );
    expect(failure('{$m->b|@sort}', '{"m":{"b":[1]}}')).toBe(
      'PHP_ERROR Error: Attempt to modify property "b" on array @1:1',
    );
  });
});
