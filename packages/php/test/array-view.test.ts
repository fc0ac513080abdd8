/**
 * PhpArray.view: the caller's JS data read in place, with fromJS's meaning, copied on the first
 * change. Every reading operation must agree with the converted array, and no operation may write
 * the caller's objects.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CyclicDataError,
  childHas,
  estimateBytes,
  fromJS,
  PhpArray,
  readsInPlace,
  rowCursor,
  shapeHas,
  toJS,
  type Value,
  viewField,
  viewShape,
} from '../src/index';

const view = (src: object) => PhpArray.view(src as Record<string, unknown>, fromJS);

/** the array's content as plain data, read through its positional and keyed accessors */
function dump(a: PhpArray): unknown {
  const out: [unknown, unknown][] = [];
  for (let i = 0; i < a.size; i++) {
    const v = a.peekAt(i);
    out.push([a.keyAt(i), v instanceof PhpArray ? dump(v) : v]);
  }
  return out;
}

const samples: object[] = [
  { a: 1, b: 'x', c: null, d: [1, 2, { e: true }] },
  [0, 'one', [2, [3]], { 4: 'four', '05': 'five', x: undefined }],
  { 10: 'ten', 2: 'two', name: 'n', '-3': 'minus', '1.5': 'f' },
  { list: [], obj: {}, nested: { deep: { deeper: { deepest: [1.5, -0, 2 ** 60] } } } },
  { when: new Date(0), set: new Set([1, 2]), map: new Map([['k', 'v']]), big: 12n, fn: () => 1 },
  Object.assign(Object.create(null), { bare: 'null prototype' }),
];

