/**
 * {analytics}: a GA4 Data API `runReport` over net.http; `var` gets the rows, and with
 * `update_column_slug` the metric of each row is set as a counter (an ext column) of the content its
 * dimension names, through the content store's `updateCounter` (the `site` service of
 * @sumi/plugins-io, reached structurally: this package does not depend on it).
 */
import { fromJS, type PhpArray, phpDate, strtotime, toStr } from '@sumi/php';
import { definePlugin, type FunctionPluginDef, PluginFailure, type RenderContext } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { netOf } from '../net';
import { ANALYTICS_BASE_URL } from './config';
import { callJson, exchange, saSecretName, serviceAccount } from './google';

const NAME = 'analytics';
export const ANALYTICS_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
export const DEFAULT_DIMENSION = 'pagePath';
export const DEFAULT_METRIC = 'screenPageViews';
export const REPORT_ROW_LIMIT = 10_000;

/** the content store's method this plugin calls (plugins-io's ContentStore.updateCounter) */
interface CounterStore {
  updateCounter(update: {
    topicsGroupId: number;
    topic: number | string;
    column: number | string;
    index?: number;
    by: number;
  }): Promise<number>;
}

function counterStore(ctx: RenderContext): CounterStore {
  const content = (ctx.services as { site?: { content?: Partial<CounterStore> } }).site?.content;
  if (!content || typeof content.updateCounter !== 'function') {
    throw failure('NET_NO_CONTENT_STORE', `${NAME}: counters need a content store (run with a site)`);
  }
  return content as CounterStore;
}

/** a date of the report: strtotime's reading of `text` as Y-m-d in the render's time zone */
function reportDate(ctx: RenderContext, attr: string, text: string): string {
  const tz = ctx.services.timezone;
  const ts = strtotime(text, Math.floor(ctx.services.clock.now() / 1000), tz);
  if (ts === false)
    throw failure('NET_BAD_VALUE', `${NAME}: '${attr}' (${text.slice(0, 100)}) is not a date`);
  return phpDate('Y-m-d', ts, tz);
}

/** the content a dimension value names: the last segment of a path, a number as topics_id, else a slug */
export function topicOf(value: string): number | string | null {
  const path = value.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last === '') return null;
  return /^[1-9][0-9]{0,15}$/.test(last) ? Number(last) : decodeURIComponentSafe(last);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

interface Report {
  dimensionHeaders?: { name?: string }[];
  metricHeaders?: { name?: string }[];
  rows?: { dimensionValues?: { value?: string }[]; metricValues?: { value?: string }[] }[];
}

const str = (v: unknown) => (v === undefined || v === null ? '' : toStr(v as never));

