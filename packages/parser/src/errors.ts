/**
 * Diagnostics: one code table, one message table (Vue compiler-core style).
 * Messages follow Smarty 2.6's wording where Smarty has one, so users can search
 * for what the CMS told them; `{name}` placeholders are filled from `params`.
 */
import type { Span } from './ast';
import { lineStarts, locateIn, type Position } from './location';

export const DiagnosticCode = {
  // tags and structure
  UNRECOGNIZED_TAG: 'UNRECOGNIZED_TAG',
  UNKNOWN_TAG: 'UNKNOWN_TAG',
  UNCLOSED_TAG: 'UNCLOSED_TAG',
  MISMATCHED_TAG: 'MISMATCHED_TAG',
  UNEXPECTED_TAG: 'UNEXPECTED_TAG',
  BREAK_OUTSIDE_LOOP: 'BREAK_OUTSIDE_LOOP',
  SMARTY3_FORM: 'SMARTY3_FORM',
  PHP_TAG: 'PHP_TAG',
  REGISTERED_OBJECT: 'REGISTERED_OBJECT',
  // {if}
  IF_NO_ARGS: 'IF_NO_ARGS',
  IF_UNBALANCED_PAREN: 'IF_UNBALANCED_PAREN',
  IF_UNIDENTIFIED_TOKEN: 'IF_UNIDENTIFIED_TOKEN',
  IF_FUNCTION_NOT_ALLOWED: 'IF_FUNCTION_NOT_ALLOWED',
  IF_UNKNOWN_IS: 'IF_UNKNOWN_IS',
  IF_IS_EXPECTING_BY: 'IF_IS_EXPECTING_BY',
  IF_VARIABLE_CALL: 'IF_VARIABLE_CALL',
  IF_SYNTAX: 'IF_SYNTAX',
  // variables and values
  UNKNOWN_SMARTY_VAR: 'UNKNOWN_SMARTY_VAR',
  INVALID_SMARTY_REF: 'INVALID_SMARTY_REF',
  PRIVATE_MEMBER: 'PRIVATE_MEMBER',
  INTERNAL_MEMBER: 'INTERNAL_MEMBER',
  DYNAMIC_MEMBER: 'DYNAMIC_MEMBER',
  METHOD_CALL: 'METHOD_CALL',
  INVALID_MATH: 'INVALID_MATH',
  INVALID_NUMBER: 'INVALID_NUMBER',
  BARE_CONSTANT: 'BARE_CONSTANT',
  // attributes
  INVALID_ATTRIBUTE: 'INVALID_ATTRIBUTE',
  ATTRIBUTE_EXPECTING_EQUALS: 'ATTRIBUTE_EXPECTING_EQUALS',
  MISSING_ATTRIBUTE_VALUE: 'MISSING_ATTRIBUTE_VALUE',
  EQUALS_AS_VALUE: 'EQUALS_AS_VALUE',
  // warnings: Smarty 2 accepts these silently, the user almost certainly meant something else
  IGNORED_AFTER_SPACE: 'IGNORED_AFTER_SPACE',
  ELSE_IF_IS_ELSE: 'ELSE_IF_IS_ELSE',
  IGNORED_TAG_ARGS: 'IGNORED_TAG_ARGS',
  UNTERMINATED_QUOTE: 'UNTERMINATED_QUOTE',
  DUPLICATE_ATTRIBUTE: 'DUPLICATE_ATTRIBUTE',
  ARRAY_LITERAL_IS_STRING: 'ARRAY_LITERAL_IS_STRING',
  PHP_LOCAL_IN_MATH: 'PHP_LOCAL_IN_MATH',
  PHP_CONSTANT_IN_MATH: 'PHP_CONSTANT_IN_MATH',
} as const;

export type DiagnosticCode = (typeof DiagnosticCode)[keyof typeof DiagnosticCode];

export type Severity = 'error' | 'warning';

interface MessageEntry {
  severity: Severity;
  message: string;
}

