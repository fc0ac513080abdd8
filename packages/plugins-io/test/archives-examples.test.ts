import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { archivePlugins } from '../src/archives/index';
import { exampleSite, renderOn } from './helpers';

describe('every example of zip and unzip runs on the example site, byte for byte', () => {
  for (const plugin of archivePlugins) {
    for (const [i, example] of (plugin.examples ?? []).entries()) {
      test(`${plugin.name} example ${i + 1}`, async () => {
        const site = await exampleSite();
        const r = await renderOn(site, example.template, example.data ?? {});
        expect(r.errors).toEqual([]);
        expect(r.output).toBe(example.output);
      });
    }
  }

  test('each plugin has metadata for every catalog attribute', () => {
    const catalog: Record<string, string[]> = {
      unzip: ['src', 'dest', 'bucket', 'callback_batch', 'data', 'overwrite', 'detect_order'],
      zip: ['entries', 'dest', 'bucket', 'callback_batch', 'data'],
    };
    for (const plugin of archivePlugins) {
      expect(plugin.group).toBe('Files and storage');
      expect(plugin.examples?.length).toBeGreaterThan(0);
      const attrs = plugin.kind === 'function' ? plugin.attributes : {};
      for (const name of catalog[plugin.name]!) {
        expect(attrs[name]?.description, `${plugin.name} ${name}`).toBeTruthy();
      }
    }
  });
});

test('the archive code is browser-safe: no node:* import under src/archives', () => {
  const dir = join(__dirname, '../src/archives');
  for (const f of readdirSync(dir)) {
    const source = readFileSync(join(dir, f), 'utf8');
    expect(source, f).not.toMatch(/from ['"]node:/);
    expect(source, f).not.toMatch(/plugins-net/);
  }
});
