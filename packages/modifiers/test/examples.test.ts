/**
 * Every example in the definitions of this package renders exactly the output
 * it documents (the generated reference shows these examples).
 */
import * as runtime from '@sumi/runtime';
import { describe, expect, it } from 'vitest';
import { cmsModifiers } from '../src/cms/index';
import { modifiers } from '../src/index';
import { smartyModifiers } from '../src/smarty/index';

const engineReady = typeof (runtime as { createEngine?: unknown }).createEngine === 'function';
const registered = new Set(modifiers.flatMap((d) => [d.name, ...(d.aliases ?? [])]));
/** modifiers an example needs that no group registers yet: the example is reported as skipped */
const missing = (tpl: string) =>
  [...tpl.matchAll(/\|@?([A-Za-z_][A-Za-z0-9_]*)/g)]
    .map((m) => m[1]!)
    .filter((m) => m !== 'smarty' && !registered.has(m));

describe.skipIf(!engineReady)('documented examples', () => {
  const defs = [...smartyModifiers, ...cmsModifiers];
  it('every definition has an example and a description', () => {
    for (const d of defs) {
      expect(d.examples?.length ?? 0, d.name).toBeGreaterThan(0);
      expect(d.description.length, d.name).toBeGreaterThan(20);
    }
  });
  for (const d of defs) {
    for (const [i, ex] of (d.examples ?? []).entries()) {
      const needs = missing(ex.template);
      const title = `${d.name} #${i + 1}: ${ex.template}${needs.length ? ` (needs ${needs.join(', ')})` : ''}`;
      it.skipIf(needs.length > 0)(title, async () => {
        const engine = runtime.createEngine({
          plugins: modifiers,
          services: { clock: { now: () => Date.UTC(2024, 5, 21, 5, 31, 42) } },
        });
        const res = await engine.render(ex.template, ex.data ?? {});
        expect(res.output).toBe(ex.output);
      });
    }
  }
});
