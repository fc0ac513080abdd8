/** {assign_new_comment_list}: the newest comments of a record or of a module. */
import { toStr, type Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { DATA_GROUP, emptyArray, MODULE_TYPES, recordId, spendRows, storeOf, toPhp } from './common';

const NAME = 'assign_new_comment_list';

export const assignNewCommentList: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description:
    "Reads the newest comments into `var`: a list of {comment_id, module_type, module_id, member_id, name, note, inst_ymdhi, ...}, newest first (by inst_ymdhi, then comment_id), at most `cnt`. Only published comments are listed (a comment's open_flg 0 means it awaits approval), and for module_type topics only comments of contents open now. Without `module_id` the comments of every record of the module type are listed. new_order_flg=0 lists the oldest first (still the first `cnt` of that order).",
  attributes: {
    module_id: {
      type: 'integer',
      description: 'the record commented on; absent: every record of the module type',
    },
    module_type: {
      type: 'string',
      default: 'topics',
      description: `the module: ${MODULE_TYPES.join(', ')}`,
    },
    var: { type: 'varname', required: true, description: 'receives the list' },
    new_order_flg: {
      type: 'boolean',
      default: true,
      description: 'true: newest first; false: oldest first',
    },
    cnt: { type: 'integer', default: 5, description: 'how many at most; 0 or less: all' },
  },
  result: 'a list of comment records in `var` (an empty array when there are none)',
  errors: ['a module_type outside the list: `var` is an empty array, error IO_BAD_VALUE'],
  limits: [
    'cnt defaults to 5',
    "each comment counts against the render's listed-entries budget (maxListedEntries)",
  ],
  examples: [
    {
      template:
        '{assign_new_comment_list module_id=1 var=comments}{foreach from=$comments item=c}{$c.name}: {$c.note}\n{/foreach}',
      output: 'ゲスト: 店頭でも買えますか?\nichiro: 発売おめでとうございます!\n',
      description: 'comment 3 awaits approval and is not listed',
    },
    {
      template:
        '{assign_new_comment_list var=comments cnt=0 new_order_flg=0}{foreach from=$comments item=c}{$c.comment_id}@{$c.module_id} {/foreach}',
      output: '1@1 2@1 4@4 6@4 ',
      description:
        'every comment on every content (cnt=0), oldest first; comment 5 is on the closed topics 3',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out: Value = emptyArray();
    await attempt(ctx, NAME, async () => {
      const moduleType = toStr(a.module_type);
      if (!(MODULE_TYPES as readonly string[]).includes(moduleType))
        throw failure(
          'IO_BAD_VALUE',
          `module_type ${JSON.stringify(moduleType)} is not one of ${MODULE_TYPES.join(', ')}`,
        );
      let moduleId: number | undefined;
      if (a.module_id !== undefined) {
        const id = recordId(a.module_id);
        if (id === null) return;
        moduleId = id;
      }
      const cnt = typeof a.cnt === 'number' ? a.cnt : a.cnt > 0n ? Number.MAX_SAFE_INTEGER : 0;
      const list = await storeOf(ctx).comments({
        moduleType,
        moduleId,
        newestFirst: a.new_order_flg,
        limit: cnt > 0 ? cnt : 0,
        open: { at: ctx.services.clock.now() },
      });
      spendRows(ctx, list.length);
      out = toPhp(list);
    });
    ctx.assign(a.var as string, out);
  },
});
