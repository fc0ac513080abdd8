import { memorySession } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { EXAMPLE_NOW } from '../src/index';
import { exampleSite, renderOn } from './helpers';

const logged = (r: { log: { level: string; code?: string; message: string }[] }) =>
  r.log.map((e) => `${e.level} ${e.code ?? ''} ${e.message}`);

describe('assign_topics_detail', () => {
  test('the record has the dialect fields in order, then the ext fields by slug', async () => {
    const r = await renderOn(await exampleSite(), '{assign_topics_detail var=t topics_id=1}');
    const t = r.vars.t as Record<string, unknown>;
    expect(Object.keys(t)).toEqual([
      'topics_id',
      'ymd',
      'contents_type',
      'subject',
      'topics_flg',
      'open_flg',
      'regular_flg',
      'inst_ymdhi',
      'update_ymdhi',
      'topics_group_id',
      'slug',
      'group_nm',
      'contents_type_nm',
      'contents_type_list',
      'tag',
      'summary',
      'main_image',
      'view_count',
      'weekly_views',
    ]);
    expect(t).toMatchObject({
      topics_id: 1,
      ymd: '2026-10-20',
      contents_type: 1,
      topics_flg: 1,
      open_flg: 1,
      regular_flg: 0,
      topics_group_id: 1,
      slug: 'sumi-release',
      group_nm: 'お知らせ',
      contents_type_nm: '製品',
      contents_type_list: [1],
      view_count: 41,
      weekly_views: [5, 8, 3, 9, 6, 4, 6],
    });
    expect(t.main_image).toEqual({
      id: 'banner-2026-11',
      url: '/files/ltd/file_plugins_tutorial/assets/banner-2026-11.png',
      desc: '新製品のバナー',
      url_org: '/files/ltd/file_plugins_tutorial/assets/banner-2026-11.png',
    });
    expect(t.tag).toEqual([
      { tag_id: 1, tag_nm: '墨', tag_category_id: 1, ord_no: 2 },
      { tag_id: 3, tag_nm: 'リリース', tag_category_id: 2, ord_no: 1 },
      { tag_id: 6, tag_nm: 'API', tag_category_id: 3, ord_no: 1 },
    ]);
    expect(r.log).toEqual([]);
  });

  test('lang: translated fields, tags and names; untranslated ones fall back; unknown languages read the default', async () => {
    const site = await exampleSite();
    const en = await renderOn(
      site,
      '{assign_topics_detail var=t topics_id=1 lang=en}{$t.subject}|{$t.summary}|{$t.group_nm}|{$t.contents_type_nm}|{$t.tag.0.tag_nm}|{$t.main_image.desc}',
    );
    expect(en.output).toBe(
      'Sumi, our new ink, is out|A new calligraphy ink is on sale.|News|Products|ink|新製品のバナー',
    );
    for (const lang of ['fr', '__proto__', 'constructor', '', 'ja']) {
      const r = await renderOn(site, `{assign_topics_detail var=t topics_id=1 lang="${lang}"}{$t.subject}`);
      expect(r.output, lang).toBe('新製品「墨」を発売しました');
    }
  });

  test('a column without a slug is ext_col_NN; a category list overrides the default', async () => {
    const r = await renderOn(await exampleSite(), '{assign_topics_detail var=t topics_id=4}');
    const t = r.vars.t as Record<string, unknown>;
    expect(t.ext_col_03).toBe(12);
    expect(t.contents_type_list).toEqual([4, 5]);
    expect(t.open_start_ymdhi).toBe('2026-10-01 10:00');
    expect(Object.keys(t).slice(-3)).toEqual(['venue', 'capacity', 'ext_col_03']);
  });

  test('chk_open_flg: closed, not yet open and ended contents read as an empty array, logged at info', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{assign_topics_detail var=a topics_id=3}{assign_topics_detail var=b topics_id=5}{$a|@count}{$b|@count}',
    );
    expect(r.output).toBe('00');
    expect(r.vars.a).toEqual([]);
    expect(logged(r)).toEqual([
      'info IO_NOT_VISIBLE topics 3 is closed (open_flg 0); chk_open_flg=0 reads it anyway',
      'info IO_NOT_VISIBLE topics 5 opens at 2026-11-10 10:00; chk_open_flg=0 reads it anyway',
    ]);
    const off = await renderOn(site, '{assign_topics_detail var=b topics_id=5 chk_open_flg=0}{$b.subject}');
    expect(off.output).toBe('冬の文具展示会に出展します');
    expect(off.log).toEqual([]);
  });

  test('the open period follows the clock: start included, end excluded, read in the site time zone', async () => {
    const site = await exampleSite();
    const at = (iso: string) => Date.parse(iso);
    const tpl = '{assign_topics_detail var=t topics_id=5}{if $t}open{else}closed{/if}';
    expect((await renderOn(site, tpl, {}, { now: at('2026-11-10T00:59:59.999Z') })).output).toBe('closed');
    expect((await renderOn(site, tpl, {}, { now: at('2026-11-10T01:00:00Z') })).output).toBe('open');
    const tpl2 = '{assign_topics_detail var=t topics_id=2}{if $t}open{else}closed{/if}';
    expect((await renderOn(site, tpl2, {}, { now: at('2099-12-30T14:59:59Z') })).output).toBe('open');
    expect((await renderOn(site, tpl2, {}, { now: at('2099-12-30T15:00:00Z') })).output).toBe('closed');
    expect((await renderOn(site, tpl2, {}, { now: EXAMPLE_NOW })).output).toBe('open');
  });

  test('a missing content is an empty array and a warning; hostile ids find nothing and never crash', async () => {
    const site = await exampleSite();
    const r = await renderOn(site, '{assign_topics_detail var=t topics_id=99}[{$t|@count}]');
    expect(r.output).toBe('[0]');
    expect(logged(r)).toEqual(['warn IO_NO_RECORD topics 99 does not exist']);
    for (const id of [
      '__proto__',
      'constructor',
      '-1',
      '0',
      '1e400',
      '99999999999999999999',
      '1.5abc',
      'toString',
    ]) {
      const h = await renderOn(site, '{assign_topics_detail var=t topics_id=$id}[{$t|@count}]', { id });
      expect(h.output, id).toBe(id === '1.5abc' ? '[19]' : '[0]');
      expect(h.errors, id).toEqual([]);
    }
  });

  test('a missing required value is an error entry, not a crash; the session does not matter', async () => {
    const r = await renderOn(
      await exampleSite(),
      '{assign_topics_detail var=t topics_id=$nothing}[{$t|@count}]',
      {},
      { services: { session: memorySession(1) } },
    );
    expect(r.output).toBe('[0]');
    expect(r.errors).toEqual(["IO_MISSING_ATTRIBUTE 'topics_id' is required"]);
  });
});

