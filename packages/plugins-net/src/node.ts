/** @sumi/plugins-net/node: the live adapters that need Node (client certificates, SMTP, a browser). */
export { type CmsHandler, directCmsApi } from './cms/direct';
export { type LiveCmsOptions, liveCmsApi } from './cms/live';
