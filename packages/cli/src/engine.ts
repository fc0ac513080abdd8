/**
 * The engine every command uses: all modifiers, Asia/Tokyo (the reference
 * engine's zone) unless the config says otherwise, plus custom functions.
 */
import { modifiers } from '@sumi/modifiers';
import { createEngine, type Engine } from '@sumi/runtime';
import type { CliConfig } from './config';
import type { LoadedFunction } from './functions';

export function buildEngine(config: CliConfig = {}, functions: readonly LoadedFunction[] = []): Engine {
  const engine = createEngine({ plugins: [...modifiers], ...config });
  for (const fn of functions) {
    engine.defineFunction(
      fn.id === undefined
        ? { name: fn.name, source: fn.source }
        : { name: fn.name, id: fn.id, source: fn.source },
    );
  }
  return engine;
}
