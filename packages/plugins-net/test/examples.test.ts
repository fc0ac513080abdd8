/**
 * Every example of every net plugin, rendered on one `fakeNet()` — the net the playground and
 * `sumi render --fake` use — and compared byte for byte: the reference shows these.
 */

import { exampleSiteFiles, memorySite } from '@sumi/plugins-io';
import { memorySecrets } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { EXAMPLE_SECRETS, fakeNet, netPlugins } from '../src/index';
import { renderNet } from './helpers';

const cases = netPlugins.flatMap((def) =>
  (def.examples ?? []).map((ex, i) => [`${def.name} #${i + 1}`, def, ex] as const),
);

describe('net plugin examples on fakeNet()', () => {
  test('every net plugin documents at least one example', () => {
    expect(netPlugins.filter((d) => !d.examples?.length).map((d) => d.name)).toEqual([]);
  });

  test.each(cases)('%s', async (_, def, ex) => {
    const r = await renderNet(fakeNet(), ex.template, ex.data ?? {}, {
      // the example site the playground has: generate_pdf saves into it
      services: {
        secrets: memorySecrets({ ...EXAMPLE_SECRETS }),
        site: await memorySite(exampleSiteFiles()),
      },
    });
    expect(r.output, `${def.name}: ${ex.template}\n${r.errors.join('\n')}`).toBe(ex.output);
  });
});
