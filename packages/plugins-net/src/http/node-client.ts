/**
 * The Node HTTP client (`@sumi/plugins-net/node`): undici's fetch, with a per-request Agent when
 * the request carries `tls` (client certificate and key for mutual TLS, a private CA). Same timeout,
 * size cap and failure mapping as `fetchHttpClient`.
 */
import { Agent, fetch as undiciFetch } from 'undici';
import { fetchRequest } from './fetch-client';
import type { HttpClient, HttpRequest } from './types';

async function asBytes(req: HttpRequest): Promise<HttpRequest> {
  // a FormData of another fetch implementation: serialised here, with its own Content-Type
  if (typeof FormData !== 'undefined' && req.body instanceof FormData) {
    const r = new Response(req.body);
    const type = r.headers.get('content-type') ?? 'multipart/form-data';
    const headers = req.headers.filter(([k]) => k.toLowerCase() !== 'content-type');
    return {
      ...req,
      headers: [...headers, ['Content-Type', type]],
      body: new Uint8Array(await r.arrayBuffer()),
    };
  }
  return req;
}

/** HTTP on undici, with mutual TLS */
export function nodeHttpClient(): HttpClient {
  return {
    async request(input) {
      const req = await asBytes(input);
      const tls = req.tls;
      if (!tls || !(tls.cert || tls.key || tls.ca)) {
        return fetchRequest(undiciFetch as unknown as typeof globalThis.fetch, req);
      }
      const agent = new Agent({
        connect: {
          ...(tls.cert ? { cert: tls.cert } : {}),
          ...(tls.key ? { key: tls.key } : {}),
          ...(tls.ca ? { ca: tls.ca } : {}),
        },
      });
      try {
        return await fetchRequest(undiciFetch as unknown as typeof globalThis.fetch, req, {
          dispatcher: agent,
        });
      } finally {
        agent.destroy().catch(() => {});
      }
    },
  };
}
