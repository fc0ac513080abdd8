/**
 * {api}: an HTTP request to an outside service; the answer in template variables. Through the
 * net's HTTP client (fetch, undici with mTLS in Node, or the fake), after the SSRF guard; every call
 * in the API log.
 */
import {
  fromBytes,
  jsonDecode,
  jsonEncode,
  PhpArray,
  PhpObject,
  toBytes,
  toStr,
  type Value,
} from '@sumi/php';
import { definePlugin, type FunctionPluginDef, type RenderContext } from '@sumi/runtime';
import { attempt, failure, NetFailure } from '../failure';
import { safeUrl } from '../http/errors';
import { checkGuard } from '../http/guard';
import type { HttpRequest, HttpResponse } from '../http/types';
import { logCall, type Net, netOf } from '../net';
import {
  buildUrl,
  contentTypeOf,
  formFields,
  headerValue,
  httpBuildQuery,
  multipart,
  type Part,
  parseHeaders,
  readTemp,
  tempPath,
  tempSite,
} from './request';

const NAME = 'api';
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'PURGE'] as const;

/** the response cache of each net: key → answer and when it expires (ms of ctx.services.clock) */
const caches = new WeakMap<Net, Map<string, { expires: number; res: HttpResponse }>>();

const str = (v: Value | undefined): string => (v === undefined || v === null ? '' : toStr(v));

async function secretOf(ctx: RenderContext, attr: string, name: string): Promise<string> {
  const value = await ctx.services.secrets.get(name);
  if (value === undefined || value === '') {
    throw failure(
      'NET_NO_SECRET',
      `${NAME}: the secret named in ${attr} (${JSON.stringify(name)}) is not in the secret store`,
    );
  }
  return value;
}

function fileList(files: PhpArray): { field: string; path: string }[] {
  const out: { field: string; path: string }[] = [];
  let i = 0;
  files.forEach((v, k) => {
    let path: string;
    let field = typeof k === 'string' ? k : `files[${i}]`;
    if (v instanceof PhpArray) {
      path = str(v.get('path'));
      const n = str(v.get('name'));
      if (n) field = n;
    } else path = str(v);
    i++;
    if (path !== '') out.push({ field, path });
  });
  return out;
}

