/** @sumi/plugins-net/node: the live adapters that need Node (client certificates, SMTP, a browser). */
export { type SmtpOptions, smtpMailTransport } from './mail/smtp';
