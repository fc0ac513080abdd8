/**
 * TLS failures for every plugin that speaks HTTP or SMTP through the Node clients: a server whose
 * certificate no trusted CA signed (the wrong CA). Each gives the catalog's outcome, one NET_TLS
 * error at the tag, an API-log entry with status 0, and no unhandled rejection. (A missing client
 * certificate is api's own matrix, in api-live.test.ts: only api sends one.)
 */
import { createServer as createHttps, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { memoryBatchQueue } from '@sumi/runtime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Net } from '../src/index';
import { liveCmsApi, nodeHttpClient, smtpMailTransport } from '../src/node';
import { selfSignedCertificate } from './certs';
import { keyPair, saJson, secretsOf } from './cloud-fixture';
import { renderNet } from './helpers';

let certificate: ReturnType<typeof selfSignedCertificate>;
let https: Server;
let smtp: SMTPServer;
let base = '';
let smtpPort = 0;
let requests = 0;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  certificate = selfSignedCertificate();
  const { key, cert } = certificate;
  https = createHttps({ key, cert }, (_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok": true}');
  });
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
  smtp = new SMTPServer({
    secure: true,
    key,
    cert,
    authOptional: true,
    logger: false,
    onData: (s, _x, cb) => s.resume().on('end', () => cb()),
  });
  // the client refuses the handshake: the server sees its socket close, which is the point
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  https.closeAllConnections();
  https.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  certificate.remove();
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
  // no request got past a handshake
  expect(requests).toBe(0);
});

const kp = keyPair();
const TOKEN = 'tls-matrix-token-value';

function net(): Net {
  const http = nodeHttpClient();
  return {
    mode: 'live',
    http,
    apiLog: [],
    cms: liveCmsApi({ baseUrl: base, token: TOKEN, http }),
    chat: { baseUrl: `${base}/api`, token: TOKEN },
    social: { baseUrl: base, token: TOKEN },
    cloud: {
      tokenEndpoint: `${base}/token`,
      pubsubBaseUrl: base,
      project: 'demo-project',
      analyticsBaseUrl: base,
      analyticsPropertyId: '123',
      saSecretName: 'sa',
    },
    mail: {
      transport: smtpMailTransport({ host: '127.0.0.1', port: smtpPort, secure: true, timeoutMs: 5_000 }),
      defaultFrom: 'batch@example.com',
    },
  };
}

/** [plugin, template (BASE: the server's origin), what the template prints on failure] */
const CASES: [string, string, string][] = [
  ['api', '{api endpoint="BASE/v1/items" var=v status_var=s http_code_var=c}{$s}{$c}', '00'],
  ['api_internal', "{api_internal endpoint='/rcms-api/1/news' var=v status_var=s}{$s}", '0'],
  ['api_mng', "{api_mng endpoint='/management/topics/topics_list/' var=v status_var=s}{$s}", '0'],
  ['api_method', '{api_method model=topics method=list version=1 var=v}{$v.errors[0].code}', 'NET_TLS'],
  [
    'chat_post_message',
    '{chat_post_message var=v channel="C1" text="t"}{if $v === false}false{/if}',
    'false',
  ],
  ['chat_get_message', '{chat_get_message var=v channel="C1"}{if $v === false}false{/if}', 'false'],
  ['chat_team_info', '{chat_team_info var=v}{if $v === false}false{/if}', 'false'],
  ['social_post_message', '{social_post_message var=v text="t"}{if $v === false}false{/if}', 'false'],
  [
    'cloud_functions_token',
    '{cloud_functions_token var=v url="https://fn.example/hello"}{if $v === false}false{/if}',
    'false',
  ],
  [
    'cloud_pubsub_publish',
    '{cloud_pubsub_publish var=v topic="orders" message="m"}{if $v === false}false{/if}',
    'false',
  ],
  ['analytics', '{analytics var=v}{if $v === false}false{/if}', 'false'],
  [
    'sendmail',
    '{sendmail var=v to="a@example.com" subject="s" contents="c"}{if $v === false}false{/if}',
    'false',
  ],
];

describe('a certificate no trusted CA signed: NET_TLS', () => {
  test.each(CASES)('%s', async (plugin, template, failed) => {
    const n = net();
    const r = await renderNet(
      n,
      template.replace('BASE', base),
      {},
      {
        services: { secrets: secretsOf({ sa: saJson(kp, `${base}/token`) }), batch: memoryBatchQueue() },
      },
    );
    expect(r.output, JSON.stringify(r.log.filter((e) => e.level === 'error'))).toBe(failed);
    const errors = r.log.filter((e) => e.level === 'error');
    expect(errors, JSON.stringify(errors)).toHaveLength(1);
    expect(errors[0], errors[0]?.message).toMatchObject({ code: 'NET_TLS', source: plugin });
    if (plugin !== 'sendmail')
      expect(n.apiLog).toEqual([expect.objectContaining({ plugin, status: 0, error: 'NET_TLS' })]);
    // the token and the key never reach the log
    const logged = JSON.stringify([r.log, n.apiLog]);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain('PRIVATE KEY');
  });
});
