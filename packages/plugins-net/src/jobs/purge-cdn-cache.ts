/** {purge_cdn_cache}: purges the CDN cache of a module, of one content group or master table, or of an endpoint. */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { siteOp, text } from './common';

const NAME = 'purge_cdn_cache';

const int = (v: unknown): number | undefined => (v === undefined || v === null ? undefined : Number(v));

export const purgeCdnCache: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    "Purges the CDN cache: of a module (`topics`, `csvtable`, or `all` for every CDN), narrowed to one content group with `topics_group_id` or one master table with `csvtable_id`, and/or of the responses of an API endpoint. The catalog makes `module` required; the CMS's own samples purge an `api_endpoint` alone, so Sumi requires one of the two.",
  attributes: {
    module: {
      type: 'string',
      description: 'topics, csvtable or all; required unless `api_endpoint` is given',
    },
    api_endpoint: {
      type: 'string',
      description: 'an endpoint path whose cached responses are purged (`/rcms-api/1/list`)',
    },
    topics_group_id: { type: 'integer', description: 'with module topics: only this content group' },
    csvtable_id: { type: 'integer', description: 'with module csvtable: only this master table' },
  },
  result: 'Nothing is printed and nothing assigned; a refused purge is logged (error, with its code).',
  errors: [
    'neither `module` nor `api_endpoint`: NET_MISSING_ATTRIBUTE',
    'a `module` other than topics, csvtable, all: NET_BAD_VALUE',
    'an `api_endpoint` that is not a path starting with `/`: NET_BAD_VALUE',
    '`topics_group_id` without module topics, or `csvtable_id` without module csvtable: a warning; the id is ignored and the rest is purged',
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: ['one call to the site-operations adapter, recorded in the API log'],
  examples: [
    {
      description: 'purge one content group after an update',
      template: '{purge_cdn_cache module="topics" topics_group_id=3}purged',
      output: 'purged',
    },
    {
      description: 'purge the cached responses of an endpoint',
      template: '{purge_cdn_cache api_endpoint="/rcms-api/1/news"}purged',
      output: 'purged',
    },
  ],
  async run(ctx, a) {
    const module = text(a.module);
    const endpoint = text(a.api_endpoint);
    const r = await siteOp(ctx, NAME, (ops, at) =>
      ops.purgeCdnCache(
        {
          module: module === '' ? undefined : module,
          apiEndpoint: endpoint === '' ? undefined : endpoint,
          topicsGroupId: int(a.topics_group_id),
          csvtableId: int(a.csvtable_id),
        },
        at,
      ),
    );
    if (r.ok) for (const w of r.value.warnings) ctx.warn(w);
  },
});
