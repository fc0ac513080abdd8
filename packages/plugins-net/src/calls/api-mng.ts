/**
 * {api_mng}: calls the site's management API (`/management/<module>/<path>`) through the Net's CMS
 * adapter; the same outcome as api_internal (`var` gets the decoded answer).
 */
import { PhpArray } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import type { CmsFile, CmsJson } from '../cms/types';
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
import { contentTypeOf, readTemp } from './request';

const NAME = 'api_mng';

export const apiMng: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description:
    "Calls the site's management API (`/management/<module>/<path>`) and stores the decoded JSON answer in `var`. For a POST, `queries` is the JSON body; for a GET its entries are added to the query string. `files` names files of the temporary area to upload: the POST then goes as multipart/form-data, the `queries` entries as form fields (`a[b]` for nested keys) and each file as a `files[]` part with its name and media type. `member_id` or `use_current_session` choose the member the call runs as.",
  attributes: {
    endpoint: {
      type: 'string',
      required: true,
      description:
        'the management path, `/management/<module>/<path>` (`/management/topics/topics_list/`); its query string is kept',
    },
    ...CMS_CALL_ATTRIBUTES,
    queries: {
      type: 'array',
      description: 'POST: the request body (sent as JSON). GET: more query parameters',
    },
    files: {
      type: 'array',
      description:
        'files to upload: paths relative to the temporary area (or `{path}` entries, absolute under TEMP_DIR2 too); sent as `files[]` parts of a multipart/form-data POST (POST only)',
    },
    member_id: { type: 'integer', description: 'run the call as this member' },
  },
  result:
    '`var` gets the decoded answer and `status_var` 1; on failure `var` gets `{errors: [{code, message}]}` and `status_var` 0. Nothing is printed.',
  errors: [
    'an endpoint not starting with `/management/`, a method other than GET/POST, a malformed header, `files` with GET: NET_BAD_VALUE, no call made',
    'a file of `files` that is missing or outside the temporary area: NET_FILE, no call made',
    ...CMS_CALL_ERRORS,
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
      async () => {
        const endpoint = endpointOf(NAME, a.endpoint, '/management/', 'a path /management/<module>/<path>');
        const method = methodOf(NAME, a.method);
        const memberId = memberIdOf(a.member_id);
        let body: CmsJson | undefined;
        const files: CmsFile[] = [];
        if (method === 'POST') {
          body = jsonOf(a.queries);
          if (a.files && a.files.size > 0) {
            for (const [, f] of a.files.entries()) {
              const p = f instanceof PhpArray ? f.get('path') : f;
              if (p === undefined || p === null || typeof p === 'object' || String(p) === '')
                throw failure('NET_BAD_VALUE', `${NAME}: files takes paths or {path} entries`);
              const { name, data } = await readTemp(ctx, String(p));
              files.push({ name, type: contentTypeOf(name), data });
            }
          }
        } else if (a.files && a.files.size > 0) {
          throw failure('NET_BAD_VALUE', `${NAME}: files needs method=POST`);
        }
        return {
          plugin: NAME,
          method,
          path: endpoint,
          ...(body !== undefined ? { body } : {}),
          ...(files.length ? { files } : {}),
          ...commonParts(ctx, NAME, method, { ...a, memberId, useCurrentSession: a.use_current_session }),
        };
      },
      { var: a.var, statusVar: a.status_var },
    );
  },
});