describe('PhpArray.view', () => {
  it.each(samples.map((s, i) => [i, s] as const))('reads sample %i as fromJS converts it', (_i, src) => {
    const converted = fromJS(src) as PhpArray;
    const v = view(src);
    expect(v.size).toBe(converted.size);
    expect(dump(v)).toEqual(dump(converted));
    for (const k of converted.keys()) {
      const a = v.peek(k);
      const b = converted.peek(k);
      expect(a instanceof PhpArray ? dump(a) : a).toEqual(b instanceof PhpArray ? dump(b) : b);
    }
    expect(v.peek('missing')).toBeUndefined();
    expect(toJS(v)).toEqual(toJS(converted));
    expect(v.isList()).toBe(converted.isList());
    expect(v.keys()).toEqual(converted.keys());
  });

  it('reads a nested object read again at once as the same array', () => {
    const v = view({ row: { a: 1 }, rows: [{ b: 2 }, { b: 3 }] });
    expect(v.peek('row')).toBe(v.peek('row'));
    const rows = v.peek('rows') as PhpArray;
    expect(rows.peekAt(0)).toBe(rows.peekAt(0));
    // another read in between makes it again, with the same content
    const first = rows.peekAt(0) as PhpArray;
    rows.peekAt(1);
    expect(toJS(rows.peekAt(0))).toEqual(toJS(first));
  });

  it('copies on the first change and never writes the caller’s data', () => {
    const src = { a: { b: [1, 2] }, n: 1 };
    const before = JSON.stringify(src);
    const v = view(src);
    const copy = v.clone();
    const inner = copy.getMut('a');
    inner.getMut('b').push(3);
    copy.set('n', 2);
    copy.delete('a');
    expect(JSON.stringify(src)).toBe(before);
    expect(toJS(v)).toEqual({ a: { b: [1, 2] }, n: 1 });
    expect(toJS(copy)).toEqual({ n: 2 });
  });

  it('a change through an exclusive view keeps the nested arrays already read', () => {
    const src = { a: { x: 1 }, b: 2 };
    const v = view(src);
    const a = v.peek('a') as PhpArray;
    v.set('c', 3); // builds the store: the nested array handed out before is the one kept
    expect(v.peek('a')).toBe(a);
    expect(toJS(v)).toEqual({ a: { x: 1 }, b: 2, c: 3 });
    expect(src).toEqual({ a: { x: 1 }, b: 2 });
  });

  it('rows built from one list share their key list until one of them changes its keys', () => {
    const src = {
      rows: [
        { a: 1, b: 'x' },
        { a: 2, b: 'y' },
        { b: 'z', a: 3 },
        { 0: 'p', 1: 'q' },
      ],
    };
    const rows = view(src).peek('rows') as PhpArray;
    const built = [0, 1, 2, 3].map((i) => {
      const r = rows.get(i) as PhpArray;
      r.keys(); // builds it
      return r;
    });
    expect(built[0]!.st.keys).toBe(built[1]!.st.keys);
    expect(built[2]!.st.keys).toEqual(['b', 'a']);
    expect(built[3]!.isList()).toBe(true);
    built[1]!.set('c', 1);
    built[0]!.delete('a');
    expect(toJS(built[0]!)).toEqual({ b: 'x' });
    expect(toJS(built[1]!)).toEqual({ a: 2, b: 'y', c: 1 });
    expect(toJS(view(src))).toEqual(toJS(fromJS(src)));
    expect(src.rows[0]).toEqual({ a: 1, b: 'x' });
  });

  it('rows of a few alternating shapes each keep theirs, and later data find them again', () => {
    const rows = [
      { a: 1, b: 'x' },
      { a: 2, b: 'y', label: 'l' },
      { a: 3, b: 'z' },
      { b: 'w', a: 4 },
      { a: 5, b: 'v', label: '' },
      { 0: 'p', 1: 'q' },
    ];
    const list = view({ rows }).peek('rows') as PhpArray;
    const built = rows.map((_, i) => (list.get(i) as PhpArray).materialize());
    expect(built[0]!.st.keys).toBe(built[2]!.st.keys);
    expect(built[1]!.st.keys).toBe(built[4]!.st.keys);
    expect(built[3]!.keys()).toEqual(['b', 'a']);
    expect(built[5]!.isList()).toBe(true);
    for (const [i, b] of built.entries()) expect(toJS(b)).toEqual(toJS(fromJS(rows[i])));
    // another render's data: a new list finds the shapes kept before
    const again = (view({ rows: [{ a: 9, b: 'u', label: 'k' }] }).peek('rows') as PhpArray).get(
      0,
    ) as PhpArray;
    expect(again.materialize().st.keys).toBe(built[1]!.st.keys);
    again.set('extra', 1);
    expect(built[1]!.keys()).toEqual(['a', 'b', 'label']);
    expect(toJS(again)).toEqual({ a: 9, b: 'u', label: 'k', extra: 1 });
  });

  it('reads a map of many keys in place by name, as the converted array reads it', () => {
    const src: Record<string, unknown> = {};
    for (let i = 1; i <= 60; i++) src[`s${i}`] = { n: i, items: [i, { deep: `d${i}` }] };
    const v = view(src);
    expect(readsInPlace(v.st.view!)).toBe(true);
    expect(readsInPlace(view({ a: 1, b: [2] }).st.view!)).toBe(false);
    const s7 = v.peekKey('s7') as PhpArray;
    expect(toJS(s7)).toEqual({ n: 7, items: [7, { deep: 'd7' }] });
    expect(v.st.view).not.toBeNull(); // not built by reading
    expect(toJS(v)).toEqual(toJS(fromJS(src)));
    v.set('s61', 'new');
    expect(v.size).toBe(61);
    expect(Object.keys(src)).toHaveLength(60);
  });

  it('appends after the largest int key, as the converted array does', () => {
    for (const src of [[1, 2, 3], { 7: 'a', x: 'b' }, { x: 1 }]) {
      const v = view(src);
      const c = fromJS(src) as PhpArray;
      v.push('new');
      c.push('new');
      expect(dump(v)).toEqual(dump(c));
    }
  });

  it('reads own enumerable keys only, as fromJS lists them', () => {
    const src = Object.defineProperty({ shown: 1 }, 'hidden', { value: 2, enumerable: false });
    const v = view(src);
    expect(v.peek('hidden')).toBeUndefined();
    expect(v.peek('toString')).toBeUndefined();
    expect(v.peek('constructor')).toBeUndefined();
    expect(v.size).toBe(1);
    const own = view(JSON.parse('{"__proto__": 5, "constructor": 6}'));
    expect(own.peek('__proto__')).toBe(5);
    expect(own.peek('constructor')).toBe(6);
    expect(toJS(own)).toEqual(toJS(fromJS(JSON.parse('{"__proto__": 5, "constructor": 6}'))));
  });

  it('refuses data that contain themselves where the cycle is reached', () => {
    const cyc: Record<string, unknown> = { x: 1 };
    cyc.self = cyc;
    const v = view({ ok: 1, c: cyc });
    expect(v.peek('ok')).toBe(1);
    const c = v.peek('c') as PhpArray;
    expect(c.peek('x')).toBe(1);
    expect(() => c.peek('self')).toThrow(CyclicDataError);
    // a row of a list that is the list's own holder
    const holder: Record<string, unknown> = { rows: [] };
    (holder.rows as unknown[]).push(holder);
    const rows = view(holder).peek('rows') as PhpArray;
    expect(() => rows.peekAt(0)).toThrow(CyclicDataError);
    // a DAG (one object twice) is no cycle
    const shared = { k: 1 };
    const dag = view({ a: shared, b: shared, l: [shared, shared] });
    expect(toJS(dag)).toEqual({ a: { k: 1 }, b: { k: 1 }, l: [{ k: 1 }, { k: 1 }] });
  });

  it('counts its memory from the source without building it, once per object', () => {
    const src = { rows: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `name ${i}` })) };
    const v = view(src);
    expect(estimateBytes([v])).toBe(estimateBytes([fromJS(src) as Value]));
    expect(v.st.view).not.toBeNull(); // still a view
    const cyc: Record<string, unknown> = { s: 'x' };
    cyc.me = cyc;
    expect(estimateBytes([view(cyc)])).toBeGreaterThan(0); // ends
  });

  it('counts any data as their conversion would: keys that read as integers, shared strings, depth, values `other` converts', () => {
    const long = 'L'.repeat(70);
    const key = fc.oneof(
      fc.constantFrom('0', '7', '-3', '012', '-0', '1e3', '9007199254740993', 'name', '', 'x1', long),
      fc.string({ maxLength: 4 }),
    );
    const leaf = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.string({ maxLength: 8 }),
      fc.constantFrom(long, `${long}!`, 'é'.repeat(40)),
      // what `other` converts (counted by the walk's visit, beside the sums of plain objects)
      fc.constantFrom(new Date(0), new Map([['a', 1]]), PhpArray.fromList(['a', 'b']), 12n),
    );
    const tree = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, tie('list'), tie('map')),
      list: fc.array(tie('node'), { maxLength: 5 }),
      map: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
    })).node;
    // nested deeper than the walk's recursion (it goes on with a stack there)
    const deep = (n: number, inner: unknown): unknown => {
      let v = inner;
      for (let i = 0; i < n; i++) v = i % 2 ? [v, 'x'] : { k: v, [String(i)]: 1 };
      return v;
    };
    fc.assert(
      fc.property(tree, fc.integer({ min: 0, max: 80 }), (t, depth) => {
        const src = { t, d: deep(depth, t) };
        expect(estimateBytes([view(src)])).toBe(estimateBytes([fromJS(src) as Value]));
      }),
      { numRuns: 300 },
    );
  });

  it('viewField reads one field of an object in place, and a row of a list stays a view', () => {
    const src = { rows: [{ id: 1, cat: { label: 'a' }, none: null }], s: 'x' };
    const rows = view(src).peek('rows') as PhpArray;
    const row = rows.peekAt(0) as PhpArray;
    expect(row.st.view).not.toBeNull(); // not built to be read
    const w = row.st.view!;
    expect(viewField(w, 'id')).toBe(1);
    expect(viewField(w, 'none')).toBeNull();
    expect(viewField(w, 'missing')).toBeNull();
    expect(viewField(w, 'constructor')).toBeNull(); // own keys only
    const cat = viewField(w, 'cat') as PhpArray;
    expect(toJS(cat)).toEqual({ label: 'a' });
    expect(viewField(w, 'cat')).toBe(cat); // read again at once: the same array
    expect(row.st.view).not.toBeNull();
    expect(toJS(row)).toEqual({ id: 1, cat: { label: 'a' }, none: null });
  });

  it('viewShape lists own enumerable names only, and rows of one table share it', () => {
    const hidden = Object.defineProperty({ a: 1 }, 'b', { value: 2, enumerable: false });
    const rows = view({ rows: [{ a: 1, b: 2 }, { a: 3, b: 4 }, hidden] }).peek('rows') as PhpArray;
    const shapeOf = (i: number) => viewShape((rows.peekAt(i) as PhpArray).st.view!);
    const site = { sh: null as object | null };
    expect(shapeOf(0)).toBe(shapeOf(1));
    expect(shapeHas(shapeOf(0), 'b', site)).toBe(true);
    expect(site.sh).toBe(shapeOf(0));
    expect(shapeOf(2)).not.toBe(shapeOf(0));
    expect(shapeHas(shapeOf(2), 'b', site)).toBe(false);
    const proto = Object.prototype as Record<string, unknown>;
    proto.b = 'inherited';
    try {
      // for-in lists the inherited name too: the names are read, not matched against the kept list
      const later = view({ rows: [{ a: 1, b: 2 }, { a: 1 }] }).peek('rows') as PhpArray;
      const second = viewShape((later.peekAt(1) as PhpArray).st.view!);
      expect(shapeHas(second, 'b', site)).toBe(false);
    } finally {
      delete proto.b;
    }
  });

  // identities are compared with ===: vitest's toBe shows a failure by iterating the array, which builds it
  it('rowAt reads the plain-object rows of a list through one array, and any other row as peekAt does', () => {
    const rows: unknown[] = [
      { a: 1, n: { x: 1 } },
      { a: 2, n: { x: 2 } },
      [1, 2],
      'text',
      null,
      new Map([['a', 3]]),
      { a: 4 },
    ];
    const list = view({ rows }).peek('rows') as PhpArray;
    const cur = rowCursor();
    const first = list.rowAt(0, cur) as PhpArray;
    expect(viewField(first.st.view!, 'a')).toBe(1);
    const second = list.rowAt(1, cur);
    expect(second === first).toBe(true); // the same array, pointed at the next row
    expect(toJS(second)).toEqual({ a: 2, n: { x: 2 } });
    for (let i = 2; i < 6; i++) {
      const r = list.rowAt(i, rowCursor());
      const p = list.peekAt(i);
      expect(r instanceof PhpArray ? toJS(r) : r).toEqual(p instanceof PhpArray ? toJS(p) : p);
    }
    // a converted list has no view: its own rows
    const converted = fromJS({ rows }) as PhpArray;
    const convertedRows = converted.peek('rows') as PhpArray;
    expect(convertedRows.rowAt(6, rowCursor()) === convertedRows.peekAt(6)).toBe(true);
  });

  it('rowAt gives a new view once the row read was made a parent, a new array once copied or built', () => {
    const rows = [{ n: { x: 1 } }, { n: { x: 2 } }, { n: { x: 3 } }, { n: { x: 4 } }, { n: { x: 5 } }];
    const list = view({ rows }).peek('rows') as PhpArray;
    const cur = rowCursor();
    const r0 = list.rowAt(0, cur) as PhpArray;
    const v0 = r0.st.view!;
    const nested = viewField(v0, 'n') as PhpArray; // holds row 0's view as its parent
    const r1 = list.rowAt(1, cur) as PhpArray;
    // row 0's view stays what it was, the parent of the value read from it (cycles are found on it)
    expect(r1.st.view !== v0).toBe(true);
    expect(v0.src).toBe(rows[0]);
    expect(nested.st.view!.parent).toBe(v0);
    expect(toJS(nested)).toEqual({ x: 1 });
    expect(toJS(r1)).toEqual({ n: { x: 2 } });
    const kept = r1.clone(); // a copy shares the store
    const r2 = list.rowAt(2, cur) as PhpArray;
    expect(r2 !== r1).toBe(true);
    expect(toJS(kept)).toEqual({ n: { x: 2 } });
    r2.materialize(); // built: no longer a view
    const r3 = list.rowAt(3, cur) as PhpArray;
    expect(r3 !== r2).toBe(true);
    expect(toJS(r2)).toEqual({ n: { x: 3 } });
    expect(list.rowAt(4, cur) === r3).toBe(true);
    expect(toJS(r3)).toEqual({ n: { x: 5 } });
    expect(rows).toEqual([
      { n: { x: 1 } },
      { n: { x: 2 } },
      { n: { x: 3 } },
      { n: { x: 4 } },
      { n: { x: 5 } },
    ]);
  });

  it('reads an object by position in place, in the order of its built array', () => {
    const src = { b: 1, a: { x: 1 }, 2: 'two', '01': 'z', c: [5] };
    const v = view(src);
    const built = view(src).materialize();
    const cur = rowCursor();
    for (let i = 0; i < built.size; i++) {
      expect(v.keyAt(i)).toBe(built.keyAt(i));
      expect(toJS(v.peekAt(i))).toEqual(toJS(built.peekAt(i)));
      expect(toJS(v.rowAt(i, cur))).toEqual(toJS(built.peekAt(i)));
    }
    expect([v.keyAt(0), v.keyAt(1), v.keyAt(4)]).toEqual([2, 'b', 'c']);
    // nothing was built: a loop over a map of thousands of records reads them one by one
    expect(v.st.view).not.toBeNull();
  });

  it('rowAt reads a map of records through its cursor, as peekAt reads them', () => {
    const byId = { 7: { n: 'a', t: { x: 1 } }, x9: { n: 'b', t: { x: 2 } }, y: 3, z: { n: 'c' } };
    const map = view({ byId }).peek('byId') as PhpArray;
    const cur = rowCursor();
    const rows = [0, 1, 2, 3].map((i) => {
      const r = map.rowAt(i, cur);
      return [map.keyAt(i), r instanceof PhpArray ? toJS(r) : r];
    });
    expect(rows).toEqual([
      [7, { n: 'a', t: { x: 1 } }],
      ['x9', { n: 'b', t: { x: 2 } }],
      ['y', 3],
      ['z', { n: 'c' }],
    ]);
  });

  it('childHas: a plain object field with an own enumerable name, refused when it is a holder', () => {
    const row: Record<string, unknown> = { a: { n: 1 }, l: [1], m: new Map(), o: Object.create({ n: 1 }) };
    const w = view(row).st.view!;
    expect(childHas(row.a, w, 'n')).toBe(true);
    expect(childHas(row.a, w, 'x')).toBe(false);
    expect(childHas(row.l, w, 'length')).toBe(false);
    expect(childHas(row.m, w, 'size')).toBe(false);
    expect(childHas(row.o, w, 'n')).toBe(false);
    expect(childHas(Object.defineProperty({}, 'n', { value: 1 }), w, 'n')).toBe(false);
    expect(childHas(null, w, 'n')).toBe(false);
    row.self = row;
    expect(() => childHas(row, w, 'a')).toThrow(CyclicDataError);
  });

  it('rowAt refuses a row that holds the list, as peekAt does', () => {
    const holder: Record<string, unknown> = { rows: [{ a: 1 }] };
    (holder.rows as unknown[]).push(holder);
    const rows = view(holder).peek('rows') as PhpArray;
    const cur = rowCursor();
    expect(toJS(rows.rowAt(0, cur) as PhpArray)).toEqual({ a: 1 });
    expect(() => rows.rowAt(1, cur)).toThrow(CyclicDataError);
  });
});
