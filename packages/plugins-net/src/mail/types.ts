/**
 * The mail contract `{sendmail}` speaks through. A host gives the Net a `MailService`: a transport
 * (SMTP in Node: `smtpMailTransport` of `@sumi/plugins-net/node`; `fakeMail()` everywhere), the
 * message templates `mail_template` names, and the callback that renders them with the engine.
 */
import type { Value } from '@sumi/php';

/** one message as handed to a transport: plain text, UTF-8 */
export interface MailMessage {
  /** the envelope and From address */
  from: string;
  /** the display name of From (encoded by the transport) */
  fromName?: string;
  /** one or more recipients */
  to: string[];
  subject: string;
  text: string;
  /** extra headers, in order; names and values never hold CR or LF */
  headers?: [string, string][];
}

export interface MailTransport {
  /**
   * Sends one message; resolves when the server accepted it. Fails with a NetFailure: NET_REFUSED
   * (no connection), NET_TIMEOUT, NET_TLS, NET_MAIL_REJECTED (the server refused a recipient, the
   * sender or the message). Anything else thrown is reported as NET_MAIL_REJECTED.
   */
  send(msg: MailMessage): Promise<void>;
  /** what the API log shows for the call, without credentials (`smtp://mail.example.com:587`) */
  readonly endpoint?: string;
}

/** a registered message template: both parts are template source, rendered with the variables */
export interface MailTemplate {
  subject: string;
  body: string;
}

export interface MailService {
  transport: MailTransport;
  /** the message templates `mail_template` names, by identifier */
  templates?: Record<string, MailTemplate>;
  /**
   * Renders a message template's source with these variables (the extra attributes of the tag).
   * The host supplies it (the CLI renders with its engine). Without it, `mail_template` fails with
   * NET_NOT_CONFIGURED: templates are never rendered by a lesser substitute.
   */
  renderTemplate?(source: string, vars: Record<string, Value>): Promise<string>;
  /** From when the tag gives none */
  defaultFrom?: string;
  /** From's display name when the tag gives none */
  defaultFromName?: string;
}
