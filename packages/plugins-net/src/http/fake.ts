/**
 * The fake HTTP client: canned responses by method and URL, every request recorded (the playground
 * shows "what would have been sent"). Deterministic: no clock, no randomness, no network.
 *
 *   const http = fakeHttp({
 *     'GET https://api.example.com/items': { json: { items: [] } },    // exact, GET only
 *     'https://api.example.com/upload/*': { status: 201, body: 'ok' }, // prefix, any method
 *     'POST https://down.example.com/*': { error: 'NET_REFUSED' },     // a failure
 *   });
 *
 * A key is `METHOD URL` or `URL` (any method); a URL ending in `*` is a prefix. An exact match wins,
 * then the longest prefix; a key with a method wins over one without. Nothing matches: 404 with
 * `{"error":"not found"}`. `routes` and `calls` may be edited at any time.
 */
import { fromBytes } from '@sumi/php';
import { failure, type NetCode } from '../failure';
import { safeUrl } from './errors';
import type { HttpClient, HttpRequest, HttpResponse } from './types';

export interface FakeResponse {
  /** default 200 */
  status?: number;
  headers?: Record<string, string> | [string, string][];
  /** the body text */
  body?: string;
  /** a value answered as JSON (with Content-Type application/json), instead of `body` */
  json?: unknown;
  /** fail instead of answering (NET_REFUSED, NET_TIMEOUT, NET_TLS, ...) */
  error?: NetCode;
}

export interface FakeCall {
  method: string;
  url: string;
  /** secret-looking values (Authorization, Cookie, *token*, *key*, ...) as `***` */
  headers: [string, string][];
  /** the body as text (multipart included); '' without one */
  body: string;
  /** whether the request carried TLS material (never the material itself) */
  tls: boolean;
}

export interface FakeHttp extends HttpClient {
  routes: Record<string, FakeResponse>;
  readonly calls: FakeCall[];
}

const SECRET_NAME = /auth|token|key|secret|password|passwd|cookie|session|signature|credential/i;

/** a header value as logs and records may show it */
export function maskHeader(name: string, value: string): string {
  if (SECRET_NAME.test(name) || /^(bearer|basic|token)\s/i.test(value)) return '***';
  return value;
}

function bodyText(body: HttpRequest['body']): string {
  if (body === undefined) return '';
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return fromBytes(body);
  const parts: string[] = [];
  body.forEach((v, k) => {
    parts.push(`${k}=${typeof v === 'string' ? v : `(file ${(v as File).name})`}`);
  });
  return parts.join('&');
}

function find(routes: Record<string, FakeResponse>, method: string, url: string): FakeResponse | undefined {
  let best: { r: FakeResponse; score: number } | undefined;
  for (const [key, r] of Object.entries(routes)) {
    const m = /^([A-Z]+)\s+(\S.*)$/.exec(key.trim());
    const kMethod = m ? m[1] : undefined;
    const kUrl = m ? (m[2] as string) : key.trim();
    if (kMethod && kMethod !== method) continue;
    let score: number;
    if (kUrl.endsWith('*')) {
      const prefix = kUrl.slice(0, -1);
      if (!url.startsWith(prefix)) continue;
      score = prefix.length * 2;
    } else {
      if (kUrl !== url) continue;
      score = 1e9;
    }
    if (kMethod) score += 1;
    if (!best || score > best.score) best = { r, score };
  }
  return best?.r;
}

const utf8 = new TextEncoder();

export function fakeHttp(routes: Record<string, FakeResponse> = {}): FakeHttp {
  const calls: FakeCall[] = [];
  const http: FakeHttp = {
    routes,
    calls,
    async request(req) {
      const method = req.method.toUpperCase();
      calls.push({
        method,
        url: req.url,
        headers: req.headers.map(([k, v]) => [k, maskHeader(k, v)]),
        body: bodyText(req.body),
        tls: !!req.tls,
      });
      const where = `${method} ${safeUrl(req.url)}`;
      const r = find(http.routes, method, req.url);
      if (r?.error) throw failure(r.error, `${where}: ${r.error} (fake)`);
      const headers: [string, string][] = Array.isArray(r?.headers)
        ? r.headers.map(([k, v]) => [k, v])
        : Object.entries(r?.headers ?? {});
      let text: string;
      if (!r) {
        text = '{"error":"not found"}';
        headers.push(['content-type', 'application/json']);
      } else if (r.json !== undefined) {
        text = JSON.stringify(r.json);
        if (!headers.some(([k]) => k.toLowerCase() === 'content-type'))
          headers.push(['content-type', 'application/json']);
      } else text = r.body ?? '';
      const body = utf8.encode(text);
      if (body.byteLength > req.maxBytes) {
        throw failure('NET_TOO_LARGE', `${where}: the answer is larger than ${req.maxBytes} bytes`);
      }
      const res: HttpResponse = { status: r ? (r.status ?? 200) : 404, headers, body };
      return res;
    },
  };
  return http;
}
