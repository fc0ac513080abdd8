/**
 * `$row.name` on the caller's plain objects: the compiled template loads the field itself (a field
 * reader, CodegenState.fieldReader) instead of building the row. These pin down that the shortcut
 * means exactly what reading the converted data means.
 */
import { fromJS } from '@sumi/php';
import { createEngine } from '@sumi/runtime';
import { afterEach, describe, expect, test } from 'vitest';
import { modifiers } from '../src/index';

const engine = createEngine({ plugins: modifiers });

/** the output with the plain data, checked against the same data converted up front */
function both(source: string, data: Record<string, unknown>): string {
  const plain = engine.renderSync(source, data).output;
  const converted = engine.renderSync(source, fromJS(data) as never).output;
  expect(plain, 'plain data read in place and converted data differ').toBe(converted);
  return plain;
}

describe('fields of plain rows', () => {
  test('strings, numbers and booleans as the converted data have them', () => {
    const rows = [
      { s: 'a<b', i: 3, f: 1.5, big: 2 ** 60, neg: -0, t: true, no: false },
      { s: '', i: 0, f: 0.1 + 0.2, big: -(2 ** 53), neg: 0, t: false, no: true },
    ];
    expect(
      both(
        '{foreach from=$rows item=r}[{$r.s|escape}|{$r.i}|{$r.f}|{$r.big}|{$r.neg}|{$r.t}|{$r.no}|{if $r.t}T{/if}|{$r.i+1}|{$r.f|string_format:"%.2f"}]{/foreach}',
        { rows },
      ),
      // (a JS number past 2^53 is a float, -0 a float that prints as PHP prints it, as fromJS has them)
    ).toBe('[a&lt;b|3|1.5|1.1529215046068E+18|-0|1||T|4|1.50][|0|0.3|-9.007199254741E+15|0||1||1|0.30]');
  });

  test('a missing field, null, undefined, a function and a symbol read as null', () => {
    const rows = [{ a: 1 }, { a: null }, { a: undefined }, { a: () => 'x' }, { a: Symbol('s') }, {}];
    expect(
      both('{foreach from=$rows item=r}[{$r.a}|{if $r.a === null}null{/if}|{$r.a|default:"-"}]{/foreach}', {
        rows,
      }),
    ).toBe('[1||1][|null|-][|null|-][|null|-][|null|-][|null|-]');
  });

  test('nested objects and arrays are arrays, read as deep as the template goes', () => {
    const rows = [
      { cat: { id: 1, label: 'One' }, tags: ['x', 'y'] },
      { cat: { id: 2, label: 'Two', extra: { deep: 'd' } }, tags: [] },
    ];
    expect(
      both(
        '{foreach from=$rows item=r}{$r.cat.label}:{$r.cat.extra.deep}:{$r.tags|@count}:{foreach from=$r.tags item=t}{$t}{/foreach}:{$r.cat|@json_encode};{/foreach}',
        { rows },
      ),
    ).toBe('One::2:xy:{"id":1,"label":"One"};Two:d:0::{"id":2,"label":"Two","extra":{"deep":"d"}};');
  });

  test('rows of different shapes at one read site', () => {
    const rows = [
      { name: 'a', n: 1 },
      { n: 2, name: 'b' },
      { other: 1 },
      { name: 3 },
      Object.assign(Object.create(null), { name: 'no prototype' }),
      { a: 1, b: 2, c: 3, d: 4, e: 5, name: 'six keys' },
      { name: { nested: true } },
      { name: [1, 2] },
    ];
    expect(both('{foreach from=$rows item=r}[{$r.name|@json_encode}]{/foreach}', { rows })).toBe(
      '["a"]["b"][null][3]["no prototype"]["six keys"][{"nested":true}][[1,2]]',
    );
  });

  test('a row changed by the template is read with its change, and the caller keeps its data', () => {
    const rows = [{ name: 'a' }, { name: 'b' }];
    const data = { rows, one: { name: 'x' } };
    const out = engine.renderSync(
      '{foreach from=$rows item=r}{assign var="r.name" value="changed"}{$r.name}{/foreach}' +
        '{assign var=o value=$one}{assign var="one.name" value="y"}{$one.name}{$o.name}' +
        '{assign var="rows.0.name" value="z"}{$rows.0.name}{$rows.1.name}',
      data,
    ).output;
    expect(out).toBe('changedchangedyxzb');
    expect(data).toEqual({ rows: [{ name: 'a' }, { name: 'b' }], one: { name: 'x' } });
  });

  test('a getter field gives its value, in a loop and outside', () => {
    const row = {
      get name() {
        return 'got';
      },
    };
    expect(
      engine.renderSync('{$row.name}{foreach from=$rows item=r}[{$r.name}]{/foreach}', {
        row,
        rows: [row, row],
      }).output,
    ).toBe('got[got][got]');
  });

  test('outside loops, fields are read as the converted data have them too', () => {
    const data = { one: { s: 'x', n: 2, cat: { label: 'c' } }, list: [{ s: 'y' }] };
    expect(both('{$one.s}{$one.n}{$one.cat.label}{$one.missing}{$list.0.s}', data)).toBe('x2cy');
  });

  test('the keys of a row are never looked up on its prototype', () => {
    // names of Object.prototype are not read as fields: they are keys the rows do not have
    const rows: Record<string, unknown>[] = [{ a: 1 }, { constructor: 'own', toString: 'own too' }];
    expect(
      both(
        '{foreach from=$rows item=r}[{$r.constructor}|{$r.toString}|{$r.hasOwnProperty}|{$r.__proto__}|{$r.valueOf}]{/foreach}',
        { rows },
      ),
    ).toBe('[||||][own|own too|||]');
  });
});

