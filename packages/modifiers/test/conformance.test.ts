/**
 * The reference engine's cases for this package, end to end through
 * `createEngine({ plugins: modifiers })`: every case of `modifiers/` and
 * `chains/`, and the cases of `cms_plugins/`, `extensions/`, `security/`
 * and `php_modifiers/` that use a modifier of this package.
 *
 * Runs once @sumi/runtime has a build (dist/index.js); until then the suite is
 * reported as skipped, never as passed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as runtime from '@sumi/runtime';
import { describe, expect, it } from 'vitest';
import { cmsModifiers } from '../src/cms/index';
import { smartyModifiers } from '../src/smarty/index';

const root = fileURLToPath(new URL('../../../conformance/', import.meta.url));
const engineReady = typeof (runtime as { createEngine?: unknown }).createEngine === 'function';

const mine = new Set<string>();
for (const d of [...smartyModifiers, ...cmsModifiers])
  for (const n of [d.name, ...(d.aliases ?? [])]) mine.add(n);

/** modifier names used in a template (`|name` or `|@name`) */
function modifiersOf(tpl: string): string[] {
  return [...tpl.matchAll(/\|@?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
}

interface Case {
  group: string;
  name: string;
  tpl: string;
  data: string | null;
  expected: string | null;
}

function cases(group: string, filter: (tpl: string) => boolean): Case[] {
  const dir = root + group;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.tpl'))
    .map((f) => f.slice(0, -4))
    .map((name) => {
      const base = `${dir}/${name}`;
      return {
        group,
        name,
        tpl: readFileSync(`${base}.tpl`, 'utf8'),
        data: existsSync(`${base}.json`) ? readFileSync(`${base}.json`, 'utf8') : null,
        expected: existsSync(`${base}.expected`) ? readFileSync(`${base}.expected`, 'utf8') : null,
      };
    })
    .filter((c) => filter(c.tpl));
}

const usesMine = (tpl: string) => modifiersOf(tpl).some((m) => mine.has(m));
const all = [
  ...cases('modifiers', () => true),
  ...cases('chains', () => true),
  ...cases('cms_plugins', usesMine),
  ...cases('extensions', usesMine),
  ...cases('security', usesMine),
  ...cases('php_modifiers', usesMine),
];

const { modifiers } = await import('../src/index');
const registered = new Set<string>(['smarty']);
for (const d of modifiers) for (const n of [d.name, ...(d.aliases ?? [])]) registered.add(n);
/** modifiers a case needs that no package group registers yet (the case is then reported as skipped) */
const missing = (tpl: string) => [...new Set(modifiersOf(tpl).filter((m) => !registered.has(m)))];

describe.skipIf(!engineReady)('conformance (reference engine outputs)', () => {
  it('found the cases', () => {
    expect(all.length).toBeGreaterThan(40);
  });
  for (const c of all) {
    const needs = missing(c.tpl);
    const title = needs.length ? `${c.group}/${c.name} (needs ${needs.join(', ')})` : `${c.group}/${c.name}`;
    it.skipIf(needs.length > 0)(title, async () => {
      const rt = runtime as unknown as {
        createEngine(o: object): { render(t: string, d: unknown, o?: object): Promise<{ output: string }> };
        fromJSONText(t: string): unknown;
      };
      const engine = rt.createEngine({
        plugins: modifiers,
        services: { clock: { now: () => Date.UTC(2024, 0, 1) } },
      });
      const data = c.data === null ? undefined : rt.fromJSONText(c.data);
      if (c.expected === null) {
        await expect(engine.render(c.tpl, data, { name: `${c.name}.tpl` })).rejects.toThrow();
      } else {
        const res = await engine.render(c.tpl, data, { name: `${c.name}.tpl` });
        expect(res.output).toBe(c.expected);
      }
    });
  }
});
