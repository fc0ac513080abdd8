/**
 * The cloud services' fake: one HttpClient that answers like the token endpoint, Pub/Sub's publish
 * and the Analytics Data API's runReport, from editable canned values, and records every request
 * (the playground shows them as "what would have been sent"). Deterministic: message ids count up.
 */
import type { HttpClient, HttpRequest, HttpResponse } from '../http/types';
import type { Net } from '../net';
import type { CloudConfig } from './config';

export interface FakeCloudResponses {
  /** what the token endpoint answers as id_token (cloud_functions_token) */
  idToken: string;
  /** what it answers as access_token (Pub/Sub, Analytics) */
  accessToken: string;
  /** the first message id; each published message gets the next number */
  nextMessageId: number;
  /** runReport's rows, each [dimension value, metric value] (as the API: strings) */
  reportRows: [string, string][];
}

export interface FakeCloud {
  readonly http: HttpClient;
  readonly responses: FakeCloudResponses;
  /** every request, in order (bodies as text) */
  readonly calls: { method: string; url: string; body: string }[];
}

const json = (status: number, value: unknown): HttpResponse => ({
  status,
  headers: [['content-type', 'application/json']],
  body: new TextEncoder().encode(JSON.stringify(value)),
});

const bodyText = (b: HttpRequest['body']) =>
  typeof b === 'string' ? b : b instanceof Uint8Array ? new TextDecoder().decode(b) : '';

export function fakeCloud(responses: Partial<FakeCloudResponses> = {}): FakeCloud {
  const state: FakeCloudResponses = {
    idToken: 'fake-id-token',
    accessToken: 'fake-access-token',
    nextMessageId: 1001,
    reportRows: [
      ['/blog/1', '120'],
      ['/blog/2', '45'],
    ],
    ...responses,
  };
  const calls: FakeCloud['calls'] = [];
  const http: HttpClient = {
    async request(req) {
      const body = bodyText(req.body);
      calls.push({ method: req.method, url: req.url, body });
      const path = new URL(req.url).pathname;
      if (path.endsWith('/token')) {
        return json(200, {
          id_token: state.idToken,
          access_token: state.accessToken,
          token_type: 'Bearer',
          expires_in: 3599,
        });
      }
      if (path.endsWith(':publish')) {
        const n = (JSON.parse(body) as { messages?: unknown[] }).messages?.length ?? 0;
        const messageIds = Array.from({ length: n }, () => String(state.nextMessageId++));
        return json(200, { messageIds });
      }
      if (path.endsWith(':runReport')) {
        const q = JSON.parse(body) as { dimensions?: { name: string }[]; metrics?: { name: string }[] };
        return json(200, {
          dimensionHeaders: (q.dimensions ?? []).slice(0, 1).map((d) => ({ name: d.name })),
          metricHeaders: (q.metrics ?? []).slice(0, 1).map((m) => ({ name: m.name, type: 'TYPE_INTEGER' })),
          rows: state.reportRows.map(([d, m]) => ({
            dimensionValues: [{ value: d }],
            metricValues: [{ value: m }],
          })),
          rowCount: state.reportRows.length,
        });
      }
      return json(404, { error: { code: 404, message: 'not found', status: 'NOT_FOUND' } });
    },
  };
  return { http, responses: state, calls };
}

/** a fake Net whose HTTP is `fake` (a new fakeCloud() by default), for the cloud plugins' examples */
export function fakeCloudNet(fake: FakeCloud = fakeCloud(), cloud: CloudConfig = {}): Net {
  return { mode: 'fake', http: fake.http, apiLog: [], cloud: fakeCloudConfig(fake, cloud) };
}

/** the cloud settings of a fake net: its own HTTP answering Google's endpoints */
export function fakeCloudConfig(fake: FakeCloud = fakeCloud(), cloud: CloudConfig = {}): CloudConfig {
  return { project: 'fake-project', analyticsPropertyId: '123456789', http: fake.http, ...cloud };
}
