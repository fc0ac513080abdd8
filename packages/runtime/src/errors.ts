/**
 * Runtime and compile errors: one table of codes, one message template per
 * code (the parser's pattern, packages/parser/src/errors.ts), one error class
 * that always carries the template name, line, column and code frame, and the
 * one formatter the CLI, the playground and the docs print errors with.
 *
 * Wording: a tag's `name=value` pairs are "attributes"; PHP's own messages
 * (TypeError, ValueError, ...) are kept verbatim, "argument" and all.
 */
import { codeFrame, type Diagnostic, formatMessage, locate, type Span } from '@sumi/parser';

export const ErrorCodes = {
  // compile time
  UNKNOWN_TAG: 'UNKNOWN_TAG',
  UNKNOWN_MODIFIER: 'UNKNOWN_MODIFIER',
  MISSING_ATTRIBUTE: 'MISSING_ATTRIBUTE',
  INVALID_ATTRIBUTE: 'INVALID_ATTRIBUTE',
  /** an error for {section}; a warning for every other tag (the CMS ignores the attribute) */
  UNKNOWN_ATTRIBUTE: 'UNKNOWN_ATTRIBUTE',
  NOT_A_BLOCK: 'NOT_A_BLOCK',
  PHP_FORBIDDEN: 'PHP_FORBIDDEN',
  LOOP_CONTROL_IN_BLOCK: 'LOOP_CONTROL_IN_BLOCK',
  // compile-time warnings
  ASSIGN_WITHOUT_VALUE: 'ASSIGN_WITHOUT_VALUE',
  MODIFIER_ARITY: 'MODIFIER_ARITY',
  JUMP_LEAVES_CAPTURE: 'JUMP_LEAVES_CAPTURE',
  // run time
  INVALID_DATA: 'INVALID_DATA',
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
  LIMIT_MEMORY: 'LIMIT_MEMORY',
  LIMIT_TEMPLATE: 'LIMIT_TEMPLATE',
  LIMIT_COST: 'LIMIT_COST',
  INTERNAL: 'INTERNAL',
  // shared with the parser, which finds most of them first
  UNKNOWN_SMARTY_VAR: 'UNKNOWN_SMARTY_VAR',
  INVALID_SMARTY_REF: 'INVALID_SMARTY_REF',
  BREAK_OUTSIDE_LOOP: 'BREAK_OUTSIDE_LOOP',
} as const;

/** what a PHP error class is called in messages: `TypeError: ...` */
interface PhpErrorParams {
  /** PHP's error class: TypeError, ValueError, DivisionByZeroError, ParseError, Error */
  kind: string;
  /** PHP's message, verbatim */
  message: string;
  /** the plugin that ran PHP code of its own (`math`), if any */
  plugin?: string;
}

const phpError = ({ kind, message, plugin }: PhpErrorParams) =>
  `${plugin ? `${plugin}: ` : ''}${kind}: ${message}`;

const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(' or ');

/**
 * The one message table: each code's template, with named parameters. The codes the
 * runtime shares with the parser (`$smarty.x`, `{break}`) use the parser's templates.
 */
