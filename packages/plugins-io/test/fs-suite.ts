/**
 * The shared adapter suite: every `SiteFs` implementation must pass it. fs.test.ts runs it on the
 * memory adapter and on the folder adapter over a fresh temporary folder.
 */
import { describe, expect, test } from 'vitest';
import { FsError, type SiteFs } from '../src/fs/types';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(FsError);
    return (e as FsError).code;
  }
  return 'ok';
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const c of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(c);
  return chunks;
}

/** `make` returns a fresh, empty site file system for each test */
export function siteFsSuite(name: string, make: () => Promise<SiteFs>): void {
  describe(`SiteFs contract: ${name}`, () => {
    test('write creates folders, read returns the bytes, stat tells size and kind', async () => {
      const fs = await make();
      await fs.write('files/user/a/b/c.txt', enc('héllo'));
      expect(dec(await fs.read('files/user/a/b/c.txt'))).toBe('héllo');
      const st = await fs.stat('files/user/a/b/c.txt');
      expect(st).toMatchObject({ size: 6, isDir: false });
      expect(typeof st?.mtimeMs).toBe('number');
      expect(await fs.stat('files/user/a/b')).toMatchObject({ isDir: true });
      expect(await fs.stat('files/user/nothing')).toBeNull();
      expect(await fs.stat('files/user/a/b/c.txt/under-a-file')).toBeNull();
    });

    test('write replaces a file whole; append adds and creates', async () => {
      const fs = await make();
      await fs.write('temp/x.csv', enc('one,two\n'));
      await fs.write('temp/x.csv', enc('3'));
      expect(dec(await fs.read('temp/x.csv'))).toBe('3');
      await fs.append('temp/x.csv', enc('4'));
      await fs.append('temp/new/y.csv', enc('5'));
      expect(dec(await fs.read('temp/x.csv'))).toBe('34');
      expect(dec(await fs.read('temp/new/y.csv'))).toBe('5');
    });

    test('list gives sorted names and hides nothing of the site', async () => {
      const fs = await make();
      for (const n of ['b.txt', 'a.txt', 'B.txt', 'sub/c.txt']) await fs.write(`files/ltd/${n}`, enc(n));
      expect(await fs.list('files/ltd')).toEqual(['B.txt', 'a.txt', 'b.txt', 'sub']);
      expect(await code(fs.list('files/ltd/none'))).toBe('NOT_FOUND');
      expect(await code(fs.list('files/ltd/a.txt'))).toBe('NOT_DIR');
    });

    test('readStream streams the bytes in chunks', async () => {
      const fs = await make();
      const big = new Uint8Array(300_000).map((_, i) => i % 251);
      await fs.write('files/user/big.bin', big);
      const chunks = await readAll(await fs.readStream('files/user/big.bin'));
      expect(chunks.length).toBeGreaterThan(1);
      const joined = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let o = 0;
      for (const c of chunks) {
        joined.set(c, o);
        o += c.length;
      }
      expect(joined).toEqual(big);
      expect(await code(fs.readStream('files/user/none'))).toBe('NOT_FOUND');
    });

    test('remove takes files only; removeDir takes a tree, never the site', async () => {
      const fs = await make();
      await fs.write('files/user/d/e/f.txt', enc('1'));
      expect(await code(fs.remove('files/user/d'))).toBe('IS_DIR');
      expect(await code(fs.remove('files/user/none'))).toBe('NOT_FOUND');
      await fs.remove('files/user/d/e/f.txt');
      expect(await fs.stat('files/user/d/e/f.txt')).toBeNull();
      await fs.write('files/user/d/e/g.txt', enc('1'));
      expect(await code(fs.removeDir('files/user/d/e/g.txt'))).toBe('NOT_DIR');
      await fs.removeDir('files/user/d');
      expect(await fs.stat('files/user/d')).toBeNull();
      expect(await fs.stat('files/user')).toMatchObject({ isDir: true });
      expect(await code(fs.removeDir(''))).toBe('INVALID');
    });

    test('rename moves a file, replacing the target and making folders', async () => {
      const fs = await make();
      await fs.write('temp/a.txt', enc('a'));
      await fs.write('files/ltd/x/b.txt', enc('old'));
      await fs.rename('temp/a.txt', 'files/ltd/x/b.txt');
      expect(dec(await fs.read('files/ltd/x/b.txt'))).toBe('a');
      expect(await fs.stat('temp/a.txt')).toBeNull();
      await fs.rename('files/ltd/x/b.txt', 'files/ltd/y/z/c.txt');
      expect(dec(await fs.read('files/ltd/y/z/c.txt'))).toBe('a');
      expect(await code(fs.rename('temp/none', 'temp/b'))).toBe('NOT_FOUND');
    });

    test('a file where a folder is needed is NOT_DIR; a folder where a file is needed IS_DIR', async () => {
      const fs = await make();
      await fs.write('files/user/f', enc('x'));
      expect(await code(fs.write('files/user/f/g', enc('y')))).toBe('NOT_DIR');
      await fs.mkdir('files/user/dir');
      expect(await code(fs.write('files/user/dir', enc('y')))).toBe('IS_DIR');
      expect(await code(fs.read('files/user/dir'))).toBe('IS_DIR');
    });

    test('paths that are not site-relative are refused by the adapter itself', async () => {
      const fs = await make();
      for (const bad of ['../x', 'files/../../x', '/etc/passwd', 'files\\user', 'a\0b', 'files/./user']) {
        expect(await code(fs.read(bad)), bad).toBe('INVALID');
        expect(await code(fs.write(bad, enc('x'))), bad).toBe('INVALID');
      }
    });

    // the disk wrote 'x\uD800' and 'x\uDC00' as one file, 'x\uFFFD'; memory kept two
    test('a lone UTF-16 surrogate is refused, never turned into U+FFFD', async () => {
      const fs = await make();
      for (const bad of ['files/user/x\uD800', 'files/user/\uDC00/y', 'temp/a\uDBFF']) {
        expect(await code(fs.write(bad, enc('x'))), bad).toBe('INVALID');
        expect(await code(fs.append(bad, enc('x'))), bad).toBe('INVALID');
        expect(await code(fs.stat(bad)), bad).toBe('INVALID');
      }
      // a pair is a character like any other
      await fs.write('files/user/\uD83D\uDE00.txt', enc('smile'));
      expect(await fs.list('files/user')).toEqual(['\uD83D\uDE00.txt']);
    });

    // the folder adapter's listings hide its temporary files: a site file of that name was
    // invisible on disk and visible in memory
    test('no path names an adapter temporary file', async () => {
      const fs = await make();
      for (const bad of ['temp/.sumi-0123456789ab.tmp', 'files/user/.sumi-abcdefabcdef.tmp/x']) {
        expect(await code(fs.write(bad, enc('x'))), bad).toBe('INVALID');
        expect(await code(fs.read(bad)), bad).toBe('INVALID');
      }
      await fs.write('temp/.sumi-notes.tmp', enc('a name like it is fine'));
      expect(await fs.list('temp')).toEqual(['.sumi-notes.tmp']);
    });

    // a disk refuses a name over 255 bytes (ENAMETOOLONG, an IO error); memory took it
    test('a name longer than 255 UTF-8 bytes is refused; 255 bytes is fine', async () => {
      const fs = await make();
      const ok = `${'あ'.repeat(85)}`;
      await fs.write(`files/user/${ok}`, enc('x'));
      expect(await fs.list('files/user')).toEqual([ok]);
      for (const bad of [`files/user/${'a'.repeat(256)}`, `files/user/${'あ'.repeat(86)}/x`]) {
        expect(await code(fs.write(bad, enc('x'))), bad).toBe('INVALID');
        expect(await code(fs.stat(bad)), bad).toBe('INVALID');
      }
    });

    // memory kept 'files//user/a.txt' apart from 'files/user/a.txt'; the disk read them as one
    test('an empty segment is refused; trailing slashes are dropped', async () => {
      const fs = await make();
      for (const bad of ['files//user/a.txt', '/files/user/a.txt', 'files/user//x']) {
        expect(await code(fs.write(bad, enc('x'))), bad).toBe('INVALID');
      }
      await fs.write('files/user/a.txt', enc('x'));
      expect(await fs.stat('files/user/')).toMatchObject({ isDir: true });
      expect(await fs.list('files/user/')).toEqual(['a.txt']);
    });

    // the disk said EXISTS, memory NOT_DIR
    test('mkdir where a file is: NOT_DIR', async () => {
      const fs = await make();
      await fs.write('files/user/f', enc('x'));
      expect(await code(fs.mkdir('files/user/f'))).toBe('NOT_DIR');
      expect(await code(fs.mkdir('files/user/f/g'))).toBe('NOT_DIR');
    });

    test('realPath of a plain path is the path', async () => {
      const fs = await make();
      await fs.write('files/user/a.txt', enc('a'));
      expect(await fs.realPath('files/user/a.txt')).toBe('files/user/a.txt');
      expect(await fs.realPath('files/user/not/yet.txt')).toBe('files/user/not/yet.txt');
    });

    test('binary content round-trips unchanged', async () => {
      const fs = await make();
      const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
      await fs.write('files/g/public/bin', bytes);
      await fs.append('files/g/public/bin', bytes);
      const back = await fs.read('files/g/public/bin');
      expect(back.length).toBe(512);
      expect(back.slice(256)).toEqual(bytes);
    });
  });
}
