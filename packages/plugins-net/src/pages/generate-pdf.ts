/**
 * {generate_pdf}: loads a page in a headless browser (the net's `pages` renderer) and saves it as
 * a PDF or an image in cloud storage (/files/g/private/ or /files/g/public/ of the site).
 */
import { jsonDecode, PhpArray, toStr, type Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef, queueCallbackBatch, type RenderContext } from '@sumi/runtime';
import { buildUrl, plainRelative, tempSite } from '../calls/request';
import { attempt, failure } from '../failure';
import { checkGuard } from '../http/guard';
import { logCall, netOf } from '../net';
import { PAPER_POINTS, paperName } from './paper';
import type { CaptureFormat, CaptureRequest, CaptureResult, PageCookie, PdfSetup } from './types';

const NAME = 'generate_pdf';

/** the window, the wait and the page load: clamped into these ranges (a warning says so) */
const WIDTH = { min: 200, max: 3840, default: 1280 };
const HEIGHT = { min: 200, max: 10_000, default: 800 };
const SLEEP = { min: 0, max: 10_000, default: 0 };
/** loading the page and capturing it, on top of `sleep` */
const LOAD_TIMEOUT_MS = 30_000;

const FORMATS: Record<string, CaptureFormat> = {
  pdf: 'pdf',
  png: 'png',
  jpeg: 'jpeg',
  jpg: 'jpeg',
  webp: 'webp',
};
const EXTENSIONS: Record<CaptureFormat, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  webp: ['webp'],
};

/** `option`'s keys (Sumi's reading: the catalog names the attribute only) */
const OPTION_KEYS = [
  'paper',
  'landscape',
  'print_background',
  'margin',
  'scale',
  'page_ranges',
  'full_page',
  'quality',
];

const text = (v: Value | undefined): string => (v === undefined || v === null ? '' : toStr(v));

