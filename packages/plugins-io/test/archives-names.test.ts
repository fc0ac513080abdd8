/**
 * detect_order with real archives: Info-ZIP zip run on files whose names on disk are cp932 (and
 * EUC-JP) bytes, the way archives made on Japanese Windows arrive.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, test } from 'vitest';
import { nameDecoders } from '../src/archives/names';
import { crc32, readCentralDirectory } from '../src/archives/zip-format';
import { folderSite } from '../src/node';
import { files, readText, renderOn, siteWith } from './helpers';
import { rawZip } from './zip-builder';

const ZIP = '/usr/bin/zip';
const noZip = !existsSync(ZIP);
if (noZip)
  console.warn(`skipped: ${ZIP} (Info-ZIP zip) is not installed, so the real cp932 archive cannot be made`);

const cp932 = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex');
// 資料 and 日本語.txt in cp932 (Shift_JIS): the bytes Japanese Windows writes
const SHIRYO_SJIS = cp932('8E91 97BF');
const NIHONGO_SJIS = Buffer.concat([cp932('93FA 967B 8CEA'), Buffer.from('.txt')]);
// 表.txt: the second byte of 表 in Shift_JIS is 0x5C, a backslash in ASCII
const HYO_SJIS = Buffer.concat([cp932('955C'), Buffer.from('.txt')]);
// 日本語.txt in EUC-JP
const NIHONGO_EUC = Buffer.concat([cp932('C6FC CBDC B8EC'), Buffer.from('.txt')]);

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sumi-archives-'));
  temps.push(d);
  return d;
}

/** runs Info-ZIP zip in a C locale on files named by raw bytes; returns the archive's bytes */
function infoZip(files: { path: Buffer[]; data: string }[], args: string[] = ['-r']): Uint8Array {
  const dir = tempDir();
  const root = join(dir, 'in');
  mkdirSync(root);
  for (const f of files) {
    let at = Buffer.from(root);
    for (const [i, seg] of f.path.entries()) {
      at = Buffer.concat([at, Buffer.from('/'), seg]);
      if (i < f.path.length - 1) mkdirSync(at, { recursive: true });
    }
    writeFileSync(at, f.data);
  }
  execFileSync(ZIP, ['-q', ...args, join(dir, 'out.zip'), '.'], {
    cwd: root,
    env: { LC_ALL: 'C', PATH: '/usr/bin:/bin' },
  });
  return new Uint8Array(readFileSync(join(dir, 'out.zip')));
}

