/** {assign_topics_category_list}: the categories of a topics group. */
import type { Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt } from '../failure';
import { DATA_GROUP, emptyArray, idOf, langOf, reportNotFound, spendRows, storeOf, toPhp } from './common';

const NAME = 'assign_topics_category_list';

export const assignTopicsCategoryList: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description:
    "Reads the categories of a topics group into `var`: a list of {topics_category_id, topics_group_id, category_nm, ord_no, ...} ordered by ord_no, then id. With `lang`, category_nm is that language's name where one is given.",
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the list' },
    topics_group_id: { type: 'integer', required: true, description: 'the topics group' },
    lang: { type: 'string', description: "language of the names; default: the site's default language" },
  },
  result: 'a list of category records in `var`; an empty array when the topics group does not exist',
  errors: [
    'no such topics group: `var` is an empty array, a warning IO_NO_RECORD is logged',
    'a malformed content fixture: `var` is an empty array, error IO_PARSE',
  ],
  limits: ["each category counts against the render's listed-entries budget (maxListedEntries)"],
  examples: [
    {
      template:
        '{assign_topics_category_list var=cats topics_group_id=1}{foreach from=$cats item=c}{$c.topics_category_id}:{$c.category_nm} {/foreach}',
      output: '3:プレス 1:製品 2:メンテナンス ',
    },
    {
      template:
        '{assign_topics_category_list var=cats topics_group_id=2 lang=en}{foreach from=$cats item=c name=n}{if !$smarty.foreach.n.first}, {/if}{$c.category_nm}{/foreach}',
      output: 'Seminars, Trade shows',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out: Value = emptyArray();
    await attempt(ctx, NAME, async () => {
      const id = idOf(ctx, NAME, a.topics_group_id, 'topics_group_id', 'topics group');
      if (id === null) return;
      const found = await storeOf(ctx).topicsCategories(id, { lang: langOf(a.lang) });
      if (!found.ok) return reportNotFound(ctx, NAME, found);
      spendRows(ctx, found.value.length);
      out = toPhp(found.value);
    });
    ctx.assign(a.var as string, out);
  },
});
