/** Every example of the CMS call plugins, rendered on a fresh fakeCmsApi() byte for byte. */
import { describe, expect, test } from 'vitest';
import { callPlugins, fakeCmsApi } from '../src/index';
import { cmsNet } from './cms-helpers';
import { renderNet } from './helpers';

const cms = new Set(['api_internal', 'api_mng', 'api_method', 'assign_api_credential']);
const defs = callPlugins.filter((d) => cms.has(d.name));
const cases = defs.flatMap((def) =>
  (def.examples ?? []).map((ex, i) => [`${def.name} #${i + 1}`, def, ex] as const),
);

describe('CMS call plugin examples', () => {
  test('every CMS plugin documents an example', () => {
    expect(defs.filter((d) => !d.examples?.length).map((d) => d.name)).toEqual([]);
  });
  test.each(cases)('%s', async (_, def, ex) => {
    const r = await renderNet(cmsNet(fakeCmsApi()), ex.template, ex.data ?? {}, {
      services: { secrets: { get: () => undefined } },
    });
    expect(r.output, `${def.name}: ${ex.template}\n${r.errors.join('\n')}`).toBe(ex.output);
    if (!/refused|fail/i.test(ex.description ?? '')) expect(r.errors).toEqual([]);
  });
});
