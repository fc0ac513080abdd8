/**
 * A small render context for calling `def.run` directly, and value helpers.
 */

import { fromJS, PHP_CONSTANTS, PhpArray, toJS, type Value } from '@sumi/php';
import {
  DEFAULT_LIMITS,
  type ErrorParams,
  errorMessage,
  type ModifierDef,
  type RenderContext,
  type RuntimeErrorCode,
  type Services,
} from '@sumi/runtime';

export interface FakeContext extends RenderContext {
  warnings: string[];
  vars: Map<string, Value>;
}

export function fakeCtx(
  opts: { vars?: Record<string, unknown>; now?: number; services?: Partial<Services> } = {},
): FakeContext {
  const vars = new Map<string, Value>();
  for (const [k, v] of Object.entries(opts.vars ?? {})) vars.set(k, fromJS(v));
  const warnings: string[] = [];
  const services = {
    clock: { now: () => opts.now ?? Date.UTC(2024, 0, 1) },
    timezone: 'Asia/Tokyo',
    globals: new Map(),
    cookies: new Map(),
    ...opts.services,
  } as unknown as Services;
  return {
    services,
    state: new Map(),
    constants: PHP_CONSTANTS,
    templateName: 'test.tpl',
    memoryLimit: 128 * 1024 * 1024,
    limits: DEFAULT_LIMITS,
    // modifiers write no files and list nothing: nothing to count
    spend() {},
    warnings,
    vars,
    get: (name: string) => vars.get(name) ?? null,
    assign: (path: string, value: Value) => {
      vars.set(path, value);
    },
    arrayAt: (path: string) => {
      const cur = vars.get(path);
      if (cur instanceof PhpArray) return cur;
      const arr = cur === undefined || cur === null ? new PhpArray() : PhpArray.fromList([cur]);
      vars.set(path, arr);
      return arr;
    },
    log: (_level, message: string) => {
      warnings.push(message);
    },
    warn: (m: string) => {
      warnings.push(m);
    },
    fail<C extends RuntimeErrorCode>(code: C, params: ErrorParams<C>): never {
      throw new Error(`${code}: ${errorMessage(code, params)}`);
    },
  };
}

/** Runs a modifier on JS data; returns the PHP value. */
export function run(
  def: ModifierDef,
  value: unknown,
  args: unknown[] = [],
  ctx: RenderContext = fakeCtx(),
): Value {
  return def.run(ctx, fromJS(value), ...args.map((a) => fromJS(a)));
}

/** Runs a modifier and converts the result back to plain JS. */
export function runJS(def: ModifierDef, value: unknown, args: unknown[] = [], ctx?: RenderContext): unknown {
  return toJS(run(def, value, args, ctx));
}

export { fromJS, toJS };
