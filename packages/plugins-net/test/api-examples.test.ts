import { memorySecrets } from '@sumi/runtime';
import { expect, test } from 'vitest';
import { callPlugins, fakeHttp, fakeNet } from '../src/index';
import { renderNet } from './helpers';

/** the net every example of the calls group runs on */
function exampleNet() {
  return fakeNet({
    http: fakeHttp({ 'GET https://api.example.com/items*': { json: { items: [{ id: 1, name: 'tea' }] } } }),
  });
}

test('every example of api and secret renders its output byte for byte on the fakes', async () => {
  for (const def of callPlugins.filter((d) => d.name === 'api' || d.name === 'secret')) {
    expect(def.examples?.length, def.name).toBeGreaterThan(0);
    for (const ex of def.examples ?? []) {
      const r = await renderNet(exampleNet(), ex.template, ex.data ?? {}, {
        services: { secrets: memorySecrets({ api_token: 't0k3n' }) },
      });
      expect(r.output, `${def.name}: ${ex.template}`).toBe(ex.output);
    }
  }
});

test('fakeHttp: exact beats prefix, method keys, default 404, masked headers, recorded body', async () => {
  const http = fakeHttp({
    'https://a.test/*': { body: 'prefix' },
    'https://a.test/x': { body: 'exact' },
    'POST https://a.test/*': { status: 201, body: 'post' },
    'GET https://down.test/*': { error: 'NET_REFUSED' },
  });
  const net = fakeNet({ http });
  const r = await renderNet(
    net,
    '{api endpoint="https://a.test/x" var=a}{api endpoint="https://a.test/y" var=b}' +
      '{api endpoint="https://a.test/y" method="post" body=$f headers=$h var=c http_code_var=cc}' +
      '{api endpoint="https://none.test/" var=d http_code_var=dc}{api endpoint="https://down.test/q" var=e status_var=es}',
    { f: { a: 'x y', b: [1, 2] }, h: ['Authorization: Bearer abc', 'X-Plain: visible'] },
  );
  expect(r.vars).toMatchObject({
    a: 'exact',
    b: 'prefix',
    c: 'post',
    cc: 201,
    d: '{"error":"not found"}',
    dc: 404,
    e: false,
    es: 0,
  });
  const post = http.calls[2];
  expect(post?.headers).toEqual([
    ['Authorization', '***'],
    ['X-Plain', 'visible'],
    ['Content-Type', 'application/x-www-form-urlencoded'],
  ]);
  expect(post?.body).toBe('a=x+y&b%5B0%5D=1&b%5B1%5D=2');
  expect(net.apiLog.map((e) => `${e.method} ${e.url} ${e.status} ${e.error ?? ''}`.trim())).toEqual([
    'GET https://a.test/x 200',
    'GET https://a.test/y 200',
    'POST https://a.test/y 201',
    'GET https://none.test/ 404 NET_HTTP_STATUS',
    'GET https://down.test/q 0 NET_REFUSED',
  ]);
});

test("methods, query + queries after the endpoint's own query string, bad values", async () => {
  const http = fakeHttp();
  const net = fakeNet({ http });
  const r = await renderNet(
    net,
    '{api endpoint="https://a.test/p?x=1" query="a=1&b=2" queries=$q method="purge" var=v}' +
      '{api endpoint="https://a.test/" method="TRACE" var=w status_var=ws}' +
      '{api endpoint="ftp://a.test/" var=u status_var=us}' +
      '{api endpoint="https://a.test/" headers=$bad status_var=hs}',
    { q: { 'k k': 'v&v', n: null, t: true }, bad: ['no colon here'] },
  );
  expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
    'PURGE https://a.test/p?x=1&a=1&b=2&k+k=v%26v&t=1',
  ]);
  expect(r.vars).toMatchObject({ w: false, ws: 0, u: false, us: 0, hs: 0 });
  expect(r.errors.filter((e) => e.startsWith('NET_BAD_VALUE'))).toHaveLength(3);
});

test('body rules: JSON string, text without Content-Type (warning), json_body array', async () => {
  const http = fakeHttp();
  const r = await renderNet(
    fakeNet({ http }),
    '{api endpoint="https://a.test/1" method="POST" body=$js}' +
      '{api endpoint="https://a.test/2" method="POST" body="plain words"}' +
      '{api endpoint="https://a.test/3" method="POST" body="<x/>" headers=$h}' +
      '{api endpoint="https://a.test/4" method="POST" json_body=$j}',
    { h: ['Content-Type: text/xml'], j: { a: [1, 2] }, js: '{"a":1}' },
  );
  const type = (i: number) => http.calls[i]?.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  expect([type(0), type(1), type(2), type(3)]).toEqual([
    'application/json',
    'text/plain; charset=UTF-8',
    'text/xml',
    'application/json',
  ]);
  expect(http.calls[3]?.body).toBe('{"a":[1,2]}');
  expect(r.log.some((e) => e.level === 'warn' && e.message.includes('Content-Type'))).toBe(true);
});

test('secret: missing key gives false with NET_NO_SECRET; the value never appears in the log', async () => {
  const net = fakeNet();
  const r = await renderNet(
    net,
    '{secret var=s key="tok"}{secret var=m key="missing"}{api endpoint="https://a.test/" headers=$h}',
    { h: ['X-Api-Key: sekrit-value-123'] },
    { services: { secrets: memorySecrets({ tok: 'sekrit-value-123' }) } },
  );
  expect(r.vars.s).toBe('sekrit-value-123');
  expect(r.vars.m).toBe(false);
  expect(r.errors.some((e) => e.startsWith('NET_NO_SECRET') && e.includes('missing'))).toBe(true);
  expect(JSON.stringify(r.log)).not.toContain('sekrit');
  expect(JSON.stringify(net.apiLog)).not.toContain('sekrit');
});

test('the guard: allowHosts and private addresses, before any request', async () => {
  const http = fakeHttp();
  const net = fakeNet({
    http,
    guard: {
      allowHosts: [
        'api.example.com',
        '*.good.test',
        '127.0.0.1',
        '[::1]',
        '10.1.2.3',
        'localhost',
        '[::ffff:7f00:1]',
        '2130706433',
        'public.test',
      ],
      blockPrivate: true,
      resolve: async (h: string) =>
        h === 'public.test' || h === 'x.good.test' ? ['93.184.216.34'] : ['10.0.0.1'],
    },
  });
  const urls = [
    'https://api.example.com/',
    'https://x.good.test/',
    'https://good.test/',
    'https://evil.test/',
    'http://127.0.0.1:9/',
    'http://[::1]/',
    'http://10.1.2.3/',
    'http://localhost/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
    'https://public.test/',
  ];
  const r = await renderNet(net, '{foreach from=$u item=x}{api endpoint=$x status_var=s}{$s}{/foreach}', {
    u: urls,
  });
  expect(http.calls.map((c) => c.url)).toEqual(['https://x.good.test/', 'https://public.test/']);
  expect(r.errors.filter((e) => e.startsWith('NET_BLOCKED'))).toHaveLength(9);
  expect(net.apiLog.filter((e) => e.error === 'NET_BLOCKED')).toHaveLength(9);
});
