/** {backup}: starts a backup of the site. */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { siteOp, text } from './common';

const NAME = 'backup';

export const backup: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    "Starts a full backup of the site, with a memo. `result_var` receives the new backup's id, which `backup_delete backup_id=` takes.",
  attributes: {
    type: { type: 'string', default: 'full', description: 'the kind of backup: only `full` exists' },
    memo: { type: 'string', default: '', description: 'a note kept with the backup' },
    result_var: { type: 'varname', description: "receives the backup's id (a string), false on failure" },
  },
  writes: 'result_var',
  result:
    '`result_var` gets the id of the new backup (e.g. `bk0001` on the in-memory adapter), or false. Nothing is printed.',
  errors: [
    'a `type` other than `full`: NET_BAD_VALUE, `result_var` false',
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: ['one call to the site-operations adapter, recorded in the API log'],
  examples: [
    {
      description: 'a backup before a bulk update',
      template: '{backup memo="before the import" result_var=id}backup {$id}',
      output: 'backup bk0001',
    },
  ],
  async run(ctx, a) {
    const r = await siteOp(ctx, NAME, (ops, at) =>
      ops.backup({ type: text(a.type), memo: text(a.memo) }, at),
    );
    if (a.result_var) ctx.assign(a.result_var, r.ok ? r.value.backupId : false);
  },
});
