/**
 * chat_* and social_post_message against a local node:http server answering like the Slack Web API
 * and the X API v2, through a minimal HttpClient over fetch; the fault matrix; tokens never logged.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { memorySecrets } from '@sumi/runtime';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type HttpClient, type Net, NetFailure } from '../src/index';
import { renderNet } from './helpers';

const TOKEN = 'xoxb-very-secret-token-1234';
const X_TOKEN = 'x-user-context-secret-5678';

/** a minimal client over fetch (until the package's own client lands) */
const fetchClient: HttpClient = {
  async request(req) {
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), req.timeoutMs);
    try {
      const res = await fetch(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body as string | undefined,
        signal: ac.signal,
      });
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > req.maxBytes) {
          await reader.cancel();
          throw new NetFailure('NET_TOO_LARGE', `the answer is larger than ${req.maxBytes} bytes`);
        }
        chunks.push(value);
      }
      return { status: res.status, headers: [...res.headers], body: Buffer.concat(chunks) };
    } catch (err) {
      if (err instanceof NetFailure) throw err;
      if (ac.signal.aborted) throw new NetFailure('NET_TIMEOUT', `no answer within ${req.timeoutMs} ms`);
      const cause = (err as { cause?: { code?: string } }).cause;
      if (cause?.code === 'ECONNREFUSED') throw new NetFailure('NET_REFUSED', 'connection refused');
      throw new NetFailure('NET_RESET', `the connection broke off: ${(err as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  },
};

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  auth: string;
  contentType: string;
  body: unknown;
}

let handler: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;
const seen: Seen[] = [];
let server: Server;
let base = '';
let closedBase = '';

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const raw = Buffer.concat(chunks).toString('utf8');
      const s: Seen = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        auth: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: raw === '' ? undefined : JSON.parse(raw),
      };
      seen.push(s);
      handler(req, res, s);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedBase = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
  await new Promise<void>((r) => probe.close(() => r()));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const unhandled: unknown[] = [];
process.on('unhandledRejection', (e) => unhandled.push(e));

function net(
  over: { chatBase?: string; socialBase?: string; timeoutMs?: number; maxBytes?: number } = {},
): Net {
  return {
    mode: 'live',
    http: fetchClient,
    apiLog: [],
    chat: {
      baseUrl: `${over.chatBase ?? base}/api`,
      token: TOKEN,
      timeoutMs: over.timeoutMs,
      maxBytes: over.maxBytes,
    },
    social: {
      baseUrl: over.socialBase ?? base,
      tokenSecret: 'x_token',
      timeoutMs: over.timeoutMs,
      maxBytes: over.maxBytes,
    },
  };
}
const secrets = { secrets: memorySecrets({ x_token: X_TOKEN }) };

/** the token appears nowhere in the log or the API log */
function noSecrets(n: Net, r: { log: unknown[] }) {
  const all = JSON.stringify([r.log, n.apiLog]);
  expect(all).not.toContain(TOKEN);
  expect(all).not.toContain(X_TOKEN);
}

describe('the calls, as the services see them', () => {
  test('chat_post_message: POST JSON to chat.postMessage with the Bearer token, mentions first', async () => {
    seen.length = 0;
    handler = (_q, res, s) =>
      json(res, 200, {
        ok: true,
        channel: 'C1',
        ts: '1.2',
        message: { text: (s.body as { text: string }).text },
      });
    const n = net();
    const r = await renderNet(
      n,
      '{chat_post_message var=ok channel="C0GENERAL" users=$users text="リリースしました 🎉" thread_ts="1793494800.000100"}{$ok}',
      { users: ['U01ALICE', 'U02BOB'] },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('1');
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/api/chat.postMessage',
        query: {},
        auth: `Bearer ${TOKEN}`,
        contentType: 'application/json; charset=utf-8',
        body: {
          channel: 'C0GENERAL',
          text: '<@U01ALICE> <@U02BOB> リリースしました 🎉',
          thread_ts: '1793494800.000100',
        },
      },
    ]);
    expect(n.apiLog).toEqual([
      {
        plugin: 'chat_post_message',
        method: 'POST',
        url: `${base}/api/chat.postMessage`,
        status: 200,
        durationMs: expect.any(Number),
      },
    ]);
    noSecrets(n, r);
  });

  test('slack_get_message with ts: conversations.replies; without: conversations.history', async () => {
    seen.length = 0;
    handler = (_q, res, s) =>
      json(res, 200, {
        ok: true,
        messages: [{ user: 'U1', text: `${s.path} ${s.query.ts ?? '-'}`, ts: '1.0' }],
      });
    const n = net();
    const r = await renderNet(
      n,
      '{slack_get_message var=a channel="C1" ts="1793494800.000100"}{slack_get_message var=b channel="C1"}{$a.0.text}|{$b.0.text}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('/api/conversations.replies 1793494800.000100|/api/conversations.history -');
    expect(seen.map((s) => [s.method, s.query, s.auth])).toEqual([
      ['GET', { channel: 'C1', ts: '1793494800.000100' }, `Bearer ${TOKEN}`],
      ['GET', { channel: 'C1' }, `Bearer ${TOKEN}`],
    ]);
    // the API log has no query string
    expect(n.apiLog.map((e) => e.url)).toEqual([
      `${base}/api/conversations.replies`,
      `${base}/api/conversations.history`,
    ]);
  });

  test('chat_team_info: team.info, var gets the team', async () => {
    seen.length = 0;
    handler = (_q, res, s) =>
      json(res, 200, { ok: true, team: { id: s.query.team, name: 'チーム', domain: 'team' } });
    const r = await renderNet(net(), '{chat_team_info var=t team="T123"}{$t.id} {$t.name}');
    expect(r.output).toBe('T123 チーム');
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/team.info', auth: `Bearer ${TOKEN}` });
  });

  test('social_post_message: POST /2/tweets with the token from the secret store', async () => {
    seen.length = 0;
    handler = (_q, res, s) => json(res, 201, { data: { id: '42', text: (s.body as { text: string }).text } });
    const n = net();
    const r = await renderNet(
      n,
      '{twitter_post_message var=p text="新着記事です"}{$p.id}:{$p.text}',
      {},
      { services: secrets },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('42:新着記事です');
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/2/tweets',
        query: {},
        auth: `Bearer ${X_TOKEN}`,
        contentType: 'application/json; charset=utf-8',
        body: { text: '新着記事です' },
      },
    ]);
    noSecrets(n, r);
  });

  test('a missing token secret: NET_NO_SECRET, nothing sent', async () => {
    seen.length = 0;
    const r = await renderNet(net(), '{social_post_message var=p text="x"}{if $p === false}false{/if}');
    expect(r.output).toBe('false');
    expect(r.errors.some((e) => e.startsWith('NET_NO_SECRET'))).toBe(true);
    expect(seen).toEqual([]);
  });

  test('no chat service configured: NET_NOT_CONFIGURED', async () => {
    const n = { ...net(), chat: undefined };
    const r = await renderNet(n, '{chat_team_info var=t}{if $t === false}false{/if}');
    expect(r.output).toBe('false');
    expect(r.errors.some((e) => e.startsWith('NET_NOT_CONFIGURED'))).toBe(true);
  });
});

type Fault = [string, (res: ServerResponse) => void, string, number];

const faults: Fault[] = [
  ['5xx', (res) => json(res, 503, { ok: false, error: 'service_unavailable' }), 'NET_HTTP_STATUS', 503],
  [
    '4xx with a JSON error',
    (res) => json(res, 401, { ok: false, error: 'invalid_auth', detail: 'Unauthorized' }),
    'NET_HTTP_STATUS',
    401,
  ],
  [
    'ok:false with HTTP 200',
    (res) => json(res, 200, { ok: false, error: 'channel_not_found' }),
    'NET_SERVICE_ERROR',
    200,
  ],
  [
    'invalid JSON',
    (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok": tru');
    },
    'NET_BAD_RESPONSE',
    200,
  ],
  ['an oversized body', (res) => json(res, 200, { ok: true, pad: 'x'.repeat(20_000) }), 'NET_TOO_LARGE', 0],
  [
    'a reset mid-body',
    (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"ok": true, "messa');
      setTimeout(() => res.socket?.destroy(), 20);
    },
    'NET_RESET',
    0,
  ],
  ['a timeout', () => {}, 'NET_TIMEOUT', 0],
  [
    'a token echoed in the error',
    (res) => json(res, 200, { ok: false, error: `bad token ${TOKEN}` }),
    'NET_SERVICE_ERROR',
    200,
  ],
];

const calls: [string, string, string][] = [
  ['chat_post_message', '{chat_post_message var=v channel="C1" text="t"}', 'false'],
  ['chat_get_message', '{chat_get_message var=v channel="C1" ts="1.2"}', 'false'],
  ['chat_team_info', '{chat_team_info var=v}', 'false'],
];

describe('the fault matrix', () => {
  for (const [fault, answer, code, status] of faults) {
    for (const [plugin, source] of calls) {
      test(`${plugin}: ${fault} → var false, ${code}`, async () => {
        handler = (_q, res) => answer(res);
        const n = net({ timeoutMs: 300, maxBytes: 10_000 });
        const r = await renderNet(n, `${source}{if $v === false}false{/if}`, {}, { services: secrets });
        expect(r.output).toBe('false');
        expect(r.log.some((e) => e.level === 'error' && e.code === code && e.source === plugin)).toBe(true);
        expect(n.apiLog).toEqual([expect.objectContaining({ plugin, status, error: code })]);
        noSecrets(n, r);
      });
    }
    if (!fault.startsWith('ok:false') && !fault.startsWith('a token')) {
      test(`social_post_message: ${fault} → var false, ${code}`, async () => {
        handler = (_q, res) => answer(res);
        const n = net({ timeoutMs: 300, maxBytes: 10_000 });
        const r = await renderNet(
          n,
          '{social_post_message var=v text="t"}{if $v === false}false{/if}',
          {},
          { services: secrets },
        );
        expect(r.output).toBe('false');
        const expected = code === 'NET_SERVICE_ERROR' ? 'NET_BAD_RESPONSE' : code;
        expect(r.log.some((e) => e.level === 'error' && e.code === expected)).toBe(true);
        noSecrets(n, r);
      });
    }
  }

  test('social: a 2xx answer without data → NET_BAD_RESPONSE; a 403 carries the detail', async () => {
    handler = (_q, res) => json(res, 201, { errors: [] });
    let r = await renderNet(net(), '{social_post_message var=v text="t"}', {}, { services: secrets });
    expect(r.vars.v).toBe(false);
    expect(r.errors.some((e) => e.startsWith('NET_BAD_RESPONSE'))).toBe(true);
    handler = (_q, res) =>
      json(res, 403, {
        title: 'Forbidden',
        detail: 'You are not permitted to perform this action.',
        status: 403,
      });
    r = await renderNet(net(), '{social_post_message var=v text="t"}', {}, { services: secrets });
    expect(r.errors.some((e) => e.startsWith('NET_HTTP_STATUS') && e.includes('not permitted'))).toBe(true);
  });

  test('connection refused, for every plugin', async () => {
    const n = net({ chatBase: closedBase, socialBase: closedBase });
    const r = await renderNet(
      n,
      '{chat_post_message var=a channel="C" text="t"}{chat_get_message var=b channel="C"}{chat_team_info var=c}{social_post_message var=d text="t"}' +
        '{if $a === false && $b === false && $c === false && $d === false}all false{/if}',
      {},
      { services: secrets },
    );
    expect(r.output).toBe('all false');
    expect(n.apiLog.map((e) => [e.plugin, e.status, e.error])).toEqual([
      ['chat_post_message', 0, 'NET_REFUSED'],
      ['chat_get_message', 0, 'NET_REFUSED'],
      ['chat_team_info', 0, 'NET_REFUSED'],
      ['social_post_message', 0, 'NET_REFUSED'],
    ]);
    noSecrets(n, r);
  });

  test('bad attributes fail before any call', async () => {
    seen.length = 0;
    const r = await renderNet(
      net(),
      '{chat_post_message var=a text="t"}{chat_post_message var=b channel="C" users=$u text="t"}{chat_get_message var=c}{social_post_message var=d text=""}',
      { u: ['U1>', 'x'] },
      { services: secrets },
    );
    expect(r.vars).toMatchObject({ a: false, b: false, c: false, d: false });
    expect(seen).toEqual([]);
  });

  test('no unhandled rejection', async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
  });
});
