/** How a preg_* call's pattern errors reach a render. */
import type { Value } from '../value';
import { PcreError } from './errors';
import {
  PREG_BACKTRACK_LIMIT_ERROR,
  PREG_INTERNAL_ERROR,
  PREG_JIT_STACKLIMIT_ERROR,
  pregLastError,
  pregLastErrorMsg,
  setPregError,
} from './last-error';

/** what `withPcre` needs of a render context */
export interface PcreReporter {
  warn(message: string): void;
  /** the runtime's `ctx.fail`: PLUGIN_ERROR's message is the plugin's own */
  fail(code: 'PLUGIN_ERROR', params: { message: string }): never;
  /** a call that asked for more work than Sumi allows (LIMIT_COST: "<what> exceeds the limit of <limit>") */
  fail(code: 'LIMIT_COST', params: { what: string; limit: number }, hint?: string): never;
}

/**
 * Runs a preg_* call: a pattern PHP rejects is PHP's warning plus a null result; a pattern Sumi cannot
 * run exactly stops the render (never a silent mismatch). A match that runs past pcre.backtrack_limit
 * gives PHP's error value (null from a throwing call, the call's own false result from preg_match)
 * and logs the error PHP's preg_last_error() reports.
 */
export function withPcre<T extends Value>(ctx: PcreReporter, fn: string, body: () => T): T | null {
  try {
    const result = body();
    const code = pregLastError();
    if (code === PREG_BACKTRACK_LIMIT_ERROR || code === PREG_JIT_STACKLIMIT_ERROR) logLimit(ctx, fn);
    return result;
  } catch (e) {
    if (e instanceof SyntaxError && /too large/i.test(e.message)) {
      // the JS regex engine's size limit (met when a long pattern first runs): PCRE2 has one too,
      // and PHP reports it as this compile error
      setPregError(PREG_INTERNAL_ERROR);
      ctx.warn(`${fn}(): Compilation failed: regular expression is too large at offset 0`);
      return null;
    }
    if (!(e instanceof PcreError)) throw e;
    if (e.kind === 'unsupported') ctx.fail('PLUGIN_ERROR', { message: `${fn}(): ${e.message}` });
    if (e.kind === 'budget') {
      ctx.fail(
        'LIMIT_COST',
        { what: `${fn}(): backtracking over all start positions`, limit: e.limit ?? 0 },
        'PHP would go on trying every start position; simplify the pattern (nested or overlapping repeats)',
      );
    }
    if (e.kind === 'limit') logLimit(ctx, fn);
    else ctx.warn(`${fn}(): ${e.message}`);
    return null;
  }
}

function logLimit(ctx: PcreReporter, fn: string): void {
  const name =
    pregLastError() === PREG_BACKTRACK_LIMIT_ERROR
      ? 'PREG_BACKTRACK_LIMIT_ERROR'
      : 'PREG_JIT_STACKLIMIT_ERROR';
  ctx.warn(`${fn}(): ${pregLastErrorMsg()} (${name}); the call returns false/null, like PHP`);
}
