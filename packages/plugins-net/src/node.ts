/** @sumi/plugins-net/node: the live adapters that need Node (client certificates, SMTP, a browser). */
import { lookup } from 'node:dns/promises';

export { type CmsHandler, directCmsApi } from './cms/direct';
export { type LiveCmsOptions, liveCmsApi } from './cms/live';
export { nodeHttpClient } from './http/node-client';
export { type SmtpOptions, smtpMailTransport } from './mail/smtp';
export { type ChromiumOptions, chromiumPageRenderer } from './pages/chromium';

/** every address of a host name, for `Net.guard.resolve` (the SSRF guard's DNS check) */
export async function nodeResolve(host: string): Promise<string[]> {
  const all = await lookup(host, { all: true, verbatim: true });
  return all.map((a) => a.address);
}
