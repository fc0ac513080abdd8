/** {chat_get_message} ({slack_get_message}): reads messages with conversations.replies / conversations.history. */
import { fromJS } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { netOf } from '../net';
import { text } from './common';
import { callService, slackCheck } from './service';

const NAME = 'chat_get_message';

export const chatGetMessage: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  aliases: ['slack_get_message'],
  group: 'Calls and API access',
  async: true,
  description:
    "Reads chat messages with the Slack Web API (GET, `Authorization: Bearer` with the configured token). With `ts`: `conversations.replies`, the message of that timestamp followed by its thread's replies. Without: `conversations.history`, the channel's latest messages, newest first. `var` gets the `messages` array as the API answers it (`user`, `text`, `ts`, `thread_ts`, ...). The service comes from `net.chat` (see chat_post_message).",
  attributes: {
    var: { type: 'varname', description: 'receives the array of messages, false on failure' },
    channel: { type: 'string', description: 'the channel id (`C0123456789`)' },
    ts: {
      type: 'string',
      description: "a message's timestamp (`1793494800.000100`): that message and its thread",
    },
  },
  writes: 'var',
  result:
    '`var` gets the list of messages (each an array with `type`, `user`, `text`, `ts`, ...), false on failure. Nothing is printed.',
  errors: [
    'no `net.chat` or token: NET_NOT_CONFIGURED / NET_NO_SECRET; no `channel`: NET_MISSING_ATTRIBUTE; `var` false',
    'refused, timeout, non-2xx (NET_HTTP_STATUS), not JSON or no `messages` list (NET_BAD_RESPONSE), `{"ok": false}` (NET_SERVICE_ERROR): `var` false',
    'every failure is logged at error level with its code and in the API log (never the token or the query string); the render goes on',
  ],
  limits: [
    'one page of the API (its default size); 30 s timeout and 5 MiB answers unless `net.chat` says otherwise',
  ],
  examples: [
    {
      description: 'a message and its thread (against the fake chat service)',
      template:
        '{chat_get_message var=msgs channel="C0GENERAL" ts="1793494800.000100"}{foreach from=$msgs item=m}{$m.user}: {$m.text}\n{/foreach}',
      output: 'U01ALICE: the parent\nU02BOB: a reply\n',
    },
  ],
  async run(ctx, a) {
    let messages: unknown[] = [];
    const ok = await attempt(ctx, NAME, async () => {
      const net = netOf(ctx);
      const channel = text(a.channel).trim();
      if (channel === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'channel' is missing or empty`);
      const ts = text(a.ts).trim();
      const answer = (await callService(ctx, net, NAME, 'chat', {
        method: 'GET',
        path: ts !== '' ? '/conversations.replies' : '/conversations.history',
        query: ts !== '' ? { channel, ts } : { channel },
        check: (x) => {
          const slack = slackCheck(NAME)(x);
          if (slack) return slack;
          return Array.isArray((x as { messages?: unknown }).messages)
            ? null
            : failure('NET_BAD_RESPONSE', `${NAME}: the answer has no 'messages' list`);
        },
      })) as { messages: unknown[] };
      messages = answer.messages;
    });
    if (a.var) ctx.assign(a.var, ok ? fromJS(messages) : false);
  },
});
