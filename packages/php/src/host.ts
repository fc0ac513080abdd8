/**
 * What the embedding engine lends PHP functions while a render runs: the size caps of one string
 * and one array, the memory meter, the per-engine caches and the per-render `preg_last_error()`.
 *
 * PHP functions are plain synchronous calls with no context argument, so the engine makes its
 * host current around every synchronous stretch of a render (`enterHost` … `leaveHost`, and again
 * after each `await`), and the functions read `HOST`. Outside a render (this package used on its
 * own) a default host applies: no memory budget, caps just below JavaScript's own fatal limits, and
 * one process-wide cache bounded in bytes.
 *
 * Why caps are checked *before* building: V8 aborts the whole process ("invalid size error", heap
 * out of memory) when one array grows past its limits, and no `try` catches that. Every operation
 * that can multiply its input (str_repeat, str_pad, range, explode, …) asks `allowString` /
 * `allowArray` for the size it is about to build; PhpArray checks its own growth.
 */

/** The sizes one value may reach. */
export interface HostLimits {
  /** characters (UTF-16 units) of any one string */
  readonly maxStringLength: number;
  /** elements of any one array */
  readonly maxArrayLength: number;
}

/** A size cap or the memory budget was hit: the engine turns it into its budget error. */
export class LimitError extends Error {
  constructor(
    /** what was too big */
    readonly what: 'string' | 'array' | 'memory',
    /** the size asked for (characters, elements or estimated bytes) */
    readonly size: number,
    /** the limit it passed */
    readonly limit: number,
  ) {
    super(
      what === 'memory'
        ? `memory budget exceeded: about ${size} bytes in use, the limit is ${limit}`
        : what === 'string'
          ? `a string of ${size} characters exceeds the limit of ${limit}`
          : `an array of ${size} elements exceeds the limit of ${limit}`,
    );
    this.name = 'LimitError';
  }
}

/** Bytes a cache entry is taken to cost besides its key (the caller estimates its value). */
export interface CacheEntry<V> {
  value: V;
  bytes: number;
}

/**
 * A least-recently-used cache bounded in bytes (keys count twice their length). Per engine: what
 * one site's templates compiled never holds memory for another's.
 */
export class BoundedCache {
  private readonly entries = new Map<string, CacheEntry<unknown>>();
  private used = 0;

  constructor(readonly maxBytes: number) {}

  get<V>(key: string): V | undefined {
    const e = this.entries.get(key);
    if (e === undefined) return undefined;
    // most recently used goes last
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value as V;
  }

  /** stores `value` unless it alone is bigger than a quarter of the cache */
  set(key: string, value: unknown, bytes: number): void {
    const cost = bytes + key.length * 2 + 64;
    if (cost > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.used -= old.bytes;
      this.entries.delete(key);
    }
    for (const [k, e] of this.entries) {
      if (this.used + cost <= this.maxBytes) break;
      this.entries.delete(k);
      this.used -= e.bytes;
    }
    this.entries.set(key, { value, bytes: cost });
    this.used += cost;
  }

  /** estimated bytes held */
  get size(): number {
    return this.used;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}

/** What the engine provides for one render (or the default host). */
export interface Host {
  readonly limits: HostLimits;
  /**
   * Estimated bytes built since the last measurement (PHP's sizes: a string is 24 + its length, an
   * array element 32). Growth sites add to it; when it passes `measureAt`, they call `measure()`.
   */
  allocated: number;
  measureAt: number;
  /** measures what the render holds; throws LimitError('memory') over the budget; resets the two above */
  measure(): void;
  /** PHP's preg_last_error() code of this render */
  pregError: number;
  /** compiled patterns, replacement templates, ... of this engine */
  readonly cache: BoundedCache;
}

/** V8's largest string is 2^29 - 24 characters; its largest Map 2^24 entries */
const DEFAULT_LIMITS: HostLimits = { maxStringLength: 2 ** 29 - 32, maxArrayLength: 2 ** 24 - 1 };

function defaultHost(): Host {
  return {
    limits: DEFAULT_LIMITS,
    allocated: 0,
    measureAt: Number.POSITIVE_INFINITY,
    measure() {
      this.allocated = 0;
    },
    pregError: 0,
    cache: new BoundedCache(32 * 1024 * 1024),
  };
}

/** the process-wide host used outside renders */
export const DEFAULT_HOST: Host = defaultHost();

/** @internal the current host: read it, never assign it outside this module */
export let HOST: Host = DEFAULT_HOST;

/** Makes `host` current; returns the one to restore with `leaveHost`. */
export function enterHost(host: Host): Host {
  const prev = HOST;
  HOST = host;
  return prev;
}

export function leaveHost(prev: Host): void {
  HOST = prev;
}

/** Before building a string of `length` characters. */
export function allowString(length: number): void {
  const max = HOST.limits.maxStringLength;
  if (length > max) throw new LimitError('string', length, max);
}

/** Before building an array of `count` elements. */
export function allowArray(count: number): void {
  const max = HOST.limits.maxArrayLength;
  if (count > max) throw new LimitError('array', count, max);
  charge(count * 32);
}

/** Counts `bytes` about to be built against the render's memory budget. */
export function charge(bytes: number): void {
  const h = HOST;
  if ((h.allocated += bytes) > h.measureAt) h.measure();
}

/** A string result about to be kept (assigned, captured): its cap, and its bytes on the meter. */
export function keepString(s: string): string {
  const n = s.length;
  if (n > HOST.limits.maxStringLength) throw new LimitError('string', n, HOST.limits.maxStringLength);
  charge(n + 24);
  return s;
}

/** One more element, `value`, in an array of `size` elements (PhpArray's own growth). */
export function growArray(size: number, value: unknown): void {
  const h = HOST;
  if (size >= h.limits.maxArrayLength) throw new LimitError('array', size + 1, h.limits.maxArrayLength);
  if (typeof value === 'string') {
    if (value.length > h.limits.maxStringLength) {
      throw new LimitError('string', value.length, h.limits.maxStringLength);
    }
    if ((h.allocated += 32 + value.length) > h.measureAt) h.measure();
  } else if ((h.allocated += 32) > h.measureAt) h.measure();
}