export const errorMessages = {
  UNKNOWN_TAG: ({ name }: { name: string }) => formatMessage('UNKNOWN_TAG', { name }),
  UNKNOWN_MODIFIER: ({ name }: { name: string }) =>
    `[plugin] (secure mode) modifier '${name}' is not allowed`,
  /** several names: any one of them will do (`{function}` needs name or id) */
  MISSING_ATTRIBUTE: ({ tag, attribute }: { tag: string; attribute: string | readonly string[] }) =>
    `${tag}: missing ${quoted(typeof attribute === 'string' ? [attribute] : attribute)} attribute`,
  /** `problem` names the attribute: "'item' must be a variable name (literal string)" */
  INVALID_ATTRIBUTE: ({ tag, problem }: { tag: string; problem: string }) => `${tag}: ${problem}`,
  /**
   * An error for `{section}`, in Smarty 2.6's own wording as the CMS reports it; elsewhere a warning
   * (`ignored`): the CMS ignores an attribute a tag does not take
   */
  UNKNOWN_ATTRIBUTE: ({ tag, attribute, ignored }: { tag: string; attribute: string; ignored?: boolean }) =>
    tag === 'section'
      ? `unknown section attribute - '${attribute}'`
      : `${tag}: unknown attribute '${attribute}'${ignored ? ' (ignored)' : ''}`,
  NOT_A_BLOCK: ({ name }: { name: string }) => `{${name}} is a block tag and needs a closing {/${name}}`,
  /** the CMS rejects `{php}` and friends as unknown tags; the hint says why */
  PHP_FORBIDDEN: ({ name }: { name: string }) => `unrecognized tag '${name}'`,
  LOOP_CONTROL_IN_BLOCK: ({ name, block }: { name: string; block: string }) =>
    `{${name}} cannot leave {${block}}: a block plugin renders its content on its own, ` +
    'so the loop around the block is out of reach',
  ASSIGN_WITHOUT_VALUE: ({ other }: { other?: string }) =>
    `{assign} without 'value' assigns nothing${other ? ` ('${other}' is not an attribute of assign)` : ''}`,
  /** PHP's ArgumentCountError message, verbatim: "substr() expects at most 3 arguments, 5 given" */
  MODIFIER_ARITY: ({ message }: { message: string }) => message,
  JUMP_LEAVES_CAPTURE: ({ name }: { name: string }) =>
    `{${name}} leaves {capture} before its end: its output buffer stays open, as in the CMS, so what ` +
    'was printed before the capture is lost and what follows is printed into it',
  /** `reason` when the data are an object that has no PHP meaning (they contain themselves) */
  INVALID_DATA: ({ got, reason }: { got?: string; reason?: string }) =>
    reason === undefined
      ? `template data must be an object (its keys become variables), got ${got}`
      : `template data cannot be read: ${reason}`,
  PHP_ERROR: phpError,
  DIVISION_BY_ZERO: phpError,
  TYPE_ERROR: phpError,
  /** a plugin's own account of what went wrong */
  PLUGIN_ERROR: ({ plugin, message }: { plugin?: string; message: string }) =>
    plugin ? `${plugin}: ${message}` : message,
  ATTRIBUTE_TYPE: ({
    tag,
    attribute,
    expected,
    got,
  }: {
    tag: string;
    attribute: string;
    expected: string;
    got: string;
  }) => `${tag}: '${attribute}' must be ${expected}, got ${got}`,
  ASYNC_IN_SYNC: ({ name }: { name: string }) =>
    `{${name}} is asynchronous: use render() instead of renderSync()`,
  /** names the attribute, never its value: a name or id built from a constant may be a secret */
  UNKNOWN_FUNCTION: ({ attribute }: { attribute: 'name' | 'id' }) =>
    `function: attribute '${attribute}' does not name a defined custom function`,
  LIMIT_STEPS: ({ limit }: { limit: number }) =>
    `step budget exceeded (${limit} loop iterations, plugin and modifier calls)`,
  LIMIT_TIME: ({ limit }: { limit: number }) => `time budget exceeded (${limit} ms)`,
  LIMIT_OUTPUT: ({ limit }: { limit: number }) => `output budget exceeded (${limit} bytes)`,
  /** `what`: the nesting that went too deep, with its limit */
  LIMIT_DEPTH: ({ what }: { what: string }) => what,
  /** `what`: the value or the total that was too big, with its size and limit */
  LIMIT_MEMORY: ({ what }: { what: string }) => `memory budget exceeded: ${what}`,
  LIMIT_TEMPLATE: ({ length, limit }: { length: number; limit: number }) =>
    `template too long: ${length} characters, the limit is ${limit}`,
  /** a JS engine error (TypeError, ...) in Sumi or a plugin: its text is never shown, only its place */
  INTERNAL: ({ where }: { where: string }) => `internal error in ${where} (a bug in Sumi: please report it)`,
  /** a single call asked for more work than Sumi allows one call (bcrypt's cost); `what` names the call and its value */
  LIMIT_COST: ({ what, limit }: { what: string; limit: number }) => `${what} exceeds the limit of ${limit}`,
  // shared with the parser
  UNKNOWN_SMARTY_VAR: ({ name }: { name: string }) => formatMessage('UNKNOWN_SMARTY_VAR', { name }),
  INVALID_SMARTY_REF: ({ ref }: { ref: string }) => formatMessage('INVALID_SMARTY_REF', { ref }),
  BREAK_OUTSIDE_LOOP: ({ name }: { name: string }) => formatMessage('BREAK_OUTSIDE_LOOP', { name }),
} as const;

