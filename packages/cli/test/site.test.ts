/**
 * The site folder end to end: `sumi init` writes the example site, and its sample batches run with
 * `sumi render FILE --site DIR` as they would in the CMS: the vendor's most common batch shapes
 * (delete files older than a week with a CSV log; a CSV export), checked on the disk afterwards.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'sumi-site-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function sumi(args: string[], cwd = root) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', TZ: 'UTC' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let n = 0;
function initSite(): string {
  const dir = join(root, `site${++n}`);
  const r = sumi(['init', dir]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toContain(`created an example site in ${dir}`);
  return dir;
}

describe('sumi init', () => {
  it('writes the example site and refuses a folder that is not empty', () => {
    const dir = initSite();
    for (const f of [
      'site.json',
      'files/user/readme.txt',
      'files/ltd/prices.csv',
      'batches/delete-old-files.tpl',
    ])
      expect(existsSync(join(dir, f)), f).toBe(true);
    const again = sumi(['init', dir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('is not empty');
  });
});

describe('sumi render --site', () => {
  it('runs the delete-old-files batch: read_dir, strtotime on mtime, remove_file, a CSV log put into /files/ltd', () => {
    const dir = initSite();
    const assets = join(dir, 'files/ltd/file_plugins_tutorial/assets');
    const r = sumi(['render', join(dir, 'batches/delete-old-files.tpl'), '--site', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('removed 3 file(s)');
    // 40, 15 and 9 days old went; 2 days old stayed
    expect(readdirSync(assets, { recursive: true }).sort()).toEqual(['banner-2026-11.png', 'old']);
    const logs = readdirSync(join(dir, 'files/ltd/file_plugins_tutorial/logs'));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^removed_\d{8}_\d{6}\.csv$/);
    const csv = readFileSync(join(dir, 'files/ltd/file_plugins_tutorial/logs', logs[0]!), 'utf8');
    const lines = csv.split('\n');
    expect(lines[0]).toBe('Path,"Removed at"');
    expect(lines.slice(1, 4).map((l) => l.replace(/"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"$/, 'DATE'))).toEqual([
      '/files/ltd/file_plugins_tutorial/assets/banner-2026-09.png,DATE',
      '/files/ltd/file_plugins_tutorial/assets/old/draft.txt,DATE',
      '/files/ltd/file_plugins_tutorial/assets/old/notes.txt,DATE',
    ]);
    expect(lines.slice(4)).toEqual(['']);
    // the temporary log file stays in the temporary area, nothing half-written anywhere
    expect(readdirSync(join(dir, 'temp')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // a second run finds nothing old: no log file is put
    const again = sumi(['render', join(dir, 'batches/delete-old-files.tpl'), '--site', dir]);
    expect(again.stdout.trim()).toBe('removed 0 file(s)');
    expect(readdirSync(join(dir, 'files/ltd/file_plugins_tutorial/logs'))).toHaveLength(1);
  });

  it('runs the CSV export batch: read_file csv, write_file rows, put_file', () => {
    const dir = initSite();
    const r = sumi(['render', join(dir, 'batches/export-csv.tpl'), '--site', dir]);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('exported 2 row(s)');
    expect(readFileSync(join(dir, 'files/ltd/exports/paid.csv'), 'utf8')).toBe(
      'id,name,amount\n1,Sato,1200\n2,鈴木,800\n',
    );
  });

  it('runs the count-views batch: content in a language, update_counter persisted in the fixture', () => {
    const dir = initSite();
    const first = sumi(['render', join(dir, 'batches/count-views.tpl'), '--site', dir]);
    expect(first.stderr).toBe('');
    // function tags keep the line break after them, as in Smarty: the lines that say something
    expect(first.stdout.split('\n').filter((l) => l.trim() !== '')).toEqual([
      'Sumi, our new ink, is out: 42 views',
      'Scheduled maintenance: 13 views',
      'news 3 is not open',
    ]);
    const again = sumi(['render', join(dir, 'batches/count-views.tpl'), '--site', dir]);
    expect(again.stdout).toContain('Sumi, our new ink, is out: 43 views');
    const topics = JSON.parse(readFileSync(join(dir, 'content/topics.json'), 'utf8')) as {
      topics_id: number;
      ext: { view_count: number };
    }[];
    expect(topics.find((t) => t.topics_id === 1)?.ext.view_count).toBe(43);
    expect(readdirSync(join(dir, 'content')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('uses ./site when it exists, an empty in-memory site otherwise, and --verbose says which', () => {
    const cwd = join(root, `cwd${++n}`);
    mkdirSync(cwd);
    writeFileSync(join(cwd, 't.tpl'), '{read_file path="/files/user/readme.txt" row=l}{$l}|{/read_file}');
    const empty = sumi(['render', 't.tpl', '--verbose'], cwd);
    expect(empty.stderr).toContain('sumi: site: an empty in-memory site');
    expect(empty.stderr).toMatch(/error IO_NOT_FOUND \[read_file\]/);
    expect(empty.stdout).toBe('');
    expect(sumi(['init', 'site'], cwd).code).toBe(0);
    const found = sumi(['render', 't.tpl', '--verbose'], cwd);
    expect(found.stderr).toBe(
      `sumi: site: site folder ${join(cwd, 'site')} (found ./site)\n` +
        `sumi: net: live for api, generate_pdf (Chromium at ${process.env.SUMI_CHROMIUM || '/usr/bin/chromium'}); the other network plugins answer from their fakes\n`,
    );
    expect(found.stdout).toBe('Files uploaded by members live under /files/user/.|こんにちは|');
    const quiet = sumi(['render', 't.tpl', '--quiet', '--site', join(cwd, 'nothing')], cwd);
    expect(quiet.code).toBe(2);
    expect(quiet.stderr).toContain('not a folder');
  });

  it('keeps every write inside the site: a traversal fails, is logged, and the render goes on', () => {
    const dir = initSite();
    writeFileSync(join(root, 'evil.tpl'), '{put_file value="x" path="/files/user/../../../escape.txt"}after');
    const r = sumi(['render', join(root, 'evil.tpl'), '--site', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('after');
    expect(r.stderr).toMatch(
      /evil\.tpl:1:1 error IO_PATH_TRAVERSAL \[put_file\] 'path' ".*" contains a '\.\.' segment/,
    );
    expect(existsSync(join(root, 'escape.txt'))).toBe(false);
  });
});

describe('sumi plugins', () => {
  it('lists the 24 io plugins with their metadata', () => {
    const r = sumi(['plugins', '--json']);
    expect(r.code).toBe(0);
    const metas = JSON.parse(r.stdout) as { name: string; group: string; examples?: unknown[] }[];
    const io = metas.filter((m) => m.group === 'Files and storage' || m.group === 'Data retrieval');
    expect(io.map((m) => m.name).sort()).toEqual(
      [
        'assign_csv_table',
        'assign_favorite_cnt',
        'assign_group_nm',
        'assign_member_detail',
        'assign_my_favorite_cnt',
        'assign_new_comment_list',
        'assign_relation_tag_list',
        'assign_tag_category_list',
        'assign_tag_list',
        'assign_topics_category_list',
        'assign_topics_detail',
        'get_file',
        'put_file',
        'read_dir',
        'read_file',
        'remove_dir',
        'remove_file',
        'rename_file',
        'save_file',
        'storage_url',
        'unzip',
        'update_counter',
        'write_file',
        'zip',
      ].sort(),
    );
    for (const m of io) expect(m.examples?.length, m.name).toBeGreaterThan(0);
  });
});

describe('sumi serve', () => {
  it('answers a storage_url link, and refuses it expired or altered', async () => {
    const { folderSite } = await import('@sumi/plugins-io/node');
    const { storageServer } = await import('../src/commands/serve');
    const dir = initSite();
    const site = await folderSite(dir);
    const tpl = join(root, 'url.tpl');
    writeFileSync(tpl, '{storage_url var=u path="/files/g/public/brochure.txt"}{$u}');
    const made = sumi(['render', tpl, '--site', dir]);
    expect(made.stderr).toBe('');
    const url = new URL(made.stdout);
    expect(url.origin).toBe('http://localhost:8787');
    let now = Date.now();
    const server = storageServer(site, () => now);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const get = (pathAndQuery: string) => fetch(`http://127.0.0.1:${port}${pathAndQuery}`);
    try {
      const ok = await get(url.pathname + url.search);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('A public object in the default bucket.\n');
      const altered = await get(url.pathname.replace('brochure', 'brochurf') + url.search);
      expect(altered.status).toBe(403);
      const noSig = await get(url.pathname);
      expect(noSig.status).toBe(403);
      const other = await get('/files/ltd/prices.csv');
      expect(other.status).toBe(404);
      now += 168 * 3600 * 1000;
      const expired = await get(url.pathname + url.search);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('expired');
    } finally {
      server.close();
    }
  });
});

describe('sumi serve, attacked', () => {
  /** a site folder with objects, links planted in files/g, and a server on it */
  async function served() {
    const { folderSite } = await import('@sumi/plugins-io/node');
    const { signStorageUrl } = await import('@sumi/plugins-io');
    const { storageServer } = await import('../src/commands/serve');
    const dir = join(root, `served${++n}`);
    const outside = join(root, `outside${n}`);
    for (const d of ['files/g/public', 'files/a', 'files/user', 'buckets/archive', 'content'])
      mkdirSync(join(dir, d), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret.txt'), 'OUTSIDE');
    writeFileSync(join(dir, 'site.json'), JSON.stringify({ signing_key: 'the-signing-key' }));
    writeFileSync(join(dir, 'files/g/public/a.txt'), 'object a');
    writeFileSync(join(dir, 'files/user/private.txt'), 'a member file');
    writeFileSync(join(dir, 'buckets/archive/b.txt'), 'object b');
    symlinkSync('../../../site.json', join(dir, 'files/g/public/key.txt'));
    symlinkSync('../../user/private.txt', join(dir, 'files/g/public/user.txt'));
    symlinkSync('../../../files/g/public/a.txt', join(dir, 'buckets/archive/to-default.txt'));
    symlinkSync('a.txt', join(dir, 'files/g/public/alias.txt'));
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'files/g/public/out.txt'));
    const site = await folderSite(dir);
    const server = storageServer(site);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const signed = (path: string, bucket: string | null = null) => {
      const u = new URL(signStorageUrl(site, { bucket, path, expires }));
      return u.pathname + u.search;
    };
    const ask = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, init);
    return { dir, site, server, signed, ask, port };
  }

  // a link in files/g led anywhere in the site: a signed URL of files/g/public/key.txt served
  // site.json, signing key included, and one of user.txt a file of /files/user
  it('a link planted in a bucket opens nothing outside that bucket', async () => {
    const { server, signed, ask } = await served();
    try {
      for (const [path, bucket] of [
        ['g/public/key.txt', null],
        ['g/public/user.txt', null],
        ['g/public/out.txt', null],
        ['to-default.txt', 'archive'],
      ] as const) {
        const r = await ask(signed(path, bucket));
        const text = await r.text();
        expect(r.status, path).toBe(404);
        expect(text).toBe('no such object\n');
      }
      // a link that stays in its bucket is served
      const alias = await ask(signed('g/public/alias.txt'));
      expect(alias.status).toBe(200);
      expect(await alias.text()).toBe('object a');
    } finally {
      server.close();
    }
  });
  it('GET and HEAD agree; Range is ignored; other methods are refused with Allow', async () => {
    const { server, signed, ask, port } = await served();
    try {
      const url = signed('g/public/a.txt');
      const get = await ask(url);
      const head = await ask(url, { method: 'HEAD' });
      expect(get.status).toBe(200);
      expect(head.status).toBe(200);
      for (const h of ['content-type', 'content-length', 'x-content-type-options', 'cache-control'])
        expect(head.headers.get(h), h).toBe(get.headers.get(h));
      expect(await head.text()).toBe('');
      const ranged = await ask(url, { headers: { range: `bytes=0-${'9'.repeat(400)}` } });
      expect(ranged.status).toBe(200);
      expect(await ranged.text()).toBe('object a');
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
        const r = await ask(url, { method });
        expect(r.status, method).toBe(405);
        expect(r.headers.get('allow')).toBe('GET, HEAD');
      }
      // one object's signature opens no other
      for (const other of [
        url.replace('a.txt', 'b.txt'),
        url.replace('/g/', '/a/'),
        url.replace('_default/g/public', 'archive'),
        url.replace('public/a.txt', 'public/./a.txt'),
        url.replace('public/a.txt', 'public//a.txt'),
        url.replace('public/a.txt', 'public/x/../a.txt'),
        url.replace('public/a.txt', 'public/%61.txt'),
      ]) {
        // as sent, unnormalised (fetch would remove the dot segments itself)
        const status = await new Promise<number>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path: other }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
        expect([403, 404], other).toContain(status);
      }
    } finally {
      server.close();
    }
  });

  // a read that failed after the status line was sent threw inside the handler (writeHead twice):
  // an unhandled rejection, which ends a Node process
  it('a read error midway cuts that response off; the server goes on', async () => {
    const { site, server, signed, ask } = await served();
    const { storageServer } = await import('../src/commands/serve');
    const failing = {
      ...site,
      fs: {
        ...site.fs,
        readStream: async () =>
          new ReadableStream<Uint8Array>({
            start(c) {
              c.enqueue(new TextEncoder().encode('obj'));
              c.error(new Error(`EIO: i/o error, read ${root}`));
            },
          }),
      },
    };
    const broken = storageServer(failing);
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const port = (broken.address() as { port: number }).port;
    try {
      await expect(
        fetch(`http://127.0.0.1:${port}${signed('g/public/a.txt')}`).then((r) => r.text()),
      ).rejects.toThrow();
      const unreadable = storageServer({
        ...site,
        fs: {
          ...site.fs,
          readStream: async () => {
            throw new Error(`EACCES: permission denied, open '${root}/files/g/public/a.txt'`);
          },
        },
      });
      await new Promise<void>((resolve) => unreadable.listen(0, '127.0.0.1', resolve));
      const p2 = (unreadable.address() as { port: number }).port;
      const r2 = await fetch(`http://127.0.0.1:${p2}${signed('g/public/a.txt')}`);
      expect(r2.status).toBe(500);
      expect(await r2.text()).toBe('cannot read the object\n');
      // HEAD says the same as GET (it said 200 for a file GET could not read)
      const h2 = await fetch(`http://127.0.0.1:${p2}${signed('g/public/a.txt')}`, { method: 'HEAD' });
      expect(h2.status).toBe(500);
      unreadable.close();
      // both servers still answer
      expect((await fetch(`http://127.0.0.1:${port}${signed('g/public/missing.txt')}`)).status).toBe(404);
      expect((await ask(signed('g/public/a.txt'))).status).toBe(200);
    } finally {
      broken.close();
      server.close();
    }
  });
});
