/**
 * How a network plugin fails: as the catalog says (status_var 0, var false, ...) with one log entry
 * carrying a code of this table, never a crash. See the runtime's `attempt`.
 */
import { PluginFailure, type RenderContext, attempt as runAttempt } from '@sumi/runtime';

/** every code a failure can carry, with what it means (the docs render this table) */
export const NET_CODE_INFO = {
  NET_NOT_CONFIGURED:
    'No network is configured for the render (the engine was made without `netOptions(net)`).',
  NET_MISSING_ATTRIBUTE: 'A required attribute is missing or empty.',
  NET_BAD_VALUE: 'An attribute value the plugin cannot use (an unknown method, a malformed URL or header).',
  NET_NOT_ALLOWED:
    'A rule of the catalog forbids the call (`direct` with POST or with `member_id`, `api_method` with a write operation).',
  NET_BLOCKED: 'The host guard refused the address (not in the allowlist, or a private address on a server).',
  NET_REFUSED: 'The connection was refused, or the host does not resolve.',
  NET_TIMEOUT: 'No complete answer within the timeout.',
  NET_RESET: 'The connection broke off in the middle of the answer.',
  NET_TLS: 'The TLS handshake failed (an unknown CA, a missing or refused client certificate).',
  NET_TOO_LARGE: 'The answer is larger than the response-size cap.',
  NET_HTTP_STATUS: 'The service answered with a status outside 2xx.',
  NET_BAD_RESPONSE: 'The answer is not what the service documents (invalid JSON, a missing field).',
  NET_NO_SECRET: 'A secret the call needs is not in the secret store.',
  NET_NO_CONTENT_STORE:
    'The plugin must set content counters, but the render has no content store (the `site` service of @sumi/plugins-io).',
  NET_FILE:
    'A file of the temporary area could not be read or written (no site configured, a missing file, a path leading out of the area).',
  NET_MAIL_REJECTED:
    'The mail server refused the message (a recipient, the sender or the content), or the mail transport failed.',
  NET_SERVICE_ERROR:
    'The service answered 2xx but reported an error in its body (the Slack Web API\'s `{"ok": false, "error": …}`).',
  NET_RULE: 'A service rule refused the operation (site_sync within 6 hours of the last, ...).',
  NET_BATCH_ROUNDS:
    "Queued batches kept queueing batches past the batch runner's round limit; the jobs left were not run.",
  NET_BROWSER:
    'The headless browser of generate_pdf could not start, crashed, or failed to capture the page.',
  NET_EXISTS: 'The file generate_pdf would write exists, and `overwrite` is not 1.',
  NET_NOT_FOUND:
    'The site, backup or batch named does not exist (child_site, backup_delete, a queued batch).',
} as const satisfies Record<string, string>;

export type NetCode = keyof typeof NET_CODE_INFO;

export class NetFailure extends PluginFailure {
  override name = 'NetFailure';
  declare readonly code: NetCode;
  constructor(code: NetCode, message: string) {
    super(code, message);
  }
}

export const failure = (code: NetCode, message: string) => new NetFailure(code, message);

/** the runtime's `attempt`: logs a NetFailure at the tag and returns false; anything else goes on up */
export function attempt(ctx: RenderContext, plugin: string, work: () => Promise<void>): Promise<boolean> {
  return runAttempt(ctx, plugin, work);
}
