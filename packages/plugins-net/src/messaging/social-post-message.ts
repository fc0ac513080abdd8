/** {social_post_message} ({twitter_post_message}): posts with the X API v2 (POST /2/tweets). */
import { fromJS } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { netOf } from '../net';
import { text } from './common';
import { callService } from './service';

const NAME = 'social_post_message';

export const socialPostMessage: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  aliases: ['twitter_post_message'],
  group: 'Calls and API access',
  async: true,
  description:
    'Posts `text` to the social network with the X API v2: `POST {baseUrl}/2/tweets` with the JSON body `{"text": …}` and `Authorization: Bearer` with the configured user-context token. The service comes from the Net (`net.social`: `baseUrl` such as `https://api.x.com`, and `token` or `tokenSecret`, the name of a secret). `var` gets the created post (`id`, `text`).',
  attributes: {
    var: {
      type: 'varname',
      description: 'receives the created post (an array with `id` and `text`), false on failure',
    },
    text: { type: 'string', description: 'the text of the post' },
  },
  writes: 'var',
  result: '`var` gets the created post (`id`, `text`, ...), false when the post failed. Nothing is printed.',
  errors: [
    'no `net.social` or token: NET_NOT_CONFIGURED / NET_NO_SECRET; empty `text`: NET_MISSING_ATTRIBUTE; `var` false',
    "refused, timeout, non-2xx (NET_HTTP_STATUS, with the API's `detail`), not JSON or no `data` object (NET_BAD_RESPONSE): `var` false",
    'every failure is logged at error level with its code and in the API log (never the token); the render goes on',
  ],
  limits: [
    "the service's own length rule applies (checked by the service); 30 s timeout and 5 MiB answers unless `net.social` says otherwise",
  ],
  examples: [
    {
      description: 'a post (against the fake social service)',
      template:
        '{social_post_message var=post text="新しい記事を公開しました"}{if $post}{$post.id}{else}failed{/if}',
      output: '1852000000000000001',
    },
  ],
  async run(ctx, a) {
    let post: unknown = null;
    const ok = await attempt(ctx, NAME, async () => {
      const net = netOf(ctx);
      const body = text(a.text);
      if (body.trim() === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'text' is missing or empty`);
      const answer = (await callService(ctx, net, NAME, 'social', {
        method: 'POST',
        path: '/2/tweets',
        json: { text: body },
        check: (x) => {
          const d = (x as { data?: unknown } | null)?.data;
          return d && typeof d === 'object' && !Array.isArray(d)
            ? null
            : failure('NET_BAD_RESPONSE', `${NAME}: the answer has no 'data' object`);
        },
      })) as { data: unknown };
      post = answer.data;
    });
    if (a.var) ctx.assign(a.var, ok ? fromJS(post) : false);
  },
});
