/**
 * Every `examples` entry of every definition a default engine registers,
 * rendered and compared byte for byte: examples are documentation users copy.
 * Modifiers come from the test stand-ins; an example needing another modifier
 * is left to packages/cli/test/examples.test.ts (which has @sumi/modifiers).
 */

import { fromJS } from '@sumi/php';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../../src/index';
import { engine } from './render';
import { testModifiers } from './test-modifiers';

const known = new Set(testModifiers.map((m) => m.name));
const modifiersOf = (tpl: string) => [...tpl.matchAll(/\|@?([A-Za-z_]\w*)/g)].map((m) => m[1]!);

const all = createEngine()
  .plugins()
  .flatMap((def) => (def.examples ?? []).map((ex, i) => ({ def, ex, i })));
const runnable = all.filter(({ ex }) => modifiersOf(ex.template).every((m) => known.has(m)));

describe('plugin examples', () => {
  test('every function and block plugin of the runtime documents at least one example', () => {
    const missing = createEngine()
      .plugins()
      .filter((d) => (d.kind === 'function' || d.kind === 'block') && !d.examples?.length)
      .map((d) => d.name);
    expect(missing).toEqual([]);
    expect(runnable.length).toBe(all.length);
  });

  test.each(runnable.map(({ def, ex, i }) => [`${def.name} #${i + 1}`, def, ex] as const))(
    '%s',
    async (_, def, ex) => {
      const r = await engine({ services: { sleep: async () => {} } }).render(
        ex.template,
        fromJS(ex.data ?? {}),
      );
      expect(r.output, `${def.name}: ${ex.template}`).toBe(ex.output);
    },
  );
});
