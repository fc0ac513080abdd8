/** remove_file, remove_dir and rename_file on the memory site. */
import { createEngine } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { siteOptions } from '../src/index';
import { exampleSite, files, readText, renderOn, siteWith } from './helpers';

const has = (site: Awaited<ReturnType<typeof siteWith>>, path: string) => files(site).has(path);

describe('remove_file', () => {
  test('the path of a read_dir entry, as it is; status 1', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{remove_file path="/files/ltd/file_plugins_tutorial/assets/banner-2026-09.png" status_var=s}{$s}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('1');
    expect(has(site, 'files/ltd/file_plugins_tutorial/assets/banner-2026-09.png')).toBe(false);
    expect(has(site, 'files/ltd/file_plugins_tutorial/assets/banner-2026-11.png')).toBe(true);
  });

  test('every area it may use: file manager, default bucket, a bucket, the temporary area', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{write_file path="t.txt" var=t value="x"}{write_file path="u.txt" var=u value="x"}' +
        '{remove_file path="/files/user/readme.txt" status_var=a}{remove_file path="files/temp/upload.txt" status_var=b}' +
        '{remove_file path="/files/g/private/contract.txt" status_var=c}{remove_file bucket="archive" path="2025/summary.txt" status_var=d}' +
        '{remove_file path=$t status_var=e}{remove_file path="`$smarty.const.TEMP_DIR2`/u.txt" status_var=f}{$a}{$b}{$c}{$d}{$e}{$f}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('111111');
    for (const p of [
      'files/user/readme.txt',
      'files/temp/upload.txt',
      'files/g/private/contract.txt',
      'buckets/archive/2025/summary.txt',
      'temp/t.txt',
      'temp/u.txt',
    ])
      expect(has(site, p), p).toBe(false);
  });

  test.each([
    ['/files/ltd/none.txt', 'IO_NOT_FOUND'],
    ['/files/ltd/file_plugins_tutorial', 'IO_IS_DIR'],
    ['/files/ltd/', 'IO_IS_DIR'],
    ['/files/ltd', 'IO_IS_DIR'],
    ['/files/topics/1/report.txt', 'IO_AREA_DENIED'],
    ['/files/member/3/profile.txt', 'IO_AREA_DENIED'],
    ['/files/ltd/../user/readme.txt', 'IO_PATH_TRAVERSAL'],
    ['/files/ltd/%2E%2E/user/readme.txt', 'IO_PATH_INVALID'],
    ['/files/ltd/..%2fuser/readme.txt', 'IO_PATH_INVALID'],
    ['/files/user/readme.txt\u0000.png', 'IO_PATH_INVALID'],
    ['\\files\\user\\readme.txt', 'IO_PATH_INVALID'],
    ['/site.json', 'IO_PATH_OUTSIDE'],
    ['../site.json', 'IO_PATH_TRAVERSAL'],
    ['', 'IO_MISSING_ATTRIBUTE'],
  ])('%j: %s, status 0, nothing removed', async (path, code) => {
    const site = await exampleSite();
    const before = new Map(files(site));
    const r = await renderOn(site, '{remove_file path=$path status_var=s}{$s}', { path });
    expect(r.output).toBe('0');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.startsWith(`${code} `), r.errors[0]).toBe(true);
    expect(files(site)).toEqual(before);
  });

  test('without status_var a failure is only logged', async () => {
    const site = await exampleSite();
    const r = await renderOn(site, '{remove_file path="/files/ltd/none.txt"}after');
    expect(r.output).toBe('after');
    expect(r.log.find((e) => e.level === 'error')).toMatchObject({
      code: 'IO_NOT_FOUND',
      source: 'remove_file',
    });
  });

  test('a typo in status_var is a warning naming the nearest attribute; the file is still removed', async () => {
    const site = await exampleSite();
    const r = await createEngine(siteOptions(site)).render(
      '{remove_file staus_var=s path="/files/ltd/prices.csv"}done',
    );
    expect(r.output).toBe('done');
    expect(r.warnings.map((w) => `${w.code} ${w.hint}`)).toEqual([
      'UNKNOWN_ATTRIBUTE did you mean status_var?',
    ]);
    expect(has(site, 'files/ltd/prices.csv')).toBe(false);
  });
});

