/**
 * The CMS API adapter: how api_internal, api_mng and api_method reach the site's own APIs.
 * Three implementations share this contract:
 * - `liveCmsApi` (node.ts): `${baseUrl}${path}` over the Net's HttpClient, with credentials as headers;
 * - `directCmsApi` (node.ts): an in-process endpoint registry (path → handler), GET only;
 * - `fakeCmsApi` (index.ts): canned answers by method and path, every call recorded.
 *
 * An adapter answers `{ status, body }` (body: the decoded JSON, null for an empty answer) for any
 * answer it got, 4xx and 5xx included, and throws a NetFailure when there was no usable answer
 * (NET_REFUSED, NET_TIMEOUT, NET_RESET, NET_TOO_LARGE, NET_BAD_RESPONSE for invalid JSON on a 2xx).
 *
 * `api_method` has no endpoint of its own: its request carries `model`, `operation`, ... and the
 * conventional path `/api_method/<model>/<operation>` (GET), so the three adapters treat it like
 * any GET call.
 */

export type CmsPlugin = 'api_internal' | 'api_mng' | 'api_method';

/** a JSON value, as JSON.parse gives it */
export type CmsJson = null | boolean | number | string | CmsJson[] | { [key: string]: CmsJson };

export interface CmsRequest {
  plugin: CmsPlugin;
  method: 'GET' | 'POST';
  /** the endpoint as the template wrote it, with its own query string (`/rcms-api/1/news?_doc_lang=en`) */
  path: string;
  /** more query parameters (from `query` and, for GET, `queries`), after the path's own */
  query: [string, string][];
  /** the JSON body of a POST (api_internal and api_mng take it from `queries`) */
  body?: CmsJson;
  /**
   * api_mng's `files`, read from the temporary area: with them a POST goes as multipart/form-data
   * (the body's entries as form fields, each file as a `files[]` part)
   */
  files?: CmsFile[];
  /** `Name: value` headers of the template, in order */
  headers: [string, string][];
  /** run as this member (`member_id`, or the session's member with `use_current_session`) */
  memberId?: number;
  useCurrentSession?: boolean;
  /** api_internal's `direct=1`: in process when the adapter can, GET only, never with memberId */
  direct?: boolean;
  /** api_method only */
  model?: string;
  operation?: string;
  version?: number;
  requestParams?: { [key: string]: CmsJson };
  methodParams?: { [key: string]: CmsJson };
}

export interface CmsFile {
  /** the file's name (its last path segment) */
  name: string;
  /** its media type, from the extension */
  type: string;
  data: Uint8Array;
}

export interface CmsResponse {
  status: number;
  /** the decoded JSON answer; null when the body was empty (or not JSON on a non-2xx status) */
  body: unknown;
}

export interface CmsApi {
  /** what the API log and `--verbose` say */
  readonly kind: 'live' | 'direct' | 'fake';
  call(req: CmsRequest): Promise<CmsResponse>;
}

/** the path without its query string, for logs and registry keys */
export function pathOnly(path: string): string {
  const q = path.search(/[?#]/);
  return q < 0 ? path : path.slice(0, q);
}

/** the path's own query string as pairs, then `extra` */
export function allQuery(req: Pick<CmsRequest, 'path' | 'query'>): [string, string][] {
  const q = req.path.indexOf('?');
  const own = q < 0 ? [] : [...new URLSearchParams(req.path.slice(q + 1).replace(/#.*$/, ''))];
  return [...own, ...req.query];
}

/** the operations api_method runs: GET-type only */
export const READ_OPERATIONS = ['list', 'details'] as const;
/** operations a model has that write; api_method refuses them with NET_NOT_ALLOWED */
export const WRITE_OPERATIONS = ['insert', 'update', 'delete', 'upsert', 'bulk_upsert'] as const;

/** the documented error shape: `{"errors":[{"code":…,"message":…}]}` */
export function errorBody(code: string, message: string): { errors: { code: string; message: string }[] } {
  return { errors: [{ code, message }] };
}
