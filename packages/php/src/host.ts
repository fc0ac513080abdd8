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

import { PhpError } from './errors';

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
  /** read since eviction last passed it over (see BoundedCache.set) */
  recent: boolean;
}

/**
 * The keys made by cacheKey, per prefix: few (a template's patterns), cleared when many, and short
 * (at most KEYS_KEPT × KEY_MAX_LENGTH characters per prefix, shared by every engine).
 */
const KEYS = new Map<string, Map<string, string>>();
const KEYS_KEPT = 4096;
const KEY_MAX_LENGTH = 256;

/**
 * `prefix + s`, the same string each time for the same `s`: a key made anew on every call costs a
 * BoundedCache lookup the copy and hash of a new string, where a string used before has its hash.
 */
export function cacheKey(prefix: string, s: string): string {
  // only short texts are kept (a pattern, a replacement): a long one is hashed anew, as before
  if (s.length > KEY_MAX_LENGTH) return prefix + s;
  let keys = KEYS.get(prefix);
  if (keys === undefined) KEYS.set(prefix, (keys = new Map()));
  let key = keys.get(s);
  if (key === undefined) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    key = prefix + s;
    keys.set(s, key);
  }
  return key;
}

/**
 * A cache bounded in bytes (keys count twice their length) that evicts about the least recently used
 * first (see set). Per engine: what one site's templates compiled never holds memory for another's.
 */
export class BoundedCache {
  private readonly entries = new Map<string, CacheEntry<unknown>>();
  private used = 0;

  constructor(readonly maxBytes: number) {}

  get<V>(key: string): V | undefined {
    const e = this.entries.get(key);
    if (e === undefined) return undefined;
    // only marked: moving the entry last on every hit (a delete and a set) cost a regex replace a
    // third of its time; eviction gives marked entries a second chance instead
    e.recent = true;
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
    // the oldest go first, except those read since they were last passed over: they move last,
    // unmarked (the "clock" approximation of least recently used; each is passed over once at most)
    for (const [k, e] of this.entries) {
      if (this.used + cost <= this.maxBytes) break;
      this.entries.delete(k);
      if (e.recent) {
        e.recent = false;
        this.entries.set(k, e);
      } else this.used -= e.bytes;
    }
    this.entries.set(key, { value, bytes: cost, recent: false });
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

/** The longest string the render may build (limits.maxStringLength). */
export function stringCap(): number {
  return HOST.limits.maxStringLength;
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

/* ---------------- building big values within the caps ----------------
 *
 * JavaScript's own ways of splitting, joining and replacing allocate before anyone can look:
 * `s.split(',')` of 32 Mi characters makes a JS array of 16 Mi pieces, `s.replace(/x/g, ...)`
 * keeps about 90 bytes per match until it is done, and `out += c` in a loop keeps one rope node per
 * append (40 bytes each, however short the piece). The helpers below do the same work with bounded
 * intermediates and check the caps as they go.
 */

/**
 * The element cap alone, not charged: for a JS list that becomes a PhpArray afterwards
 * (`PhpArray.fromList` charges it then), or a working list that never becomes one.
 */
export function capArray(count: number): void {
  const max = HOST.limits.maxArrayLength;
  if (count > max) throw new LimitError('array', count, max);
}

/** Non-overlapping occurrences of `needle` in `s` (what `s.split(needle).length - 1` counts), allocating nothing; 0 for an empty needle. */
export function countOf(s: string, needle: string): number {
  if (needle === '') return 0;
  const step = needle.length;
  let n = 0;
  if (step === 1) {
    const c = needle.charCodeAt(0);
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === c) n++;
    return n;
  }
  for (let i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + step)) n++;
  return n;
}

/** Where a global or sticky regex's next search starts after an empty match at `i` (AdvanceStringIndex). */
function advance(s: string, i: number, unicode: boolean): number {
  if (!unicode || i + 1 >= s.length) return i + 1;
  const c = s.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff) return i + 1;
  const d = s.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? i + 2 : i + 1;
}

