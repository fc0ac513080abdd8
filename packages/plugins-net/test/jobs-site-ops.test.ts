/** The site-operation plugins on the in-memory adapter: every rule, every failure's result and log entry. */
import { describe, expect, test } from 'vitest';
import type { memorySiteOperations, Net } from '../src/index';
import { NET_NOW, renderNet } from './helpers';
import { jobsNet } from './jobs-helpers';

const HOUR = 60 * 60 * 1000;
const at = (ms: number) => ({ services: { clock: { now: () => ms } } });

describe('child_site', () => {
  test('a child site, as an array', async () => {
    const { net, siteOps } = jobsNet({
      sites: { shop: { site_nm: 'Shop', url: 'https://shop.example.com' } },
    });
    const r = await renderNet(net, '{child_site site_key="shop" var=s}');
    expect(r.vars.s).toEqual({
      site_key: 'shop',
      parent_site_key: 'main',
      site_nm: 'Shop',
      url: 'https://shop.example.com',
    });
    expect(r.errors).toEqual([]);
    expect(siteOps.ops).toMatchObject([
      { op: 'child_site', request: { site_key: 'shop' }, ok: true, at: NET_NOW },
    ]);
    expect(net.apiLog).toEqual([
      { plugin: 'child_site', method: 'SITE', url: 'site:child_site', status: 200, durationMs: 0 },
    ]);
  });

  test('an unknown key: var false, one error entry, a failed API-log entry', async () => {
    const { net } = jobsNet();
    const r = await renderNet(net, '{child_site site_key="nope" var=s}');
    expect(r.vars.s).toBe(false);
    expect(r.errors).toEqual(["NET_NOT_FOUND child_site: no child site 'nope'"]);
    expect(net.apiLog).toMatchObject([{ status: 0, error: 'NET_NOT_FOUND' }]);
  });

  test('an empty key fails with NET_MISSING_ATTRIBUTE', async () => {
    const r = await renderNet(jobsNet().net, '{child_site site_key="" var=s}');
    expect(r.vars.s).toBe(false);
    expect(r.errors[0]).toMatch(/^NET_MISSING_ATTRIBUTE/);
  });
});

describe('site_sync', () => {
  test('6 hours between syncs to the same destination, by the render clock', async () => {
    const { net, siteOps } = jobsNet();
    const sync = '{site_sync from_site_key="staging" sync_type=1}';
    expect((await renderNet(net, sync, {}, at(NET_NOW))).errors).toEqual([]);
    const soon = await renderNet(net, sync, {}, at(NET_NOW + 6 * HOUR - 60_000));
    expect(soon.errors).toHaveLength(1);
    expect(soon.errors[0]).toMatch(
      /^NET_RULE site_sync: 'main' was synced at 2026-11-01 09:00:00; .*6 hours.*\(1 min to go\)/,
    );
    // another destination is not held up
    expect(
      (await renderNet(net, '{site_sync to_site_key="en" sync_type=2}', {}, at(NET_NOW + HOUR))).errors,
    ).toEqual([]);
    expect((await renderNet(net, sync, {}, at(NET_NOW + 6 * HOUR))).errors).toEqual([]);
    expect(siteOps.ops.map((o) => [o.request, o.ok, o.error])).toEqual([
      [{ from: 'staging', to: 'main', type: 1 }, true, undefined],
      [{ from: 'staging', to: 'main', type: 1 }, false, 'NET_RULE'],
      [{ from: 'main', to: 'en', type: 2 }, true, undefined],
      [{ from: 'staging', to: 'main', type: 1 }, true, undefined],
    ]);
  });

  test('a refused sync does not restart the 6 hours', async () => {
    const { net } = jobsNet({ lastSync: { main: NET_NOW - 5 * HOUR } });
    const sync = '{site_sync from_site_key="en" sync_type=1}';
    expect((await renderNet(net, sync)).errors[0]).toMatch(/^NET_RULE/);
    expect((await renderNet(net, sync, {}, at(NET_NOW + HOUR))).errors).toEqual([]);
  });

  test.each([
    ['{site_sync from_site_key="en"}', 'NET_MISSING_ATTRIBUTE'],
    ['{site_sync from_site_key="en" sync_type=3}', 'NET_BAD_VALUE'],
    ['{site_sync from_site_key="en" sync_type=0}', 'NET_BAD_VALUE'],
    ['{site_sync sync_type=1}', 'NET_RULE'],
    ['{site_sync from_site_key="en" to_site_key="en" sync_type=1}', 'NET_RULE'],
    ['{site_sync from_site_key="gone" sync_type=1}', 'NET_NOT_FOUND'],
  ])('%s fails with %s', async (tpl, code) => {
    const { net, siteOps } = jobsNet();
    const r = await renderNet(net, `${tpl}after`);
    expect(r.output).toBe('after');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].startsWith(`${code} `)).toBe(true);
    expect(siteOps.lastSync.size).toBe(0);
  });
});

