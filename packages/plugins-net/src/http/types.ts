/**
 * The HTTP contract every network plugin speaks through (api, chat, social, cloud): a request in,
 * a whole response out, or a NetFailure. Implementations: `fetchHttpClient` (browsers and Node,
 * no client certificates), the Node client of `@sumi/plugins-net/node` (undici, with mTLS), and the
 * fake (canned responses, recorded calls) the playground and tests use.
 */

export interface HttpRequest {
  method: string;
  url: string;
  /** in order; a name may repeat */
  headers: [string, string][];
  body?: string | Uint8Array | FormData;
  /** give up after this many ms (NET_TIMEOUT) */
  timeoutMs: number;
  /** the most body bytes accepted (NET_TOO_LARGE past it, counted as they arrive) */
  maxBytes: number;
  /** PEM texts for mutual TLS and a private CA (api's sslcert/sslkey/cainfo) */
  tls?: { cert?: string; key?: string; ca?: string };
}

export interface HttpResponse {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

export interface HttpClient {
  request(req: HttpRequest): Promise<HttpResponse>;
}
