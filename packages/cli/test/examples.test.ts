/**
 * Every `examples` entry of every definition a default engine registers, plus
 * every modifier of @sumi/modifiers, rendered with the modifiers installed and
 * compared byte for byte: examples are documentation users copy. (This lives in
 * the CLI package because it is the one that depends on both runtime and
 * modifiers; the runtime cannot depend on its modifiers.)
 */
import { modifiers } from '@sumi/modifiers';
import { fromJS } from '@sumi/php';
import { createEngine, type PluginDef } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';

const engine = () => createEngine({ plugins: modifiers, services: { sleep: async () => {} } });

const defs: PluginDef[] = [...createEngine().plugins(), ...modifiers];
const cases = defs.flatMap((def) =>
  (def.examples ?? []).map((ex, i) => [`${def.kind} ${def.name} #${i + 1}`, def, ex] as const),
);

describe('plugin and modifier examples', () => {
  test('found the examples of runtime plugins and modifiers', () => {
    expect(cases.filter(([, d]) => d.kind === 'function').length).toBeGreaterThan(30);
    expect(cases.filter(([, d]) => d.kind === 'modifier').length).toBeGreaterThan(50);
  });

  test.each(cases)('%s', async (_, def, ex) => {
    const r = await engine().render(ex.template, fromJS(ex.data ?? {}));
    expect(r.output, `${def.name}: ${ex.template}`).toBe(ex.output);
  });
});