describe('backup and backup_delete', () => {
  test('backup: the id, the memo and the site-time date; only type full', async () => {
    const { net, siteOps } = jobsNet();
    const r = await renderNet(net, '{backup memo="m" result_var=a}{backup type="diff" result_var=b}');
    expect(r.vars.a).toBe('bk0001');
    expect(r.vars.b).toBe(false);
    expect(r.errors).toEqual(["NET_BAD_VALUE backup: type must be 'full', not 'diff'"]);
    expect(siteOps.backups).toEqual([
      { backup_id: 'bk0001', type: 'full', memo: 'm', created_at: '2026-11-01 09:00:00' },
    ]);
  });

  const existing = [
    { backup_id: 'b1', type: 'full', memo: '', created_at: '2026-10-01 00:00:00' },
    { backup_id: 'b2', type: 'full', memo: '', created_at: '2026-10-15 12:30:00' },
    { backup_id: 'b3', type: 'full', memo: '', created_at: '2026-10-31 23:59:59' },
    { backup_id: 'b4', type: 'full', memo: '', created_at: '2026-11-01 00:00:00' },
  ];
  const ids = (s: ReturnType<typeof memorySiteOperations>) => s.backups.map((b) => b.backup_id);

  test('backup_id wins over the period: the period is ignored, even a malformed one', async () => {
    const { net, siteOps } = jobsNet({ backups: existing });
    const r = await renderNet(
      net,
      '{backup_delete backup_id="b2" start_date="2026-10-01" end_date="2026-10-31" result_var=ok}',
    );
    expect(r.vars.ok).toBe(true);
    expect(ids(siteOps)).toEqual(['b1', 'b3', 'b4']);
    expect(r.log.some((e) => e.message.includes('start_date/end_date ignored'))).toBe(true);
    const bad = await renderNet(net, '{backup_delete backup_id="b3" start_date="junk" result_var=ok}');
    expect(bad.vars.ok).toBe(true);
    expect(ids(siteOps)).toEqual(['b1', 'b4']);
    expect(siteOps.ops.map((o) => o.request)).toEqual([{ backup_id: 'b2' }, { backup_id: 'b3' }]);
  });

  test('a period deletes the backups inside it, both ends included, a bare end date to the end of its day', async () => {
    const { net, siteOps } = jobsNet({ backups: existing });
    const r = await renderNet(
      net,
      '{backup_delete start_date="2026-10-01" end_date="2026-10-31" result_var=ok}',
    );
    expect(r.vars.ok).toBe(true);
    expect(ids(siteOps)).toEqual(['b4']);
    expect(siteOps.ops[0].result).toEqual({ deleted: ['b1', 'b2', 'b3'] });
  });

  test('a period with times (an end minute includes its seconds); an empty period succeeds and deletes nothing', async () => {
    const { net, siteOps } = jobsNet({ backups: existing });
    await renderNet(
      net,
      '{backup_delete start_date="2026-10-15 12:30:01" end_date="2026/10/31 23:59:58" result_var=ok}',
    );
    expect(ids(siteOps)).toEqual(['b1', 'b2', 'b3', 'b4']);
    await renderNet(
      net,
      '{backup_delete start_date="2026-10-15 12:30" end_date="2026/10/31 23:59" result_var=ok}',
    );
    expect(ids(siteOps)).toEqual(['b1', 'b4']);
    const r = await renderNet(
      net,
      '{backup_delete start_date="2020-01-01" end_date="2020-01-02" result_var=ok}',
    );
    expect(r.vars.ok).toBe(true);
    expect(ids(siteOps)).toEqual(['b1', 'b4']);
  });

  test.each([
    ['{backup_delete result_var=ok}', 'NET_MISSING_ATTRIBUTE'],
    ['{backup_delete start_date="2026-10-01" result_var=ok}', 'NET_MISSING_ATTRIBUTE'],
    ['{backup_delete start_date="yesterday" end_date="2026-10-31" result_var=ok}', 'NET_BAD_VALUE'],
    ['{backup_delete start_date="2026-11-01" end_date="2026-10-01" result_var=ok}', 'NET_BAD_VALUE'],
    ['{backup_delete backup_id="nope" result_var=ok}', 'NET_NOT_FOUND'],
  ])('%s: result_var false, %s, nothing deleted', async (tpl, code) => {
    const { net, siteOps } = jobsNet({ backups: existing });
    const r = await renderNet(net, tpl);
    expect(r.vars.ok).toBe(false);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].startsWith(`${code} `)).toBe(true);
    expect(ids(siteOps)).toEqual(['b1', 'b2', 'b3', 'b4']);
  });
});

