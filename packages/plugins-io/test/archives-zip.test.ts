import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readCentralDirectory } from '../src/archives/zip-format';
import type { Site } from '../src/site';
import { exampleSite, files, memoryBatchQueue, readText, renderOn, siteWith, text } from './helpers';
import { deadUrl, type Fixture, serve } from './http-fixture';

const UNZIP = '/usr/bin/unzip';
const noUnzip = !existsSync(UNZIP);
if (noUnzip) console.warn(`skipped: ${UNZIP} (Info-ZIP unzip) is not installed`);

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** a deterministic, poorly compressible megabyte and a bit */
const noise = new Uint8Array(1024 * 1024 + 3).map((_, i) => (i * 2654435761) >>> 24);

let http: Fixture;
beforeAll(async () => {
  http = await serve({
    '/report.pdf': { body: '%PDF-1.4 not really a pdf\n' },
    '/%E5%A0%B1%E5%91%8A.txt': { body: 'a Japanese name in the URL\n' },
    '/endless': { stream: { chunks: 100, chunkSize: 64 * 1024 } },
    '/declared-big': { contentLength: 10 * 1024 * 1024, body: 'x' },
  });
});
afterAll(() => http.close());

async function zipOn(
  site: Site,
  entries: unknown[],
  attrs = 'dest="/files/temp/out/"',
  limits?: Record<string, number>,
) {
  return renderOn(site, `{zip entries=$entries ${attrs} var=path status_var=ok}`, { entries }, { limits });
}

/** the archive's entries as fflate reads them: name → text */
function contents(bytes: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(unzipSync(bytes))) out[k] = text(v);
  return out;
}

/** what the plugin left besides the site's own files */
const created = (site: Site, before: string[]) => [...files(site).keys()].filter((k) => !before.includes(k));

