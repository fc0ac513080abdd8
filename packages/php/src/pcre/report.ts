/** How a preg_* call's pattern errors reach a render. */
import type { Value } from '../value';
import { PcreError } from './errors';

/** what `withPcre` needs of a render context */
export interface PcreReporter {
  warn(message: string): void;
  /** the runtime's `ctx.fail`: PLUGIN_ERROR's message is the plugin's own */
  fail(code: 'PLUGIN_ERROR', params: { message: string }): never;
}

/**
 * Runs a preg_* call: a pattern PHP rejects is PHP's warning plus a null result; a pattern Sumi cannot
 * run exactly stops the render (never a silent mismatch).
 */
export function withPcre<T extends Value>(ctx: PcreReporter, fn: string, body: () => T): T | null {
  try {
    return body();
  } catch (e) {
    if (!(e instanceof PcreError)) throw e;
    if (e.kind === 'unsupported') ctx.fail('PLUGIN_ERROR', { message: `${fn}(): ${e.message}` });
    ctx.warn(`${fn}(): ${e.message}`);
    return null;
  }
}
