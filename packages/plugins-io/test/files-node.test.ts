/**
 * The file plugins on a real site folder (folderSite): replaces are atomic (a reader of the old file
 * keeps it whole, the new one appears whole, no temporary file is left), failures leave nothing
 * half-written, and symbolic links cannot carry a write or a removal out of its area.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { folderSite } from '../src/node';
import type { Site } from '../src/site';
import { renderOn } from './helpers';

let dir: string;
let outside: string;
let site: Site;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sumi-files-'));
  outside = mkdtempSync(join(tmpdir(), 'sumi-outside-'));
  for (const d of ['temp', 'files/user', 'files/ltd', 'files/g'])
    mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  site = await folderSite(dir);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** every file name under the site folder, recursively */
function allFiles(root = dir, prefix = ''): string[] {
  return readdirSync(root, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? allFiles(join(root, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    )
    .sort();
}

const read = (path: string) => readFileSync(join(dir, path), 'utf8');

describe('atomic writes on the folder adapter', () => {
  test('write_file replaces by rename: a reader of the old file keeps it whole, no temporary file is left', async () => {
    const old = 'old,'.repeat(50_000);
    writeFileSync(join(dir, 'temp/log.csv'), old);
    const inodeBefore = statSync(join(dir, 'temp/log.csv')).ino;
    const fd = openSync(join(dir, 'temp/log.csv'), 'r');
    try {
      const r = await renderOn(site, '{write_file path="log.csv" var=p value="new"}{$p}');
      expect(r.errors).toEqual([]);
      expect(r.output).toBe('log.csv');
      expect(read('temp/log.csv')).toBe('new');
      expect(statSync(join(dir, 'temp/log.csv')).ino).not.toBe(inodeBefore);
      // the file the reader opened is the old one, complete
      const buf = Buffer.alloc(old.length + 10);
      expect(readSync(fd, buf, 0, buf.length, 0)).toBe(old.length);
      expect(buf.subarray(0, old.length).toString()).toBe(old);
    } finally {
      closeSync(fd);
    }
    expect(allFiles()).toEqual(['temp/log.csv']);
  });

  test('put_file replaces its destination the same way', async () => {
    writeFileSync(join(dir, 'files/ltd/out.csv'), 'previous');
    const inodeBefore = statSync(join(dir, 'files/ltd/out.csv')).ino;
    const r = await renderOn(
      site,
      '{write_file var=t value="a,b"}{put_file tmp_path=$t path="/files/ltd/out.csv" status_var=ok}{$ok}',
    );
    expect(r.output).toBe('1');
    expect(read('files/ltd/out.csv')).toBe('a,b');
    expect(statSync(join(dir, 'files/ltd/out.csv')).ino).not.toBe(inodeBefore);
    expect(allFiles().filter((f) => f.includes('.sumi-'))).toEqual([]);
  });

  test('a write that fails at the rename (the target is a folder) leaves no temporary file', async () => {
    mkdirSync(join(dir, 'temp/box/inner'), { recursive: true });
    writeFileSync(join(dir, 'temp/box/inner/keep.txt'), 'k');
    const r = await renderOn(site, '{write_file path="box/inner" var=p value="x"}{if $p === false}F{/if}');
    expect(r.output).toBe('F');
    expect(r.errors[0]).toMatch(/^IO_IS_DIR /);
    expect(allFiles()).toEqual(['temp/box/inner/keep.txt']);
  });

  test('over the byte budget: nothing is written, the old file is intact', async () => {
    writeFileSync(join(dir, 'temp/x.csv'), 'old');
    await expect(
      renderOn(site, '{write_file path="x.csv" value="far too long"}', {}, { limits: { maxFileBytes: 5 } }),
    ).rejects.toMatchObject({ code: 'LIMIT_COST' });
    await expect(
      renderOn(
        site,
        '{put_file value="far too long" path="/files/user/y.csv"}',
        {},
        { limits: { maxFileBytes: 5 } },
      ),
    ).rejects.toMatchObject({ code: 'LIMIT_COST' });
    expect(allFiles()).toEqual(['temp/x.csv']);
    expect(read('temp/x.csv')).toBe('old');
  });

  test('the appends of the vendor chain, on disk', async () => {
    const r = await renderOn(
      site,
      '{write_file var=p value=$head}{write_file path=$p value="\\n" is_append=1}{write_file path=$p value=$row is_append=1}{write_file path=$p value="\\n" is_append=1}' +
        '{put_file tmp_path=$p path="/files/ltd/logs/log.csv"}',
      { head: ['Path', 'Deleted date'], row: ['/files/ltd/a b.png', '2026-11-01 09:00:00'] },
    );
    expect(r.errors).toEqual([]);
    expect(read('files/ltd/logs/log.csv')).toBe(
      'Path,"Deleted date"\n"/files/ltd/a b.png","2026-11-01 09:00:00"\n',
    );
  });
});

describe('symbolic links on the folder adapter', () => {
  test('write_file through a link leading out of the site is refused; nothing is written outside', async () => {
    symlinkSync(outside, join(dir, 'temp/out'));
    const r = await renderOn(
      site,
      '{write_file path="out/new.txt" var=p value="x"}{write_file path="out/secret.txt" value="x" is_append=1}',
    );
    expect(r.errors.map((e) => e.split(' ')[0])).toEqual(['IO_PATH_OUTSIDE', 'IO_PATH_OUTSIDE']);
    expect(r.vars.p).toBe(false);
    expect(readdirSync(outside)).toEqual(['secret.txt']);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('secret');
  });

  test('a dangling link leading out is refused as well', async () => {
    symlinkSync(join(outside, 'not-yet.txt'), join(dir, 'temp/dangling.txt'));
    const r = await renderOn(site, '{write_file path="dangling.txt" var=p value="x"}');
    expect(r.errors[0]).toMatch(/^IO_PATH_OUTSIDE /);
    expect(existsSync(join(outside, 'not-yet.txt'))).toBe(false);
  });

  test('put_file, get_file, remove_file and rename_file refuse links out of the site or into another area', async () => {
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'files/user/secret.txt'));
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'temp/secret.txt'));
    writeFileSync(join(dir, 'files/ltd/limited.txt'), 'limited');
    symlinkSync(join(dir, 'files/ltd/limited.txt'), join(dir, 'files/user/limited.txt'));
    symlinkSync(join(dir, 'files/ltd'), join(dir, 'files/user/ltd-dir'));
    const r = await renderOn(
      site,
      '{put_file tmp_path="secret.txt" path="/files/user/copy.txt" status_var=a}' +
        '{get_file path="/files/user/secret.txt" save=false var=b}' +
        '{remove_file path="/files/user/secret.txt" status_var=c}' +
        '{remove_file path="/files/user/limited.txt" status_var=d}' +
        '{rename_file src_path="/files/user/limited.txt" dest_path="/files/user/mine.txt" status_var=e}' +
        '{put_file value="x" path="/files/user/ltd-dir/new.txt" status_var=f}' +
        '{remove_dir path="/files/user/ltd-dir" status_var=g}' +
        '{$a}{if $b === false}F{/if}{$c}{$d}{$e}{$f}{$g}',
    );
    expect(r.output).toBe('0F00000');
    expect(r.errors.every((e) => e.startsWith('IO_PATH_OUTSIDE '))).toBe(true);
    expect(r.errors).toHaveLength(7);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    expect(read('files/ltd/limited.txt')).toBe('limited');
    expect(existsSync(join(dir, 'files/ltd/new.txt'))).toBe(false);
    expect(existsSync(join(dir, 'files/user/copy.txt'))).toBe(false);
  });

  test('remove_dir never removes an area root, even through a link to it', async () => {
    writeFileSync(join(dir, 'files/user/a.txt'), 'a');
    symlinkSync(join(dir, 'files/user'), join(dir, 'files/user/root-link'));
    symlinkSync(join(dir, 'temp'), join(dir, 'temp/tmp-link'));
    const r = await renderOn(
      site,
      '{remove_dir path="/files/user/root-link" status_var=a}{remove_dir path="tmp-link" status_var=b}{remove_dir path="/files/user" status_var=c}{$a}{$b}{$c}',
    );
    expect(r.output).toBe('000');
    expect(r.errors.map((e) => e.split(' ')[0])).toEqual(['IO_AREA_ROOT', 'IO_AREA_ROOT', 'IO_AREA_ROOT']);
    expect(read('files/user/a.txt')).toBe('a');
    expect(existsSync(join(dir, 'temp'))).toBe(true);
  });

  test('remove_dir of a real folder on disk', async () => {
    mkdirSync(join(dir, 'files/user/old/deep'), { recursive: true });
    writeFileSync(join(dir, 'files/user/old/deep/a.txt'), 'a');
    const r = await renderOn(site, '{remove_dir path="/files/user/old" status_var=s}{$s}');
    expect(r.output).toBe('1');
    expect(existsSync(join(dir, 'files/user/old'))).toBe(false);
    expect(existsSync(join(dir, 'files/user'))).toBe(true);
  });
});
