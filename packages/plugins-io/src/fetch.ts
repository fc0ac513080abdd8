/**
 * URLs the io plugins download (get_file's `url`, unzip's `src`, zip's entries): one place for the
 * scheme check, the status, the timeout, the size cap and the messages. Every request goes through
 * the host's fetch service (`ctx.services.fetch`), so this package never imports plugins-net and a
 * host decides what the network is. Messages name a URL without its query string, fragment or
 * credentials (url-text.ts).
 */
import type { RenderContext } from '@sumi/runtime';
import { failure, type IoFailure } from './failure';
import { scrubUrl, shownUrl } from './url-text';

/** an http(s) URL, or null when `input` has no scheme (a site path); other schemes are refused */
export function parseUrl(input: string, attribute: string): URL | null {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(input)) return null;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw failure('IO_BAD_VALUE', `'${attribute}' ${JSON.stringify(shownUrl(input))} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw failure(
      'IO_BAD_VALUE',
      `'${attribute}' uses ${url.protocol} URLs: only http and https are fetched`,
    );
  return url;
}

export interface FetchLimits {
  /** the most bytes the body may have (the Content-Length, or what arrives) */
  cap: number;
  /** the failure past `cap`; `shown` names the URL, `declared` is the Content-Length when it told */
  tooBig: (shown: string, declared?: number) => IoFailure;
  /** ms before giving up; the render's own time budget when absent */
  timeoutMs?: number;
}

/**
 * GETs `url`, handing the body to `sink` chunk by chunk as it arrives (so a body without end never
 * sits in memory); returns the byte count. A network error, a timeout or a status other than 2xx is
 * IO_FETCH_FAILED; more than `cap` bytes is `tooBig`, checked before each chunk is handed on.
 */
export async function fetchInto(
  ctx: RenderContext,
  url: URL,
  limits: FetchLimits,
  sink: (chunk: Uint8Array) => void | Promise<void>,
): Promise<number> {
  const shown = shownUrl(url.href);
  const why = (err: unknown) => scrubUrl((err as Error)?.message ?? String(err), url.href);
  const ms = limits.timeoutMs ?? ctx.limits.timeoutMs;
  let res: Response;
  try {
    res = await ctx.services.fetch(url.href, {
      redirect: 'follow',
      ...(Number.isFinite(ms) && ms > 0 ? { signal: AbortSignal.timeout(ms) } : {}),
    });
  } catch (err) {
    throw failure('IO_FETCH_FAILED', `${shown} could not be fetched: ${why(err)}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw failure('IO_FETCH_FAILED', `${shown} answered HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.cap) {
    await res.body?.cancel().catch(() => {});
    throw limits.tooBig(shown, declared);
  }
  if (!res.body) return 0;
  const reader = res.body.getReader();
  let total = 0;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (err) {
        throw failure('IO_FETCH_FAILED', `${shown}: the download broke off (${why(err)})`);
      }
      if (step.done) return total;
      total += step.value.length;
      if (total > limits.cap) throw limits.tooBig(shown);
      await sink(step.value);
    }
  } catch (err) {
    await reader.cancel().catch(() => {});
    throw err;
  }
}
