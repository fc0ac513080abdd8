import { describe, expect, test } from 'vitest';
import { fixtureContentStore } from '../src/content/fixtures';
import { memoryFs } from '../src/fs/memory';
import { exampleSite, renderOn, siteWith } from './helpers';

const topic = '{assign_topics_detail var=t topics_id=1 chk_open_flg=0}[{$t|@count}]';

describe('malformed fixtures fail clearly, never crash', () => {
  const cases: [string, string | Uint8Array, string][] = [
    ['content/topics.json', '[{"topics_id": 1,', 'IO_PARSE content/topics.json: is not valid JSON ('],
    [
      'content/topics.json',
      '{"topics_id": 1}',
      'IO_PARSE content/topics.json: must be a JSON array of records',
    ],
    [
      'content/topics.json',
      '{"__proto__": {"x": 1}}',
      'IO_PARSE content/topics.json: must be a JSON array of records',
    ],
    ['content/topics.json', '[1, 2]', 'IO_PARSE content/topics.json: record #1 is not an object'],
    [
      'content/topics.json',
      '[{"topics_group_id": 1}]',
      'IO_PARSE content/topics.json: record #1: topics_id must be a positive integer',
    ],
    [
      'content/topics.json',
      '[{"topics_id": "1", "topics_group_id": 1}]',
      'IO_PARSE content/topics.json: record #1: topics_id must be a positive integer',
    ],
    [
      'content/topics.json',
      '[{"topics_id": 1e300, "topics_group_id": 1}]',
      'IO_PARSE content/topics.json: record #1: topics_id must be a positive integer',
    ],
    [
      'content/topics.json',
      '[{"topics_id": 1, "topics_group_id": 1}, {"topics_id": 1, "topics_group_id": 1}]',
      'IO_PARSE content/topics.json: topics_id 1 appears twice',
    ],
    [
      'content/topics.json',
      '[{"topics_id": 1}]',
      'IO_PARSE content/topics.json: topics_id 1: topics_group_id must be an integer',
    ],
    [
      'content/topics.json',
      '[{"topics_id": 1, "topics_group_id": 1, "ext": [1]}]',
      'IO_PARSE content/topics.json: topics_id 1: ext must be an object (ext fields by slug)',
    ],
    [
      'content/topics.json',
      '[{"topics_id": 1, "topics_group_id": 1, "ext": {"subject": "x"}}]',
      "IO_PARSE content/topics.json: topics_id 1: ext field 'subject' has the name of a record field",
    ],
    [
      'content/topics.json',
      '[{"topics_id": 1, "topics_group_id": 1, "i18n": {"en": "x"}}]',
      'IO_PARSE content/topics.json: topics_id 1: i18n must map languages to objects of translated fields',
    ],
    [
      'content/topics.json',
      '[{"topics_id": 1, "topics_group_id": 1, "contents_type_list": [1, "2"]}]',
      'IO_PARSE content/topics.json: topics_id 1: contents_type_list must be a list of integers',
    ],
    [
      'content/topics.json',
      new Uint8Array([0x5b, 0xff, 0x5d]),
      'IO_PARSE content/topics.json: is not valid UTF-8',
    ],
    [
      'content/topics_groups.json',
      '[{"topics_group_id": 1, "ext_columns": [{"slug": "a"}]}]',
      'IO_PARSE content/topics_groups.json: topics_group_id 1: each ext column needs a positive integer ext_col_id',
    ],
    [
      'content/topics_groups.json',
      '[{"topics_group_id": 1, "ext_columns": [{"ext_col_id": 1, "slug": "tag"}]}]',
      "IO_PARSE content/topics_groups.json: topics_group_id 1: ext column slug 'tag' is the name of a record field",
    ],
    [
      'content/settings.json',
      '{"time_zone": "Mars/Olympus"}',
      'IO_PARSE content/settings.json: time_zone "Mars/Olympus" is not a known time zone',
    ],
    ['content/settings.json', '[]', 'IO_PARSE content/settings.json: must be a JSON object'],
  ];
  for (const [file, data, error] of cases) {
    test(`${file}: ${error.slice(error.indexOf(': ') + 2)}`, async () => {
      const site = await siteWith({
        'content/topics.json': '[{"topics_id": 1, "topics_group_id": 1, "subject": "ok"}]',
        [file]: data,
      });
      const r = await renderOn(site, topic);
      expect(r.output).toBe('[0]');
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]!.startsWith(error)).toBe(true);
    });
  }

  test('a bad date in an open period fails when the check reads it', async () => {
    const site = await siteWith({
      'content/topics.json': '[{"topics_id": 1, "topics_group_id": 1, "open_start_ymdhi": "someday"}]',
    });
    const r = await renderOn(site, '{assign_topics_detail var=t topics_id=1}[{$t|@count}]');
    expect(r.errors).toEqual(['IO_PARSE topics 1: open_start_ymdhi "someday" is not a date']);
    expect((await renderOn(site, topic)).output).toBe('[16]');
  });

  test('a folder where a file should be', async () => {
    const site = await siteWith({ 'content/members.json/x': 'y' });
    const r = await renderOn(site, '{assign_member_detail var=m member_id=1}[{$m|@count}]');
    expect(r.output).toBe('[0]');
    expect(r.errors).toEqual(['IO_PARSE content/members.json: is a folder']);
  });

  test('a BOM is allowed; missing files are empty collections', async () => {
    const site = await siteWith({ 'content/groups.json': '\uFEFF[{"group_id": 1, "group_nm": "g"}]' });
    const r = await renderOn(
      site,
      '{assign_group_nm group_id=1 var=g}{assign_tag_category_list var=c}{$g}[{$c|@count}]',
    );
    expect(r.output).toBe('g[0]');
    expect(r.errors).toEqual([]);
  });

  test('a malformed file is read again once repaired (nothing stale is cached)', async () => {
    const site = await siteWith({ 'content/groups.json': '[{' });
    const tpl = '{assign_group_nm group_id=1 var=g}[{$g}]';
    expect((await renderOn(site, tpl)).errors).toHaveLength(1);
    await site.fs.write(
      'content/groups.json',
      new TextEncoder().encode('[{"group_id": 1, "group_nm": "fixed"}]'),
    );
    expect((await renderOn(site, tpl)).output).toBe('[fixed]');
  });
});

