/**
 * @sumi/runtime — compiles the CMS's Smarty 2.6 dialect to JavaScript and renders it with PHP value
 * semantics. Everything of `@sumi/runtime/core`, plus `createEngine`, which registers Smarty's
 * functions and the catalog's variable plugins. PHP's semantics themselves live in `@sumi/php`.
 */
import { Engine, type EngineOptions } from './engine';
import { variablePlugins } from './plugins/index';
import { smartyFunctions } from './smarty/index';

export * from './core';
export { variablePlugins } from './plugins/index';
export { MATH_FUNCTIONS, smartyFunctions, wordwrap } from './smarty/index';

/** An engine with the core tags, Smarty's functions and the catalog's variable plugins, plus `options.plugins`. */
export function createEngine(options: EngineOptions = {}): Engine {
  return new Engine({
    ...options,
    plugins: [...smartyFunctions, ...variablePlugins, ...(options.plugins ?? [])],
  });
}