describe('zip of site files', () => {
  test('a generated name in a folder, entries read back whole', async () => {
    const site = await exampleSite();
    const r = await zipOn(site, [
      { name: 'readme.txt', url: '/files/user/readme.txt' },
      { name: 'data/2026-10.csv', url: '/files/user/reports/2026-10.csv' },
      { name: 'ltd/prices.csv', url: '/files/ltd/prices.csv' },
      { name: 'cloud/brochure.txt', url: '/files/g/public/brochure.txt' },
      { name: 'upload.txt', url: '/files/temp/upload.txt' },
    ]);
    expect(r.errors).toEqual([]);
    expect(r.vars.ok).toBe(1);
    expect(r.vars.path).toBe('/files/temp/out/archive_20261101090000.zip');
    const bytes = files(site).get('files/temp/out/archive_20261101090000.zip')!;
    const c = contents(bytes);
    expect(Object.keys(c)).toEqual([
      'readme.txt',
      'data/2026-10.csv',
      'ltd/prices.csv',
      'cloud/brochure.txt',
      'upload.txt',
    ]);
    expect(c['readme.txt']).toBe(await readText(site, 'files/user/readme.txt'));
    expect(c['data/2026-10.csv']).toBe(await readText(site, 'files/user/reports/2026-10.csv'));
    const info = r.log.filter((e) => e.level === 'info').map((e) => e.message);
    expect(info).toHaveLength(1);
    expect(info[0]).toMatch(
      /^wrote \/files\/temp\/out\/archive_20261101090000\.zip: 5 entries, \d+ bytes \(\d+ bytes uncompressed\)$/,
    );
    // no staging file is left in the temporary area
    expect([...files(site).keys()].filter((k) => k.startsWith('temp/') && k !== 'temp/.keep')).toEqual([]);
  });

  test('names default to the last segment; relative and TEMP_DIR2 paths are the temporary area', async () => {
    const site = await siteWith({
      'temp/export.csv': 'a,b\n',
      'temp/sub/log.txt': 'log\n',
      'files/user/r.txt': 'r',
    });
    const r = await zipOn(site, [
      { url: 'export.csv' },
      { url: '/temp/sub/log.txt' },
      { url: '/files/user/r.txt' },
    ]);
    expect(r.errors).toEqual([]);
    const c = contents(files(site).get('files/temp/out/archive_20261101090000.zip')!);
    expect(c).toEqual({ 'export.csv': 'a,b\n', 'log.txt': 'log\n', 'r.txt': 'r' });
  });

  test('an item may be just its url', async () => {
    const site = await siteWith({ 'files/user/a.txt': 'A' });
    const r = await zipOn(site, ['/files/user/a.txt']);
    expect(r.errors).toEqual([]);
    expect(contents(files(site).get('files/temp/out/archive_20261101090000.zip')!)).toEqual({ 'a.txt': 'A' });
  });

  test('dest ending in .zip is the archive itself, replaced atomically', async () => {
    const site = await siteWith({ 'files/user/a.txt': 'new', 'files/ltd/out/bundle.ZIP': 'old archive' });
    const r = await zipOn(site, [{ url: '/files/user/a.txt' }], 'dest="/files/ltd/out/bundle.ZIP"');
    expect(r.errors).toEqual([]);
    expect(r.vars.path).toBe('/files/ltd/out/bundle.ZIP');
    expect(contents(files(site).get('files/ltd/out/bundle.ZIP')!)).toEqual({ 'a.txt': 'new' });
  });

  test('a generated name that is taken gets _2, _3', async () => {
    const site = await siteWith({
      'files/user/a.txt': 'a',
      'files/user/z/archive_20261101090000.zip': 'taken',
      'files/user/z/archive_20261101090000_2.zip': 'taken',
    });
    const r = await zipOn(site, [{ url: '/files/user/a.txt' }], 'dest="/files/user/z"');
    expect(r.vars.path).toBe('/files/user/z/archive_20261101090000_3.zip');
    expect(await readText(site, 'files/user/z/archive_20261101090000.zip')).toBe('taken');
  });

  test('the generated name follows the render clock in the site time zone', async () => {
    const site = await siteWith({ 'files/user/a.txt': 'a' });
    const r = await renderOn(
      site,
      '{zip entries=$e dest="/files/user/" var=p}{$p}',
      { e: [{ url: '/files/user/a.txt' }] },
      {
        now: Date.UTC(2027, 0, 31, 15, 4, 5),
      },
    );
    expect(r.output).toBe('/files/user/archive_20270201000405.zip');
  });

  test('bucket: a cloud dest is a key in the bucket', async () => {
    const site = await siteWith({ 'files/user/a.txt': 'a' });
    const r = await zipOn(site, [{ url: '/files/user/a.txt' }], 'dest="exports/a.zip" bucket=backup');
    expect(r.errors).toEqual([]);
    expect(r.vars.path).toBe('exports/a.zip');
    expect(files(site).has('buckets/backup/exports/a.zip')).toBe(true);
  });

  test('a big entry streams through (more than one read chunk) and comes back exact', async () => {
    const site = await siteWith({ 'files/user/noise.bin': noise });
    const r = await zipOn(site, [{ url: '/files/user/noise.bin' }], 'dest="/files/user/n.zip"');
    expect(r.errors).toEqual([]);
    const back = unzipSync(files(site).get('files/user/n.zip')!)['noise.bin']!;
    expect(back.length).toBe(noise.length);
    expect(Buffer.compare(Buffer.from(back), Buffer.from(noise))).toBe(0);
  });
});

