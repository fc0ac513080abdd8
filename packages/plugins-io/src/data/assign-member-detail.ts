/** {assign_member_detail}: one member, if the current member may see them. */
import { toInt, type Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt } from '../failure';
import { DATA_GROUP, emptyArray, idOf, reportNotFound, storeOf, toPhp } from './common';

const NAME = 'assign_member_detail';

export const assignMemberDetail: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description:
    'Reads one member into `var`: {member_id, name1, name2, nickname, email, group_ids, inst_ymdhi, update_ymdhi, ...} followed by the member\'s extension fields by slug. By default (open_by_group) the member must be visible to the member logged in for this render (the session service): a member always sees themself; otherwise one of the member\'s groups must be visible to the viewer, as the group\'s `visible_to` says ("all": anyone, logged in or not; "members": any logged-in member; a list of group ids: members of those groups; "none": nobody else). A member in no group is visible to all. With open_by_group=0 viewing permissions are ignored. With assign_group_flg the record also has `groups`: [{group_id, group_nm}, ...].',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the record' },
    member_id: { type: 'integer', required: true, description: 'the member' },
    open_by_group: {
      type: 'boolean',
      default: true,
      description: 'true: only a member the current member may see (group permissions); false: any member',
    },
    open_flg: {
      type: 'integer',
      deprecated: true,
      description:
        'deprecated, use open_by_group: -1 limits to members who can be viewed (as open_by_group=1); other values do nothing',
    },
    assign_group_flg: {
      type: 'boolean',
      default: false,
      description: "adds `groups`, the member's groups with their names",
    },
  },
  result:
    'the member record (a PHP array) in `var`; an empty array when there is no such member or the current member may not see them',
  errors: [
    'no such member: `var` is an empty array, a warning IO_NO_RECORD is logged',
    'not visible to the current member (open_by_group): `var` is an empty array, an info entry IO_NOT_VISIBLE is logged',
    'open_flg given: a deprecation warning is logged',
  ],
  examples: [
    {
      template:
        '{assign_member_detail var=m member_id=2 assign_group_flg=1}{$m.name1} {$m.name2} ({$m.nickname}) {foreach from=$m.groups item=g}[{$g.group_nm}]{/foreach}',
      output: '鈴木 一郎 (ichiro) [一般会員]',
      description: "member 2's group is visible to all",
    },
    {
      template:
        '{assign_member_detail var=m member_id=3}{if $m}{$m.nickname}{else}hidden{/if} / {assign_member_detail var=m member_id=3 open_by_group=0}{$m.nickname}',
      output: 'hidden / misaki',
      description: 'member 3 is visible to logged-in members only; nobody is logged in here',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out: Value = emptyArray();
    if (a.open_flg !== undefined)
      ctx.log('warn', 'open_flg is deprecated: use open_by_group (open_flg=-1 is open_by_group=1)', NAME);
    await attempt(ctx, NAME, async () => {
      const id = idOf(ctx, NAME, a.member_id, 'member_id', 'member');
      if (id === null) return;
      const check = a.open_by_group || (a.open_flg !== undefined && toInt(a.open_flg) === -1);
      const found = await storeOf(ctx).member(id, {
        viewer: check ? { memberId: ctx.services.session.memberId } : undefined,
        withGroups: a.assign_group_flg,
      });
      if (found.ok) out = toPhp(found.value);
      else reportNotFound(ctx, NAME, found);
    });
    ctx.assign(a.var as string, out);
  },
});
