/**
 * Plain JS data are read in place (PhpArray.view), not converted before the render: every case of
 * the conformance and differential folders must print the same bytes, or fail with the same code,
 * whether its data come as plain objects or converted up front with fromJS. Both sides start from
 * the same JSON.parse result, so both see JavaScript's key order; only the way they are read differs.
 * The caller's objects must come out of the render unchanged.
 */
import { fileURLToPath } from 'node:url';
import { fromJS } from '@sumi/php';
import { SumiError } from '@sumi/runtime';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../src/case-files';
import { buildEngine } from '../src/engine';

const root = (dir: string) => fileURLToPath(new URL(`../../../${dir}`, import.meta.url));
const cases = [...loadCases(root('conformance')), ...loadCases(root('differential'))].filter(
  (c) => c.data !== undefined,
);

async function outcome(source: string, name: string, data: unknown): Promise<string> {
  const engine = buildEngine();
  try {
    const r = await engine.render(engine.compile(source, { name }), data as never, { name });
    return `output ${JSON.stringify(r.output)}`;
  } catch (e) {
    if (e instanceof SumiError) return `error ${e.code} ${e.message}`;
    throw e;
  }
}

describe('plain JS data read in place', () => {
  it('finds cases with data', () => {
    expect(cases.length).toBeGreaterThan(200);
  });

  it('render every case as converted data do, and leave the data unchanged', async () => {
    const differ: string[] = [];
    for (const c of cases) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(c.data!);
      } catch {
        continue; // a case about invalid JSON
      }
      if (parsed === null || typeof parsed !== 'object') continue;
      const before = JSON.stringify(parsed);
      const converted = await outcome(c.source, c.name, fromJS(parsed));
      const plain = await outcome(c.source, c.name, parsed);
      if (plain !== converted) differ.push(`${c.id}\n  plain:     ${plain}\n  converted: ${converted}`);
      expect(JSON.stringify(parsed), c.id).toBe(before);
    }
    expect(differ).toEqual([]);
  }, 120_000);

  it('read maps of many keys in place as converted data do (every object padded past 32 keys)', async () => {
    // objects with more keys than a record are read by name without being built (readsInPlace):
    // the same cases with every object of their data given 40 more keys take that path everywhere
    const pad = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(pad);
      if (v === null || typeof v !== 'object') return v;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = pad(x);
      for (let i = 0; i < 40; i++) out[`pad${i}`] = i;
      return out;
    };
    const differ: string[] = [];
    for (const c of cases) {
      let parsed: unknown;
      try {
        parsed = pad(JSON.parse(c.data!));
      } catch {
        continue;
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) continue;
      const converted = await outcome(c.source, c.name, fromJS(parsed));
      const plain = await outcome(c.source, c.name, parsed);
      if (plain !== converted) differ.push(`${c.id}\n  plain:     ${plain}\n  converted: ${converted}`);
    }
    expect(differ).toEqual([]);
  }, 120_000);
});
