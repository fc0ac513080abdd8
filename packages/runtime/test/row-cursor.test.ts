/**
 * A `{foreach}` whose item the body reads only by field (`$row.name`) reads the rows of the caller's
 * plain data through one array pointed at each row in turn (PhpArray.rowAt). Every output must be
 * the one the rows read one by one give: the converted data are the reference here.
 */
import { fromJSONText } from '@sumi/php';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../src/index';

const engine = createEngine();

/** the output with the plain data as they are (data JSON cannot hold: shared objects, cycles, classes) */
function plain(source: string, data: Record<string, unknown>): string {
  return engine.renderSync(source, data).output;
}

/** the output with the plain data, checked against the same data converted first */
function both(source: string, data: Record<string, unknown>): string {
  const out = plain(source, data);
  expect(out).toBe(engine.renderSync(source, fromJSONText(JSON.stringify(data))).output);
  return out;
}

/** the template compiles with `marker` in its code when `cursor`, without it otherwise */
function expectCursor(marker: string, cursor: boolean, ...sources: string[]): void {
  for (const src of sources) expect(engine.compile(src).code.includes(marker), src).toBe(cursor);
}

const rows = {
  rows: [
    { a: 1, b: { c: 2 }, list: [{ a: 10 }, { a: 11 }] },
    { a: 3, b: { c: 4 }, list: [{ a: 20 }] },
    { a: 5, list: [] },
  ],
};

