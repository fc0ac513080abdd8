/** {login}, {logout}, {refresh_cs}: the member session, through the session service. */

import { PhpArray, toBool, toInt } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

export const login: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'login',
  group: 'Variables and arrays',
  description:
    'Logs the member in for the current session. Already logged in, it keeps the session unless `overwrite`.',
  attributes: {
    member_id: { type: 'integer', required: true, description: 'member to log in' },
    overwrite: { type: 'boolean', default: false, description: 're-login when already logged in' },
  },
  async: true,
  examples: [
    {
      template: '{if !$smarty.session.member_id}{login member_id=$id}{/if}ok',
      data: { id: 5 },
      output: 'ok',
      description: '$smarty.session keeps showing the member of the start of the run',
    },
  ],
  async run(ctx, a) {
    await ctx.services.session.login(Number(toInt(a.member_id)), toBool(a.overwrite));
  },
});

export const logout: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'logout',
  group: 'Variables and arrays',
  description: 'Logs the current member out.',
  attributes: {},
  async: true,
  examples: [{ template: '{logout}bye', output: 'bye' }],
  async run(ctx) {
    await ctx.services.session.logout();
  },
});

export type { MemberFilterService } from '../render/context';

export const refreshCs: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'refresh_cs',
  group: 'Variables and arrays',
  description:
    'Resets the custom member filters of the session, adding the given filter ids (service `memberFilters`; without one the call is logged and does nothing).',
  attributes: { add: { type: 'array', description: 'custom member-filter ids' } },
  async: true,
  examples: [{ template: '{refresh_cs add=$ids}done', data: { ids: [3, 8] }, output: 'done' }],
  async run(ctx, a) {
    const ids = a.add instanceof PhpArray ? [...a.add.values()].map((v) => Number(toInt(v))) : [];
    const svc = ctx.services.memberFilters;
    if (!svc) {
      ctx.log(
        'info',
        `refresh_cs: no memberFilters service configured (ids ${ids.join(',') || 'none'})`,
        'refresh_cs',
      );
      return;
    }
    await svc.refresh(ids);
  },
});