describe('only own enumerable fields are read, as fromJS converts them', () => {
  const tpl = '{foreach from=$rows item=r}[{$r.name}|{$r.length}]{/foreach}';
  test('a non-enumerable own field is no field', () => {
    const hidden = Object.defineProperty({ a: 1 }, 'name', { value: 'hidden', enumerable: false });
    const bare = Object.create(null, { name: { value: 1, enumerable: false } });
    // the same shape as the hidden one, with the field enumerable: the site has seen `name` in it
    expect(both(tpl, { rows: [{ a: 1, name: 'seen' }, hidden, bare] })).toBe('[seen|][|][|]');
  });

  test('a proxy answers for the keys it lists only', () => {
    const lenient = new Proxy({ a: 1 }, { get: (t, k) => (k in t ? t[k as 'a'] : 'default') });
    expect(engine.renderSync(tpl, { rows: [{ name: 'x' }, lenient] }).output).toBe('[x|][|]');
  });

  test('arguments objects and other exotic objects are converted, not read field by field', () => {
    const args = (function (..._: unknown[]) {
      // biome-ignore lint/complexity/noArguments: the object under test
      return arguments;
    })(1, 2);
    expect(engine.renderSync(tpl, { rows: [args] }).output).toBe('[|]');
  });
});

describe('a field put on Object.prototype after the template was compiled', () => {
  const proto = Object.prototype as Record<string, unknown>;
  afterEach(() => {
    delete proto.label;
    delete proto.score;
    delete proto.title;
  });

  test('an enumerable one is not read for a row that lacks the field', () => {
    const tpl = engine.compile('{foreach from=$rows item=r}[{$r.title}]{/foreach}');
    proto.title = 'polluted';
    expect(engine.renderSync(tpl, { rows: [{ title: 't' }, {}, { title: 'u' }] }).output).toBe('[t][][u]');
  });

  test('a getter there is never run', () => {
    const tpl = engine.compile('{foreach from=$rows item=r}[{$r.label}]{/foreach}');
    let runs = 0;
    Object.defineProperty(proto, 'label', {
      get() {
        runs++;
        return this === proto ? undefined : 'polluted';
      },
      configurable: true,
    });
    expect(engine.renderSync(tpl, { rows: [{ label: 'own' }, {}, { label: 'own' }] }).output).toBe(
      '[own][][own]',
    );
    expect(runs).toBe(0);
  });

  test('is not read as the field of a row that lacks it', () => {
    const tpl = engine.compile('{foreach from=$rows item=r}[{$r.label}|{$r.score}]{/foreach}');
    const rows = [{ label: 'own', score: 1 }, {}, { label: 'x' }];
    const before = engine.renderSync(tpl, { rows }).output;
    expect(before).toBe('[own|1][|][x|]');
    proto.label = 'polluted';
    Object.defineProperty(proto, 'score', { value: 7, configurable: true, enumerable: false });
    expect(engine.renderSync(tpl, { rows }).output).toBe(before);
    delete proto.label;
    delete proto.score;
    expect(engine.renderSync(tpl, { rows }).output).toBe(before);
  });
});
