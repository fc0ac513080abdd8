import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BlockPluginDef, definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { afterEach, describe, expect, test } from 'vitest';
import { attempt } from '../src/failure';
import { readPlugins } from '../src/files/read';
import { EXAMPLE_NOW } from '../src/index';
import { folderSite } from '../src/node';
import { sitePath } from '../src/paths';
import { siteOf } from '../src/site';
import { exampleSite, siteWith } from './helpers';
import { renderRead, warnings } from './read-helpers';

const DAY = 86_400_000;
const sec = (ms: number) => Math.floor(ms / 1000);

/** a stand-in for remove_file (another helper's plugin): removes the file `path` names */
const rm: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'test_rm',
  group: 'Custom',
  async: true,
  description: 'removes a file (tests only)',
  attributes: { path: { type: 'string', required: true, description: 'the file' } },
  async run(ctx, a) {
    await attempt(ctx, 'test_rm', async () => {
      const site = siteOf(ctx);
      const p = await sitePath(site, String(a.path), ['user', 'ltd'], { attribute: 'path' });
      await site.fs.remove(p.path);
    });
  },
});

const tree = () =>
  siteWith({
    'files/user/d/b.txt': { data: 'bb', mtimeMs: EXAMPLE_NOW - 3 * DAY },
    'files/user/d/a/x.txt': { data: 'xxx', mtimeMs: EXAMPLE_NOW - 9 * DAY },
    'files/user/d/a/y/z.csv': { data: 'z', mtimeMs: EXAMPLE_NOW - DAY },
    'files/user/d/c.CSV': { data: '', mtimeMs: EXAMPLE_NOW },
    'files/user/d/A.txt': { data: 'AAAA', mtimeMs: EXAMPLE_NOW - 30 * DAY },
    'files/ltd/l.txt': 'ltd',
    'files/topics/1/t.txt': 't',
  });

const paths = async (tpl: string, site?: Awaited<ReturnType<typeof tree>>) => {
  const r = await renderRead(site ?? (await tree()), tpl);
  expect(r.errors).toEqual([]);
  return r.output.split('\n').filter((l) => l !== '');
};

