/**
 * `compilePattern`: a PHP regex string (`/.../flags`) → a JS regex with PCRE2's
 * meaning, cached.
 *
 * Matching model (see bytes.ts): without `u` the subject is matched as a byte
 * string, exactly like PCRE without UTF (`.` is one byte, offsets are bytes);
 * with `u` the subject is matched as code points (JS `u` flag) and offsets are
 * converted to UTF-8 byte offsets for PHP.
 */
import { cacheKey, HOST } from '../host';
import { analyze, type GroupFidelity } from './analyze';
import type { QuantNode } from './ast';
import { toByteString, utf8Bytes } from './bytes';
import { splitDelimited } from './delimiters';
import { Emitter } from './emit';
import { PcreError } from './errors';
import { autoPossessive, type StartMode, startMode } from './optimize';
import { Parser } from './parser';
import { buildProgram, type Program, predCache, requiredUnit } from './program';
import { needsMatcher } from './risk';

export class CompiledPattern {
  /** the PHP pattern as given */
  readonly pattern: string;
  /** u modifier */
  readonly utf: boolean;
  /** A modifier: every match starts exactly at the search position */
  readonly anchored: boolean;
  /** number of capture groups (PCRE numbering) */
  readonly captureCount: number;
  /** capture number → name; index 0 is null */
  readonly names: readonly (string | null)[];
  /** the generated JS regex source and flags (without g/y/d) */
  readonly source: string;
  readonly flags: string;
  /** PCRE group number → JS group number */
  readonly groupMap: readonly number[];
  /** per group: whether JS reports the same value as PCRE (see analyze.ts) */
  readonly fidelity: readonly GroupFidelity[];
  /** the pattern may prefer an empty match where a longer one exists */
  readonly canPreferEmpty: boolean;
  /** the backtracking matcher's program when the pattern runs on it (risk.ts), else null (JS regex) */
  readonly program: Program | null;
  /**
   * a unit every match contains (PCRE2's "last required code unit"), -1 when none, and its other
   * case: a subject without it cannot match, which PCRE2 finds before trying any start position
   */
  readonly required: number;
  readonly requiredOther: number;
  /** which start positions PCRE2 tries (optimize.ts startMode): the JS path follows it too */
  readonly startMode: StartMode;

  /** the retry runs on the subject sliced at the retry position (the pattern never looks behind) */
  readonly retryOnSlice: boolean;
  private readonly retrySource: string;
  private readonly retryMap: readonly number[];
  private readonly cache = new Map<string, RegExp>();

  constructor(init: {
    pattern: string;
    utf: boolean;
    anchored: boolean;
    captureCount: number;
    names: (string | null)[];
    source: string;
    flags: string;
    groupMap: number[];
    fidelity: GroupFidelity[];
    canPreferEmpty: boolean;
    program: Program | null;
    required: [number, number] | null;
    startMode: StartMode;
    retryOnSlice: boolean;
    retrySource: string;
    retryMap: number[];
  }) {
    this.pattern = init.pattern;
    this.utf = init.utf;
    this.anchored = init.anchored;
    this.captureCount = init.captureCount;
    this.names = init.names;
    this.source = init.source;
    this.flags = init.flags;
    this.groupMap = init.groupMap;
    this.fidelity = init.fidelity;
    this.canPreferEmpty = init.canPreferEmpty;
    this.program = init.program;
    this.required = init.required === null ? -1 : init.required[0];
    this.requiredOther = init.required === null ? -1 : init.required[1];
    this.startMode = init.startMode;
    this.retryOnSlice = init.retryOnSlice;
    this.retrySource = init.retrySource;
    this.retryMap = init.retryMap;
  }

  /** True when some group name exists. */
  get hasNames(): boolean {
    return this.names.some((n) => n !== null);
  }

  /** The text form the JS regex runs on: a byte string without `u`, the text itself with `u`. */
  subjectOf(text: string): string {
    return this.utf ? text : toByteString(text);
  }

  /**
   * The regex for a search from a position (`lastIndex`): sticky when anchored.
   * `indices` adds the `d` flag (group offsets).
   */
  searchRegex(indices: boolean): RegExp {
    if (this.anchored)
      return this.regex(indices ? 'search yd' : 'search y', this.source, indices ? 'yd' : 'y');
    return this.regex(indices ? 'search gd' : 'search g', this.source, indices ? 'gd' : 'g');
  }

  /** The search regex, sticky: a match exactly at `lastIndex` (the start positions of startMode). */
  stickyRegex(indices: boolean): RegExp {
    return this.regex(indices ? 'search yd' : 'search y', this.source, indices ? 'yd' : 'y');
  }

  /**
   * PCRE's retry after an empty match (NOTEMPTY_ATSTART | ANCHORED): a sticky
   * regex that only accepts a non-empty match at `lastIndex`. With
   * `retryOnSlice` it runs at 0 on the subject sliced at the retry position and
   * requires one consumed unit; otherwise the prefix up to the start is captured
   * in JS group 1 (so `retryGroupMap` is shifted by one) and the end must differ.
   */
  retryRegex(indices: boolean): RegExp {
    return this.regex(indices ? 'retry yd' : 'retry y', this.retrySource, indices ? 'yd' : 'y');
  }

