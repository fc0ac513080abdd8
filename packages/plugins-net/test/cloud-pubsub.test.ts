import { expect, test } from 'vitest';
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
const OUT = '{if $ids === false}false{else}{$ids|@json_encode}{/if}';
const decode = (body: string) => {
  const j = JSON.parse(body) as { messages: { data: string }[] };
  expect(j.messages).toHaveLength(1);
  return Buffer.from(j.messages[0]?.data ?? '', 'base64').toString('utf8');
};

/** a Pub/Sub that checks the access token it issued, the path and the body */
const pubsub = (expectAuth: boolean) => {
  server.requests.length = 0;
  server.handle = async (req, body, res) => {
    if (req.url === '/token') {
      const claims = await verifyGrant(body, kp, `${server.url}/token`);
      expect(claims.scope).toBe('https://www.googleapis.com/auth/pubsub');
      return sendJson(res, 200, { access_token: 'at-123', token_type: 'Bearer', expires_in: 3599 });
    }
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/projects/demo-project/topics/orders:publish');
    expect(req.headers['content-type']).toBe('application/json');
    if (expectAuth) expect(req.headers.authorization).toBe('Bearer at-123');
    else expect(req.headers.authorization).toBeUndefined();
    decode(body);
    sendJson(res, 200, { messageIds: ['5001'] });
  };
};

test('the emulator: a configured base URL, no token; an array message as JSON, base64 in data', async () => {
  pubsub(false);
  const net = liveNet({ pubsubBaseUrl: server.url });
  const r = await renderNet(
    net,
    `{assign var=m value=$empty}{assign var=m.id value=42}{assign var=m.note value="日本語/ok"}{cloud_pubsub_publish var=ids topic="orders" project="demo-project" message=$m}${OUT}`,
  );
  expect(r.errors).toEqual([]);
  expect(r.output).toBe('["5001"]');
  expect(server.requests).toHaveLength(1);
  expect(decode(server.requests[0]?.body ?? '')).toBe('{"id":42,"note":"日本語/ok"}');
  expect(net.apiLog.map((e) => [e.url, e.status])).toEqual([
    [`${server.url}/v1/projects/demo-project/topics/orders:publish`, 200],
  ]);
});

test('with a service account: a verified RS256 assertion, the access token as Bearer; project from the key', async () => {
  pubsub(true);
  const net = liveNet({ pubsubBaseUrl: server.url });
  const secrets = secretsOf({ gcp_sa: saJson(kp, `${server.url}/token`) });
  const r = await renderNet(
    net,
    `{gcloud_pubsub_publish var=ids topic="orders" message="hello" sa_secret_name="gcp_sa"}${OUT}`,
    {},
    {
      services: { secrets },
    },
  );
  expect(r.errors).toEqual([]);
  expect(r.output).toBe('["5001"]');
  expect(server.requests.map((q) => q.path)).toEqual([
    '/token',
    '/v1/projects/demo-project/topics/orders:publish',
  ]);
  expect(decode(server.requests[1]?.body ?? '')).toBe('hello');
  expect(JSON.stringify(r.log)).not.toContain('at-123');
});

test('a full topic name and a number message', async () => {
  pubsub(false);
  const r = await renderNet(
    liveNet({ pubsubBaseUrl: `${server.url}/` }),
    `{cloud_pubsub_publish var=ids topic="projects/demo-project/topics/orders" message=12.5}${OUT}`,
  );
  expect(r.output).toBe('["5001"]');
  expect(decode(server.requests[0]?.body ?? '')).toBe('12.5');
});

type Res = Parameters<typeof sendJson>[0];
test.each([
  [
    '5xx',
    (res: Res) => sendJson(res, 500, { error: { code: 500, message: 'internal' } }),
    'NET_HTTP_STATUS',
    500,
  ],
  [
    '4xx with a JSON error',
    (res: Res) => sendJson(res, 404, { error: { code: 404, message: 'Topic not found' } }),
    'NET_HTTP_STATUS',
    404,
  ],
  ['invalid JSON', (res: Res) => res.end('<html>'), 'NET_BAD_RESPONSE', 200],
  ['no messageIds', (res: Res) => sendJson(res, 200, { ids: [] }), 'NET_BAD_RESPONSE', 200],
  [
    'reset mid-body',
    (res: Res) => {
      res.writeHead(200, { 'content-length': '50' });
      res.write('{"messageIds":[');
      setTimeout(() => res.socket?.destroy(), 20);
    },
    'NET_RESET',
    0,
  ],
])('fault: %s gives false, one failure and its API log entry', async (_n, answer, code, status) => {
  server.handle = (_q, _b, res) => answer(res);
  const net = liveNet({ pubsubBaseUrl: server.url });
  const r = await renderNet(
    net,
    `{cloud_pubsub_publish var=ids topic="orders" project="demo-project" message="x"}${OUT}`,
  );
  expect(r.output).toBe('false');
  expect(r.errors).toHaveLength(1);
  expect(r.errors[0]).toMatch(new RegExp(`^${code} `));
  if (status === 404) expect(r.errors[0]).toContain('Topic not found');
  expect(net.apiLog).toEqual([expect.objectContaining({ status, error: code })]);
});

