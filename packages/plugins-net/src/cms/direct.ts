/**
 * directCmsApi: an in-process endpoint registry, what api_internal's `direct=1` means (no network).
 * Keys are paths without a query string (`/rcms-api/1/news`); api_method's requests use the path
 * `/api_method/<model>/<operation>`. A handler gets the request with `query` holding the path's own
 * query string first, then the call's. It answers a JSON value (status 200) or `{ status, body }`
 * when it sets `status`. GET only: a POST fails with NET_NOT_ALLOWED. An unknown path answers 404
 * with the documented error shape.
 */
import { failure } from '../failure';
import { allQuery, type CmsApi, type CmsRequest, type CmsResponse, errorBody, pathOnly } from './types';

export type CmsHandler = (req: CmsRequest) => unknown | Promise<unknown>;

export function cmsPathOf(req: CmsRequest): string {
  return req.plugin === 'api_method'
    ? `/api_method/${req.model ?? ''}/${req.operation ?? ''}`
    : pathOnly(req.path);
}

export function directCmsApi(registry: Record<string, CmsHandler> | Map<string, CmsHandler>): CmsApi {
  const table = registry instanceof Map ? registry : new Map(Object.entries(registry));
  return {
    kind: 'direct',
    async call(req: CmsRequest): Promise<CmsResponse> {
      if (req.method !== 'GET') throw failure('NET_NOT_ALLOWED', 'the direct registry answers GET only');
      const path = cmsPathOf(req);
      const handler = table.get(path);
      if (!handler) return { status: 404, body: errorBody('not_found', `no endpoint ${path}`) };
      const out = await handler({ ...req, query: allQuery(req) });
      if (out !== null && typeof out === 'object' && 'status' in out && typeof out.status === 'number')
        return { status: out.status, body: 'body' in out ? out.body : null };
      return { status: 200, body: out ?? null };
    },
  };
}