/** The one message table. */
export const diagnosticMessages: Record<DiagnosticCode, MessageEntry> = {
  UNRECOGNIZED_TAG: { severity: 'error', message: 'unrecognized tag: {content}' },
  UNKNOWN_TAG: { severity: 'error', message: "unrecognized tag '{name}'" },
  UNCLOSED_TAG: { severity: 'error', message: 'unclosed tag {{name}} (opened line {line}).' },
  MISMATCHED_TAG: { severity: 'error', message: 'mismatched tag {/{name}}.{expected}' },
  UNEXPECTED_TAG: { severity: 'error', message: 'unexpected {{name}}' },
  BREAK_OUTSIDE_LOOP: { severity: 'error', message: '{{name}} is not inside {foreach} or {section}' },
  SMARTY3_FORM: { severity: 'error', message: '{message}' },
  PHP_TAG: { severity: 'error', message: '(secure mode) php tags not permitted: {content}' },
  REGISTERED_OBJECT: { severity: 'error', message: "registered object tags are not supported: '{content}'" },
  IF_NO_ARGS: { severity: 'error', message: "'{name}' statement requires arguments" },
  IF_UNBALANCED_PAREN: { severity: 'error', message: 'unbalanced parenthesis in if statement' },
  IF_UNIDENTIFIED_TOKEN: { severity: 'error', message: "unidentified token '{token}'" },
  IF_FUNCTION_NOT_ALLOWED: {
    severity: 'error',
    message: "(secure mode) '{name}' not allowed in if statement",
  },
  IF_UNKNOWN_IS: { severity: 'error', message: "unknown 'is' expression - '{word}'" },
  IF_IS_EXPECTING_BY: { severity: 'error', message: "expecting 'by' after '{word}'" },
  IF_VARIABLE_CALL: {
    severity: 'error',
    message: "variable function call '{token}' not allowed in if statement",
  },
  IF_SYNTAX: { severity: 'error', message: 'syntax error in {{name}}: {detail}' },
  UNKNOWN_SMARTY_VAR: { severity: 'error', message: '$smarty.{name} is an unknown reference' },
  INVALID_SMARTY_REF: { severity: 'error', message: '$smarty{ref} is an invalid reference' },
  PRIVATE_MEMBER: { severity: 'error', message: '(secure) call to private object member is not allowed' },
  INTERNAL_MEMBER: { severity: 'error', message: 'call to internal object members is not allowed' },
  DYNAMIC_MEMBER: { severity: 'error', message: '(secure) call to dynamic object member is not allowed' },
  METHOD_CALL: { severity: 'error', message: "object method calls are not supported: '{content}'" },
  INVALID_MATH: { severity: 'error', message: "invalid math in '{content}': {detail}" },
  INVALID_NUMBER: { severity: 'error', message: "invalid numeric literal '{content}'" },
  BARE_CONSTANT: {
    severity: 'error',
    message: "'{word}' is read by PHP as an undefined constant, which is an error",
  },
  INVALID_ATTRIBUTE: { severity: 'error', message: "invalid attribute name: '{name}'" },
  ATTRIBUTE_EXPECTING_EQUALS: { severity: 'error', message: "expecting '=' after attribute name '{name}'" },
  MISSING_ATTRIBUTE_VALUE: { severity: 'error', message: 'missing attribute value' },
  EQUALS_AS_VALUE: { severity: 'error', message: "'=' cannot be an attribute value" },
  IGNORED_AFTER_SPACE: {
    severity: 'warning',
    message: "everything after the first space of a variable tag is ignored: '{content}'",
  },
  ELSE_IF_IS_ELSE: {
    severity: 'warning',
    message: '{else if ...} is a plain {else}: its condition is ignored',
  },
  IGNORED_TAG_ARGS: { severity: 'warning', message: '{{name}} takes no arguments; ignored: {content}' },
  UNTERMINATED_QUOTE: {
    severity: 'warning',
    message: 'unterminated quote in tag attributes: the quote character is ignored',
  },
  DUPLICATE_ATTRIBUTE: {
    severity: 'warning',
    message: "attribute '{name}' is given twice; the last one wins",
  },
  ARRAY_LITERAL_IS_STRING: {
    severity: 'warning',
    message: '\'{content}\' is the string "{content}": Smarty 2 has no array literals',
  },
  PHP_CONSTANT_IN_MATH: {
    severity: 'warning',
    message:
      "'{word}' after '>' in variable math is read by PHP as a constant: an Error when it is evaluated " +
      'and PHP does not define it',
  },
  PHP_LOCAL_IN_MATH: {
    severity: 'warning',
    message:
      "'{content}' after '>' in variable math is not the template variable: Smarty 2 pastes it into PHP, " +
      'where it is an undefined PHP variable (null)',
  },
};

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  span: Span;
  /** 1-based */
  line: number;
  /** 1-based, UTF-16 units */
  column: number;
  hint?: string;
}

export type MessageParams = Record<string, string | number>;

export function formatMessage(code: DiagnosticCode, params: MessageParams = {}): string {
  return diagnosticMessages[code].message.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

/** Collects diagnostics for one source; line/column are resolved once, lazily. */
export class DiagnosticBag {
  readonly list: Diagnostic[] = [];
  private starts: number[] | null = null;

  constructor(private readonly source: string) {}

  add(code: DiagnosticCode, span: Span, params?: MessageParams, hint?: string): Diagnostic {
    const pos = this.position(span.start);
    const d: Diagnostic = {
      code,
      severity: diagnosticMessages[code].severity,
      message: formatMessage(code, params),
      span: { start: span.start, end: span.end },
      line: pos.line,
      column: pos.column,
    };
    if (hint) d.hint = hint;
    this.list.push(d);
    return d;
  }

  position(offset: number): Position {
    if (!this.starts) this.starts = lineStarts(this.source);
    return locateIn(this.starts, offset);
  }

  line(offset: number): number {
    return this.position(offset).line;
  }
}

/** Thrown by `parseOrThrow` when the template has at least one error diagnostic. */
export class SumiSyntaxError extends Error {
  readonly diagnostics: Diagnostic[];
  readonly templateName: string | undefined;

  constructor(diagnostics: Diagnostic[], templateName?: string) {
    const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
    super(first ? first.message : 'syntax error');
    this.name = 'SumiSyntaxError';
    this.diagnostics = diagnostics;
    this.templateName = templateName;
  }
}
