/** {assign_group_nm}: the name of a member group. */
import { toStr } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt } from '../failure';
import { DATA_GROUP, idOf, langOf, reportNotFound, storeOf } from './common';

const NAME = 'assign_group_nm';

export const assignGroupNm: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description:
    "Puts the name (group_nm) of a member group into `var`, in `lang` when the group has a name in that language, else in the site's default language.",
  attributes: {
    group_id: { type: 'integer', required: true, description: 'the member group' },
    var: { type: 'varname', required: true, description: 'receives the name' },
    lang: { type: 'string', description: "language of the name; default: the site's default language" },
  },
  result: 'the group name, a string, in `var`; "" when there is no such group',
  errors: [
    'no such group: `var` is "", a warning IO_NO_RECORD is logged',
    'a malformed content/groups.json: `var` is "", error IO_PARSE',
  ],
  examples: [
    {
      template: '{assign_group_nm group_id=3 var=g}{$g} / {assign_group_nm group_id=3 var=g lang=en}{$g}',
      output: 'プレミアム会員 / Premium members',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out = '';
    await attempt(ctx, NAME, async () => {
      const id = idOf(ctx, NAME, a.group_id, 'group_id', 'group');
      if (id === null) return;
      const found = await storeOf(ctx).group(id, { lang: langOf(a.lang) });
      if (!found.ok) return reportNotFound(ctx, NAME, found);
      const name = found.value.group_nm;
      out = name === null || name === undefined || typeof name === 'object' ? '' : toStr(name);
    });
    ctx.assign(a.var as string, out);
  },
});
