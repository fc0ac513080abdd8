/** Every example of every job plugin, on a fresh in-memory adapter, byte for byte. */
import { describe, expect, test } from 'vitest';
import { jobPlugins } from '../src/index';
import { renderNet } from './helpers';
import { jobsNet } from './jobs-helpers';

const cases = jobPlugins.flatMap((def) =>
  (def.examples ?? []).map((ex, i) => [`${def.name} #${i + 1}`, def, ex] as const),
);

describe('job plugin examples', () => {
  test('every job plugin documents at least one example and every attribute', () => {
    expect(jobPlugins.filter((d) => !d.examples?.length).map((d) => d.name)).toEqual([]);
    for (const def of jobPlugins) {
      expect(def.group).toBe('Calls and API access');
      expect(def.async).toBe(true);
      for (const [name, spec] of Object.entries(def.attributes))
        expect(spec.description, `${def.name} ${name}`).not.toBe('');
    }
    expect(jobPlugins.map((d) => d.name)).toEqual([
      'batch',
      'child_site',
      'site_sync',
      'backup',
      'backup_delete',
      'purge_cdn_cache',
      'repo_deploy',
    ]);
    expect(jobPlugins.find((d) => d.name === 'repo_deploy')?.aliases).toEqual(['github_deploy']);
  });

  test.each(cases)('%s', async (_, def, ex) => {
    const r = await renderNet(jobsNet().net, ex.template, ex.data ?? {});
    expect(r.output, `${def.name}: ${ex.template}\n${r.errors.join('\n')}`).toBe(ex.output);
    if (/fail/i.test(ex.description ?? '')) expect(r.errors.length).toBe(1);
    else expect(r.errors).toEqual([]);
  });
});