describe('hostile keys and values', () => {
  test('"__proto__" and other Object.prototype names are plain keys in fixtures and templates', async () => {
    const site = await siteWith({
      'content/topics_groups.json': JSON.stringify([
        { topics_group_id: 1, ext_columns: [{ ext_col_id: 1, slug: 'constructor' }] },
      ]),
      'content/topics.json':
        '[{"topics_id": 1, "topics_group_id": 1, "ext": {"__proto__": 5, "constructor": 2, "toString": "s"}, "i18n": {"__proto__": {"subject": "proto"}}}]',
    });
    const r = await renderOn(
      site,
      '{assign_topics_detail var=t topics_id=1 lang=__proto__}{update_counter topics_group_id=1 slug=1 ext_slug=__proto__ value=1 var=a}{update_counter topics_group_id=1 slug=1 ext_slug=constructor value=1 var=b}{assign_topics_detail var=u topics_id=1}',
    );
    expect(r.errors).toEqual([]);
    const t = r.vars.t as Record<string, unknown>;
    expect(t.subject).toBe('proto');
    expect(Object.getOwnPropertyDescriptor(t, '__proto__')?.value).toBe(5);
    expect(t.constructor).toBe(2);
    expect(t.toString).toBe('s');
    expect(r.vars.a).toBe(6);
    expect(r.vars.b).toBe(3);
    const u = r.vars.u as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(u, '__proto__')?.value).toBe(6);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
    const saved = await site.fs.read('content/topics.json');
    expect(new TextDecoder().decode(saved)).toContain('"__proto__": 6');
  });

  test('the store answers without a render too (the contract a database store implements)', async () => {
    const fs = memoryFs({
      'content/tags.json': JSON.stringify([{ tag_id: 1, tag_nm: 'a', tag_category_id: 1 }]),
    });
    const store = fixtureContentStore(fs);
    expect(await store.tags(1, { order: [] })).toEqual({
      ok: true,
      value: [{ tag_id: 1, tag_nm: 'a', tag_category_id: 1, ord_no: null }],
    });
    expect(await store.topic(1, {})).toEqual({
      ok: false,
      reason: 'missing',
      message: 'topics 1 does not exist',
    });
    expect(await store.favoriteCount({ moduleType: 'topics' })).toBe(0);
    expect(store.label).toBe('content fixtures (in-memory site)');
  });

  test('every plugin survives a site with no content at all', async () => {
    const site = await siteWith({});
    const r = await renderOn(
      site,
      '{assign_topics_detail var=a topics_id=1}{assign_topics_category_list var=b topics_group_id=1}{assign_member_detail var=c member_id=1}{assign_group_nm var=d group_id=1}{assign_tag_list var=e category_id=1}{assign_tag_category_list var=f}{assign_relation_tag_list var=g module_id=1}{assign_new_comment_list var=h}{assign_favorite_cnt var=i module_id=1}{assign_my_favorite_cnt var=j}{assign_csv_table var=k csvtable_id=1}{update_counter var=l topics_group_id=1 slug=1 ext_slug=x value=1}ok',
    );
    expect(r.output).toBe('ok');
    expect(r.vars).toMatchObject({
      a: [],
      b: [],
      c: [],
      d: '',
      e: [],
      f: [],
      g: [],
      h: [],
      i: 0,
      j: 0,
      k: [],
      l: false,
    });
    expect(r.errors).toEqual(['IO_NO_RECORD topics group 1 does not exist']);
  });

  test('without a site service the plugins log IO_NO_SITE and set their result', async () => {
    const { createEngine } = await import('@sumi/runtime');
    const { dataPlugins } = await import('../src/data/index');
    const { modifiers } = await import('@sumi/modifiers');
    const engine = createEngine({ plugins: [...modifiers, ...dataPlugins] });
    const r = await engine.render(
      '{assign_topics_detail var=a topics_id=1}{assign_favorite_cnt var=b}{$a|@count}{$b}',
    );
    expect(r.output).toBe('00');
    expect(r.log.filter((e) => e.code === 'IO_NO_SITE')).toHaveLength(2);
  });

  test('the example site still reads after many renders (the cache holds)', async () => {
    const site = await exampleSite();
    for (let i = 0; i < 50; i++) {
      const r = await renderOn(site, '{assign_topics_detail var=t topics_id=2}{$t.subject}');
      expect(r.output).toBe('定期メンテナンスのお知らせ');
    }
  });
});
