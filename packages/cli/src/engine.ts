/**
 * The engine every command uses: all modifiers, io and net plugins, Asia/Tokyo (the reference
 * engine's zone) unless the config says otherwise, plus custom functions, the site and the network.
 */
import { modifiers } from '@sumi/modifiers';
import { ioPlugins, type Site, siteOptions } from '@sumi/plugins-io';
import { type Net, netPlugins } from '@sumi/plugins-net';
import { createEngine, type Engine } from '@sumi/runtime';
import type { CliConfig } from './config';
import type { LoadedFunction } from './functions';
import { cliSecrets } from './secrets';

/** what a render runs against: the site folder and the network (both optional: `sumi plugins` needs neither) */
export interface RunEnvironment {
  site?: Site;
  net?: Net;
}

export function buildEngine(
  config: CliConfig = {},
  functions: readonly LoadedFunction[] = [],
  env: RunEnvironment = {},
): Engine {
  // the io and net plugins are always registered (`sumi plugins` lists them); without a site or a
  // network they fail with IO_NO_SITE / NET_NOT_CONFIGURED, logged
  const io = env.site ? siteOptions(env.site) : undefined;
  const { secrets, net: _net, ...engineOptions } = config;
  const engine = createEngine({
    plugins: [...modifiers, ...ioPlugins, ...netPlugins],
    ...engineOptions,
    services: {
      ...io?.services,
      ...(env.net ? { net: env.net } : {}),
      secrets: cliSecrets(secrets),
    },
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
