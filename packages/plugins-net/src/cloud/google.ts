/**
 * What the three cloud plugins share: the service-account key read from the secret store, the
 * signed JWT (jose, RS256) exchanged at the token endpoint, and a JSON call over `net.http` that
 * logs itself in the API log (origin and path only) and fails with a NetFailure.
 */
import type { RenderContext } from '@sumi/runtime';
import { importPKCS8, SignJWT, UnsecuredJWT } from 'jose';
import { failure, NetFailure } from '../failure';
import { logCall, type Net } from '../net';
import { TOKEN_ENDPOINT } from './config';

/** the fields of a service-account JSON key the plugins use */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri: string;
  project_id?: string;
  /** no key: a fake net's stand-in identity, signed with alg "none" */
  unsigned?: boolean;
}

/** what a fake net signs as when the secret store has no key */
export const FAKE_SERVICE_ACCOUNT: ServiceAccount = {
  client_email: 'sumi-fake@fake-project.iam.gserviceaccount.com',
  private_key: '',
  token_uri: TOKEN_ENDPOINT,
  project_id: 'fake-project',
  unsigned: true,
};

export const CALL_TIMEOUT_MS = 30_000;
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

const text = (v: unknown) => (v === undefined || v === null || v === false ? '' : String(v));

/** the secret name of the tag (`sa_secret_name`, or `sa_secret_key` as the usage example writes it) or of the config */
export function saSecretName(net: Net, a: { sa_secret_name?: unknown; sa_secret_key?: unknown }): string {
  return text(a.sa_secret_name) || text(a.sa_secret_key) || (net.cloud?.saSecretName ?? '');
}

/**
 * The service-account key in secret `name`. A fake net without that secret signs as
 * FAKE_SERVICE_ACCOUNT; a live one fails with NET_NO_SECRET. The secret's text never reaches a
 * message.
 */
export async function serviceAccount(
  ctx: RenderContext,
  net: Net,
  plugin: string,
  name: string,
): Promise<ServiceAccount> {
  const raw = name === '' ? undefined : await ctx.services.secrets.get(name);
  if (raw === undefined || raw === '') {
    if (net.mode === 'fake') return FAKE_SERVICE_ACCOUNT;
    if (name === '') {
      throw failure(
        'NET_MISSING_ATTRIBUTE',
        `${plugin}: 'sa_secret_name' names no secret (the service-account key)`,
      );
    }
    throw failure('NET_NO_SECRET', `${plugin}: the secret '${name}' is not in the secret store`);
  }
  let key: unknown;
  try {
    key = JSON.parse(raw);
  } catch {
    key = null;
  }
  const k = key as Partial<ServiceAccount> | null;
  if (
    !k ||
    typeof k !== 'object' ||
    typeof k.client_email !== 'string' ||
    typeof k.private_key !== 'string'
  ) {
    throw failure(
      'NET_BAD_VALUE',
      `${plugin}: the secret '${name}' is not a service-account JSON key (client_email, private_key, token_uri)`,
    );
  }
  return {
    client_email: k.client_email,
    private_key: k.private_key,
    token_uri: typeof k.token_uri === 'string' && k.token_uri !== '' ? k.token_uri : TOKEN_ENDPOINT,
    ...(typeof k.project_id === 'string' ? { project_id: k.project_id } : {}),
  };
}

/** the JWT the service account signs: iss/sub its email, aud the token endpoint, an hour long */
export async function assertion(
  ctx: RenderContext,
  plugin: string,
  sa: ServiceAccount,
  audience: string,
  claims: Record<string, string>,
): Promise<string> {
  const iat = Math.floor(ctx.services.clock.now() / 1000);
  const payload = {
    ...claims,
    iss: sa.client_email,
    sub: sa.client_email,
    aud: audience,
    iat,
    exp: iat + 3600,
  };
  if (sa.unsigned) return new UnsecuredJWT(payload).encode();
  let key: CryptoKey;
  try {
    key = await importPKCS8(sa.private_key, 'RS256');
  } catch {
    throw failure(
      'NET_BAD_VALUE',
      `${plugin}: the service-account key's private_key is not an RSA PKCS#8 PEM key`,
    );
  }
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(key);
}

/** the endpoint of the exchange: the config's, else the key's token_uri */
export const tokenEndpoint = (net: Net, sa: ServiceAccount) => net.cloud?.tokenEndpoint || sa.token_uri;

