/**
 * The HTTP client on `fetch` (browsers and Node alike): a timeout through an AbortSignal, the body
 * read chunk by chunk under the size cap, errors mapped to NET_* codes. It cannot present a client
 * certificate: a request with `tls` fails with NET_TLS (use `nodeHttpClient` of
 * `@sumi/plugins-net/node`).
 */
import { failure } from '../failure';
import { mapHttpError, readCapped, safeUrl } from './errors';
import type { HttpClient, HttpRequest, HttpResponse } from './types';

/** extra RequestInit fields a caller adds (the Node client's `dispatcher`) */
export type ExtraInit = (req: HttpRequest) => Record<string, unknown> | undefined;

/** one request on `fetch`; shared by fetchHttpClient and the Node client */
export async function fetchRequest(
  fetchFn: typeof globalThis.fetch,
  req: HttpRequest,
  extra?: Record<string, unknown>,
): Promise<HttpResponse> {
  const where = `${req.method} ${safeUrl(req.url)}`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs);
  try {
    let res: Response;
    try {
      const headers = new Headers();
      for (const [k, v] of req.headers) headers.append(k, v);
      res = await fetchFn(req.url, {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : (req.body as BodyInit),
        signal: controller.signal,
        redirect: 'follow',
        ...extra,
      } as RequestInit);
    } catch (err) {
      throw mapHttpError(err, 'connect', where, timedOut, req.timeoutMs);
    }
    const declared = Number(res.headers.get('content-length') ?? Number.NaN);
    if (declared > req.maxBytes) {
      controller.abort();
      throw failure('NET_TOO_LARGE', `${where}: the answer is larger than ${req.maxBytes} bytes`);
    }
    let body: Uint8Array;
    try {
      body = await readCapped(res.body, req.maxBytes, where, () => controller.abort());
    } catch (err) {
      throw mapHttpError(err, 'body', where, timedOut, req.timeoutMs);
    }
    const headers: [string, string][] = [];
    res.headers.forEach((v, k) => {
      headers.push([k, v]);
    });
    return { status: res.status, headers, body };
  } finally {
    clearTimeout(timer);
  }
}

/** HTTP over `fetch` (default: the global one); no client certificates */
export function fetchHttpClient(fetch: typeof globalThis.fetch = globalThis.fetch): HttpClient {
  return {
    async request(req) {
      if (req.tls && (req.tls.cert || req.tls.key)) {
        throw failure(
          'NET_TLS',
          `${req.method} ${safeUrl(req.url)}: client certificates need @sumi/plugins-net/node (nodeHttpClient); fetch cannot present one`,
        );
      }
      if (req.tls?.ca) {
        throw failure(
          'NET_TLS',
          `${req.method} ${safeUrl(req.url)}: a private CA (cainfo) needs @sumi/plugins-net/node (nodeHttpClient)`,
        );
      }
      return fetchRequest(fetch.bind(globalThis), req);
    },
  };
}
