/**
 * The package against the catalog (../shared/spec/plugin-catalog.md): every plugin of "Files and
 * storage" and "Data retrieval" exists with every attribute the catalog names, fully described;
 * and the code a browser loads never imports Node or the network package.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ioPlugins } from '../src/index';

/** the catalog's attributes of each plugin, as its tables list them */
const CATALOG: Record<string, string[]> = {
  get_file: ['var', 'path', 'url', 'bucket', 'save', 'save_path'],
  put_file: ['tmp_path', 'path', 'value', 'files_path', 'bucket'],
  write_file: ['path', 'var', 'value', 'is_append'],
  save_file: ['value', 'var'],
  remove_file: ['path', 'bucket', 'status_var'],
  remove_dir: ['path', 'status_var'],
  rename_file: ['src_path', 'dest_path'],
  storage_url: ['var', 'path', 'expire'],
  read_dir: ['name', 'file_var', 'path', 'pattern', 'recursive', 'name_only', 'type'],
  read_file: ['name', 'path', 'row', 'type', 'ignore_permission'],
  unzip: ['src', 'dest', 'bucket', 'callback_batch', 'data', 'overwrite', 'detect_order'],
  zip: ['entries', 'dest', 'bucket', 'callback_batch', 'data'],
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

test('the package has exactly the catalog’s 24 plugins', () => {
  expect(ioPlugins.map((d) => d.name).sort()).toEqual(Object.keys(CATALOG).sort());
});

describe('every catalog plugin, with every catalog attribute', () => {
  test.each(Object.entries(CATALOG))('%s', (name, attributes) => {
    const def = ioPlugins.find((d) => d.name === name);
    expect(def, name).toBeDefined();
    for (const a of attributes) expect(def?.attributes[a]?.description, `${name} ${a}`).toBeTruthy();
  });

  test('every plugin is fully described: group, async, result, errors, attribute texts', () => {
    for (const def of ioPlugins) {
      expect(['Files and storage', 'Data retrieval']).toContain(def.group);
      expect(def.async, def.name).toBe(true);
      expect(def.description.length, def.name).toBeGreaterThan(40);
      expect(def.result, def.name).toBeTruthy();
      expect(def.errors?.length, def.name).toBeGreaterThan(0);
      for (const [a, spec] of Object.entries(def.attributes))
        expect(spec.description, `${def.name}.${a}`).toBeTruthy();
    }
  });
});

test('browser-safe: nothing a browser loads imports node:* or @sumi/plugins-net', () => {
  const src = join(__dirname, '../src');
  const nodeOnly = new Set(['fs/node.ts', 'node.ts']);
  for (const f of readdirSync(src, { recursive: true }) as string[]) {
    if (!f.endsWith('.ts') || nodeOnly.has(relative(src, join(src, f)))) continue;
    const source = readFileSync(join(src, f), 'utf8');
    expect(source, f).not.toMatch(/from ['"]node:|import\(['"]node:/);
    expect(source, f).not.toMatch(/from ['"]@sumi\/plugins-net/);
  }
});
