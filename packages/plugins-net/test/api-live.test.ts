/** api against real servers on 127.0.0.1: HTTP, HTTPS with mutual TLS, and the fault matrix. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memorySecrets } from '@sumi/runtime';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { liveNet } from '../src/index';
import { nodeHttpClient } from '../src/node';
import { openssl as opensslIn } from './certs';
import { renderNet } from './helpers';

const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
let base = '';
let tlsBase = '';
let refusedUrl = '';
let dir = '';
let pem: Record<string, string> = {};
const servers: Server[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
  const path = (req.url ?? '').split('?')[0];
  switch (path) {
    case '/echo':
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-reply', 'yes');
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          type: req.headers['content-type'] ?? null,
          body: body.toString('utf8'),
        }),
      );
      return;
    case '/slow':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      return; // never ends
    case '/reset':
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
      res.write('half of it');
      setTimeout(() => res.socket?.destroy(), 30);
      return;
    case '/500':
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom');
      return;
    case '/400':
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"errors":[{"code":"bad","message":"no name"}]}');
      return;
    case '/badjson':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"a":');
      return;
    case '/big': {
      res.writeHead(200, { 'content-type': 'text/plain' }); // chunked: counted as it arrives
      const chunk = 'x'.repeat(1000);
      let n = 0;
      const more = () => {
        if (n++ >= 50 || res.destroyed) return res.end();
        res.write(chunk, more);
      };
      more();
      return;
    }
    case '/file.bin':
      res.end(Buffer.from([0, 1, 2, 255]));
      return;
    default:
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true,"who":"secure"}');
  }
}

function listener(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => handle(req, res, Buffer.concat(chunks)));
}

const listen = (s: Server) =>
  new Promise<string>((resolve) => {
    servers.push(s);
    s.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(s.address() as AddressInfo).port}`));
  });

const openssl = (...args: string[]) => opensslIn(dir, ...args);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  dir = mkdtempSync(join(tmpdir(), 'sumi-net-api-'));
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Sumi Test CA',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    '/CN=127.0.0.1',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    writeExt('ext.cnf', 'subjectAltName=IP:127.0.0.1'),
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'client.key',
    '-out',
    'client.csr',
    '-subj',
    '/CN=sumi client',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'client.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'client.pem',
    '-days',
    '2',
  );
  pem = Object.fromEntries(
    ['ca.pem', 'server.key', 'server.pem', 'client.key', 'client.pem'].map((f) => [
      f,
      readFileSync(join(dir, f), 'utf8'),
    ]),
  );
  base = `http://${await listen(createServer(listener))}`;
  tlsBase = `https://${await listen(
    createHttpsServer(
      {
        key: pem['server.key'],
        cert: pem['server.pem'],
        ca: pem['ca.pem'],
        requestCert: true,
        rejectUnauthorized: true,
      },
      listener,
    ),
  )}`;
  const closed = createServer();
  const addr = await new Promise<string>((r) =>
    closed.listen(0, '127.0.0.1', () => r(`127.0.0.1:${(closed.address() as AddressInfo).port}`)),
  );
  await new Promise((r) => closed.close(r));
  refusedUrl = `http://${addr}/x`;
});

function writeExt(name: string, text: string) {
  execFileSync('/bin/sh', ['-c', `printf '%s\\n' "$0" > "$1"`, text, join(dir, name)]);
  return name;
}

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections?.();
    await new Promise((r) => s.close(r));
  }
  rmSync(dir, { recursive: true, force: true });
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

const node = () => liveNet({ http: nodeHttpClient() });

test('POST json_body with headers: the server sees them, every variable is set', async () => {
  const net = node();
  const r = await renderNet(
    net,
    '{api endpoint=$u method="POST" json_body=$b headers=$h var=raw json_var=j resp_header_var=rh status_var=s http_code_var=c}{$s} {$c} {$j.method} {$j.type} {$j.body}',
    { u: `${base}/echo?x=1`, b: '{"name":"すみ"}', h: ['X-Trace: abc', 'Authorization: Bearer top-secret'] },
  );
  expect(r.output).toBe('1 200 POST application/json {"name":"すみ"}');
  expect(seen.at(-1)?.headers['x-trace']).toBe('abc');
  expect(r.vars.rh).toContain('x-reply: yes');
  expect(typeof r.vars.raw).toBe('string');
  expect(net.apiLog).toEqual([
    { plugin: 'api', method: 'POST', url: `${base}/echo`, status: 200, durationMs: expect.any(Number) },
  ]);
  expect(JSON.stringify(r.log)).not.toContain('top-secret');
});

test("body as an array is form-urlencoded; queries after the endpoint's own ?x=1", async () => {
  const r = await renderNet(
    node(),
    '{api endpoint=$u method="POST" query="a=1" queries=$q body=$b json_var=j}{$j.url} | {$j.type} | {$j.body}',
    { u: `${base}/echo?x=1`, q: { p: 'a b', l: [1, 2] }, b: { name: '山田', tags: ['x', 'y'] } },
  );
  expect(r.output).toBe(
    '/echo?x=1&a=1&p=a+b&l%5B0%5D=1&l%5B1%5D=2 | application/x-www-form-urlencoded | name=%E5%B1%B1%E7%94%B0&tags%5B0%5D=x&tags%5B1%5D=y',
  );
});

test('files as multipart (site given as a minimal object); PUT sends the first file raw', async () => {
  const files: Record<string, Uint8Array> = {
    'temp/a.txt': new TextEncoder().encode('hello a'),
    'temp/dir/b.csv': new TextEncoder().encode('1,2\n'),
  };
  const site = {
    tempDir: '/tmp/sumi',
    fs: {
      read: async (p: string) =>
        files[p] ?? Promise.reject(Object.assign(new Error('nf'), { code: 'NOT_FOUND' })),
    },
  };
  const r = await renderNet(
    node(),
    '{api endpoint=$u method="POST" files=$f body=$b json_var=j status_var=s}{$s}|{$j.type|truncate:30:""}' +
      '{api endpoint=$u method="PUT" files=$f json_var=k}|{$k.type}|{$k.body}' +
      '{api endpoint=$u method="POST" files=$bad status_var=bs}|{$bs}',
    {
      u: `${base}/echo`,
      f: ['a.txt', { path: '/tmp/sumi/dir/b.csv', name: 'upload' }],
      b: { title: 't' },
      bad: ['../etc/passwd'],
    },
    { services: { site } as never },
  );
  expect(r.output).toBe('1|multipart/form-data;|text/plain|hello a|0');
  const body =
    seen
      .find((s) => s.method === 'POST' && String(s.headers['content-type']).startsWith('multipart'))
      ?.body.toString('utf8') ?? '';
  expect(body).toContain('name="title"\r\n\r\nt\r\n');
  expect(body).toContain('name="files[0]"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello a\r\n');
  expect(body).toContain('name="upload"; filename="b.csv"\r\nContent-Type: text/csv\r\n\r\n1,2\n\r\n');
  expect(r.errors.some((e) => e.startsWith('NET_FILE'))).toBe(true);
});

test('cache_time: the second identical call is answered from the cache', async () => {
  const before = seen.filter((s) => s.url === '/echo?c=1').length;
  const net = node();
  const t = '{api endpoint=$u cache_time=5 var=v status_var=s}{$s}';
  const r = await renderNet(net, `${t}${t}{api endpoint=$u cache_time=5 headers=$h status_var=s2}{$s2}`, {
    u: `${base}/echo?c=1`,
    h: ['X-Other: 1'],
  });
  expect(r.output).toBe('111');
  expect(seen.filter((s) => s.url === '/echo?c=1').length - before).toBe(2); // the third differs by a header
  expect(net.apiLog).toHaveLength(2);
});

test('mTLS: with sslcert/sslkey/cainfo secrets it succeeds; without a client cert NET_TLS; the secrets are never logged', async () => {
  const secrets = memorySecrets({
    cert: pem['client.pem'] as string,
    key: pem['client.key'] as string,
    ca: pem['ca.pem'] as string,
  });
  const net = node();
  const r = await renderNet(
    net,
    '{api endpoint=$u sslcert="cert" sslkey="key" cainfo="ca" json_var=j status_var=s}{$s} {$j.who}|' +
      '{api endpoint=$u cainfo="ca" var=v status_var=s2}{$s2} {if $v === false}false{/if}|' +
      '{api endpoint=$u var=w status_var=s3}{$s3}|' +
      '{api endpoint=$u sslcert="nope" status_var=s4}{$s4}',
    { u: `${tlsBase}/secure` },
    { services: { secrets } },
  );
  expect(r.output).toBe('1 secure|0 false|0|0');
  expect(net.apiLog.map((e) => `${e.status} ${e.error ?? ''}`.trim())).toEqual([
    '200',
    '0 NET_TLS',
    '0 NET_TLS',
  ]);
  expect(r.errors.filter((e) => e.startsWith('NET_TLS'))).toHaveLength(2);
  expect(r.errors.some((e) => e.startsWith('NET_NO_SECRET') && e.includes('nope'))).toBe(true);
  const all = JSON.stringify([r.log, net.apiLog]);
  for (const secret of [pem['client.key'], pem['client.pem'], pem['ca.pem']]) {
    expect(all).not.toContain((secret as string).split('\n')[1]);
  }
});

test('fetchHttpClient refuses client certificates with NET_TLS naming the node entry', async () => {
  const r = await renderNet(
    liveNet(),
    '{api endpoint=$u sslcert="c" sslkey="k" status_var=s}{$s}',
    { u: `${tlsBase}/x` },
    {
      services: { secrets: memorySecrets({ c: 'C', k: 'K' }) },
    },
  );
  expect(r.output).toBe('0');
  expect(r.errors.some((e) => e.startsWith('NET_TLS') && e.includes('@sumi/plugins-net/node'))).toBe(true);
});

test.each([
  ['refused', () => refusedUrl, 'NET_REFUSED'],
  ['reset mid-body', () => `${base}/reset`, 'NET_RESET'],
  ['timeout', () => `${base}/slow`, 'NET_TIMEOUT'],
  ['oversized', () => `${base}/big`, 'NET_TOO_LARGE'],
] as const)(
  'fault %s: status 0, var false, one API log entry (node and fetch clients)',
  async (_n, url, code) => {
    for (const net of [node(), liveNet()]) {
      const r = await renderNet(
        net,
        '{api endpoint=$u timeout=1 var=v json_var=j status_var=s http_code_var=c resp_header_var=h}{$s} {$c} {if $v === false}false{/if} {$h|@count}',
        { u: url() },
        { limits: { maxStringLength: 20_000 } },
      );
      expect(r.output, net.mode).toBe('0 0 false 0');
      expect(r.vars.j).toBeUndefined();
      expect(net.apiLog).toEqual([expect.objectContaining({ status: 0, error: code })]);
      expect(
        r.errors.some((e) => e.startsWith(code)),
        JSON.stringify(r.errors),
      ).toBe(true);
    }
  },
  15_000,
);

test('5xx, 4xx with a JSON error, invalid JSON: the body is kept, status_var follows the status', async () => {
  const net = node();
  const r = await renderNet(
    net,
    '{api endpoint=$a var=v1 status_var=s1 http_code_var=c1}{$s1} {$c1} {$v1}|' +
      '{api endpoint=$b var=v2 json_var=j2 status_var=s2 http_code_var=c2}{$s2} {$c2} {$j2.errors[0].message}|' +
      '{api endpoint=$c var=v3 json_var=j3 status_var=s3}{$s3} {$v3} {if !isset($j3)}unset{/if}',
    { a: `${base}/500`, b: `${base}/400`, c: `${base}/badjson` },
  );
  expect(r.output).toBe('0 500 boom|0 400 no name|1 {"a": unset');
  expect(net.apiLog.map((e) => `${e.status} ${e.error ?? ''}`.trim())).toEqual([
    '500 NET_HTTP_STATUS',
    '400 NET_HTTP_STATUS',
    '200',
  ]);
});

test('dl_flg saves the body to the temporary area; var gets the relative path', async () => {
  const written: Record<string, Uint8Array> = {};
  const site = {
    tempDir: '/tmp/x',
    fs: {
      read: async () => new Uint8Array(),
      write: async (p: string, d: Uint8Array) => void (written[p] = d),
      stat: async () => null,
    },
  };
  const r = await renderNet(
    node(),
    '{api endpoint=$u dl_flg=1 var=p status_var=s}{$s}',
    { u: `${base}/file.bin` },
    { services: { site } as never },
  );
  expect(r.output).toBe('1');
  expect(r.vars.p).toMatch(/^api_[0-9a-f]{8}\.bin$/);
  expect([...(written[`temp/${r.vars.p}`] ?? [])]).toEqual([0, 1, 2, 255]);
});

test('the guard blocks 127.0.0.1 before connecting', async () => {
  const net = liveNet({ http: nodeHttpClient(), guard: { blockPrivate: true } });
  const before = seen.length;
  const r = await renderNet(net, '{api endpoint=$u status_var=s}{$s}', { u: `${base}/echo` });
  expect(r.output).toBe('0');
  expect(seen.length).toBe(before);
  expect(net.apiLog[0]?.error).toBe('NET_BLOCKED');
});
