import { expect, test } from 'vitest';
import { memorySite, siteOptions } from '../src/index';
import { exampleSite, renderOn } from './helpers';

test('a site gives templates SITE_KEY and TEMP_DIR2', async () => {
  const site = await exampleSite();
  expect(siteOptions(site).constants).toEqual({ SITE_KEY: 'example', TEMP_DIR2: '/temp' });
  const r = await renderOn(site, '{$smarty.const.SITE_KEY} {$smarty.const.TEMP_DIR2}');
  expect(r.output).toBe('example /temp');
});

test("site.json's hosts are the site's own hosts for check_inner_uri (one `site` service)", async () => {
  const site = await memorySite({ 'site.json': '{"hosts": ["example.com", "www.example.com"]}' });
  expect(site.hosts).toEqual(['example.com', 'www.example.com']);
  const r = await renderOn(
    site,
    '{if "https://www.example.com/a"|check_inner_uri}in{/if} {if "https://evil.example/a"|check_inner_uri}in{else}out{/if}',
  );
  expect(r.output).toBe('in out');
  expect((await memorySite({})).hosts).toEqual([]);
});

test('site.json: hosts must be a list of host names', async () => {
  await expect(memorySite({ 'site.json': '{"hosts": "example.com"}' })).rejects.toThrow(
    'site.json: "hosts" must be a list of host names',
  );
});