describe('assign_topics_category_list', () => {
  test('by ord_no, with names in a language; a missing group warns', async () => {
    const site = await exampleSite();
    const r = await renderOn(site, '{assign_topics_category_list var=c topics_group_id=1 lang=en}');
    expect(r.vars.c).toEqual([
      { topics_category_id: 3, topics_group_id: 1, category_nm: 'Press', ord_no: 1 },
      { topics_category_id: 1, topics_group_id: 1, category_nm: 'Products', ord_no: 2 },
      { topics_category_id: 2, topics_group_id: 1, category_nm: 'Maintenance', ord_no: 3 },
    ]);
    const m = await renderOn(site, '{assign_topics_category_list var=c topics_group_id=7}[{$c|@count}]');
    expect(m.output).toBe('[0]');
    expect(logged(m)).toEqual(['warn IO_NO_RECORD topics group 7 does not exist']);
  });

  test('each category counts against maxListedEntries', async () => {
    await expect(
      renderOn(
        await exampleSite(),
        '{assign_topics_category_list var=c topics_group_id=1}',
        {},
        { limits: { maxListedEntries: 2 } },
      ),
    ).rejects.toThrow(/LIMIT|listed|budget/i);
  });
});

describe("read_file's questions (isTopicOpen, isMemberVisible)", () => {
  test('open contents at an instant; members visible to a reader', async () => {
    const store = (await exampleSite()).content;
    expect(await store.isTopicOpen(1, null, EXAMPLE_NOW)).toBe(true);
    expect(await store.isTopicOpen(3, null, EXAMPLE_NOW)).toBe(false);
    expect(await store.isTopicOpen(5, 2, EXAMPLE_NOW)).toBe(false);
    expect(await store.isTopicOpen(5, 2, Date.parse('2026-11-11T00:00:00Z'))).toBe(true);
    expect(await store.isTopicOpen(99, null, EXAMPLE_NOW)).toBe(false);
    expect(await store.isMemberVisible(3, null)).toBe(false);
    expect(await store.isMemberVisible(3, 2)).toBe(true);
    expect(await store.isMemberVisible(1, 2)).toBe(false);
    expect(await store.isMemberVisible(1, 1)).toBe(true);
    expect(await store.isMemberVisible(2, null)).toBe(true);
    expect(await store.isMemberVisible(77, 1)).toBe(false);
  });
});
