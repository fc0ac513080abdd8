/**
 * What a plugin sees of a render: the variables, the services and a way
 * to fail at the tag's position. Plugin groups add their own services (files,
 * content, ...) to the `Services` interface by declaration merging, without the
 * runtime importing them.
 */
import type { PhpArray, Value } from '@sumi/php';
import type { ErrorParams, RuntimeErrorCode } from '../errors';
import type { Limits } from './limits';

export interface Clock {
  /** milliseconds since the epoch */
  now(): number;
}

export interface Random {
  /** float in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogEntry {
  level: LogLevel;
  message: string;
  /** where the entry came from: plugin or modifier name */
  source?: string;
  template?: string;
  line?: number;
  column?: number;
  /** a stable code for entries that report a failure a plugin survived (IO_PATH_OUTSIDE, ...) */
  code?: string;
}

export interface LogSink {
  write(entry: LogEntry): void;
}

export interface SecretStore {
  get(name: string): string | undefined | Promise<string | undefined>;
}

export interface BatchQueue {
  enqueue(job: {
    batchId?: number;
    name?: string;
    module?: string;
    extData?: Value;
  }): number | Promise<number>;
}

export interface Session {
  memberId: number | null;
  login(memberId: number, overwrite: boolean): boolean | Promise<boolean>;
  logout(): void | Promise<void>;
}

/** what `{refresh_cs}` calls to reset the session's custom member filters */
export interface MemberFilterService {
  refresh(ids: number[]): void | Promise<void>;
}

/**
 * Everything a plugin finds in `ctx.services`, and what `EngineOptions.services` accepts: the core
 * services (always present: defaults, or the host's), the optional ones of the runtime's own
 * plugins, and the ones plugin groups declare. A group adds its services with declaration merging,
 * typed, so a plugin reads them without casts and a host gets them checked:
 *
 *   declare module '@sumi/runtime' {
 *     interface Services {
 *       site?: SiteService;
 *     }
 *   }
 */
export interface Services {
  fetch: typeof globalThis.fetch;
  clock: Clock;
  random: Random;
  log: LogSink;
  secrets: SecretStore;
  batch: BatchQueue;
  /** values shared by custom processes in the same request (assign_globals) */
  globals: Map<string, Value>;
  session: Session;
  /** cookies read/written by {cookie}: name -> value */
  cookies: Map<string, string>;
  /** time zone for date functions (IANA), default Asia/Tokyo */
  timezone: string;
  /** `{refresh_cs}`: without it the call is logged and does nothing */
  memberFilters?: MemberFilterService;
  /** how `{sleep}` waits (a timer when absent; tests pass one that returns at once) */
  sleep?: (ms: number) => Promise<void>;
}

/** The former name of `Services`. */
export type CoreServices = Services;

export interface RenderContext {
  readonly services: Services;
  /** per-render state of plugins that remember something between calls (counter, cycle) */
  readonly state: Map<string, unknown>;
  /** PHP and site constants: what `$smarty.const.NAME` reads */
  readonly constants: ReadonlyMap<string, Value>;
  /** template name for messages */
  readonly templateName: string;
  /** read a variable by name (no `$`), dotted paths allowed: `ctx.get('rows')`, `ctx.get('stats.count')` */
  get(name: string): Value;
  /**
   * assign with the CMS's dotted forms: `a`, `a.b.c` (creates nested arrays),
   * `list.` (appends). Keys like `__proto__` are plain array keys.
   */
  assign(path: string, value: Value): void;
  /**
   * The array at `path` (dotted allowed), owned by that variable, to change in place:
   * a missing or null value becomes [], a scalar s becomes [s]. O(1) in loops, unlike get + assign.
   */
  arrayAt(path: string): PhpArray;
  /** write to the run log (with the tag's position); `code` names a failure the plugin survived */
  log(level: LogLevel, message: string, source?: string, code?: string): void;
  /** record a warning in the log (with position) and go on */
  warn(message: string): void;
  /**
   * Stop the render with a positioned error: `code`'s message filled with `params`
   * (`ctx.fail('PLUGIN_ERROR', { plugin: 'stock', message: 'no inventory service' })`).
   */
  fail<C extends RuntimeErrorCode>(code: C, params: ErrorParams<C>, hint?: string): never;
  /**
   * The memory budget of this run in bytes, like PHP's memory_limit; `{set_memory}` raises it. It
   * never goes above limits.maxSetMemoryBytes, nor below the engine's limits.maxMemoryBytes.
   */
  memoryLimit: number;
  /** the budgets of this render (EngineOptions.limits over the defaults) */
  readonly limits: Readonly<Limits>;
  /**
   * Counts `amount` against a budget the whole render shares (custom functions included): bytes
   * written to files, entries and rows read. Past the limit the render stops with LIMIT_COST at the
   * running tag. Also checks the time budget, so a plugin that loops calls it as it goes.
   */
  spend(budget: SpentBudget, amount: number): void;
}

/** the budgets that plugins count into with `ctx.spend` */
export type SpentBudget = 'maxFileBytes' | 'maxListedEntries';
