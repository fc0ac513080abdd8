/**
 * The reference engine's cases that exercise the allowlisted PHP functions, end to end through
 * `createEngine({ plugins: modifiers })`: every case of `php_modifiers/`, and the cases of the other
 * groups whose template calls one of this folder's functions. A case that needs a modifier no group
 * registers yet is reported as skipped, never as passed.
 */

import { fileURLToPath } from 'node:url';
import { fromJSONText, type PhpArray } from '@sumi/php';
import { createEngine } from '@sumi/runtime';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../cli/src/case-files';
import { modifiers } from '../src/index';
import { phpModifiers } from '../src/php/index';

const loaded = loadCases(fileURLToPath(new URL('../../../conformance', import.meta.url)));

const php = new Set<string>();
for (const d of phpModifiers) for (const n of [d.name, ...(d.aliases ?? [])]) php.add(n);
const registered = new Set<string>(['smarty']);
for (const d of modifiers) for (const n of [d.name, ...(d.aliases ?? [])]) registered.add(n);

const modifiersOf = (tpl: string) => [...tpl.matchAll(/\|@?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

interface Case {
  id: string;
  tpl: string;
  data: string | null;
  expected: string | null;
}

function cases(group: string, filter: (tpl: string) => boolean): Case[] {
  return loaded
    .filter((c) => c.group === group && filter(c.source))
    .map((c) => ({ id: c.id, tpl: c.source, data: c.data ?? null, expected: c.expected ?? null }));
}

const usesPhp = (tpl: string) => modifiersOf(tpl).some((m) => php.has(m));
const all = [
  ...cases('php_modifiers', () => true),
  ...[
    'syntax',
    'control',
    'foreach',
    'section',
    'loops',
    'capture',
    'data',
    'chains',
    'modifiers',
    'cms_plugins',
    'extensions',
    'security',
  ].flatMap((g) => cases(g, usesPhp)),
];

describe('conformance: allowlisted PHP functions', () => {
  it('found the cases', () => {
    expect(all.filter((c) => c.id.startsWith('php_modifiers/')).length).toBeGreaterThanOrEqual(30);
    expect(all.some((c) => c.id === 'security/allowlisted_modifiers_pass')).toBe(true);
  });
  for (const c of all) {
    const needs = [...new Set(modifiersOf(c.tpl).filter((m) => !registered.has(m)))];
    it.skipIf(needs.length > 0)(needs.length ? `${c.id} (needs ${needs.join(', ')})` : c.id, async () => {
      const engine = createEngine({
        plugins: modifiers,
        services: { clock: { now: () => Date.UTC(2024, 0, 1) } },
      });
      const data = c.data === null ? undefined : (fromJSONText(c.data) as PhpArray);
      if (c.expected === null) {
        await expect(engine.render(c.tpl, data, { name: c.id })).rejects.toThrow();
      } else {
        const res = await engine.render(c.tpl, data, { name: c.id });
        expect(res.output).toBe(c.expected);
      }
    });
  }
});
