/** {assign_tag_list}: the tags of a tag category, in an order. */
import { toStr, type Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { parseOrder } from '../content/policy';
import { TAG_ORDER_FIELDS } from '../content/types';
import { attempt } from '../failure';
import {
  DATA_GROUP,
  emptyArray,
  recordId,
  reportBadId,
  reportNotFound,
  requireId,
  spendRows,
  storeOf,
  toPhp,
} from './common';

const NAME = 'assign_tag_list';

export const assignTagList: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description: `Reads the tags of a tag category into \`var\`: a list of {tag_id, tag_nm, tag_category_id, ord_no, ...}. \`order\` is \`field\`, \`field:asc\` or \`field:desc\`, several joined with commas (\`ord_no:desc,tag_id\`), over ${TAG_ORDER_FIELDS.join(', ')}; values compare as PHP 8 compares them and ties keep tag_id order. Without \`order\`: ord_no, then tag_id.`,
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the list' },
    category_id: { type: 'integer', required: true, description: 'the tag category' },
    order: {
      type: 'string',
      description: 'ordering: `field:desc`, `field:asc`, comma-separated; default ord_no',
    },
  },
  result: 'a list of tag records in `var`; an empty array when the category does not exist',
  errors: [
    'no such tag category: `var` is an empty array, a warning IO_NO_RECORD is logged',
    'an order on another field, or a direction other than asc/desc: `var` is an empty array, error IO_BAD_VALUE',
  ],
  limits: ["each tag counts against the render's listed-entries budget (maxListedEntries)"],
  examples: [
    {
      template:
        '{assign_tag_list var=tags category_id=2}{foreach from=$tags item=t}{$t.tag_nm} {/foreach}/ {assign_tag_list var=tags category_id=2 order="tag_nm"}{foreach from=$tags item=t}{$t.tag_id} {/foreach}',
      output: 'リリース メンテナンス イベント / 5 4 3 ',
      description: 'by ord_no, then by tag_nm (PHP compares strings byte by byte)',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out: Value = emptyArray();
    await attempt(ctx, NAME, async () => {
      const raw = requireId(a.category_id, 'category_id');
      const order = parseOrder(a.order === undefined ? '' : toStr(a.order), TAG_ORDER_FIELDS);
      const id = recordId(raw);
      if (id === null) return reportBadId(ctx, NAME, 'tag category', raw);
      const found = await storeOf(ctx).tags(id, { order });
      if (!found.ok) return reportNotFound(ctx, NAME, found);
      spendRows(ctx, found.value.length);
      out = toPhp(found.value);
    });
    ctx.assign(a.var as string, out);
  },
});