describe('read_dir entries', () => {
  test('each entry is {path, size, ctime, mtime, is_dir} in that key order, times as int seconds', async () => {
    const r = await renderRead(
      await tree(),
      "{read_dir name=loop path='/files/user/d' file_var=f}{$f|@json_encode:64}\n{/read_dir}",
    );
    expect(r.errors).toEqual([]);
    const lines = r.output.trim().split('\n');
    expect(lines[0]).toBe(
      `{"path":"/files/user/d/A.txt","size":4,"ctime":${sec(EXAMPLE_NOW)},"mtime":${sec(EXAMPLE_NOW - 30 * DAY)},"is_dir":false}`,
    );
    expect(JSON.parse(lines[1]!)).toMatchObject({ path: '/files/user/d/a', is_dir: true });
    expect(lines).toHaveLength(4);
  });

  test('mtime is an int that a strtotime result compares with (the vendor batch shape)', async () => {
    const out = await paths(
      "{assign var=limit value='-1 week'|strtotime}{read_dir path='/files/user/d' file_var=f type=file recursive=1}{if $f.mtime < $limit}{$f.path}\n{/if}{/read_dir}",
    );
    expect(out).toEqual(['/files/user/d/A.txt', '/files/user/d/a/x.txt']);
  });

  test('sorted by name in code point order; recursive is depth first, a folder before its content', async () => {
    expect(await paths("{read_dir path='/files/user/d' file_var=p name_only=1}{$p}\n{/read_dir}")).toEqual([
      '/files/user/d/A.txt',
      '/files/user/d/a',
      '/files/user/d/b.txt',
      '/files/user/d/c.CSV',
    ]);
    expect(
      await paths("{read_dir path='/files/user/d' file_var=p name_only=1 recursive=true}{$p}\n{/read_dir}"),
    ).toEqual([
      '/files/user/d/A.txt',
      '/files/user/d/a',
      '/files/user/d/a/x.txt',
      '/files/user/d/a/y',
      '/files/user/d/a/y/z.csv',
      '/files/user/d/b.txt',
      '/files/user/d/c.CSV',
    ]);
  });

  test('type chooses files or folders; recursion still walks every folder', async () => {
    expect(
      await paths(
        "{read_dir path='/files/user/d' file_var=p name_only=1 recursive=1 type=dir}{$p}\n{/read_dir}",
      ),
    ).toEqual(['/files/user/d/a', '/files/user/d/a/y']);
    expect(
      await paths(
        "{read_dir path='/files/user/d' file_var=p name_only=1 recursive=1 type=file}{$p}\n{/read_dir}",
      ),
    ).toHaveLength(5);
  });

  test('an unknown type is a template error (the enum)', async () => {
    await expect(
      renderRead(await tree(), "{read_dir path='/files/user/d' file_var=p type=files}{/read_dir}"),
    ).rejects.toThrow(/type/);
  });

  test('pattern is preg_match on the entry name, not on the path; it does not stop recursion', async () => {
    expect(
      await paths(
        "{read_dir path='/files/user/d' file_var=p name_only=1 recursive=1 pattern='/\\.csv$/i'}{$p}\n{/read_dir}",
      ),
    ).toEqual(['/files/user/d/a/y/z.csv', '/files/user/d/c.CSV']);
    // `d` is in every path, never in a name
    expect(
      await paths(
        "{read_dir path='/files/user/d' file_var=p name_only=1 recursive=1 pattern='/d/'}{$p}\n{/read_dir}",
      ),
    ).toEqual([]);
    expect(
      await paths("{read_dir path='/files/user/d' file_var=p name_only=1 pattern='/^a$/'}{$p}\n{/read_dir}"),
    ).toEqual(['/files/user/d/a']);
    // an empty pattern matches everything
    expect(
      await paths("{read_dir path='/files/user/d' file_var=p name_only=1 pattern=''}{$p}\n{/read_dir}"),
    ).toHaveLength(4);
  });

  test('a bad pattern is a logged failure and the body never runs', async () => {
    for (const pattern of ['/(a/', 'abc', '/x/Q']) {
      const r = await renderRead(
        await tree(),
        `{read_dir path='/files/user/d' file_var=p pattern='${pattern}'}X{/read_dir}done`,
      );
      expect(r.output).toBe('done');
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatch(/^IO_BAD_PATTERN 'pattern'/);
    }
  });

  test('a pattern feature Sumi cannot run exactly stops the render, as cms_match does', async () => {
    await expect(
      renderRead(await tree(), "{read_dir path='/files/user/d' file_var=p pattern='/a(?R)?/'}X{/read_dir}"),
    ).rejects.toThrow(/recursion/);
  });

  test('name_only gives the path string, in the form remove_file accepts', async () => {
    const r = await renderRead(
      await tree(),
      "{read_dir path='ltd' file_var=p name_only=1}{if is_array($p)}array{else}{$p}{/if}{/read_dir}",
    );
    expect(r.output).toBe('/files/ltd/l.txt');
  });

  test('the area root, and the path forms files/… and user/…', async () => {
    for (const path of ['/files/ltd', '/files/ltd/', 'files/ltd', 'ltd', '/files//ltd/./']) {
      expect(await paths(`{read_dir path='${path}' file_var=p name_only=1}{$p}\n{/read_dir}`)).toEqual([
        '/files/ltd/l.txt',
      ]);
    }
  });

  test('file_var keeps the last entry; an empty folder runs the body never', async () => {
    const site = await siteWith({ 'files/user/e/.keep': '', 'files/user/f/x': '1', 'files/user/f/y': '2' });
    await site.fs.remove('files/user/e/.keep');
    let r = await renderRead(site, "{read_dir path='/files/user/e' file_var=p}X{/read_dir}[{$p}]");
    expect(r.output).toBe('[]');
    expect(r.log).toEqual([]);
    r = await renderRead(site, "{read_dir path='/files/user/f' file_var=p name_only=1}{/read_dir}{$p}");
    expect(r.output).toBe('/files/user/f/y');
  });

  test('the example batch: delete files older than a week (body removes the file it looks at)', async () => {
    const site = await exampleSite();
    const r = await renderRead(
      site,
      "{assign var=limit value='-1 week'|strtotime}{read_dir name=files path='/files/ltd/file_plugins_tutorial/assets' file_var=f type=file recursive=true}{if $f.mtime < $limit}{test_rm path=$f.path}{$f.path}\n{/if}{/read_dir}",
      {},
      { plugins: [rm] },
    );
    expect(r.errors).toEqual([]);
    expect(r.output.trim().split('\n')).toEqual([
      '/files/ltd/file_plugins_tutorial/assets/banner-2026-09.png',
      '/files/ltd/file_plugins_tutorial/assets/old/draft.txt',
      '/files/ltd/file_plugins_tutorial/assets/old/notes.txt',
    ]);
    expect(await site.fs.stat('files/ltd/file_plugins_tutorial/assets/banner-2026-09.png')).toBeNull();
    expect(await site.fs.stat('files/ltd/file_plugins_tutorial/assets/banner-2026-11.png')).not.toBeNull();
  });

  test('the body may remove every file, folders included: the listing was made before', async () => {
    const site = await tree();
    const r = await renderRead(
      site,
      "{read_dir path='/files/user/d' file_var=f recursive=1 type=file}{test_rm path=$f.path}{$f.size}.{/read_dir}",
      {},
      { plugins: [rm] },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('4.3.1.2.0.');
    expect(await site.fs.list('files/user/d')).toEqual(['a']);
  });

  test('every entry read counts against limits.maxListedEntries (pattern or not)', async () => {
    await expect(
      renderRead(
        await tree(),
        "{read_dir path='/files/user/d' file_var=f recursive=1 pattern='/^none$/'}{/read_dir}",
        {},
        { limits: { maxListedEntries: 5 } },
      ),
    ).rejects.toThrow(/LIMIT_COST|maxListedEntries|entries/);
    const r = await renderRead(
      await tree(),
      "{read_dir path='/files/user/d' file_var=f recursive=1}{/read_dir}ok",
      {},
      { limits: { maxListedEntries: 7 } },
    );
    expect(r.output).toBe('ok');
  });
});

describe('read_dir refuses what is not a folder of /files/user or /files/ltd', () => {
  const cases: [string, string][] = [
    ['/files/topics/1', 'IO_AREA_DENIED'],
    ['topics', 'IO_AREA_DENIED'],
    ['/files/member', 'IO_AREA_DENIED'],
    ['/files/temp', 'IO_AREA_DENIED'],
    ['/files/g/public', 'IO_AREA_DENIED'],
    ['/files/secret', 'IO_AREA_DENIED'],
    ['/temp', 'IO_AREA_DENIED'],
    ['/etc', 'IO_PATH_OUTSIDE'],
    ['/files/user/../ltd', 'IO_PATH_TRAVERSAL'],
    ['user/../../etc', 'IO_PATH_TRAVERSAL'],
    ['../files/user', 'IO_PATH_TRAVERSAL'],
    ['/files/user/%2e%2e/ltd', 'IO_PATH_INVALID'],
    ['/files/user\\..\\ltd', 'IO_PATH_INVALID'],
    ['/files/user/none', 'IO_NOT_FOUND'],
    ['/files/user/d/b.txt', 'IO_NOT_DIR'],
  ];
  for (const [path, code] of cases) {
    test(`${path}: ${code}, the body never runs`, async () => {
      const r = await renderRead(await tree(), '{read_dir path=$p file_var=f}X{/read_dir}done', { p: path });
      expect(r.output).toBe('done');
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]!.split(' ')[0]).toBe(code);
    });
  }

  test('a NUL byte, an empty path', async () => {
    for (const [tpl, code] of [
      ['{read_dir path=$p file_var=f}X{/read_dir}', 'IO_PATH_INVALID'],
      ["{read_dir path='' file_var=f}X{/read_dir}", 'IO_MISSING_ATTRIBUTE'],
    ] as const) {
      const r = await renderRead(await tree(), tpl, { p: '/files/user/d\0' });
      expect(r.output).toBe('');
      expect(r.errors.map((e) => e.split(' ')[0])).toEqual([code]);
    }
  });

  test('a missing required attribute is caught when compiling', async () => {
    await expect(renderRead(await tree(), '{read_dir file_var=f}X{/read_dir}')).rejects.toThrow(/path/);
  });
});

