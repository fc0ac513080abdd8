/**
 * Path attributes attacked on both adapters (memory and a real folder): names the disk would change,
 * names the adapters reserve, names too long for a disk. The memory site and the folder site must
 * answer alike.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { folderSite } from '../src/node';
import type { Site } from '../src/site';
import { renderOn, siteWith } from './helpers';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

const sites: [string, () => Promise<Site>][] = [
  ['memory', () => siteWith()],
  [
    'folder',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'sumi-hostile-paths-'));
      roots.push(dir);
      return folderSite(dir);
    },
  ],
];

describe.each(sites)('on a %s site', (_, make) => {
  // 'x\uD800' and 'x\uDC00' were one file on disk ('x\uFFFD') and two in memory: an append to one
  // changed the other on disk only
  test('a path with a lone surrogate is refused by every plugin', async () => {
    const site = await make();
    const r = await renderOn(
      site,
      '{write_file path=$a value="a" var=v}{write_file path=$b value="b" is_append=1 var=w}' +
        '{put_file value="x" path=$c status_var=s}{get_file path=$a save=false var=g}' +
        '[{if $v === false}F{/if}{if $w === false}F{/if}{$s}{if $g === false}F{/if}]',
      { a: 'x\uD800', b: 'x\uDC00', c: '/files/user/\uDBFF.txt' },
    );
    expect(r.output).toBe('[FF0F]');
    expect(r.errors).toHaveLength(4);
    for (const e of r.errors)
      expect(e).toMatch(/^IO_PATH_INVALID '[a-z_]+' ".*" contains a lone UTF-16 surrogate/);
  });

  // a template could write '.sumi-0123456789ab.tmp': hidden from read_dir on disk, listed in memory
  test("names of Sumi's temporary files and staging folders are refused", async () => {
    const site = await make();
    const r = await renderOn(
      site,
      '{write_file path=".sumi-0123456789ab.tmp" value="a" var=a}' +
        '{put_file value="x" path="/files/user/.sumi-0123456789ab.tmp" status_var=b}' +
        '{write_file path=".sumi-unzip-0123456789abcdef01234567/0" value="a" var=c}' +
        '{get_file path=".sumi-zip-0123456789abcdef01234567.zip" save=false var=d}' +
        '{read_dir path="/files/user" file_var=f}{$f.path}{/read_dir}' +
        '[{if $a === false}F{/if}{$b}{if $c === false}F{/if}{if $d === false}F{/if}]',
    );
    expect(r.output).toBe('[F0FF]');
    expect(r.errors.map((e) => e.split(' ')[0])).toEqual([
      'IO_PATH_INVALID',
      'IO_PATH_INVALID',
      'IO_PATH_INVALID',
      'IO_PATH_INVALID',
      'IO_NOT_FOUND',
    ]);
    expect(r.errors[0]).toContain("is the name of one of Sumi's temporary files");
  });

  // on disk: IO_ERROR (ENAMETOOLONG); in memory: written
  test('a name longer than a disk takes fails alike, with its own message', async () => {
    const site = await make();
    const r = await renderOn(
      site,
      '{write_file path=$long value="a" var=a}{put_file value="x" path=$deep status_var=b}' +
        '{write_file path=$fits value="a" var=c}[{if $a === false}F{/if}{$b}{$c|strlen}]',
      { long: 'x'.repeat(256), deep: `/files/user/${'é'.repeat(128)}/a.txt`, fits: 'y'.repeat(255) },
    );
    expect(r.output).toBe('[F0255]');
    expect(r.errors).toHaveLength(2);
    for (const e of r.errors) expect(e).toMatch(/^IO_PATH_INVALID .* has a name longer than 255 bytes/);
  });
});

test('the folder adapter writes nothing for them', async () => {
  const site = await sites[1]![1]();
  await renderOn(site, '{write_file path=$a value="a"}', { a: 'x\uD800' });
  expect(readdirSync(roots.at(-1)!)).toEqual([]);
});
