/** {update_counter}: adds to a counter kept in a content's extension field, durably. */
import { toStr } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { DATA_GROUP, recordId, requireId, storeOf } from './common';

const NAME = 'update_counter';

export const updateCounter: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description:
    'Adds `value` to a number kept in an extension field of a content (a view count, a number of applications) and saves it in the content store: in the site folder, content/topics.json is rewritten atomically (a temporary file, then a rename), so a later read in this render or in the next one sees the new value and the file is never half-written; concurrent updates in one process are applied one after the other, even through two sites made on one folder (two processes writing one folder at once are not coordinated). The content is named by `slug`: its topics_id or its slug, within `topics_group_id`. The field is named by `ext_slug`: its column id (3 or ext_col_03) or its slug. A repeating field needs `index`, the position from 0 (the length appends a new element). An empty field counts as 0; a negative `value` subtracts. `var` gets the new value.',
  attributes: {
    var: { type: 'varname', description: 'receives the new value (false when the update fails)' },
    value: { type: 'integer', required: true, description: 'added to the counter (negative subtracts)' },
    topics_group_id: { type: 'integer', required: true, description: 'the topics group of the content' },
    slug: { type: 'string', required: true, description: 'the content: its topics_id or its slug' },
    ext_slug: {
      type: 'string',
      required: true,
      description: 'the extension field: its column id or its slug',
    },
    index: { type: 'integer', description: 'position in a repeating field, from 0' },
  },
  result: 'the new value (an int) in `var`; false when the update fails, and the store is then unchanged',
  errors: [
    'no such topics group, content or field: `var` is false, error IO_NO_RECORD',
    'a field that holds something else than a number, index on a field that does not repeat (or none on one that does), an index past the end, a result beyond ±2^53-1: `var` is false, error IO_BAD_VALUE',
    'a malformed content/topics.json, or one holding a number JavaScript cannot keep exactly (an integer past 2^53, a number past the double range: it would be rewritten changed): `var` is false, error IO_PARSE; the file is left as it was',
  ],
  examples: [
    {
      template:
        '{update_counter topics_group_id=1 slug=sumi-release ext_slug=view_count value=1 var=views}{$views} / {assign_topics_detail var=t topics_id=1}{$t.view_count}',
      output: '42 / 42',
      description: 'the next read sees the saved value',
    },
    {
      template:
        '{update_counter topics_group_id=1 slug=1 ext_slug=4 index=2 value=5 var=n}{$n} / {update_counter topics_group_id=2 slug=4 ext_slug=ext_col_03 value=-1 var=left}{$left}',
      output: '8 / 11',
      description: 'a repeating field by column id, and a column without a slug',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out: number | false = false;
    await attempt(ctx, NAME, async () => {
      const value = requireId(a.value, 'value');
      const groupRaw = requireId(a.topics_group_id, 'topics_group_id');
      const slug = requireId(a.slug, 'slug');
      const extSlug = requireId(a.ext_slug, 'ext_slug');
      if (typeof value !== 'number') throw failure('IO_BAD_VALUE', `value ${toStr(value)} is beyond ±2^53-1`);
      const groupId = recordId(groupRaw);
      if (groupId === null) throw failure('IO_NO_RECORD', `topics group ${toStr(groupRaw)} does not exist`);
      let index: number | undefined;
      if (a.index !== undefined) {
        if (typeof a.index !== 'number' || a.index < 0)
          throw failure('IO_BAD_VALUE', `index ${toStr(a.index)} is not a position`);
        index = a.index;
      }
      const topic = typeof slug === 'number' ? slug : toStr(slug);
      const column = typeof extSlug === 'number' ? extSlug : toStr(extSlug);
      if (topic === '' || column === '')
        throw failure('IO_MISSING_ATTRIBUTE', "'slug' and 'ext_slug' must not be empty");
      out = await storeOf(ctx).updateCounter({ topicsGroupId: groupId, topic, column, index, by: value });
    });
    if (a.var) ctx.assign(a.var as string, out);
  },
});
