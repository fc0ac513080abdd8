/**
 * The hostile corpus for unzip: zip slip, bombs, too many entries, damaged archives, links,
 * duplicates. Every refusal leaves the site exactly as it was (no file at the destination, no
 * staging folder in the temporary area).
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, test } from 'vitest';
import { readCentralDirectory } from '../src/archives/zip-format';
import { folderSite } from '../src/node';
import type { Site } from '../src/site';
import { files, type Rendered, renderOn, siteWith } from './helpers';
import { type RawEntry, rawZip, zeroBomb } from './zip-builder';

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sumi-hostile-'));
  temps.push(d);
  return d;
}

const MiB = 1024 * 1024;
const UNZIP = '{unzip src="/files/g/in.zip" dest="/files/user/out/" var=w status_var=ok}';

/** the site's files, minus the archive and the initial ones: what the unzip left */
function leftovers(site: Site): string[] {
  return [...files(site).keys()].filter((k) => k !== 'files/g/in.zip' && k !== 'files/user/keep.txt');
}

async function unzipOn(archive: Uint8Array, limits?: Record<string, number>, tpl = UNZIP) {
  const site = await siteWith({ 'files/g/in.zip': archive, 'files/user/keep.txt': 'kept' });
  const r = await renderOn(site, tpl, {}, { limits });
  return { site, r };
}

function expectRefused(r: Rendered, code: string, site: Site, pattern?: RegExp) {
  expect(r.vars.ok).toBe(0);
  expect(r.vars.w).toBe(false);
  expect(r.errors).toHaveLength(1);
  expect(r.errors[0]!.startsWith(`${code} `), r.errors[0]).toBe(true);
  if (pattern) expect(r.errors[0]).toMatch(pattern);
  expect(leftovers(site)).toEqual([]);
}

describe('zip slip: the whole archive is refused before anything is written', () => {
  const variants: [string, string | Uint8Array][] = [
    ['parent', '../x.txt'],
    ['parent, deeper', '../../../../etc/passwd'],
    ['absolute', '/etc/passwd'],
    ['absolute, doubled', '//server/share/x'],
    ['drive letter with backslash', 'C:\\Windows\\x.txt'],
    ['drive letter with slash', 'C:/x.txt'],
    ['drive-relative', 'c:x.txt'],
    ['inner parent that climbs out', 'a/../../x.txt'],
    ['inner parent that stays inside', 'a/../b.txt'],
    ['dot then parent', './../x.txt'],
    ['backslash parent', '..\\x.txt'],
    ['backslash separator', 'a\\b.txt'],
    ['UNC', '\\\\server\\x'],
    ['NUL byte', 'a.txt\u0000.png'],
    ['control character', 'a\nb.txt'],
    ['nothing but dots', '.'],
    ['parent as a folder entry', '../'],
    ['parent, raw bytes, not flagged UTF-8', new Uint8Array([0x2e, 0x2e, 0x2f, 0x78])],
  ];
  for (const [what, name] of variants) {
    test(what, async () => {
      // the hostile entry comes last: the good ones before it must not be written either
      const { site, r } = await unzipOn(
        rawZip([
          { name: 'good.txt', data: 'good' },
          { name: 'dir/', data: '' },
          { name, data: 'evil' },
        ]),
      );
      expectRefused(r, 'IO_ARCHIVE_SLIP', site, /entry 3/);
    });
  }

  test('a slip on a real folder leaves nothing anywhere', async () => {
    const dir = tempDir();
    const siteDir = join(dir, 'site');
    mkdirSync(join(siteDir, 'files/g'), { recursive: true });
    mkdirSync(join(siteDir, 'temp'));
    writeFileSync(
      join(siteDir, 'files/g/in.zip'),
      rawZip([
        { name: 'ok.txt', data: 'ok' },
        { name: '../../../../escaped.txt', data: 'evil' },
      ]),
    );
    const site = await folderSite(siteDir);
    const r = await renderOn(site, UNZIP);
    expect(r.vars.ok).toBe(0);
    expect(r.errors[0]).toMatch(/^IO_ARCHIVE_SLIP/);
    expect(readdirSync(dir)).toEqual(['site']);
    expect(existsSync(join(siteDir, 'files/user'))).toBe(false);
    expect(readdirSync(join(siteDir, 'temp'))).toEqual([]);
  });
});

