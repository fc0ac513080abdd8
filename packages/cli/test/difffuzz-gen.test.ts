/**
 * The differential generator (tools/difffuzz/gen.mjs): its output must reach every tag, modifier
 * and plugin this engine registers (except its exclusions table), be deterministic, and parse.
 * No PHP here: the reference only runs in `tools/difffuzz/run.mjs`.
 */
import { BINARY_PRECEDENCE, parse, SMARTY_VARS, tokenize } from '@sumi/parser';
import { MATH_FUNCTIONS } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { buildEngine } from '../src/engine';

interface GenCase {
  group: string;
  name: string;
  tpl: string;
  data: string;
  notes: string[];
}
interface Gen {
  EXCLUDED: Record<string, { why: string; pin?: unknown }>;
  GROUPS: string[];
  generate(o: { seed: string | number; count: number; groups?: string[] }): GenCase[];
  generateCase(seed: string | number, i: number): GenCase;
}

// a plain .mjs outside the packages: imported by URL, typed by hand above
const gen: Gen = await import(new URL('../../../tools/difffuzz/gen.mjs', import.meta.url).href);
const cases = gen.generate({ seed: 'coverage', count: 1500 });

/** what the templates really use, read back with Sumi's own tokenizer */
function used(list: GenCase[]): Set<string> {
  const seen = new Set<string>();
  for (const c of list) {
    for (const t of tokenize(c.tpl)) {
      const text = c.tpl.slice(t.start, t.end);
      if (t.type === 'tagName') seen.add(`tag:${text}`);
      if (t.type === 'modifierName') seen.add(`modifier:${text.replace(/^@/, '')}`);
      const v = t.type === 'variable' ? /^\$smarty\.(\w+)/.exec(text) : null;
      if (v) seen.add(`smarty:${v[1]}`);
    }
  }
  return seen;
}

describe('tools/difffuzz/gen.mjs', () => {
  const seen = used(cases);
  const defs = [...buildEngine().plugins()];
  const keysOf = (def: (typeof defs)[number]) =>
    [def.name, ...(def.aliases ?? [])].map((n) => `${def.kind === 'modifier' ? 'modifier' : 'tag'}:${n}`);
  const registered = defs.flatMap(keysOf);
  // a group the table excludes takes all its plugins with it
  const inExcludedGroup = new Set(defs.filter((d) => `group:${d.group}` in gen.EXCLUDED).flatMap(keysOf));
  const smartyVars = Object.keys(SMARTY_VARS).map((n) => `smarty:${n}`);

  test('uses every registered tag, modifier, plugin and $smarty variable not excluded', () => {
    const missing = [...registered, ...smartyVars].filter(
      (k) => !seen.has(k) && !inExcludedGroup.has(k) && !(k in gen.EXCLUDED && !gen.EXCLUDED[k].pin),
    );
    expect(missing).toEqual([]);
    for (const sub of ['elseif', 'else', 'foreachelse', 'sectionelse']) expect(seen).toContain(`tag:${sub}`);
  });

  test('never uses what the exclusions table excludes, and every entry names something real', () => {
    const real = new Set([
      ...registered,
      ...smartyVars,
      ...defs.map((d) => `group:${d.group}`),
      ...MATH_FUNCTIONS.map((f) => `math:${f}`),
      ...BINARY_PRECEDENCE.flatMap((l) => l.ops.map((op) => `op:${op}`)),
    ]);
    for (const [key, entry] of Object.entries(gen.EXCLUDED)) {
      expect(real, key).toContain(key);
      expect(entry.why.length, key).toBeGreaterThan(5);
      if (!entry.pin && !key.startsWith('math:') && !key.startsWith('op:'))
        expect(seen, key).not.toContain(key);
    }
    for (const key of inExcludedGroup) expect(seen, key).not.toContain(key);
  });

  test('is deterministic: case i of seed S does not depend on the run or the count', () => {
    const again = gen.generate({ seed: 'coverage', count: 40 });
    expect(again).toEqual(cases.slice(0, 40));
    expect(gen.generateCase('coverage', 1234)).toEqual(cases[1234]);
    expect(gen.generateCase(31001, 5).tpl).not.toBe(gen.generateCase(31002, 5).tpl);
    for (const c of again) expect(() => JSON.parse(c.data)).not.toThrow();
  });

  test('writes templates Sumi parses (but for deliberate mistakes and rare {if} quirks)', () => {
    const failing = cases.filter((c) => parse(c.tpl).diagnostics.some((d) => d.severity === 'error'));
    const unexplained = failing.filter((c) => c.notes.length === 0);
    expect(unexplained.length / cases.length).toBeLessThan(0.02);
    expect(new Set(cases.map((c) => c.group))).toEqual(new Set(gen.GROUPS));
  });
});
