/**
 * {assign_api_credential}: issues an API credential, a JWT signed with jose (HS256).
 *
 * Key: the secret `API_CREDENTIAL_SECRET` of ctx.services.secrets when it is set, else `api_key`
 * itself (so a site without the secret still gets a token its own key verifies).
 * Claims: `iss` "sumi", `aud` "rcms-api", `iat` (ctx.services.clock, seconds), `exp` (iat + expire),
 * `sub` the member id as a string (when `member_id` is given), `data` the `jwt_data` array (when
 * given), `dg` the DG code (when `dg_key` and `dg_id` are given): `{id: dg_id, code: base64url of
 * HMAC-SHA256 keyed by dg_key over dg_id}`. The api_key is never a claim.
 * `var` gets `{access_token, token_type: "Bearer", expires_in, expires_at}` (+ `member_id`), or false.
 */
import { fromJS, PhpArray, toJS } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { base64url, type JWTPayload, SignJWT } from 'jose';
import { attempt, failure } from '../failure';
import { memberIdOf } from './cms-call';

const NAME = 'assign_api_credential';
/** the secret whose value keys the tokens, when set */
export const API_CREDENTIAL_SECRET = 'API_CREDENTIAL_SECRET';
const DEFAULT_EXPIRE = 3600;
const MAX_EXPIRE = 365 * 24 * 3600;

async function dgCode(key: string, id: string): Promise<string> {
  const enc = new TextEncoder();
  const k = await globalThis.crypto.subtle.importKey(
    'raw',
    enc.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return base64url.encode(new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', k, enc.encode(id))));
}

const text = (v: unknown) => (v === undefined || v === null || v === false ? '' : String(v));

export const assignApiCredential: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description: `Issues an API credential: a JWT signed with HS256, keyed by the secret \`${API_CREDENTIAL_SECRET}\` when the secret store has it, else by \`api_key\`. Claims: \`iss\` "sumi", \`aud\` "rcms-api", \`iat\` and \`exp\` (now + \`expire\`), \`sub\` (the member id), \`data\` (\`jwt_data\`), \`dg\` (\`{id, code}\`, the DG code: HMAC-SHA256 of \`dg_id\` keyed by \`dg_key\`, base64url). The api_key itself is never in the token.`,
  attributes: {
    api_key: {
      type: 'string',
      required: true,
      description: `the API key; it signs the token unless the secret \`${API_CREDENTIAL_SECRET}\` is set`,
    },
    dg_key: { type: 'string', description: 'with `dg_id`: the key of the DG code' },
    dg_id: { type: 'string', description: 'with `dg_key`: the id the DG code is made for' },
    var: {
      type: 'varname',
      description:
        '`{access_token, token_type: "Bearer", expires_in, expires_at}` (and `member_id` when given); false on failure',
    },
    jwt_data: { type: 'array', description: 'extra data, carried in the `data` claim' },
    member_id: { type: 'integer', description: 'the member the token is for: the `sub` claim' },
    expire: {
      type: 'integer',
      default: DEFAULT_EXPIRE,
      description: `lifetime in seconds (default ${DEFAULT_EXPIRE}; 0 or less means the default; at most one year)`,
    },
  },
  writes: 'var',
  result:
    '`var` gets `{access_token, token_type: "Bearer", expires_in, expires_at}` (expires_at in Unix seconds; plus `member_id` when given), or false on failure. Nothing is printed.',
  errors: [
    'an empty `api_key`: NET_MISSING_ATTRIBUTE, `var` false',
    'only one of `dg_key` and `dg_id`: NET_BAD_VALUE, `var` false',
    'failures are logged with their code; the key and the secret never appear in the log',
  ],
  limits: [`\`expire\` at most ${MAX_EXPIRE} seconds (one year)`],
  examples: [
    {
      description: 'a token for member 1, valid 10 minutes',
      template:
        '{assign_api_credential api_key="my-key" member_id=1 expire=600 var=c}{$c.token_type} {$c.expires_in} {$c.member_id} {$c.access_token|truncate:20:"":true}',
      output: 'Bearer 600 1 eyJhbGciOiJIUzI1NiJ9',
    },
  ],
  async run(ctx, a) {
    let value: Record<string, unknown> | false = false;
    await attempt(ctx, NAME, async () => {
      const apiKey = text(a.api_key);
      if (apiKey === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: api_key is required`);
      const dgKey = text(a.dg_key);
      const dgId = text(a.dg_id);
      if ((dgKey === '') !== (dgId === ''))
        throw failure('NET_BAD_VALUE', `${NAME}: dg_key and dg_id go together`);
      const secret = await ctx.services.secrets.get(API_CREDENTIAL_SECRET);
      const key = new TextEncoder().encode(secret !== undefined && secret !== '' ? secret : apiKey);
      let expire = Number(a.expire);
      if (!Number.isFinite(expire) || expire <= 0) expire = DEFAULT_EXPIRE;
      expire = Math.min(Math.floor(expire), MAX_EXPIRE);
      const iat = Math.floor(ctx.services.clock.now() / 1000);
      const memberId = memberIdOf(a.member_id);
      const claims: JWTPayload = {};
      if (a.jwt_data instanceof PhpArray) claims.data = toJS(a.jwt_data);
      if (dgKey !== '') claims.dg = { id: dgId, code: await dgCode(dgKey, dgId) };
      let jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('sumi')
        .setAudience('rcms-api')
        .setIssuedAt(iat)
        .setExpirationTime(iat + expire);
      if (memberId !== undefined) jwt = jwt.setSubject(String(memberId));
      const token = await jwt.sign(key);
      value = {
        access_token: token,
        token_type: 'Bearer',
        expires_in: expire,
        expires_at: iat + expire,
        ...(memberId !== undefined ? { member_id: memberId } : {}),
      };
    });
    if (a.var) ctx.assign(a.var, value === false ? false : fromJS(value));
  },
});
