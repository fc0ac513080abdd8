/**
 * @sumi/runtime — compiles the CMS's Smarty 2.6 dialect to JavaScript and
 * renders it with PHP value semantics. Everything of `@sumi/runtime/core`,
 * plus Smarty's functions, the catalog's variable plugins, dates, PCRE,
 * PHP formatting and the byte-string codec.
 */
import { Engine, type EngineOptions } from './engine';
import { variablePlugins } from './plugins/index';
import { smartyFunctions } from './smarty/index';

// `createEngine` below takes precedence over the core entry's plain one
export * from './core';
export { createCoreEngine } from './engine';
export * from './php/binary-string';
export {
  mktime,
  phpDate,
  SMARTY_DATE_FORMAT_DEFAULT,
  smartyDateFormat,
  smartyDateTimestamp,
  strftime,
  strtotime,
} from './php/date/index';
export * from './php/format/index';
export * from './php/pcre/index';
export { digestText, phpHash } from './plugins/hash';
export { variablePlugins } from './plugins/index';
export { smartyFunctions, wordwrap } from './smarty/index';

/** An engine with the core tags, Smarty's functions and the catalog's variable plugins, plus `options.plugins`. */
export function createEngine(options: EngineOptions = {}): Engine {
  return new Engine({
    ...options,
    plugins: [...smartyFunctions, ...variablePlugins, ...(options.plugins ?? [])],
  });
}
