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