/** a code the runtime raises (its own, and the few it shares with the parser) */
export type RuntimeErrorCode = keyof typeof errorMessages;
/** every code a SumiError can carry: the runtime's and the parser's */
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes] | Diagnostic['code'];
/** a diagnostic of a template: the parser's, or a compile warning or error with a runtime code */
export interface SumiDiagnostic extends Omit<Diagnostic, 'code'> {
  code: ErrorCode;
}

/** the named parameters of a code's message */
export type ErrorParams<C extends RuntimeErrorCode> = Parameters<(typeof errorMessages)[C]>[0];

/** the message of `code` with `params` filled in */
export function errorMessage<C extends RuntimeErrorCode>(code: C, params: ErrorParams<C>): string {
  return (errorMessages[code] as (p: ErrorParams<C>) => string)(params);
}

/**
 * Stops a render with `code`: the template's catch turns it into a SumiError at the
 * position of the tag being run.
 */
export function fail<C extends RuntimeErrorCode>(code: C, params: ErrorParams<C>, hint?: string): never {
  throw new RenderFailure(code, errorMessage(code, params), hint);
}

/** the JS stack ran out: deep recursion, reported as LIMIT_DEPTH */
export function isStackOverflow(e: unknown): boolean {
  return (
    e instanceof Error &&
    ((e instanceof RangeError && /call stack/i.test(e.message)) || /too much recursion/i.test(e.message))
  );
}

/**
 * The JS engine refused to make a value that big (a string, an array or a Map past its maximum size).
 * The hook of the memory budget (render/limits.ts): until it maps these, they are INTERNAL errors.
 */
export function isMemoryExhaustion(e: unknown): boolean {
  return (
    e instanceof RangeError &&
    /invalid string length|invalid array length|maximum size exceeded|out of memory|allocation failed/i.test(
      e.message,
    )
  );
}

/** an error of the JS engine itself (a bug in Sumi or a plugin), as opposed to one a plugin means to throw */
export function isEngineError(e: unknown): boolean {
  return (
    e instanceof TypeError ||
    e instanceof ReferenceError ||
    e instanceof SyntaxError ||
    e instanceof RangeError ||
    e instanceof EvalError ||
    e instanceof URIError
  );
}

/**
 * The code and message of something thrown inside a render that is not Sumi's own error (a RenderFailure
 * or a PhpError): a stack overflow is LIMIT_DEPTH; an engine error is INTERNAL, placed but never quoted
 * (its text is JS internals; the SumiError keeps it as `cause` for --debug); a plain Error a plugin
 * throws is that plugin's own account, PLUGIN_ERROR. `where` names the tag or modifier that was running.
 */
