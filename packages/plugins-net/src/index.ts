/**
 * @sumi/plugins-net: the catalog's network plugins (api, the CMS's own APIs, mail, chat, cloud,
 * jobs and sites, secrets), behind adapters. Browsers and Node alike: live adapters that need Node
 * (client certificates, SMTP, a headless browser) come from `@sumi/plugins-net/node`.
 *
 *   import { createEngine } from '@sumi/runtime';
 *   import { fakeNet, netOptions } from '@sumi/plugins-net';
 *   const engine = createEngine(netOptions(fakeNet()));
 */
import type { EngineOptions, FunctionPluginDef } from '@sumi/runtime';
import { callPlugins } from './calls/index';
import { cloudPlugins } from './cloud/index';
import { jobPlugins } from './jobs/index';
import { messagingPlugins } from './messaging/index';
import type { Net } from './net';
import { generatePdf } from './pages/generate-pdf';

export { callPlugins } from './calls/index';
export {
  type FakeCloud,
  type FakeCloudResponses,
  fakeCloud,
  fakeCloudConfig,
  fakeCloudNet,
} from './cloud/fake';
export { cloudPlugins } from './cloud/index';
export { FAKE_CMS_MODELS, type FakeCmsAnswer, type FakeCmsApi, fakeCmsApi } from './cms/fake';
export type { CmsApi, CmsJson, CmsPlugin, CmsRequest, CmsResponse } from './cms/types';
export { NET_CODE_INFO, type NetCode, NetFailure } from './failure';
export { EXAMPLE_ROUTES, EXAMPLE_SECRETS, fakeNet, liveNet } from './fake';
export { type FakeCall, type FakeHttp, type FakeResponse, fakeHttp } from './http/fake';
export { fetchHttpClient } from './http/fetch-client';
export { checkGuard, isPrivateAddress, type NetGuard } from './http/guard';
export type { HttpClient, HttpRequest, HttpResponse } from './http/types';
export { type BatchRunReport, type BatchTemplate, runQueuedBatches } from './jobs/batch-runner';
export { jobPlugins } from './jobs/index';
export { type FakeMail, fakeMail } from './mail/fake';
export type { MailMessage, MailService, MailTemplate, MailTransport } from './mail/types';
export type { ChatConfig, SocialConfig } from './messaging/config';
export { type FakeChat, type FakeSocial, fakeChat, fakeSocial } from './messaging/fake';
export { messagingPlugins } from './messaging/index';
export { type ApiLogEntry, type Net, netOf } from './net';
export { type FakePage, type FakePageRenderer, fakePageRenderer, onePagePdf } from './pages/fake';
export { PAPER_POINTS } from './pages/paper';
export type {
  CaptureFormat,
  CaptureRequest,
  CaptureResult,
  PageCookie,
  PageRenderer,
  PdfSetup,
} from './pages/types';
export {
  type MemorySiteOperations,
  type MemorySiteOptions,
  memorySiteOperations,
  type SiteOpRecord,
} from './site-ops/memory';
export type { SiteOperations } from './site-ops/types';

/** every plugin of this package */
export const netPlugins: readonly FunctionPluginDef[] = [
  ...callPlugins,
  ...jobPlugins,
  ...cloudPlugins,
  ...messagingPlugins,
  generatePdf,
];

/** What an engine needs to run the net plugins on `net`: the plugins and the `net` service. */
export function netOptions(net: Net): Required<Pick<EngineOptions, 'plugins' | 'services'>> {
  return { plugins: netPlugins, services: { net } };
}
