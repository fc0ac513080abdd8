/**
 * {api_mng}: calls the site's management API (`/management/<module>/<path>`) through the Net's CMS
 * adapter; the same outcome as api_internal (`var` gets the decoded answer).
 */
import { PhpArray } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import type { CmsJson } from '../cms/types';
import { failure } from '../failure';
import {
  endpointOf,
  headerPairs,
  jsonOf,
  memberIdOf,
  methodOf,
  queriesPairs,
  runCmsCall,
  stringQuery,
} from './cms-call';

const NAME = 'api_mng';

export const apiMng: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    "Calls the site's management API (`/management/<module>/<path>`) and stores the decoded JSON answer in `var`. For a POST, `queries` is the JSON body; for a GET its entries are added to the query string. `files` names files of the temporary area to upload; Sumi sends their paths in the body's `files` entry (the adapter decides how to upload them). `member_id` or `use_current_session` choose the member the call runs as.",
  attributes: {
    endpoint: {
      type: 'string',
      required: true,
      description:
        'the management path, `/management/<module>/<path>` (`/management/topics/topics_list/`); its query string is kept',
    },
    method: {
      type: 'string',
      default: 'GET',
      description: 'GET or POST (any case); another method fails with NET_BAD_VALUE',
    },
    query: { type: 'string', description: "more query parameters, `a=1&b=2`, after the endpoint's own" },
    queries: {
      type: 'array',
      description: 'POST: the request body (sent as JSON). GET: more query parameters',
    },
    headers: { type: 'array', description: 'request headers as `Name: value` strings' },
    files: {
      type: 'array',
      description:
        'files to upload: paths relative to the temporary area (or `{path}` entries); sent as the list `files` of the POST body (POST only)',
    },
    var: {
      type: 'varname',
      description:
        "receives the decoded answer; on failure `{errors: [{code, message}]}` (the API's own error answer when it sent one)",
    },
    status_var: { type: 'varname', description: 'receives 1 on success, 0 on failure' },
    member_id: { type: 'integer', description: 'run the call as this member' },
    use_current_session: {
      type: 'boolean',
      default: false,
      description: 'run the call as the member of the current session',
    },
  },
  result:
    '`var` gets the decoded answer and `status_var` 1; on failure `var` gets `{errors: [{code, message}]}` and `status_var` 0. Nothing is printed.',
  errors: [
    'an endpoint not starting with `/management/`, a method other than GET/POST, a malformed header, `files` with GET: NET_BAD_VALUE, no call made',
    'an error answer (4xx/5xx): NET_HTTP_STATUS; `var` gets the API\'s `{errors: [...]}` answer, or `{errors: [{code: "http_<status>", message}]}`',
    'no answer (refused, timeout, reset, oversized, invalid JSON): its code; `var` gets `{errors: [{code: "<that code>", message}]}`',
    'every failure is logged at error level with its code, and every call goes into the API log (path only); the render goes on',
  ],
  limits: ['the live adapter: 30 s timeout, 10 MiB answer cap by default'],
  examples: [
    {
      description: 'a management list (the fake answers)',
      template:
        "{api_mng endpoint='/management/topics/topics_list/' query='topics_group_id=1&cnt=5' var=r status_var=ok}" +
        '{$ok} {$r.pageInfo.perPage} {$r.list[0].subject}',
      output: '1 5 Sample 1',
    },
  ],
  async run(ctx, a) {
    await runCmsCall(
      ctx,
      NAME,
      () => {
        const endpoint = endpointOf(NAME, a.endpoint, '/management/', 'a path /management/<module>/<path>');
        const method = methodOf(NAME, a.method);
        const memberId = memberIdOf(a.member_id);
        const session = a.use_current_session ? (ctx.services.session?.memberId ?? undefined) : undefined;
        let body: CmsJson | undefined;
        if (method === 'POST') {
          body = jsonOf(a.queries);
          if (a.files && a.files.size > 0) {
            const files: CmsJson[] = [];
            for (const [, f] of a.files.entries()) {
              const p = f instanceof PhpArray ? f.get('path') : f;
              if (p === undefined || p === null || typeof p === 'object' || String(p) === '')
                throw failure('NET_BAD_VALUE', `${NAME}: files takes paths or {path} entries`);
              files.push(String(p));
            }
            body = {
              ...(body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}),
              files,
            };
          }
        } else if (a.files && a.files.size > 0) {
          throw failure('NET_BAD_VALUE', `${NAME}: files needs method=POST`);
        }
        return {
          plugin: NAME,
          method,
          path: endpoint,
          query: [...stringQuery(a.query), ...(method === 'GET' ? queriesPairs(a.queries) : [])],
          ...(body !== undefined ? { body } : {}),
          headers: headerPairs(NAME, a.headers),
          ...(memberId !== undefined ? { memberId } : session ? { memberId: session } : {}),
          ...(a.use_current_session ? { useCurrentSession: true } : {}),
        };
      },
      { var: a.var, statusVar: a.status_var },
    );
  },
});
