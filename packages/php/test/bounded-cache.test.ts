/**
 * BoundedCache: bounded in bytes, evicting about the least recently used first. A hit only marks
 * its entry (no reordering of the map on every read); eviction gives marked entries a second chance.
 */
import { describe, expect, it } from 'vitest';
import { cacheKey } from '../src/host';
import { BoundedCache } from '../src/index';

/** what one entry of key `k` and value bytes `b` costs: the value, the key twice, 64 */
const cost = (k: string, b: number) => b + k.length * 2 + 64;

describe('BoundedCache', () => {
  it('keeps its bytes within the bound and counts them', () => {
    const c = new BoundedCache(10 * cost('k0', 100));
    for (let i = 0; i < 50; i++) c.set(`k${i % 10}${i >= 10 ? 'x' : ''}`, i, 100);
    expect(c.size).toBeLessThanOrEqual(10 * cost('k0', 100) + 10);
    expect(c.get('k9x')).toBe(49);
  });

  it('evicts the oldest entry that was not read since', () => {
    // room for four entries (an entry may take a quarter of the cache at most)
    const c = new BoundedCache(4 * cost('a', 10));
    for (const k of ['a', 'b', 'c', 'd']) c.set(k, k.toUpperCase(), 10);
    expect(c.get('a')).toBe('A');
    c.set('e', 'E', 10);
    // a was read: b, the oldest unread, goes
    expect(c.get('b')).toBeUndefined();
    expect(['a', 'c', 'd', 'e'].map((k) => c.get(k))).toEqual(['A', 'C', 'D', 'E']);
    expect(c.size).toBe(4 * cost('a', 10));
  });

  it('evicts even when every entry was read (each gets one second chance)', () => {
    const c = new BoundedCache(4 * cost('a', 10));
    for (const k of ['a', 'b', 'c', 'd']) c.set(k, k, 10);
    for (const k of ['a', 'b', 'c', 'd']) c.get(k);
    c.set('e', 'e', 10);
    expect(c.size).toBe(4 * cost('a', 10));
    expect(c.get('e')).toBe('e');
    expect(['a', 'b', 'c', 'd'].filter((k) => c.get(k) !== undefined)).toHaveLength(3);
  });

  it('replaces an entry set again, and refuses one bigger than a quarter of it', () => {
    const c = new BoundedCache(1000);
    c.set('a', 1, 100);
    c.set('a', 2, 150);
    expect(c.get('a')).toBe(2);
    expect(c.size).toBe(cost('a', 150));
    c.set('big', 3, 300);
    expect(c.get('big')).toBeUndefined();
  });
});

describe('cacheKey', () => {
  it('is prefix + s, the same string for the same s, for any number of them', () => {
    const a = cacheKey('p\0', '/x+/');
    expect(a).toBe('p\0/x+/');
    expect(cacheKey('p\0', `/x${'+'}/`)).toBe(a);
    for (let i = 0; i < 10_000; i++) expect(cacheKey('q\0', `k${i}`)).toBe(`q\0k${i}`);
    expect(cacheKey('p\0', '/x+/')).toBe(a);
  });
});
