/**
 * The CMS plugins through liveCmsApi against a real node:http server on 127.0.0.1: the request as
 * sent, and the fault matrix. The HttpClient is a minimal one over globalThis.fetch (the package's
 * fetchHttpClient is wired in at merge).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure } from '../src/failure';
import type { HttpClient } from '../src/index';
import { directCmsApi, liveCmsApi } from '../src/node';
import { cmsNet } from './cms-helpers';
import { renderNet } from './helpers';

const fetchClient: HttpClient = {
  async request(req) {
    let res: Response;
    try {
      res = await fetch(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body as string | undefined,
        signal: AbortSignal.timeout(req.timeoutMs),
      });
    } catch (e) {
      if ((e as Error).name === 'TimeoutError') throw failure('NET_TIMEOUT', 'timed out');
      throw failure('NET_REFUSED', 'refused');
    }
    const chunks: Uint8Array[] = [];
    let n = 0;
    try {
      for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
        n += c.byteLength;
        if (n > req.maxBytes) throw failure('NET_TOO_LARGE', 'too large');
        chunks.push(c);
      }
    } catch (e) {
      if (e instanceof Error && e.name === 'NetFailure') throw e;
      if ((e as Error).name === 'TimeoutError') throw failure('NET_TIMEOUT', 'timed out');
      throw failure('NET_RESET', 'reset');
    }
    const body = new Uint8Array(n);
    let at = 0;
    for (const c of chunks) {
      body.set(c, at);
      at += c.byteLength;
    }
    return { status: res.status, headers: [...res.headers], body };
  },
};

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const seen: Seen[] = [];
let server: Server;
let base = '';
const routes: Record<string, (res: ServerResponse) => void> = {
  '/rcms-api/1/news': (res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ list: [{ topics_id: 5, subject: 'Live' }], pageInfo: { totalCnt: 1 }, errors: [] }),
    );
  },
  '/rcms-api/1/bad-request': (res) => {
    res.statusCode = 400;
    res.end(JSON.stringify({ errors: [{ code: 'invalid', message: 'cnt must be a number' }] }));
  },
  '/rcms-api/1/boom': (res) => {
    res.statusCode = 503;
    res.end('<html>down</html>');
  },
  '/rcms-api/1/invalid': (res) => res.end('{"list": ['),
  '/rcms-api/1/big': (res) => res.end(JSON.stringify({ list: ['x'.repeat(4096)] })),
  '/rcms-api/1/slow': (res) => {
    setTimeout(() => res.end('{}'), 1500).unref();
  },
  '/rcms-api/1/reset': (res) => {
    res.writeHead(200, { 'content-length': '1000' });
    res.write('{"list": [');
    setTimeout(() => res.socket?.destroy(), 20);
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const route = routes[(req.url ?? '').split('?')[0] ?? ''];
      if (route) route(res);
      else {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ errors: [], echo: true }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const TOKEN = 'tok-SECRET-123';
const live = (o: Partial<Parameters<typeof liveCmsApi>[0]> = {}) =>
  cmsNet(liveCmsApi({ baseUrl: `${base}/`, token: TOKEN, http: fetchClient, ...o }));

describe('liveCmsApi over a real HTTP server', () => {
  test('GET: the path with its own query string, queries appended, credentials and member as headers', async () => {
    seen.length = 0;
    const net = live();
    const r = await renderNet(
      net,
      '{assign var=q value=$empty}{append var=q index=cnt value=3}{append var=q index=pageID value=2}' +
        "{api_internal endpoint='/rcms-api/1/news?_doc_lang=en' query='a=1' queries=$q member_id=1 headers=$h var=r status_var=ok}" +
        '{$ok} {$r.list[0].subject} {$r.pageInfo.totalCnt}',
      { h: ['X-Trace: abc'] },
    );
    expect(r.output).toBe('1 Live 1');
    expect(r.errors).toEqual([]);
    const s = seen[0] as Seen;
    expect(s.method).toBe('GET');
    expect(s.url).toBe('/rcms-api/1/news?_doc_lang=en&a=1&cnt=3&pageID=2');
    expect(s.headers['x-rcms-api-access-token']).toBe(TOKEN);
    expect(s.headers['x-sumi-member-id']).toBe('1');
    expect(s.headers['x-trace']).toBe('abc');
    expect(net.apiLog).toEqual([
      {
        plugin: 'api_internal',
        method: 'GET',
        url: '/rcms-api/1/news',
        status: 200,
        durationMs: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(r.log)).not.toContain(TOKEN);
    expect(JSON.stringify(r.log)).not.toContain('_doc_lang');
  });

  test('POST: queries are the JSON body', async () => {
    seen.length = 0;
    const r = await renderNet(
      live({ token: undefined, apiKey: 'k-1' }),
      "{assign var=b value=$empty}{append var=b index=subject value='Hello 日本'}{append var=b index=ids value=$ids}" +
        "{api_internal endpoint='/rcms-api/1/topics/insert' method='POST' queries=$b use_current_session=1 var=r status_var=ok}{$ok}",
      { ids: [1, 2] },
      { services: { session: { memberId: 9, login: () => true, logout: () => {} } } },
    );
    expect(r.output).toBe('1');
    const s = seen[0] as Seen;
    expect(s.method).toBe('POST');
    expect(JSON.parse(s.body)).toEqual({ subject: 'Hello 日本', ids: [1, 2] });
    expect(s.headers['content-type']).toBe('application/json');
    expect(s.headers['x-api-key']).toBe('k-1');
    expect(s.headers['x-sumi-member-id']).toBe('9');
    expect(s.headers['x-sumi-use-current-session']).toBe('1');
  });

  test('api_mng and api_method over HTTP', async () => {
    seen.length = 0;
    const r = await renderNet(
      live(),
      "{api_mng endpoint='/management/topics/topics_list/' query='topics_group_id=1' var=m status_var=ok}" +
        '{assign var=p value=$empty}{append var=p index=topics_id value=7}' +
        '{api_method model=topics method=details version=1 method_params=$p var=d}{$ok} {$d.echo}',
    );
    expect(r.output).toBe('1 1');
    expect(seen.map((s) => s.url)).toEqual([
      '/management/topics/topics_list/?topics_group_id=1',
      `/api_method/topics/details?version=1&method_params=${encodeURIComponent('{"topics_id":7}')}`,
    ]);
  });

  const faults: [string, string, string, string][] = [
    [
      "a 4xx with a JSON error: the API's own errors",
      '/rcms-api/1/bad-request',
      'NET_HTTP_STATUS',
      '0 invalid cnt must be a number',
    ],
    ['a 5xx with HTML', '/rcms-api/1/boom', 'NET_HTTP_STATUS', '0 http_503 the API answered HTTP 503'],
    ['invalid JSON', '/rcms-api/1/invalid', 'NET_BAD_RESPONSE', '0 NET_BAD_RESPONSE '],
    ['an oversized body', '/rcms-api/1/big', 'NET_TOO_LARGE', '0 NET_TOO_LARGE '],
    ['a timeout', '/rcms-api/1/slow', 'NET_TIMEOUT', '0 NET_TIMEOUT '],
    ['a reset mid-body', '/rcms-api/1/reset', 'NET_RESET', '0 NET_RESET '],
  ];
  test.each(faults)('%s', async (_, path, code, out) => {
    const net = live({ maxBytes: 1024, timeoutMs: 300 });
    const r = await renderNet(
      net,
      `{api_internal endpoint='${path}?secret_q=1' var=r status_var=ok}{$ok} {$r.errors[0].code} {if $r.errors[0].code|substr:0:4 == 'http' || $r.errors[0].code == 'invalid'}{$r.errors[0].message}{/if}`,
    );
    expect(r.output).toBe(out);
    // one error line, the failure; the API log's line (API_CALL) is info
    expect(r.errors).toEqual([expect.stringMatching(new RegExp(`^${code} api_internal: GET `))]);
    expect(r.log.filter((e) => e.code === 'API_CALL' && e.level === 'info')).toHaveLength(1);
    expect(net.apiLog).toHaveLength(1);
    expect(net.apiLog[0]).toMatchObject({ url: path, error: code });
    expect(JSON.stringify(r.log) + JSON.stringify(net.apiLog)).not.toMatch(/secret_q|tok-SECRET/);
  });

  test('connection refused', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const net = cmsNet(liveCmsApi({ baseUrl: `http://127.0.0.1:${port}`, http: fetchClient }));
    const r = await renderNet(
      net,
      "{api_internal endpoint='/rcms-api/1/news' var=r status_var=ok}{$ok} {$r.errors[0].code}",
    );
    expect(r.output).toBe('0 NET_REFUSED');
    expect(net.apiLog[0]).toMatchObject({ status: 0, error: 'NET_REFUSED' });
  });

  test('direct=1 goes to the direct registry when the live adapter has one', async () => {
    seen.length = 0;
    const net = live({ direct: directCmsApi({ '/rcms-api/1/news': () => ({ list: ['in process'] }) }) });
    const r = await renderNet(net, "{api_internal endpoint='/rcms-api/1/news' direct=1 var=r}{$r.list[0]}");
    expect(r.output).toBe('in process');
    expect(seen).toEqual([]);
  });
});

describe('assign_api_credential', () => {
  test('jose verifies the token; the claims as documented; the key never logged', async () => {
    const r = await renderNet(
      cmsNet(),
      '{assign var=d value=$empty}{append var=d index=role value=editor}' +
        '{assign_api_credential api_key="k-SECRET" dg_key="dgk" dg_id="dg1" jwt_data=$d member_id=12 expire=600 var=c}{$c.token_type}',
    );
    expect(r.output).toBe('Bearer');
    const c = r.vars.c as Record<string, unknown>;
    const now = Math.floor(Date.UTC(2026, 10, 1) / 1000);
    expect(c).toMatchObject({ token_type: 'Bearer', expires_in: 600, expires_at: now + 600, member_id: 12 });
    const { payload, protectedHeader } = await jwtVerify(
      c.access_token as string,
      new TextEncoder().encode('k-SECRET'),
      {
        issuer: 'sumi',
        audience: 'rcms-api',
        currentDate: new Date(Date.UTC(2026, 10, 1)),
      },
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: '12', iat: now, exp: now + 600, data: { role: 'editor' } });
    expect((payload.dg as { id: string }).id).toBe('dg1');
    expect(JSON.stringify(payload)).not.toContain('k-SECRET');
    expect(JSON.stringify(r.log)).not.toContain('k-SECRET');
  });

  test('the secret API_CREDENTIAL_SECRET keys the token when set', async () => {
    const r = await renderNet(
      cmsNet(),
      '{assign_api_credential api_key="k" var=c}',
      {},
      {
        services: {
          secrets: { get: (n: string) => (n === 'API_CREDENTIAL_SECRET' ? 's3cret-value' : undefined) },
        },
      },
    );
    const token = (r.vars.c as { access_token: string }).access_token;
    await expect(
      jwtVerify(token, new TextEncoder().encode('s3cret-value'), {
        currentDate: new Date(Date.UTC(2026, 10, 1)),
      }),
    ).resolves.toBeTruthy();
    await expect(jwtVerify(token, new TextEncoder().encode('k'))).rejects.toThrow();
    expect(JSON.stringify(r.log)).not.toContain('s3cret-value');
  });

  test('failures: var false', async () => {
    const r = await renderNet(
      cmsNet(),
      '{assign_api_credential api_key="k" dg_key="x" var=c}{if $c === false}false{/if}',
    );
    expect(r.output).toBe('false');
    expect(r.errors[0]).toMatch(/^NET_BAD_VALUE/);
  });
});
