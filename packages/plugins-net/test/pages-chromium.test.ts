/**
 * generate_pdf through a real Chromium (Debian's, driven by playwright-core) against pages served
 * from 127.0.0.1: the file types and sizes, what the browser sent, and the fault matrix.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  createServer as createHttp,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memorySite } from '@sumi/plugins-io';
import { memoryBatchQueue } from '@sumi/runtime';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fakeNet, type Net } from '../src/index';
import { chromiumPageRenderer } from '../src/node';
import { selfSignedCertificate } from './certs';
import { renderNet } from './helpers';

const CHROMIUM = process.env.SUMI_CHROMIUM || '/usr/bin/chromium';
// `pnpm test` installs it first (scripts/ensure-chromium.mjs): a missing browser is a failure, not a skip
if (!existsSync(CHROMIUM))
  throw new Error(`Chromium missing at ${CHROMIUM}: run node scripts/ensure-chromium.mjs`);

const renderer = chromiumPageRenderer({ executablePath: CHROMIUM });
// the same browser setup with a short cap, for the page that never answers
const impatient = chromiumPageRenderer({ executablePath: CHROMIUM, maxCaptureMs: 3_000 });
const seen: { url: string; headers: IncomingMessage['headers'] }[] = [];
const servers: Server[] = [];
let base = '';
let tlsBase = '';
let certificate: ReturnType<typeof selfSignedCertificate>;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Invoice</title>
<style>body{font:16px sans-serif;margin:0} .tall{height:3000px;background:linear-gradient(#fff,#39f)}</style></head>
<body><h1>Invoice 1001 請求書</h1><p id="late"></p><div class="tall"></div>
<script>setTimeout(() => { document.getElementById('late').textContent = 'drawn late'; }, 200);</script></body></html>`;

function handle(req: IncomingMessage, res: ServerResponse) {
  seen.push({ url: req.url ?? '', headers: req.headers });
  const path = (req.url ?? '').split('?')[0];
  switch (path) {
    case '/page':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    case '/with-image':
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<img src="http://localhost:${(req.socket.localPort as number) ?? 0}/pixel.png"><p>x</p>`);
      return;
    case '/pixel.png':
      res.writeHead(404).end();
      return;
    case '/error':
      res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>boom</h1>');
      return;
    case '/json-error':
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"errors":["forbidden"]}');
      return;
    case '/hang':
      return; // never answers
    case '/reset':
      res.socket?.destroy();
      return;
    case '/download':
      res
        .writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-disposition': 'attachment; filename=a.bin',
        })
        .end('binary');
      return;
    default:
      res.writeHead(404).end();
  }
}

const listen = (s: Server) =>
  new Promise<number>((resolve) => {
    servers.push(s);
    s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port));
  });

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  base = `http://127.0.0.1:${await listen(createHttp(handle))}`;
  // a certificate no CA vouches for: the browser must refuse it (NET_TLS)
  certificate = selfSignedCertificate();
  const tls = createHttps({ key: certificate.key, cert: certificate.cert }, handle);
  tlsBase = `https://127.0.0.1:${await listen(tls)}`;
});

afterAll(async () => {
  await renderer.close();
  await impatient.close();
  for (const s of servers) {
    s.closeAllConnections?.();
    s.close();
  }
  certificate.remove();
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

async function run(tpl: string, data: Record<string, unknown> = {}, net: Net = fakeNet({ pages: renderer })) {
  const site = await memorySite({});
  const queue = memoryBatchQueue();
  const r = await renderNet(net, tpl, data, { services: { site, batch: queue } });
  const file = async (p: string) => ((await site.fs.stat(p)) ? site.fs.read(p) : null);
  return { ...r, net, site, queue, file };
}

const u32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

describe('generate_pdf in Chromium', { timeout: 60_000 }, () => {
  test('a PDF of a page: a real PDF file, A4 by default, landscape on request', async () => {
    const r = await run(
      `{generate_pdf url="${base}/page" path="/files/g/private/a.pdf" status_var=ok}` +
        `{generate_pdf url="${base}/page" path="/files/g/private/b.pdf" option=$o status_var=ok2}{$ok}{$ok2}`,
      { o: '{"landscape": true, "paper": "A5"}' },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('11');
    const a = (await r.file('files/g/private/a.pdf'))!;
    const text = Buffer.from(a).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(a.length).toBeGreaterThan(2_000);
    // A4 is 595.92 × 842.88 points as Chromium writes it; A5 landscape is wider than it is tall
    const box = (s: string) => /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(s)!.slice(1).map(Number);
    const [aw, ah] = box(text);
    expect(Math.round(aw!)).toBe(596);
    expect(Math.round(ah!)).toBe(843);
    const [bw, bh] = box(Buffer.from((await r.file('files/g/private/b.pdf'))!).toString('latin1'));
    expect(bw!).toBeGreaterThan(bh!);
    expect(Math.round(bh!)).toBe(420);
    expect(r.net.apiLog.map((e) => [e.method, e.url, e.status])).toEqual([
      ['GET', `${base}/page`, 200],
      ['GET', `${base}/page`, 200],
    ]);
  });

  test('a PNG of the window or of the whole page, at the asked size', async () => {
    const r = await run(
      `{generate_pdf url="${base}/page" path="/files/g/public/w.png" format="png" browser_width=800 browser_height=600 option=$o}` +
        `{generate_pdf url="${base}/page" path="/files/g/public/full.png" format="png" browser_width=800 browser_height=600}`,
      { o: '{"full_page": false}' },
    );
    expect(r.errors).toEqual([]);
    const w = (await r.file('files/g/public/w.png'))!;
    expect([...w.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect([u32(w, 16), u32(w, 20)]).toEqual([800, 600]);
    const full = (await r.file('files/g/public/full.png'))!;
    expect(u32(full, 16)).toBe(800);
    expect(u32(full, 20)).toBeGreaterThan(3_000);
  });

  test('jpeg and webp', async () => {
    const r = await run(
      `{generate_pdf url="${base}/page" path="/files/g/public/a.jpg" format="jpg" option=$o}` +
        `{generate_pdf url="${base}/page" path="/files/g/public/a.webp" format="webp" option=$o}`,
      { o: '{"quality": 60, "full_page": false}' },
    );
    expect(r.errors).toEqual([]);
    const jpg = (await r.file('files/g/public/a.jpg'))!;
    expect([...jpg.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const webp = Buffer.from((await r.file('files/g/public/a.webp'))!);
    expect(webp.subarray(0, 4).toString()).toBe('RIFF');
    expect(webp.subarray(8, 12).toString()).toBe('WEBP');
    expect(webp.length).toBeGreaterThan(500);
  });

  test('the user agent and the cookies reach the page', async () => {
    seen.length = 0;
    const r = await run(
      `{generate_pdf url="${base}/page?step=1" path="/files/g/private/c.pdf" ua="SumiPdf/1.0" cookie=$c}`,
      { c: { session: 'abc123', lang: 'ja' } },
    );
    expect(r.errors).toEqual([]);
    const req = seen.find((s) => s.url === '/page?step=1')!;
    expect(req.headers['user-agent']).toBe('SumiPdf/1.0');
    expect(req.headers.cookie).toBe('session=abc123; lang=ja');
  });

  test('each capture has a fresh profile: no cookie carried to the next page', async () => {
    seen.length = 0;
    await run(`{generate_pdf url="${base}/page?n=1" path="/files/g/private/1.pdf" cookie=$c}`, {
      c: { a: '1' },
    });
    await run(`{generate_pdf url="${base}/page?n=2" path="/files/g/private/2.pdf"}`);
    expect(seen.find((s) => s.url === '/page?n=2')!.headers.cookie).toBeUndefined();
  });

  test('the host guard checks every request of the page, not only the page', async () => {
    seen.length = 0;
    const net = fakeNet({ pages: renderer, guard: { allowHosts: ['127.0.0.1'] } });
    const r = await run(
      `{generate_pdf url="${base}/with-image" path="/files/g/public/g.pdf" status_var=ok}{$ok}`,
      {},
      net,
    );
    expect(r.output).toBe('1');
    expect(seen.map((s) => s.url)).toEqual(['/with-image']);
  });
});

describe('generate_pdf faults in Chromium: status_var 0, one error entry, nothing saved', {
  timeout: 60_000,
}, () => {
  test.each([
    ['a refused connection', 'NET_REFUSED', () => `http://127.0.0.1:${closedPort}/page`],
    ['a 5xx', 'NET_HTTP_STATUS', () => `${base}/error`],
    ['a 4xx with a JSON error', 'NET_HTTP_STATUS', () => `${base}/json-error`],
    ['a reset connection', 'NET_RESET', () => `${base}/reset`],
    ['a certificate no CA vouches for', 'NET_TLS', () => `${tlsBase}/page`],
    ['a download instead of a page', 'NET_BAD_RESPONSE', () => `${base}/download`],
    ['a page that never answers', 'NET_TIMEOUT', () => `${base}/hang`, impatient],
  ])('%s: %s', async (_, code, url, pages = renderer) => {
    const r = await run(
      `{generate_pdf url="${url()}" path="/files/g/private/f.pdf" status_var=s callback_batch="after"}{$s}`,
      {},
      fakeNet({ pages }),
    );
    expect(r.output).toBe('0');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.startsWith(`${code} `), r.errors[0]).toBe(true);
    expect(r.net.apiLog).toEqual([expect.objectContaining({ error: code })]);
    expect(await r.site.fs.stat('files/g/private/f.pdf')).toBeNull();
    expect(r.queue.jobs).toEqual([]);
  });

  test('larger than the cap: NET_TOO_LARGE', async () => {
    const site = await memorySite({});
    const r = await renderNet(
      fakeNet({ pages: renderer }),
      `{generate_pdf url="${base}/page" path="/files/g/private/big.png" format="png" status_var=s}{$s}`,
      {},
      { services: { site }, limits: { maxFileBytes: 1_000 } },
    );
    expect(r.output).toBe('0');
    expect(r.errors[0]).toMatch(/^NET_TOO_LARGE /);
    expect(await site.fs.stat('files/g/private/big.png')).toBeNull();
  });

  test('no browser at the path: NET_BROWSER, and the next render tries again', async () => {
    const missing = chromiumPageRenderer({ executablePath: join(tmpdir(), 'no-such-chromium') });
    const r = await run(
      `{generate_pdf url="${base}/page" path="/files/g/private/x.pdf" status_var=s}{$s}`,
      {},
      fakeNet({ pages: missing }),
    );
    expect(r.output).toBe('0');
    expect(r.errors[0]).toMatch(/^NET_BROWSER Chromium could not start at /);
    const again = await run(
      `{generate_pdf url="${base}/page" path="/files/g/private/x.pdf" status_var=s}{$s}`,
      {},
      fakeNet({ pages: missing }),
    );
    expect(again.errors[0]).toMatch(/^NET_BROWSER /);
    await missing.close();
  });
});

let closedPort = 0;
beforeAll(async () => {
  const s = createHttp();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  closedPort = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
});