describe('read_dir on a site folder (Node adapter)', () => {
  let dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    dirs = [];
  });
  const temp = (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };

  test('symbolic links: out of the site or the area skipped with a warning, inside listed but not walked', async () => {
    const root = temp('sumi-read-dir-');
    const outside = temp('sumi-outside-');
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    mkdirSync(join(root, 'files/user/sub'), { recursive: true });
    mkdirSync(join(root, 'files/ltd'), { recursive: true });
    writeFileSync(join(root, 'files/user/ok.txt'), 'ok');
    writeFileSync(join(root, 'files/user/sub/s.txt'), 'ss');
    writeFileSync(join(root, 'files/ltd/l.txt'), 'l');
    symlinkSync(outside, join(root, 'files/user/out'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'files/user/out-file'));
    symlinkSync('../ltd', join(root, 'files/user/to-ltd'));
    symlinkSync('sub', join(root, 'files/user/inner'));
    symlinkSync('sub/s.txt', join(root, 'files/user/s-link.txt'));
    symlinkSync('nothing-here', join(root, 'files/user/dangling'));
    const site = await folderSite(root);
    const r = await renderRead(
      site,
      "{read_dir path='/files/user' file_var=f recursive=1}{$f.path} {$f.size} {if $f.is_dir}dir{else}file{/if};{/read_dir}",
    );
    expect(r.errors).toEqual([]);
    expect(r.output.split(';').slice(0, -1)).toEqual([
      expect.stringMatching(/^\/files\/user\/inner \d+ dir$/),
      '/files/user/ok.txt 2 file',
      '/files/user/s-link.txt 2 file',
      expect.stringMatching(/^\/files\/user\/sub \d+ dir$/),
      '/files/user/sub/s.txt 2 file',
    ]);
    const w = warnings(r);
    expect(w).toContain('IO_NOT_FOUND skipped /files/user/dangling: a symbolic link to nothing');
    for (const name of ['out', 'out-file', 'to-ltd']) {
      expect(w).toContain(
        `IO_PATH_OUTSIDE skipped /files/user/${name}: a symbolic link leading outside /files/user/`,
      );
    }
    expect(r.output).not.toContain('secret');
  });

  test('the folder itself through a link leading out: IO_PATH_OUTSIDE, the body never runs', async () => {
    const root = temp('sumi-read-dir-');
    const outside = temp('sumi-outside-');
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    mkdirSync(join(root, 'files/user'), { recursive: true });
    symlinkSync(outside, join(root, 'files/user/out'));
    const r = await renderRead(
      await folderSite(root),
      "{read_dir path='/files/user/out' file_var=f}X{/read_dir}",
    );
    expect(r.output).toBe('');
    expect(r.errors.map((e) => e.split(' ')[0])).toEqual(['IO_PATH_OUTSIDE']);
  });

  test('times are the disk’s filemtime and filectime; the body removes files as it goes', async () => {
    const root = temp('sumi-read-dir-');
    mkdirSync(join(root, 'files/ltd/logs/old'), { recursive: true });
    for (const f of ['a.log', 'b.log', 'old/c.log']) writeFileSync(join(root, 'files/ltd/logs', f), f);
    const st = statSync(join(root, 'files/ltd/logs/a.log'));
    const site = await folderSite(root);
    let r = await renderRead(
      site,
      "{read_dir path='/files/ltd/logs' file_var=f pattern='/^a/'}{$f.mtime}/{$f.ctime}{/read_dir}",
    );
    expect(r.output).toBe(`${Math.floor(st.mtimeMs / 1000)}/${Math.floor(st.ctimeMs / 1000)}`);
    r = await renderRead(
      site,
      "{read_dir path='/files/ltd/logs' file_var=f type=file recursive=1}{test_rm path=$f.path}{/read_dir}",
      {},
      { plugins: [rm] },
    );
    expect(r.errors).toEqual([]);
    expect(await site.fs.list('files/ltd/logs')).toEqual(['old']);
    expect(await site.fs.list('files/ltd/logs/old')).toEqual([]);
  });
});

