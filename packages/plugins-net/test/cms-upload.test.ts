/** api_mng's `files`: a real multipart/form-data upload to a node:http server on 127.0.0.1. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memorySite } from '@sumi/plugins-io';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fakeCmsApi, fakeNet } from '../src/index';
import { liveCmsApi, nodeHttpClient } from '../src/node';
import { cmsNet } from './cms-helpers';
import { renderNet } from './helpers';

let server: Server;
let base = '';
const seen: { url: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"errors": [], "id": 9}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 0xff]);

test('files go as multipart/form-data parts with the queries as form fields', async () => {
  const site = await memorySite({ 'temp/up/logo.png': PNG, 'temp/notes.csv': 'id,名前\n1,墨\n' });
  const r = await renderNet(
    cmsNet(liveCmsApi({ baseUrl: base, http: nodeHttpClient() })),
    "{api_mng endpoint='/management/files/upload/' method='POST' queries=$q files=$f headers=$h var=r status_var=ok}{$ok} {$r.id}",
    {
      q: { dir: '/files/user/up', meta: { title: '題名', tags: ['a', 'b'] } },
      f: ['up/logo.png', { path: '/temp/notes.csv' }],
      h: ['Content-Type: application/json'],
    },
    { services: { site } },
  );
  expect(r.errors).toEqual([]);
  expect(r.output).toBe('1 9');
  const got = seen.at(-1)!;
  expect(got.url).toBe('/management/files/upload/');
  expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=sumi-boundary-\d+$/);
  const form = await new Request('http://x/', {
    method: 'POST',
    headers: { 'content-type': got.headers['content-type']! },
    body: new Uint8Array(got.body),
  }).formData();
  expect(form.get('dir')).toBe('/files/user/up');
  expect(form.get('meta[title]')).toBe('題名');
  expect(form.getAll('meta[tags][0]')).toEqual(['a']);
  const files = form.getAll('files[]') as File[];
  expect(files.map((f) => [f.name, f.type, f.size])).toEqual([
    ['logo.png', 'image/png', PNG.length],
    ['notes.csv', 'text/csv', new TextEncoder().encode('id,名前\n1,墨\n').length],
  ]);
  expect(new Uint8Array(await files[0]!.arrayBuffer())).toEqual(PNG);
  expect(await files[1]!.text()).toBe('id,名前\n1,墨\n');
});

test('the fake records the files it would have uploaded', async () => {
  const site = await memorySite({ 'temp/a.txt': 'hello' });
  const cms = fakeCmsApi();
  await renderNet(
    fakeNet({ cms }),
    "{api_mng endpoint='/management/files/upload/' method='POST' files=$f var=r}",
    { f: ['a.txt'] },
    { services: { site } },
  );
  const call = cms.calls.at(-1)!;
  expect(call.files?.map((f) => [f.name, f.type, new TextDecoder().decode(f.data)])).toEqual([
    ['a.txt', 'text/plain', 'hello'],
  ]);
});

test.each([
  [['../site.json'], 'NET_FILE'],
  [['missing.txt'], 'NET_FILE'],
  [[''], 'NET_BAD_VALUE'],
])('files %j: %s, no call made', async (f, code) => {
  const site = await memorySite({ 'site.json': '{}' });
  const before = seen.length;
  const r = await renderNet(
    cmsNet(liveCmsApi({ baseUrl: base, http: nodeHttpClient() })),
    "{api_mng endpoint='/management/files/upload/' method='POST' files=$f var=r status_var=ok}{$ok}",
    { f },
    { services: { site } },
  );
  expect(r.output).toBe('0');
  expect(r.errors[0]).toMatch(new RegExp(`^${code} `));
  expect(seen.length).toBe(before);
});
