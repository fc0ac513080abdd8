/**
 * {cloud_functions_token}: an ID token for calling a cloud function (Google Cloud Functions / Cloud
 * Run) as a service account. The key comes from the secret store; a JWT signed with it (RS256,
 * target_audience = the function URL) is exchanged for an ID token at the token endpoint.
 */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { netOf } from '../net';
import { exchange, logUrl, saSecretName, serviceAccount } from './google';

const NAME = 'cloud_functions_token';

export const cloudFunctionsToken: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  aliases: ['gcloud_functions_token'],
  group: 'Calls and API access',
  async: true,
  description:
    "Obtains an ID token for calling a cloud function as a service account. The service-account JSON key (client_email, private_key, token_uri) is read from the secret named by `sa_secret_name`; a JWT signed with it (RS256; iss and sub the client_email, aud the token endpoint, target_audience the function URL, valid one hour from the render's clock) is exchanged at the token endpoint (the key's token_uri, or the net's `cloud.tokenEndpoint`) with the jwt-bearer grant. Send the token as `Authorization: Bearer …` with {api}.",
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the ID token, false on failure' },
    url: {
      type: 'string',
      required: true,
      description:
        'the function URL (`https://REGION-PROJECT.cloudfunctions.net/NAME`): the audience of the token',
    },
    sa_secret_name: {
      type: 'string',
      description:
        "the secret holding the service-account JSON key; default: the net's `cloud.saSecretName`. A fake net without the secret signs as a stand-in account",
    },
    sa_secret_key: {
      type: 'string',
      description: "the same as `sa_secret_name` (the spelling of the CMS's usage example)",
    },
  },
  writes: 'var',
  result: '`var` gets the ID token (a JWT string), or false when anything failed. Nothing is printed.',
  errors: [
    'no `url`: NET_MISSING_ATTRIBUTE; a `url` that is not http(s): NET_BAD_VALUE',
    'the secret is missing (live net): NET_NO_SECRET; it is not a service-account key: NET_BAD_VALUE',
    "the token endpoint refuses, times out, answers outside 2xx (NET_HTTP_STATUS with the service's message), answers invalid JSON or no id_token (NET_BAD_RESPONSE)",
    'every failure sets `var` to false and is logged at error level with its code; the render goes on. The key and the tokens never appear in a log',
  ],
  limits: ['the exchange has 30 s and answers up to 4 MiB'],
  examples: [
    {
      description: 'a token for a function (the fake token endpoint answers a canned token)',
      template:
        '{cloud_functions_token var=token url="https://asia-northeast1-demo.cloudfunctions.net/hello" sa_secret_name="gcp_sa"}' +
        '{if $token !== false}Authorization: Bearer {$token}{/if}',
      output: 'Authorization: Bearer fake-id-token',
    },
  ],
  async run(ctx, a) {
    let token = '';
    const ok = await attempt(ctx, NAME, async () => {
      const net = netOf(ctx);
      const url = a.url === undefined ? '' : String(a.url);
      if (url === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'url' (the function URL) is empty`);
      logUrl(NAME, url);
      const sa = await serviceAccount(ctx, net, NAME, saSecretName(net, a));
      token = await exchange(ctx, net, NAME, sa, { target_audience: url }, 'id_token');
    });
    if (a.var) ctx.assign(a.var, ok ? token : false);
  },
});