test('{break} ends the listing and {continue} skips to the next entry, inside {if}, {capture} and nested loops', async () => {
  const site = await tree();
  const all = await renderRead(
    site,
    "{read_dir path='/files/user/d' file_var=f name_only=1}{$f};{/read_dir}",
  );
  const names = all.output.split(';').filter(Boolean);
  expect(names.length).toBeGreaterThan(2);
  const r = await renderRead(
    site,
    "{read_dir path='/files/user/d' file_var=f name_only=1}" +
      "{if $f == '" +
      names[0] +
      "'}{continue}{/if}" +
      "{capture assign=c}[{$f}]{if $f == '" +
      names[2] +
      "'}{break}{/if}{/capture}{$c}" +
      '{foreach from=","|explode:"1,2" item=i}{if $i == 2}{break}{/if}{$i}{/foreach};' +
      '{/read_dir}after',
  );
  expect(r.errors).toEqual([]);
  // a {break} inside {capture} still ends the listing; what the capture had so far is printed
  expect(r.output).toBe(`[${names[1]}]1;[${names[2]}]after`);
});

test('metadata: every catalog attribute, typed and described', () => {
  const def = readPlugins.find((d) => d.name === 'read_dir') as BlockPluginDef;
  expect(Object.keys(def.attributes).sort()).toEqual(
    ['file_var', 'name', 'name_only', 'path', 'pattern', 'recursive', 'type'].sort(),
  );
  for (const spec of Object.values(def.attributes)) expect(spec.description.length).toBeGreaterThan(10);
  expect(def.kind).toBe('block');
  expect(def.group).toBe('Files and storage');
});
