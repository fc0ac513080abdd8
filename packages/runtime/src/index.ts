/**
 * @sumi/runtime — compiles the CMS's Smarty 2.6 dialect to JavaScript and
 * renders it with PHP value semantics.
 */
export { type CompiledTemplate, compileTemplate } from './compiler/compile';
export { coreTagDefs } from './compiler/core-tags';
export {
  createCoreEngine,
  Engine,
  type EngineOptions,
  type FunctionDefinition,
  type RenderOptions,
  type RenderResult,
  type RequestInput,
  type TemplateData,
} from './engine';
export { type ErrorCode, ErrorCodes, RenderFailure, SumiError } from './errors';
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
export * from './php/index';
export * from './php/pcre/index';
export { PluginRegistry } from './plugin/registry';
export * from './plugin/types';
export { variablePlugins } from './plugins/index';
export type * from './render/context';
export { DEFAULT_LIMITS, type Limits } from './render/limits';
export { RUN_CONTEXTS, type RunContext, type RunContextName } from './render/run-contexts';
export {
  defaultServices,
  memoryBatchQueue,
  memorySecrets,
  memorySession,
  seededRandom,
} from './render/services';
export { smartyFunctions, wordwrap } from './smarty/index';

import { Engine, type EngineOptions } from './engine';
import { variablePlugins as variablePluginDefs } from './plugins/index';
import { smartyFunctions as smartyFunctionDefs } from './smarty/index';

/** An engine with the core tags, Smarty's functions and the catalog's variable plugins, plus `options.plugins`. */
export function createEngine(options: EngineOptions = {}): Engine {
  return new Engine({
    ...options,
    plugins: [...smartyFunctionDefs, ...variablePluginDefs, ...(options.plugins ?? [])],
  });
}
export {
  binaryToBytes,
  byteCount,
  bytesToBinary,
  codePoints,
  fromBinary,
  fromBytes,
  fromCodePoints,
  isAsciiString,
  toBinary,
  toBytes,
} from './php/binary-string';
