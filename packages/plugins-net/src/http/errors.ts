/**
 * How a client's error becomes the failure a template sees (browser-safe). Node's fetch and undici
 * put the system's reason in `err.cause.code` (sometimes one cause deeper); browsers hide it, so a
 * browser's "Failed to fetch" is NET_REFUSED.
 */
import { failure, type NetFailure } from '../failure';

/** every `code` along the error's cause chain */
function codes(err: unknown): string[] {
  const out: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === 'string') out.push(c);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

const TLS_CODE = /CERT|SSL|TLS|ALTNAME|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HANDSHAKE/;
const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * `phase` 'connect': before the response headers; 'body': while the body arrives. `timedOut`: the
 * client's own timer fired (then whatever the error says, it is NET_TIMEOUT).
 */
export function mapHttpError(
  err: unknown,
  phase: 'connect' | 'body',
  where: string,
  timedOut: boolean,
  timeoutMs: number,
): NetFailure {
  if (err && typeof err === 'object' && (err as { name?: string }).name === 'NetFailure')
    return err as NetFailure;
  if (timedOut) return failure('NET_TIMEOUT', `${where}: no complete answer within ${timeoutMs / 1000} s`);
  const cs = codes(err);
  const tls = cs.find((c) => TLS_CODE.test(c));
  if (tls) return failure('NET_TLS', `${where}: TLS failed (${tls})`);
  const refused = cs.find((c) => REFUSED.has(c));
  if (refused && phase === 'connect') return failure('NET_REFUSED', `${where}: ${refused}`);
  if (phase === 'body') {
    return failure(
      'NET_RESET',
      `${where}: the connection broke off in the middle of the answer (${cs[0] ?? 'terminated'})`,
    );
  }
  const closed = cs.some((c) => c === 'ECONNRESET' || c === 'UND_ERR_SOCKET' || c === 'EPIPE');
  // TLS 1.3: a server that refuses the client certificate (or wants one) closes the connection
  // after the handshake, before any answer; Node sees only the close. On https that is NET_TLS.
  if (closed && where.includes(' https://')) {
    return failure(
      'NET_TLS',
      `${where}: the server closed the TLS connection before answering (most often a missing or refused client certificate)`,
    );
  }
  if (closed) {
    return failure('NET_RESET', `${where}: the connection was reset before an answer (${cs[0]})`);
  }
  return failure(
    'NET_REFUSED',
    `${where}: no connection (${cs[0] ?? (err instanceof Error ? err.message : 'network error')})`,
  );
}

/** origin and path of a URL: what logs and messages may show (never the query, never credentials) */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(malformed URL)';
  }
}

/** reads a body stream up to `maxBytes` (NET_TOO_LARGE past it, counted as bytes arrive) */
export async function readCapped(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null,
  maxBytes: number,
  where: string,
  onTooLarge?: () => void,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let total = 0;
  const tooLarge = () => {
    onTooLarge?.();
    return failure('NET_TOO_LARGE', `${where}: the answer is larger than ${maxBytes} bytes`);
  };
  if ('getReader' in body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      parts.push(value);
    }
  } else {
    for await (const value of body) {
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge();
      parts.push(value);
    }
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
