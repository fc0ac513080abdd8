import { expect, test } from 'vitest';
import { fakeCloud, fakeCloudNet } from '../src/index';
import {
  closedPort,
  EMAIL,
  keyPair,
  liveNet,
  saJson,
  secretsOf,
  sendJson,
  testHttp,
  useServer,
  verifyGrant,
} from './cloud-fixture';
import { NET_NOW, renderNet as render } from './helpers';

/** renders; `errors` without the API log's own entries (API_CALL) */
const renderNet = async (...args: Parameters<typeof render>) => {
  const r = await render(...args);
  return { ...r, errors: r.errors.filter((e) => !e.startsWith('API_CALL')) };
};

const kp = keyPair();
const server = useServer();
const FN = 'https://asia-northeast1-demo.cloudfunctions.net/hello';
const TPL = `{cloud_functions_token var=t url="${FN}" sa_secret_name="gcp_sa"}{if $t === false}false{else}{$t}{/if}`;

const tokenServer = () => {
  server.handle = async (req, body, res) => {
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/token');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const claims = await verifyGrant(body, kp, `${server.url}/token`);
    expect(claims.target_audience).toBe(FN);
    expect(claims.iat).toBe(NET_NOW / 1000);
    expect(claims.exp).toBe(NET_NOW / 1000 + 3600);
    sendJson(res, 200, { id_token: `id-for-${claims.target_audience}` });
  };
};

const secrets = () => secretsOf({ gcp_sa: saJson(kp, `${server.url}/token`) });

test('signs an RS256 assertion the server verifies with the public key, and gets the id_token', async () => {
  tokenServer();
  const net = liveNet();
  const r = await renderNet(net, TPL, {}, { services: { secrets: secrets() } });
  expect(r.errors).toEqual([]);
  expect(r.output).toBe(`id-for-${FN}`);
  expect(net.apiLog).toEqual([
    {
      plugin: 'cloud_functions_token',
      method: 'POST',
      url: `${server.url}/token`,
      status: 200,
      durationMs: expect.any(Number),
    },
  ]);
});

test("the usage example's sa_secret_key, the alias, and a configured token endpoint", async () => {
  tokenServer();
  const net = liveNet({ tokenEndpoint: `${server.url}/token` });
  const s = secretsOf({ k: saJson(kp, 'https://unused.invalid/token') });
  const r = await renderNet(
    net,
    `{gcloud_functions_token var=t url="${FN}" sa_secret_key="k"}{$t}`,
    {},
    { services: { secrets: s } },
  );
  expect(r.errors).toEqual([]);
  expect(r.output).toBe(`id-for-${FN}`);
});

test('a signature from another key is refused by the server: false, logged', async () => {
  tokenServer();
  const other = keyPair();
  const net = liveNet();
  const s = secretsOf({ gcp_sa: saJson(other, `${server.url}/token`) });
  server.handle = async (_req, body, res) => {
    try {
      await verifyGrant(body, kp, `${server.url}/token`);
      sendJson(res, 200, { id_token: 'x' });
    } catch {
      sendJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    }
  };
  const r = await renderNet(net, TPL, {}, { services: { secrets: s } });
  expect(r.output).toBe('false');
  expect(r.errors).toEqual([
    `NET_HTTP_STATUS cloud_functions_token: POST ${server.url}/token answered 400: Invalid JWT Signature.`,
  ]);
  expect(net.apiLog[0]).toMatchObject({ status: 400, error: 'NET_HTTP_STATUS' });
});

test.each([
  [
    '5xx',
    (res: Parameters<typeof sendJson>[0]) => sendJson(res, 503, { error: { message: 'unavailable' } }),
    'NET_HTTP_STATUS',
    503,
  ],
  [
    'invalid JSON',
    (res: Parameters<typeof sendJson>[0]) => res.end('{"id_token": '),
    'NET_BAD_RESPONSE',
    200,
  ],
  [
    'no id_token',
    (res: Parameters<typeof sendJson>[0]) => sendJson(res, 200, { access_token: 'a' }),
    'NET_BAD_RESPONSE',
    200,
  ],
  [
    'reset mid-body',
    (res: Parameters<typeof sendJson>[0]) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"id_token":"abc');
      setTimeout(() => res.socket?.destroy(), 20);
    },
    'NET_RESET',
    0,
  ],
])('fault: %s gives false and one logged call', async (_n, answer, code, status) => {
  server.handle = (_q, _b, res) => answer(res);
  const net = liveNet();
  const r = await renderNet(net, TPL, {}, { services: { secrets: secrets() } });
  expect(r.output).toBe('false');
  expect(r.errors).toHaveLength(1);
  expect(r.errors[0]).toMatch(new RegExp(`^${code} `));
  expect(net.apiLog).toEqual([expect.objectContaining({ status, error: code })]);
});

