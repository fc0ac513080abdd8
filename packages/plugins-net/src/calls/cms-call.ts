/**
 * What api_internal, api_mng and api_method share: building the request from the attributes, one
 * call through the Net's CMS adapter (logged in the API log by path, never a query string or a
 * header value), the response cache, and the documented outcome:
 * - success (2xx): `var` gets the decoded answer, `status_var` 1;
 * - an error answer (4xx/5xx): `var` gets the answer when it has the CMS's `errors` list, else
 *   `{errors: [{code: "http_<status>", message}]}`; `status_var` 0; NET_HTTP_STATUS logged;
 * - no answer, or a rule refused the call: `var` gets `{errors: [{code: "<NET_CODE>", message}]}`
 *   (the message is the code's description), `status_var` 0, the code logged.
 */
import { fromJS, type PhpArray, toJS, type Value } from '@sumi/php';
import type { AttributeSpec, RenderContext } from '@sumi/runtime';
import { queryPairs } from '../cms/live';
import type { CmsApi, CmsJson, CmsRequest, CmsResponse } from '../cms/types';
import { errorBody, pathOnly } from '../cms/types';
import { attempt, failure, NET_CODE_INFO, NetFailure } from '../failure';
import { logCall, netOf } from '../net';

const caches = new WeakMap<CmsApi, Map<string, { until: number; body: unknown }>>();

/** `Name: value` strings (or `Name => value` entries) as header pairs */
export function headerPairs(plugin: string, headers: PhpArray | undefined): [string, string][] {
  const out: [string, string][] = [];
  if (!headers) return out;
  for (const [k, v] of headers.entries()) {
    if (v !== null && typeof v === 'object')
      throw failure('NET_BAD_VALUE', `${plugin}: a header must be a "Name: value" string`);
    const text = v === null || v === false ? '' : v === true ? '1' : String(v);
    if (typeof k === 'string' && !/^[0-9]+$/.test(k)) {
      out.push([k, text]);
      continue;
    }
    const colon = text.indexOf(':');
    const name = colon < 0 ? '' : text.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n]/.test(text))
      throw failure('NET_BAD_VALUE', `${plugin}: headers takes "Name: value" strings`);
    out.push([name, text.slice(colon + 1).trim()]);
  }
  return out;
}

/** the `query` attribute (`a=1&b=2`) as pairs */
export function stringQuery(query: Value | undefined): [string, string][] {
  const text = query === undefined || query === null || query === false ? '' : String(query);
  return text === '' ? [] : [...new URLSearchParams(text.replace(/^\?/, ''))];
}

/** the `queries` array as JSON (for a POST body) */
export function jsonOf(value: PhpArray | undefined): CmsJson {
  return value === undefined ? {} : (toJS(value) as CmsJson);
}

/** the `queries` array flattened to query pairs (for a GET) */
export function queriesPairs(value: PhpArray | undefined): [string, string][] {
  return value === undefined ? [] : queryPairs(toJS(value) as CmsJson);
}

export function memberIdOf(v: number | bigint | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n !== 0 ? n : undefined;
}

/** the attributes api_internal and api_mng declare alike */
export const CMS_CALL_ATTRIBUTES = {
  method: {
    type: 'string',
    default: 'GET',
    description: 'GET or POST (any case); another method fails with NET_BAD_VALUE',
  },
  query: { type: 'string', description: "more query parameters, `a=1&b=2`, after the endpoint's own" },
  headers: { type: 'array', description: 'request headers as `Name: value` strings' },
  var: {
    type: 'varname',
    description:
      "receives the decoded answer; on failure `{errors: [{code, message}]}` (the API's own error answer when it sent one)",
  },
  status_var: { type: 'varname', description: 'receives 1 on success, 0 on failure' },
  use_current_session: {
    type: 'boolean',
    default: false,
    description: 'run the call as the member of the current session',
  },
} as const satisfies Record<string, AttributeSpec>;

/** the failures api_internal and api_mng document alike, after their own */
export const CMS_CALL_ERRORS = [
  'an error answer (4xx/5xx): NET_HTTP_STATUS; `var` gets the API\'s `{errors: [...]}` answer, or `{errors: [{code: "http_<status>", message}]}`',
  'no answer (refused, timeout, reset, oversized, invalid JSON): its code (NET_REFUSED, NET_TIMEOUT, NET_RESET, NET_TOO_LARGE, NET_BAD_RESPONSE); `var` gets `{errors: [{code: "<that code>", message}]}`',
  'every failure is logged at error level with its code, and every call goes into the API log (path only); the render goes on',
] as const;

/**
 * The request parts api_internal and api_mng build alike: `query` then, for GET, `queries` after the
 * endpoint's own query string; the headers; the member (`member_id`, else the session's with
 * `use_current_session` unless `noSession`).
 */
