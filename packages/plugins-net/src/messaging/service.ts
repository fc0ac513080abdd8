/**
 * One JSON call to a configured service (chat, social) over HTTP: the token from the config or the
 * secret store as a Bearer header, the answer checked (2xx, JSON, the service's own error field), the
 * call in the API log (origin and path only). The token never appears in a message or the log.
 */
import type { RenderContext } from '@sumi/runtime';
import { failure, NetFailure } from '../failure';
import type { Net } from '../net';
import { logCall } from '../net';
import { redact } from './common';
import type { ChatConfig, SocialConfig } from './config';

export interface ServiceCall {
  method: 'GET' | 'POST';
  /** appended to the base URL: `/chat.postMessage` */
  path: string;
  /** sent as the query string (never logged) */
  query?: Record<string, string>;
  /** sent as the JSON body */
  json?: unknown;
  /** a failure the service reports in a 2xx answer, or null */
  check?: (answer: unknown) => NetFailure | null;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** the answer's decoded JSON; throws a NetFailure (already logged in the API log) */
export async function callService(
  ctx: RenderContext,
  net: Net,
  plugin: string,
  which: 'chat' | 'social',
  call: ServiceCall,
): Promise<unknown> {
  const cfg: ChatConfig | SocialConfig | undefined = net[which];
  if (!cfg?.baseUrl) {
    throw failure(
      'NET_NOT_CONFIGURED',
      `${plugin}: no ${which} service is configured on the Net (net.${which})`,
    );
  }
  let token = cfg.token;
  if (!token && cfg.tokenSecret) {
    token = (await ctx.services.secrets.get(cfg.tokenSecret)) ?? undefined;
    if (!token)
      throw failure(
        'NET_NO_SECRET',
        `${plugin}: the secret '${cfg.tokenSecret}' holding the ${which} token is not set`,
      );
  }
  if (!token)
    throw failure(
      'NET_NOT_CONFIGURED',
      `${plugin}: the ${which} service has no token (token or tokenSecret)`,
    );
  const secrets = [token];
  const base = cfg.baseUrl.replace(/\/+$/, '');
  let logUrl: string;
  try {
    const u = new URL(base + call.path);
    logUrl = u.origin + u.pathname;
  } catch {
    throw failure('NET_BAD_VALUE', `${plugin}: the ${which} base URL is not a URL`);
  }
  const qs = call.query ? new URLSearchParams(call.query).toString() : '';
  const headers: [string, string][] = [
    ['Authorization', `Bearer ${token}`],
    ['Accept', 'application/json'],
  ];
  if (call.json !== undefined) headers.push(['Content-Type', 'application/json; charset=utf-8']);
  const http = cfg.http ?? net.http;
  const started = Date.now();
  const log = (status: number, code?: string) =>
    logCall(ctx, net, {
      plugin,
      method: call.method,
      url: logUrl,
      status,
      durationMs: Date.now() - started,
      ...(code ? { error: code } : {}),
    });
  const fail = (status: number, f: NetFailure): NetFailure => {
    log(status, f.code);
    return failure(f.code, redact(f.message, secrets));
  };

  let res: Awaited<ReturnType<typeof http.request>>;
  try {
    res = await http.request({
      method: call.method,
      url: base + call.path + (qs ? `?${qs}` : ''),
      headers,
      body: call.json === undefined ? undefined : JSON.stringify(call.json),
      timeoutMs: cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBytes: cfg.maxBytes ?? DEFAULT_MAX_BYTES,
    });
  } catch (err) {
    const f =
      err instanceof NetFailure
        ? err
        : failure(
            'NET_BAD_RESPONSE',
            `the HTTP client failed: ${err instanceof Error ? err.message : String(err)}`,
          );
    throw fail(0, failure(f.code, `${plugin}: ${f.message}`));
  }
  const bodyText = new TextDecoder().decode(res.body);
  let answer: unknown;
  let parsed = true;
  try {
    answer = JSON.parse(bodyText);
  } catch {
    parsed = false;
  }
  if (res.status < 200 || res.status > 299) {
    const detail = parsed ? errorDetail(answer) : '';
    throw fail(
      res.status,
      failure(
        'NET_HTTP_STATUS',
        `${plugin}: the ${which} service answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`,
      ),
    );
  }
  if (!parsed) {
    throw fail(
      res.status,
      failure('NET_BAD_RESPONSE', `${plugin}: the ${which} service's answer is not JSON`),
    );
  }
  const reported = call.check?.(answer) ?? null;
  if (reported) throw fail(res.status, reported);
  log(res.status);
  return answer;
}

/** a short error text from a JSON error answer (Slack's `error`, X's `detail` or `title`) */
function errorDetail(answer: unknown): string {
  if (!answer || typeof answer !== 'object') return '';
  const a = answer as Record<string, unknown>;
  const d = [a.error, a.detail, a.title].find((x) => typeof x === 'string');
  return typeof d === 'string' ? d.slice(0, 200) : '';
}

/** Slack's `{"ok": false, "error": "channel_not_found"}` (HTTP 200) as NET_SERVICE_ERROR */
export function slackCheck(plugin: string) {
  return (answer: unknown): NetFailure | null => {
    const a = answer as { ok?: unknown; error?: unknown } | null;
    if (a && typeof a === 'object' && a.ok === true) return null;
    const error =
      a && typeof a === 'object' && typeof a.error === 'string' ? a.error.slice(0, 200) : 'no "ok": true';
    return failure('NET_SERVICE_ERROR', `${plugin}: the chat service refused the call: ${error}`);
  };
}
