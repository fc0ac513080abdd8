/** {generate_pdf} on the fake page renderer: the rules, the options, the failures, the callback. */
import { memorySite } from '@sumi/plugins-io';
import { memoryBatchQueue } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { type FakePage, fakeNet, fakePageRenderer } from '../src/index';
import { renderNet } from './helpers';

async function setup(pages: Record<string, FakePage> = {}, files: Record<string, string> = {}) {
  const renderer = fakePageRenderer(pages);
  const net = fakeNet({ pages: renderer });
  const site = await memorySite(files);
  const queue = memoryBatchQueue();
  const render = (tpl: string, data: Record<string, unknown> = {}, limits?: Record<string, number>) =>
    renderNet(net, tpl, data, { services: { site, batch: queue }, limits });
  const read = async (path: string) => ((await site.fs.stat(path)) ? site.fs.read(path) : null);
  return { renderer, net, site, queue, render, read };
}

const text = (b: Uint8Array | null) => (b ? new TextDecoder().decode(b) : null);

describe('generate_pdf saves what the browser captured', () => {
  test('a PDF in private storage: the file, var, status_var, the API log, an info line', async () => {
    const s = await setup();
    const r = await s.render(
      '{generate_pdf url="https://shop.example/invoices/7?x=secret" path="/files/g/private/inv/7.pdf" var=p status_var=ok}{$ok} {$p}',
    );
    expect(r.output).toBe('1 /files/g/private/inv/7.pdf');
    expect(r.errors).toEqual([]);
    const pdf = text(await s.read('files/g/private/inv/7.pdf'));
    expect(pdf?.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf).toContain('/MediaBox [0 0 595 842]');
    expect(pdf?.trimEnd().endsWith('%%EOF')).toBe(true);
    // the query string (which may carry a token) never reaches the log
    expect(s.net.apiLog).toEqual([
      {
        plugin: 'generate_pdf',
        method: 'GET',
        url: 'https://shop.example/invoices/7',
        status: 200,
        durationMs: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(r.log)).not.toContain('secret');
    expect(
      r.log.some(
        (e) =>
          e.level === 'info' && /saved \/files\/g\/private\/inv\/7\.pdf \(pdf, \d+ bytes\)/.test(e.message),
      ),
    ).toBe(true);
  });

  test("the fake's PDF has valid cross-reference offsets", async () => {
    const s = await setup();
    await s.render('{generate_pdf url="https://a.example/(x)\\\\" path="/files/g/public/a.pdf"}');
    const pdf = text(await s.read('files/g/public/a.pdf'))!;
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    expect(offsets.map((at) => pdf.slice(at, at + 8))).toEqual([1, 2, 3, 4, 5].map((n) => `${n} 0 obj\n`));
  });

  test.each([
    ['png', 'files/g/public/s.png', [0x89, 0x50, 0x4e, 0x47]],
    ['jpeg', 'files/g/public/s.jpg', [0xff, 0xd8, 0xff]],
    ['jpg', 'files/g/public/s.jpeg', [0xff, 0xd8, 0xff]],
    ['webp', 'files/g/public/s.webp', [0x52, 0x49, 0x46, 0x46]],
  ])('format %s gives a real image file', async (format, path, magic) => {
    const s = await setup();
    const r = await s.render(
      `{generate_pdf url="https://a.example/" path="/${path}" format="${format}" status_var=ok}{$ok}`,
    );
    expect(r.output).toBe('1');
    expect(r.log.filter((e) => e.level === 'warn')).toEqual([]);
    expect([...(await s.read(path))!.slice(0, magic.length)]).toEqual(magic);
  });

  test('what the browser is asked: window, sleep, user agent, cookies, option', async () => {
    const s = await setup();
    const r = await s.render(
      '{generate_pdf url="https://app.example/report" path="/files/g/private/r.pdf" browser_width=1024 browser_height=2000 sleep=250 ua="SumiBot/1" cookie=$c option=$o}',
      {
        c: { session: 'abc', lang: 'ja' },
        o: '{"paper": "letter", "landscape": true, "margin": {"top": "1in", "left": 20}, "scale": 0.8, "page_ranges": "1-2", "print_background": false}',
      },
    );
    expect(r.errors).toEqual([]);
    const call = s.renderer.calls[0]!;
    expect(call).toMatchObject({
      url: 'https://app.example/report',
      format: 'pdf',
      width: 1024,
      height: 2000,
      sleepMs: 250,
      userAgent: 'SumiBot/1',
      cookies: [
        { name: 'session', value: 'abc', domain: 'app.example', path: '/' },
        { name: 'lang', value: 'ja', domain: 'app.example', path: '/' },
      ],
      pdf: {
        paper: 'Letter',
        landscape: true,
        printBackground: false,
        margin: { top: '1in', right: '10mm', bottom: '10mm', left: '20px' },
        scale: 0.8,
        pageRanges: '1-2',
      },
      fullPage: true,
    });
    // landscape Letter: the fake's page is 792 × 612 points
    expect(text(await s.read('files/g/private/r.pdf'))).toContain('/MediaBox [0 0 792 612]');
  });

  test('cookies as items with a path, and `domain`', async () => {
    const s = await setup();
    await s.render(
      '{generate_pdf url="https://app.example/" path="/files/g/private/c.pdf" cookie=$c domain=".example"}',
      {
        c: [{ name: 'sid', value: '1', path: '/app' }],
      },
    );
    expect(s.renderer.calls[0]!.cookies).toEqual([
      { name: 'sid', value: '1', domain: '.example', path: '/app' },
    ]);
  });

  test('out-of-range window and sleep are clamped, with a warning each', async () => {
    const s = await setup();
    const r = await s.render(
      '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf" browser_width=50 browser_height=99999 sleep=60000}',
    );
    expect(s.renderer.calls[0]).toMatchObject({
      width: 200,
      height: 10_000,
      sleepMs: 10_000,
      timeoutMs: 40_000,
    });
    expect(r.log.filter((e) => e.level === 'warn').map((e) => e.message)).toEqual([
      expect.stringContaining('browser_width=50 is outside 200–3840; 200 is used'),
      expect.stringContaining('browser_height=99999 is outside 200–10000; 10000 is used'),
      expect.stringContaining('sleep=60000 is outside 0–10000; 10000 is used'),
    ]);
  });

  test('a path whose extension does not match the format is saved, with a warning', async () => {
    const s = await setup();
    const r = await s.render(
      '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf" format="png" status_var=ok}{$ok}',
    );
    expect(r.output).toBe('1');
    expect(
      r.log.some((e) => e.level === 'warn' && e.message.includes('whose extension says otherwise')),
    ).toBe(true);
  });

  test('an existing file is kept unless overwrite=1: NET_EXISTS before the page is loaded', async () => {
    const s = await setup({}, { 'files/g/public/a.pdf': 'old' });
    const r = await s.render(
      '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf" var=p status_var=ok}{$ok}{if $p === false}F{/if}',
    );
    expect(r.output).toBe('0F');
    expect(r.errors).toEqual([expect.stringMatching(/^NET_EXISTS \/files\/g\/public\/a\.pdf exists/)]);
    expect(s.renderer.calls).toEqual([]);
    expect(text(await s.read('files/g/public/a.pdf'))).toBe('old');
    const again = await s.render(
      '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf" overwrite=1 status_var=ok}{$ok}',
    );
    expect(again.output).toBe('1');
    expect(text(await s.read('files/g/public/a.pdf'))?.startsWith('%PDF')).toBe(true);
  });

  test('callback_batch is queued after a success with data as its ext data, never after a failure', async () => {
    const s = await setup({ 'https://down.example/*': { error: 'NET_REFUSED' } });
    await s.render(
      '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf" callback_batch="notify" data=$d}',
      { d: { id: 7 } },
    );
    await s.render(
      '{generate_pdf url="https://down.example/x" path="/files/g/public/b.pdf" callback_batch="notify"}',
    );
    expect(s.queue.jobs).toHaveLength(1);
    const job = s.queue.jobs[0] as { name: string; extData: { get(k: string): unknown } };
    expect(job.name).toBe('notify');
    expect(job.extData.get('id')).toBe(7);
  });
});

describe('generate_pdf failures: one error entry, var false, status_var 0, nothing saved', () => {
  test.each([
    ['{generate_pdf url="" path="/files/g/public/a.pdf" var=p status_var=s}', 'NET_MISSING_ATTRIBUTE'],
    ['{generate_pdf url="https://a.example/" path="" var=p status_var=s}', 'NET_MISSING_ATTRIBUTE'],
    [
      '{generate_pdf url="ftp://a.example/" path="/files/g/public/a.pdf" var=p status_var=s}',
      'NET_BAD_VALUE',
    ],
    [
      '{generate_pdf url="file:///etc/passwd" path="/files/g/public/a.pdf" var=p status_var=s}',
      'NET_BAD_VALUE',
    ],
    ['{generate_pdf url="https://a.example/" path="/files/user/a.pdf" var=p status_var=s}', 'NET_BAD_VALUE'],
    ['{generate_pdf url="https://a.example/" path="/files/g/a.pdf" var=p status_var=s}', 'NET_BAD_VALUE'],
    [
      '{generate_pdf url="https://a.example/" path="/files/g/private/../../../site.json" var=p status_var=s}',
      'NET_BAD_VALUE',
    ],
    [
      '{generate_pdf url="https://a.example/" path="/files/g/private/%2e%2e/x.pdf" var=p status_var=s}',
      'NET_BAD_VALUE',
    ],
    [
      '{generate_pdf url="https://a.example/" path="/files/g/private/dir/" var=p status_var=s}',
      'NET_BAD_VALUE',
    ],
    [
      '{generate_pdf url="https://a.example/" path="/files/g/private/a.pdf" option="landscape" var=p status_var=s}',
      'NET_BAD_VALUE',
    ],
    [
      '{generate_pdf url="https://a.example/" path="/files/g/private/a.pdf" option=$o.paper var=p status_var=s}',
      'NET_BAD_VALUE',
    ],
    [
      '{generate_pdf url="https://a.example/" path="/files/g/private/a.pdf" option=$o.scale var=p status_var=s}',
      'NET_BAD_VALUE',
    ],
    [
      '{generate_pdf url="https://a.example/" path="/files/g/private/a.pdf" option=$o.margin var=p status_var=s}',
      'NET_BAD_VALUE',
    ],
    [
      '{generate_pdf url="https://a.example/" path="/files/g/private/a.png" format="png" option=$o.quality var=p status_var=s}',
      'NET_BAD_VALUE',
    ],
    [
      '{generate_pdf url="https://down.example/" path="/files/g/private/a.pdf" var=p status_var=s}',
      'NET_REFUSED',
    ],
    [
      '{generate_pdf url="https://slow.example/" path="/files/g/private/a.pdf" var=p status_var=s}',
      'NET_TIMEOUT',
    ],
    [
      '{generate_pdf url="https://a.example/missing" path="/files/g/private/a.pdf" var=p status_var=s}',
      'NET_HTTP_STATUS',
    ],
  ])('%s: %s', async (tpl, code) => {
    const s = await setup({
      'https://down.example/*': { error: 'NET_REFUSED' },
      'https://slow.example/*': { error: 'NET_TIMEOUT' },
      'https://a.example/missing': { status: 404 },
    });
    const r = await s.render(`${tpl}{if $p === false}F{/if}{$s}`, {
      o: {
        paper: '{"paper":"B9"}',
        scale: '{"scale":5}',
        margin: '{"margin":"1 em"}',
        quality: '{"quality":0}',
      },
    });
    expect(r.output).toBe('F0');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.startsWith(`${code} `), r.errors[0]).toBe(true);
    expect(await s.site.fs.stat('files/g/private/a.pdf')).toBeNull();
  });

  test('a cookie with a bad name or a line break: NET_BAD_VALUE', async () => {
    const s = await setup();
    for (const c of [{ 'a b': '1' }, { a: 'x\ny' }, { a: 'x;y' }]) {
      const r = await s.render(
        '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf" cookie=$c status_var=s}{$s}',
        { c },
      );
      expect(r.output).toBe('0');
      expect(r.errors[0]).toMatch(/^NET_BAD_VALUE .*'cookie' has a malformed cookie/);
    }
  });

  test('an unknown option key is a warning naming the known ones', async () => {
    const s = await setup();
    const r = await s.render(
      '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf" option=$o status_var=s}{$s}',
      {
        o: '{"landscap": true}',
      },
    );
    expect(r.output).toBe('1');
    expect(r.log.find((e) => e.level === 'warn')?.message).toContain(
      'unknown key "landscap" (known: paper, landscape,',
    );
  });

  test('a page answering outside 2xx: its status in the API log, nothing saved', async () => {
    const s = await setup({ 'https://a.example/*': { status: 503 } });
    await s.render('{generate_pdf url="https://a.example/x" path="/files/g/public/a.pdf"}');
    expect(s.net.apiLog).toEqual([expect.objectContaining({ status: 503, error: 'NET_HTTP_STATUS' })]);
    expect(await s.site.fs.stat('files/g/public/a.pdf')).toBeNull();
  });

  test('larger than limits.maxFileBytes: NET_TOO_LARGE, nothing saved', async () => {
    const s = await setup();
    const r = await s.render(
      '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf" status_var=s}{$s}',
      {},
      { maxFileBytes: 100 },
    );
    expect(r.output).toBe('0');
    expect(r.errors[0]).toMatch(/^NET_TOO_LARGE /);
    expect(await s.site.fs.stat('files/g/public/a.pdf')).toBeNull();
  });

  test('the host guard refuses the page before any browser work: NET_BLOCKED', async () => {
    const renderer = fakePageRenderer();
    const net = fakeNet({ pages: renderer, guard: { blockPrivate: true } });
    const site = await memorySite({});
    const r = await renderNet(
      net,
      '{generate_pdf url="http://127.0.0.1:8080/admin" path="/files/g/public/a.pdf" status_var=s}{$s}',
      {},
      { services: { site } },
    );
    expect(r.output).toBe('0');
    expect(r.errors[0]).toMatch(/^NET_BLOCKED /);
    expect(renderer.calls).toEqual([]);
  });

  test('the guard is handed to the browser for every request of the page', async () => {
    const renderer = fakePageRenderer();
    const net = fakeNet({ pages: renderer, guard: { allowHosts: ['a.example'] } });
    const site = await memorySite({});
    let allow: ((u: string) => Promise<boolean>) | undefined;
    const capture = renderer.capture.bind(renderer);
    renderer.capture = async (req) => {
      allow = req.allow;
      return capture(req);
    };
    await renderNet(
      net,
      '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf"}',
      {},
      { services: { site } },
    );
    expect(await allow?.('https://a.example/logo.png')).toBe(true);
    expect(await allow?.('https://tracker.example/pixel')).toBe(false);
  });

  test('without a page renderer: NET_NOT_CONFIGURED; without a site: NET_FILE', async () => {
    const site = await memorySite({});
    const none = await renderNet(
      fakeNet({ pages: undefined }),
      '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf" status_var=s}{$s}',
      {},
      { services: { site } },
    );
    expect(none.errors[0]).toMatch(/^NET_NOT_CONFIGURED .*chromiumPageRenderer/);
    const noSite = await renderNet(
      fakeNet(),
      '{generate_pdf url="https://a.example/" path="/files/g/public/a.pdf" status_var=s}{$s}',
    );
    expect(noSite.output).toBe('0');
    expect(noSite.errors[0]).toMatch(/^NET_FILE /);
  });
});
