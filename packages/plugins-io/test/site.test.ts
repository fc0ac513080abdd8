import { expect, test } from 'vitest';
import { siteOptions } from '../src/index';
import { exampleSite, renderOn } from './helpers';

test('a site gives templates SITE_KEY and TEMP_DIR2', async () => {
  const site = await exampleSite();
  expect(siteOptions(site).constants).toEqual({ SITE_KEY: 'example', TEMP_DIR2: '/temp' });
  const r = await renderOn(site, '{$smarty.const.SITE_KEY} {$smarty.const.TEMP_DIR2}');
  expect(r.output).toBe('example /temp');
});