describe.skipIf(noZip)('a real Info-ZIP archive with cp932 names', () => {
  const archive = () =>
    infoZip([
      { path: [SHIRYO_SJIS, NIHONGO_SJIS], data: '日本語のファイル\n' },
      { path: [HYO_SJIS], data: 'hyo\n' },
      { path: [Buffer.from('plain.txt')], data: 'ascii\n' },
    ]);

  test('the names are stored as raw cp932 bytes, not flagged UTF-8; fflate reads them as latin1', () => {
    const bytes = archive();
    const entries = readCentralDirectory(bytes, 100);
    const raw = entries.map((e) => Buffer.from(e.rawName).toString('hex'));
    expect(raw).toContain(Buffer.concat([SHIRYO_SJIS, Buffer.from('/'), NIHONGO_SJIS]).toString('hex'));
    expect(raw).toContain(HYO_SJIS.toString('hex'));
    expect(entries.every((e) => !e.utf8)).toBe(true);
    expect(entries.every((e) => e.unicodeName === null)).toBe(true);
    // fflate decodes a name without bit 11 as latin1: one character per byte, so the bytes come back
    const seen: string[] = [];
    unzipSync(bytes, {
      filter: (f) => {
        seen.push(f.name);
        return false;
      },
    });
    expect(seen.map((n) => Buffer.from(n, 'latin1').toString('hex')).sort()).toEqual([...raw].sort());
    expect(seen.every((n) => [...n].every((c) => c.charCodeAt(0) < 256))).toBe(true);
  });

  test('unzip decodes them with the default detect_order (utf8 fails, cp932 fits)', async () => {
    const site = await siteWith({ 'files/g/in/sjis.zip': archive() });
    const r = await renderOn(site, '{unzip src="/files/g/in/sjis.zip" dest="/files/user/out/" var=w}');
    expect(r.errors).toEqual([]);
    expect((r.vars.w as string[]).sort()).toEqual(
      ['/files/user/out/plain.txt', '/files/user/out/表.txt', '/files/user/out/資料/日本語.txt'].sort(),
    );
    expect(await readText(site, 'files/user/out/資料/日本語.txt')).toBe('日本語のファイル\n');
    // 表's trail byte 0x5C is part of the character, not a backslash: no zip-slip refusal
    expect(await readText(site, 'files/user/out/表.txt')).toBe('hyo\n');
  });

  test('on a real folder the extracted names are UTF-8 on disk', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'files/g'), { recursive: true });
    mkdirSync(join(dir, 'temp'));
    writeFileSync(join(dir, 'files/g/sjis.zip'), archive());
    const site = await folderSite(dir);
    const r = await renderOn(site, '{unzip src="/files/g/sjis.zip" dest="/files/ltd/x" status_var=ok}{$ok}');
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('1');
    expect(readdirSync(join(dir, 'files/ltd/x')).sort()).toEqual(['plain.txt', '表.txt', '資料'].sort());
    expect(readdirSync(join(dir, 'files/ltd/x/資料'))).toEqual(['日本語.txt']);
    // the staging folder is gone
    expect(readdirSync(join(dir, 'temp'))).toEqual([]);
  });

  test('detect_order is followed in order: ASCII alone fits no name, which is then read lossily and logged', async () => {
    const bytes = infoZip([
      { path: [NIHONGO_SJIS], data: 'x\n' },
      { path: [Buffer.from('plain.txt')], data: 'y\n' },
    ]);
    const site = await siteWith({ 'files/g/sjis.zip': bytes });
    const r = await renderOn(
      site,
      '{unzip src="/files/g/sjis.zip" dest="/files/user/o/" detect_order=$order var=w}{$w|@count}',
      { order: ['ASCII'] },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('2');
    const warns = r.log.filter((e) => e.level === 'warn').map((e) => e.message);
    expect(warns.some((m) => m.includes('fits none of detect_order'))).toBe(true);
    expect([...files(site).keys()].filter((k) => k.includes('\uFFFD'))).toHaveLength(1);
  });

  test('a cp932 name misread is still checked: 表 read without cp932 shows its 0x5C as a backslash, refused', async () => {
    const site = await siteWith({ 'files/g/sjis.zip': archive() });
    const r = await renderOn(
      site,
      '{unzip src="/files/g/sjis.zip" dest="/files/user/o/" detect_order="ASCII" status_var=ok}{$ok}',
    );
    expect(r.output).toBe('0');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^IO_ARCHIVE_SLIP .*backslash/);
    expect(
      [...files(site).keys()].filter((k) => k.startsWith('files/user/o') || k.startsWith('temp/.sumi')),
    ).toEqual([]);
  });

  test('PHP spellings: SJIS-win, as a comma-separated string', async () => {
    const site = await siteWith({ 'files/g/sjis.zip': archive() });
    const r = await renderOn(
      site,
      '{unzip src="/files/g/sjis.zip" dest="/files/user/o/" detect_order="ASCII,SJIS-win" var=w}',
    );
    expect(r.errors).toEqual([]);
    expect(r.vars.w).toContain('/files/user/o/資料/日本語.txt');
  });

  test('an EUC-JP archive with detect_order utf8, eucJP-win', async () => {
    const bytes = infoZip([{ path: [NIHONGO_EUC], data: 'euc\n' }]);
    const site = await siteWith({ 'files/g/euc.zip': bytes });
    const r = await renderOn(
      site,
      '{unzip src="/files/g/euc.zip" dest="/files/user/e/" detect_order=$order var=w}{$w.0}',
      { order: ['utf8', 'eucJP-win'] },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('/files/user/e/日本語.txt');
  });
});

