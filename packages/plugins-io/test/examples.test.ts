/**
 * Every example of every io plugin, rendered on a fresh example site (the one `sumi init` writes)
 * at the examples' clock and compared byte for byte: the reference shows these, and users copy them.
 */
import { describe, expect, test } from 'vitest';
import { ioPlugins } from '../src/index';
import { exampleSite, renderOn } from './helpers';

const cases = ioPlugins.flatMap((def) =>
  (def.examples ?? []).map((ex, i) => [`${def.name} #${i + 1}`, def, ex] as const),
);

describe('io plugin examples', () => {
  test('every io plugin documents at least one example', () => {
    expect(ioPlugins.filter((d) => !d.examples?.length).map((d) => d.name)).toEqual([]);
  });

  test.each(cases)('%s', async (_, def, ex) => {
    const r = await renderOn(await exampleSite(), ex.template, ex.data ?? {});
    expect(r.output, `${def.name}: ${ex.template}\n${r.errors.join('\n')}`).toBe(ex.output);
    // an example shows a failure only when it says so
    if (!/fail|refus|missing|not found|denied|not a destination|needs|again/i.test(ex.description ?? ''))
      expect(r.errors).toEqual([]);
  });
});
