/**
 * {sendmail}: sends one plain-text mail through the Net's mail transport (SMTP in Node, the fake
 * elsewhere), either from `subject` and `contents` or from a registered message template rendered
 * by the host with the tag's extra attributes as variables.
 */
import type { Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure, NetFailure } from '../failure';
import type { MailMessage } from '../mail/types';
import { logCall, netOf } from '../net';
import { hasLineBreak, listOf, text } from './common';

const NAME = 'sendmail';

const ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

const ATTRIBUTES = {
  var: { type: 'varname', description: 'receives true when the server accepted the mail, otherwise false' },
  to: {
    type: 'string',
    read: 'raw',
    required: true,
    description:
      'the recipient address; several as a comma-separated string (`a@example.com, b@example.com`) or an array',
  },
  subject: {
    type: 'string',
    description: "the subject (UTF-8). With `mail_template`, it replaces the template's subject when given",
  },
  contents: {
    type: 'string',
    description: 'the plain-text body (UTF-8). Ignored, with a warning, when `mail_template` is given',
  },
  from: {
    type: 'string',
    description: "the sender's address; omitted: the mail service's default sender",
  },
  from_nm: { type: 'string', description: "the sender's display name (UTF-8)" },
  mail_template: {
    type: 'string',
    description:
      'the identifier of a registered message template: its subject and body are rendered as templates with every extra attribute of the tag as a variable',
  },
} as const;

export const sendmail: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    'Sends a plain-text UTF-8 mail through the configured mail transport (SMTP with `smtpMailTransport` of `@sumi/plugins-net/node`, or `fakeMail()`). The message is `subject` and `contents`, or a registered message template named by `mail_template`, whose subject and body are rendered by the host\'s engine with the tag\'s other attributes as variables (`{sendmail mail_template="welcome" to=$email name=$name}` gives the template `$name`). The call goes into the API log as `SEND smtp://host:port` (no address, no credential).',
  attributes: ATTRIBUTES,
  extraAttributes:
    'every other attribute is a variable of the message template named by `mail_template`, by its name',
  writes: 'var',
  result: '`var` gets true when the server accepted the mail, false otherwise. Nothing is printed.',
  errors: [
    'no mail service on the Net, or `mail_template` without a template renderer: NET_NOT_CONFIGURED, `var` false',
    'no `to`, or no `from` and no default sender, or neither `subject` nor `contents` nor `mail_template`: NET_MISSING_ATTRIBUTE, `var` false',
    'an address that is not `local@domain`, a line break in the subject or the sender name, an unknown `mail_template`: NET_BAD_VALUE, `var` false',
    'the server refuses a recipient, the sender or the message: NET_MAIL_REJECTED, `var` false (no recipient gets it)',
    'the connection is refused or times out, or TLS fails: NET_REFUSED, NET_TIMEOUT, NET_TLS, `var` false',
    'every failure is logged at error level with its code and in the API log; the render goes on',
  ],
  limits: [
    "the transport's timeouts (smtpMailTransport: 30 s for the connection, the greeting and each reply)",
  ],
  examples: [
    {
      description: 'a mail to two recipients (the fake mail service accepts it)',
      template:
        '{sendmail var=ok to="a@example.com, b@example.com" from="noreply@example.com" from_nm="サイト" subject="ご登録ありがとうございます" contents="本文"}{if $ok}sent{else}failed{/if}',
      output: 'sent',
    },
    {
      description: 'a refused recipient gives false',
      template:
        '{sendmail var=ok to="refused@example.com" from="noreply@example.com" subject="Hi" contents="Hello"}{if $ok === false}refused{/if}',
      output: 'refused',
    },
  ],
  async run(ctx, a) {
    const ok = await attempt(ctx, NAME, async () => {
      const net = netOf(ctx);
      const mail = net.mail;
      if (!mail) {
        throw failure('NET_NOT_CONFIGURED', `${NAME}: no mail service is configured on the Net (net.mail)`);
      }
      const to = listOf(a.to);
      if (to.length === 0) throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'to' is missing or empty`);
      for (const t of to) {
        if (!ADDRESS.test(t))
          throw failure('NET_BAD_VALUE', `${NAME}: 'to' is not an address: ${JSON.stringify(t)}`);
      }
      const from = text(a.from).trim() || mail.defaultFrom || '';
      if (from === '') {
        throw failure(
          'NET_MISSING_ATTRIBUTE',
          `${NAME}: 'from' is missing and the mail service has no default sender`,
        );
      }
      if (!ADDRESS.test(from)) {
        throw failure('NET_BAD_VALUE', `${NAME}: 'from' is not an address: ${JSON.stringify(from)}`);
      }
      const fromName = text(a.from_nm) || mail.defaultFromName || '';
      if (hasLineBreak(fromName)) throw failure('NET_BAD_VALUE', `${NAME}: 'from_nm' holds a line break`);

      let subject = text(a.subject);
      let body = text(a.contents);
      const templateId = text(a.mail_template);
      if (templateId !== '') {
        const tpl =
          mail.templates && Object.hasOwn(mail.templates, templateId)
            ? mail.templates[templateId]
            : undefined;
        if (!tpl)
          throw failure('NET_BAD_VALUE', `${NAME}: no message template '${templateId}' is registered`);
        if (!mail.renderTemplate) {
          throw failure(
            'NET_NOT_CONFIGURED',
            `${NAME}: mail_template needs a template renderer (net.mail.renderTemplate), and none is configured`,
          );
        }
        if (a.contents !== undefined)
          ctx.warn(`${NAME}: 'contents' is ignored when 'mail_template' is given`);
        const vars: Record<string, Value> = {};
        for (const [k, v] of Object.entries(a)) {
          if (!Object.hasOwn(ATTRIBUTES, k) && v !== undefined) vars[k] = v;
        }
        const render = mail.renderTemplate.bind(mail);
        if (subject === '') subject = await render(tpl.subject, vars);
        body = await render(tpl.body, vars);
      } else if (subject === '' && body === '') {
        throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: give 'subject' and 'contents', or 'mail_template'`);
      }
      subject = subject.replace(/\s*[\r\n]+\s*/g, ' ').trim();

      const msg: MailMessage = { from, to, subject, text: body };
      if (fromName !== '') msg.fromName = fromName;
      const url = mail.transport.endpoint ?? 'mail:';
      const started = Date.now();
      try {
        await mail.transport.send(msg);
      } catch (err) {
        const f =
          err instanceof NetFailure
            ? err
            : failure('NET_MAIL_REJECTED', `${NAME}: ${err instanceof Error ? err.message : String(err)}`);
        logCall(ctx, net, {
          plugin: NAME,
          method: 'SEND',
          url,
          status: 0,
          durationMs: Date.now() - started,
          error: f.code,
        });
        throw f;
      }
      logCall(ctx, net, { plugin: NAME, method: 'SEND', url, status: 250, durationMs: Date.now() - started });
    });
    if (a.var) ctx.assign(a.var, ok);
  },
});
