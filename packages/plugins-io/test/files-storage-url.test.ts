/** storage_url: a real signed URL, checked with verifyStorageUrl as `sumi serve` will. */
import { describe, expect, test } from 'vitest';
import { EXAMPLE_NOW } from '../src/index';
import { verifyStorageUrl } from '../src/storage/signed-url';
import { exampleSite, readText, renderOn } from './helpers';

const NOW_S = EXAMPLE_NOW / 1000;

describe('storage_url', () => {
  test("the default expiry is '+167 hour'; the URL verifies and names the object", async () => {
    const site = await exampleSite();
    const r = await renderOn(site, '{storage_url path="/files/g/public/brochure.txt" var=url}');
    expect(r.errors).toEqual([]);
    const url = r.vars.url as string;
    expect(url).toMatch(
      /^http:\/\/localhost:8787\/storage\/_default\/g\/public\/brochure\.txt\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const v = verifyStorageUrl(site, url, EXAMPLE_NOW);
    expect(v).toEqual({
      ok: true,
      bucket: null,
      path: 'g/public/brochure.txt',
      sitePath: 'files/g/public/brochure.txt',
      expires: NOW_S + 167 * 3600,
    });
    // what a server would answer with
    if (v.ok) expect(await readText(site, v.sitePath)).toBe('A public object in the default bucket.\n');
    // and once the time has passed
    expect(verifyStorageUrl(site, url, (NOW_S + 167 * 3600 + 1) * 1000)).toEqual({
      ok: false,
      reason: 'expired',
    });
    // one byte changed
    expect(verifyStorageUrl(site, url.replace('brochure', 'brochurf'), EXAMPLE_NOW)).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  test.each([
    ['+1 hour', NOW_S + 3600],
    ['+168 hour', NOW_S + 7 * 86400],
    // the render's clock and time zone (Asia/Tokyo): it is 09:00 there, tomorrow starts at 15:00 UTC
    ['tomorrow', Date.UTC(2026, 10, 1, 15) / 1000],
    ['2026-11-05 12:00', Date.UTC(2026, 10, 5, 3) / 1000],
  ])('expire %j', async (expire, expires) => {
    const site = await exampleSite();
    const r = await renderOn(site, '{storage_url path="/files/a/x.pdf" expire=$e var=url}', { e: expire });
    const v = verifyStorageUrl(site, r.vars.url as string, EXAMPLE_NOW);
    expect(v).toMatchObject({ ok: true, expires, path: 'a/x.pdf' });
  });

  test("a key of a named bucket (Sumi's bucket attribute)", async () => {
    const site = await exampleSite();
    const r = await renderOn(site, '{storage_url bucket="archive" path="2025/summary.txt" var=url}');
    expect(r.errors).toEqual([]);
    expect(verifyStorageUrl(site, r.vars.url as string, EXAMPLE_NOW)).toMatchObject({
      ok: true,
      bucket: 'archive',
      path: '2025/summary.txt',
      sitePath: 'buckets/archive/2025/summary.txt',
    });
  });

  test('an object that does not exist yet still gets its URL, with a warning', async () => {
    const site = await exampleSite();
    const r = await renderOn(site, '{storage_url path="/files/g/later.pdf" var=url}');
    expect(r.errors).toEqual([]);
    expect(typeof r.vars.url).toBe('string');
    expect(r.log.some((e) => e.level === 'warn' && e.message.includes('does not exist (yet)'))).toBe(true);
  });

  test('another site (another key) signs differently', async () => {
    const a = await exampleSite();
    const r = await renderOn(a, '{storage_url path="/files/g/x" var=url}');
    const other = { ...a, signingKey: 'another key' };
    expect(verifyStorageUrl(other, r.vars.url as string, EXAMPLE_NOW)).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  test.each([
    ['{storage_url path="/files/g/x" expire="not a time" var=url}', 'IO_BAD_VALUE'],
    ['{storage_url path="/files/g/x" expire="-1 hour" var=url}', 'IO_BAD_VALUE'],
    ['{storage_url path="/files/g/x" expire="now" var=url}', 'IO_BAD_VALUE'],
    ['{storage_url path="/files/g/x" expire="+169 hour" var=url}', 'IO_BAD_VALUE'],
    ['{storage_url path="/files/g/x" expire="" var=url}', 'IO_BAD_VALUE'],
    ['{storage_url path="/files/user/readme.txt" var=url}', 'IO_AREA_DENIED'],
    ['{storage_url path="/files/ltd/prices.csv" var=url}', 'IO_AREA_DENIED'],
    ['{storage_url path="`$smarty.const.TEMP_DIR2`/x" var=url}', 'IO_AREA_DENIED'],
    ['{storage_url path="g/x" var=url}', 'IO_PATH_INVALID'],
    ['{storage_url path="/files/g/../user/readme.txt" var=url}', 'IO_PATH_TRAVERSAL'],
    ['{storage_url path="/files/g/%2e%2e/x" var=url}', 'IO_PATH_INVALID'],
    ['{storage_url path="/files/g/" var=url}', 'IO_IS_DIR'],
    ['{storage_url path="" var=url}', 'IO_MISSING_ATTRIBUTE'],
    ['{storage_url bucket="../x" path="a" var=url}', 'IO_PATH_INVALID'],
  ])('%s: %s, var false', async (tpl, code) => {
    const site = await exampleSite();
    const r = await renderOn(site, tpl);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.startsWith(`${code} `), r.errors[0]).toBe(true);
    expect(r.vars.url).toBe(false);
  });
});