describe('foreach over plain rows read by field', () => {
  test('compiles to one row cursor only when the item is read by field alone', () => {
    expectCursor('.rowAt(', true, '{foreach from=$rows item=r}{$r.a}{$r.b.c}{/foreach}');
    expectCursor(
      '.rowAt(',
      false,
      '{foreach from=$rows item=r}{$r}{/foreach}',
      '{foreach from=$rows item=r}{assign var=x value=$r}{/foreach}',
      '{foreach from=$rows item=r}{$r.0}{/foreach}',
      '{foreach from=$rows item=r}{$r[$k]}{/foreach}',
      '{foreach from=$rows item=r}{if isset($r.a)}y{/if}{/foreach}',
      '{foreach from=$rows item=r}{$r->a}{/foreach}',
    );
  });

  test('reads each row, and leaves the last one as the item', () => {
    expect(
      both('{foreach from=$rows item=r}{$r.a}:{$r.b.c};{/foreach}|{$r.a}|{$r.list.0.a}|{$r}', rows),
    ).toBe('1:2;3:4;5:;|5||Array');
    expect(both('{foreach from=$rows item=r}{if $r.a > 1}{break}{/if}{/foreach}{$r.a}', rows)).toBe('3');
  });

  test('a nested value read from a row keeps its row after the loop has moved on', () => {
    expect(
      both(
        '{foreach from=$rows item=r name=l}{if $smarty.foreach.l.first}{assign var=first value=$r.b}{assign var=l1 value=$r.list}{/if}{append var=bs value=$r.b}{/foreach}' +
          '{$first.c} {$l1.0.a}{$l1.1.a} {$bs.0.c}{$bs.1.c}{$bs.2.c}',
        rows,
      ),
    ).toBe('2 1011 24');
    expect(
      both(
        '{foreach from=$rows item=r}{foreach from=$r.list item=t}{$t.a},{/foreach}{/foreach}{foreach from=$rows item=r}{foreach from=$rows item=q}{$r.a}{$q.a};{/foreach}{/foreach}',
        rows,
      ),
    ).toBe('10,11,20,11;13;15;31;33;35;51;53;55;');
  });

  test('rows that are not plain objects, and shared objects, read as before', () => {
    const shared = { c: 9 };
    const mixed = { rows: [{ a: 1, b: shared }, [1, 2], null, 7, { a: 2, b: shared }, { b: { s: shared } }] };
    const out = plain(
      '{foreach from=$rows item=r}[{$r.a}{$r.b.c}{$r.b.s.c}]{/foreach}{assign var=z value=$r.b.s}{$z.c}',
      mixed,
    );
    expect(out).toBe('[19][][][][29][9]9');
  });

  test('a map of records is read by position, with its keys, as the built map reads', () => {
    const byId: Record<string, unknown> = {
      10: { n: 'a', t: ['x'] },
      2: { n: 'b', t: [] },
      k: 5,
      z: { n: 'c' },
    };
    for (let i = 0; i < 40; i++) byId[`m${i}`] = { n: `r${i}`, t: [i] };
    const data = { byId };
    expect(
      both(
        '{foreach from=$byId key=id item=r name=l}{$id}:{$r.n}{$r.t.0};{if $id === "m3"}{break}{/if}{/foreach}|{$id}{$r.n}',
        data,
      ),
    ).toBe('2:b;10:ax;k:;z:c;m0:r00;m1:r11;m2:r22;m3:r33;|m3r3');
    expect(both('{foreach from=$byId item=r}{$r}{/foreach}', { byId: { a: 1, b: 'x' } })).toBe('1x');
    expect(
      both('{foreach from=$byId key=k item=r}{$k}{$r.1}{/foreach}', { byId: { 5: [1, 2], 1: {} } }),
    ).toBe('152');
  });

  test('a field of a field (`$r.author.name`) is read by one reader, as the two readers read it', () => {
    expectCursor('G', true, '{foreach from=$rows item=r}{$r.b.c}{/foreach}');
    // a class instance is read as fromJS converts it (its own fields)
    const Point = class {
      c = 1;
    };
    const inherited = Object.create({ c: 'proto' });
    const nullProto = Object.assign(Object.create(null), { c: 'np' });
    const data = {
      rows: [
        { b: { c: 'x' } },
        { b: { c: 2.5, d: 1 } },
        { b: { d: 1 } },
        { b: { c: { deep: 1 } } },
        { b: { c: [1] } },
        { b: [1, 2] },
        { b: 5 },
        { b: null },
        { b: nullProto },
        { b: inherited },
        { b: JSON.parse('{"__proto__": {"c": "own"}, "c": true}') },
        { b: { c: false } },
        {},
      ],
    };
    expect(both('{foreach from=$rows item=r}[{$r.b.c}|{$r.b.d}]{/foreach}', data)).toBe(
      '[x|][2.5|1][|1][Array|][Array|][|][|][|][np|][|][1|][|][|]',
    );
    expect(plain('{foreach from=$rows item=r}{$r.b.c}{/foreach}', { rows: [{ b: new Point() }] })).toBe('1');
    const self: Record<string, unknown> = { c: 1 };
    self.b = self;
    // (the section leaves no item behind whose copy would meet the cycle after the loop)
    for (const src of [
      '{foreach from=$rows item=r}{$r.b.c}{/foreach}',
      '{section name=i loop=$rows}{$rows[i].b.c}{/section}',
    ])
      expect(() => plain(src, { rows: [self] }), src).toThrow(/cycle/);
  });

  test('a value read from a row is never taken for a cycle through a later row', () => {
    // X holds the second row: read through the first row, X's parent stays the first row
    const second = { a: 2 };
    const x = { r: second };
    const data = { rows: [{ b: x }, second] };
    const out = plain(
      '{foreach from=$rows item=r name=l}{if $smarty.foreach.l.first}{assign var=first value=$r.b}{/if}{$r.a}{/foreach}|{$first.r.a}',
      data,
    );
    expect(out).toBe('2|2');
  });

  test('a row that contains itself is refused where its cycle is reached', () => {
    const self: Record<string, unknown> = { a: 1 };
    self.self = self;
    const run = () => plain('{foreach from=$rows item=r}{$r.self.self.a}{/foreach}', { rows: [self] });
    expect(run).toThrow(/cycle/);
  });
});

