/** A Net whose only adapter the job plugins use: the in-memory site operations. */
import type { Net } from '../src/index';
import { type MemorySiteOptions, memorySiteOperations } from '../src/index';

export function jobsNet(options: MemorySiteOptions = {}) {
  const siteOps = memorySiteOperations(options);
  const net: Net & { apiLog: Net['apiLog'] } = {
    mode: 'fake',
    http: { request: () => Promise.reject(new Error('no HTTP in job tests')) },
    apiLog: [],
    siteOps,
  };
  return { net, siteOps };
}
