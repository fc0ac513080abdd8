/**
 * {api_internal}: calls one of the site's own API endpoints (`/rcms-api/<id>/<path>`) through the
 * Net's CMS adapter. `var` gets the DECODED answer (`$r.list`, `$r.pageInfo.totalCnt`, `$r.details`,
 * `$r.errors[0]`).
 */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { failure } from '../failure';
import {
  CMS_CALL_ATTRIBUTES,
  CMS_CALL_ERRORS,
  commonParts,
  endpointOf,
  jsonOf,
  memberIdOf,
  methodOf,
  runCmsCall,
} from './cms-call';

const NAME = 'api_internal';

export const apiInternal: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    "Calls an endpoint of the site's own API (`/rcms-api/<api id>/<path>`, its own query string kept, e.g. `?_doc_lang=en`) and stores the decoded JSON answer in `var`. For a POST, `queries` is the JSON body; for a GET its entries are added to the query string. `member_id` runs the call as that member, `use_current_session` as the member of the current session, `direct=1` in process without the network (GET only, never with `member_id`).",
  attributes: {
    endpoint: {
      type: 'string',
      required: true,
      description:
        'the endpoint path, starting with `/` (`/rcms-api/1/news?_doc_lang=en`); its query string is kept',
    },
    ...CMS_CALL_ATTRIBUTES,
    queries: {
      type: 'array',
      description:
        'POST: the request body (sent as JSON). GET: more query parameters (`a[b]=c` for nested arrays)',
    },
    cache_time: {
      type: 'integer',
      default: 0,
      description:
        'minutes a successful answer is reused for the same request (the whole request is the key); 0: no cache',
    },
    member_id: {
      type: 'integer',
      description:
        'run the call as this member (the target API must use dynamic-token authentication); not with `direct`',
    },
    direct: {
      type: 'boolean',
      default: false,
      description: 'call in process, without the network: GET only, never with `member_id`',
    },
  },
  result:
    '`var` gets the decoded answer (e.g. `{list, pageInfo: {totalCnt, perPage, totalPageCnt, pageNo}, errors}` or `{details, errors}`) and `status_var` 1; on failure `var` gets `{errors: [{code, message}]}` and `status_var` 0. Nothing is printed.',
  errors: [
    '`direct=1` with POST, or with `member_id`: NET_NOT_ALLOWED, no call made, `status_var` 0',
    'an endpoint not starting with `/`, a method other than GET/POST, a malformed header: NET_BAD_VALUE, no call made',
    ...CMS_CALL_ERRORS,
  ],
  limits: [
    '`direct` only for GET, never with `member_id`',
    'the live adapter: 30 s timeout, 10 MiB answer cap by default',
  ],
  examples: [
    {
      description: 'a list, as member 1, the endpoint carrying its own query string (the fake answers)',
      template:
        "{api_internal endpoint='/rcms-api/1/news?_doc_lang=en' member_id=1 var=r status_var=ok}" +
        '{$ok} {$r.pageInfo.totalCnt}: {foreach from=$r.list item=t}{$t.subject};{/foreach}',
      output: '1 2: Sample 1;Sample 2;',
    },
    {
      description: 'direct=1 is refused with POST',
      template:
        "{api_internal endpoint='/rcms-api/1/news' method=POST direct=1 var=r status_var=ok}{$ok} {$r.errors[0].code}",
      output: '0 NET_NOT_ALLOWED',
    },
  ],
  async run(ctx, a) {
    await runCmsCall(
      ctx,
      NAME,
      () => {
        const endpoint = endpointOf(NAME, a.endpoint, '/', 'a path starting with "/"');
        const method = methodOf(NAME, a.method);
        const memberId = memberIdOf(a.member_id);
        if (a.direct && method !== 'GET')
          throw failure('NET_NOT_ALLOWED', `${NAME}: direct=1 works only with GET`);
        if (a.direct && memberId !== undefined)
          throw failure('NET_NOT_ALLOWED', `${NAME}: direct=1 cannot be combined with member_id`);
        return {
          plugin: NAME,
          method,
          path: endpoint,
          ...(method === 'POST' ? { body: jsonOf(a.queries) } : {}),
          ...commonParts(
            ctx,
            NAME,
            method,
            { ...a, memberId, useCurrentSession: a.use_current_session },
            a.direct,
          ),
          ...(a.direct ? { direct: true } : {}),
        };
      },
      { var: a.var, statusVar: a.status_var, cacheMinutes: Number(a.cache_time) },
    );
  },
});