export const analytics: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  aliases: ['googleanalytics'],
  group: 'Calls and API access',
  async: true,
  description: `Reads a report of the Analytics Data API (GA4 \`runReport\` on the net's \`cloud.analyticsPropertyId\`, at \`cloud.analyticsBaseUrl\`) and, when \`update_column_slug\` is given, sets counters of content from it. The report is \`queries\` (a runReport request as JSON) or one dimension (\`update_target_dimension\`, default ${DEFAULT_DIMENSION}) by one metric (\`update_target_metric\`, default ${DEFAULT_METRIC}) from \`startDate\` to \`endDate\`. Each row's dimension value names a content: its last path segment, a number being a topics_id and anything else a slug (\`/blog/12\` → 12, \`/news/spring-sale/\` → spring-sale); rows naming the same content are added up, and the content's counter column (\`update_column_slug\`, at \`update_column_index\` in a repeating column) of \`topics_group_id\` is SET to the sum. Google's endpoint is called with an access token of the service account (scope analytics.readonly); another base URL without one unless the tag names a service account.`,
  attributes: {
    var: {
      type: 'varname',
      description:
        'receives the rows, each an array keyed by the dimension and metric names (`{pagePath: "/blog/1", screenPageViews: "120"}`, values as the API gives them: strings), false on failure',
    },
    updated_topics_ids: {
      type: 'varname',
      description:
        'receives the contents whose counter was set, as named by the rows (a topics_id, or the slug), in row order; an empty array when none was',
    },
    update_column_slug: {
      type: 'string',
      description: 'the counter column (ext column slug or `ext_col_NN`); given: counters are set',
    },
    update_column_index: { type: 'integer', description: 'the position in a repeating column, from 0' },
    update_target_metric: {
      type: 'string',
      description: `the metric of the report and of the counters (default ${DEFAULT_METRIC})`,
    },
    update_target_dimension: {
      type: 'string',
      description: `the dimension naming the content (default ${DEFAULT_DIMENSION})`,
    },
    topics_group_id: {
      type: 'integer',
      description: 'the content group of the counters; required with `update_column_slug`',
    },
    startDate: {
      type: 'string',
      default: '-7 days',
      description: 'the first day, strtotime-style (`-30 days`, `2026-10-01`); default 7 days before',
    },
    endDate: {
      type: 'string',
      default: 'today',
      description: 'the last day, strtotime-style; default today',
    },
    queries: {
      type: 'string',
      description:
        'a runReport request body as JSON (dimensions, metrics, dimensionFilter, limit, ...), sent as it is; dateRanges from startDate/endDate when it has none',
    },
    sa_secret_name: {
      type: 'string',
      description:
        "Sumi's: the secret holding the service-account JSON key (the CMS takes it from its integration settings); default: the net's `cloud.saSecretName`",
    },
  },
  result:
    '`var` gets the report rows and `updated_topics_ids` the contents whose counter was set; on failure `var` is false, `updated_topics_ids` empty, and no counter is changed. Nothing is printed.',
  errors: [
    'no property configured: NET_MISSING_ATTRIBUTE; a date strtotime cannot read or `queries` that is not a JSON object: NET_BAD_VALUE',
    '`update_column_slug` without `topics_group_id`: NET_MISSING_ATTRIBUTE; without a content store: NET_NO_CONTENT_STORE (both before any call)',
    'the token endpoint or the API refuses, times out, answers outside 2xx (NET_HTTP_STATUS), or answers invalid JSON (NET_BAD_RESPONSE): `var` false, no counter changed',
    'a row naming no content, or content the store does not have: a warning naming it; the other rows are still set',
  ],
  limits: [
    `the built report asks for at most ${REPORT_ROW_LIMIT} rows; each call has 30 s and answers up to 4 MiB`,
  ],
  examples: [
    {
      description: 'page views by path of the last 7 days (the fake answers canned rows)',
      template:
        '{analytics var=rows}{foreach from=$rows item=r}{$r.pagePath}: {$r.screenPageViews}\n{/foreach}',
      output: '/blog/1: 120\n/blog/2: 45\n',
    },
  ],
  async run(ctx, a) {
    let rows: PhpArray | null = null;
    const updated: (number | string)[] = [];
    const ok = await attempt(ctx, NAME, async () => {
      const net = netOf(ctx);
      const column = str(a.update_column_slug);
      const groupId = a.topics_group_id === undefined ? 0 : Number(a.topics_group_id);
      let store: CounterStore | null = null;
      if (column !== '') {
        if (!groupId)
          throw failure('NET_MISSING_ATTRIBUTE', `${NAME}: 'update_column_slug' needs 'topics_group_id'`);
        store = counterStore(ctx);
      }
      const property = net.cloud?.analyticsPropertyId ?? '';
      if (!/^[0-9]+$/.test(property)) {
        throw failure(
          'NET_MISSING_ATTRIBUTE',
          `${NAME}: no GA4 property (the net's cloud.analyticsPropertyId, digits)`,
        );
      }
      const dateRanges = [
        {
          startDate: reportDate(ctx, 'startDate', str(a.startDate) || '-7 days'),
          endDate: reportDate(ctx, 'endDate', str(a.endDate) || 'today'),
        },
      ];
      const dimension = str(a.update_target_dimension) || DEFAULT_DIMENSION;
      const metric = str(a.update_target_metric) || DEFAULT_METRIC;
      let request: Record<string, unknown>;
      const q = str(a.queries);
      if (q !== '') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(q);
        } catch {
          parsed = null;
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
          throw failure('NET_BAD_VALUE', `${NAME}: 'queries' is not a runReport request (a JSON object)`);
        }
        request = { dateRanges, ...(parsed as Record<string, unknown>) };
      } else {
        request = {
          dateRanges,
          dimensions: [{ name: dimension }],
          metrics: [{ name: metric }],
          limit: REPORT_ROW_LIMIT,
        };
      }
      const base = (net.cloud?.analyticsBaseUrl || ANALYTICS_BASE_URL).replace(/\/+$/, '');
      const explicit = a.sa_secret_name !== undefined;
      const headers: [string, string][] = [['Content-Type', 'application/json']];
      if (base === ANALYTICS_BASE_URL || explicit) {
        const sa = await serviceAccount(ctx, net, NAME, saSecretName(net, a));
        const token = await exchange(ctx, net, NAME, sa, { scope: ANALYTICS_SCOPE }, 'access_token');
        headers.push(['Authorization', `Bearer ${token}`]);
      }
      const report = (await callJson(
        ctx,
        net,
        NAME,
        {
          method: 'POST',
          url: `${base}/v1beta/properties/${property}:runReport`,
          headers,
          body: JSON.stringify(request),
        },
        (j) =>
          j &&
          typeof j === 'object' &&
          !Array.isArray(j) &&
          (!('rows' in j) || Array.isArray((j as Report).rows))
            ? null
            : 'runReport answered no report',
      )) as Report;
      const dims = (report.dimensionHeaders ?? []).map((h, i) => h.name ?? `dimension${i}`);
      const mets = (report.metricHeaders ?? []).map((h, i) => h.name ?? `metric${i}`);
      const records = (report.rows ?? []).map((row) => {
        const rec: Record<string, string> = {};
        dims.forEach((d, i) => {
          rec[d] = row.dimensionValues?.[i]?.value ?? '';
        });
        mets.forEach((m, i) => {
          rec[m] = row.metricValues?.[i]?.value ?? '';
        });
        return rec;
      });
      rows = fromJS(records) as PhpArray;
      if (!store) return;
      const dimKey = dims.includes(dimension) ? dimension : dims[0];
      const metKey = mets.includes(metric) ? metric : mets[0];
      const totals = new Map<number | string, number>();
      for (const rec of records) {
        const value = dimKey === undefined ? '' : (rec[dimKey] ?? '');
        const topic = topicOf(value);
        const n = Math.round(Number(metKey === undefined ? 0 : rec[metKey]));
        if (topic === null || !Number.isFinite(n)) {
          ctx.log('warn', `${NAME}: the row '${value.slice(0, 100)}' names no content; skipped`, NAME);
          continue;
        }
        totals.set(topic, (totals.get(topic) ?? 0) + n);
      }
      const index = a.update_column_index === undefined ? undefined : Number(a.update_column_index);
      for (const [topic, total] of totals) {
        const where = { topicsGroupId: groupId, topic, column, ...(index === undefined ? {} : { index }) };
        try {
          const current = await store.updateCounter({ ...where, by: 0 });
          if (current !== total) await store.updateCounter({ ...where, by: total - current });
          updated.push(topic);
        } catch (e) {
          if (!(e instanceof PluginFailure)) throw e;
          ctx.log('warn', `${NAME}: the counter of ${topic} was not set: ${e.message}`, NAME, e.code);
        }
      }
    });
    if (a.var) ctx.assign(a.var, ok && rows ? rows : false);
    if (a.updated_topics_ids) ctx.assign(a.updated_topics_ids, fromJS(updated));
  },
});
