/**
 * fakeCmsApi: canned answers for api_internal, api_mng and api_method, every call recorded (the
 * playground shows `calls` as "what would have been sent").
 *
 * Canned answers are keyed `METHOD path`: `GET /rcms-api/1/news` matches whatever query string the
 * call has; a key with a query string (`GET /rcms-api/1/news?_doc_lang=en`) matches only the path as
 * written and wins over the bare one. api_method's key is `GET /api_method/<model>/<operation>`. A
 * value is a response, `{ fail: 'NET_TIMEOUT' }` (the call fails with that code), or a function of
 * the request. `responses` is a Map the host may edit between renders.
 *
 * Without a canned answer the fake answers deterministically in the CMS's documented shapes:
 * - GET: a list `{errors: [], list: [2 sample rows], pageInfo: {totalCnt: 2, perPage: cnt ?? 10,
 *   totalPageCnt: 1, pageNo: pageID ?? 1}}`; a path ending in a number n (after the version
 *   segment) answers details `{errors: [], details: {topics_id: n, subject: "Sample n"}}`;
 * - POST: `{errors: [], messages: ["saved"], id: 1}`;
 * - api_method: `list` and `details` the same way with `<model>_id` ids (details takes its id from
 *   method_params `<model>_id` or `id`, else 1); a model outside `models` answers 404
 *   `{errors: [{code: "unknown_model", ...}]}`.
 * Sample rows: `{<id field>: n, subject: "Sample n"}` (topics_id for the endpoints).
 */
import { failure, NET_CODE_INFO, type NetCode } from '../failure';
import { cmsPathOf } from './direct';
import { allQuery, type CmsApi, type CmsRequest, type CmsResponse, errorBody, pathOnly } from './types';

export type FakeCmsAnswer =
  | CmsResponse
  | { fail: NetCode }
  | ((req: CmsRequest) => CmsResponse | { fail: NetCode } | Promise<CmsResponse | { fail: NetCode }>);

export interface FakeCmsApi extends CmsApi {
  readonly kind: 'fake';
  /** canned answers by `METHOD path`; editable */
  readonly responses: Map<string, FakeCmsAnswer>;
  /** every call, in order */
  readonly calls: CmsRequest[];
}

/** the models the fake's api_method knows */
export const FAKE_CMS_MODELS = [
  'topics',
  'member',
  'tag',
  'comment',
  'csvtable',
  'inquiry',
  'group',
] as const;

const row = (idField: string, n: number) => ({ [idField]: n, subject: `Sample ${n}` });

function listBody(idField: string, query: [string, string][]) {
  const get = (k: string) => {
    const v = query.find(([n]) => n === k)?.[1];
    const n = v === undefined ? Number.NaN : Number.parseInt(v, 10);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  };
  return {
    errors: [],
    list: [row(idField, 1), row(idField, 2)],
    pageInfo: { totalCnt: 2, perPage: get('cnt') ?? 10, totalPageCnt: 1, pageNo: get('pageID') ?? 1 },
  };
}

function defaultAnswer(req: CmsRequest, models: readonly string[]): CmsResponse {
  if (req.plugin === 'api_method') {
    const model = (req.model ?? '').toLowerCase();
    if (!models.includes(model))
      return { status: 404, body: errorBody('unknown_model', `no model "${req.model ?? ''}"`) };
    const idField = `${model}_id`;
    if (req.operation === 'details') {
      const p = req.methodParams ?? {};
      const id = Number(p[idField] ?? p.id ?? 1);
      return { status: 200, body: { errors: [], details: row(idField, Number.isFinite(id) ? id : 1) } };
    }
    return {
      status: 200,
      body: listBody(
        idField,
        Object.entries(req.requestParams ?? {}).map(([k, v]) => [k, String(v)]),
      ),
    };
  }
  if (req.method === 'POST') return { status: 200, body: { errors: [], messages: ['saved'], id: 1 } };
  const segments = pathOnly(req.path).split('/').filter(Boolean);
  const last = segments[segments.length - 1] ?? '';
  if (segments.length > 3 && /^[1-9][0-9]{0,8}$/.test(last))
    return { status: 200, body: { errors: [], details: row('topics_id', Number(last)) } };
  return { status: 200, body: listBody('topics_id', allQuery(req)) };
}

export function fakeCmsApi(
  responses: Record<string, FakeCmsAnswer> = {},
  options: { models?: readonly string[] } = {},
): FakeCmsApi {
  const table = new Map(Object.entries(responses));
  const calls: CmsRequest[] = [];
  const models = options.models ?? FAKE_CMS_MODELS;
  return {
    kind: 'fake',
    responses: table,
    calls,
    async call(req: CmsRequest): Promise<CmsResponse> {
      calls.push(structuredClone(req));
      const path = req.plugin === 'api_method' ? cmsPathOf(req) : req.path;
      let answer = table.get(`${req.method} ${path}`) ?? table.get(`${req.method} ${pathOnly(path)}`);
      if (typeof answer === 'function') answer = await answer(req);
      if (answer && 'fail' in answer) throw failure(answer.fail, `fake: ${NET_CODE_INFO[answer.fail]}`);
      return answer ? structuredClone(answer) : defaultAnswer(req, models);
    },
  };
}
