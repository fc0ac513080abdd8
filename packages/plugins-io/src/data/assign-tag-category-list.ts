/** {assign_tag_category_list}: every tag category, as a list or a tree. */
import type { Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import type { ContentRecord } from '../content/types';
import { attempt } from '../failure';
import { DATA_GROUP, emptyArray, langOf, spendRows, storeOf, toPhp } from './common';

const NAME = 'assign_tag_category_list';

function count(list: readonly ContentRecord[]): number {
  let n = 0;
  for (const c of list) n += 1 + (Array.isArray(c.children) ? count(c.children as ContentRecord[]) : 0);
  return n;
}

export const assignTagCategoryList: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description:
    "Reads every tag category into `var`: a list of {tag_category_id, tag_category_nm, parent_tag_category_id, ord_no, ...} ordered by ord_no, then id. With tree_flg the list holds the root categories (no parent, or a parent that does not exist), each with `children`, its child categories in the same form, at any depth. With `lang`, names are that language's where one is given.",
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the list or tree' },
    lang: { type: 'string', description: "language of the names; default: the site's default language" },
    tree_flg: {
      type: 'boolean',
      default: false,
      description: 'true: a tree (roots with `children`); false: a flat list',
    },
  },
  result: 'a list of tag category records in `var` (an empty array when there are none)',
  errors: [
    'parent links that form a cycle, or a tree deeper than 64 levels: `var` is an empty array, error IO_PARSE',
  ],
  limits: ["each category counts against the render's listed-entries budget (maxListedEntries)"],
  examples: [
    {
      template:
        '{assign_tag_category_list var=cats tree_flg=1 lang=en}{foreach from=$cats item=c}{$c.tag_category_nm}{if $c.children} ({foreach from=$c.children item=k}{$k.tag_category_nm}{/foreach}){/if}; {/foreach}',
      output: 'Products; Topics (Web); ',
      description: 'Web has no English name: the default one shows',
    },
    {
      template:
        '{assign_tag_category_list var=cats}{foreach from=$cats item=c}{$c.tag_category_id}:{$c.tag_category_nm} {/foreach}',
      output: '1:製品 3:Web 2:話題 ',
      description: 'flat, by ord_no then id',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out: Value = emptyArray();
    await attempt(ctx, NAME, async () => {
      const list = await storeOf(ctx).tagCategories({ lang: langOf(a.lang), tree: a.tree_flg });
      spendRows(ctx, count(list));
      out = toPhp(list);
    });
    ctx.assign(a.var as string, out);
  },
});
