/** Every example of the file plugins, rendered on a fresh example site and compared byte for byte. */
import { describe, expect, test } from 'vitest';
import { filePlugins } from '../src/files/index';
import { exampleSite, renderOn } from './helpers';

const cases = filePlugins.flatMap((def) =>
  (def.examples ?? []).map((ex, i) => [`${def.name} #${i + 1}`, ex] as const),
);

describe('file plugin examples', () => {
  test('every file plugin has at least one example', () => {
    expect(filePlugins.filter((d) => !d.examples?.length).map((d) => d.name)).toEqual([]);
    expect(filePlugins.map((d) => d.name).sort()).toEqual([
      'get_file',
      'put_file',
      'remove_dir',
      'remove_file',
      'rename_file',
      'save_file',
      'storage_url',
      'write_file',
    ]);
  });

  test.each(cases)('%s', async (_, ex) => {
    const r = await renderOn(await exampleSite(), ex.template, ex.data ?? {});
    expect(r.output).toBe(ex.output);
  });

  test('every attribute is described, and the group is Files and storage', () => {
    for (const def of filePlugins) {
      expect(def.group).toBe('Files and storage');
      expect(def.async).toBe(true);
      expect(def.result).toBeTruthy();
      expect(def.errors?.length).toBeGreaterThan(0);
      for (const [name, spec] of Object.entries(def.attributes))
        expect(spec.description, `${def.name}.${name}`).toBeTruthy();
    }
  });
});
