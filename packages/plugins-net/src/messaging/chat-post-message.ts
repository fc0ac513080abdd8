/** {chat_post_message} ({slack_post_message}): posts a message with the Slack Web API's chat.postMessage. */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { netOf } from '../net';
import { listOf, text } from './common';
import { callService, slackCheck } from './service';

const NAME = 'chat_post_message';
const USER_ID = /^[A-Za-z0-9_-]+$/;

export const chatPostMessage: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  aliases: ['slack_post_message'],
  group: 'Calls and API access',
  async: true,
  description:
    'Posts `text` to a chat channel with the Slack Web API\'s `chat.postMessage` (POST JSON, `Authorization: Bearer` with the configured token), mentioning each of `users` first (`<@U012AB3CD> text`), in the thread of `thread_ts` when given. The service and token come from the Net (`net.chat`: `baseUrl` such as `https://slack.com/api`, and `token` or `tokenSecret`, the name of a secret). Slack\'s `{"ok": false}` answers count as failures.',
  attributes: {
    var: { type: 'varname', description: 'receives true when the message was posted, otherwise false' },
    channel: { type: 'string', description: 'the channel id (`C0123456789`) or name to post to' },
    users: {
      type: 'array',
      read: 'raw',
      description: 'user ids to mention at the start of the message (an array, or a comma-separated string)',
    },
    text: { type: 'string', description: 'the message text (Slack mrkdwn)' },
    thread_ts: { type: 'string', description: "the parent message's timestamp, to reply in its thread" },
  },
  writes: 'var',
  result: '`var` gets true when the service accepted the message, otherwise false. Nothing is printed.',
  errors: [
    'no `net.chat`, or no token: NET_NOT_CONFIGURED (NET_NO_SECRET when `tokenSecret` names a missing secret), `var` false',
    'no `channel`, or neither `text` nor `users`: NET_MISSING_ATTRIBUTE; a user id other than letters, digits, `_` and `-`: NET_BAD_VALUE; `var` false',
    'the connection is refused or times out, the answer is not 2xx (NET_HTTP_STATUS), not JSON (NET_BAD_RESPONSE), too large, or `{"ok": false, "error": …}` (NET_SERVICE_ERROR, with the error): `var` false',
    'every failure is logged at error level with its code and in the API log (never the token); the render goes on',
  ],
  limits: ['30 s timeout and 5 MiB answers unless `net.chat` sets `timeoutMs` and `maxBytes`'],
  examples: [
    {
      description: 'a message mentioning two users (against the fake chat service)',
      template:
        '{assign var=users value=$empty}{append var=users value="U01ALICE"}{append var=users value="U02BOB"}' +
        '{chat_post_message var=ok channel="C0GENERAL" users=$users text="デプロイが完了しました"}{if $ok}posted{else}failed{/if}',
      output: 'posted',
    },
  ],
  async run(ctx, a) {
    const ok = await attempt(ctx, NAME, async () => {
      const net = netOf(ctx);
      const channel = text(a.channel).trim();
      if (channel === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'channel' is missing or empty`);
      const users = listOf(a.users);
      for (const u of users) {
        if (!USER_ID.test(u))
          throw failure('NET_BAD_VALUE', `${NAME}: ${JSON.stringify(u)} is not a user id`);
      }
      const message = [...users.map((u) => `<@${u}>`), text(a.text)].filter((s) => s !== '').join(' ');
      if (message === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: give 'text' or 'users'`);
      const body: Record<string, string> = { channel, text: message };
      const threadTs = text(a.thread_ts).trim();
      if (threadTs !== '') body.thread_ts = threadTs;
      await callService(ctx, net, NAME, 'chat', {
        method: 'POST',
        path: '/chat.postMessage',
        json: body,
        check: slackCheck(NAME),
      });
    });
    if (a.var) ctx.assign(a.var, ok);
  },
});
