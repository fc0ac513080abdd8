/**
 * {cloud_pubsub_publish}: publishes one message with Pub/Sub's REST API
 * (`POST {base}/v1/projects/{project}/topics/{topic}:publish`). On Google's endpoint it
 * authenticates with an access token of the service account (scope pubsub); on another base URL
 * (the emulator) it calls without a token unless the tag names a service account.
 */
import {
  fromJS,
  JSON_UNESCAPED_SLASHES,
  JSON_UNESCAPED_UNICODE,
  jsonEncode,
  PhpArray,
  toStr,
} from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { netOf } from '../net';
import { PUBSUB_BASE_URL } from './config';
import { callJson, exchange, saSecretName, serviceAccount } from './google';

const NAME = 'cloud_pubsub_publish';
export const PUBSUB_SCOPE = 'https://www.googleapis.com/auth/pubsub';

/** base64 of the UTF-8 bytes, browser-safe */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

export const cloudPubsubPublish: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  aliases: ['gcloud_pubsub_publish'],
  group: 'Calls and API access',
  async: true,
  description:
    "Publishes `message` to a Pub/Sub topic (`POST {base}/v1/projects/{project}/topics/{topic}:publish` with `{messages:[{data}]}`, data being the message's UTF-8 bytes in base64). An array is sent as JSON (unescaped Unicode and slashes), any other value as its string. On Google's endpoint the call carries an access token of the service account named by `sa_secret_name` (a JWT signed with its key, scope pubsub, exchanged at the token endpoint). A net whose `cloud.pubsubBaseUrl` is another address (the emulator, `http://127.0.0.1:8085`) is called without a token unless the tag names a service account.",
  attributes: {
    var: {
      type: 'varname',
      required: true,
      description: 'receives the message ids (an array of strings), false on failure',
    },
    topic: {
      type: 'string',
      required: true,
      description: 'the topic id (`orders`), or its full name (`projects/PROJECT/topics/orders`)',
    },
    message: {
      type: 'mixed',
      required: true,
      description: 'the message: an array is JSON-encoded, anything else sent as its string',
    },
    project: {
      type: 'string',
      description: "the project id; default: the net's `cloud.project`, else the key's project_id",
    },
    sa_secret_name: {
      type: 'string',
      description: "the secret holding the service-account JSON key; default: the net's `cloud.saSecretName`",
    },
    sa_secret_key: { type: 'string', description: 'the same as `sa_secret_name`' },
  },
  writes: 'var',
  result:
    '`var` gets the array of message ids the service assigned (one here), or false when anything failed. Nothing is printed.',
  errors: [
    'no `topic` or `message`, or no project anywhere: NET_MISSING_ATTRIBUTE; a malformed topic name: NET_BAD_VALUE',
    'a missing or malformed service-account key where a token is needed: NET_NO_SECRET / NET_BAD_VALUE',
    'the token endpoint or Pub/Sub refuses, times out, answers outside 2xx (NET_HTTP_STATUS), or answers invalid JSON or no messageIds (NET_BAD_RESPONSE)',
    'every failure sets `var` to false and is logged at error level with its code; the render goes on',
  ],
  limits: ['each call has 30 s and answers up to 4 MiB; Pub/Sub itself takes messages up to 10 MB'],
  examples: [
    {
      description: 'an array is sent as JSON; the fake assigns counting ids',
      template:
        '{assign var=order value=$empty}{assign var=order.id value=42}{assign var=order.status value="paid"}' +
        '{cloud_pubsub_publish var=ids topic="orders" message=$order sa_secret_name="gcp_sa"}message id {$ids.0}',
      output: 'message id 1001',
    },
  ],
  async run(ctx, a) {
    let ids: PhpArray | null = null;
    const ok = await attempt(ctx, NAME, async () => {
      const net = netOf(ctx);
      const topicIn = a.topic === undefined ? '' : toStr(a.topic);
      if (topicIn === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'topic' is empty`);
      if (a.message === undefined || a.message === null) {
        throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'message' is missing`);
      }
      const data =
        a.message instanceof PhpArray
          ? jsonEncode(a.message, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES)
          : toStr(a.message);
      if (data === false) throw failure('NET_BAD_VALUE', `${NAME}: 'message' cannot be encoded as JSON`);
      const base = (net.cloud?.pubsubBaseUrl || PUBSUB_BASE_URL).replace(/\/+$/, '');
      const named = saSecretName(net, a);
      const explicit = a.sa_secret_name !== undefined || a.sa_secret_key !== undefined;
      const needsToken = base === PUBSUB_BASE_URL || explicit;
      const sa = needsToken ? await serviceAccount(ctx, net, NAME, named) : null;

      let path: string;
      const full = /^projects\/([^/]+)\/topics\/([^/]+)$/.exec(topicIn);
      if (full) {
        path = topicIn;
      } else {
        if (!/^[A-Za-z0-9._~+%-]+$/.test(topicIn)) {
          throw failure('NET_BAD_VALUE', `${NAME}: '${topicIn.slice(0, 100)}' is not a topic name`);
        }
        const project =
          (a.project === undefined ? '' : toStr(a.project)) || net.cloud?.project || sa?.project_id || '';
        if (project === '') {
          throw failure(
            'NET_MISSING_ATTRIBUTE',
            `${NAME}: no 'project' (nor cloud.project, nor the key's project_id)`,
          );
        }
        path = `projects/${encodeURIComponent(project)}/topics/${encodeURIComponent(topicIn)}`;
      }
      const headers: [string, string][] = [['Content-Type', 'application/json']];
      if (sa) {
        const token = await exchange(ctx, net, NAME, sa, { scope: PUBSUB_SCOPE }, 'access_token');
        headers.push(['Authorization', `Bearer ${token}`]);
      }
      const answer = await callJson(
        ctx,
        net,
        NAME,
        {
          method: 'POST',
          url: `${base}/v1/${path}:publish`,
          headers,
          body: JSON.stringify({ messages: [{ data: base64Utf8(data) }] }),
        },
        (j) => {
          const m = (j as { messageIds?: unknown } | null)?.messageIds;
          return Array.isArray(m) && m.every((x) => typeof x === 'string')
            ? null
            : 'Pub/Sub answered without messageIds';
        },
      );
      ids = fromJS((answer as { messageIds: string[] }).messageIds) as PhpArray;
    });
    if (a.var) ctx.assign(a.var, ok && ids ? ids : false);
  },
});
