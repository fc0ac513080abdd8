/**
 * The reference engine's cases for the plugins of this package: every case of
 * `functions/`, and the `cms_plugins/` cases whose modifiers are among the
 * test stand-ins (the others need @sumi/modifiers and run through the CLI).
 */
import { fileURLToPath } from 'node:url';
import { fromJSONText } from '@sumi/php';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../../cli/src/case-files';
import { createEngine } from '../../src/index';
import { testModifiers } from './test-modifiers';

const loaded = loadCases(fileURLToPath(new URL('../../../../conformance', import.meta.url)), [
  'functions',
  'cms_plugins',
]);

const known = new Set(testModifiers.map((m) => m.name));
const modifiersOf = (tpl: string) => [...tpl.matchAll(/\|@?([A-Za-z_]\w*)/g)].map((m) => m[1]!);

interface Case {
  name: string;
  tpl: string;
  json?: string;
  expected?: string;
  error?: string;
}

const cases: Case[] = loaded
  .filter((c) => modifiersOf(c.source).every((m) => known.has(m)))
  .map((c) => ({ name: c.id, tpl: c.source, json: c.data, expected: c.expected, error: c.error }));

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