export function commonParts(
  ctx: RenderContext,
  plugin: string,
  method: 'GET' | 'POST',
  a: {
    query?: Value;
    queries?: PhpArray;
    headers?: PhpArray;
    memberId: number | undefined;
    useCurrentSession: boolean;
  },
  noSession = false,
): Pick<CmsRequest, 'query' | 'headers' | 'memberId' | 'useCurrentSession'> {
  const session =
    a.useCurrentSession && !noSession ? (ctx.services.session?.memberId ?? undefined) : undefined;
  const memberId = a.memberId ?? (session || undefined);
  return {
    query: [...stringQuery(a.query), ...(method === 'GET' ? queriesPairs(a.queries) : [])],
    headers: headerPairs(plugin, a.headers),
    ...(memberId !== undefined ? { memberId } : {}),
    ...(a.useCurrentSession ? { useCurrentSession: true } : {}),
  };
}

/** the `endpoint` attribute: required, a path under `prefix` (`shape` says so in the message) */
export function endpointOf(plugin: string, v: Value | undefined, prefix: string, shape: string): string {
  const endpoint = v === undefined || v === null ? '' : String(v);
  if (endpoint === '') throw failure('NET_MISSING_ATTRIBUTE', `${plugin}: endpoint is required`);
  if (!endpoint.startsWith(prefix)) throw failure('NET_BAD_VALUE', `${plugin}: endpoint must be ${shape}`);
  return endpoint;
}

export function methodOf(plugin: string, v: Value | undefined): 'GET' | 'POST' {
  const m = (v === undefined || v === null || v === '' ? 'GET' : String(v)).toUpperCase();
  if (m !== 'GET' && m !== 'POST')
    throw failure('NET_BAD_VALUE', `${plugin}: method must be GET or POST, not "${String(v)}"`);
  return m;
}

function hasErrorList(body: unknown): boolean {
  return (
    body !== null &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    Array.isArray((body as { errors?: unknown }).errors) &&
    (body as { errors: unknown[] }).errors.length > 0
  );
}

const now = () => (globalThis.performance ? globalThis.performance.now() : Date.now());

/**
 * Runs one CMS call: `build` makes the request (it may throw NET_BAD_VALUE / NET_NOT_ALLOWED; no call
 * is then made), then the outcome goes to `var` and `status_var`.
 */
export async function runCmsCall(
  ctx: RenderContext,
  plugin: string,
  build: () => CmsRequest | Promise<CmsRequest>,
  out: { var?: string; statusVar?: string; cacheMinutes?: number },
): Promise<void> {
  let result: unknown;
  let code: keyof typeof NET_CODE_INFO | undefined;
  const ok = await attempt(ctx, plugin, async () => {
    try {
      const net = netOf(ctx);
      const req = await build();
      const cms = net.cms;
      if (!cms)
        throw failure(
          'NET_NOT_CONFIGURED',
          `${plugin}: no CMS API is configured (a site base URL, or fakeCmsApi())`,
        );
      const where = `${req.method} ${pathOnly(req.plugin === 'api_method' ? `/api_method/${req.model}/${req.operation}` : req.path)}`;
      const minutes = out.cacheMinutes ?? 0;
      // the whole request is the key: every field the adapter sees
      const key = minutes > 0 ? JSON.stringify(req) : '';
      const cache = minutes > 0 ? (caches.get(cms) ?? new Map()) : undefined;
      if (cache) {
        caches.set(cms, cache);
        const hit = cache.get(key);
        if (hit && hit.until > ctx.services.clock.now()) {
          result = structuredClone(hit.body);
          return;
        }
      }
      const started = now();
      let res: CmsResponse;
      const url = pathOnly(where.slice(where.indexOf(' ') + 1));
      try {
        res = await cms.call(req);
      } catch (err) {
        const f = err instanceof NetFailure ? err : failure('NET_BAD_RESPONSE', 'the CMS API adapter failed');
        logCall(ctx, net, {
          plugin,
          method: req.method,
          url,
          status: 0,
          durationMs: Math.round(now() - started),
          error: f.code,
        });
        throw failure(f.code, `${plugin}: ${where}: ${NET_CODE_INFO[f.code]}`);
      }
      const good = res.status >= 200 && res.status < 300;
      logCall(ctx, net, {
        plugin,
        method: req.method,
        url,
        status: res.status,
        durationMs: Math.round(now() - started),
        ...(good ? {} : { error: 'NET_HTTP_STATUS' }),
      });
      if (!good) {
        result = hasErrorList(res.body)
          ? res.body
          : errorBody(`http_${res.status}`, `the API answered HTTP ${res.status}`);
        throw failure('NET_HTTP_STATUS', `${plugin}: ${where} answered HTTP ${res.status}`);
      }
      result = res.body;
      if (cache)
        cache.set(key, {
          until: ctx.services.clock.now() + minutes * 60_000,
          body: structuredClone(res.body),
        });
    } catch (err) {
      if (err instanceof NetFailure) code = err.code;
      throw err;
    }
  });
  if (!ok && result === undefined) {
    const c = code ?? 'NET_BAD_RESPONSE';
    result = errorBody(c, NET_CODE_INFO[c]);
  }
  if (out.var) ctx.assign(out.var, fromJS(result ?? null));
  if (out.statusVar) ctx.assign(out.statusVar, ok ? 1 : 0);
}
