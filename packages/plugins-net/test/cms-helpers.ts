/** A Net for the CMS plugins' tests: the given CMS adapter, an HTTP client that must not be used. */
import type { CmsApi, HttpClient, Net } from '../src/index';

const noHttp: HttpClient = {
  request: () => Promise.reject(new Error('the CMS tests make no plain HTTP calls')),
};

export function cmsNet(cms?: CmsApi, http: HttpClient = noHttp): Net {
  return { mode: cms?.kind === 'fake' ? 'fake' : 'live', http, apiLog: [], ...(cms ? { cms } : {}) };
}
