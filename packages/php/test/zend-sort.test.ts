import { describe, expect, it } from 'vitest';
import { phpStableSort, zendSort } from '../src/index';

const num = (a: number, b: number) => (a > b ? 1 : a < b ? -1 : 0);

describe('zendSort', () => {
  it('sorts like a sort for every size (insertion sort, quicksort, 5-point pivot)', () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % 1000;
    };
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 15, 16, 17, 33, 100, 1025, 3000]) {
      const a = Array.from({ length: n }, rnd);
      const b = a.slice().sort(num);
      zendSort(a, num);
      expect(a).toEqual(b);
    }
  });
  it('is stable through the position fallback', () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ k: i % 3, i }));
    const out = phpStableSort(items, (a, b) => num(a.k, b.k));
    expect(out.map((o) => o.k)).toEqual(items.map((o) => o.k).sort(num));
    for (let x = 1; x < out.length; x++) {
      if (out[x]!.k === out[x - 1]!.k) expect(out[x]!.i).toBeGreaterThan(out[x - 1]!.i);
    }
  });
  it('PHP 8 smart string comparison orders ["10","9","2","b","a","B"] as 2,9,10,B,a,b', () => {
    const numeric = (s: string) =>
      /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(s);
    const cmp = (a: string, b: string) =>
      numeric(a) && numeric(b) ? num(Number(a), Number(b)) : a < b ? -1 : a > b ? 1 : 0;
    expect(phpStableSort(['10', '9', '2', 'b', 'a', 'B'], cmp)).toEqual(['2', '9', '10', 'B', 'a', 'b']);
  });
});
