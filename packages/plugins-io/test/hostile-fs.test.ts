/**
 * The folder adapter attacked on a real folder: pipes and other non-regular files, links planted
 * in the site, names the adapters reserve. Each test names the problem it guards against.
 */
import { execFileSync } from 'node:child_process';
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
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memorySession } from '@sumi/runtime';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ContentStore } from '../src/content/types';
import { nodeFs } from '../src/fs/node';
import { FsError } from '../src/fs/types';
import { folderSite } from '../src/node';
import type { Site } from '../src/site';
import { renderOn } from './helpers';

let dir: string;
let outside: string;
let site: Site;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sumi-hostile-'));
  outside = mkdtempSync(join(tmpdir(), 'sumi-hostile-out-'));
  for (const d of ['temp', 'files/user', 'files/ltd', 'files/g', 'content'])
    mkdirSync(join(dir, d), { recursive: true });
  site = await folderSite(dir);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const fsCode = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(FsError);
    expect((e as Error).message).not.toContain(dir);
    return (e as FsError).code;
  }
};

describe.skipIf(process.platform === 'win32')('pipes and other non-regular files', () => {
  beforeEach(() => {
    execFileSync('mkfifo', [join(dir, 'files/user/pipe'), join(dir, 'temp/pipe')]);
  });

  // opening a FIFO for reading waits for a writer: the render (and a thread of Node's pool) hung
  // forever, past limits.timeoutMs, which is only checked between steps
  test('the adapter refuses them at once, never waiting on them', async () => {
    const fs = nodeFs(dir);
    expect(await fsCode(fs.read('files/user/pipe'))).toBe('IO');
    expect(await fsCode(fs.readStream('files/user/pipe'))).toBe('IO');
    expect(await fsCode(fs.append('files/user/pipe', new Uint8Array([1])))).toBe('IO');
  }, 5000);

  test('read_file, get_file, put_file, zip and write_file fail with IO_ERROR; the render goes on', async () => {
    const r = await renderOn(
      site,
      '{read_file path="/files/user/pipe" row=r}{$r}{/read_file}' +
        '{get_file path="/files/user/pipe" save=false var=a}' +
        '{put_file tmp_path="pipe" path="/files/user/copy.txt" status_var=b}' +
        '{write_file path="pipe" value="x" is_append=1 var=c}' +
        '{zip entries=$e dest="/files/user/z.zip" status_var=d}' +
        '[{if $a === false}F{/if} {$b} {if $c === false}F{/if} {$d}]',
      { e: [{ url: '/files/user/pipe' }] },
      { limits: { timeoutMs: 3000 } },
    );
    expect(r.output).toBe('[F 0 F 0]');
    expect(r.errors.map((e) => e.split(' ')[0])).toEqual([
      'IO_ERROR',
      'IO_ERROR',
      'IO_ERROR',
      'IO_ERROR',
      'IO_ERROR',
    ]);
    expect(r.errors.join('\n')).not.toContain(dir);
    expect(existsSync(join(dir, 'files/user/copy.txt'))).toBe(false);
    expect(readdirSync(join(dir, 'temp')).sort()).toEqual(['pipe']);
  }, 10000);
});

describe('removing through symbolic links', () => {
  // remove_file on a link deleted the file it led to and left the link dangling; remove_dir on a
  // link deleted the linked folder's whole tree. PHP's unlink removes the link itself.
  test('remove_file and remove_dir remove the link, never what it leads to', async () => {
    writeFileSync(join(dir, 'files/user/report.csv'), 'keep me');
    mkdirSync(join(dir, 'files/user/data/sub'), { recursive: true });
    writeFileSync(join(dir, 'files/user/data/sub/a.txt'), 'keep me too');
    symlinkSync('report.csv', join(dir, 'files/user/current.csv'));
    symlinkSync('data', join(dir, 'files/user/latest'));
    const r = await renderOn(
      site,
      '{remove_file path="/files/user/current.csv" status_var=a}{remove_dir path="/files/user/latest" status_var=b}{$a}{$b}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('11');
    expect(readdirSync(join(dir, 'files/user')).sort()).toEqual(['data', 'report.csv']);
    expect(readFileSync(join(dir, 'files/user/report.csv'), 'utf8')).toBe('keep me');
    expect(readFileSync(join(dir, 'files/user/data/sub/a.txt'), 'utf8')).toBe('keep me too');
  });

  test('the adapter: a dangling link inside the site is removed; a link leading out is refused', async () => {
    const fs = nodeFs(dir);
    symlinkSync('nothing-here', join(dir, 'files/user/dangling'));
    symlinkSync(outside, join(dir, 'files/user/out'));
    await fs.remove('files/user/dangling');
    expect(existsSync(join(dir, 'files/user/dangling'))).toBe(false);
    expect(await fsCode(fs.removeDir('files/user/out'))).toBe('OUTSIDE');
    expect(await fsCode(fs.remove('files/user/out'))).toBe('OUTSIDE');
    // a folder reached through a linked parent is still removed whole
    mkdirSync(join(dir, 'files/ltd/real/inner'), { recursive: true });
    symlinkSync('../ltd/real', join(dir, 'files/user/via'));
    await fs.removeDir('files/user/via/inner');
    expect(readdirSync(join(dir, 'files/ltd/real'))).toEqual([]);
  });
});

describe('dangling links reached through a linked folder', () => {
  // a dangling link's relative target was resolved against the path as written (through the
  // linked folder), not against the folder the link really is in: the write went to a place the
  // link does not lead to, and a link leading out of the site passed as inside
  test('a relative target is read from the folder the link physically is in', async () => {
    const fs = nodeFs(dir);
    mkdirSync(join(dir, 'files/user/a/b/c'), { recursive: true });
    // files/user/a/b/c/up is files/user itself; files/user/away leads 3 levels up: out of the site
    symlinkSync('../../..', join(dir, 'files/user/a/b/c/up'));
    symlinkSync(`../../../${outside.split('/').pop()}/planted.txt`, join(dir, 'files/user/away'));
    expect(await fsCode(fs.write('files/user/a/b/c/up/away', new TextEncoder().encode('x')))).toBe('OUTSIDE');
    expect(await fsCode(fs.realPath('files/user/a/b/c/up/away'))).toBe('OUTSIDE');
    const r = await renderOn(site, '{put_file value="x" path="/files/user/a/b/c/up/away" status_var=s}{$s}');
    expect(r.output).toBe('0');
    expect(r.errors[0]).toMatch(/^IO_PATH_OUTSIDE /);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(dir, 'files/user/a/outside'))).toBe(false);
    expect(readdirSync(join(dir, 'files/user/a'))).toEqual(['b']);
  });

  test('one that stays inside resolves where the link leads', async () => {
    const fs = nodeFs(dir);
    mkdirSync(join(dir, 'files/user/a/b'), { recursive: true });
    symlinkSync('../..', join(dir, 'files/user/a/b/up'));
    symlinkSync('target-dir/new.txt', join(dir, 'files/user/pending'));
    expect(await fs.realPath('files/user/a/b/up/pending')).toBe('files/user/target-dir/new.txt');
  });
});

