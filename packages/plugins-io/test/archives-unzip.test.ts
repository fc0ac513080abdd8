import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exampleSite, files, memoryBatchQueue, readText, renderOn, siteWith } from './helpers';
import { deadUrl, type Fixture, serve } from './http-fixture';
import { rawZip } from './zip-builder';

const enc = new TextEncoder();
const archive = zipSync(
  {
    'docs/a.txt': enc.encode('alpha\n'),
    'docs/empty.txt': new Uint8Array(0),
    'docs/sub/': new Uint8Array(0),
    'b.csv': enc.encode('id,name\n1,佐藤\n'),
  },
  { mtime: new Date(2026, 0, 1) },
);

let http: Fixture;
beforeAll(async () => {
  http = await serve({
    '/archive.zip': { body: archive },
    '/huge.zip': { stream: { chunks: 64, chunkSize: 64 * 1024 } },
    '/liar.zip': { contentLength: 50 * 1024 * 1024, body: 'PK' },
    '/broken.zip': { status: 500, body: 'oops' },
  });
});
afterAll(() => http.close());

describe('unzip from cloud storage', () => {
  test('extracts into a folder, creates folder entries, empty files too; var lists what was written', async () => {
    const site = await siteWith({ 'files/g/in/archive.zip': archive });
    const r = await renderOn(
      site,
      '{unzip src="/files/g/in/archive.zip" dest="/files/user/x/" var=w status_var=ok}',
    );
    expect(r.errors).toEqual([]);
    expect(r.vars.ok).toBe(1);
    expect(r.vars.w).toEqual([
      '/files/user/x/docs/a.txt',
      '/files/user/x/docs/empty.txt',
      '/files/user/x/b.csv',
    ]);
    expect(await readText(site, 'files/user/x/docs/a.txt')).toBe('alpha\n');
    expect(await readText(site, 'files/user/x/b.csv')).toBe('id,name\n1,佐藤\n');
    expect(files(site).get('files/user/x/docs/empty.txt')?.length).toBe(0);
    expect((await site.fs.stat('files/user/x/docs/sub'))?.isDir).toBe(true);
    const info = r.log.filter((e) => e.level === 'info').map((e) => e.message);
    expect(info).toEqual(['extracted 3 files (23 bytes) from /files/g/in/archive.zip into /files/user/x']);
    // nothing left in the temporary area
    expect([...files(site).keys()].filter((k) => k.startsWith('temp/'))).toEqual([]);
  });

  test('/files/a/ and every allowed destination', async () => {
    for (const dest of ['/files/user/', '/files/temp/t', '/files/ltd/l/', '/files/g/out', '/files/a/out/']) {
      const site = await siteWith({ 'files/a/p.zip': archive });
      const r = await renderOn(site, `{unzip src="/files/a/p.zip" dest="${dest}" var=w}`);
      expect(r.errors, dest).toEqual([]);
      expect((r.vars.w as string[])[0]).toBe(`${dest.replace(/\/$/, '')}/docs/a.txt`);
    }
  });

  test('bucket: src and a cloud dest are keys in the bucket; file-manager paths stay in the site', async () => {
    const site = await siteWith({ 'buckets/media/drop/p.zip': archive });
    const r = await renderOn(
      site,
      '{unzip src="drop/p.zip" bucket=media dest="/files/user/m/" var=w}{unzip src="/drop/p.zip" bucket=media dest="unpacked/" var=w2}',
    );
    expect(r.errors).toEqual([]);
    expect((r.vars.w as string[])[0]).toBe('/files/user/m/docs/a.txt');
    expect((r.vars.w2 as string[])[0]).toBe('unpacked/docs/a.txt');
    expect(await readText(site, 'buckets/media/unpacked/docs/a.txt')).toBe('alpha\n');
  });

  test('the areas are enforced: src in /files/user/ or /files/topics/, dest in /files/topics/, traversal', async () => {
    const site = await siteWith({ 'files/user/p.zip': archive, 'files/g/p.zip': archive });
    const cases: [string, RegExp][] = [
      ['src="/files/user/p.zip" dest="/files/user/x/"', /^IO_AREA_DENIED 'src'/],
      ['src="/files/g/p.zip" dest="/files/topics/1/"', /^IO_AREA_DENIED 'dest'/],
      ['src="/files/g/p.zip" dest="/files/member/1/"', /^IO_AREA_DENIED 'dest'/],
      ['src="/files/g/../user/p.zip" dest="/files/user/x/"', /^IO_PATH_TRAVERSAL 'src'/],
      ['src="/files/g/p.zip" dest="/files/user/../ltd/"', /^IO_PATH_TRAVERSAL 'dest'/],
      ['src="/etc/passwd" dest="/files/user/x/"', /^IO_PATH_OUTSIDE 'src'/],
      ['src="p.zip" dest="/files/user/x/"', /^IO_PATH_INVALID 'src'/],
      ['src="/files/g/p.zip" bucket="../x" dest="a/"', /^IO_PATH_INVALID bucket/],
      ['src="file:///etc/passwd" dest="/files/user/x/"', /^IO_BAD_VALUE 'src' uses file: URLs/],
      [
        'src="/files/g/none.zip" dest="/files/user/x/"',
        /^IO_NOT_FOUND 'src' "\/files\/g\/none\.zip" does not exist/,
      ],
      ['src="/files/g/" dest="/files/user/x/"', /^IO_IS_DIR 'src'/],
      ['src="" dest="/files/user/x/"', /^IO_MISSING_ATTRIBUTE 'src'/],
      ['src="/files/g/p.zip" dest=""', /^IO_MISSING_ATTRIBUTE 'dest'/],
    ];
    for (const [attrs, pattern] of cases) {
      const r = await renderOn(site, `{unzip ${attrs} var=w status_var=ok}`);
      expect(r.errors, attrs).toHaveLength(1);
      expect(r.errors[0], attrs).toMatch(pattern);
      expect(r.vars.w).toBe(false);
      expect(r.vars.ok).toBe(0);
    }
    expect([...files(site).keys()].sort()).toEqual(['files/g/p.zip', 'files/user/p.zip']);
  });

  test('without a site: IO_NO_SITE, logged, never a crash', async () => {
    const { createEngine } = await import('@sumi/runtime');
    const { unzip } = await import('../src/archives/unzip');
    const r = await createEngine({ plugins: [unzip] }).render(
      '{unzip src="/files/g/a.zip" dest="/files/user/" status_var=s}{$s}',
    );
    expect(r.output).toBe('0');
    expect(r.log.find((e) => e.level === 'error')?.code).toBe('IO_NO_SITE');
  });
});

