/**
 * Which network `sumi render` uses. `--fake` (or the config's `net.mode: "fake"`) gives every
 * network plugin its deterministic fake. Otherwise `api` calls out for real (127.0.0.1 included:
 * no private-range block on a developer's machine), and each service the config describes is live;
 * a service it does not describe answers from its fake. `--verbose` says which is which.
 *
 *   "net": {
 *     "mode": "live",
 *     "cms":    { "baseUrl": "https://example.g.kuroco.app", "tokenSecret": "cms-token" },
 *     "smtp":   { "host": "127.0.0.1", "port": 2525, "from": "batch@example.com", "userSecret": "smtp-user", "passwordSecret": "smtp-pass" },
 *     "chat":   { "baseUrl": "https://slack.com/api", "tokenSecret": "slack-token" },
 *     "social": { "baseUrl": "https://api.x.com", "tokenSecret": "x-token" },
 *     "guard":  { "allowHosts": ["api.example.com"], "blockPrivate": true },
 *     "browser": { "executablePath": "/usr/bin/chromium" }
 *   }
 *
 * generate_pdf drives a real Chromium in live mode ($SUMI_CHROMIUM or /usr/bin/chromium unless
 * `browser.executablePath` says otherwise); the caller closes it (`net.pages.close()`).
 *
 * Credentials are always secret names (the secrets file or SUMI_SECRET_*), never values.
 */
import { fakeNet, type MailService, type Net } from '@sumi/plugins-net';
import {
  chromiumPageRenderer,
  liveCmsApi,
  nodeHttpClient,
  nodeResolve,
  smtpMailTransport,
} from '@sumi/plugins-net/node';
import type { SecretStore } from '@sumi/runtime';
import type { NetConfig } from './config';
import { UsageError } from './io';

async function secretOf(
  secrets: SecretStore,
  name: string | undefined,
  what: string,
): Promise<string | undefined> {
  if (name === undefined) return undefined;
  const value = await secrets.get(name);
  if (value === undefined)
    throw new UsageError(
      `${what}: the secret "${name}" is not set (the secrets file, or ${'SUMI_SECRET_<NAME>'})`,
    );
  return value;
}

/**
 * The net of a render, and what `--verbose` says of it. `renderTemplate` renders sendmail's
 * message templates (the CLI's own engine).
 */
export async function chooseNet(
  config: NetConfig | undefined,
  fake: boolean,
  secrets: SecretStore,
  renderTemplate: MailService['renderTemplate'],
): Promise<{ net: Net; said: string }> {
  const fakes = fakeNet();
  const mail = { ...fakes.mail!, renderTemplate };
  if (fake || config?.mode === 'fake') {
    return { net: { ...fakes, mail }, said: 'net: every network plugin answers from its fake (--fake)' };
  }
  const http = nodeHttpClient();
  const pages = chromiumPageRenderer(
    config?.browser?.executablePath ? { executablePath: config.browser.executablePath } : {},
  );
  const live: string[] = ['api', `generate_pdf (${pages.label})`];
  const net: Net = {
    ...fakes,
    mode: 'live',
    http,
    apiLog: [],
    mail,
    pages,
    ...(config?.guard ? { guard: { ...config.guard, resolve: nodeResolve } } : {}),
  };
  const parts: Partial<Record<keyof Net, unknown>> = {};
  if (config?.cms) {
    parts.cms = liveCmsApi({
      baseUrl: config.cms.baseUrl,
      token: await secretOf(secrets, config.cms.tokenSecret, 'net.cms'),
      apiKey: await secretOf(secrets, config.cms.apiKeySecret, 'net.cms'),
      http,
    });
    live.push('api_internal/api_mng/api_method');
  }
  if (config?.smtp) {
    const user = await secretOf(secrets, config.smtp.userSecret, 'net.smtp');
    const pass = await secretOf(secrets, config.smtp.passwordSecret, 'net.smtp');
    parts.mail = {
      transport: smtpMailTransport({
        host: config.smtp.host,
        port: config.smtp.port,
        secure: config.smtp.secure,
        ...(user !== undefined && pass !== undefined ? { auth: { user, pass } } : {}),
      }),
      renderTemplate,
      defaultFrom: config.smtp.from,
    } satisfies MailService;
    live.push('sendmail');
  }
  if (config?.chat) {
    parts.chat = { baseUrl: config.chat.baseUrl, tokenSecret: config.chat.tokenSecret };
    live.push('chat_*');
  }
  if (config?.social) {
    parts.social = { baseUrl: config.social.baseUrl, tokenSecret: config.social.tokenSecret };
    live.push('social_post_message');
  }
  return {
    net: { ...net, ...parts } as Net,
    said: `net: live for ${live.join(', ')}; the other network plugins answer from their fakes${config?.guard ? ' (host guard on)' : ''}`,
  };
}