describe('link loops', () => {
  // `self` → `x/../self` is dangling for the kernel (x does not exist), and resolving it by hand led
  // back to itself: every operation on it spun forever
  test('a cycle of dangling links is a loop, refused at once', async () => {
    const fs = nodeFs(dir);
    symlinkSync('x/../self', join(dir, 'files/user/self'));
    symlinkSync('y/../pong', join(dir, 'files/user/ping'));
    symlinkSync('z/../ping', join(dir, 'files/user/pong'));
    for (const p of ['files/user/self', 'files/user/ping', 'files/user/self/under/it']) {
      expect(await fsCode(fs.stat(p)), p).toBe('OUTSIDE');
      expect(await fsCode(fs.write(p, new Uint8Array([1]))), p).toBe('OUTSIDE');
    }
    const r = await renderOn(site, '{read_dir path="/files/user" file_var=f}{$f.path}{/read_dir}');
    expect(r.output).toBe('');
    expect(r.log.map((e) => e.code)).toEqual(['IO_PATH_OUTSIDE', 'IO_PATH_OUTSIDE', 'IO_PATH_OUTSIDE']);
  }, 5000);
});

describe('read_file permissions through links', () => {
  // /files/topics/1/leak.txt -> ../3/secret.txt: the permission was asked of content 1 (open) and
  // the closed content 3's file was read; the same for a member's folder
  test("a link into another content's or member's folder is checked where it leads", async () => {
    mkdirSync(join(dir, 'files/topics/1'), { recursive: true });
    mkdirSync(join(dir, 'files/topics/3'), { recursive: true });
    mkdirSync(join(dir, 'files/member/3'), { recursive: true });
    mkdirSync(join(dir, 'files/member/4'), { recursive: true });
    writeFileSync(join(dir, 'files/topics/1/open.txt'), 'open');
    writeFileSync(join(dir, 'files/topics/3/secret.txt'), 'closed content');
    writeFileSync(join(dir, 'files/member/4/private.txt'), 'member 4');
    symlinkSync('../3/secret.txt', join(dir, 'files/topics/1/leak.txt'));
    symlinkSync('open.txt', join(dir, 'files/topics/1/alias.txt'));
    symlinkSync('../4/private.txt', join(dir, 'files/member/3/leak.txt'));
    const store = {
      isTopicOpen: async (id: number) => id === 1,
      isMemberVisible: async () => false,
    } as unknown as ContentStore;
    const linked = await folderSite(dir, { content: store });
    const read = async (path: string, member: number | null = null, ignore = false) => {
      const r = await renderOn(
        linked,
        `{read_file path='${path}' row=r${ignore ? ' ignore_permission=1' : ''}}{$r}{/read_file}`,
        {},
        { services: { session: memorySession(member) } },
      );
      return r.errors.length ? r.errors[0]!.split(' ')[0]! : r.output;
    };
    expect(await read('/files/topics/1/leak.txt')).toBe('IO_PERMISSION_DENIED');
    expect(await read('/files/member/3/leak.txt', 3)).toBe('IO_PERMISSION_DENIED');
    // a link that stays in the same content's folder, and ignore_permission, read as before
    expect(await read('/files/topics/1/alias.txt')).toBe('open');
    expect(await read('/files/topics/1/leak.txt', null, true)).toBe('closed content');
  });
});

describe('moving a symbolic link', () => {
  // rename_file of a link moved the file it led to (out of its folder) and left the link dangling
  test('rename_file moves the link itself; the file it leads to stays', async () => {
    mkdirSync(join(dir, 'files/user/reports'));
    writeFileSync(join(dir, 'files/user/reports/2026-11.csv'), 'report');
    symlinkSync('reports/2026-11.csv', join(dir, 'files/user/latest.csv'));
    const r = await renderOn(
      site,
      '{rename_file src_path="/files/user/latest.csv" dest_path="/files/user/current.csv" status_var=s}{$s}' +
        '{read_file path="/files/user/current.csv" row=r}:{$r}{/read_file}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('1:report');
    expect(readdirSync(join(dir, 'files/user')).sort()).toEqual(['current.csv', 'reports']);
    expect(readdirSync(join(dir, 'files/user/reports'))).toEqual(['2026-11.csv']);
  });
});