describe('zip of URLs (the host fetch service)', () => {
  test('entries fetched from a local server; the name defaults to the decoded last segment', async () => {
    const site = await siteWith();
    const r = await zipOn(site, [
      { name: 'docs/report.pdf', url: `${http.base}/report.pdf` },
      { url: `${http.base}/%E5%A0%B1%E5%91%8A.txt?sig=abc` },
    ]);
    expect(r.errors).toEqual([]);
    const c = contents(files(site).get('files/temp/out/archive_20261101090000.zip')!);
    expect(c).toEqual({
      'docs/report.pdf': '%PDF-1.4 not really a pdf\n',
      '報告.txt': 'a Japanese name in the URL\n',
    });
  });

  test('a failing URL: IO_FETCH_FAILED, and no archive is left', async () => {
    const dead = await deadUrl();
    for (const url of [`${http.base}/missing`, dead]) {
      const site = await siteWith({ 'files/user/a.txt': 'a' });
      const r = await zipOn(site, [{ url: '/files/user/a.txt' }, { name: 'x', url }]);
      expect(r.vars.ok).toBe(0);
      expect(r.vars.path).toBe(false);
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatch(/^IO_FETCH_FAILED /);
      expect([...files(site).keys()]).toEqual(['files/user/a.txt']);
    }
  });

  test('fetched sizes are capped: a stream past limits.maxArchiveBytes, a Content-Length over it', async () => {
    for (const path of ['/endless', '/declared-big']) {
      const site = await siteWith();
      const r = await zipOn(site, [{ name: 'x', url: `${http.base}${path}` }], undefined, {
        maxArchiveBytes: 1024 * 1024,
      });
      expect(r.vars.ok, path).toBe(0);
      expect(r.errors[0], path).toMatch(/^IO_ARCHIVE_LIMIT /);
      expect([...files(site).keys()]).toEqual([]);
    }
  });

  test('a custom fetch service is used, never the global one', async () => {
    const asked: string[] = [];
    const fetch = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response('from the host');
    }) as typeof globalThis.fetch;
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{zip entries=$e dest="/files/user/h.zip" status_var=ok}{$ok}',
      { e: [{ url: 'https://cdn.invalid/h.txt' }] },
      {
        services: { fetch },
      },
    );
    expect(r.output).toBe('1');
    expect(asked).toEqual(['https://cdn.invalid/h.txt']);
    expect(contents(files(site).get('files/user/h.zip')!)).toEqual({ 'h.txt': 'from the host' });
  });
});

describe.skipIf(noUnzip)('the archives open in Info-ZIP unzip', () => {
  test('unzip -t passes and unzip -Z1 lists the names, Japanese ones flagged UTF-8', async () => {
    const site = await siteWith({
      'files/user/日本語.txt': '日本語の内容\n',
      'files/user/noise.bin': noise,
      'files/user/pic.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
      'files/user/empty.txt': '',
    });
    const r = await zipOn(
      site,
      [
        { url: '/files/user/日本語.txt' },
        { name: '資料/報告 2026.txt', url: '/files/user/日本語.txt' },
        { name: 'bin/noise.bin', url: '/files/user/noise.bin' },
        { name: 'pic.png', url: '/files/user/pic.png' },
        { name: 'empty.txt', url: '/files/user/empty.txt' },
        { name: 'remote.pdf', url: `${http.base}/report.pdf` },
      ],
      'dest="/files/user/all.zip"',
    );
    expect(r.errors).toEqual([]);
    const bytes = files(site).get('files/user/all.zip')!;
    const dir = mkdtempSync(join(tmpdir(), 'sumi-zip-'));
    temps.push(dir);
    const file = join(dir, 'all.zip');
    writeFileSync(file, bytes);
    const env = { LC_ALL: 'C.UTF-8', PATH: '/usr/bin:/bin' };
    const tested = execFileSync(UNZIP, ['-t', file], { env }).toString();
    expect(tested).toMatch(/No errors detected in compressed data/);
    const names = execFileSync(UNZIP, ['-Z1', file], { env }).toString().trimEnd().split('\n');
    expect(names).toEqual([
      '日本語.txt',
      '資料/報告 2026.txt',
      'bin/noise.bin',
      'pic.png',
      'empty.txt',
      'remote.pdf',
    ]);
    expect(execFileSync(UNZIP, ['-p', file, '資料/報告 2026.txt'], { env }).toString()).toBe(
      '日本語の内容\n',
    );
    // the flag: bit 11 on non-ASCII names only; .png stored, the rest deflated; Unix mode 0644
    const entries = readCentralDirectory(bytes, 100);
    expect(entries.map((e) => e.utf8)).toEqual([true, true, false, false, false, false]);
    expect(entries.map((e) => e.method)).toEqual([8, 8, 8, 0, 8, 8]);
    expect(entries.every((e) => e.unixMode === 0o100644)).toBe(true);
    // and Sumi's own unzip reads it back, names and bytes
    const back = await renderOn(site, '{unzip src="/files/g/all.zip" dest="/files/ltd/back/" var=w}', {});
    expect(back.errors[0]).toMatch(/^IO_NOT_FOUND/);
    await site.fs.write('files/g/all.zip', bytes);
    const again = await renderOn(site, '{unzip src="/files/g/all.zip" dest="/files/ltd/back/" var=w}', {});
    expect(again.errors).toEqual([]);
    expect(again.vars.w).toHaveLength(6);
    expect(
      Buffer.compare(Buffer.from(files(site).get('files/ltd/back/bin/noise.bin')!), Buffer.from(noise)),
    ).toBe(0);
  });

  test('the examples archive opens too', async () => {
    const site = await exampleSite();
    await renderOn(site, '{zip entries=$e dest="/files/temp/exports/x.zip"}', {
      e: [{ name: 'readme.txt', url: '/files/user/readme.txt' }],
    });
    const dir = mkdtempSync(join(tmpdir(), 'sumi-zip-'));
    temps.push(dir);
    writeFileSync(join(dir, 'x.zip'), files(site).get('files/temp/exports/x.zip')!);
    expect(execFileSync(UNZIP, ['-t', join(dir, 'x.zip')]).toString()).toMatch(/No errors detected/);
  });
});

