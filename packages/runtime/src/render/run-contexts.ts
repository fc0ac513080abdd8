/**
 * The places a CMS template runs. Each declares the variables it starts with
 * and the result it hands back besides the printed output (DIALECT.md).
 */

import type { Value } from '@sumi/php';
import { copyValue, PhpArray } from '@sumi/php';
import type { Scope } from './scope';

export type RunContextName = 'batch' | 'function' | 'pre' | 'post' | 'endpoint' | 'trigger';

export interface RunContext {
  name: RunContextName;
  description: string;
  /** variables the CMS provides, with what they hold */
  inputs: Record<string, string>;
  /** what `render()` returns as `result` */
  resultDescription: string;
  result(vars: Scope, output: string, returned: Value | undefined): Value;
}

const pick = (vars: Scope, names: string[]): PhpArray => {
  const out = new PhpArray();
  for (const n of names) {
    const v = vars.get(n);
    if (v !== undefined) out.set(n, copyValue(v));
  }
  return out;
};

export const RUN_CONTEXTS: Record<RunContextName, RunContext> = {
  batch: {
    name: 'batch',
    description: 'A batch job (or a test run): reads $ext_data, the data passed by {batch ext_data=…}.',
    inputs: { ext_data: 'data passed by {batch ext_data=…} or entered as test data' },
    resultDescription: 'the value of a top-level {return value=…}, else null',
    result: (_vars, _out, returned) => returned ?? null,
  },
  function: {
    name: 'function',
    description: 'A custom function called with {function name=… var=…}; its attributes are its variables.',
    inputs: { '(any)': 'each attribute of the calling {function} tag except var, name and id' },
    resultDescription: 'the value given to {return value=…}',
    result: (_vars, _out, returned) => returned ?? null,
  },
  pre: {
    name: 'pre',
    description: 'Endpoint pre-processing: may reject the request or replace its input.',
    inputs: {
      meta: 'endpoint metadata',
      url: 'path and query (`$url.path`, `$url.query`)',
      body: 'request body',
    },
    resultDescription: '{errors, request, http_code}: $errors answers HTTP 422, $request replaces the input',
    result: (vars) => pick(vars, ['errors', 'request', 'http_code']),
  },
  post: {
    name: 'post',
    description: 'Endpoint post-processing: reshapes the response in $json into $processed_json.',
    inputs: { json: 'the decoded response' },
    resultDescription: '{processed_json, errors, http_code}; processed_json is required',
    result: (vars) => pick(vars, ['processed_json', 'errors', 'http_code']),
  },
  endpoint: {
    name: 'endpoint',
    description:
      'A custom endpoint: $data is answered as {"data": …}; without it the printed output is the response.',
    inputs: { meta: 'endpoint metadata', url: 'path and query', body: 'request body' },
    resultDescription: '{data: …} when $data is set, else null (the output is the response)',
    result: (vars) => {
      const d = vars.get('data');
      return d === undefined ? null : PhpArray.fromEntries([['data', copyValue(d)]]);
    },
  },
  trigger: {
    name: 'trigger',
    description: 'A trigger run on an event (content add/update, member events, …).',
    inputs: {
      topics_id: 'content id',
      ext_config: 'trigger settings',
      row: 'the record, modifiable before add/update',
      member_id: 'member id',
    },
    resultDescription: '{row}: the (possibly modified) record',
    result: (vars) => pick(vars, ['row']),
  },
};
