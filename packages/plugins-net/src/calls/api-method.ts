/**
 * {api_method}: runs a model's GET-type operation (list, details) without an endpoint, through the
 * Net's CMS adapter (path `/api_method/<model>/<operation>`). A write operation is refused; an
 * unknown model or method gives a result with an `errors` key.
 */
import { PhpArray } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { type CmsJson, READ_OPERATIONS, WRITE_OPERATIONS } from '../cms/types';
import { failure } from '../failure';
import { jsonOf, runCmsCall } from './cms-call';

const NAME = 'api_method';

function objectOf(v: PhpArray | undefined): { [key: string]: CmsJson } {
  const j = v instanceof PhpArray ? jsonOf(v) : {};
  if (Array.isArray(j)) return Object.fromEntries(j.map((v, i) => [String(i), v]));
  return j !== null && typeof j === 'object' ? j : {};
}

export const apiMethod: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Calls and API access',
  async: true,
  description: `Runs a GET-type operation of a model (${READ_OPERATIONS.join(', ')}) without creating an endpoint, and stores the decoded answer in \`var\`, in the shapes of an endpoint's answer (\`{list, pageInfo, errors}\`, \`{details, errors}\`). \`request_params\` are the request variables (\`cnt\`, \`pageID\`, ...); \`method_params\` the endpoint's Basic and Advanced settings (for details, the target id, e.g. \`topics_id\`).`,
  attributes: {
    var: {
      type: 'varname',
      required: true,
      description: 'receives the decoded answer, or `{errors: [{code, message}]}`',
    },
    model: { type: 'string', description: 'the model (`topics`, `member`, `tag`, ...)' },
    method: {
      type: 'string',
      default: 'list',
      description: `the operation: ${READ_OPERATIONS.join(', ')}. Write operations (${WRITE_OPERATIONS.join(', ')}) are refused`,
    },
    version: { type: 'integer', default: 1, description: 'the version of the operation' },
    request_params: {
      type: 'array',
      description: 'request variables, such as `cnt` (page size) and `pageID` (page number)',
    },
    method_params: {
      type: 'array',
      description: "the endpoint's Basic and Advanced settings; for details the target id (`topics_id`)",
    },
  },
  writes: 'var',
  result:
    '`var` gets the decoded answer (`{list, pageInfo: {totalCnt, perPage, totalPageCnt, pageNo}, errors}` for list, `{details, errors}` for details); on failure a result with an `errors` key, `{errors: [{code, message}]}`. Nothing is printed.',
  errors: [
    `a write operation (${WRITE_OPERATIONS.join(', ')}): NET_NOT_ALLOWED, no call made, \`var\` gets \`{errors: [{code: "NET_NOT_ALLOWED", ...}]}\``,
    'an unknown operation or an empty `model`: NET_BAD_VALUE, no call made, `var` gets `{errors: [...]}`',
    'a model the site does not have: the adapter answers 404 with `errors`, NET_HTTP_STATUS, `var` gets that answer',
    'no answer (refused, timeout, ...): its code; `var` gets `{errors: [{code: "<that code>", message}]}`',
  ],
  limits: ['GET-type operations only'],
  examples: [
    {
      description: 'one content record by id (the fake answers)',
      template:
        '{assign var=p value=$empty}{append var=p index=topics_id value=7}{api_method model=topics method=details method_params=$p var=r}{$r.details.topics_id}: {$r.details.subject}',
      output: '7: Sample 7',
    },
    {
      description: 'a write operation is refused',
      template: '{api_method model=topics method=delete var=r}{$r.errors[0].code}',
      output: 'NET_NOT_ALLOWED',
    },
  ],
  async run(ctx, a) {
    await runCmsCall(
      ctx,
      NAME,
      () => {
        const model = a.model === undefined || a.model === null ? '' : String(a.model);
        const op = (a.method === undefined || a.method === null ? 'list' : String(a.method)).toLowerCase();
        if ((WRITE_OPERATIONS as readonly string[]).includes(op))
          throw failure(
            'NET_NOT_ALLOWED',
            `${NAME}: "${op}" writes; api_method runs GET-type operations only`,
          );
        if (!(READ_OPERATIONS as readonly string[]).includes(op))
          throw failure('NET_BAD_VALUE', `${NAME}: unknown method "${op}" (${READ_OPERATIONS.join(', ')})`);
        if (model === '') throw failure('NET_BAD_VALUE', `${NAME}: model is required`);
        if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(model))
          throw failure('NET_BAD_VALUE', `${NAME}: "${model}" is not a model name`);
        return {
          plugin: NAME,
          method: 'GET',
          path: `/api_method/${model}/${op}`,
          query: [],
          headers: [],
          model,
          operation: op,
          version: Number(a.version),
          requestParams: objectOf(a.request_params),
          methodParams: objectOf(a.method_params),
        };
      },
      { var: a.var },
    );
  },
});
