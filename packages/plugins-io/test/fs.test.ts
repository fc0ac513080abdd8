import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { memoryFs } from '../src/fs/memory';
import { nodeFs } from '../src/fs/node';
import { FsError } from '../src/fs/types';
import { siteFsSuite } from './fs-suite';

const roots: string[] = [];
function tempRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sumi-fs-'));
  roots.push(dir);
  return dir;
}
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

siteFsSuite('memory', async () => memoryFs());
siteFsSuite('site folder', async () => nodeFs(tempRoot()));

describe('the folder adapter and symbolic links', () => {
  const outside = tempRoot();
  writeFileSync(join(outside, 'secret.txt'), 'secret');

  function siteWithLinks() {
    const root = tempRoot();
    mkdirSync(join(root, 'files/user'), { recursive: true });
    mkdirSync(join(root, 'files/ltd'), { recursive: true });
    writeFileSync(join(root, 'files/ltd/inside.txt'), 'inside');
    symlinkSync(join(outside, 'secret.txt'), join(root, 'files/user/file-out'));
    symlinkSync(outside, join(root, 'files/user/dir-out'));
    symlinkSync('../../../../../../../../../../tmp', join(root, 'files/user/relative-out'));
    symlinkSync(join(outside, 'missing.txt'), join(root, 'files/user/dangling-out'));
    symlinkSync(join(root, 'files/ltd/inside.txt'), join(root, 'files/user/in-site'));
    symlinkSync('loop-b', join(root, 'files/user/loop-a'));
    symlinkSync('loop-a', join(root, 'files/user/loop-b'));
    return { root, fs: nodeFs(root) };
  }

  const outsideCode = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'ok';
    } catch (e) {
      expect(e).toBeInstanceOf(FsError);
      expect((e as Error).message).not.toContain(outside);
      return (e as FsError).code;
    }
  };

  test('no operation follows a link out of the site', async () => {
    const { fs } = siteWithLinks();
    const enc = new TextEncoder().encode('x');
    expect(await outsideCode(fs.read('files/user/file-out'))).toBe('OUTSIDE');
    expect(await outsideCode(fs.read('files/user/dir-out/secret.txt'))).toBe('OUTSIDE');
    expect(await outsideCode(fs.list('files/user/dir-out'))).toBe('OUTSIDE');
    expect(await outsideCode(fs.stat('files/user/relative-out'))).toBe('OUTSIDE');
    expect(await outsideCode(fs.write('files/user/dir-out/new.txt', enc))).toBe('OUTSIDE');
    expect(await outsideCode(fs.write('files/user/dangling-out', enc))).toBe('OUTSIDE');
    expect(await outsideCode(fs.append('files/user/dangling-out', enc))).toBe('OUTSIDE');
    expect(await outsideCode(fs.removeDir('files/user/dir-out'))).toBe('OUTSIDE');
    expect(await outsideCode(fs.rename('files/ltd/inside.txt', 'files/user/dir-out/moved.txt'))).toBe(
      'OUTSIDE',
    );
    expect(await outsideCode(fs.readStream('files/user/file-out'))).toBe('OUTSIDE');
    expect(await outsideCode(fs.read('files/user/loop-a'))).toBe('OUTSIDE');
    expect(readdirSync(outside)).toEqual(['secret.txt']);
  });

  test('a link inside the site resolves to its real site path', async () => {
    const { fs } = siteWithLinks();
    expect(await fs.realPath('files/user/in-site')).toBe('files/ltd/inside.txt');
    expect(new TextDecoder().decode(await fs.read('files/user/in-site'))).toBe('inside');
  });

  test('an interrupted write leaves the old file whole and no temporary file', async () => {
    const root = tempRoot();
    const fs = nodeFs(root);
    await fs.write('temp/a.txt', new TextEncoder().encode('old'));
    // a write into a folder where the file is a folder fails; the old content of a.txt stays
    await fs.mkdir('temp/b.txt');
    await expect(fs.write('temp/b.txt', new TextEncoder().encode('new'))).rejects.toBeInstanceOf(FsError);
    expect(readdirSync(join(root, 'temp')).sort()).toEqual(['a.txt', 'b.txt']);
  });

  test('messages name site paths, never the host folder', async () => {
    const root = tempRoot();
    const fs = nodeFs(root);
    const err = (await fs.read('files/user/none.txt').catch((e) => e)) as Error;
    expect(err.message).toBe('files/user/none.txt does not exist');
    expect(err.message).not.toContain(root);
  });
});
