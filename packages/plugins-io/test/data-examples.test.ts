import { expect, test } from 'vitest';
import { dataPlugins } from '../src/data/index';
import { exampleSite, renderOn } from './helpers';

for (const def of dataPlugins) {
  (def.examples ?? []).forEach((ex, i) => {
    test(`${def.name} example ${i + 1} runs byte for byte on the example site`, async () => {
      // a fresh site each time: update_counter's examples change the content
      const r = await renderOn(await exampleSite(), ex.template, ex.data ?? {});
      expect(r.errors).toEqual([]);
      expect(r.output).toBe(ex.output);
    });
  });
}

/** the catalog's attributes of each data plugin (../shared/spec/plugin-catalog.md, "Data retrieval") */
const CATALOG: Record<string, string[]> = {
  assign_csv_table: [
    'csvtable_id',
    'var',
    'get_key_val',
    'key_idx',
    'value_idx',
    'multiple',
    'lang',
    'filter',
    'allow_list',
  ],
  assign_favorite_cnt: ['module_type', 'module_id', 'var', 'time', 'format'],
  assign_my_favorite_cnt: ['module_type', 'module_id', 'var', 'cookie_flg', 'action_type'],
  assign_group_nm: ['group_id', 'var', 'lang'],
  assign_member_detail: ['var', 'member_id', 'open_by_group', 'open_flg', 'assign_group_flg'],
  assign_new_comment_list: ['module_id', 'module_type', 'var', 'new_order_flg', 'cnt'],
  assign_relation_tag_list: ['module', 'module_id', 'var', 'tag_category_id', 'tag_relation_list'],
  assign_tag_category_list: ['var', 'lang', 'tree_flg'],
  assign_tag_list: ['var', 'category_id', 'order'],
  assign_topics_category_list: ['var', 'topics_group_id', 'lang'],
  assign_topics_detail: ['var', 'topics_id', 'lang', 'chk_open_flg'],
  update_counter: ['var', 'value', 'topics_group_id', 'slug', 'ext_slug', 'index'],
};

test.each(Object.entries(CATALOG))('%s has exactly the catalog attributes', (name, attributes) => {
  const def = dataPlugins.find((d) => d.name === name);
  expect(Object.keys(def?.attributes ?? {}).sort()).toEqual([...attributes].sort());
});

test('the catalog defaults and required attributes', () => {
  const attr = (p: string, a: string) => dataPlugins.find((d) => d.name === p)!.attributes[a]!;
  expect(attr('assign_member_detail', 'open_by_group').default).toBe(true);
  expect(attr('assign_member_detail', 'open_flg').deprecated).toBe(true);
  expect(attr('assign_topics_detail', 'chk_open_flg').default).toBe(true);
  expect(attr('assign_new_comment_list', 'cnt').default).toBe(5);
  expect(attr('assign_new_comment_list', 'new_order_flg').default).toBe(true);
  expect(attr('assign_favorite_cnt', 'module_type').default).toBe('topics');
  expect(attr('assign_my_favorite_cnt', 'action_type').default).toBe('0');
  for (const [p, a] of [
    ['assign_csv_table', 'csvtable_id'],
    ['assign_group_nm', 'group_id'],
    ['assign_member_detail', 'member_id'],
    ['assign_relation_tag_list', 'module_id'],
    ['assign_tag_list', 'category_id'],
    ['assign_topics_category_list', 'topics_group_id'],
    ['assign_topics_detail', 'topics_id'],
    ['update_counter', 'value'],
    ['update_counter', 'topics_group_id'],
    ['update_counter', 'slug'],
    ['update_counter', 'ext_slug'],
  ] as const)
    expect(attr(p, a).required, `${p}.${a}`).toBe(true);
});

test('every data plugin is documented: group, attributes with descriptions, an example', () => {
  expect(dataPlugins.map((d) => d.name).sort()).toEqual([
    'assign_csv_table',
    'assign_favorite_cnt',
    'assign_group_nm',
    'assign_member_detail',
    'assign_my_favorite_cnt',
    'assign_new_comment_list',
    'assign_relation_tag_list',
    'assign_tag_category_list',
    'assign_tag_list',
    'assign_topics_category_list',
    'assign_topics_detail',
    'update_counter',
  ]);
  for (const d of dataPlugins) {
    expect(d.group).toBe('Data retrieval');
    expect(d.async).toBe(true);
    expect(d.examples?.length).toBeGreaterThan(0);
    expect(d.result).toBeTruthy();
    for (const [name, spec] of Object.entries(d.attributes)) {
      expect(spec.description, `${d.name}.${name}`).toBeTruthy();
    }
  }
});