describe('purge_cdn_cache', () => {
  test.each([
    ['module="all"', ['all']],
    ['module="topics"', ['topics']],
    ['module="topics" topics_group_id=3', ['topics group 3']],
    ['module="csvtable" csvtable_id=7', ['csvtable 7']],
    ['api_endpoint="/rcms-api/1/list"', ['/rcms-api/1/list']],
    ['module="topics" api_endpoint="/rcms-api/1/list"', ['topics', '/rcms-api/1/list']],
  ])('%s purges %j', async (attrs, purged) => {
    const { net, siteOps } = jobsNet();
    const r = await renderNet(net, `{purge_cdn_cache ${attrs}}`);
    expect(r.errors).toEqual([]);
    expect(siteOps.ops[0]).toMatchObject({ ok: true, result: { purged, warnings: [] } });
  });

  test('an id for another module is ignored with a warning', async () => {
    const { net, siteOps } = jobsNet();
    const r = await renderNet(
      net,
      '{purge_cdn_cache module="csvtable" topics_group_id=3}{purge_cdn_cache module="all" csvtable_id=2}',
    );
    expect(r.errors).toEqual([]);
    expect(r.log.filter((e) => e.level === 'warn').map((e) => e.message)).toEqual([
      'purge_cdn_cache: topics_group_id applies only to module topics; ignored with module csvtable',
      'purge_cdn_cache: csvtable_id applies only to module csvtable; ignored with module all',
    ]);
    expect(siteOps.ops.map((o) => (o.result as { purged: string[] }).purged)).toEqual([
      ['csvtable'],
      ['all'],
    ]);
  });

  test.each([
    ['{purge_cdn_cache}', 'NET_MISSING_ATTRIBUTE'],
    ['{purge_cdn_cache topics_group_id=3}', 'NET_MISSING_ATTRIBUTE'],
    ['{purge_cdn_cache module="members"}', 'NET_BAD_VALUE'],
    ['{purge_cdn_cache api_endpoint="https://x.example/list"}', 'NET_BAD_VALUE'],
  ])('%s fails with %s', async (tpl, code) => {
    const { net, siteOps } = jobsNet();
    const r = await renderNet(net, `${tpl}ok`);
    expect(r.output).toBe('ok');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].startsWith(`${code} `)).toBe(true);
    expect(siteOps.ops[0].ok).toBe(false);
  });
});

describe('repo_deploy', () => {
  test('true, and through the github_deploy alias with var', async () => {
    const { net, siteOps } = jobsNet();
    const r = await renderNet(net, '{repo_deploy result_var=a}{github_deploy var=b}');
    expect([r.vars.a, r.vars.b]).toEqual([true, true]);
    expect(siteOps.ops.map((o) => o.result)).toEqual([{ deployId: 'deploy1' }, { deployId: 'deploy2' }]);
  });

  test('without an integration: false and one error entry', async () => {
    const { net } = jobsNet({ repoConfigured: false });
    const r = await renderNet(net, '{repo_deploy result_var=a}');
    expect(r.vars.a).toBe(false);
    expect(r.errors).toEqual([
      'NET_NOT_CONFIGURED repo_deploy: no code-hosting integration is set up for the site',
    ]);
  });
});

test('a Net without siteOps gets one in-memory adapter, kept across renders (the 6-hour rule holds)', async () => {
  const net: Net = { mode: 'fake', http: { request: () => Promise.reject(new Error('no')) }, apiLog: [] };
  expect((await renderNet(net, '{site_sync from_site_key="en" sync_type=1}')).errors).toEqual([]);
  expect((await renderNet(net, '{site_sync from_site_key="en" sync_type=1}')).errors[0]).toMatch(/^NET_RULE/);
});

test('without a net the plugins fail with NET_NOT_CONFIGURED, never crash', async () => {
  const { createEngine } = await import('@sumi/runtime');
  const { jobPlugins } = await import('../src/index');
  const r = await createEngine({ plugins: jobPlugins }).render(
    '{backup result_var=a}{if $a === false}no{/if}',
  );
  expect(r.output).toBe('no');
  expect(r.log.filter((e) => e.level === 'error').map((e) => e.code)).toEqual(['NET_NOT_CONFIGURED']);
});
