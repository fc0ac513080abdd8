/**
 * What PCRE2 works out about a pattern before matching, for the backtracking matcher
 * (program.ts, backtrack.ts):
 *
 * - auto-possessification (pcre2_auto_possess.c's rules): a single-character repeat whose next
 *   item cannot match what it consumes never gives anything back, so `\d+\s`, `[^"]*"` and
 *   `a+$` run as `\d++\s`, `[^"]*+"`, `a++$`. This changes no result, but it changes how many
 *   backtracks a match takes, and so whether pcre.backtrack_limit is reached: PHP counts the
 *   possessive form, and so must Sumi. Like PCRE2, the next item is looked for past the end of a
 *   group that is not repeated and into each branch of a group that follows, but not past the end
 *   of a repeated group (what follows an iteration is either another iteration or the rest);
 * - the units a match can start with (PCRE2's start bits), and its minimum length: start
 *   positions that cannot match are skipped without running the matcher.
 */
import { width } from './analyze';
import type { Node, QuantNode } from './ast';
import type { Pred } from './program';

/** the one-unit test of a char or set node, as the program builder makes it */
export type PredOf = (n: Node) => Pred;

/** a set of units: exact below 256 (`table`), and what is known above */
interface UnitSet {
  table: Uint8Array;
  /** units >= 256: none, exactly `single`, or some (found by scanning, see bmpOf) */
  high: 'none' | 'single' | 'some';
  single: number;
  /** some: whether code points above the BMP may be in */
  astral: boolean;
  pred: Pred;
  /** some: the members 256..0xFFFF, made when first needed */
  bmp: Uint8Array | null;
  /**
   * astral: the general categories (L, N, Z, ...) that make up its members above the BMP, when
   * it is a plain union of categories and BMP ranges (\w, \d, \s with u); null when unknown
   */
  majors: string | null;
}

const CATEGORY = /^(?:L[ultmo]?|M[nce]?|N[dlo]?|P[cdseifo]?|S[mcko]?|Z[slp]?|C[cfson]?)$/;

/** the major general categories of a set's properties, or null (see UnitSet.majors) */
function majorsOf(n: Node): string | null {
  if (n.t !== 'set' || n.ci || n.spec.negated) return null;
  let out = '';
  for (const item of n.spec.items) {
    if (item.negated) return null;
    for (const [, hi] of item.ranges) if (hi > 0xffff) return null;
    for (const p of item.props) {
      if (p.negated || !CATEGORY.test(p.name)) return null;
      if (!out.includes(p.name[0])) out += p.name[0];
    }
  }
  return out;
}

function isCased(v: number): boolean {
  const s = String.fromCodePoint(v);
  return s.toLowerCase() !== s || s.toUpperCase() !== s;
}

/** which units >= 256 a char or set node may match */
function highPart(n: Node, utf: boolean): { high: UnitSet['high']; single: number; astral: boolean } {
  const none = { high: 'none' as const, single: 0, astral: false };
  if (!utf) return none;
  if (n.t === 'char') {
    // a caseless letter may match its other cases, some of which are >= 256 (k and the Kelvin
    // sign); a BMP letter's other cases are in the BMP
    if (n.ci && isCased(n.value)) return { high: 'some', single: 0, astral: n.value > 0xffff };
    return n.value < 256 ? none : { high: 'single', single: n.value, astral: false };
  }
  if (n.t !== 'set') return { high: 'some', single: 0, astral: true };
  let high = false;
  let astral = n.ci || n.spec.negated;
  for (const item of n.spec.items) {
    if (item.negated || item.props.length > 0) astral = true;
    for (const [, hi] of item.ranges) {
      if (hi >= 256) high = true;
      if (hi > 0xffff) astral = true;
    }
  }
  if (n.ci) high = true;
  return high || astral ? { high: 'some', single: 0, astral } : none;
}

function unitSet(n: Node, utf: boolean, predOf: PredOf): UnitSet {
  const pred = predOf(n);
  const table = new Uint8Array(256);
  for (let c = 0; c < 256; c++) table[c] = pred.test(c) ? 1 : 0;
  return { table, pred, bmp: null, majors: utf ? majorsOf(n) : null, ...highPart(n, utf) };
}

