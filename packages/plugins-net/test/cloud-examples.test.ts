import { expect, test } from 'vitest';
import { cloudPlugins, fakeCloudNet } from '../src/index';
import { renderNet } from './helpers';

const cases = cloudPlugins.flatMap((def) =>
  (def.examples ?? []).map((ex, i) => [`${def.name} #${i + 1}`, ex] as const),
);

test.each(cases)('example %s renders byte for byte on the fake', async (_name, ex) => {
  const r = await renderNet(fakeCloudNet(), ex.template, ex.data ?? {});
  expect(r.output).toBe(ex.output);
});

test('every cloud plugin has an example', () => {
  for (const def of cloudPlugins) expect(def.examples?.length, def.name).toBeGreaterThan(0);
});