/**
 * The next match of `re` from `re.lastIndex`, as a global `replace` or `match` walks them: after an
 * empty match the search moves on by one character. A regex that is not global matches once.
 */
function nextMatch(s: string, re: RegExp, first: boolean): RegExpExecArray | null {
  if (first) re.lastIndex = 0;
  else if (!re.global) {
    re.lastIndex = 0;
    return null;
  }
  const m = re.exec(s);
  if (m === null) {
    re.lastIndex = 0;
    return null;
  }
  if (m[0] === '' && re.global) re.lastIndex = advance(s, re.lastIndex, re.unicode || re.flags.includes('v'));
  return m;
}

/** Matches of `re` in `s` (what `s.match(re)?.length` counts for a global regex), none kept. */
export function countMatches(s: string, re: RegExp): number {
  let n = 0;
  for (let m = nextMatch(s, re, true); m !== null; m = nextMatch(s, re, false)) n++;
  return n;
}

/**
 * `s.split(sep, limit)` that never builds more pieces than the array cap allows: past the cap it
 * throws LimitError with the number of pieces the split would have made. With `limit`, at most
 * that many pieces are made (the rest of the string is dropped, as JS's split does).
 */
export function splitString(s: string, sep: string | RegExp, limit?: number): string[] {
  const max = HOST.limits.maxArrayLength;
  // a string separator cuts at most length + 1 pieces: when that is within the caps, no limit is
  // passed (V8's split is several times faster without one)
  if (typeof sep === 'string' && s.length < max && (limit === undefined || limit > s.length + 1)) {
    return s.split(sep);
  }
  const lim = limit === undefined || limit > max ? max + 1 : limit;
  const parts = s.split(sep, lim);
  if (parts.length > max) {
    // split() finds every match whatever the regex's flags
    const pieces =
      typeof sep === 'string'
        ? sep === ''
          ? s.length
          : countOf(s, sep) + 1
        : countMatches(s, new RegExp(sep.source, `${sep.flags.replace(/[gy]/g, '')}g`)) + 1;
    throw new LimitError('array', pieces, max);
  }
  return parts;
}

/** `s.repeat(times)` after checking the size of the result. */
export function repeatString(s: string, times: number): string {
  if (times <= 0 || s === '') return '';
  allowString(s.length * times);
  return s.repeat(times);
}

/** PHP's str_repeat(): a negative count is its ValueError */
export function strRepeat(s: string, times: number | bigint): string {
  if (times < 0) {
    throw new PhpError('ValueError', 'str_repeat(): Argument #2 ($times) must be greater than or equal to 0');
  }
  return repeatString(s, Number(times));
}

/**
 * Builds a string piece by piece with the string cap checked on every piece. Pieces go into a
 * rope that is set aside every 16,384 pieces (about 640 KB of rope nodes) and joined with the others
 * 64 at a time, so memory stays close to the result's size
 * whatever the number of pieces (`out += piece` in a loop keeps one rope node per piece).
 */
/** small results stay one rope (as fast as `+=`); only big ones are joined in parts */
const PIECES_PER_PART = 16_384;

export class StringBuilder {
  /** characters added so far */
  length = 0;
  private cur = '';
  private n = 0;
  private parts: string[] | null = null;
  private chunks: string[] | null = null;
  private readonly max = HOST.limits.maxStringLength;

  add(piece: string): void {
    const len = (this.length += piece.length);
    if (len > this.max) throw new LimitError('string', len, this.max);
    this.cur += piece;
    if (++this.n === PIECES_PER_PART) this.spill();
  }

  private spill(): void {
    const parts = (this.parts ??= []);
    parts.push(this.cur);
    this.cur = '';
    this.n = 0;
    if (parts.length === 64) {
      (this.chunks ??= []).push(parts.join(''));
      parts.length = 0;
    }
  }

  toString(): string {
    if (this.parts === null) return this.cur;
    const tail = this.parts.join('') + this.cur;
    return this.chunks === null ? tail : this.chunks.join('') + tail;
  }
}

/**
 * preg_replace('!^!m', $prefix, $s): `prefix` at the start and after every "\n" but a final one,
 * built in chunks within the string cap (Smarty's indent and textformat).
 */
