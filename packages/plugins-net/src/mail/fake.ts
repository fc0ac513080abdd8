/**
 * The deterministic mail fake: accepts every message and records it, except to the addresses in
 * `refuse` (by default `refused@example.com`, like a server without that mailbox).
 */
import { failure } from '../failure';
import type { MailMessage, MailService, MailTemplate } from './types';

export interface FakeMail extends MailService {
  /** every message accepted, in order */
  readonly sent: MailMessage[];
  /** recipients the fake server refuses (NET_MAIL_REJECTED); editable */
  refuse: Set<string>;
}

export function fakeMail(
  options: {
    templates?: Record<string, MailTemplate>;
    renderTemplate?: MailService['renderTemplate'];
    defaultFrom?: string;
    defaultFromName?: string;
    refuse?: Iterable<string>;
  } = {},
): FakeMail {
  const sent: MailMessage[] = [];
  const fake: FakeMail = {
    sent,
    refuse: new Set(options.refuse ?? ['refused@example.com']),
    templates: options.templates ?? {},
    renderTemplate: options.renderTemplate,
    defaultFrom: options.defaultFrom,
    defaultFromName: options.defaultFromName,
    transport: {
      endpoint: 'fake:mail',
      async send(msg) {
        const refused = msg.to.filter((t) => fake.refuse.has(t.toLowerCase()) || fake.refuse.has(t));
        if (refused.length > 0) {
          throw failure('NET_MAIL_REJECTED', `550 recipient refused: ${refused.join(', ')}`);
        }
        sent.push({ ...msg, to: [...msg.to], headers: msg.headers?.map(([n, v]) => [n, v]) });
      },
    },
  };
  return fake;
}
