/**
 * The live mail transport over SMTP (nodemailer), for Node hosts: exported from
 * `@sumi/plugins-net/node`. Errors become NetFailures with the catalog's codes; credentials never
 * appear in them or in `endpoint`.
 */
import nodemailer from 'nodemailer';
import { failure, NetFailure } from '../failure';
import type { MailMessage, MailTransport } from './types';

export interface SmtpOptions {
  host: string;
  /** default 587 (465 with `secure`) */
  port?: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it */
  secure?: boolean;
  /** refuse to send without STARTTLS */
  requireTLS?: boolean;
  auth?: { user: string; pass: string };
  /** PEM of a private CA the server's certificate chains to */
  ca?: string;
  /** connection, greeting and socket timeouts, ms (default 30000) */
  timeoutMs?: number;
  /** the name this client greets with (EHLO); default the OS host name */
  name?: string;
}

export function smtpMailTransport(options: SmtpOptions): MailTransport {
  const port = options.port ?? (options.secure ? 465 : 587);
  const timeout = options.timeoutMs ?? 30_000;
  const transporter = nodemailer.createTransport({
    host: options.host,
    port,
    secure: options.secure ?? false,
    requireTLS: options.requireTLS,
    auth: options.auth,
    name: options.name,
    tls: options.ca ? { ca: options.ca } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const secrets = options.auth?.pass ? [options.auth.pass] : [];
  return {
    endpoint: `smtp://${options.host}:${port}`,
    async send(msg: MailMessage) {
      try {
        await transporter.sendMail({
          from: msg.fromName ? { name: msg.fromName, address: msg.from } : msg.from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          headers: msg.headers?.map(([key, value]) => ({ key, value })),
          textEncoding: 'base64',
          disableFileAccess: true,
          disableUrlAccess: true,
        });
      } catch (err) {
        throw smtpFailure(err, secrets);
      }
    },
  };
}

function smtpFailure(err: unknown, secrets: string[]): NetFailure {
  if (err instanceof NetFailure) return err;
  const e = err as { code?: string; responseCode?: number; message?: string };
  let message = String(e?.message ?? err);
  for (const s of secrets) if (s) message = message.split(s).join('***');
  const code = e?.code ?? '';
  if (code === 'ECONNREFUSED' || code === 'EDNS' || /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(message)) {
    return failure('NET_REFUSED', `SMTP connection failed: ${message}`);
  }
  if (code === 'ETIMEDOUT' || /timeout/i.test(message)) return failure('NET_TIMEOUT', `SMTP: ${message}`);
  if (code === 'ETLS' || /certificate|TLS|SSL/.test(message)) return failure('NET_TLS', `SMTP: ${message}`);
  if (code === 'ECONNRESET' || code === 'ESOCKET') return failure('NET_RESET', `SMTP: ${message}`);
  return failure('NET_MAIL_REJECTED', `SMTP: ${message}`);
}