export function prefixLines(s: string, prefix: string): string {
  const out = new StringBuilder();
  out.add(prefix);
  let from = 0;
  for (let i = s.indexOf('\n'); i >= 0 && i < s.length - 1; i = s.indexOf('\n', i + 1)) {
    out.add(s.slice(from, i + 1));
    out.add(prefix);
    from = i + 1;
  }
  out.add(s.slice(from));
  return out.toString();
}

/** StringBuilder's interface, for code that builds short and long strings alike */
export interface Builder {
  add(piece: string): void;
  toString(): string;
}

/** plain concatenation: for a result known to be short (a rope of a few pieces) */
class ShortBuilder implements Builder {
  private text = '';
  add(piece: string): void {
    this.text += piece;
  }
  toString(): string {
    return this.text;
  }
}

/**
 * A builder for a result about as long as `length` characters: plain concatenation when that is
 * short (as fast as `+=`), a StringBuilder (chunks, the string cap on every piece) when it is not.
 */
export function builderFor(length: number): Builder {
  return length > 65_536 ? new StringBuilder() : new ShortBuilder();
}

/** `pieces.join(sep)` with the string cap checked before the result is built. */
export function joinStrings(pieces: readonly string[], sep = ''): string {
  let len = pieces.length > 0 ? (pieces.length - 1) * sep.length : 0;
  for (let i = 0; i < pieces.length; i++) len += pieces[i].length;
  allowString(len);
  return pieces.join(sep);
}

/**
 * `s.replaceAll(needle, replacement)` (the replacement taken literally, `$` included) with the
 * result's size checked before it is built, and no per-match bookkeeping.
 */
export function replaceAllString(s: string, needle: string, replacement: string): string {
  if (needle === '') return s;
  const first = s.indexOf(needle);
  if (first < 0) return s;
  // a short text: a match at every place still fits the cap, so the matches need not be counted
  // first; the pieces are joined here, which V8 does faster than its own replaceAll (a third less
  // time on a line of text), and the replacement is taken as it is, `$` included
  if (s.length <= 4096) {
    const most =
      s.length + Math.floor(s.length / needle.length) * Math.max(0, replacement.length - needle.length);
    if (most <= HOST.limits.maxStringLength) {
      let out = s.slice(0, first);
      let i = first;
      let last: number;
      for (;;) {
        out += replacement;
        last = i + needle.length;
        i = s.indexOf(needle, last);
        if (i < 0) break;
        out += s.slice(last, i);
      }
      return out + s.slice(last);
    }
  }
  const count = countOf(s, needle);
  if (count === 0) return s;
  allowString(s.length + count * (replacement.length - needle.length));
  if (count <= 4096) {
    // a replacement string is read for `$&`-style patterns: one without `$` is passed as it is (a
    // function would be called for every match)
    return replacement.indexOf('$') < 0
      ? s.replaceAll(needle, replacement)
      : s.replaceAll(needle, () => replacement);
  }
  const out = new StringBuilder();
  let last = 0;
  for (let i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, last)) {
    if (i > last) out.add(s.slice(last, i));
    out.add(replacement);
    last = i + needle.length;
  }
  out.add(s.slice(last));
  return out.toString();
}

/**
 * `s.replace(re, fn)` match by match: the result is built with the string cap checked as it grows,
 * and the matches are not all kept at once (JavaScript's own replace keeps about 90 bytes per match
 * until it is done). `fn` gets the match array. A regex that is not global replaces the first match.
 */
export function replaceMatches(s: string, re: RegExp, fn: (m: RegExpExecArray) => string): string {
  let m = nextMatch(s, re, true);
  if (m === null) return s;
  const out = new StringBuilder();
  let last = 0;
  for (; m !== null; m = nextMatch(s, re, false)) {
    if (m.index > last) out.add(s.slice(last, m.index));
    out.add(fn(m));
    last = m.index + m[0].length;
  }
  if (last < s.length) out.add(s.slice(last));
  return out.toString();
}
