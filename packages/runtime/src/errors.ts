/**
 * Runtime and compile errors: one table of codes and messages, one error
 * class that always carries the template name, line, column and code frame.
 */
import { codeFrame, type Diagnostic, locate, type Span } from '@sumi/parser';

export const ErrorCodes = {
  // compile time
  SYNTAX: 'SYNTAX',
  UNKNOWN_TAG: 'UNKNOWN_TAG',
  UNKNOWN_MODIFIER: 'UNKNOWN_MODIFIER',
  MISSING_ATTRIBUTE: 'MISSING_ATTRIBUTE',
  INVALID_ATTRIBUTE: 'INVALID_ATTRIBUTE',
  UNKNOWN_ATTRIBUTE: 'UNKNOWN_ATTRIBUTE',
  NOT_A_BLOCK: 'NOT_A_BLOCK',
  PHP_FORBIDDEN: 'PHP_FORBIDDEN',
  // run time
  PHP_ERROR: 'PHP_ERROR',
  DIVISION_BY_ZERO: 'DIVISION_BY_ZERO',
  TYPE_ERROR: 'TYPE_ERROR',
  PLUGIN_ERROR: 'PLUGIN_ERROR',
  ATTRIBUTE_TYPE: 'ATTRIBUTE_TYPE',
  ASYNC_IN_SYNC: 'ASYNC_IN_SYNC',
  UNKNOWN_FUNCTION: 'UNKNOWN_FUNCTION',
  LIMIT_STEPS: 'LIMIT_STEPS',
  LIMIT_TIME: 'LIMIT_TIME',
  LIMIT_OUTPUT: 'LIMIT_OUTPUT',
  LIMIT_DEPTH: 'LIMIT_DEPTH',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes] | Diagnostic['code'];

export interface SumiErrorInit {
  code: ErrorCode;
  message: string;
  template: string;
  source: string;
  span: Span | null;
  hint?: string;
  diagnostics?: Diagnostic[];
  cause?: unknown;
}

/** The one error type Sumi throws at callers. */
export class SumiError extends Error {
  readonly code: ErrorCode;
  readonly template: string;
  readonly line: number;
  readonly column: number;
  readonly span: Span | null;
  readonly frame: string;
  readonly hint: string | undefined;
  readonly diagnostics: Diagnostic[];

  constructor(init: SumiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SumiError';
    this.code = init.code;
    this.template = init.template;
    this.span = init.span;
    this.hint = init.hint;
    const at = init.span ? locate(init.source, init.span.start) : { line: 1, column: 1 };
    this.line = at.line;
    this.column = at.column;
    this.frame = init.span ? codeFrame(init.source, init.span) : '';
    this.diagnostics = init.diagnostics ?? [];
  }

  /** `page.tpl:3:7 CODE message` — the CLI's first line */
  format(): string {
    const head = `${this.template}:${this.line}:${this.column} ${this.code} ${this.message}`;
    const hint = this.hint ? `\nhint: ${this.hint}` : '';
    return this.frame ? `${head}\n${this.frame}${hint}` : head + hint;
  }
}

/** Thrown inside a render to stop it; turned into a positioned SumiError by the template's catch. */
export class RenderFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}
