/**
 * The engine every command uses: all modifiers and io plugins, Asia/Tokyo (the reference
 * engine's zone) unless the config says otherwise, plus custom functions and the site.
 */
import { modifiers } from '@sumi/modifiers';
import { ioPlugins, type Site, siteOptions } from '@sumi/plugins-io';
import { createEngine, type Engine } from '@sumi/runtime';
import type { CliConfig } from './config';
import type { LoadedFunction } from './functions';

export function buildEngine(
  config: CliConfig = {},
  functions: readonly LoadedFunction[] = [],
  site?: Site,
): Engine {
  // the io plugins are always registered (`sumi plugins` lists them); without a site they fail
  // with IO_NO_SITE, logged
  const io = site ? siteOptions(site) : undefined;
  const engine = createEngine({
    plugins: [...modifiers, ...ioPlugins],
    ...config,
    services: io?.services,
    // the config's constants win over the site's (a test may pin TEMP_DIR2)
    constants: { ...io?.constants, ...config.constants },
  });
  for (const fn of functions) {
    engine.defineFunction(
      fn.id === undefined
        ? { name: fn.name, source: fn.source }
        : { name: fn.name, id: fn.id, source: fn.source },
    );
  }
  return engine;
}
