/**
 * The reference engine's cases for the plugins of this package: every case of
 * `functions/`, and the `cms_plugins/` cases whose modifiers are among the
 * test stand-ins (the others need @sumi/modifiers and run through the CLI).
 */

import { fromJSONText } from '@sumi/php';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index';
import { testModifiers } from './test-modifiers';

declare global {
  interface ImportMeta {
    glob(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
  }
}

const files = import.meta.glob(
  '../../../../conformance/{functions,cms_plugins}/*.{tpl,json,expected,error}',
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const known = new Set(testModifiers.map((m) => m.name));
const modifiersOf = (tpl: string) => [...tpl.matchAll(/\|@?([A-Za-z_]\w*)/g)].map((m) => m[1]!);

interface Case {
  name: string;
  tpl: string;
  json?: string;
  expected?: string;
  error?: string;
}

const cases: Case[] = [];
for (const [path, tpl] of Object.entries(files)) {
  if (!path.endsWith('.tpl')) continue;
  const base = path.slice(0, -4);
  const name = base.replace('../../../../conformance/', '');
  if (!modifiersOf(tpl).every((m) => known.has(m))) continue;
  cases.push({
    name,
    tpl,
    json: files[`${base}.json`],
    expected: files[`${base}.expected`],
    error: files[`${base}.error`],
  });
}

describe('conformance: functions and cms_plugins', () => {
  it('found the cases', () => {
    expect(cases.filter((c) => c.name.startsWith('functions/')).length).toBe(12);
    expect(cases.filter((c) => c.name.startsWith('cms_plugins/')).length).toBeGreaterThanOrEqual(20);
  });
  const engine = createEngine({ plugins: testModifiers });
  for (const c of cases) {
    it(c.name, () => {
      const data = c.json === undefined ? undefined : fromJSONText(c.json);
      if (c.error !== undefined) {
        expect(() => engine.renderSync(c.tpl, data)).toThrow();
        return;
      }
      expect(engine.renderSync(c.tpl, data).output).toBe(c.expected);
    });
  }
});
