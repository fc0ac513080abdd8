/**
 * Errors of the PCRE layer. PHP reports a bad pattern with a warning and makes
 * the preg_* call return false/null; Sumi throws a `PcreError` and lets the
 * caller (a modifier, `cms_match`) decide how to surface it.
 *
 * - `syntax`: PHP rejects the pattern too (the message follows PHP/PCRE2's wording);
 * - `unsupported`: PHP accepts the pattern but Sumi cannot reproduce it exactly
 *   on a JS regex engine (recursion, conditionals, ...). Never a silent mismatch;
 * - `limit`: a match ran past PCRE2's limits (pcre.backtrack_limit, the JIT
 *   stack); PHP's preg_* call returns false/null and preg_last_error() is `code`;
 * - `budget`: one call's search did more work over all its start positions than
 *   Sumi allows (backtrack.ts SEARCH_BUDGET); PHP has no such limit and would go
 *   on (for seconds or minutes), so the call stops with an error of Sumi's own.
 */
export type PcreErrorKind = 'syntax' | 'unsupported' | 'limit' | 'budget';

export class PcreError extends Error {
  readonly kind: PcreErrorKind;
  /** offset in the pattern body (bytes, like PCRE2), when known */
  readonly offset: number | undefined;
  /** preg_last_error() value (PREG_INTERNAL_ERROR for a bad pattern) */
  readonly code: number;
  /** `budget`: the most work the call was allowed */
  readonly limit: number | undefined;

  constructor(kind: PcreErrorKind, message: string, offset?: number, code = 1, limit?: number) {
    super(message);
    this.name = 'PcreError';
    this.kind = kind;
    this.offset = offset;
    this.code = code;
    this.limit = limit;
  }
}

/** A PCRE2 compilation error, worded like PHP's warning. */
export function compileError(message: string, offset: number): PcreError {
  return new PcreError('syntax', `Compilation failed: ${message} at offset ${offset}`, offset);
}

/** A construct PHP accepts that Sumi cannot run faithfully. */
export function unsupported(construct: string, offset: number, why = ''): PcreError {
  const tail = why === '' ? '' : ` (${why})`;
  return new PcreError(
    'unsupported',
    `Unsupported regular expression feature: ${construct} at offset ${offset}${tail}`,
    offset,
  );
}
