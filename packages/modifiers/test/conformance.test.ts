/**
 * The reference engine's cases for this package, end to end through
 * `createEngine({ plugins: modifiers })`: every case of `modifiers/` and
 * `chains/`, and the cases of `cms_plugins/`, `extensions/`, `security/`
 * and `php_modifiers/` that use a modifier of this package.
 *
 * A case that needs a modifier no group registers yet is reported as skipped
 * (with the missing names), never as passed. The whole suite is skipped while
 * @sumi/runtime has no build (tests then see the source shim, without an engine).
 */
import { fromJSONText, type PhpArray } from '@sumi/php';
import * as runtime from '@sumi/runtime';
import { describe, expect, it } from 'vitest';
import { cmsModifiers } from '../src/cms/index';
import { modifiers } from '../src/index';
import { smartyModifiers } from '../src/smarty/index';

declare global {
  interface ImportMeta {
    glob(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
  }
}

const files = import.meta.glob(
  '../../../conformance/{modifiers,chains,cms_plugins,extensions,security,php_modifiers}/*.{tpl,json,expected,error}',
  { query: '?raw', import: 'default', eager: true },
);

const engineReady = typeof (runtime as { createEngine?: unknown }).createEngine === 'function';

const names = (defs: readonly { name: string; aliases?: readonly string[] }[]) =>
  new Set(defs.flatMap((d) => [d.name, ...(d.aliases ?? [])]));
const mine = names([...smartyModifiers, ...cmsModifiers]);
const registered = names(modifiers);
registered.add('smarty');

/** modifier names used in a template (`|name` or `|@name`) */
const modifiersOf = (tpl: string) => [...tpl.matchAll(/\|@?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

interface Case {
  name: string;
  tpl: string;
  data: string | null;
  expected: string | null;
}

function cases(group: string, filter: (tpl: string) => boolean): Case[] {
  const out: Case[] = [];
  const prefix = '../../../conformance/';
  for (const [path, tpl] of Object.entries(files)) {
    if (!path.startsWith(`${prefix}${group}/`) || !path.endsWith('.tpl') || !filter(tpl)) continue;
    const base = path.slice(0, -4);
    out.push({
      name: base.slice(prefix.length),
      tpl,
      data: files[`${base}.json`] ?? null,
      expected: files[`${base}.expected`] ?? null,
    });
  }
  return out.sort((x, y) => (x.name < y.name ? -1 : 1));
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

describe.skipIf(!engineReady)('conformance (reference engine outputs)', () => {
  it('found the cases', () => {
    expect(all.length).toBeGreaterThan(60);
  });
  for (const c of all) {
    const needs = [...new Set(modifiersOf(c.tpl).filter((m) => !registered.has(m)))];
    const title = needs.length ? `${c.name} (needs ${needs.join(', ')})` : c.name;
    it.skipIf(needs.length > 0)(title, async () => {
      const engine = runtime.createEngine({
        plugins: modifiers,
        services: { clock: { now: () => Date.UTC(2024, 0, 1) } },
      });
      const data = c.data === null ? undefined : (fromJSONText(c.data) as PhpArray);
      if (c.expected === null) {
        await expect(engine.render(c.tpl, data, { name: c.name })).rejects.toThrow();
      } else {
        const res = await engine.render(c.tpl, data, { name: c.name });
        expect(res.output).toBe(c.expected);
      }
    });
  }
});