describe('zip bombs and limits', () => {
  test('a bomb declaring 1 GiB is refused from its directory, before inflating anything', async () => {
    const bomb = zeroBomb(1024, false);
    expect(bomb.compressed.length).toBeLessThan(2 * MiB);
    const archive = rawZip([{ name: 'zeros.bin', compressed: bomb.compressed, size: bomb.size, crc: 0 }]);
    const started = Date.now();
    const { site, r } = await unzipOn(archive, { maxArchiveBytes: 4 * MiB });
    expectRefused(r, 'IO_ARCHIVE_LIMIT', site, /says it holds 1073741824 bytes/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('a bomb whose headers lie (1 GiB declared as 1000 bytes) is stopped by counting real bytes', async () => {
    const bomb = zeroBomb(1024, false);
    const archive = rawZip([
      { name: 'small.txt', data: 'small' },
      { name: 'zeros.bin', compressed: bomb.compressed, size: 1000, crc: 0 },
    ]);
    const started = Date.now();
    const { site, r } = await unzipOn(archive, { maxArchiveBytes: 4 * MiB });
    expectRefused(
      r,
      'IO_ARCHIVE_LIMIT',
      site,
      /entry 2 "zeros\.bin": more than limits\.maxArchiveBytes \(4194304\)/,
    );
    // stopped after a few MiB, not after inflating the whole GiB
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('the real bytes of every entry add up: honest entries, then a lying one past the total', async () => {
    const bomb = zeroBomb(1);
    const entries: RawEntry[] = [];
    for (let i = 0; i < 3; i++)
      entries.push({ name: `z${i}.bin`, compressed: bomb.compressed, size: MiB, crc: bomb.crc });
    entries.push({ name: 'liar.bin', compressed: bomb.compressed, size: 10, crc: bomb.crc });
    // declared: 3 MiB + 10 bytes, under the limit; real: 4 MiB, over it
    const { site, r } = await unzipOn(rawZip(entries), { maxArchiveBytes: 3.5 * MiB });
    expectRefused(r, 'IO_ARCHIVE_LIMIT', site, /entry 4 "liar\.bin"/);
  });

  test('lying sizes that stay under the limit: the first mismatch refuses the archive', async () => {
    const bomb = zeroBomb(1);
    const entries: RawEntry[] = [];
    for (let i = 0; i < 8; i++)
      entries.push({ name: `z${i}.bin`, compressed: bomb.compressed, size: 10, crc: bomb.crc });
    const { site, r } = await unzipOn(rawZip(entries), { maxArchiveBytes: 3 * MiB });
    expectRefused(
      r,
      'IO_ARCHIVE_INVALID',
      site,
      /entry 1 "z0\.bin": 1048576 bytes came out where the archive says 10/,
    );
  });

  test('an honest archive just under the limit is extracted; one byte more is refused', async () => {
    const bomb = zeroBomb(2);
    const archive = rawZip([
      { name: 'zeros.bin', compressed: bomb.compressed, size: bomb.size, crc: bomb.crc },
    ]);
    const ok = await unzipOn(archive, { maxArchiveBytes: 2 * MiB });
    expect(ok.r.errors).toEqual([]);
    expect(ok.r.vars.ok).toBe(1);
    expect(files(ok.site).get('files/user/out/zeros.bin')?.length).toBe(2 * MiB);
    const no = await unzipOn(archive, { maxArchiveBytes: 2 * MiB - 1 });
    expectRefused(no.r, 'IO_ARCHIVE_LIMIT', no.site);
  });

  test('more entries than limits.maxArchiveEntries', async () => {
    const entries = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' }));
    const { site, r } = await unzipOn(rawZip(entries), { maxArchiveEntries: 5 });
    expectRefused(r, 'IO_ARCHIVE_LIMIT', site, /6 entries, more than limits\.maxArchiveEntries \(5\)/);
    const fits = await unzipOn(rawZip(entries.slice(0, 5)), { maxArchiveEntries: 5 });
    expect(fits.r.vars.ok).toBe(1);
  });

  test('an archive file larger than limits.maxArchiveBytes is not even read', async () => {
    const archive = rawZip([
      { name: 'a.bin', data: new Uint8Array(4096).map((_, i) => (i * 7919) % 251), method: 0 },
    ]);
    const { site, r } = await unzipOn(archive, { maxArchiveBytes: 1024 });
    expectRefused(r, 'IO_ARCHIVE_LIMIT', site, /larger than limits\.maxArchiveBytes/);
  });

  test('extracted bytes count against limits.maxFileBytes: LIMIT_COST stops the render, the staging folder goes', async () => {
    const site = await siteWith({
      'files/g/in.zip': rawZip([
        { name: 'a.txt', data: 'a'.repeat(100) },
        { name: 'b.txt', data: 'b'.repeat(100) },
      ]),
    });
    await expect(renderOn(site, UNZIP, {}, { limits: { maxFileBytes: 150 } })).rejects.toThrow(/150/);
    expect([...files(site).keys()]).toEqual(['files/g/in.zip']);
  });

  test('every entry read counts against limits.maxListedEntries', async () => {
    const site = await siteWith({
      'files/g/in.zip': rawZip(Array.from({ length: 5 }, (_, i) => ({ name: `f${i}`, data: 'x' }))),
    });
    await expect(renderOn(site, UNZIP, {}, { limits: { maxListedEntries: 4 } })).rejects.toThrow();
    expect([...files(site).keys()]).toEqual(['files/g/in.zip']);
  });
});

describe('damaged archives: IO_ARCHIVE_INVALID', () => {
  const good = zipSync(
    {
      'a.txt': new TextEncoder().encode('hello hello hello hello hello hello'),
      'b/c.txt': new TextEncoder().encode('more text, more text, more text'),
    },
    { mtime: new Date(2026, 0, 1) },
  );

  test('not a zip file', async () => {
    const { site, r } = await unzipOn(new TextEncoder().encode('this is plain text, not an archive at all'));
    expectRefused(r, 'IO_ARCHIVE_INVALID', site, /not a zip archive/);
  });

  test('an empty file', async () => {
    const { site, r } = await unzipOn(new Uint8Array(0));
    expectRefused(r, 'IO_ARCHIVE_INVALID', site, /too short/);
  });

  for (const cut of [10, 40, 0.5, -30, -1]) {
    test(`truncated (${cut < 1 && cut > 0 ? 'half' : cut} bytes)`, async () => {
      const n = cut > 0 && cut < 1 ? Math.floor(good.length * cut) : cut > 0 ? cut : good.length + cut;
      const { site, r } = await unzipOn(good.slice(0, n));
      expectRefused(r, 'IO_ARCHIVE_INVALID', site);
    });
  }

  test('the data cut short inside an entry (directory intact)', async () => {
    const archive = rawZip([{ name: 'a.txt', data: 'x'.repeat(5000) }]);
    // drop the compressed bytes' tail but keep the directory: the offsets now point past the data
    const broken = new Uint8Array(archive);
    broken.fill(0, 30 + 5, 30 + 5 + 20);
    const { site, r } = await unzipOn(broken);
    expectRefused(r, 'IO_ARCHIVE_INVALID', site);
  });

  test('flipped bits in the compressed data (CRC or inflate error)', async () => {
    const archive = rawZip([
      { name: 'first.txt', data: 'fine' },
      { name: 'a.txt', data: 'The quick brown fox jumps over the lazy dog. '.repeat(50) },
    ]);
    const broken = new Uint8Array(archive);
    const at = broken.indexOf(0x61, 60); // somewhere in the second entry's data
    for (let i = 0; i < 8; i++) broken[at + 45 + i]! ^= 0x55;
    const { site, r } = await unzipOn(broken);
    expectRefused(r, 'IO_ARCHIVE_INVALID', site);
  });

  test('a wrong CRC', async () => {
    const { site, r } = await unzipOn(rawZip([{ name: 'a.txt', data: 'abc', crc: 12345 }]));
    expectRefused(r, 'IO_ARCHIVE_INVALID', site, /CRC mismatch/);
  });

  test('a size that does not match what comes out (declared larger)', async () => {
    const { site, r } = await unzipOn(rawZip([{ name: 'a.txt', data: 'abc', declaredSize: 10 }]));
    expectRefused(r, 'IO_ARCHIVE_INVALID', site, /3 bytes came out where the archive says 10/);
  });

  test('encrypted entries', async () => {
    const { site, r } = await unzipOn(rawZip([{ name: 'a.txt', data: 'abc', flags: 1 }]));
    expectRefused(r, 'IO_ARCHIVE_INVALID', site, /encrypted/);
  });

  test('an unsupported method (bzip2)', async () => {
    const { site, r } = await unzipOn(
      rawZip([{ name: 'a.txt', compressed: new Uint8Array(4), size: 4, method: 12 }]),
    );
    expectRefused(r, 'IO_ARCHIVE_INVALID', site, /method 12 \(bzip2\)/);
  });
});

describe('names that collide', () => {
  test('duplicate names', async () => {
    const { site, r } = await unzipOn(
      rawZip([
        { name: 'a.txt', data: 'first' },
        { name: 'a.txt', data: 'second' },
      ]),
    );
    expectRefused(r, 'IO_ARCHIVE_INVALID', site, /entry 1 and entry 2 are both named "a\.txt"/);
  });

  test('names equal once normalised (a//b, ./a/b)', async () => {
    const { site, r } = await unzipOn(
      rawZip([
        { name: 'a//b.txt', data: 'first' },
        { name: './a/b.txt', data: 'second' },
      ]),
    );
    expectRefused(r, 'IO_ARCHIVE_INVALID', site, /both named "a\/b\.txt"/);
  });

  test('a name that is a file and a folder', async () => {
    const { site, r } = await unzipOn(
      rawZip([
        { name: 'a', data: 'file' },
        { name: 'a/b.txt', data: 'inside' },
      ]),
    );
    expectRefused(r, 'IO_ARCHIVE_INVALID', site, /both a file and a folder/);
  });

  test('a folder entry named twice is fine', async () => {
    const { r } = await unzipOn(
      rawZip([
        { name: 'd/', data: '' },
        { name: 'd/', data: '' },
        { name: 'd/x.txt', data: 'x' },
      ]),
    );
    expect(r.errors).toEqual([]);
    expect(r.vars.w).toEqual(['/files/user/out/d/x.txt']);
  });
});

describe('symbolic links in the archive are never created', () => {
  test('a link entry (Unix mode 0120777) is skipped with a warning; the rest is extracted', async () => {
    const { site, r } = await unzipOn(
      rawZip([
        { name: 'link', data: '/etc/passwd', mode: 0o120777, method: 0 },
        { name: 'dev', data: '', mode: 0o020644, method: 0 },
        { name: 'real.txt', data: 'real' },
      ]),
    );
    expect(r.errors).toEqual([]);
    expect(r.vars.w).toEqual(['/files/user/out/real.txt']);
    const warns = r.log.filter((e) => e.level === 'warn').map((e) => e.message);
    expect(warns).toEqual([
      'skipped entry 1 "link": a symbolic link: links and special files are never created',
      'skipped entry 2 "dev": a device, socket or pipe: links and special files are never created',
    ]);
    expect(leftovers(site)).toEqual(['files/user/out/real.txt']);
  });

  test.skipIf(!existsSync('/usr/bin/zip'))(
    'an Info-ZIP archive made with -y (links stored as links), on a real folder',
    async () => {
      const dir = tempDir();
      const src = join(dir, 'src');
      mkdirSync(src);
      writeFileSync(join(src, 'target.txt'), 'the target\n');
      symlinkSync('/etc/passwd', join(src, 'passwd-link'));
      symlinkSync('target.txt', join(src, 'local-link'));
      execFileSync('/usr/bin/zip', ['-q', '-y', '-r', join(dir, 'links.zip'), '.'], { cwd: src });
      const siteDir = join(dir, 'site');
      mkdirSync(join(siteDir, 'files/g'), { recursive: true });
      mkdirSync(join(siteDir, 'temp'));
      writeFileSync(join(siteDir, 'files/g/in.zip'), readFileSync(join(dir, 'links.zip')));
      const site = await folderSite(siteDir);
      const r = await renderOn(site, UNZIP);
      expect(r.errors).toEqual([]);
      expect(r.vars.w).toEqual(['/files/user/out/target.txt']);
      expect(r.log.filter((e) => e.level === 'warn')).toHaveLength(2);
      expect(readdirSync(join(siteDir, 'files/user/out'))).toEqual(['target.txt']);
      expect(lstatSync(join(siteDir, 'files/user/out/target.txt')).isFile()).toBe(true);
    },
  );
});

describe('the destination as it is on disk', () => {
  function folderWith(archive: Uint8Array): string {
    const dir = tempDir();
    mkdirSync(join(dir, 'site/files/g'), { recursive: true });
    mkdirSync(join(dir, 'site/files/ltd'), { recursive: true });
    mkdirSync(join(dir, 'site/files/user'), { recursive: true });
    mkdirSync(join(dir, 'site/temp'));
    writeFileSync(join(dir, 'site/files/g/in.zip'), archive);
    return join(dir, 'site');
  }

  test('a link in dest leading to another area is refused before anything is written', async () => {
    const siteDir = folderWith(
      rawZip([
        { name: 'ok.txt', data: 'ok' },
        { name: 'sub/x.txt', data: 'through the link' },
      ]),
    );
    mkdirSync(join(siteDir, 'files/user/out'));
    symlinkSync('../../ltd', join(siteDir, 'files/user/out/sub'));
    const site = await folderSite(siteDir);
    const r = await renderOn(site, UNZIP);
    expect(r.vars.ok).toBe(0);
    expect(r.errors[0]).toMatch(/^IO_PATH_OUTSIDE/);
    expect(readdirSync(join(siteDir, 'files/ltd'))).toEqual([]);
    expect(readdirSync(join(siteDir, 'files/user/out'))).toEqual(['sub']);
    expect(readdirSync(join(siteDir, 'temp'))).toEqual([]);
  });

  test('dest itself a link out of the site', async () => {
    const siteDir = folderWith(rawZip([{ name: 'ok.txt', data: 'ok' }]));
    const outside = tempDir();
    symlinkSync(outside, join(siteDir, 'files/user/out'));
    const site = await folderSite(siteDir);
    const r = await renderOn(site, UNZIP);
    expect(r.vars.ok).toBe(0);
    expect(r.errors[0]).toMatch(/^IO_PATH_OUTSIDE/);
    expect(readdirSync(outside)).toEqual([]);
  });

  test('a file where the archive needs a folder, a folder where it has a file', async () => {
    const a = await siteWith({
      'files/g/in.zip': rawZip([{ name: 'd/x.txt', data: 'x' }]),
      'files/user/out/d': 'a file',
    });
    const r1 = await renderOn(a, UNZIP);
    expect(r1.errors[0]).toMatch(/^IO_NOT_DIR .*"\/files\/user\/out\/d" is a file/);
    const b = await siteWith({
      'files/g/in.zip': rawZip([
        { name: 'first.txt', data: '1' },
        { name: 'd', data: 'x' },
      ]),
      'files/user/out/d/inner.txt': 'inner',
    });
    const r2 = await renderOn(b, UNZIP);
    expect(r2.errors[0]).toMatch(/^IO_IS_DIR/);
    expect(files(b).has('files/user/out/first.txt')).toBe(false);
  });

  test('dest is a file', async () => {
    const site = await siteWith({
      'files/g/in.zip': rawZip([{ name: 'a', data: 'a' }]),
      'files/user/out': 'file',
    });
    const r = await renderOn(site, UNZIP);
    expect(r.errors[0]).toMatch(/^IO_NOT_DIR 'dest' "\/files\/user\/out" is a file/);
  });
});

describe('an entry count that wrapped', () => {
  // fflate (and other writers without Zip64) store 70,000 entries with the 16-bit count 4,464:
  // unzip extracted 4,464 files, said 1, and both limits were never asked about the rest
  const many = () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 70_000; i++) files[`d${i % 100}/f${i}.txt`] = new Uint8Array(0);
    return zipSync(files, { level: 0 });
  };

  test('the directory is read to its end: the entry limit counts every entry', async () => {
    const site = await siteWith({ 'files/g/many.zip': many() });
    const r = await renderOn(site, '{unzip src="/files/g/many.zip" dest="/files/user/m/" status_var=s}{$s}');
    expect(r.output).toBe('0');
    expect(r.errors).toEqual([
      'IO_ARCHIVE_LIMIT the archive has more than 20000 entries, more than limits.maxArchiveEntries',
    ]);
    expect([...files(site).keys()].filter((k) => k.startsWith('files/user'))).toEqual([]);
  });

  test('with the limit raised, every entry is extracted', async () => {
    const site = await siteWith({ 'files/g/many.zip': many() });
    const r = await renderOn(
      site,
      '{unzip src="/files/g/many.zip" dest="/files/user/m/" var=w}{$w|@count}',
      {},
      { limits: { maxArchiveEntries: 100_000 } },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('70000');
  }, 60_000);

  test('a count that disagrees with the directory otherwise is a damaged archive', () => {
    const zip = rawZip([
      { name: 'a.txt', data: 'a' },
      { name: 'b.txt', data: 'b' },
      { name: 'c.txt', data: 'c' },
    ]);
    // the end record's two counts say 2
    const end = zip.length - 22;
    zip[end + 8] = 2;
    zip[end + 10] = 2;
    expect(() => readCentralDirectory(zip, 100)).toThrow(/says it has 2 entries, its directory holds 3/);
  });
});