/** the members 256..0xFFFF of a set (one scan of the BMP, about a millisecond, when first compared) */
function bmpOf(s: UnitSet): Uint8Array {
  if (s.bmp === null) {
    const bmp = new Uint8Array(0x10000);
    for (let c = 256; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if (s.pred.test(c)) bmp[c] = 1;
    }
    s.bmp = bmp;
  }
  return s.bmp;
}

function disjoint(a: UnitSet, b: UnitSet): boolean {
  for (let c = 0; c < 256; c++) if (a.table[c] === 1 && b.table[c] === 1) return false;
  if (a.high === 'none' || b.high === 'none') return true;
  if (a.high === 'single') return !b.pred.test(a.single);
  if (b.high === 'single') return !a.pred.test(b.single);
  if (a.astral && b.astral) {
    // above the BMP only by general categories: disjoint when no major category is shared
    if (a.majors === null || b.majors === null) return false;
    for (const m of a.majors) if (b.majors.includes(m)) return false;
  }
  const x = bmpOf(a);
  const y = bmpOf(b);
  for (let c = 256; c < 0x10000; c++) if (x[c] === 1 && y[c] === 1) return false;
  return true;
}

function itemsOf(n: Node): readonly Node[] {
  return n.t === 'seq' ? n.items : [n];
}

function branchesOf(n: Node): readonly Node[] {
  return n.t === 'alt' ? n.branches : [n];
}

const isSingle = (n: Node): boolean => n.t === 'char' || n.t === 'set';

/** what follows a point of the pattern: the rest of a sequence, then what ends it */
interface Frame {
  items: readonly Node[];
  i: number;
  end: End;
}

type End =
  /** the end of the pattern */
  | { t: 'root' }
  /** the end of a repeated group's body: another iteration or the rest (PCRE2 stops there) */
  | { t: 'repeat' }
  /** the end of an atomic group or an assertion: nothing after it backtracks into it */
  | { t: 'atomic' }
  /** the end of a group that is not repeated: what follows the group */
  | { t: 'after'; frame: Frame };

const ROOT: End = { t: 'root' };
const REPEAT: End = { t: 'repeat' };
const ATOMIC: End = { t: 'atomic' };

function isLookaround(n: Node): boolean {
  return n.t === 'group' && n.kind !== 'capture' && n.kind !== 'plain' && n.kind !== 'atomic';
}

class Possessifier {
  readonly marked = new Set<QuantNode>();
  private readonly sets = new Map<Node, UnitSet>();

  constructor(
    private readonly utf: boolean,
    private readonly predOf: PredOf,
  ) {}

  private set(n: Node): UnitSet {
    let s = this.sets.get(n);
    if (s === undefined) {
      s = unitSet(n, this.utf, this.predOf);
      this.sets.set(n, s);
    }
    return s;
  }

  /** visits `n`, whose continuation is `after` */
  walk(n: Node, after: Frame): void {
    switch (n.t) {
      case 'seq':
        for (let k = 0; k < n.items.length; k++) {
          this.walk(
            n.items[k],
            k + 1 < n.items.length ? { items: n.items, i: k + 1, end: { t: 'after', frame: after } } : after,
          );
        }
        return;
      case 'alt':
        for (const b of n.branches) this.walk(b, after);
        return;
      case 'group': {
        const end: End = n.kind === 'capture' || n.kind === 'plain' ? { t: 'after', frame: after } : ATOMIC;
        this.walkBody(n.body, end);
        return;
      }
      case 'quant':
        if (isSingle(n.body)) {
          if (!n.possessive && n.min !== n.max && this.possessable(this.set(n.body), n.greedy, after)) {
            this.marked.add(n);
          }
          return;
        }
        this.walkBody(n.body, n.max > 1 ? REPEAT : { t: 'after', frame: after });
        return;
      default:
        return;
    }
  }

  /** a group body (all its branches) followed by `end` */
  private walkBody(body: Node, end: End): void {
    this.walk(body, { items: [], i: 0, end });
  }

