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
import { fileURLToPath } from 'node:url';
import { fromJSONText, type PhpArray } from '@sumi/php';
import * as runtime from '@sumi/runtime';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../cli/src/case-files';
import { cmsModifiers } from '../src/cms/index';
import { modifiers } from '../src/index';
import { smartyModifiers } from '../src/smarty/index';

const loaded = loadCases(fileURLToPath(new URL('../../../conformance', import.meta.url)));

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
  return loaded
    .filter((c) => c.group === group && filter(c.source))
    .map((c) => ({ name: c.id, tpl: c.source, data: c.data ?? null, expected: c.expected ?? null }));
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
