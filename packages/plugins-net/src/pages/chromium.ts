/**
 * generate_pdf's live renderer: Debian's Chromium (or any Chromium at `executablePath`) driven by
 * playwright-core, never a downloaded browser. Node only (exported from @sumi/plugins-net/node).
 *
 * The browser starts on the first capture and is kept for the next ones; each capture gets a fresh
 * context (no cookie, cache or storage carried from one page to another), closed afterwards.
 * playwright-core is an optional peer dependency, loaded only when a capture happens.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { failure, NetFailure } from '../failure';
import type { CaptureRequest, CaptureResult, PageRenderer } from './types';

export interface ChromiumOptions {
  /** default: $SUMI_CHROMIUM, else /usr/bin/chromium (Debian's package) */
  executablePath?: string;
  /** how long the browser may take to start; default 30 s */
  launchTimeoutMs?: number;
  /** the most one capture may take, whatever the request says (a server's own cap) */
  maxCaptureMs?: number;
}

/** Chromium's network errors (net::ERR_...) as the net codes api gives for the same faults */
const NET_ERRORS: [RegExp, ConstructorParameters<typeof NetFailure>[0]][] = [
  [
    /ERR_CONNECTION_REFUSED|ERR_NAME_NOT_RESOLVED|ERR_ADDRESS_UNREACHABLE|ERR_NAME_RESOLUTION_FAILED/,
    'NET_REFUSED',
  ],
  [
    /ERR_CONNECTION_RESET|ERR_CONNECTION_CLOSED|ERR_EMPTY_RESPONSE|ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_CONTENT_LENGTH_MISMATCH/,
    'NET_RESET',
  ],
  [/ERR_CERT_|ERR_SSL_|ERR_BAD_SSL_CLIENT_AUTH_CERT/, 'NET_TLS'],
  [/ERR_TIMED_OUT|ERR_CONNECTION_TIMED_OUT|Timeout \d+ms exceeded/, 'NET_TIMEOUT'],
  [/ERR_BLOCKED_BY_CLIENT/, 'NET_BLOCKED'],
];

function asFailure(err: unknown, url: string): NetFailure {
  if (err instanceof NetFailure) return err;
  const message = err instanceof Error ? err.message : String(err);
  // the first line only: playwright appends its call log, which can name every request of the page
  const first = message.split('\n')[0]!.slice(0, 300);
  for (const [pattern, code] of NET_ERRORS) {
    if (pattern.test(message)) return failure(code, `${url}: ${first}`);
  }
  if (/Download is starting/.test(message)) {
    return failure('NET_BAD_RESPONSE', `${url} answered with a download, not a page`);
  }
  return failure('NET_BROWSER', `${url}: ${first}`);
}

/** runs as root (a container): Chromium's sandbox needs a user namespace it does not get there */
const asRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export function chromiumPageRenderer(
  options: ChromiumOptions = {},
): PageRenderer & { close(): Promise<void> } {
  const executablePath = options.executablePath ?? process.env.SUMI_CHROMIUM ?? '/usr/bin/chromium';
  let starting: Promise<Browser> | undefined;

  async function browser(): Promise<Browser> {
    starting ??= (async () => {
      let chromium: typeof import('playwright-core').chromium;
      try {
        ({ chromium } = await import('playwright-core'));
      } catch {
        throw failure(
          'NET_BROWSER',
          'generate_pdf needs the playwright-core package (npm i playwright-core)',
        );
      }
      try {
        const b = await chromium.launch({
          executablePath,
          headless: true,
          timeout: options.launchTimeoutMs ?? 30_000,
          args: [
            ...(asRoot() ? ['--no-sandbox'] : []),
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--no-first-run',
          ],
        });
        // a crashed or closed browser is started again by the next capture
        b.on('disconnected', () => {
          starting = undefined;
        });
        return b;
      } catch (err) {
        const first = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);
        throw failure('NET_BROWSER', `Chromium could not start at ${executablePath}: ${first}`);
      }
    })();
    try {
      return await starting;
    } catch (err) {
      starting = undefined;
      throw err;
    }
  }

  async function run(context: BrowserContext, request: CaptureRequest): Promise<CaptureResult> {
    if (request.cookies.length) await context.addCookies(request.cookies);
    if (request.allow) {
      const allow = request.allow;
      await context.route('**/*', async (route) => {
        const url = route.request().url();
        let ok = false;
        try {
          ok = /^https?:/i.test(url) ? await allow(url) : !/^(?:file|ftp):/i.test(url);
        } catch {
          ok = false;
        }
        if (ok) await route.continue();
        else await route.abort('blockedbyclient');
      });
    }
    const page = await context.newPage();
    const response = await page.goto(request.url, { waitUntil: 'load', timeout: request.timeoutMs });
    const status = response?.status() ?? 0;
    if (status < 200 || status > 299) return { status, bytes: null };
    if (request.sleepMs > 0) await page.waitForTimeout(request.sleepMs);
    const bytes = await shoot(context, page, request);
    if (bytes.length > request.maxBytes) {
      throw failure(
        'NET_TOO_LARGE',
        `the ${request.format} is ${bytes.length} bytes, more than ${request.maxBytes}`,
      );
    }
    return { bytes, status };
  }

  return {
    label: `Chromium at ${executablePath}`,
    async capture(asked) {
      const timeoutMs = Math.min(asked.timeoutMs, options.maxCaptureMs ?? Number.POSITIVE_INFINITY);
      const request = { ...asked, timeoutMs };
      const b = await browser();
      let context: BrowserContext | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        context = await b.newContext({
          viewport: { width: request.width, height: request.height },
          ...(request.userAgent ? { userAgent: request.userAgent } : {}),
          acceptDownloads: false,
          serviceWorkers: 'block',
        });
        const ctx = context;
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(failure('NET_TIMEOUT', `${request.url}: no capture within ${request.timeoutMs} ms`)),
            request.timeoutMs,
          );
        });
        return await Promise.race([run(ctx, request), deadline]);
      } catch (err) {
        throw asFailure(err, request.url);
      } finally {
        clearTimeout(timer);
        await context?.close().catch(() => {});
      }
    },
    async close() {
      const b = starting;
      starting = undefined;
      if (b) await (await b.catch(() => undefined))?.close();
    },
  };
}

