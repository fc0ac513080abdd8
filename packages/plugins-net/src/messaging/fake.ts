/**
 * Deterministic fakes of the chat (Slack Web API) and social (X API v2) services: each is a config
 * for the Net (`chat: fakeChat()`, `social: fakeSocial()`) carrying its own HTTP client, which
 * answers like the service from editable canned answers and records every call (without the token).
 */
import type { HttpClient, HttpRequest, HttpResponse } from '../http/types';
import type { ChatConfig, SocialConfig } from './config';

export interface FakeCall {
  method: string;
  /** the API method or path: `chat.postMessage`, `/2/tweets` */
  api: string;
  /** the query parameters and the JSON body's fields */
  params: Record<string, unknown>;
}

export interface FakeService {
  readonly calls: FakeCall[];
  /** the answer for an API method, by name, built from the call's params (replace one to edit it) */
  answers: Record<string, (params: Record<string, unknown>) => unknown>;
  /** the HTTP status of every answer (200; set 503 to simulate an outage) */
  status: number;
}

const encoder = new TextEncoder();

function fakeHttp(fake: FakeService, apiOf: (path: string) => string): HttpClient {
  return {
    async request(req: HttpRequest): Promise<HttpResponse> {
      const url = new URL(req.url);
      const api = apiOf(url.pathname);
      const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
      if (typeof req.body === 'string' && req.body !== '') Object.assign(params, JSON.parse(req.body));
      fake.calls.push({ method: req.method, api, params });
      const canned = Object.hasOwn(fake.answers, api) ? fake.answers[api] : undefined;
      const answer = canned ? canned(params) : { ok: false, error: 'unknown_method' };
      return {
        status: fake.status,
        headers: [['content-type', 'application/json; charset=utf-8']],
        body: encoder.encode(JSON.stringify(answer)),
      };
    },
  };
}

/** the fake's post timestamp (Slack's ts): 2026-11-01 09:00 JST */
export const FAKE_TS = '1793494800.000100';

export type FakeChat = ChatConfig & FakeService;

export function fakeChat(): FakeChat {
  const fake: FakeChat = {
    baseUrl: 'https://slack.invalid/api',
    token: 'fake-chat-token',
    calls: [],
    status: 200,
    answers: {
      'chat.postMessage': (p) => ({
        ok: true,
        channel: p.channel,
        ts: FAKE_TS,
        message: { type: 'message', user: 'U0FAKEBOT', text: p.text, ts: FAKE_TS },
      }),
      'conversations.history': (p) => ({
        ok: true,
        messages: [
          { type: 'message', user: 'U01ALICE', text: 'おはようございます', ts: '1793491200.000200' },
          { type: 'message', user: 'U02BOB', text: `hello from ${p.channel}`, ts: '1793487600.000300' },
        ],
        has_more: false,
      }),
      'conversations.replies': (p) => ({
        ok: true,
        messages: [
          {
            type: 'message',
            user: 'U01ALICE',
            text: 'the parent',
            ts: p.ts,
            thread_ts: p.ts,
            reply_count: 1,
          },
          { type: 'message', user: 'U02BOB', text: 'a reply', ts: '1793498400.000400', thread_ts: p.ts },
        ],
        has_more: false,
      }),
      'team.info': (p) => ({
        ok: true,
        team: {
          id: p.team || 'T0FAKE',
          name: 'Sumi Fake Team',
          domain: 'sumi-fake',
          email_domain: 'example.com',
        },
      }),
    },
    http: { request: (req) => fakeHttp(fake, (path) => path.slice(path.lastIndexOf('/') + 1)).request(req) },
  };
  return fake;
}

export type FakeSocial = SocialConfig & FakeService;

export function fakeSocial(): FakeSocial {
  const fake: FakeSocial = {
    baseUrl: 'https://x.invalid',
    token: 'fake-social-token',
    calls: [],
    status: 201,
    answers: {
      '/2/tweets': (p) => ({
        data: { id: '1852000000000000001', text: p.text, edit_history_tweet_ids: ['1852000000000000001'] },
      }),
    },
    http: { request: (req) => fakeHttp(fake, (path) => path).request(req) },
  };
  return fake;
}
