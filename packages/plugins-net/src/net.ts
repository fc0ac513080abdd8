/**
 * The network a render sees: one `Net` object bundles the adapters of the network plugins (HTTP,
 * the CMS's own API, mail, chat, cloud, site operations) and the API log. A host gives it to the
 * engine as the `net` service (`netOptions(net)` in index.ts); the plugins find it with `netOf`.
 * `live` adapters make real calls; `fake` ones answer from canned responses and record every call,
 * so the playground can show what would have been sent.
 */
import type { RenderContext } from '@sumi/runtime';
import type { CloudConfig } from './cloud/config';
import type { CmsApi } from './cms/types';
import { NetFailure } from './failure';
import type { NetGuard } from './http/guard';
import type { HttpClient } from './http/types';
import type { MailService } from './mail/types';
import type { ChatConfig, SocialConfig } from './messaging/config';
import type { PageRenderer } from './pages/types';
import type { SiteOperations } from './site-ops/types';

/** one call as the API log keeps it: never a secret, a query string or a header value */
export interface ApiLogEntry {
  plugin: string;
  method: string;
  /** origin and path only */
  url: string;
  /** HTTP status; 0 when there was no response */
  status: number;
  durationMs: number;
  /** the failure's code when it failed (NET_REFUSED, NET_TLS, ...) */
  error?: string;
}

export interface Net {
  /** what `sumi render --verbose` says */
  readonly mode: 'live' | 'fake';
  /** HTTP for api and the services spoken over HTTP (chat, social, cloud) */
  readonly http: HttpClient;
  /**
   * For servers: only these hosts may be called (`*.example.com` allowed), and/or no private,
   * loopback or link-local address. Off on a developer's machine (the CLI), on in the playground's
   * live mode. `resolve` (Node: `nodeResolve`) lets it check host names too (see http/guard.ts).
   */
  readonly guard?: NetGuard;
  /** the site's own APIs (api_internal, api_mng, api_method): liveCmsApi, directCmsApi or fakeCmsApi */
  readonly cms?: CmsApi;
  /** sendmail: the transport, the message templates and how they render (src/mail/types.ts) */
  readonly mail?: MailService;
  /** chat_* (Slack Web API shapes): base URL and token or token secret (src/messaging/config.ts) */
  readonly chat?: ChatConfig;
  /** social_post_message (X API v2): base URL and token or token secret (src/messaging/config.ts) */
  readonly social?: SocialConfig;
  /** every call of the render, in order (the host reads it; `sumi render --log` prints it) */
  readonly apiLog: ApiLogEntry[];
  /** backup, site_sync, purge_cdn_cache, repo_deploy, child_site (absent: an in-memory one per Net,
   * `memorySiteOperations()`) */
  readonly siteOps?: SiteOperations;
  /**
   * generate_pdf's headless browser: `chromiumPageRenderer()` (@sumi/plugins-net/node) or
   * `fakePageRenderer()`; absent, generate_pdf fails with NET_NOT_CONFIGURED
   */
  readonly pages?: PageRenderer;
  /** where the cloud plugins (cloud_functions_token, cloud_pubsub_publish, analytics) call */
  readonly cloud?: CloudConfig;
}

declare module '@sumi/runtime' {
  interface Services {
    /** the network the net plugins use (@sumi/plugins-net) */
    net?: Net;
  }
}

/** the net of this render; a plugin run without one fails with NET_NOT_CONFIGURED (logged) */
export function netOf(ctx: RenderContext): Net {
  const net = ctx.services.net;
  if (!net) {
    throw new NetFailure(
      'NET_NOT_CONFIGURED',
      'no network is configured: pass netOptions(net) to createEngine (fakeNet() for canned answers)',
    );
  }
  return net;
}

/**
 * Records a call in the API log and, at info level with code API_CALL, in the run log. A failed call
 * is also the plugin's failure, which `attempt` logs as the error: one error line per failure.
 */
export function logCall(ctx: RenderContext, net: Net, entry: ApiLogEntry): void {
  net.apiLog.push(entry);
  const what = `${entry.method} ${entry.url} → ${entry.status || 'no response'} (${entry.durationMs} ms)`;
  ctx.log('info', entry.error ? `${what}: ${entry.error}` : what, entry.plugin, 'API_CALL');
}