/** tries of a webp capture that found no frame to take (see shoot) */
const SCREENSHOT_ATTEMPTS = 3;

/**
 * Resolves once the page has drawn a frame (two animation frames: the second follows a paint), or
 * after FRAME_WAIT_MS: a page that never draws (its scripts stopped, an error) is captured as it is.
 */
async function nextFrame(page: Page): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drawn = page
    .evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    )
    .catch(() => {});
  await Promise.race([drawn, new Promise<void>((done) => (timer = setTimeout(done, FRAME_WAIT_MS)))]);
  clearTimeout(timer);
}

/** the longest wait for a frame before a webp capture */
const FRAME_WAIT_MS = 1000;

async function shoot(context: BrowserContext, page: Page, request: CaptureRequest): Promise<Uint8Array> {
  if (request.format === 'pdf') {
    const p = request.pdf;
    return page.pdf({
      format: p.paper,
      landscape: p.landscape,
      printBackground: p.printBackground,
      margin: p.margin,
      scale: p.scale,
      ...(p.pageRanges ? { pageRanges: p.pageRanges } : {}),
    });
  }
  if (request.format === 'png' || request.format === 'jpeg') {
    return page.screenshot({
      type: request.format,
      fullPage: request.fullPage,
      ...(request.format === 'jpeg' && request.quality !== undefined ? { quality: request.quality } : {}),
    });
  }
  // webp: playwright's screenshot has no webp; Chromium's DevTools protocol does
  const cdp = await context.newCDPSession(page);
  try {
    let clip: { x: number; y: number; width: number; height: number; scale: number } | undefined;
    if (request.fullPage) {
      const metrics = await cdp.send('Page.getLayoutMetrics');
      const size = metrics.cssContentSize;
      clip = { x: 0, y: 0, width: Math.ceil(size.width), height: Math.ceil(size.height), scale: 1 };
    }
    const params = {
      format: 'webp' as const,
      ...(request.quality !== undefined ? { quality: request.quality } : {}),
      ...(clip ? { clip, captureBeyondViewport: true } : {}),
    };
    // the protocol call takes the compositor's next frame, which a loaded machine may not have drawn
    // in time ("Unable to capture screenshot"; playwright's own screenshot waits for one): a frame is
    // awaited first, and the call tried again a few times (the capture's deadline still holds)
    await nextFrame(page);
    for (let attempt = 1; ; attempt++) {
      try {
        const shot = await cdp.send('Page.captureScreenshot', params);
        return Uint8Array.from(Buffer.from(shot.data, 'base64'));
      } catch (err) {
        if (attempt >= SCREENSHOT_ATTEMPTS || !/Unable to capture screenshot/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
        await nextFrame(page);
      }
    }
  } finally {
    await cdp.detach().catch(() => {});
  }
}
