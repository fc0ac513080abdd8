/**
 * Rendering with read_dir and read_file registered, whether or not `filePlugins` holds them yet
 * (the registry keeps one definition per name, so registering them twice is harmless).
 */
import { modifiers } from '@sumi/modifiers';
import { fromJS, toJS } from '@sumi/php';
import { createEngine, type EngineOptions, type PluginDef, type Services } from '@sumi/runtime';
import { EXAMPLE_NOW, siteOptions } from '../src/index';
import type { Site } from '../src/site';
import type { Rendered } from './helpers';

export async function renderRead(
  site: Site,
  source: string,
  data: Record<string, unknown> = {},
  options: {
    now?: number;
    services?: Partial<Services>;
    limits?: EngineOptions['limits'];
    plugins?: readonly PluginDef[];
  } = {},
): Promise<Rendered> {
  const io = siteOptions(site);
  const engine = createEngine({
    ...io,
    plugins: [...modifiers, ...io.plugins, ...(options.plugins ?? [])],
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

/** warnings as `CODE message` */
export const warnings = (r: Rendered) =>
  r.log.filter((e) => e.level === 'warn').map((e) => `${e.code ?? ''} ${e.message}`.trim());