describe('overwrite', () => {
  const initial = { 'files/g/p.zip': archive, 'files/user/x/docs/a.txt': 'mine\n' };

  test('overwrite=0 (the default) keeps an existing file, skips its entry and logs it', async () => {
    const site = await siteWith(initial);
    const r = await renderOn(site, '{unzip src="/files/g/p.zip" dest="/files/user/x" var=w}');
    expect(r.errors).toEqual([]);
    expect(await readText(site, 'files/user/x/docs/a.txt')).toBe('mine\n');
    expect(r.vars.w).toEqual(['/files/user/x/docs/empty.txt', '/files/user/x/b.csv']);
    const info = r.log.filter((e) => e.level === 'info').map((e) => e.message);
    expect(info).toEqual([
      'kept /files/user/x/docs/a.txt: it exists and overwrite=0 (entry 1 "docs/a.txt" skipped)',
      'extracted 2 files (17 bytes) from /files/g/p.zip into /files/user/x; kept 1 existing file (overwrite=0)',
    ]);
  });

  test('overwrite=1 replaces it', async () => {
    const site = await siteWith(initial);
    const r = await renderOn(site, '{unzip src="/files/g/p.zip" dest="/files/user/x" overwrite=1 var=w}');
    expect(r.errors).toEqual([]);
    expect(await readText(site, 'files/user/x/docs/a.txt')).toBe('alpha\n');
    expect(r.vars.w).toHaveLength(3);
  });
});