export const api: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    'Sends an HTTP request to an outside service and puts the answer in variables: `var` the body text, `json_var` the decoded JSON, `resp_header_var` the headers, `status_var` 1 on a 2xx answer, `http_code_var` the status. Never stops the template: a refused connection, a timeout, a TLS failure or a blocked host gives `status_var` 0 and a log entry. Every call goes to the API log (method, origin and path, status, duration: never a query string, a header value or a secret).',
  attributes: {
    endpoint: {
      type: 'string',
      required: true,
      description: 'the URL (http:// or https://), may carry its own query string',
    },
    method: {
      type: 'string',
      default: 'GET',
      description: 'GET, POST, PATCH, PUT, DELETE or PURGE (case-insensitive); any other: NET_BAD_VALUE',
    },
    query: { type: 'string', description: "a query string `a=1&b=2`, appended to the endpoint's own" },
    queries: {
      type: 'array',
      description: "query parameters, encoded as PHP's http_build_query does and appended after `query`",
    },
    json_body: {
      type: 'mixed',
      description:
        'the JSON body as a string (`$data|@json_encode`), sent with `Content-Type: application/json` unless `headers` sets one. An array given here is json_encoded first',
    },
    body: {
      type: 'mixed',
      description:
        'the raw body. An array (as real templates pass) is sent form-urlencoded (http_build_query). A string that is JSON goes with `Content-Type: application/json`; any other string needs a `Content-Type: text/...` header in `headers` (the catalog rule): without a Content-Type it is sent as `text/plain; charset=UTF-8` and a warning is logged. Ignored when `json_body` is given',
    },
    files: {
      type: 'array',
      description:
        'files of the temporary area (paths relative to TEMP_DIR2, or arrays with `path` and optional `name`), sent as multipart/form-data with the fields of an array `body`; field names: a string key, the `name`, else `files[<n>]`. With PUT only the first file is sent, as the raw body',
    },
    headers: { type: 'array', description: 'request headers, each a string `Name: value`' },
    cache_time: {
      type: 'integer',
      default: 0,
      description:
        'minutes to keep a 2xx answer: the same request (method, URL, headers, body, certificates) within that time is answered from the cache, without a connection. Per net (one engine host)',
    },
    var: { type: 'varname', description: 'receives the body as a string; false when no answer came' },
    json_var: {
      type: 'varname',
      description:
        'receives the decoded body (objects as arrays) when the body is JSON; not assigned otherwise',
    },
    resp_header_var: {
      type: 'varname',
      description:
        "receives the answer's headers as a list of `name: value` strings (names lower-case); [] when no answer came",
    },
    status_var: {
      type: 'varname',
      description: 'receives 1 for a 2xx answer, 0 otherwise (an error status, no answer)',
    },
    http_code_var: {
      type: 'varname',
      description: 'receives the HTTP status (200, 404, ...), 0 when no answer came',
    },
    dl_flg: {
      type: 'boolean',
      default: false,
      description:
        "saves the body as a new file of the temporary area (`api_<8 hex digits>` plus the URL's extension); `var` then receives its path relative to TEMP_DIR2",
    },
    timeout: {
      type: 'integer',
      default: 30,
      description: 'seconds for the whole call (connection and body), clamped to 1-3600',
    },
    sslcert: {
      type: 'string',
      description: 'name of the secret holding the client certificate (PEM) for mutual TLS',
    },
    sslkey: { type: 'string', description: 'name of the secret holding the client private key (PEM)' },
    cainfo: { type: 'string', description: "name of the secret holding the server's CA certificate (PEM)" },
  },
  result:
    'Nothing printed. `var` the body text (or the saved file with `dl_flg`), `json_var` the decoded JSON, `resp_header_var` the headers, `status_var` 1/0, `http_code_var` the status. An error status still sets `var`, `json_var` and `resp_header_var`; no answer sets `var` false, `resp_header_var` [], `status_var` and `http_code_var` 0.',
  errors: [
    'a status outside 2xx: `status_var` 0, the body still in `var`/`json_var`, logged (API_CALL, NET_HTTP_STATUS)',
    'refused, unresolved host: NET_REFUSED; no complete answer within `timeout`: NET_TIMEOUT; broken off mid-body: NET_RESET; TLS handshake or certificate problem: NET_TLS (`status_var` 0, `var` false)',
    'a host refused by the guard (allowlist, private addresses on servers): NET_BLOCKED, no connection',
    'an unknown method, a malformed endpoint or header: NET_BAD_VALUE; a missing secret: NET_NO_SECRET; an unreadable file: NET_FILE',
    'client certificates in a browser (fetch): NET_TLS, they need @sumi/plugins-net/node',
  ],
  limits: [
    'timeout: default 30 s, clamped to 1-3600 s',
    'the answer may be at most limits.maxStringLength bytes (NET_TOO_LARGE past it, counted as it arrives)',
    'with PUT and `files` only the first file is sent',
  ],
  examples: [
    {
      description:
        'a JSON API (the examples run on fakeHttp answering GET https://api.example.com/items* with {"items":[{"id":1,"name":"tea"}]}; other URLs get its default 404)',
      template:
        '{api endpoint="https://api.example.com/items" queries=$q var=raw json_var=r status_var=ok http_code_var=code}{$ok} {$code} {$r.items[0].name} {$raw}',
      data: { q: { page: 1 } },
      output: '1 200 tea {"items":[{"id":1,"name":"tea"}]}',
    },
    {
      description: 'an error status: the body is still read, status_var is 0',
      template:
        '{api endpoint="https://api.example.com/missing" method="POST" json_body=$payload json_var=r status_var=ok http_code_var=code}{$ok} {$code} {$r.error}',
      data: { payload: '{"a":1}' },
      output: '0 404 not found',
    },
  ],
  async run(ctx, a) {
    let res: HttpResponse | undefined;
    let varValue: Value = false;
    let json: Value | undefined;
    const ok = await attempt(ctx, NAME, async () => {
      const net = netOf(ctx);
      const method = str(a.method).trim().toUpperCase() || 'GET';
      if (!(METHODS as readonly string[]).includes(method)) {
        throw failure(
          'NET_BAD_VALUE',
          `${NAME}: method must be one of ${METHODS.join(', ')} (not ${JSON.stringify(method.slice(0, 20))})`,
        );
      }
      const endpoint = str(a.endpoint);
      if (endpoint === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: endpoint is empty`);
      const url = buildUrl(endpoint, str(a.query), a.queries);
      const headers = parseHeaders(a.headers);
      const setType = (t: string) => {
        if (headerValue(headers, 'content-type') === undefined) headers.push(['Content-Type', t]);
      };

      // the body
      let body: string | Uint8Array | undefined;
      const files = a.files ? fileList(a.files) : [];
      if (files.length > 0) {
        if (method === 'PUT') {
          const f = await readTemp(ctx, (files[0] as { path: string }).path);
          body = f.data;
          setType(contentTypeOf(f.name));
        } else {
          const parts: Part[] = a.body instanceof PhpArray ? formFields(a.body) : [];
          for (const f of files) {
            const r = await readTemp(ctx, f.path);
            parts.push({ name: f.field, value: r.data, filename: r.name, type: contentTypeOf(r.name) });
          }
          const m = multipart(parts);
          body = m.body;
          // multipart needs its boundary: a Content-Type of the template is replaced
          for (let i = headers.length - 1; i >= 0; i--) {
            if ((headers[i] as [string, string])[0].toLowerCase() === 'content-type') headers.splice(i, 1);
          }
          headers.push(['Content-Type', m.contentType]);
        }
      } else if (a.json_body !== undefined && a.json_body !== null && a.json_body !== '') {
        const j = a.json_body;
        body = j instanceof PhpArray || j instanceof PhpObject ? str(jsonEncode(j) || '') : str(j);
        setType('application/json');
      } else if (a.body instanceof PhpArray || a.body instanceof PhpObject) {
        body = httpBuildQuery(a.body instanceof PhpObject ? a.body.props : a.body);
        setType('application/x-www-form-urlencoded');
      } else if (a.body !== undefined && a.body !== null && str(a.body) !== '') {
        body = str(a.body);
        if (headerValue(headers, 'content-type') === undefined) {
          if (jsonDecode(body) !== null || body.trim() === 'null') setType('application/json');
          else {
            ctx.log(
              'warn',
              'body is not JSON and headers has no Content-Type (the catalog asks for `Content-Type: text/...`): sent as text/plain; charset=UTF-8',
              NAME,
              'NET_BAD_VALUE',
            );
            setType('text/plain; charset=UTF-8');
          }
        }
      }
      if (typeof body === 'string') body = toBytes(body);

      // certificates, from the secret store (their names only ever appear in messages)
      const tls: HttpRequest['tls'] = {};
      if (str(a.sslcert)) tls.cert = await secretOf(ctx, 'sslcert', str(a.sslcert));
      if (str(a.sslkey)) tls.key = await secretOf(ctx, 'sslkey', str(a.sslkey));
      if (str(a.cainfo)) tls.ca = await secretOf(ctx, 'cainfo', str(a.cainfo));
      const hasTls = tls.cert !== undefined || tls.key !== undefined || tls.ca !== undefined;

      const seconds = Math.min(3600, Math.max(1, Number(a.timeout) || 30));
      const req: HttpRequest = {
        method,
        url,
        headers,
        ...(body !== undefined ? { body } : {}),
        timeoutMs: seconds * 1000,
        maxBytes: ctx.limits.maxStringLength,
        ...(hasTls ? { tls } : {}),
      };

      // the cache: the whole request is the key
      const minutes = Number(a.cache_time) || 0;
      let cache: Map<string, { expires: number; res: HttpResponse }> | undefined;
      let key = '';
      if (minutes > 0) {
        cache = caches.get(net) ?? new Map();
        caches.set(net, cache);
        key = JSON.stringify([
          method,
          url,
          headers,
          body === undefined ? null : fromBytes(body),
          [str(a.sslcert), str(a.sslkey), str(a.cainfo)],
        ]);
        const hit = cache.get(key);
        if (hit && hit.expires > ctx.services.clock.now()) {
          res = hit.res;
          ctx.log('info', `${method} ${safeUrl(url)}: answered from the cache (cache_time=${minutes})`, NAME);
        } else if (hit) cache.delete(key);
      }

      if (!res) {
        const started = Date.now();
        const entry = { plugin: NAME, method, url: safeUrl(url) };
        try {
          await checkGuard(url, net.guard);
          res = await net.http.request(req);
        } catch (err) {
          const code = err instanceof NetFailure ? err.code : 'NET_REFUSED';
          logCall(ctx, net, { ...entry, status: 0, durationMs: Date.now() - started, error: code });
          throw err;
        }
        const okStatus = res.status >= 200 && res.status < 300;
        logCall(ctx, net, {
          ...entry,
          status: res.status,
          durationMs: Date.now() - started,
          ...(okStatus ? {} : { error: 'NET_HTTP_STATUS' }),
        });
        if (cache && okStatus) cache.set(key, { expires: ctx.services.clock.now() + minutes * 60_000, res });
      }

      const text = fromBytes(res.body);
      const decoded = jsonDecode(text, true);
      if (decoded !== null || text.trim() === 'null') json = decoded;
      if (a.dl_flg) {
        const site = tempSite(ctx, 'dl_flg');
        if (typeof site.fs.write !== 'function')
          throw failure('NET_FILE', 'dl_flg: the site cannot be written');
        const last = new URL(url).pathname.split('/').pop() ?? '';
        const ext = /\.[A-Za-z0-9]{1,10}$/.exec(last)?.[0]?.toLowerCase() ?? '';
        let p = tempPath(site, 'x');
        for (let i = 0; i < 64; i++) {
          const hex = ctx.services.random.int(0, 0xffffffff).toString(16).padStart(8, '0');
          p = tempPath(site, `api_${hex}${ext}`);
          if (!site.fs.stat || (await site.fs.stat(p.path)) === null) break;
        }
        ctx.spend('maxFileBytes', res.body.byteLength);
        try {
          await site.fs.write(p.path, res.body);
        } catch (err) {
          throw failure(
            'NET_FILE',
            `dl_flg: the answer could not be saved (${(err as { code?: string }).code ?? 'error'})`,
          );
        }
        varValue = p.sub;
      } else varValue = text;
    });
    const status = res?.status ?? 0;
    if (a.var) ctx.assign(a.var, res && ok ? varValue : res && !a.dl_flg ? fromBytes(res.body) : false);
    if (a.json_var && json !== undefined && res) ctx.assign(a.json_var, json);
    if (a.resp_header_var) {
      ctx.assign(a.resp_header_var, PhpArray.fromList((res?.headers ?? []).map(([k, v]) => `${k}: ${v}`)));
    }
    if (a.http_code_var) ctx.assign(a.http_code_var, status);
    if (a.status_var) ctx.assign(a.status_var, ok && status >= 200 && status < 300 ? 1 : 0);
  },
});
