/**
 * liveCmsApi: the site's own APIs over HTTP. Browser-safe (it only uses the HttpClient it is given);
 * exported from `@sumi/plugins-net/node` with the other live adapters.
 *
 * Request: `${baseUrl}${path}` (the path's own query string kept, then `query` appended), method as
 * given, the template's headers, then:
 * - `X-RCMS-API-ACCESS-TOKEN: <token>` when `token` is set (the CMS's static access token header);
 * - `X-API-KEY: <apiKey>` when `apiKey` is set;
 * - `X-Sumi-Member-Id: <id>` when the call runs as a member (member_id, or the session's member with
 *   use_current_session), and `X-Sumi-Use-Current-Session: 1` with use_current_session. A header, not
 *   a query parameter, so the member never shows in a URL or the API log;
 * - a POST sends its body as JSON (`Content-Type: application/json`).
 * api_method goes as `GET ${baseUrl}/api_method/<model>/<operation>?version=N&<request_params>&method_params=<JSON>`.
 * `direct` requests go to the `direct` adapter when one is given, else over HTTP like any GET.
 */
import { multipart } from '../calls/request';
import { failure, NetFailure } from '../failure';
import type { HttpClient } from '../http/types';
import type { CmsApi, CmsJson, CmsRequest, CmsResponse } from './types';

export interface LiveCmsOptions {
  /** the site's API origin, e.g. `https://example.g.kuroco.app` (a trailing slash is dropped) */
  baseUrl: string;
  /** the static access token, sent as X-RCMS-API-ACCESS-TOKEN */
  token?: string;
  /** an API key, sent as X-API-KEY */
  apiKey?: string;
  http: HttpClient;
  /** default 30,000 ms */
  timeoutMs?: number;
  /** default 10 MiB */
  maxBytes?: number;
  /** where `direct=1` calls go (a directCmsApi); without it they go over HTTP */
  direct?: CmsApi;
}

const enc = (s: string) => encodeURIComponent(s);

/** flattens a JSON object into query pairs the way PHP's http_build_query does (a[b]=c) */
export function queryPairs(value: CmsJson | undefined, prefix = ''): [string, string][] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object')
    return prefix ? [[prefix, value === true ? '1' : value === false ? '0' : String(value)]] : [];
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(value)) out.push(...queryPairs(v, prefix ? `${prefix}[${k}]` : k));
  return out;
}

export function liveCmsApi(options: LiveCmsOptions): CmsApi {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    kind: 'live',
    async call(req: CmsRequest): Promise<CmsResponse> {
      if (req.direct && options.direct) return options.direct.call(req);
      let path = req.path;
      let query = req.query;
      if (req.plugin === 'api_method') {
        path = `/api_method/${enc(req.model ?? '')}/${enc(req.operation ?? '')}`;
        query = [
          ...(req.version !== undefined ? [['version', String(req.version)] as [string, string]] : []),
          ...queryPairs(req.requestParams ?? null),
          ...(req.methodParams
            ? [['method_params', JSON.stringify(req.methodParams)] as [string, string]]
            : []),
        ];
      }
      const extra = query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
      const url = `${base}${path}${extra ? (path.includes('?') ? '&' : '?') + extra : ''}`;
      const headers: [string, string][] = [['Accept', 'application/json'], ...req.headers];
      if (options.token) headers.push(['X-RCMS-API-ACCESS-TOKEN', options.token]);
      if (options.apiKey) headers.push(['X-API-KEY', options.apiKey]);
      if (req.memberId !== undefined) headers.push(['X-Sumi-Member-Id', String(req.memberId)]);
      if (req.useCurrentSession) headers.push(['X-Sumi-Use-Current-Session', '1']);
      let body: string | Uint8Array | undefined;
      if (req.method === 'POST' && req.files?.length) {
        // uploads: the body's entries as form fields (a[b] for nested keys), each file a files[] part
        const utf8 = new TextEncoder();
        const form = multipart([
          ...queryPairs(req.body ?? null).map(([name, value]) => ({ name, value: utf8.encode(value) })),
          ...req.files.map((f) => ({ name: 'files[]', value: f.data, filename: f.name, type: f.type })),
        ]);
        body = form.body;
        // the boundary is ours: a Content-Type of the template cannot stand
        const own = headers.filter(([n]) => n.toLowerCase() !== 'content-type');
        headers.length = 0;
        headers.push(...own, ['Content-Type', form.contentType]);
      } else if (req.method === 'POST') {
        body = JSON.stringify(req.body ?? {});
        if (!req.headers.some(([n]) => n.toLowerCase() === 'content-type'))
          headers.push(['Content-Type', 'application/json']);
      }
      let res: Awaited<ReturnType<HttpClient['request']>>;
      try {
        res = await options.http.request({
          method: req.method,
          url,
          headers,
          body,
          timeoutMs: options.timeoutMs ?? 30_000,
          maxBytes: options.maxBytes ?? 10 * 1024 * 1024,
        });
      } catch (err) {
        if (err instanceof NetFailure) throw err;
        throw failure('NET_REFUSED', 'the HTTP client failed without an answer');
      }
      const ok = res.status >= 200 && res.status < 300;
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(res.body);
      } catch {
        if (ok) throw failure('NET_BAD_RESPONSE', `the answer (${res.status}) is not UTF-8 text`);
        return { status: res.status, body: null };
      }
      if (text.trim() === '') return { status: res.status, body: null };
      try {
        return { status: res.status, body: JSON.parse(text) };
      } catch {
        if (ok) throw failure('NET_BAD_RESPONSE', `the answer (${res.status}) is not valid JSON`);
        return { status: res.status, body: null };
      }
    },
  };
}