export const generatePdf: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description: [
    "Loads `url` in a headless browser window of `browser_width` × `browser_height`, waits `sleep` milliseconds after the page's load event, and saves the page as a PDF (`format` pdf, the default) or a screenshot (png, jpeg, webp) at `path` in cloud storage: /files/g/private/… or /files/g/public/…. `cookie` logs the browser in; `ua` sets its user agent.",
    "The browser is the net's page renderer: Debian's Chromium driven by playwright-core in `sumi render` (`chromiumPageRenderer()` of @sumi/plugins-net/node), a fake that writes a small valid file naming the URL in the playground and with `--fake`. Each capture gets a fresh browser profile. With the host guard on (servers, the playground's live mode), every request of the page is checked, not only `url`.",
    'An existing file is kept unless `overwrite` is 1. After a success `callback_batch` is queued with `data` as its ext data. `var` and `status_var` are Sumi extensions, not in the catalog.',
  ].join('\n\n'),
  attributes: {
    url: { type: 'string', required: true, description: 'the page: an http:// or https:// URL' },
    path: {
      type: 'string',
      required: true,
      description:
        'where the file goes, in cloud storage: `/files/g/private/…` or `/files/g/public/…` (missing folders are made)',
    },
    option: {
      type: 'string',
      description:
        'Sumi\'s reading (the catalog names the attribute only): a JSON object of capture options. PDF: `paper` (A3, A4 (default), A5, Letter, Legal, Tabloid, Ledger), `landscape` (false), `print_background` (true), `margin` (a CSS length for every side, or an object of `top`, `right`, `bottom`, `left`; default "10mm"), `scale` (0.1–2, default 1), `page_ranges` ("1-3, 5"). Images: `full_page` (true: the whole page; false: the window only), `quality` (1–100, jpeg and webp)',
    },
    browser_width: {
      type: 'integer',
      default: WIDTH.default,
      description: `the browser window's width in CSS pixels (${WIDTH.min}–${WIDTH.max}; outside, clamped with a warning)`,
    },
    browser_height: {
      type: 'integer',
      default: HEIGHT.default,
      description: `the browser window's height in CSS pixels (${HEIGHT.min}–${HEIGHT.max}; outside, clamped with a warning)`,
    },
    sleep: {
      type: 'integer',
      default: SLEEP.default,
      description: `milliseconds to wait after the load event before the capture, for scripts that draw late (${SLEEP.min}–${SLEEP.max}; outside, clamped with a warning)`,
    },
    ua: { type: 'string', description: "the browser's user agent; default Chromium's own" },
    format: {
      type: 'string',
      default: 'pdf',
      enum: ['pdf', 'png', 'jpeg', 'jpg', 'webp'],
      description: 'pdf, png, jpeg (or jpg) or webp',
    },
    cookie: {
      type: 'array',
      description:
        'cookies for pages that need a login: `name => value` pairs (or items with `name`, `value` and an optional `path`). In the CMS they are empty inside a batch, so capture logged-in pages from a custom function run before or after an API endpoint',
    },
    domain: { type: 'string', description: "the cookies' domain; default the host of `url`" },
    overwrite: {
      type: 'integer',
      default: 0,
      enum: [0, 1],
      description: '1 replaces an existing file at `path`; 0 keeps it and fails with NET_EXISTS',
    },
    callback_batch: { type: 'string', description: 'the slug of a batch queued after the file is saved' },
    data: { type: 'mixed', description: 'passed to `callback_batch` as its ext data' },
    var: {
      type: 'varname',
      description: 'Sumi extension: receives the saved path (`/files/g/…`), or false on failure',
    },
    status_var: { type: 'varname', description: 'Sumi extension: receives 1 on success, 0 on failure' },
  },
  result:
    "The file at `path`; nothing is printed. The catalog names no result variable: with the Sumi extensions `var` gets the path (false on failure) and `status_var` 1 or 0. The capture goes into the API log (GET, the page's origin and path, its status).",
  errors: [
    'no `url` or `path`: NET_MISSING_ATTRIBUTE; a URL other than http(s), a `path` outside /files/g/private/ and /files/g/public/ or with `..`, an unknown `format`, an `option` that is not a JSON object or has a bad value, a malformed cookie: NET_BAD_VALUE',
    'a file at `path` and `overwrite` not 1: NET_EXISTS (checked before the page is loaded)',
    "the page cannot be loaded: NET_REFUSED, NET_TIMEOUT, NET_RESET, NET_TLS (Chromium's net::ERR_… errors), NET_BLOCKED (the host guard); it answers outside 2xx: NET_HTTP_STATUS (no file is saved for an error page)",
    'no browser (no page renderer configured: NET_NOT_CONFIGURED; Chromium missing or crashed: NET_BROWSER); no site to save into, or a write that fails: NET_FILE',
    'every failure logs one error entry with its code, sets `var` false and `status_var` 0, and saves nothing; the render goes on',
  ],
  limits: [
    'limits.maxFileBytes: the captured file (larger: NET_TOO_LARGE, nothing saved)',
    `the page must load and be captured within ${LOAD_TIMEOUT_MS / 1000} s after \`sleep\` (NET_TIMEOUT)`,
  ],
  examples: [
    {
      description: 'an invoice page saved as a PDF in private storage',
      template:
        '{generate_pdf url="https://www.example.com/invoices/1001" path="/files/g/private/invoices/1001.pdf" var=saved status_var=ok}{$ok} {$saved}',
      output: '1 /files/g/private/invoices/1001.pdf',
    },
    {
      description: 'a screenshot; an existing file is kept unless overwrite=1',
      template:
        '{generate_pdf url="https://www.example.com/" path="/files/g/public/top.png" format="png" browser_width=1440}' +
        '{generate_pdf url="https://www.example.com/" path="/files/g/public/top.png" format="png" status_var=again}' +
        '{generate_pdf url="https://www.example.com/" path="/files/g/public/top.png" format="png" overwrite=1 status_var=replaced}' +
        '{$again} {$replaced}',
      output: '0 1',
    },
  ],
  async run(ctx, a) {
    let saved = '';
    let done = false;
    const ok = await attempt(ctx, NAME, async () => {
      const net = netOf(ctx);
      const url = text(a.url).trim();
      if (url === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'url' is missing or empty`);
      const page = buildUrl(url, '', undefined);
      const target = storagePath(text(a.path));
      const format = FORMATS[text(a.format).toLowerCase()];
      if (!format) throw failure('NET_BAD_VALUE', `${NAME}: 'format' must be pdf, png, jpeg, jpg or webp`);
      const ext = target.display.slice(target.display.lastIndexOf('.') + 1).toLowerCase();
      if (!EXTENSIONS[format].includes(ext)) {
        ctx.warn(`${NAME}: the ${format} is saved as ${target.display}, whose extension says otherwise`);
      }
      const options = readOption(ctx, text(a.option));
      const request: CaptureRequest = {
        url: page,
        format,
        width: clamp(ctx, 'browser_width', Number(a.browser_width), WIDTH),
        height: clamp(ctx, 'browser_height', Number(a.browser_height), HEIGHT),
        sleepMs: clamp(ctx, 'sleep', Number(a.sleep), SLEEP),
        ...(text(a.ua) !== '' ? { userAgent: text(a.ua) } : {}),
        cookies: readCookies(a.cookie, text(a.domain) || new URL(page).hostname),
        pdf: options.pdf,
        fullPage: options.fullPage,
        ...(options.quality !== undefined ? { quality: options.quality } : {}),
        timeoutMs: LOAD_TIMEOUT_MS + clamp(ctx, 'sleep', Number(a.sleep), SLEEP, false),
        maxBytes: ctx.limits.maxFileBytes,
      };
      const guard = net.guard;
      if (guard) {
        await checkGuard(page, guard);
        request.allow = async (u) => {
          try {
            await checkGuard(u, guard);
            return true;
          } catch {
            return false;
          }
        };
      }
      if (!net.pages) {
        throw failure(
          'NET_NOT_CONFIGURED',
          `${NAME}: no page renderer is configured (Node: pages: chromiumPageRenderer() from @sumi/plugins-net/node)`,
        );
      }
      const site = tempSite(ctx, NAME);
      const write = site.fs.write;
      if (typeof write !== 'function') throw failure('NET_FILE', `${NAME}: the site cannot be written`);
      if (Number(a.overwrite) !== 1 && site.fs.stat && (await site.fs.stat(target.path)) !== null) {
        throw failure('NET_EXISTS', `${target.display} exists: give overwrite=1 to replace it`);
      }

      const { origin, pathname } = new URL(page);
      const entry = { plugin: NAME, method: 'GET', url: origin + pathname };
      const started = Date.now();
      let result: CaptureResult;
      try {
        result = await net.pages.capture(request);
      } catch (err) {
        // no page: the call is logged with the failure's code, which attempt then logs as the error
        const code = (err as { code?: string }).code ?? 'NET_BROWSER';
        logCall(ctx, net, { ...entry, status: 0, durationMs: Date.now() - started, error: code });
        throw err;
      }
      const { status, bytes } = result;
      const answered = bytes !== null;
      logCall(ctx, net, {
        ...entry,
        status,
        durationMs: Date.now() - started,
        ...(answered ? {} : { error: 'NET_HTTP_STATUS' }),
      });
      // no file of an error page
      if (!answered) throw failure('NET_HTTP_STATUS', `${page} answered ${status}`);
      ctx.spend('maxFileBytes', bytes.length);
      try {
        await write.call(site.fs, target.path, bytes);
      } catch (err) {
        throw failure(
          'NET_FILE',
          `${target.display} could not be saved (${(err as { code?: string }).code ?? 'error'})`,
        );
      }
      ctx.log('info', `saved ${target.display} (${format}, ${bytes.length} bytes)`, NAME);
      saved = target.display;
      done = true;
    });
    if (a.var) ctx.assign(a.var, ok ? saved : false);
    if (a.status_var) ctx.assign(a.status_var, ok ? 1 : 0);
    if (done) await queueCallbackBatch(ctx, NAME, a.callback_batch, a.data, 'NET_NOT_FOUND');
  },
});

/** `/files/g/private/a/b.pdf` (leading slash optional) as the site path `files/g/private/a/b.pdf` */
function storagePath(input: string): { path: string; display: string } {
  const p = input.trim().replace(/^\/+/, '');
  if (p === '') throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'path' is missing or empty`);
  const m = /^files\/g\/(private|public)\/(.*)$/.exec(p);
  if (!m || !plainRelative(m[2]!) || m[2]!.endsWith('/')) {
    throw failure(
      'NET_BAD_VALUE',
      `${NAME}: 'path' must name a file under /files/g/private/ or /files/g/public/, not ${JSON.stringify(input.slice(0, 200))}`,
    );
  }
  return { path: p, display: `/${p}` };
}

function clamp(
  ctx: RenderContext,
  name: string,
  value: number,
  range: { min: number; max: number; default: number },
  warn = true,
): number {
  const v = Number.isFinite(value) ? Math.trunc(value) : range.default;
  const c = Math.min(range.max, Math.max(range.min, v));
  if (c !== v && warn) ctx.warn(`${NAME}: ${name}=${v} is outside ${range.min}–${range.max}; ${c} is used`);
  return c;
}

const COOKIE_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function readCookies(value: PhpArray | undefined, domain: string): PageCookie[] {
  if (!value || value.size === 0) return [];
  const out: PageCookie[] = [];
  value.forEach((v, k) => {
    let name: string;
    let val: string;
    let path = '/';
    if (v instanceof PhpArray) {
      name = text(v.get('name'));
      val = text(v.get('value'));
      if (text(v.get('path')) !== '') path = text(v.get('path'));
    } else {
      name = String(k);
      val = text(v);
    }
    if (!COOKIE_NAME.test(name) || /[\0-\x1f;\x7f]/.test(val) || !path.startsWith('/')) {
      throw failure(
        'NET_BAD_VALUE',
        `${NAME}: 'cookie' has a malformed cookie (${JSON.stringify(name.slice(0, 60))})`,
      );
    }
    out.push({ name, value: val, domain, path });
  });
  return out;
}

interface Options {
  pdf: PdfSetup;
  fullPage: boolean;
  quality?: number;
}

function readOption(ctx: RenderContext, input: string): Options {
  const out: Options = {
    pdf: {
      paper: 'A4',
      landscape: false,
      printBackground: true,
      margin: { top: '10mm', right: '10mm', bottom: '10mm', left: '10mm' },
      scale: 1,
      pageRanges: '',
    },
    fullPage: true,
  };
  if (input.trim() === '') return out;
  const bad = (why: string) => failure('NET_BAD_VALUE', `${NAME}: 'option' ${why}`);
  const o = jsonDecode(input, true);
  if (!(o instanceof PhpArray) || (o.size > 0 && o.isList())) throw bad('must be a JSON object');
  const flag = (key: string, v: Value): boolean => {
    if (typeof v === 'boolean') return v;
    if (v === 1 || v === 0 || v === '1' || v === '0') return Number(v) === 1;
    throw bad(`${key} must be true or false`);
  };
  const length = (key: string, v: Value): string => {
    const s = typeof v === 'number' ? `${v}px` : text(v).trim();
    if (!/^\d+(?:\.\d+)?(?:px|in|cm|mm)?$/.test(s))
      throw bad(`${key} must be a CSS length (10mm, 0.5in, 20px)`);
    return /\d$/.test(s) ? `${s}px` : s;
  };
  o.forEach((v, k) => {
    const key = String(k);
    switch (key) {
      case 'paper': {
        const name = paperName(text(v));
        if (!name) throw bad(`paper must be one of ${Object.keys(PAPER_POINTS).join(', ')}`);
        out.pdf.paper = name;
        break;
      }
      case 'landscape':
        out.pdf.landscape = flag(key, v);
        break;
      case 'print_background':
        out.pdf.printBackground = flag(key, v);
        break;
      case 'full_page':
        out.fullPage = flag(key, v);
        break;
      case 'margin':
        if (v instanceof PhpArray) {
          for (const side of ['top', 'right', 'bottom', 'left'] as const) {
            const s = v.get(side);
            if (s !== undefined && s !== null) out.pdf.margin[side] = length(`margin.${side}`, s);
          }
        } else {
          const m = length(key, v);
          out.pdf.margin = { top: m, right: m, bottom: m, left: m };
        }
        break;
      case 'scale': {
        const n = Number(v);
        if (typeof v === 'boolean' || !(n >= 0.1 && n <= 2))
          throw bad('scale must be a number from 0.1 to 2');
        out.pdf.scale = n;
        break;
      }
      case 'page_ranges': {
        const s = text(v).trim();
        if (!/^\d+(?:-\d+)?(?:\s*,\s*\d+(?:-\d+)?)*$/.test(s))
          throw bad('page_ranges must look like "1-3, 5"');
        out.pdf.pageRanges = s;
        break;
      }
      case 'quality': {
        const n = Number(v);
        if (typeof v === 'boolean' || !Number.isInteger(n) || n < 1 || n > 100)
          throw bad('quality must be an integer from 1 to 100');
        out.quality = n;
        break;
      }
      default:
        ctx.warn(
          `${NAME}: 'option' has an unknown key ${JSON.stringify(key)} (known: ${OPTION_KEYS.join(', ')})`,
        );
    }
  });
  return out;
}
