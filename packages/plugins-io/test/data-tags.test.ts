import { describe, expect, test } from 'vitest';
import { exampleSite, renderOn, siteWith } from './helpers';

const logged = (r: { log: { level: string; code?: string; message: string }[] }) =>
  r.log.map((e) => `${e.level} ${e.code ?? ''} ${e.message}`);
const ids = (v: unknown, key: string) => (v as Record<string, unknown>[]).map((x) => x[key]);
const json = (v: unknown) => JSON.stringify(v);

describe('assign_tag_list', () => {
  test('default order ord_no; order by one or several fields, asc and desc', async () => {
    const site = await exampleSite();
    const list = async (order?: string) => {
      const attr = order === undefined ? '' : ` order="${order}"`;
      const r = await renderOn(site, `{assign_tag_list var=t category_id=2${attr}}`);
      expect(r.errors).toEqual([]);
      return ids(r.vars.t, 'tag_id');
    };
    expect(await list()).toEqual([3, 4, 5]);
    expect(await list('ord_no:desc')).toEqual([5, 4, 3]);
    expect(await list('tag_id:desc')).toEqual([5, 4, 3]);
    expect(await list('tag_nm')).toEqual([5, 4, 3]);
    expect(await list('tag_nm:asc')).toEqual([5, 4, 3]);
    expect(await list('tag_category_id, tag_id desc')).toEqual([5, 4, 3]);
    expect(await list('')).toEqual([3, 4, 5]);
    const one = await renderOn(site, '{assign_tag_list var=t category_id=1}');
    expect(one.vars.t).toEqual([
      { tag_id: 2, tag_nm: '筆', tag_category_id: 1, ord_no: 1 },
      { tag_id: 1, tag_nm: '墨', tag_category_id: 1, ord_no: 2 },
    ]);
  });

  test('a bad order is an error entry and an empty list; a missing category a warning', async () => {
    const site = await exampleSite();
    for (const order of ['subject', '__proto__:desc', 'ord_no:sideways', 'ord_no;drop table']) {
      const r = await renderOn(site, '{assign_tag_list var=t category_id=2 order=$o}[{$t|@count}]', {
        o: order,
      });
      expect(r.output, order).toBe('[0]');
      expect(r.errors[0], order).toMatch(/^IO_BAD_VALUE order /);
    }
    const m = await renderOn(site, '{assign_tag_list var=t category_id=40}[{$t|@count}]');
    expect(logged(m)).toEqual(['warn IO_NO_RECORD tag category 40 does not exist']);
  });
});

describe('assign_tag_category_list', () => {
  test('flat by ord_no; a tree of roots with children', async () => {
    const site = await exampleSite();
    const flat = await renderOn(site, '{assign_tag_category_list var=c}');
    expect(ids(flat.vars.c, 'tag_category_id')).toEqual([1, 3, 2]);
    const tree = await renderOn(site, '{assign_tag_category_list var=c tree_flg=1 lang=en}');
    expect(tree.vars.c).toEqual([
      {
        tag_category_id: 1,
        tag_category_nm: 'Products',
        parent_tag_category_id: null,
        ord_no: 1,
        children: [],
      },
      {
        tag_category_id: 2,
        tag_category_nm: 'Topics',
        parent_tag_category_id: null,
        ord_no: 2,
        children: [
          { tag_category_id: 3, tag_category_nm: 'Web', parent_tag_category_id: 2, ord_no: 1, children: [] },
        ],
      },
    ]);
  });

  test('a cycle of parents, or a tree too deep, is an IO_PARSE error and an empty array', async () => {
    const cyc = await siteWith({
      'content/tag_categories.json': json([
        { tag_category_id: 1, tag_category_nm: 'a', parent_tag_category_id: 2 },
        { tag_category_id: 2, tag_category_nm: 'b', parent_tag_category_id: 1 },
        { tag_category_id: 3, tag_category_nm: 'root' },
      ]),
    });
    const r = await renderOn(cyc, '{assign_tag_category_list var=c tree_flg=1}[{$c|@count}]');
    expect(r.output).toBe('[0]');
    expect(r.errors).toEqual([
      'IO_PARSE content/tag_categories.json: parent_tag_category_id links form a cycle (among 1, 2)',
    ]);
    // the flat list has no tree to build
    expect((await renderOn(cyc, '{assign_tag_category_list var=c}[{$c|@count}]')).output).toBe('[3]');
    const chain = Array.from({ length: 200 }, (_, i) => ({
      tag_category_id: i + 1,
      tag_category_nm: `c${i + 1}`,
      parent_tag_category_id: i === 0 ? null : i,
    }));
    const deep = await renderOn(
      await siteWith({ 'content/tag_categories.json': json(chain) }),
      '{assign_tag_category_list var=c tree_flg=1}[{$c|@count}]',
    );
    expect(deep.output).toBe('[0]');
    expect(deep.errors).toEqual(['IO_PARSE content/tag_categories.json: the tree is deeper than 64 levels']);
  });
});

describe('assign_relation_tag_list', () => {
  test('the stored relation, in order; by category; for another module', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{assign_relation_tag_list module_id=4 var=a}{assign_relation_tag_list module_id=1 tag_category_id=1 var=b}{assign_relation_tag_list module=member module_id=3 var=c}{assign_relation_tag_list module_id=3 var=d}',
    );
    expect(ids(r.vars.a, 'tag_id')).toEqual([5, 2]);
    expect(ids(r.vars.b, 'tag_id')).toEqual([1]);
    expect(ids(r.vars.c, 'tag_nm')).toEqual(['筆']);
    expect(r.vars.d).toEqual([]);
    expect(r.log).toEqual([]);
  });

  test('tag_relation_list: ids from the template, unknown ones and items without an id left out with warnings', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{assign_relation_tag_list module_id=1 var=t tag_relation_list=$l tag_category_id=2}',
      {
        l: [{ id: 4 }, { tag_id: '3' }, { id: 99 }, 'x', { name: 'no id' }, { id: 4 }, { id: 1 }],
      },
    );
    expect(ids(r.vars.t, 'tag_id')).toEqual([4, 3]);
    expect(logged(r)).toEqual([
      'warn IO_BAD_VALUE tag_relation_list: 2 item(s) without a tag id left out',
      'warn IO_NO_RECORD no tag has id 99: left out',
    ]);
    const empty = await renderOn(
      site,
      '{assign_relation_tag_list module_id=1 var=t tag_relation_list=$l}[{$t|@count}]',
      {
        l: [],
      },
    );
    expect(empty.output).toBe('[0]');
  });
});
