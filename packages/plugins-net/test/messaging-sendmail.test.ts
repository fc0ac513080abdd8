/** sendmail against a real SMTP server (smtp-server) on 127.0.0.1, and against the fake. */
import { createServer as createTcpServer, type Server } from 'node:net';
import { toStr } from '@sumi/php';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fakeMail, type MailService, type Net } from '../src/index';
import { smtpMailTransport } from '../src/node';
import { renderNet } from './helpers';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** headers (unfolded, RFC 2047 words decoded) and the decoded text body of a raw message */
function parse(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  let body = raw.slice(split + 4);
  const cte = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (cte === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (cte === 'quoted-printable') body = qp(body);
  return { headers, body: body.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

function qp(s: string): string {
  const bytes = Buffer.from(s.replace(/=\r?\n/g, ''), 'latin1').toString('latin1');
  return Buffer.from(
    bytes.replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );
}

const received: Received[] = [];
let server: SMTPServer;
let port = 0;
let closedPort = 0;
let silent: Server;
let silentPort = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('nobody@')) {
        const err = new Error('No such user') as Error & { responseCode: number };
        err.responseCode = 550;
        cb(err);
        return;
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
  // a port nobody listens on
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  // accepts connections, never greets
  silent = createTcpServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  silent.close();
});

const unhandled: unknown[] = [];
process.on('unhandledRejection', (e) => unhandled.push(e));

function netWith(mail: MailService): Net {
  return {
    mode: 'live',
    http: { request: () => Promise.reject(new Error('no http in these tests')) },
    apiLog: [],
    mail,
  };
}

const live = (extra: Partial<MailService> = {}, p = port, timeoutMs = 5000) =>
  netWith({
    transport: smtpMailTransport({ host: '127.0.0.1', port: p, timeoutMs, name: 'sumi.test' }),
    ...extra,
  });

describe('sendmail over SMTP', () => {
  test('From, To, Subject and body arrive; Japanese subject, name and body in UTF-8', async () => {
    received.length = 0;
    const net = live();
    const r = await renderNet(
      net,
      '{sendmail var=ok to="user@example.com" from="noreply@example.com" from_nm="サイト運営事務局" subject="ご登録ありがとうございます【確認】" contents=$body}{if $ok === true}true{/if}',
      { body: 'こんにちは、山田様。\nご登録を受け付けました。\n— Sumi' },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('true');
    expect(received).toHaveLength(1);
    const m = received[0] as Received;
    expect(m.from).toBe('noreply@example.com');
    expect(m.to).toEqual(['user@example.com']);
    const { headers, body } = parse(m.raw);
    expect(headers.subject).toBe('ご登録ありがとうございます【確認】');
    expect(headers.from).toBe('サイト運営事務局 <noreply@example.com>');
    expect(headers.to).toBe('user@example.com');
    expect(headers['content-type']).toMatch(/text\/plain; charset=utf-8/i);
    expect(body).toBe('こんにちは、山田様。\nご登録を受け付けました。\n— Sumi');
    expect(net.apiLog).toEqual([
      {
        plugin: 'sendmail',
        method: 'SEND',
        url: `smtp://127.0.0.1:${port}`,
        status: 250,
        durationMs: expect.any(Number),
      },
    ]);
  });

  test('several recipients, as a comma list and as an array', async () => {
    received.length = 0;
    const net = live();
    const r = await renderNet(
      net,
      '{sendmail var=a to="a@example.com, b@example.com" from="x@example.com" subject="s" contents="c"}' +
        '{sendmail var=b to=$list from="x@example.com" subject="s2" contents="c2"}{$a}{$b}',
      { list: ['c@example.com', 'd@example.com', 'e@example.com'] },
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('11');
    expect(received.map((m) => m.to)).toEqual([
      ['a@example.com', 'b@example.com'],
      ['c@example.com', 'd@example.com', 'e@example.com'],
    ]);
    expect(parse((received[1] as Received).raw).headers.to).toBe(
      'c@example.com, d@example.com, e@example.com',
    );
  });

  test('a recipient the server refuses: var false, a log entry, nothing sent', async () => {
    received.length = 0;
    const net = live();
    const r = await renderNet(
      net,
      '{sendmail var=ok to="nobody@example.com" from="x@example.com" subject="s" contents="c"}{if $ok === false}false{/if}',
    );
    expect(r.output).toBe('false');
    expect(received).toEqual([]);
    expect(
      r.log.some((e) => e.level === 'error' && e.code === 'NET_MAIL_REJECTED' && /550/.test(e.message)),
    ).toBe(true);
    expect(net.apiLog).toEqual([
      expect.objectContaining({ plugin: 'sendmail', status: 0, error: 'NET_MAIL_REJECTED' }),
    ]);
  });

  test('connection refused: var false, NET_REFUSED', async () => {
    const net = live({}, closedPort);
    const r = await renderNet(
      net,
      '{sendmail var=ok to="a@example.com" from="x@example.com" subject="s" contents="c"}{if $ok === false}false{/if}',
    );
    expect(r.output).toBe('false');
    expect(r.log.some((e) => e.level === 'error' && e.code === 'NET_REFUSED')).toBe(true);
    expect(net.apiLog[0]).toMatchObject({ status: 0, error: 'NET_REFUSED' });
  });

  test('a server that never greets: var false, NET_TIMEOUT', async () => {
    const net = live({}, silentPort, 300);
    const r = await renderNet(
      net,
      '{sendmail var=ok to="a@example.com" from="x@example.com" subject="s" contents="c"}{if $ok === false}false{/if}',
    );
    expect(r.output).toBe('false');
    expect(r.log.some((e) => e.level === 'error' && e.code === 'NET_TIMEOUT')).toBe(true);
  });

  test('mail_template is rendered by the host callback with the extra attributes as variables', async () => {
    received.length = 0;
    const calls: [string, Record<string, string>][] = [];
    const net = live({
      templates: { welcome: { subject: '{$name}様、ようこそ', body: 'コード: {$code}' } },
      // a stand-in for the host's engine: the test checks what it is given
      async renderTemplate(source, vars) {
        const v = Object.fromEntries(Object.entries(vars).map(([k, x]) => [k, toStr(x)]));
        calls.push([source, v]);
        return source.replace(/\{\$(\w+)\}/g, (_, k: string) => v[k] ?? '');
      },
    });
    const r = await renderNet(
      net,
      '{sendmail var=ok to="u@example.com" from="x@example.com" mail_template="welcome" name="山田" code=1234}{$ok}',
    );
    expect(r.errors).toEqual([]);
    expect(r.output).toBe('1');
    expect(calls).toEqual([
      ['{$name}様、ようこそ', { name: '山田', code: '1234' }],
      ['コード: {$code}', { name: '山田', code: '1234' }],
    ]);
    const { headers, body } = parse((received[0] as Received).raw);
    expect(headers.subject).toBe('山田様、ようこそ');
    expect(body).toBe('コード: 1234');
  });

  test('no unhandled rejection came out of any of it', async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
  });
});

describe('sendmail: rules and the fake', () => {
  test('the fake records the message', async () => {
    const mail = fakeMail();
    const r = await renderNet(
      netWith(mail),
      '{sendmail var=ok to="a@example.com" from="f@example.com" from_nm="名前" subject="件名" contents="本文"}{$ok}',
    );
    expect(r.output).toBe('1');
    expect(mail.sent).toEqual([
      { from: 'f@example.com', fromName: '名前', to: ['a@example.com'], subject: '件名', text: '本文' },
    ]);
  });

  test('mail_template without a renderer: NET_NOT_CONFIGURED, nothing sent', async () => {
    const mail = fakeMail({ templates: { t: { subject: 's', body: 'b' } } });
    const r = await renderNet(
      netWith(mail),
      '{sendmail var=ok to="a@example.com" from="f@example.com" mail_template="t"}{if $ok === false}false{/if}',
    );
    expect(r.output).toBe('false');
    expect(r.errors.some((e) => e.startsWith('NET_NOT_CONFIGURED'))).toBe(true);
    expect(mail.sent).toEqual([]);
  });

  test('an unknown mail_template: NET_BAD_VALUE', async () => {
    const mail = fakeMail({ renderTemplate: async (s) => s });
    const r = await renderNet(
      netWith(mail),
      '{sendmail var=ok to="a@example.com" from="f@example.com" mail_template="nope"}',
    );
    expect(r.vars.ok).toBe(false);
    expect(r.errors.some((e) => e.startsWith('NET_BAD_VALUE'))).toBe(true);
  });

  test.each([
    ['{sendmail var=ok to="" from="f@example.com" subject="s" contents="c"}', 'NET_MISSING_ATTRIBUTE'],
    ['{sendmail var=ok to="a@example.com" subject="s" contents="c"}', 'NET_MISSING_ATTRIBUTE'],
    ['{sendmail var=ok to="a@example.com" from="f@example.com"}', 'NET_MISSING_ATTRIBUTE'],
    ['{sendmail var=ok to="not an address" from="f@example.com" subject="s" contents="c"}', 'NET_BAD_VALUE'],
    ['{sendmail var=ok to=$inj from="f@example.com" subject="s" contents="c"}', 'NET_BAD_VALUE'],
    [
      '{sendmail var=ok to="a@example.com" from="f@example.com" from_nm=$inj subject="s" contents="c"}',
      'NET_BAD_VALUE',
    ],
  ])('%s → %s, var false, nothing sent', async (source, code) => {
    const mail = fakeMail();
    const r = await renderNet(netWith(mail), source, { inj: 'a@example.com\r\nBcc: evil@example.com' });
    expect(r.vars.ok).toBe(false);
    expect(r.errors.some((e) => e.startsWith(code))).toBe(true);
    expect(mail.sent).toEqual([]);
  });

  test('a line break in the subject is folded to a space (no header injection)', async () => {
    const mail = fakeMail();
    await renderNet(
      netWith(mail),
      '{sendmail to="a@example.com" from="f@example.com" subject=$s contents="c"}',
      {
        s: 'Hi\r\nBcc: evil@example.com',
      },
    );
    expect(mail.sent[0]?.subject).toBe('Hi Bcc: evil@example.com');
  });

  test('no mail service: NET_NOT_CONFIGURED', async () => {
    const net = netWith(fakeMail());
    const r = await renderNet(
      { ...net, mail: undefined },
      '{sendmail var=ok to="a@example.com" from="f@example.com" subject="s" contents="c"}',
    );
    expect(r.vars.ok).toBe(false);
    expect(r.errors.some((e) => e.startsWith('NET_NOT_CONFIGURED'))).toBe(true);
  });

  test('the default sender of the service', async () => {
    const mail = fakeMail({ defaultFrom: 'site@example.com', defaultFromName: 'Site' });
    await renderNet(netWith(mail), '{sendmail to="a@example.com" subject="s" contents="c"}');
    expect(mail.sent[0]).toMatchObject({ from: 'site@example.com', fromName: 'Site' });
  });
});
