/** Rendering on a site, for the plugins' tests. */
import { modifiers } from '@sumi/modifiers';
import { fromJS, toJS } from '@sumi/php';
import {
  createEngine,
  type EngineOptions,
  type LogEntry,
  memoryBatchQueue,
  type Services,
} from '@sumi/runtime';
import type { MemoryFileInit, MemoryFs } from '../src/fs/memory';
import { EXAMPLE_NOW, exampleSiteFiles, siteOptions } from '../src/index';
import type { Site } from '../src/site';
import { memorySite } from '../src/site-load';

export interface Rendered {
  output: string;
  log: LogEntry[];
  /** error entries as `CODE message` */
  errors: string[];
  vars: Record<string, unknown>;
}

/** renders `source` on `site` with every modifier, the clock at `now` (default EXAMPLE_NOW) */
export async function renderOn(
  site: Site,
  source: string,
  data: Record<string, unknown> = {},
  options: { now?: number; services?: Partial<Services>; limits?: EngineOptions['limits'] } = {},
): Promise<Rendered> {
  const io = siteOptions(site);
  const engine = createEngine({
    ...io,
    plugins: [...modifiers, ...io.plugins],
    limits: options.limits,
    services: { ...io.services, clock: { now: () => options.now ?? EXAMPLE_NOW }, ...options.services },
  });
  const r = await engine.render(source, fromJS(data));
  return {
    output: r.output,
    log: r.log,
    errors: r.log.filter((e) => e.level === 'error').map((e) => `${e.code ?? ''} ${e.message}`.trim()),
    vars: toJS(r.vars) as Record<string, unknown>,
  };
}

/** the example site in memory, at EXAMPLE_NOW */
export function exampleSite(): Promise<Site> {
  return memorySite(exampleSiteFiles(), { now: () => EXAMPLE_NOW });
}

/** a memory site with just these files */
export function siteWith(files: Record<string, MemoryFileInit> = {}): Promise<Site> {
  return memorySite(files, { now: () => EXAMPLE_NOW });
}

export const text = (b: Uint8Array) => new TextDecoder().decode(b);

export async function readText(site: Site, path: string): Promise<string> {
  return text(await site.fs.read(path));
}

export const files = (site: Site) => (site.fs as MemoryFs).snapshot();
export { memoryBatchQueue };