test('fault: refused, timeout, oversized', async () => {
  const refused = liveNet();
  const s1 = secretsOf({ gcp_sa: saJson(kp, `${await closedPort()}/token`) });
  let r = await renderNet(refused, TPL, {}, { services: { secrets: s1 } });
  expect(r.output).toBe('false');
  expect(refused.apiLog[0]).toMatchObject({ status: 0, error: 'NET_REFUSED' });

  server.handle = () => {}; // never answers
  const slow = liveNet({}, { request: (q) => testHttp.request({ ...q, timeoutMs: 150 }) });
  r = await renderNet(slow, TPL, {}, { services: { secrets: secrets() } });
  expect(r.output).toBe('false');
  expect(slow.apiLog[0]).toMatchObject({ status: 0, error: 'NET_TIMEOUT' });

  server.handle = (_q, _b, res) => sendJson(res, 200, { id_token: 'x'.repeat(5000) });
  const small = liveNet({}, { request: (q) => testHttp.request({ ...q, maxBytes: 1000 }) });
  r = await renderNet(small, TPL, {}, { services: { secrets: secrets() } });
  expect(r.output).toBe('false');
  expect(small.apiLog[0]).toMatchObject({ error: 'NET_TOO_LARGE' });
});

test('secret problems: missing (live), not a key, missing url; the key never shows', async () => {
  const net = liveNet();
  let r = await renderNet(net, TPL);
  expect(r.output).toBe('false');
  expect(r.errors).toEqual([
    "NET_NO_SECRET cloud_functions_token: the secret 'gcp_sa' is not in the secret store",
  ]);
  r = await renderNet(
    net,
    TPL,
    {},
    { services: { secrets: secretsOf({ gcp_sa: '{"private_key":"SECRETPEM"}' }) } },
  );
  expect(r.errors[0]).toMatch(/^NET_BAD_VALUE .*not a service-account JSON key/);
  r = await renderNet(
    net,
    TPL,
    {},
    {
      services: {
        secrets: secretsOf({ gcp_sa: JSON.stringify({ client_email: EMAIL, private_key: 'SECRETPEM' }) }),
      },
    },
  );
  expect(r.errors[0]).toMatch(/^NET_BAD_VALUE .*private_key is not/);
  r = await renderNet(
    net,
    '{cloud_functions_token var=t url="" sa_secret_name="gcp_sa"}{if $t === false}false{/if}',
  );
  expect(r.output).toBe('false');
  expect(r.errors[0]).toMatch(/^NET_MISSING_ATTRIBUTE/);
  // and on success: neither the private key nor the token is logged
  tokenServer();
  const ok = await renderNet(liveNet(), TPL, {}, { services: { secrets: secrets() } });
  const logged = JSON.stringify(ok.log);
  expect(logged).not.toContain('PRIVATE KEY');
  expect(logged).not.toContain(kp.privatePem.slice(40, 80));
  expect(logged).not.toContain('id-for-');
  expect(JSON.stringify([...server.requests.map((q) => q.path)])).not.toContain('?');
});

test('the fake: canned token, the request recorded with an unsigned stand-in assertion', async () => {
  const fake = fakeCloud({ idToken: 'tok-1' });
  const net = fakeCloudNet(fake);
  const r = await renderNet(net, TPL);
  expect(r.output).toBe('tok-1');
  expect(fake.calls).toHaveLength(1);
  expect(fake.calls[0]?.url).toBe('https://oauth2.googleapis.com/token');
  const assertion = new URLSearchParams(fake.calls[0]?.body).get('assertion') ?? '';
  const claims = JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString());
  expect(claims).toMatchObject({ target_audience: FN, aud: 'https://oauth2.googleapis.com/token' });
});