describe('zip refusals leave nothing behind', () => {
  const initial = { 'files/user/a.txt': 'a', 'files/user/b.txt': 'b', 'files/topics/1/t.txt': 't' };
  const cases: [string, unknown[], string, RegExp][] = [
    ['no entries', [], 'dest="/files/user/"', /^IO_MISSING_ATTRIBUTE 'entries' is empty/],
    [
      'an item without url',
      [{ name: 'x' }],
      'dest="/files/user/"',
      /^IO_MISSING_ATTRIBUTE entries\[0\] has no url/,
    ],
    ['an item that is a number', [5], 'dest="/files/user/"', /^IO_BAD_VALUE entries\[0\] must be an item/],
    ['no dest', [{ url: '/files/user/a.txt' }], 'dest=""', /^IO_MISSING_ATTRIBUTE 'dest'/],
    [
      'an ftp URL',
      [{ url: 'ftp://host/x' }],
      'dest="/files/user/"',
      /^IO_BAD_VALUE 'entries\[0\]\.url' uses ftp: URLs/,
    ],
    [
      'a slip name',
      [{ name: '../x.txt', url: '/files/user/a.txt' }],
      'dest="/files/user/"',
      /^IO_ARCHIVE_SLIP entries\[0\]\.name "\.\.\/x\.txt"/,
    ],
    [
      'an absolute name',
      [{ name: '/etc/x', url: '/files/user/a.txt' }],
      'dest="/files/user/"',
      /^IO_ARCHIVE_SLIP .*absolute/,
    ],
    [
      'a backslash name',
      [{ name: 'a\\b', url: '/files/user/a.txt' }],
      'dest="/files/user/"',
      /^IO_ARCHIVE_SLIP .*backslash/,
    ],
    [
      'a folder name',
      [{ name: 'dir/', url: '/files/user/a.txt' }],
      'dest="/files/user/"',
      /^IO_BAD_VALUE .*names a folder/,
    ],
    [
      'duplicate names',
      [
        { name: 'x.txt', url: '/files/user/a.txt' },
        { name: './x.txt', url: '/files/user/b.txt' },
      ],
      'dest="/files/user/"',
      /^IO_BAD_VALUE entries\[0\] and entries\[1\] are both named "x\.txt"/,
    ],
    [
      'a file that is also a folder',
      [
        { name: 'x', url: '/files/user/a.txt' },
        { name: 'x/y', url: '/files/user/b.txt' },
      ],
      'dest="/files/user/"',
      /^IO_BAD_VALUE entries\[0\]: "x" is both a file and a folder/,
    ],
    [
      'a missing file',
      [{ url: '/files/user/a.txt' }, { url: '/files/user/none.txt' }],
      'dest="/files/user/"',
      /^IO_NOT_FOUND/,
    ],
    ['a folder as a file', [{ name: 'x', url: '/files/user/' }], 'dest="/files/ltd/"', /^IO_IS_DIR/],
    [
      'a denied area (topics)',
      [{ url: '/files/topics/1/t.txt' }],
      'dest="/files/user/"',
      /^IO_AREA_DENIED 'entries\[0\]\.url'/,
    ],
    [
      'traversal in a url',
      [{ url: '/files/user/../topics/1/t.txt' }],
      'dest="/files/user/"',
      /^IO_PATH_TRAVERSAL/,
    ],
    ['a dest in topics', [{ url: '/files/user/a.txt' }], 'dest="/files/topics/1/"', /^IO_AREA_DENIED 'dest'/],
    [
      'a dest folder that is a file',
      [{ url: '/files/user/a.txt' }],
      'dest="/files/user/a.txt"',
      /^IO_NOT_DIR 'dest' "\/files\/user\/a\.txt" is a file/,
    ],
    [
      'a dest archive that is a folder',
      [{ url: '/files/user/a.txt' }],
      'dest="/files/topics.zip"',
      /^IO_AREA_DENIED/,
    ],
  ];
  for (const [what, entries, attrs, pattern] of cases) {
    test(what, async () => {
      const site = await siteWith(initial);
      const before = [...files(site).keys()];
      const r = await zipOn(site, entries, attrs);
      expect(r.vars.ok).toBe(0);
      expect(r.vars.path).toBe(false);
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatch(pattern);
      expect(created(site, before)).toEqual([]);
    });
  }

  test('dest .zip that is a folder', async () => {
    const site = await siteWith({ 'files/user/a.txt': 'a', 'files/user/x.zip/inner': 'i' });
    const r = await zipOn(site, [{ url: '/files/user/a.txt' }], 'dest="/files/user/x.zip"');
    expect(r.errors[0]).toMatch(/^IO_IS_DIR 'dest' "\/files\/user\/x\.zip" is a folder/);
  });

  test('limits: entries, bytes (site files), and maxFileBytes (LIMIT_COST, staging removed)', async () => {
    const site = await siteWith({ 'files/user/a.txt': 'a'.repeat(600), 'files/user/b.txt': 'b'.repeat(600) });
    const two = [{ url: '/files/user/a.txt' }, { url: '/files/user/b.txt' }];
    const r1 = await zipOn(site, two, undefined, { maxArchiveEntries: 1 });
    expect(r1.errors[0]).toMatch(
      /^IO_ARCHIVE_LIMIT 'entries' has 2 items, more than limits\.maxArchiveEntries \(1\)/,
    );
    const r2 = await zipOn(site, two, undefined, { maxArchiveBytes: 1000 });
    expect(r2.errors[0]).toMatch(
      /^IO_ARCHIVE_LIMIT 'entries\[1\]\.url' "\/files\/user\/b\.txt" is larger than what is left of limits\.maxArchiveBytes \(400 of 1000 bytes\)/,
    );
    await expect(zipOn(site, two, undefined, { maxFileBytes: 50 })).rejects.toThrow(/50/);
    expect([...files(site).keys()]).toEqual(['files/user/a.txt', 'files/user/b.txt']);
  });
});

describe('zip callback_batch', () => {
  test('queued after success with data; not after a failure', async () => {
    const batch = memoryBatchQueue();
    const site = await siteWith({ 'files/user/a.txt': 'a' });
    const r = await renderOn(
      site,
      '{zip entries=$e dest="/files/user/" callback_batch=zipped data="42"}{zip entries=$bad dest="/files/user/" callback_batch=never}',
      { e: [{ url: '/files/user/a.txt' }], bad: [{ url: '/files/user/none' }] },
      { services: { batch } },
    );
    expect(r.errors).toHaveLength(1);
    expect(batch.jobs).toEqual([{ name: 'zipped', extData: '42' }]);
  });
});
