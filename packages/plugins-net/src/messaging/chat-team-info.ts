/** {chat_team_info} ({slack_team_info}): the workspace's data with the Slack Web API's team.info. */
import { fromJS } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { netOf } from '../net';
import { text } from './common';
import { callService, slackCheck } from './service';

const NAME = 'chat_team_info';

export const chatTeamInfo: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  aliases: ['slack_team_info'],
  group: 'Calls and API access',
  async: true,
  description:
    "Reads the chat workspace's data with the Slack Web API's `team.info` (GET, `Authorization: Bearer` with the configured token): `var` gets the `team` object (`id`, `name`, `domain`, ...). `team` selects another workspace by id; omitted, the token's own. The service comes from `net.chat` (see chat_post_message).",
  attributes: {
    var: { type: 'varname', description: 'receives the team array, false when the call fails' },
    team: {
      type: 'string',
      description: "the workspace id to look up (`T0123456789`); omitted: the token's workspace",
    },
  },
  writes: 'var',
  result:
    '`var` gets the team (an array with `id`, `name`, `domain`, ...), false when the call fails. Nothing is printed.',
  errors: [
    'no `net.chat` or token: NET_NOT_CONFIGURED / NET_NO_SECRET, `var` false',
    'refused, timeout, non-2xx (NET_HTTP_STATUS), not JSON or no `team` object (NET_BAD_RESPONSE), `{"ok": false}` (NET_SERVICE_ERROR): `var` false',
    'every failure is logged at error level with its code and in the API log (never the token); the render goes on',
  ],
  limits: ['30 s timeout and 5 MiB answers unless `net.chat` says otherwise'],
  examples: [
    {
      description: "the workspace's name (against the fake chat service)",
      template: '{chat_team_info var=team}{$team.name} ({$team.domain})',
      output: 'Sumi Fake Team (sumi-fake)',
    },
  ],
  async run(ctx, a) {
    let team: unknown = null;
    const ok = await attempt(ctx, NAME, async () => {
      const net = netOf(ctx);
      const id = text(a.team).trim();
      const answer = (await callService(ctx, net, NAME, 'chat', {
        method: 'GET',
        path: '/team.info',
        query: id !== '' ? { team: id } : undefined,
        check: (x) => {
          const slack = slackCheck(NAME)(x);
          if (slack) return slack;
          const t = (x as { team?: unknown }).team;
          return t && typeof t === 'object' && !Array.isArray(t)
            ? null
            : failure('NET_BAD_RESPONSE', `${NAME}: the answer has no 'team' object`);
        },
      })) as { team: unknown };
      team = answer.team;
    });
    if (a.var) ctx.assign(a.var, ok ? fromJS(team) : false);
  },
});
