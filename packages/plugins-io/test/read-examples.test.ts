import { describe, expect, test } from 'vitest';
import { readPlugins } from '../src/files/read';
import { exampleSite } from './helpers';
import { renderRead } from './read-helpers';

describe('every example of read_dir and read_file runs on the example site, byte for byte', () => {
  for (const def of readPlugins) {
    test(`${def.name} has examples`, () => {
      expect(def.examples?.length ?? 0).toBeGreaterThan(0);
    });
    for (const [i, ex] of (def.examples ?? []).entries()) {
      test(`${def.name} example ${i + 1}: ${ex.description ?? ''}`, async () => {
        const r = await renderRead(await exampleSite(), ex.template, ex.data ?? {});
        expect(r.log).toEqual([]);
        expect(r.output).toBe(ex.output);
      });
    }
  }
});
