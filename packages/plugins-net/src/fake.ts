/**
 * Ready-made nets. `fakeNet()`: every adapter a deterministic fake (the playground, tests, `sumi
 * render --fake`); `liveNet()`: real calls where the browser can make them (fetch). Each helper's
 * adapter joins through `parts` (`fakeNet({ http: fakeHttp({...}) })`), which also replaces any
 * default. Node hosts give `liveNet({ http: nodeHttpClient() })` for client certificates.
 */
import { fakeHttp } from './http/fake';
import { fetchHttpClient } from './http/fetch-client';
import type { Net } from './net';

export function fakeNet<P extends Partial<Net> = Record<never, never>>(parts?: P): Net & P {
  return { mode: 'fake', http: fakeHttp(), apiLog: [], ...parts } as Net & P;
}

export function liveNet<P extends Partial<Net> = Record<never, never>>(parts?: P): Net & P {
  return { mode: 'live', http: fetchHttpClient(), apiLog: [], ...parts } as Net & P;
}
