import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { exampleSiteFiles } from '../src/index';
import { folderSite } from '../src/node';
import { exampleSite, readText, renderOn, siteWith } from './helpers';

const topicsOf = async (site: Awaited<ReturnType<typeof exampleSite>>) =>
  JSON.parse(await readText(site, 'content/topics.json')) as {
    topics_id: number;
    ext: Record<string, unknown>;
  }[];

describe('update_counter on a memory site', () => {
  test('adds, persists, and later reads in the same and the next render see it', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{assign_topics_detail var=before topics_id=1}{update_counter topics_group_id=1 slug=1 ext_slug=view_count value=1 var=a}{update_counter topics_group_id=1 slug=sumi-release ext_slug=3 value=10 var=b}{assign_topics_detail var=after topics_id=1}{$before.view_count} {$a} {$b} {$after.view_count}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('41 42 52 52');
    const next = await renderOn(site, '{assign_topics_detail var=t topics_id=1}{$t.view_count}');
    expect(next.output).toBe('52');
    const saved = await topicsOf(site);
    expect(saved[0]!.ext.view_count).toBe(52);
    // everything else is as it was, and the file keeps its form (two-space JSON, final newline)
    const original = exampleSiteFiles()['content/topics.json'] as { data: string };
    const expected = JSON.parse(original.data);
    expected[0].ext.view_count = 52;
    expect(await readText(site, 'content/topics.json')).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  });

  test('repeating columns by index (the length appends), ext_col_NN, slugless columns, negative values, empty values', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{update_counter topics_group_id=1 slug=1 ext_slug=weekly_views index=0 value=2 var=a}{update_counter topics_group_id=1 slug=1 ext_slug=ext_col_04 index=7 value=1 var=b}{update_counter topics_group_id=2 slug=seminar-2026-autumn ext_slug=3 value=-2 var=c}{update_counter topics_group_id=1 slug=3 ext_slug=view_count value=1 var=d}{update_counter topics_group_id=1 slug=2 ext_slug=weekly_views index=0 value=4 var=e}{$a} {$b} {$c} {$d} {$e}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('7 1 10 1 4');
    const saved = await topicsOf(site);
    expect(saved[0]!.ext.weekly_views).toEqual([7, 8, 3, 9, 6, 4, 6, 1]);
    expect(saved[1]!.ext.weekly_views).toEqual([4]);
    expect(saved[3]!.ext.ext_col_03).toBe(10);
  });

  test('failures: var false, error logged, the file unchanged', async () => {
    const site = await exampleSite();
    const before = await readText(site, 'content/topics.json');
    const cases: [string, string][] = [
      ['topics_group_id=9 slug=1 ext_slug=view_count value=1', 'IO_NO_RECORD topics group 9 does not exist'],
      [
        'topics_group_id=2 slug=1 ext_slug=view_count value=1',
        'IO_NO_RECORD topics group 2 has no content "1" (topics_id or slug)',
      ],
      [
        'topics_group_id=1 slug=nope ext_slug=view_count value=1',
        'IO_NO_RECORD topics group 1 has no content "nope" (topics_id or slug)',
      ],
      [
        'topics_group_id=1 slug=1 ext_slug=likes value=1',
        'IO_NO_RECORD topics group 1 has no ext column "likes"',
      ],
      [
        'topics_group_id=1 slug=1 ext_slug=__proto__ value=1',
        'IO_NO_RECORD topics group 1 has no ext column "__proto__"',
      ],
      [
        'topics_group_id=1 slug=1 ext_slug=summary value=1',
        `IO_BAD_VALUE ext 'summary' of topics 1 is "書道用の新しい墨を発売しました。", not a number`,
      ],
      [
        'topics_group_id=1 slug=1 ext_slug=main_image value=1',
        `IO_BAD_VALUE ext 'main_image' of topics 1 is {"id":"banner-2026-11","url":"/files/ltd/file_plugins_tutorial/assets/banner-2026-11.png","desc":"新製品のバナー","url_org":"/files/ltd/file_plugins_tutorial/assets/banner-2026-11.png"}, not a number`,
      ],
      [
        'topics_group_id=1 slug=1 ext_slug=weekly_views value=1',
        "IO_BAD_VALUE ext 'weekly_views' of topics 1 is a repeating column: give index",
      ],
      [
        'topics_group_id=1 slug=1 ext_slug=weekly_views index=9 value=1',
        "IO_BAD_VALUE index 9 is outside ext 'weekly_views' of topics 1 (0 to 7)",
      ],
      [
        'topics_group_id=1 slug=1 ext_slug=weekly_views index=-1 value=1',
        'IO_BAD_VALUE index -1 is not a position',
      ],
      [
        'topics_group_id=1 slug=1 ext_slug=view_count index=0 value=1',
        "IO_BAD_VALUE ext 'view_count' of topics 1 is not a repeating column: leave index out",
      ],
      [
        'topics_group_id=1 slug=1 ext_slug=view_count value=9007199254740991',
        "IO_BAD_VALUE ext 'view_count' of topics 1: 41 + 9007199254740991 is beyond the counter's range (±2^53-1)",
      ],
      // PHP's (int) of the float 1e20
      [
        'topics_group_id=1 slug=1 ext_slug=view_count value=99999999999999999999',
        'IO_BAD_VALUE value 7766279631452241920 is beyond ±2^53-1',
      ],
      [
        'topics_group_id=1 slug=1 ext_slug=view_count value=$nothing',
        "IO_MISSING_ATTRIBUTE 'value' is required",
      ],
      [
        "topics_group_id=1 slug='' ext_slug=view_count value=1",
        "IO_MISSING_ATTRIBUTE 'slug' and 'ext_slug' must not be empty",
      ],
    ];
    for (const [attrs, error] of cases) {
      const r = await renderOn(
        site,
        `{assign var=v value=1}{update_counter ${attrs} var=v}{if $v === false}false{/if}`,
      );
      expect(r.output, attrs).toBe('false');
      expect(r.errors, attrs).toEqual([error]);
    }
    expect(await readText(site, 'content/topics.json')).toBe(before);
  });

  test('a numeric string value counts; concurrent updates are all applied', async () => {
    const site = await siteWith({
      'content/topics.json': JSON.stringify([{ topics_id: 5, topics_group_id: 1, ext: { hits: '7' } }]),
    });
    // no topics_groups.json: a key the content's ext has is the column
    const r = await renderOn(
      site,
      '{update_counter topics_group_id=1 slug=5 ext_slug=hits value=3 var=v}{$v}',
    );
    expect(r.output).toBe('10');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        renderOn(site, '{update_counter topics_group_id=1 slug=5 ext_slug=hits value=1}'),
      ),
    );
    expect(JSON.parse(await readText(site, 'content/topics.json'))[0].ext.hits).toBe(30);
  });

  test('a malformed topics.json fails clearly and stays as it was', async () => {
    const site = await siteWith({ 'content/topics.json': '[{"topics_id": 1, "topics_group_id": 1,' });
    const r = await renderOn(
      site,
      '{update_counter topics_group_id=1 slug=1 ext_slug=a value=1 var=v}{if $v === false}false{/if}',
    );
    expect(r.output).toBe('false');
    expect(r.errors[0]).toMatch(/^IO_PARSE content\/topics\.json: is not valid JSON \(/);
    expect(await readText(site, 'content/topics.json')).toBe('[{"topics_id": 1, "topics_group_id": 1,');
  });

  test('the var is optional', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{update_counter topics_group_id=1 slug=1 ext_slug=view_count value=5}done',
    );
    expect(r.output).toBe('done');
    expect((await topicsOf(site))[0]!.ext.view_count).toBe(46);
  });
});

