/** {site_sync}: starts a sync between two sites of a multi-site setup. */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { failure } from '../failure';
import { siteOp, text } from './common';

const NAME = 'site_sync';

export const siteSync: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    'Starts a sync job from one site to another: `sync_type` 1 copies the app design, 2 everything. At least 6 hours must pass between two syncs to the same destination.',
  attributes: {
    from_site_key: { type: 'string', description: 'the source site; omitted or empty: this site' },
    to_site_key: { type: 'string', description: 'the destination site; omitted or empty: this site' },
    sync_type: {
      type: 'integer',
      description: '1: sync the app design, 2: full sync. Required by Sumi: a full sync is never guessed',
    },
  },
  result: 'Nothing is printed and nothing assigned; a refused sync is logged (error, with its code).',
  errors: [
    'no `sync_type`: NET_MISSING_ATTRIBUTE; a `sync_type` other than 1 or 2: NET_BAD_VALUE',
    'the same site as source and destination: NET_RULE',
    'an unknown site key: NET_NOT_FOUND',
    'a sync to the same destination less than 6 hours after the previous one: NET_RULE, nothing started',
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: ['at least 6 hours between two syncs to the same destination (by the render clock)'],
  examples: [
    {
      description: 'sync the app design from staging to this site',
      template: '{site_sync from_site_key="staging" sync_type=1}started',
      output: 'started',
    },
  ],
  async run(ctx, a) {
    await siteOp(ctx, NAME, async (ops, at) => {
      if (a.sync_type === undefined || a.sync_type === null) {
        throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'sync_type' is required (1 app design, 2 full)`);
      }
      const from = text(a.from_site_key);
      const to = text(a.to_site_key);
      await ops.siteSync(
        { from: from === '' ? undefined : from, to: to === '' ? undefined : to, type: Number(a.sync_type) },
        at,
      );
    });
  },
});