/**
 * Exchanges a signed assertion at the token endpoint (RFC 7523 jwt-bearer grant) and returns the
 * field `field` of the answer (`id_token` with target_audience, `access_token` with scope).
 */
export async function exchange(
  ctx: RenderContext,
  net: Net,
  plugin: string,
  sa: ServiceAccount,
  claims: Record<string, string>,
  field: 'id_token' | 'access_token',
): Promise<string> {
  const url = tokenEndpoint(net, sa);
  const jwt = await assertion(ctx, plugin, sa, url, claims);
  const body = `grant_type=${encodeURIComponent('urn:ietf:params:oauth:grant-type:jwt-bearer')}&assertion=${jwt}`;
  const answer = await callJson(
    ctx,
    net,
    plugin,
    { method: 'POST', url, headers: [['Content-Type', 'application/x-www-form-urlencoded']], body },
    (j) => {
      const t = (j as Record<string, unknown> | null)?.[field];
      return typeof t === 'string' && t !== '' ? null : `the token endpoint answered without '${field}'`;
    },
  );
  return (answer as Record<string, string>)[field] as string;
}

/** origin and path of `url` (the API log never keeps a query string); NET_BAD_VALUE when it is not a URL */
export function logUrl(plugin: string, url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw failure('NET_BAD_VALUE', `${plugin}: '${url.slice(0, 200)}' is not a URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw failure('NET_BAD_VALUE', `${plugin}: only http and https URLs can be called (${u.protocol})`);
  }
  return `${u.origin}${u.pathname}`;
}

/** the service's own error text of a JSON error answer ({error: {message}} or {error_description}) */
function serviceError(body: Uint8Array): string {
  try {
    const j = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>;
    const e = j.error as Record<string, unknown> | string | undefined;
    const msg =
      (typeof j.error_description === 'string' && j.error_description) ||
      (e && typeof e === 'object' && typeof e.message === 'string' && e.message) ||
      (typeof e === 'string' && e) ||
      '';
    return msg ? `: ${msg.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

/**
 * One JSON call over net.http, logged; the decoded answer, or a NetFailure. `check` says what is
 * wrong with a decoded answer that lacks what the service documents (NET_BAD_RESPONSE), or null.
 */
export async function callJson(
  ctx: RenderContext,
  net: Net,
  plugin: string,
  req: { method: string; url: string; headers: [string, string][]; body?: string },
  check: (json: unknown) => string | null = () => null,
): Promise<unknown> {
  const url = logUrl(plugin, req.url);
  const started = Date.now();
  const entry = (status: number, error?: string) =>
    logCall(ctx, net, {
      plugin,
      method: req.method,
      url,
      status,
      durationMs: Date.now() - started,
      ...(error ? { error } : {}),
    });
  let res: Awaited<ReturnType<Net['http']['request']>>;
  try {
    res = await (net.cloud?.http ?? net.http).request({
      method: req.method,
      url: req.url,
      headers: [['Accept', 'application/json'], ...req.headers],
      ...(req.body !== undefined ? { body: req.body } : {}),
      timeoutMs: CALL_TIMEOUT_MS,
      maxBytes: MAX_RESPONSE_BYTES,
    });
  } catch (e) {
    const f =
      e instanceof NetFailure
        ? e
        : failure('NET_REFUSED', `${plugin}: the call failed (${e instanceof Error ? e.name : 'error'})`);
    entry(0, f.code);
    throw f;
  }
  if (res.status < 200 || res.status > 299) {
    entry(res.status, 'NET_HTTP_STATUS');
    throw failure(
      'NET_HTTP_STATUS',
      `${plugin}: ${req.method} ${url} answered ${res.status}${serviceError(res.body)}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(res.body));
  } catch {
    entry(res.status, 'NET_BAD_RESPONSE');
    throw failure(
      'NET_BAD_RESPONSE',
      `${plugin}: ${req.method} ${url} answered ${res.status} with invalid JSON`,
    );
  }
  const wrong = check(json);
  if (wrong !== null) {
    entry(res.status, 'NET_BAD_RESPONSE');
    throw failure('NET_BAD_RESPONSE', `${plugin}: ${wrong}`);
  }
  entry(res.status);
  return json;
}