describe('update_counter on a site folder', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  function makeFolder(): string {
    dir = mkdtempSync(join(tmpdir(), 'sumi-data-'));
    for (const [path, init] of Object.entries(exampleSiteFiles())) {
      if (!path.startsWith('content/') && path !== 'site.json') continue;
      const full = join(dir, path);
      const data = typeof init === 'string' || init instanceof Uint8Array ? init : init.data;
      mkdirSync(join(full, '..'), { recursive: true });
      writeFileSync(full, data);
    }
    return dir;
  }

  test('a second render (and a new site on the folder) sees the value; the JSON stays valid; no temporary file is left', async () => {
    const root = makeFolder();
    const site = await folderSite(root);
    const a = await renderOn(
      site,
      '{update_counter topics_group_id=1 slug=sumi-release ext_slug=view_count value=1 var=v}{$v}',
    );
    expect(a.errors).toEqual([]);
    expect(a.output).toBe('42');
    const b = await renderOn(
      site,
      '{update_counter topics_group_id=1 slug=sumi-release ext_slug=view_count value=1 var=v}{assign_topics_detail var=t topics_id=1}{$v} {$t.view_count}',
    );
    expect(b.output).toBe('43 43');
    const again = await folderSite(root);
    expect((await renderOn(again, '{assign_topics_detail var=t topics_id=1}{$t.view_count}')).output).toBe(
      '43',
    );
    const text = readFileSync(join(root, 'content/topics.json'), 'utf8');
    expect(JSON.parse(text)[0].ext.view_count).toBe(43);
    expect(readdirSync(join(root, 'content')).filter((n) => n.includes('.tmp') || n.startsWith('.'))).toEqual(
      [],
    );
  });

  test('an edit made on disk between renders is seen by the next one', async () => {
    const root = makeFolder();
    const site = await folderSite(root);
    const tpl = '{assign_group_nm group_id=2 var=g}{$g}';
    expect((await renderOn(site, tpl)).output).toBe('一般会員');
    const file = join(root, 'content/groups.json');
    const groups = JSON.parse(readFileSync(file, 'utf8'));
    groups[1].group_nm = '一般会員 (改)';
    writeFileSync(file, JSON.stringify(groups));
    expect((await renderOn(site, tpl)).output).toBe('一般会員 (改)');
  });

  test('a malformed fixture on disk fails clearly, and works again once repaired', async () => {
    const root = makeFolder();
    const site = await folderSite(root);
    const file = join(root, 'content/topics.json');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.slice(0, 100));
    const r = await renderOn(
      site,
      '{update_counter topics_group_id=1 slug=1 ext_slug=view_count value=1 var=v}{assign_topics_detail var=t topics_id=1}[{$t|@count}]',
    );
    expect(r.output).toBe('[0]');
    expect(r.errors).toHaveLength(2);
    expect(r.errors.every((e) => e.startsWith('IO_PARSE content/topics.json: is not valid JSON'))).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(good.slice(0, 100));
    writeFileSync(file, good);
    expect(
      (
        await renderOn(
          site,
          '{update_counter topics_group_id=1 slug=1 ext_slug=view_count value=1 var=v}{$v}',
        )
      ).output,
    ).toBe('42');
  });
});
