/** {assign_relation_tag_list}: the tags related to a record (a content, a member, ...). */
import { PhpArray, toInt, toStr, type Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt } from '../failure';
import { DATA_GROUP, emptyArray, recordId, requireId, spendRows, storeOf, toPhp } from './common';

const NAME = 'assign_relation_tag_list';

export const assignRelationTagList: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description:
    "Reads the tags related to one record of a module (a content of `topics`, a `member`, ...) into `var`: a list of tag records {tag_id, tag_nm, tag_category_id, ord_no, ...} in the order the relation lists them (content/tag_relations.json), optionally only those of `tag_category_id`. With `tag_relation_list` the relation is that list instead of the stored one: each item an array with `id` (or `tag_id`), such as a trigger's tags before they are saved; each id is read as a tag of the store, and items whose id names no tag are left out with a warning.",
  attributes: {
    module: { type: 'string', default: 'topics', description: 'the module: topics, member, ...' },
    module_id: { type: 'integer', required: true, description: 'the record of the module' },
    var: { type: 'varname', required: true, description: 'receives the list' },
    tag_category_id: { type: 'integer', description: 'only tags of this category' },
    tag_relation_list: {
      type: 'array',
      description: 'the relation to read instead of the stored one: a list of arrays each having `id`',
    },
  },
  result: 'a list of tag records in `var`; an empty array when the record has no tags',
  errors: [
    'tag_relation_list items without an id, or whose id names no tag: left out, a warning IO_NO_RECORD or IO_BAD_VALUE is logged',
  ],
  limits: ["each tag counts against the render's listed-entries budget (maxListedEntries)"],
  examples: [
    {
      template:
        '{assign_relation_tag_list module=topics module_id=1 var=tags}{foreach from=$tags item=t}{$t.tag_nm} {/foreach}/ {assign_relation_tag_list module_id=1 tag_category_id=2 var=tags}{$tags|@count}',
      output: '墨 リリース API / 1',
    },
    {
      template:
        '{assign_relation_tag_list module_id=1 var=tags tag_relation_list=$given}{foreach from=$tags item=t}{$t.tag_id}:{$t.tag_nm} {/foreach}',
      data: { given: [{ id: 5, tag_nm: 'old name' }, { id: 2 }] },
      output: '5:イベント 2:筆 ',
      description: 'a relation given by the template: names come from the store',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out: Value = emptyArray();
    await attempt(ctx, NAME, async () => {
      const moduleId = recordId(requireId(a.module_id, 'module_id'));
      const module = toStr(a.module);
      let tagIds: number[] | undefined;
      if (a.tag_relation_list instanceof PhpArray) {
        tagIds = [];
        let skipped = 0;
        for (const item of a.tag_relation_list.values()) {
          const raw = item instanceof PhpArray ? (item.get('id') ?? item.get('tag_id')) : undefined;
          const id = raw === undefined || raw === null ? null : recordId(toInt(raw));
          if (id === null) skipped++;
          else tagIds.push(id);
        }
        if (skipped)
          ctx.log(
            'warn',
            `tag_relation_list: ${skipped} item(s) without a tag id left out`,
            NAME,
            'IO_BAD_VALUE',
          );
      }
      if (moduleId === null && !tagIds) return;
      const categoryId = a.tag_category_id === undefined ? undefined : (recordId(a.tag_category_id) ?? -1);
      const r = await storeOf(ctx).relationTags({ module, moduleId: moduleId ?? 0, categoryId, tagIds });
      if (r.unknownIds.length)
        ctx.log('warn', `no tag has id ${r.unknownIds.join(', ')}: left out`, NAME, 'IO_NO_RECORD');
      spendRows(ctx, r.tags.length);
      out = toPhp(r.tags);
    });
    ctx.assign(a.var as string, out);
  },
});