test('fault: refused, timeout; the token step failing stops before publishing', async () => {
  const refused = liveNet({ pubsubBaseUrl: await closedPort() });
  let r = await renderNet(
    refused,
    `{cloud_pubsub_publish var=ids topic="orders" project="p" message="x"}${OUT}`,
  );
  expect(r.output).toBe('false');
  expect(refused.apiLog).toEqual([expect.objectContaining({ status: 0, error: 'NET_REFUSED' })]);

  server.handle = () => {};
  const slow = liveNet(
    { pubsubBaseUrl: server.url },
    { request: (q) => testHttp.request({ ...q, timeoutMs: 150 }) },
  );
  r = await renderNet(slow, `{cloud_pubsub_publish var=ids topic="orders" project="p" message="x"}${OUT}`);
  expect(r.output).toBe('false');
  expect(slow.apiLog[0]).toMatchObject({ error: 'NET_TIMEOUT' });

  server.requests.length = 0;
  server.handle = (_q, _b, res) => sendJson(res, 401, { error: 'invalid_grant', error_description: 'bad' });
  const net = liveNet({ pubsubBaseUrl: server.url });
  r = await renderNet(
    net,
    `{cloud_pubsub_publish var=ids topic="orders" message="x" sa_secret_name="gcp_sa"}${OUT}`,
    {},
    {
      services: { secrets: secretsOf({ gcp_sa: saJson(kp, `${server.url}/token`) }) },
    },
  );
  expect(r.output).toBe('false');
  expect(server.requests.map((q) => q.path)).toEqual(['/token']);
});

test("missing topic, message or project; a bad topic name; Google's endpoint without a secret on a live net", async () => {
  const net = liveNet({ pubsubBaseUrl: 'http://127.0.0.1:9' });
  const codes = async (tpl: string, n = net) =>
    (await renderNet(n, `${tpl}${OUT}`)).errors.map((e) => e.split(' ')[0]);
  expect(await codes('{cloud_pubsub_publish var=ids topic="" project="p" message="x"}')).toEqual([
    'NET_MISSING_ATTRIBUTE',
  ]);
  expect(await codes('{cloud_pubsub_publish var=ids topic="t" project="p" message=$nothing}')).toEqual([
    'NET_MISSING_ATTRIBUTE',
  ]);
  expect(await codes('{cloud_pubsub_publish var=ids topic="t" message="x"}')).toEqual([
    'NET_MISSING_ATTRIBUTE',
  ]);
  expect(await codes('{cloud_pubsub_publish var=ids topic="a/b" project="p" message="x"}')).toEqual([
    'NET_BAD_VALUE',
  ]);
  expect(await codes('{cloud_pubsub_publish var=ids topic="t" project="p" message="x"}', liveNet())).toEqual([
    'NET_MISSING_ATTRIBUTE',
  ]);
  expect(net.apiLog).toEqual([]);
});

test('the fake records the publish and counts ids', async () => {
  const fake = fakeCloud({ nextMessageId: 7 });
  const net = fakeCloudNet(fake);
  const r = await renderNet(
    net,
    `{cloud_pubsub_publish var=ids topic="t" message="a"}{cloud_pubsub_publish var=ids2 topic="t" message="b"}{$ids.0},{$ids2.0}`,
  );
  expect(r.output).toBe('7,8');
  expect(fake.calls.map((c) => c.url)).toEqual([
    'https://oauth2.googleapis.com/token',
    'https://pubsub.googleapis.com/v1/projects/fake-project/topics/t:publish',
    'https://oauth2.googleapis.com/token',
    'https://pubsub.googleapis.com/v1/projects/fake-project/topics/t:publish',
  ]);
});
