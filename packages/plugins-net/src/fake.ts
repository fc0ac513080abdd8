/**
 * Ready-made nets. `fakeNet()`: every adapter a deterministic fake (the playground, tests, `sumi
 * render --fake`); `liveNet()`: real calls where the browser can make them (fetch). Each helper's
 * adapter joins through `parts` (`fakeNet({ http: fakeHttp({...}) })`), which also replaces any
 * default. Node hosts give `liveNet({ http: nodeHttpClient() })` for client certificates.
 */
import { fakeCloudConfig } from './cloud/fake';
import { fakeCmsApi } from './cms/fake';
import { fakeHttp } from './http/fake';
import { fetchHttpClient } from './http/fetch-client';
import { fakeMail } from './mail/fake';
import { fakeChat, fakeSocial } from './messaging/fake';
import type { Net } from './net';
import { fakePageRenderer } from './pages/fake';
import { memorySiteOperations } from './site-ops/memory';

/**
 * What the fake HTTP answers out of the box: the service the examples and the playground call
 * (`https://api.example.com/items…`); every other URL gets fakeHttp's 404. Edit or replace it with
 * `fakeNet({ http: fakeHttp({...}) })`.
 */
export const EXAMPLE_ROUTES = {
  'GET https://api.example.com/items*': { json: { items: [{ id: 1, name: 'tea' }] } },
} as const;

/** the secrets the examples and the playground's fake mode read (`{secret key="api_token"}`) */
export const EXAMPLE_SECRETS: Readonly<Record<string, string>> = { api_token: 't0k3n' };

/** every adapter a deterministic fake that records its calls; `parts` replaces any of them */
export function fakeNet<P extends Partial<Net> = Record<never, never>>(parts?: P): Net & P {
  return {
    mode: 'fake',
    http: fakeHttp({ ...EXAMPLE_ROUTES }),
    apiLog: [],
    cms: fakeCmsApi(),
    mail: fakeMail({ defaultFrom: 'noreply@example.com' }),
    chat: fakeChat(),
    social: fakeSocial(),
    cloud: fakeCloudConfig(),
    siteOps: memorySiteOperations(),
    pages: fakePageRenderer(),
    ...parts,
  } as Net & P;
}

export function liveNet<P extends Partial<Net> = Record<never, never>>(parts?: P): Net & P {
  return { mode: 'live', http: fetchHttpClient(), apiLog: [], ...parts } as Net & P;
}