describe('remove_dir', () => {
  test('a folder and everything in it', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{remove_dir path="/files/ltd/file_plugins_tutorial/assets" status_var=s}{$s}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('1');
    expect([...files(site).keys()].filter((k) => k.startsWith('files/ltd/file_plugins_tutorial'))).toEqual(
      [],
    );
    expect(has(site, 'files/ltd/prices.csv')).toBe(true);
    expect(await site.fs.stat('files/ltd')).toMatchObject({ isDir: true });
  });

  test('a folder of the temporary area, relative', async () => {
    const site = await siteWith({ 'temp/batch/a.csv': 'a', 'temp/keep.txt': 'k' });
    const r = await renderOn(site, '{remove_dir path="batch" status_var=s}{$s}');
    expect(r.output).toBe('1');
    expect([...files(site).keys()]).toEqual(['temp/keep.txt']);
  });

  test.each([
    '/files/user',
    '/files/user/',
    'files/user',
    '/files/user/.',
    '/files/user//',
    '/files/ltd/',
    '/files/temp',
    '/files/g',
    '/files/a/',
    '`$smarty.const.TEMP_DIR2`',
    '`$smarty.const.TEMP_DIR2`/',
    '.',
  ])('never an area root: %s', async (path) => {
    const site = await exampleSite();
    const before = new Map(files(site));
    const r = await renderOn(site, `{remove_dir path="${path}" status_var=s}{$s}`);
    expect(r.output).toBe('0');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^IO_AREA_ROOT remove_dir: .* is an area's root and is never removed$/);
    expect(files(site)).toEqual(before);
  });

  test.each([
    ['/files/ltd/none', 'IO_NOT_FOUND'],
    ['/files/ltd/prices.csv', 'IO_NOT_DIR'],
    ['/files/topics/1', 'IO_AREA_DENIED'],
    ['/files/member', 'IO_AREA_DENIED'],
    ['/files', 'IO_AREA_DENIED'],
    ['/', 'IO_PATH_OUTSIDE'],
    ['/files/user/..', 'IO_PATH_TRAVERSAL'],
    ['/files/user/%2e%2e', 'IO_PATH_INVALID'],
    ['', 'IO_MISSING_ATTRIBUTE'],
  ])('%j: %s, status 0, nothing removed', async (path, code) => {
    const site = await exampleSite();
    const before = new Map(files(site));
    const r = await renderOn(site, '{remove_dir path=$path status_var=s}{$s}', { path });
    expect(r.output).toBe('0');
    expect(r.errors[0]!.startsWith(`${code} `), r.errors[0]).toBe(true);
    expect(files(site)).toEqual(before);
  });
});

describe('rename_file', () => {
  test('within an area, into new folders', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{rename_file src_path="/files/user/readme.txt" dest_path="/files/user/docs/2026/readme.txt" status_var=s}{$s}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('1');
    expect(has(site, 'files/user/readme.txt')).toBe(false);
    expect(await readText(site, 'files/user/docs/2026/readme.txt')).toContain('こんにちは');
  });

  test('between areas: the temporary area to /files/ltd, /files/user to the default bucket', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{write_file path="out.csv" var=p value="a,b"}{rename_file src_path=$p dest_path="/files/ltd/out.csv"}' +
        '{rename_file src_path="/files/user/readme.txt" dest_path="/files/g/public/readme.txt"}',
    );
    expect(r.errors).toEqual([]);
    expect(await readText(site, 'files/ltd/out.csv')).toBe('a,b');
    expect(has(site, 'temp/out.csv')).toBe(false);
    expect(has(site, 'files/g/public/readme.txt')).toBe(true);
  });

  test('an existing destination file is replaced; a file onto itself is a no-op', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{rename_file src_path="/files/ltd/prices.csv" dest_path="/files/ltd/prices.csv" status_var=a}' +
        '{rename_file src_path="/files/user/reports/2026-11.csv" dest_path="/files/user/reports/2026-10.csv" status_var=b}{$a}{$b}',
    );
    expect(r.output).toBe('11');
    expect(await readText(site, 'files/ltd/prices.csv')).toBe('code,price\nA-1,100\nB-2,250\n');
    expect(await readText(site, 'files/user/reports/2026-10.csv')).toBe('id,name,amount,note\n4,Kato,300,\n');
    expect(has(site, 'files/user/reports/2026-11.csv')).toBe(false);
  });

  test.each([
    ['/files/user/none.txt', '/files/user/x.txt', 'IO_NOT_FOUND'],
    ['/files/user/reports', '/files/user/r2', 'IO_IS_DIR'],
    ['/files/user/readme.txt', '/files/user/reports', 'IO_IS_DIR'],
    ['/files/user/readme.txt', '/files/user/', 'IO_IS_DIR'],
    ['/files/user/readme.txt', '/files/topics/1/readme.txt', 'IO_AREA_DENIED'],
    ['/files/member/3/profile.txt', '/files/user/p.txt', 'IO_AREA_DENIED'],
    ['/files/user/readme.txt', '/files/user/../../site.json', 'IO_PATH_TRAVERSAL'],
    ['/files/user/readme.txt', '/site2.json', 'IO_PATH_OUTSIDE'],
    ['/files/user/readme.txt', '/files/user/%2e%2e/x', 'IO_PATH_INVALID'],
    ['', '/files/user/x', 'IO_MISSING_ATTRIBUTE'],
    ['/files/user/readme.txt', '', 'IO_MISSING_ATTRIBUTE'],
  ])('%j → %j: %s, nothing moves', async (src, dest, code) => {
    const site = await exampleSite();
    const before = new Map(files(site));
    const r = await renderOn(site, '{rename_file src_path=$src dest_path=$dest status_var=s}{$s}', {
      src,
      dest,
    });
    expect(r.output).toBe('0');
    expect(r.errors[0]!.startsWith(`${code} `), r.errors[0]).toBe(true);
    expect(files(site)).toEqual(before);
  });
});