describe('name decoding without Info-ZIP', () => {
  test('PHP mbstring spellings are accepted case-insensitively; unknown ones are warned about', () => {
    const warnings: string[] = [];
    const d = nameDecoders(
      ['UTF-8', 'utf8', 'SJIS', 'sjis-WIN', 'CP932', 'EUC-JP', 'eucJP-win', 'ASCII', 'klingon'],
      (m) => warnings.push(m),
    );
    // duplicates of one encoding collapse to the first spelling
    expect(d.map((x) => x.name)).toEqual(['UTF-8', 'SJIS', 'EUC-JP', 'ASCII']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('klingon');
    expect(d[1]!.decode(NIHONGO_SJIS)).toBe('日本語.txt');
    expect(d[0]!.decode(NIHONGO_SJIS)).toBeNull();
    expect(d[2]!.decode(NIHONGO_EUC)).toBe('日本語.txt');
    expect(d[3]!.decode(Buffer.from('abc'))).toBe('abc');
    expect(d[3]!.decode(NIHONGO_SJIS)).toBeNull();
  });

  test('an order with no usable encoding falls back to the default', () => {
    const warnings: string[] = [];
    const d = nameDecoders(['nope'], (m) => warnings.push(m));
    expect(d.map((x) => x.name)).toEqual(['utf8', 'cp932', 'EUC-JP']);
    expect(warnings).toHaveLength(2);
  });

  test('names flagged UTF-8 are UTF-8 whatever detect_order says', async () => {
    const bytes = zipSync({ 'フォルダ/名前.txt': new TextEncoder().encode('x') });
    expect(readCentralDirectory(bytes, 10)[0]!.utf8).toBe(true);
    const site = await siteWith({ 'files/a/u.zip': bytes });
    const r = await renderOn(
      site,
      '{unzip src="/files/a/u.zip" dest="/files/temp/u" detect_order=$o var=w}{$w.0}',
      {
        o: ['cp932'],
      },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('/files/temp/u/フォルダ/名前.txt');
  });

  test('an Info-ZIP Unicode Path field (0x7075) is used when its CRC matches the raw name', async () => {
    const utf8 = new TextEncoder().encode('日本語.txt');
    const field = (crc: number) => {
      const f = new Uint8Array(4 + 5 + utf8.length);
      const v = new DataView(f.buffer);
      v.setUint16(0, 0x7075, true);
      v.setUint16(2, 5 + utf8.length, true);
      f[4] = 1;
      v.setUint32(5, crc, true);
      f.set(utf8, 9);
      return f;
    };
    const good = rawZip([{ name: NIHONGO_EUC, data: 'a', extra: field(crc32(NIHONGO_EUC)) }]);
    const bad = rawZip([{ name: NIHONGO_EUC, data: 'a', extra: field(crc32(NIHONGO_EUC) ^ 1) }]);
    const site = await siteWith({ 'files/g/good.zip': good, 'files/g/bad.zip': bad });
    // ASCII only: without the field no name would fit
    const tpl = (n: string) =>
      `{unzip src="/files/g/${n}.zip" dest="/files/user/${n}/" detect_order="ASCII,EUC-JP" var=w}{$w.0}`;
    expect((await renderOn(site, tpl('good'))).output).toBe('/files/user/good/日本語.txt');
    // a stale field (CRC of another name) is ignored: the raw bytes are decoded by detect_order
    expect((await renderOn(site, tpl('bad'))).output).toBe('/files/user/bad/日本語.txt');
    const stale = rawZip([{ name: 'other.txt', data: 'a', extra: field(crc32(NIHONGO_EUC)) }]);
    const s2 = await siteWith({ 'files/g/s.zip': stale });
    expect(
      (await renderOn(s2, '{unzip src="/files/g/s.zip" dest="/files/user/s/" var=w}{$w.0}')).output,
    ).toBe('/files/user/s/other.txt');
  });
});