  /**
   * PCRE2's compare_opcodes: can a repeat of `base` be made possessive, given what follows it?
   * `entered`: the walk went into a group that follows the repeat.
   */
  private possessable(base: UnitSet, greedy: boolean, from: Frame): boolean {
    let cur = from;
    let entered = false;
    for (;;) {
      if (cur.i >= cur.items.length) {
        const end = cur.end;
        if (end.t === 'root') return greedy;
        if (end.t === 'repeat' || !greedy) return false;
        if (end.t === 'atomic') return !entered;
        cur = end.frame;
        continue;
      }
      const n = cur.items[cur.i];
      const next: Frame = { items: cur.items, i: cur.i + 1, end: cur.end };
      switch (n.t) {
        case 'char':
        case 'set':
          return disjoint(base, this.set(n));
        case 'assert':
          // "can always possessify before \z"; before $ when the repeat cannot take the newline
          if (n.kind === 'end') return true;
          if (n.kind === 'endOrFinalNewline' || n.kind === 'lineEnd') return base.table[0x0a] === 0;
          return false;
        case 'quant': {
          if (n.max === 0) {
            cur = next;
            continue;
          }
          if (isSingle(n.body)) {
            if (!disjoint(base, this.set(n.body))) return false;
            if (n.min >= 1) return true;
            cur = next;
            continue;
          }
          if (isLookaround(n.body) || n.body.t !== 'group') return false;
          // (...)? and (...)*: the group may be skipped, so what follows it must agree too
          if (n.min === 0 && !this.possessable(base, greedy, next)) return false;
          const end: End =
            n.max > 1 ? REPEAT : n.body.kind === 'atomic' ? ATOMIC : { t: 'after', frame: next };
          if (!this.enterGroup(base, greedy, n.body.body, end)) return false;
          cur = this.lastBranch(n.body.body, end);
          entered = true;
          continue;
        }
        case 'group': {
          if (isLookaround(n)) return false;
          const end: End = { t: 'after', frame: next };
          const groupEnd: End = n.kind === 'atomic' ? ATOMIC : end;
          if (!this.enterGroup(base, greedy, n.body, groupEnd)) return false;
          cur = this.lastBranch(n.body, groupEnd);
          // an atomic group entered from outside ends the walk at its end (PCRE2: !entered_a_group)
          entered = true;
          continue;
        }
        case 'alt':
          if (!this.enterGroup(base, greedy, n, { t: 'after', frame: next })) return false;
          cur = this.lastBranch(n, { t: 'after', frame: next });
          entered = true;
          continue;
        default:
          return false;
      }
    }
  }

  /** every branch but the last of a group that follows the repeat must allow it */
  private enterGroup(base: UnitSet, greedy: boolean, body: Node, end: End): boolean {
    const branches = branchesOf(body);
    for (let k = 0; k < branches.length - 1; k++) {
      if (!this.possessable(base, greedy, { items: itemsOf(branches[k]), i: 0, end })) return false;
    }
    return true;
  }

  private lastBranch(body: Node, end: End): Frame {
    const branches = branchesOf(body);
    return { items: itemsOf(branches[branches.length - 1]), i: 0, end };
  }
}

/** The single-unit repeats of `root` that PCRE2 makes possessive. */
export function autoPossessive(root: Node, utf: boolean, predOf: PredOf): ReadonlySet<QuantNode> {
  const p = new Possessifier(utf, predOf);
  p.walk(root, { items: [], i: 0, end: ROOT });
  return p.marked;
}

/** The units a match can start with, or null when any (or an empty match) is possible. */
export interface StartSet {
  /** units < 256 */
  table: Uint8Array;
  /** a unit >= 256 may start a match */
  high: boolean;
}

interface First {
  table: Uint8Array;
  high: boolean;
  /** the node can match without consuming anything */
  nullable: boolean;
}

