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
import type { RenderContext } from '@sumi/runtime';
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
  build: () => CmsRequest,
  out: { var?: string; statusVar?: string; cacheMinutes?: number },
): Promise<void> {
  let result: unknown;
  let code: keyof typeof NET_CODE_INFO | undefined;
  const ok = await attempt(ctx, plugin, async () => {
    try {
      const net = netOf(ctx);
      const req = build();
      const cms = net.cms;
      if (!cms)
        throw failure(
          'NET_NOT_CONFIGURED',
          `${plugin}: no CMS API is configured (a site base URL, or fakeCmsApi())`,
        );
      const where = `${req.method} ${pathOnly(req.plugin === 'api_method' ? `/api_method/${req.model}/${req.operation}` : req.path)}`;
      const minutes = out.cacheMinutes ?? 0;
      const key =
        minutes > 0
          ? JSON.stringify([
              req.plugin,
              req.method,
              req.path,
              req.query,
              req.body,
              req.headers,
              req.memberId,
              req.useCurrentSession,
              req.direct,
              req.model,
              req.operation,
              req.version,
              req.requestParams,
              req.methodParams,
            ])
          : '';
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