describe('section over plain rows read by field', () => {
  test('reads a row through its cursor only when every read of it is by field', () => {
    expectCursor('rowCursor()', true, '{section name=i loop=$rows}{$rows[i].a}{$rows[i].b.c}{/section}');
    expectCursor(
      'rowCursor()',
      false,
      '{section name=i loop=$rows}{$rows[i].a}{assign var=x value=$rows[i]}{/section}',
      '{section name=i loop=$rows}{$rows[i]}{/section}',
      '{section name=i loop=$rows}{$rows[i].0}{/section}',
    );
  });

  test('reads each row; values read from a row keep it', () => {
    expect(
      both(
        '{section name=i loop=$rows}{$rows[i].a}:{$rows[i].b.c};{if $smarty.section.i.first}{assign var=first value=$rows[i].b}{/if}{section name=j loop=$rows[i].list}{$rows[i].list[j].a},{/section}{/section}|{$first.c}',
        rows,
      ),
    ).toBe('1:2;10,11,3:4;20,5:;|2');
    const second = { a: 2 };
    const data = { rows: [{ b: { r: second } }, second] };
    expect(
      plain(
        '{section name=i loop=$rows}{if $smarty.section.i.first}{assign var=first value=$rows[i].b}{/if}{$rows[i].a}{/section}|{$first.r.a}',
        data,
      ),
    ).toBe('2|2');
  });
});

describe('loops inside loops read what the outer loop holds', () => {
  /** the reads of variable `name` from the data in the render function (`rd(V, "name", ...)`) */
  const readsOf = (src: string, name: string) => {
    const code = engine.compile(src).code;
    return code.slice(code.indexOf('return function render')).split(`rd(V, "${name}"`).length - 1;
  };

  test('a variable no loop writes is read once, before the outermost loop', () => {
    // the section's loop attribute, and one read for both loops (not one per run of the inner one)
    expect(
      readsOf(
        '{section name=i loop=$rows}{section name=j loop=$rows[i].list}{$rows[i].list[j].a}{/section}{/section}',
        'rows',
      ),
    ).toBe(2);
    const nested = '{foreach from=$a item=x}{foreach from=$b item=y}{$c.k}{/foreach}{/foreach}';
    const code = engine.compile(nested).code;
    expect(code.indexOf('rd(V, "c"')).toBeLessThan(code.indexOf('rd(V, "b"'));
    // written in the outer loop: read in the inner one, as before
    const written =
      '{foreach from=$a item=x}{foreach from=$b item=y}{$c.k}{/foreach}{assign var=c value=$x}{/foreach}';
    expect(engine.compile(written).code.indexOf('rd(V, "c"')).toBe(-1);
  });

  test('an inner loop reads the row of the section around it, and sees every write', () => {
    const data = {
      ...rows,
      alt: [
        { a: 7, list: [{ a: 70 }] },
        { a: 8, list: [] },
        { a: 9, list: [{ a: 90 }, { a: 91 }] },
      ],
      xs: [1, 2],
    };
    expect(
      both(
        '{section name=i loop=$rows}[{section name=j loop=$rows[i].list}{$rows[i].list[j].a}.{$rows[i].a}{$rows[i].b.c}{/section}]{/section}',
        data,
      ),
    ).toBe('[10.1211.12][20.34][]');
    expect(
      both('{section name=i loop=$rows}{foreach from=$xs item=x}{$rows[i].a}{$x}{/foreach}|{/section}', data),
    ).toBe('1112|3132|5152|');
    // written by the section's body after the inner loop, and by the inner loop itself
    expect(
      both(
        '{section name=i loop=$rows}{foreach from=$xs item=x}{$rows[i].a}{/foreach}{assign var=rows value=$alt}|{/section}',
        data,
      ),
    ).toBe('11|88|99|');
    expect(
      both(
        '{section name=i loop=$rows}{foreach from=$xs item=x}{$rows[i].a}{assign var=rows value=$alt}{/foreach}|{/section}',
        data,
      ),
    ).toBe('17|88|99|');
    expect(
      both(
        '{section name=i loop=$rows}{foreach from=$xs item=x}{$rows[i].a}{append var=xs value=$x}{/foreach}|{/section}',
        data,
      ),
    ).toBe('11|3333|55555555|');
    // read again in a loop inside the section, after each write: never the row read before it
    expect(
      both(
        '{section name=i loop=$rows}{foreach from=$xs item=x}{foreach from=$xs item=y}{$rows[i].a}{/foreach}{assign var=rows value=$alt}{/foreach}|{/section}',
        data,
      ),
    ).toBe('1177|8888|9999|');
  });
});
