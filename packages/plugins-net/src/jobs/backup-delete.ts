/** {backup_delete}: deletes one backup by id, or the backups made in a period. */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { failure } from '../failure';
import { siteOp, text } from './common';

const NAME = 'backup_delete';

export const backupDelete: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    'Deletes the backup `backup_id`, or every backup made between `start_date` and `end_date` (both included; a bare date covers its whole day). When `backup_id` is given the period is ignored.',
  attributes: {
    backup_id: {
      type: 'string',
      description: 'the backup to delete; when given, start_date and end_date are ignored',
    },
    start_date: {
      type: 'string',
      description: 'start of the period (`YYYY-MM-DD`, optionally `HH:MM[:SS]`), with end_date',
    },
    end_date: {
      type: 'string',
      description: 'end of the period, included (`YYYY-MM-DD`: to the end of that day), with start_date',
    },
    result_var: { type: 'varname', description: 'receives true on success, false on failure' },
  },
  writes: 'result_var',
  result:
    '`result_var` gets true when the deletion succeeded (a period with no backup in it deletes nothing and succeeds), false otherwise. Nothing is printed.',
  errors: [
    'neither `backup_id` nor both dates: NET_MISSING_ATTRIBUTE, `result_var` false',
    'a date that is not `YYYY-MM-DD[ HH:MM[:SS]]`, or a start after the end: NET_BAD_VALUE, `result_var` false',
    'a `backup_id` naming no backup: NET_NOT_FOUND, `result_var` false',
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: ['one call to the site-operations adapter, recorded in the API log'],
  examples: [
    {
      description: 'delete the backup just made',
      template:
        '{backup memo="trial" result_var=id}{backup_delete backup_id=$id result_var=ok}{if $ok}deleted {$id}{/if}',
      output: 'deleted bk0001',
    },
    {
      description: 'backup_id wins: the period is ignored',
      template:
        '{backup result_var=id}{backup_delete backup_id=$id start_date="2000-01-01" end_date="2000-01-02" result_var=ok}{if $ok === true}deleted {$id}{/if}',
      output: 'deleted bk0001',
    },
  ],
  async run(ctx, a) {
    const id = text(a.backup_id);
    const start = text(a.start_date);
    const end = text(a.end_date);
    const r = await siteOp(ctx, NAME, async (ops, at) => {
      if (id !== '') {
        if (start !== '' || end !== '')
          ctx.log('info', `${NAME}: backup_id given; start_date/end_date ignored`, NAME);
        return ops.backupDelete({ backupId: id }, at);
      }
      if (start === '' || end === '') {
        throw failure(
          'NET_MISSING_ATTRIBUTE',
          `${NAME}: 'backup_id', or both 'start_date' and 'end_date', are required`,
        );
      }
      return ops.backupDelete({ start, end }, at);
    });
    if (a.result_var) ctx.assign(a.result_var, r.ok);
  },
});
