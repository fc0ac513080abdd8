/** {assign_my_favorite_cnt}: how many likes (or other actions) the current member made. */
import { toInt, toStr } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt } from '../failure';
import { DATA_GROUP, MODULE_TYPES, storeOf } from './common';
import { FAVORITE_COOKIE, moduleIdOf, moduleTypeOf } from './favorites';

const NAME = 'assign_my_favorite_cnt';

export const assignMyFavoriteCnt: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description: `Counts the favourites the current visitor made into \`var\`: on one record (\`module_id\`: 1 when they liked it, 0 when not) or on every record of the module type. The visitor is the member logged in for this render (the session service); with cookie_flg=1 it is instead the visitor who liked without logging in, known by the cookie \`${FAVORITE_COOKIE}\` (the cookies service). Nobody logged in (or no cookie): 0. \`action_type\` chooses the action counted: 0 (the default) is like; other values are the site's own action types.`,
  attributes: {
    module_type: {
      type: 'string',
      default: 'topics',
      description: `the module: ${MODULE_TYPES.join(', ')}`,
    },
    module_id: { type: 'integer', description: 'the record; absent: every record of the module type' },
    var: { type: 'varname', required: true, description: 'receives the count' },
    cookie_flg: {
      type: 'integer',
      default: 0,
      description: `1: count the favourites of the visitor known by the cookie ${FAVORITE_COOKIE} instead of the logged-in member`,
    },
    action_type: { type: 'string', default: '0', description: 'the action counted: 0 is like' },
  },
  result: 'an int in `var`',
  errors: ['a module_type outside the list: `var` is 0, error IO_BAD_VALUE'],
  examples: [
    {
      template: '{assign_my_favorite_cnt module_id=1 var=liked}{if $liked}liked{else}not liked yet{/if}',
      output: 'not liked yet',
      description: 'nobody is logged in here; with the session of member 3 it prints "liked"',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out = 0;
    await attempt(ctx, NAME, async () => {
      const moduleType = moduleTypeOf(a.module_type);
      const moduleId = moduleIdOf(a.module_id);
      if (moduleId === null) return;
      const actionType = toStr(a.action_type) === '' ? '0' : toStr(a.action_type);
      let who: { memberId?: number; cookie?: string };
      if (toInt(a.cookie_flg) === 1) {
        const cookie = ctx.services.cookies.get(FAVORITE_COOKIE);
        if (cookie === undefined || cookie === '') return;
        who = { cookie };
      } else {
        const memberId = ctx.services.session.memberId;
        if (memberId === null) return;
        who = { memberId };
      }
      out = await storeOf(ctx).favoriteCount({ moduleType, moduleId, actionType, ...who });
    });
    ctx.assign(a.var as string, out);
  },
});
