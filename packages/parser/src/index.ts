/**
 * @sumi/parser: Smarty 2.6 (CMS dialect) source to lossless tokens, a span-exact
 * AST and recoverable diagnostics. Runs in browsers and Node; no dependencies.
 */
import type { Template } from './ast';
import { type Diagnostic, SumiSyntaxError } from './errors';
import type { ParseOptions } from './options';
import { parseInternal } from './parser';

export type * from './ast';
export {
  type Diagnostic,
  DiagnosticCode,
  diagnosticMessages,
  formatMessage,
  type Severity,
  SumiSyntaxError,
} from './errors';
export { IF_FUNCS, WORD_OPS as IF_WORD_OPS } from './if-expression';
export { type CodeFrameOptions, codeFrame, locate, type Position } from './location';
export { BINARY_PRECEDENCE, type BinaryLevel } from './operators';
export type { ParseOptions } from './options';
export {
  FOREACH_PROPS,
  isSmartyVar,
  type LoopProp,
  SECTION_PROPS,
  SMARTY_VARS,
  type SmartyVar,
  type SmartyVarName,
  smartyVarForm,
} from './smarty-vars';
export { CORE_BLOCK_TAGS, CORE_TAGS, type CoreTagName, type CoreTagSyntax } from './tags';
export { tokenize } from './tokenize';
export { TOKEN_TYPES, type Token, type TokenType } from './tokens';

/** Parses a template. Never throws: problems are returned as diagnostics. */
export function parse(
  source: string,
  options: ParseOptions = {},
): { ast: Template; diagnostics: Diagnostic[] } {
  return parseInternal(source, options, null);
}

/** Like `parse`, but throws `SumiSyntaxError` when there is any error diagnostic. */
export function parseOrThrow(
  source: string,
  options: ParseOptions = {},
): { ast: Template; diagnostics: Diagnostic[] } {
  const result = parseInternal(source, options, null);
  if (result.diagnostics.some((d) => d.severity === 'error')) {
    throw new SumiSyntaxError(result.diagnostics, options.templateName);
  }
  return result;
}
