/**
 * `@sumi/runtime/core`: the compiler, the core tags and the plugin API, without the plugin groups —
 * for small browser bundles. `createCoreEngine` registers the core tags only; add what a template
 * needs through `plugins`.
 */
export { type CompiledTemplate, compileTemplate } from './compiler/compile';
export { coreTagDefs } from './compiler/tags';
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
export {
  type ErrorCode,
  ErrorCodes,
  type ErrorParams,
  errorMessage,
  errorMessages,
  type FormatOptions,
  fail,
  formatDiagnostic,
  formatError,
  isMemoryExhaustion,
  RenderFailure,
  type RuntimeErrorCode,
  type SumiDiagnostic,
  SumiError,
} from './errors';
export { assignTo } from './plugin/attributes';
export { attempt, PluginFailure, queueCallbackBatch } from './plugin/failure';
export { isPluginGroup, PLUGIN_GROUPS, type PluginGroup } from './plugin/groups';
export { PluginRegistry } from './plugin/registry';
export * from './plugin/types';
export type * from './render/context';
export { DEFAULT_LIMITS, LIMIT_INFO, type LimitInfo, type Limits } from './render/limits';
export { RUN_CONTEXTS, type RunContext, type RunContextName } from './render/run-contexts';
export {
  defaultServices,
  memoryBatchQueue,
  memorySecrets,
  memorySession,
  seededRandom,
} from './render/services';
