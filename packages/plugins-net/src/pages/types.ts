/**
 * What generate_pdf asks of a headless browser: one page loaded and captured as a PDF or an image.
 * `chromiumPageRenderer` (@sumi/plugins-net/node) drives a real Chromium; `fakePageRenderer`
 * answers with small, valid, deterministic files and records what it was asked.
 */

export type CaptureFormat = 'pdf' | 'png' | 'jpeg' | 'webp';

export interface PageCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
}

/** the PDF's page setup (from generate_pdf's `option`) */
export interface PdfSetup {
  /** a paper name Chromium knows: A4, A3, A5, Letter, Legal, Tabloid, Ledger */
  paper: string;
  landscape: boolean;
  printBackground: boolean;
  /** CSS lengths */
  margin: { top: string; right: string; bottom: string; left: string };
  /** 0.1 to 2 */
  scale: number;
  /** `1-3, 5`; '' prints every page */
  pageRanges: string;
}

export interface CaptureRequest {
  url: string;
  format: CaptureFormat;
  /** the browser window, CSS pixels */
  width: number;
  height: number;
  /** waited after the page's load event, before the capture */
  sleepMs: number;
  userAgent?: string;
  cookies: PageCookie[];
  pdf: PdfSetup;
  /** images: the whole page (true) or the window only */
  fullPage: boolean;
  /** jpeg and webp: 1 to 100 */
  quality?: number;
  /** loading the page, the sleep and the capture together */
  timeoutMs: number;
  /** a larger result is NET_TOO_LARGE */
  maxBytes: number;
  /**
   * Asked for every request the page makes (the page itself, frames, images, scripts...) when the
   * host guard is on; a request it refuses fails (the page itself: NET_BLOCKED).
   */
  allow?: (url: string) => Promise<boolean>;
}

export interface CaptureResult {
  /** the HTTP status of the page (after redirects) */
  status: number;
  /** the file; null when the page answered outside 2xx (nothing was captured) */
  bytes: Uint8Array | null;
}

/**
 * A headless browser. `capture` fails with a NetFailure when there is no page: NET_REFUSED,
 * NET_TIMEOUT, NET_RESET, NET_TLS, NET_BLOCKED, NET_BAD_RESPONSE, NET_TOO_LARGE, NET_BROWSER.
 */
export interface PageRenderer {
  /** what `sumi render --verbose` says: `Chromium at /usr/bin/chromium`, `fake pages` */
  readonly label: string;
  capture(request: CaptureRequest): Promise<CaptureResult>;
  /** ends the browser process, if one was started (a host calls it when it is done rendering) */
  close?(): Promise<void>;
}