function firstOf(n: Node, utf: boolean, predOf: PredOf): First | null {
  switch (n.t) {
    case 'char':
    case 'set': {
      const pred = predOf(n);
      const table = new Uint8Array(256);
      for (let c = 0; c < 256; c++) table[c] = pred.test(c) ? 1 : 0;
      return { table, high: highPart(n, utf).high !== 'none', nullable: false };
    }
    case 'assert':
      return { table: new Uint8Array(256), high: false, nullable: true };
    case 'backref':
      return null;
    case 'group':
      if (isLookaround(n)) return { table: new Uint8Array(256), high: false, nullable: true };
      return firstOf(n.body, utf, predOf);
    case 'quant': {
      if (n.max === 0) return { table: new Uint8Array(256), high: false, nullable: true };
      const f = firstOf(n.body, utf, predOf);
      if (f === null) return null;
      return { ...f, nullable: f.nullable || n.min === 0 };
    }
    case 'seq': {
      const table = new Uint8Array(256);
      let high = false;
      for (const it of n.items) {
        const f = firstOf(it, utf, predOf);
        if (f === null) return null;
        for (let c = 0; c < 256; c++) table[c] |= f.table[c];
        high ||= f.high;
        if (!f.nullable) return { table, high, nullable: false };
      }
      return { table, high, nullable: true };
    }
    case 'alt': {
      const table = new Uint8Array(256);
      let high = false;
      let nullable = false;
      for (const b of n.branches) {
        const f = firstOf(b, utf, predOf);
        if (f === null) return null;
        for (let c = 0; c < 256; c++) table[c] |= f.table[c];
        high ||= f.high;
        nullable ||= f.nullable;
      }
      return { table, high, nullable };
    }
  }
}

export function startSet(root: Node, utf: boolean, predOf: PredOf): StartSet | null {
  const f = firstOf(root, utf, predOf);
  if (f === null || f.nullable) return null;
  return { table: f.table, high: f.high };
}

/** The fewest units a match consumes (PCRE2's minimum length). */
export function minLength(root: Node): number {
  const w = width(root)[0];
  return Number.isFinite(w) ? w : 0;
}

/**
 * Where matches can start (PCRE2's is_anchored / is_startline): 'anchored' when every branch
 * starts with ^ or \A, or with `.*` under the s modifier (only the start offset is tried);
 * 'startline' when every branch starts with one of those, `.*` without s, or ^ with m (only
 * the start offset and positions after a \n are tried); otherwise null. A `.*` counts only outside
 * atomic groups and capture groups that a back reference refers to. This is an optimization of
 * PCRE2's that decides which start positions are tried, so it changes how long a failing match
 * takes (`.*foo.*bar` is tried once per line, not once per character) and can change results.
 */
export type StartMode = 'anchored' | 'startline' | null;

function isDot(n: Node): 'any' | 'line' | null {
  if (n.t !== 'set' || n.spec.negated || n.spec.items.length !== 1) return null;
  const item = n.spec.items[0];
  if (!item.negated || item.props.length > 0) return null;
  if (item.ranges.length === 0) return 'any';
  return item.ranges.length === 1 && item.ranges[0][0] === 0x0a && item.ranges[0][1] === 0x0a ? 'line' : null;
}

function referencedGroups(n: Node, out: Set<number>): Set<number> {
  switch (n.t) {
    case 'backref':
      out.add(n.index);
      break;
    case 'seq':
      for (const it of n.items) referencedGroups(it, out);
      break;
    case 'alt':
      for (const b of n.branches) referencedGroups(b, out);
      break;
    case 'group':
    case 'quant':
      referencedGroups(n.body, out);
      break;
  }
  return out;
}

function branchStart(n: Node, refs: Set<number>, inRef: boolean, atomic: boolean): StartMode {
  switch (n.t) {
    case 'assert':
      return n.kind === 'start' ? 'anchored' : n.kind === 'lineStart' ? 'startline' : null;
    case 'seq':
      return n.items.length === 0 ? null : branchStart(n.items[0], refs, inRef, atomic);
    case 'alt': {
      let all: StartMode = 'anchored';
      for (const b of n.branches) {
        const m = branchStart(b, refs, inRef, atomic);
        if (m === null) return null;
        if (m === 'startline') all = 'startline';
      }
      return all;
    }
    case 'group':
      if (n.kind === 'capture') return branchStart(n.body, refs, inRef || refs.has(n.index), atomic);
      if (n.kind === 'plain') return branchStart(n.body, refs, inRef, atomic);
      if (n.kind === 'atomic') return branchStart(n.body, refs, inRef, true);
      return null;
    case 'quant': {
      if (n.min !== 0 || n.max !== Number.POSITIVE_INFINITY || inRef || atomic) return null;
      const dot = isDot(n.body);
      return dot === 'any' ? 'anchored' : dot === 'line' ? 'startline' : null;
    }
    default:
      return null;
  }
}

export function startMode(root: Node): StartMode {
  return branchStart(root, referencedGroups(root, new Set()), false, false);
}
