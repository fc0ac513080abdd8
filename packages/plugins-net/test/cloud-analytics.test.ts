import type { Services } from '@sumi/runtime';
import { expect, test } from 'vitest';
import { topicOf } from '../src/cloud/analytics';
import { NetFailure } from '../src/failure';
import { fakeCloud, fakeCloudNet } from '../src/index';
import {
  closedPort,
  keyPair,
  liveNet,
  saJson,
  secretsOf,
  sendJson,
  testHttp,
  useServer,
  verifyGrant,
} from './cloud-fixture';
import { renderNet as render } from './helpers';

const renderNet = async (...args: Parameters<typeof render>) => {
  const r = await render(...args);
  return { ...r, errors: r.errors.filter((e) => !e.startsWith('API_CALL')) };
};

const kp = keyPair();
const server = useServer();
const OUT = '{if $rows === false}false{else}{$rows|@json_encode}{/if}|{$ids|@json_encode}';

/** a content store with counters, as plugins-io's updateCounter behaves (unknown topic: a failure) */
function counters(initial: Record<string, number>) {
  const values = new Map(Object.entries(initial));
  const calls: unknown[] = [];
  const content = {
    async updateCounter(u: {
      topicsGroupId: number;
      topic: number | string;
      column: string | number;
      index?: number;
      by: number;
    }) {
      calls.push(u);
      const k = `${u.topicsGroupId}/${u.topic}/${u.column}/${u.index ?? 0}`;
      const v = values.get(k);
      if (v === undefined) throw new NetFailure('NET_BAD_VALUE', `no topic ${u.topic}`);
      values.set(k, v + u.by);
      return v + u.by;
    },
  };
  return { values, calls, services: { site: { content } } as unknown as Partial<Services> };
}

const report = (rows: [string, string][]) => ({
  dimensionHeaders: [{ name: 'pagePath' }],
  metricHeaders: [{ name: 'screenPageViews', type: 'TYPE_INTEGER' }],
  rows: rows.map(([d, m]) => ({ dimensionValues: [{ value: d }], metricValues: [{ value: m }] })),
  rowCount: rows.length,
});

const analyticsServer = (
  expectAuth: boolean,
  rows: [string, string][],
  check?: (body: Record<string, unknown>) => void,
) => {
  server.requests.length = 0;
  server.handle = async (req, body, res) => {
    if (req.url === '/token') {
      const claims = await verifyGrant(body, kp, `${server.url}/token`);
      expect(claims.scope).toBe('https://www.googleapis.com/auth/analytics.readonly');
      return sendJson(res, 200, { access_token: 'ga-at', expires_in: 3599 });
    }
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1beta/properties/314159:runReport');
    if (expectAuth) expect(req.headers.authorization).toBe('Bearer ga-at');
    else expect(req.headers.authorization).toBeUndefined();
    const q = JSON.parse(body) as Record<string, unknown>;
    check?.(q);
    sendJson(res, 200, report(rows));
  };
};

const cfg = () => ({ analyticsBaseUrl: server.url, analyticsPropertyId: '314159' });

test('a runReport with default dates (7 days before .. today, in Tokyo), dimension and metric; the rows', async () => {
  analyticsServer(false, [['/blog/1', '120']], (q) =>
    expect(q).toEqual({
      dateRanges: [{ startDate: '2026-10-25', endDate: '2026-11-01' }],
      dimensions: [{ name: 'pagePath' }],
      metrics: [{ name: 'screenPageViews' }],
      limit: 10000,
    }),
  );
  const net = liveNet(cfg());
  const r = await renderNet(net, `{analytics var=rows updated_topics_ids=ids}${OUT}`);
  expect(r.errors).toEqual([]);
  expect(r.output).toBe('[{"pagePath":"\\/blog\\/1","screenPageViews":"120"}]|[]');
  expect(net.apiLog.map((e) => [e.url, e.status])).toEqual([
    [`${server.url}/v1beta/properties/314159:runReport`, 200],
  ]);
});

test('counters are SET from the metric (rows of one content added up), through the content store; with a signed token', async () => {
  analyticsServer(
    true,
    [
      ['/blog/1', '120'],
      ['/blog/1?utm=x', '5'],
      ['/news/spring-sale/', '30'],
      ['/blog/99', '7'],
      ['/', '1000'],
    ],
    (q) => expect(q.dateRanges).toEqual([{ startDate: '2026-10-01', endDate: '2026-10-31' }]),
  );
  const store = counters({ '5/1/views/0': 40, '5/spring-sale/views/0': 30 });
  const net = liveNet({ ...cfg(), tokenEndpoint: `${server.url}/token` });
  const r = await renderNet(
    net,
    `{googleanalytics var=rows updated_topics_ids=ids update_column_slug="views" topics_group_id=5 startDate="2026-10-01" endDate="last day of october 2026" sa_secret_name="ga"}{$ids|@json_encode}`,
    {},
    {
      services: { ...store.services, secrets: secretsOf({ ga: saJson(kp, 'https://unused.invalid/token') }) },
    },
  );
  expect(r.errors).toEqual([]);
  expect(r.output).toBe('[1,"spring-sale"]');
  expect(store.values.get('5/1/views/0')).toBe(125);
  expect(store.values.get('5/spring-sale/views/0')).toBe(30);
  expect(r.log.filter((e) => e.level === 'warn').map((e) => e.message)).toEqual([
    "analytics: the row '/' names no content; skipped",
    'analytics: the counter of 99 was not set: no topic 99',
  ]);
  expect(server.requests.map((q) => q.path)).toEqual(['/token', '/v1beta/properties/314159:runReport']);
});

