/** The cloud tests' world: a key pair, a service-account key, a local server that checks requests, an HTTP client. */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import type { CloudConfig } from '../src/cloud/config';
import { failure, NetFailure } from '../src/failure';
import type { HttpClient } from '../src/http/types';
import type { Net } from '../src/net';

export const EMAIL = 'renderer@demo-project.iam.gserviceaccount.com';

/**
 * A minimal fetch-based HttpClient for these tests (the package's own clients are built elsewhere):
 * the failures mapped to the NET_* codes the contract names.
 */
export const testHttp: HttpClient = {
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
      if (res.body) {
        for await (const c of res.body as AsyncIterable<Uint8Array>) {
          size += c.byteLength;
          if (size > req.maxBytes) throw failure('NET_TOO_LARGE', `more than ${req.maxBytes} bytes`);
          chunks.push(c);
        }
      }
      const body = new Uint8Array(size);
      let at = 0;
      for (const c of chunks) {
        body.set(c, at);
        at += c.byteLength;
      }
      return { status: res.status, headers: [...res.headers], body };
    } catch (e) {
      if (e instanceof NetFailure) throw e;
      if (ac.signal.aborted) throw failure('NET_TIMEOUT', `no answer within ${req.timeoutMs} ms`);
      const code = String((e as { cause?: { code?: string } }).cause?.code ?? '');
      if (code === 'ECONNREFUSED') throw failure('NET_REFUSED', 'connection refused');
      throw failure('NET_RESET', `the connection broke off (${code || 'error'})`);
    } finally {
      clearTimeout(timer);
    }
  },
};

export interface KeyPair {
  publicKey: KeyObject;
  privatePem: string;
}

export function keyPair(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { publicKey, privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

export const saJson = (kp: KeyPair, tokenUri: string, projectId = 'demo-project') =>
  JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'k1',
    private_key: kp.privatePem,
    client_email: EMAIL,
    token_uri: tokenUri,
  });

export type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  /** the handler of the next requests */
  handle: Handler;
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
}

/** a node:http server on 127.0.0.1 for the file's tests */
export function useServer(): TestServer {
  const state: TestServer = {
    url: '',
    handle: (_q, _b, res) => {
      res.end();
    },
    requests: [],
  };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        const body = Buffer.concat(parts).toString('utf8');
        state.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        Promise.resolve(state.handle(req, body, res)).catch((e) => {
          res.statusCode = 599;
          res.end(String(e));
        });
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  return state;
}

export const sendJson = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

/** checks a jwt-bearer token request: the form, the RS256 signature, the claims; the claims */
export async function verifyGrant(body: string, kp: KeyPair, audience: string) {
  const form = new URLSearchParams(body);
  if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
    throw new Error('bad grant_type');
  const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', kp.publicKey, {
    algorithms: ['RS256'],
    issuer: EMAIL,
    subject: EMAIL,
    audience,
    currentDate: new Date(NET_NOW_MS),
  });
  if (protectedHeader.alg !== 'RS256') throw new Error('bad alg');
  return payload;
}

export const NET_NOW_MS = Date.UTC(2026, 10, 1, 0, 0, 0);

/** a port where nothing listens */
export async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}`;
}

export const liveNet = (cloud: CloudConfig = {}, http: HttpClient = testHttp): Net => ({
  mode: 'live',
  http,
  apiLog: [],
  cloud,
});

export const secretsOf = (map: Record<string, string>) => ({ get: (n: string) => map[n] });