  get retryGroupMap(): readonly number[] {
    return this.retryMap;
  }

  /** the regex of `source` with `extra` flags, made once (`key`: a literal naming both, so a lookup hashes no new string) */
  private regex(key: string, source: string, extra: string): RegExp {
    let re = this.cache.get(key);
    if (re === undefined) {
      re = new RegExp(source, this.flags + extra);
      this.cache.set(key, re);
    }
    return re;
  }
}

/**
 * Which engine runs patterns: 'auto' (the default) puts each pattern where it runs exactly and
 * safely (risk.ts), 'matcher' runs every pattern on the backtracking matcher. The results are
 * the same; 'matcher' is for measuring what the matcher costs (`pnpm bench`) and for testing it.
 */
export type PcreEngine = 'auto' | 'matcher';
let engine: PcreEngine = 'auto';

export function setPcreEngine(e: PcreEngine): void {
  engine = e;
}

/** Parses and translates a PHP pattern; throws `PcreError`. Results (and errors) are cached on the host. */
export function compilePattern(pattern: string): CompiledPattern {
  const cache = HOST.cache;
  const key = cacheKey(engine === 'auto' ? 'pcre\0' : 'pcre\0matcher\0', pattern);
  const hit = cache.get<CompiledPattern | PcreError>(key);
  if (hit !== undefined) {
    if (hit instanceof PcreError) throw hit;
    return hit;
  }
  let result: CompiledPattern | PcreError;
  try {
    result = build(pattern);
  } catch (e) {
    if (!(e instanceof PcreError)) throw e;
    result = e;
  }
  // a compiled pattern holds its JS regex sources and, for the matcher, a program: a few times the
  // pattern's own size
  cache.set(key, result, pattern.length * 16 + 512);
  if (result instanceof PcreError) throw result;
  return result;
}

function units(body: string, utf: boolean): { u: number[]; offsets: number[] } {
  if (!utf) {
    const bytes = utf8Bytes(body);
    const u = Array.from(bytes);
    const offsets = u.map((_, k) => k);
    offsets.push(u.length);
    return { u, offsets };
  }
  const u: number[] = [];
  const offsets: number[] = [];
  let b = 0;
  for (const ch of body) {
    const cp = ch.codePointAt(0)!;
    u.push(cp);
    offsets.push(b);
    b += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  offsets.push(b);
  return { u, offsets };
}

function build(pattern: string): CompiledPattern {
  const { body, flags } = splitDelimited(pattern);
  const { u, offsets } = units(body, flags.u);
  const parsed = new Parser(u, offsets, {
    i: flags.i,
    m: flags.m,
    s: flags.s,
    x: flags.x,
    n: flags.n,
    U: flags.U,
    J: flags.J,
    utf: flags.u,
    dollarEndOnly: flags.D,
  }).parse();
  const analysis = analyze(parsed);
  const common = {
    pattern,
    utf: flags.u,
    anchored: flags.A,
    captureCount: parsed.captureCount,
    names: parsed.names,
    fidelity: analysis.fidelity,
    canPreferEmpty: analysis.canPreferEmpty,
    required: requiredUnit(parsed.root, flags.u),
    startMode: startMode(parsed.root),
  };
  let possessive: ReadonlySet<QuantNode> | null = null;
  const auto = () => (possessive ??= autoPossessive(parsed.root, flags.u, predCache(flags.u)));
  if (engine === 'matcher' || needsMatcher(parsed.root, analysis.fidelity, auto)) {
    // the backtracking matcher runs it; no JS regex
    const groupMap = Array.from({ length: parsed.captureCount + 1 }, (_, k) => k);
    return new CompiledPattern({
      ...common,
      source: '',
      flags: '',
      groupMap,
      program: buildProgram(parsed.root, parsed.captureCount, flags.u, possessive ?? undefined),
      retryOnSlice: false,
      retrySource: '',
      retryMap: groupMap,
    });
  }
  const emitter = new Emitter(flags.u, parsed.root, flags.i);
  const main = emitter.emit(parsed.root);
  const globalCi = emitter.globalCi;
  const jsFlags = (flags.u ? 'u' : '') + (globalCi ? 'i' : '');
  const retryOnSlice = !analysis.looksBehind;
  let retrySource: string;
  let retryMap: number[];
  if (retryOnSlice) {
    retrySource = '(?:' + main.source + ')(?<=[\\s\\S])';
    retryMap = main.groupMap;
  } else {
    const retry = new Emitter(flags.u, parsed.root, flags.i, 1).emit(parsed.root);
    retrySource = '(?<=^([\\s\\S]*))(?:' + retry.source + ')(?<!^\\1)';
    retryMap = retry.groupMap;
  }
  // let the JS engine validate what we generated (a failure here is a Sumi bug or an unknown \p name)
  try {
    new RegExp(main.source, jsFlags);
  } catch (e) {
    throw new PcreError('unsupported', `Unsupported regular expression: ${(e as Error).message}`);
  }
  return new CompiledPattern({
    ...common,
    source: main.source,
    flags: jsFlags,
    groupMap: main.groupMap,
    program: null,
    retryOnSlice,
    retrySource,
    retryMap,
  });
}