describe('unzip from a URL (the host fetch service)', () => {
  test('an http URL on a local server', async () => {
    const site = await siteWith();
    const r = await renderOn(
      site,
      `{unzip src="${http.base}/archive.zip?token=secret" dest="/files/temp/dl/" var=w}`,
    );
    expect(r.errors).toEqual([]);
    expect(r.vars.w).toHaveLength(3);
    const info = r.log.find((e) => e.level === 'info')!.message;
    expect(info).toBe(`extracted 3 files (23 bytes) from ${http.base}/archive.zip into /files/temp/dl`);
    expect(info).not.toContain('secret');
  });

  test('a download larger than limits.maxArchiveBytes is cut off while it streams in', async () => {
    const site = await siteWith();
    const r = await renderOn(
      site,
      `{unzip src="${http.base}/huge.zip" dest="/files/temp/dl/" status_var=ok}`,
      {},
      {
        limits: { maxArchiveBytes: 1024 * 1024 },
      },
    );
    expect(r.vars.ok).toBe(0);
    expect(r.errors[0]).toMatch(
      /^IO_ARCHIVE_LIMIT .*huge\.zip is larger than limits\.maxArchiveBytes \(1048576 bytes\)/,
    );
  });

  test('a Content-Length over the limit is refused before reading the body', async () => {
    const site = await siteWith();
    const r = await renderOn(
      site,
      `{unzip src="${http.base}/liar.zip" dest="/files/temp/dl/" status_var=ok}`,
      {},
      {
        limits: { maxArchiveBytes: 1024 * 1024 },
      },
    );
    expect(r.errors[0]).toMatch(/^IO_ARCHIVE_LIMIT/);
  });

  test('HTTP errors and dead hosts: IO_FETCH_FAILED', async () => {
    const site = await siteWith();
    const dead = await deadUrl();
    for (const [url, pattern] of [
      [`${http.base}/missing.zip`, /answered HTTP 404/],
      [`${http.base}/broken.zip`, /answered HTTP 500/],
      [dead, /could not be fetched/],
    ] as const) {
      const r = await renderOn(site, `{unzip src="${url}" dest="/files/temp/dl/" status_var=ok}`);
      expect(r.vars.ok, url).toBe(0);
      expect(r.errors[0], url).toMatch(/^IO_FETCH_FAILED /);
      expect(r.errors[0], url).toMatch(pattern);
    }
    expect([...files(site).keys()]).toEqual([]);
  });

  test('the host fetch service is what fetches (a host may route, sign or refuse)', async () => {
    const asked: string[] = [];
    const fetch = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response(archive);
    }) as typeof globalThis.fetch;
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{unzip src="https://example.invalid/a.zip" dest="/files/user/" var=w}',
      {},
      {
        services: { fetch },
      },
    );
    expect(r.errors).toEqual([]);
    expect(asked).toEqual(['https://example.invalid/a.zip']);
    expect(r.vars.w).toHaveLength(3);
  });
});

describe('callback_batch', () => {
  test('queued with data after a success', async () => {
    const batch = memoryBatchQueue();
    const site = await siteWith({ 'files/g/p.zip': archive });
    const r = await renderOn(
      site,
      '{unzip src="/files/g/p.zip" dest="/files/user/" callback_batch=after_unzip data=$payload}',
      { payload: { import_id: 7, files: ['a', 'b'] } },
      { services: { batch } },
    );
    expect(r.errors).toEqual([]);
    expect(batch.jobs).toHaveLength(1);
    const job = batch.jobs[0] as { name: string; extData: unknown };
    expect(job.name).toBe('after_unzip');
    const { toJS } = await import('@sumi/php');
    expect(toJS(job.extData as never)).toEqual({ import_id: 7, files: ['a', 'b'] });
    expect(r.log.some((e) => e.message === 'queued batch "after_unzip" (job 1)')).toBe(true);
  });

  test('without data, the job has no ext data; after a failure nothing is queued', async () => {
    const batch = memoryBatchQueue();
    const site = await siteWith({ 'files/g/p.zip': archive, 'files/g/bad.zip': 'not a zip' });
    await renderOn(
      site,
      '{unzip src="/files/g/p.zip" dest="/files/user/" callback_batch=ok}{unzip src="/files/g/bad.zip" dest="/files/user/" callback_batch=never}',
      {},
      { services: { batch } },
    );
    expect(batch.jobs).toEqual([{ name: 'ok' }]);
  });

  test('a queue that fails is logged; the extraction stands', async () => {
    const site = await siteWith({ 'files/g/p.zip': archive });
    const r = await renderOn(
      site,
      '{unzip src="/files/g/p.zip" dest="/files/user/" callback_batch=x status_var=ok}{$ok}',
      {},
      {
        services: {
          batch: {
            enqueue() {
              throw new Error('queue down');
            },
          },
        },
      },
    );
    expect(r.output).toBe('1');
    expect(r.errors).toEqual(['IO_ERROR callback_batch "x" could not be queued: queue down']);
    expect(files(site).has('files/user/docs/a.txt')).toBe(true);
  });
});

describe('the example archive', () => {
  test('guide.zip on the example site is a real Info-ZIP archive with a cp932 name', async () => {
    const site = await exampleSite();
    const r = await renderOn(site, '{unzip src="/files/g/archives/guide.zip" dest="/files/temp/g" var=w}');
    expect(r.vars.w).toEqual(['/files/temp/g/guide/readme.txt', '/files/temp/g/guide/使い方.txt']);
    expect(await readText(site, 'files/temp/g/guide/使い方.txt')).toBe(
      'Shift_JIS で名前を付けたファイルです。\n',
    );
  });

  test('a stored entry (method 0) and a deflated one', async () => {
    const site = await siteWith({
      'files/g/m.zip': rawZip([
        { name: 's.txt', data: 'stored', method: 0 },
        { name: 'd.txt', data: 'deflated' },
      ]),
    });
    const r = await renderOn(site, '{unzip src="/files/g/m.zip" dest="/files/user/" var=w}');
    expect(r.errors).toEqual([]);
    expect(await readText(site, 'files/user/s.txt')).toBe('stored');
    expect(await readText(site, 'files/user/d.txt')).toBe('deflated');
  });
});