export function thrownError(e: unknown, where: string): { code: RuntimeErrorCode; message: string } {
  if (isStackOverflow(e)) {
    return { code: 'LIMIT_DEPTH', message: errorMessage('LIMIT_DEPTH', { what: 'recursion too deep' }) };
  }
  if (isMemoryExhaustion(e)) {
    // JavaScript's own ceiling (a string of 2^29 characters, a Map of 2^24 keys) was reached before
    // any of the budgets: only a built-in that multiplies a value within the caps gets there
    return {
      code: 'LIMIT_MEMORY',
      message: errorMessage('LIMIT_MEMORY', { what: 'a value grew past what JavaScript can hold' }),
    };
  }
  if (isEngineError(e) || !(e instanceof Error)) {
    return { code: 'INTERNAL', message: errorMessage('INTERNAL', { where }) };
  }
  return { code: 'PLUGIN_ERROR', message: errorMessage('PLUGIN_ERROR', { message: e.message }) };
}

/**
 * How an INTERNAL message names the place: `{name}` for a tag, `|name` for a modifier, else "this
 * tag". `text` is the source from the start of the span that was running.
 */
export function placeLabel(text: string): string {
  const m = /^(\{\/?|\|@?)([A-Za-z_][A-Za-z0-9_]*)/.exec(text);
  if (!m) return 'this tag';
  return m[1]!.startsWith('|') ? `|${m[2]}` : `{${m[2]}}`;
}

export interface SumiErrorInit {
  code: ErrorCode;
  message: string;
  template: string;
  source: string;
  span: Span | null;
  hint?: string;
  diagnostics?: SumiDiagnostic[];
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
  readonly diagnostics: SumiDiagnostic[];

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
}

/** Thrown inside a render to stop it; turned into a positioned SumiError by the template's catch. */
export class RenderFailure extends Error {
  constructor(
    readonly code: RuntimeErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export interface FormatOptions {
  /** the template name to print when the error has none */
  file?: string;
  /**
   * Also print the JS stack (of the error, and of what caused it): for a bug report. Off by default,
   * since a stack is JS internals and names the host's files.
   */
  debug?: boolean;
}

function withFrame(head: string, frame: string | undefined, hint: string | undefined): string {
  let out = `${head}\n`;
  if (frame) out += frame.endsWith('\n') ? frame : `${frame}\n`;
  if (hint) out += `hint: ${hint}\n`;
  return out;
}

/**
 * The one error formatter (the CLI prints with it, the playground shows it): the line
 * `page.tpl:3:7 CODE message` the way compilers and editors write it, then the code frame and
 * the hint when there is one. The position is in the error's own template (a custom function's
 * file, say). Anything that is not a SumiError is a bug in Sumi or a plugin: INTERNAL, its text
 * and stack printed only with `debug` (they are JS internals, not the template's).
 */
export function formatError(err: unknown, options: FormatOptions = {}): string {
  if (err instanceof SumiError) {
    const where = `${err.template || options.file || '<template>'}:${err.line}:${err.column}`;
    const out = withFrame(`${where} ${err.code} ${err.message}`, err.frame, err.hint);
    return options.debug ? out + debugDetails(err, err.cause) : out;
  }
  const head = `${options.file ?? '<template>'}:1:1 INTERNAL ${errorMessage('INTERNAL', { where: 'Sumi' })}\n`;
  return options.debug ? head + debugDetails(null, err) : head;
}

/** the stacks `debug` prints: the error's own, then its cause's */
function debugDetails(err: Error | null, cause: unknown): string {
  let out = '';
  if (err?.stack) out += `stack: ${err.stack}\n`;
  if (cause !== undefined) {
    out += `cause: ${cause instanceof Error ? (cause.stack ?? `${cause.name}: ${cause.message}`) : String(cause)}\n`;
  }
  return out;
}

/** A diagnostic (error or warning) of `source`, in the same form; warnings say `warning:`. */
export function formatDiagnostic(d: SumiDiagnostic, file: string, source: string): string {
  const message = d.severity === 'warning' ? `warning: ${d.message}` : d.message;
  let frame: string | undefined;
  try {
    frame = codeFrame(source, d.span);
  } catch {
    frame = undefined;
  }
  return withFrame(`${file}:${d.line}:${d.column} ${d.code} ${message}`, frame, d.hint);
}
