/**
 * @sumi/cli — the `sumi` command (render, check, cases, plugins). The same
 * commands are exported for tools that want to run them in-process.
 */
export { type CaseFiles, type CaseResult, findCases, type LoadedCase, loadCases, runCase } from './cases';
export { casesCommand } from './commands/cases';
export { checkCommand, checkSource } from './commands/check';
export { initCommand } from './commands/init';
export { pluginsCommand } from './commands/plugins';
export { renderCommand } from './commands/render';
export { serveCommand, storageServer } from './commands/serve';
export { type CliConfig, loadConfig, parseConfig } from './config';
export { firstDifference, formatDiff, splitLines, visible } from './diff';
export { buildEngine } from './engine';
export { type LoadedFunction, loadFunctions } from './functions';
export { type Io, memoryIo, processIo, readData, UsageError } from './io';
export { COMMAND_NAMES, main, usage } from './main';
