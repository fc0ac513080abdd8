import { memorySession } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { exampleSite, renderOn, siteWith } from './helpers';

const ids = (v: unknown) => (v as { comment_id: number }[]).map((c) => c.comment_id);

describe('assign_new_comment_list', () => {
  test('newest first, at most cnt (default 5); new_order_flg=0 oldest first; cnt=0 all', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{assign_new_comment_list var=a}{assign_new_comment_list var=b cnt=2}{assign_new_comment_list var=c new_order_flg=0 cnt=1}{assign_new_comment_list var=d cnt=0}{assign_new_comment_list var=e cnt=-4 module_id=4}',
    );
    // 3 awaits approval, 5 is on the closed topics 3
    expect(ids(r.vars.a)).toEqual([6, 4, 2, 1]);
    expect(ids(r.vars.b)).toEqual([6, 4]);
    expect(ids(r.vars.c)).toEqual([1]);
    expect(ids(r.vars.d)).toEqual([6, 4, 2, 1]);
    expect(ids(r.vars.e)).toEqual([6, 4]);
    expect((r.vars.a as unknown[])[0]).toEqual({
      comment_id: 6,
      module_type: 'topics',
      module_id: 4,
      member_id: 4,
      name: 'ken',
      note: '駐車場はありますか?',
      inst_ymdhi: '2026-10-30T21:00:00+09:00',
    });
  });

  test('cnt limits after ordering; ties by comment_id; other module types; a bad module_type is an error', async () => {
    const site = await siteWith({
      'content/comments.json': JSON.stringify([
        { comment_id: 1, module_type: 'member', module_id: 3, note: 'a', inst_ymdhi: '2026-10-01 10:00' },
        { comment_id: 2, module_type: 'member', module_id: 3, note: 'b', inst_ymdhi: '2026-10-01 10:00' },
        { comment_id: 3, module_type: 'member', module_id: 3, note: 'c', inst_ymdhi: '2026-09-01 10:00' },
        { comment_id: 4, module_id: 3, note: 'topics 3 does not exist' },
      ]),
    });
    const r = await renderOn(
      site,
      '{assign_new_comment_list module_type=member module_id=3 var=a cnt=2}{assign_new_comment_list module_type=member var=b new_order_flg=0}{assign_new_comment_list var=c}',
    );
    expect(ids(r.vars.a)).toEqual([2, 1]);
    expect(ids(r.vars.b)).toEqual([3, 1, 2]);
    expect(r.vars.c).toEqual([]);
    const bad = await renderOn(site, '{assign_new_comment_list module_type=blog var=a}[{$a|@count}]');
    expect(bad.output).toBe('[0]');
    expect(bad.errors).toEqual([
      'IO_BAD_VALUE module_type "blog" is not one of topics, comment, member, tag, csvtable, ec_product',
    ]);
  });
});

describe('assign_favorite_cnt', () => {
  test('one record; since a time; by period; per record; other modules', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      "{assign_favorite_cnt module_id=1 var=a}{assign_favorite_cnt module_id=1 var=b time='2026-10-29'}{assign_favorite_cnt module_id=1 var=c format='Y-m'}{assign_favorite_cnt var=d}{assign_favorite_cnt var=e format='d'}{assign_favorite_cnt module_type=member module_id=3 var=f}{assign_favorite_cnt module_id=5 var=g}{assign_favorite_cnt module_id=5 var=h format='Y'}",
    );
    expect(r.errors).toEqual([]);
    expect(r.vars).toMatchObject({ a: 4, b: 2, c: { '2026-10': 4 }, d: { 1: 4, 4: 2 }, f: 1, g: 0, h: [] });
    expect(r.vars.e).toEqual({ 1: { 20: 1, 21: 1, 29: 1, 30: 1 }, 4: { 25: 1, 31: 1 } });
  });

  test('the ranking puts the most liked first, ties by id', async () => {
    const fav = (id: number) => ({ module_type: 'topics', module_id: id, member_id: 1 });
    const site = await siteWith({
      'content/favorites.json': JSON.stringify([fav(9), fav(2), fav(9), fav(5), fav(2), fav(7)]),
    });
    const r = await renderOn(
      site,
      '{assign_favorite_cnt var=d}{foreach from=$d key=k item=n}{$k}={$n} {/foreach}',
    );
    expect(r.output).toBe('2=2 9=2 5=1 7=1 ');
  });

  test('a time strtotime cannot read, or a bad module type, is an error and 0', async () => {
    const site = await exampleSite();
    const r = await renderOn(site, "{assign_favorite_cnt module_id=1 var=a time='last blue moon'}[{$a}]");
    expect(r.output).toBe('[0]');
    expect(r.errors).toEqual(['IO_BAD_VALUE time "last blue moon" is not a date strtotime reads']);
    const m = await renderOn(site, '{assign_favorite_cnt module_type=__proto__ var=a}[{$a}]');
    expect(m.output).toBe('[0]');
    expect(m.errors[0]).toMatch(/^IO_BAD_VALUE module_type "__proto__"/);
  });
});

describe('assign_my_favorite_cnt', () => {
  test('by the logged-in member; by cookie; other action types; nobody: 0', async () => {
    const site = await exampleSite();
    const tpl =
      '{assign_my_favorite_cnt module_id=1 var=a}{assign_my_favorite_cnt var=b}{assign_my_favorite_cnt module_id=1 action_type=1 var=c}{assign_my_favorite_cnt module_type=member var=d}{assign_my_favorite_cnt module_id=1 cookie_flg=1 var=e}{$a}{$b}{$c}{$d}{$e}';
    expect((await renderOn(site, tpl)).output).toBe('00000');
    expect((await renderOn(site, tpl, {}, { services: { session: memorySession(3) } })).output).toBe('12100');
    expect((await renderOn(site, tpl, {}, { services: { session: memorySession(2) } })).output).toBe('12010');
    const cookies = new Map([['sumi_favorite_key', 'visitor-7f3a']]);
    expect((await renderOn(site, tpl, {}, { services: { cookies } })).output).toBe('00001');
    const other = new Map([['sumi_favorite_key', 'someone-else']]);
    expect((await renderOn(site, tpl, {}, { services: { cookies: other } })).output).toBe('00000');
  });
});