test('queries is sent as given (dateRanges added); index and target metric/dimension', async () => {
  analyticsServer(false, [['/a/3', '9']], (q) =>
    expect(q).toEqual({
      dateRanges: [{ startDate: '2026-10-25', endDate: '2026-11-01' }],
      dimensions: [{ name: 'pagePath' }],
      metrics: [{ name: 'screenPageViews' }],
      dimensionFilter: {
        filter: { fieldName: 'pagePath', stringFilter: { value: '/a/', matchType: 'BEGINS_WITH' } },
      },
    }),
  );
  const store = counters({ '2/3/c/1': 0 });
  const r = await renderNet(
    liveNet(cfg()),
    '{analytics var=rows updated_topics_ids=ids update_column_slug="c" update_column_index=1 topics_group_id=2 queries=$q}{$ids|@json_encode}',
    {
      q: JSON.stringify({
        dimensions: [{ name: 'pagePath' }],
        metrics: [{ name: 'screenPageViews' }],
        dimensionFilter: {
          filter: { fieldName: 'pagePath', stringFilter: { value: '/a/', matchType: 'BEGINS_WITH' } },
        },
      }),
    },
    { services: store.services },
  );
  expect(r.errors).toEqual([]);
  expect(r.output).toBe('[3]');
  expect(store.values.get('2/3/c/1')).toBe(9);
});

type Res = Parameters<typeof sendJson>[0];
test.each([
  ['5xx', (res: Res) => sendJson(res, 503, { error: { message: 'backend' } }), 'NET_HTTP_STATUS', 503],
  [
    '4xx JSON error',
    (res: Res) => sendJson(res, 400, { error: { message: 'Field foo is not a valid dimension.' } }),
    'NET_HTTP_STATUS',
    400,
  ],
  ['invalid JSON', (res: Res) => res.end('{"rows":['), 'NET_BAD_RESPONSE', 200],
  ['rows not a list', (res: Res) => sendJson(res, 200, { rows: 'x' }), 'NET_BAD_RESPONSE', 200],
])('fault: %s: var false, no counter changed, logged', async (_n, answer, code, status) => {
  server.handle = (_q, _b, res) => answer(res);
  const store = counters({ '5/1/views/0': 40 });
  const net = liveNet(cfg());
  const r = await renderNet(
    net,
    `{analytics var=rows updated_topics_ids=ids update_column_slug="views" topics_group_id=5}${OUT}`,
    {},
    {
      services: store.services,
    },
  );
  expect(r.output).toBe('false|[]');
  expect(r.errors).toHaveLength(1);
  expect(r.errors[0]).toMatch(new RegExp(`^${code} `));
  expect(store.calls).toEqual([]);
  expect(net.apiLog).toEqual([expect.objectContaining({ status, error: code })]);
});

test('fault: refused and timeout', async () => {
  const refused = liveNet({ ...cfg(), analyticsBaseUrl: await closedPort() });
  let r = await renderNet(refused, `{analytics var=rows}${OUT}`);
  expect(r.output).toBe('false|null');
  expect(refused.apiLog[0]).toMatchObject({ status: 0, error: 'NET_REFUSED' });
  server.handle = () => {};
  const slow = liveNet(cfg(), { request: (q) => testHttp.request({ ...q, timeoutMs: 150 }) });
  r = await renderNet(slow, `{analytics var=rows}${OUT}`);
  expect(r.output).toBe('false|null');
  expect(slow.apiLog[0]).toMatchObject({ error: 'NET_TIMEOUT' });
});

test('checks before any call: property, dates, queries, topics_group_id, content store', async () => {
  const net = liveNet(cfg());
  const code = async (tpl: string, n = net, services: Partial<Services> = {}) =>
    (await renderNet(n, tpl, {}, { services })).errors.map((e) => e.split(' ')[0]);
  expect(await code('{analytics var=rows}', liveNet({ analyticsBaseUrl: server.url }))).toEqual([
    'NET_MISSING_ATTRIBUTE',
  ]);
  expect(await code('{analytics var=rows startDate="not a date"}')).toEqual(['NET_BAD_VALUE']);
  expect(await code('{analytics var=rows queries="[1]"}')).toEqual(['NET_BAD_VALUE']);
  expect(await code('{analytics var=rows update_column_slug="v"}')).toEqual(['NET_MISSING_ATTRIBUTE']);
  expect(await code('{analytics var=rows update_column_slug="v" topics_group_id=1}')).toEqual([
    'NET_NO_CONTENT_STORE',
  ]);
  expect(net.apiLog).toEqual([]);
});

test('topicOf reads the last path segment', () => {
  expect(topicOf('/blog/12')).toBe(12);
  expect(topicOf('/news/spring-sale/?a=1#x')).toBe('spring-sale');
  expect(topicOf('/ja/%E6%98%A5')).toBe('春');
  expect(topicOf('/')).toBeNull();
  expect(topicOf('/x/012')).toBe('012');
});

test('the fake answers canned rows under the requested names', async () => {
  const fake = fakeCloud({ reportRows: [['/x/5', '3']] });
  const store = counters({ '1/5/pv/0': 0 });
  const r = await renderNet(
    fakeCloudNet(fake),
    '{analytics var=rows updated_topics_ids=ids update_column_slug="pv" topics_group_id=1 update_target_metric="sessions"}{$rows.0.sessions}|{$ids.0}',
    {},
    { services: store.services },
  );
  expect(r.output).toBe('3|5');
  expect(fake.calls.at(-1)?.url).toBe(
    'https://analyticsdata.googleapis.com/v1beta/properties/123456789:runReport',
  );
});
