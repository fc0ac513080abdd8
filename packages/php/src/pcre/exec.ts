/**
 * Running a compiled pattern with PCRE's search semantics: start offsets, the
 * A (anchored) modifier, and the global-match loop of php_pcre.c (after an empty
 * match, retry at the same place for a non-empty match, else advance one
 * character: a byte without `u`, a code point with `u`).
 */
import { hasEscapedByte } from '../binary-string';
import { Backtracker, REQ_SEARCH_MAX } from './backtrack';
import { BYTE_BASE, ByteOffsets, fromByteString } from './bytes';
import type { CompiledPattern } from './compile';
import { PcreError, unsupported } from './errors';
import { PREG_BAD_UTF8_ERROR } from './last-error';

export interface Hit {
  /** match start / end in subject units */
  start: number;
  end: number;
  m: RegExpExecArray;
  /** PCRE group → JS group of the regex that produced `m` */
  map: readonly number[];
  /** where `m` was matched in the subject units (a sliced retry), added to its indices */
  base: number;
  /** the backtracking matcher found it: captures are PCRE's own */
  exact?: boolean;
}

const IDENTITY: number[] = [];
function identity(n: number): readonly number[] {
  for (let k = IDENTITY.length; k <= n; k++) IDENTITY.push(k);
  return IDENTITY;
}

/** A matcher result in the shape of a JS exec result with indices. */
function hitOf(units: string, caps: ArrayLike<number>, groups: number): Hit {
  const m = [] as unknown as RegExpExecArray & { indices: Array<[number, number] | undefined> };
  const indices: Array<[number, number] | undefined> = [];
  for (let k = 0; k <= groups; k++) {
    const a = caps[2 * k];
    const b = caps[2 * k + 1];
    if (a < 0 || b < 0) {
      m.push(undefined as unknown as string);
      indices.push(undefined);
    } else {
      m.push(units.slice(a, b));
      indices.push([a, b]);
    }
  }
  m.index = caps[0];
  m.indices = indices as RegExpIndicesArray;
  return { start: caps[0], end: caps[1], m, map: identity(groups), base: 0, exact: true };
}

/** A subject prepared for one pattern: the string the regex runs on, and offset conversions. */
export class Subject {
  /** the string the JS regex runs on (byte string without `u`) */
  readonly units: string;
  private offsets: ByteOffsets | null = null;

  constructor(
    readonly cp: CompiledPattern,
    readonly text: string,
  ) {
    this.units = cp.subjectOf(text);
  }

  get length(): number {
    return this.units.length;
  }

  private table(): ByteOffsets {
    if (this.offsets === null) this.offsets = new ByteOffsets(this.text);
    return this.offsets;
  }

  /** PHP byte length of the subject. */
  get byteLength(): number {
    return this.cp.utf ? this.table().byteLength : this.units.length;
  }

  /** PHP byte offset of a unit index. */
  byteOf(index: number): number {
    return this.cp.utf ? this.table().byteOf(index) : index;
  }

  /** Unit index of a PHP byte offset; -1 inside a UTF-8 character (u mode). */
  indexOfByte(byte: number): number {
    return this.cp.utf ? this.table().indexOf(byte) : byte;
  }

  /** Text of units [start, end). */
  slice(start: number, end: number): string {
    const s = this.units.slice(start, end);
    return this.cp.utf ? s : fromByteString(s);
  }

  /** Text of a regex result string. */
  decode(s: string): string {
    return this.cp.utf ? s : fromByteString(s);
  }

  /** Length in units of the character at `pos` (PCRE's calculate_unit_length). */
  unitLength(pos: number): number {
    if (!this.cp.utf) return 1;
    const c = this.units.charCodeAt(pos);
    if (c >= 0xd800 && c <= 0xdbff && pos + 1 < this.units.length) {
      const d = this.units.charCodeAt(pos + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return 2;
    }
    return 1;
  }
}

export class Matcher {
  /** the backtracking matcher on this subject, made on first use and kept for every search */
  private runner: Backtracker | null = null;

  constructor(
    readonly subject: Subject,
    /** whether group offsets are needed (JS `d` flag) */
    private readonly indices: boolean,
  ) {
    // with `u`, PCRE2 checks the subject is UTF-8 before it matches: bytes that are not (a cut
    // character) make the preg_* call fail with PREG_BAD_UTF8_ERROR
    if (subject.cp.utf && hasEscapedByte(subject.text)) {
      throw new PcreError(
        'limit',
        'Malformed UTF-8 characters, possibly incorrectly encoded',
        undefined,
        PREG_BAD_UTF8_ERROR,
      );
    }
  }

  private get cp(): CompiledPattern {
    return this.subject.cp;
  }

  /** where the required unit was last found (JS path) */
  private reqAt = -1;

  /**
   * PCRE2's required-unit check, for the JS path (the matcher does its own): a subject without
   * the unit every match contains cannot match from `pos`, and PCRE2 says so before trying any
   * start position, where a JS regex may try them all (quadratic on `(?:a|b)*+c` without a `c`).
   * Like PCRE2's JIT, only while at most REQ_SEARCH_MAX bytes remain.
   */
  private requiredAhead(pos: number): boolean {
    const cp = this.cp;
    if (cp.required < 0 || this.reqAt >= pos) return true;
    const subject = this.subject;
    if (subject.byteLength - subject.byteOf(pos) > REQ_SEARCH_MAX) return true;
    const units = subject.units;
    let at = -1;
    for (const v of cp.required === cp.requiredOther ? [cp.required] : [cp.required, cp.requiredOther]) {
      const unit = cp.utf ? String.fromCodePoint(v) : String.fromCharCode(v < 0x80 ? v : BYTE_BASE + v);
      const k = units.indexOf(unit, pos);
      if (k >= 0 && (at < 0 || k < at)) at = k;
    }
    if (at < 0) return false;
    this.reqAt = at;
    return true;
  }

  private backtracker(): Backtracker {
    if (this.runner === null) this.runner = new Backtracker(this.cp.program!, this.subject.units);
    return this.runner;
  }

  /** First match at or after `pos` (exactly at `pos` with the A modifier). */
  search(pos: number): Hit | null {
    const prog = this.cp.program;
    if (prog !== null) {
      const caps = this.backtracker().search(pos, { anchored: this.cp.anchored, notEmptyAtStart: false });
      return caps === null ? null : hitOf(this.subject.units, caps, this.cp.captureCount);
    }
    if (!this.requiredAhead(pos)) return null;
    const units = this.subject.units;
    const mode = this.cp.startMode;
    if (mode !== null && !this.cp.anchored) {
      // PCRE2 tries the start offset, then (startline) only the positions after a newline
      const re = this.cp.stickyRegex(this.indices);
      for (let p = pos; ; ) {
        re.lastIndex = p;
        const m = re.exec(units);
        if (m !== null)
          return { start: m.index, end: m.index + m[0].length, m, map: this.cp.groupMap, base: 0 };
        if (mode === 'anchored') return null;
        const nl = units.indexOf('\n', p);
        if (nl < 0) return null;
        p = nl + 1;
      }
    }
    const re = this.cp.searchRegex(this.indices);
    re.lastIndex = pos;
    const m = re.exec(units);
    if (m === null) return null;
    return { start: m.index, end: m.index + m[0].length, m, map: this.cp.groupMap, base: 0 };
  }

  /** A non-empty match starting exactly at `pos`, or null (PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED). */
  retry(pos: number): Hit | null {
    if (!this.cp.canPreferEmpty) return null;
    const prog = this.cp.program;
    if (prog !== null) {
      const caps = this.backtracker().search(pos, { anchored: true, notEmptyAtStart: true });
      return caps === null ? null : hitOf(this.subject.units, caps, this.cp.captureCount);
    }
    if (!this.requiredAhead(pos)) return null;
    const re = this.cp.retryRegex(this.indices);
    if (this.cp.retryOnSlice) {
      re.lastIndex = 0;
      const m = re.exec(this.subject.units.slice(pos));
      if (m === null) return null;
      return { start: pos, end: pos + m[0].length, m, map: this.cp.retryGroupMap, base: pos };
    }
    re.lastIndex = pos;
    const m = re.exec(this.subject.units);
    if (m === null) return null;
    return { start: m.index, end: m.index + m[0].length, m, map: this.cp.retryGroupMap, base: 0 };
  }

  /**
   * All matches from `pos`, the way preg_match_all, preg_replace and preg_split walk the
   * subject. `stop()` (their limits) is checked after each match, before any further search.
   */
  *all(pos: number, stop?: () => boolean): Generator<Hit> {
    let hit = this.search(pos);
    while (hit !== null) {
      yield hit;
      if (stop?.()) return;
      let next = hit.end;
      if (hit.end === hit.start) {
        const again = this.retry(next);
        if (again !== null) {
          hit = again;
          continue;
        }
        if (next >= this.subject.length) return;
        next += this.subject.unitLength(next);
      }
      hit = this.search(next);
    }
  }
}

/** PCRE's match count: 1 + the highest-numbered group that is set. */
export function setCount(hit: Hit, captureCount: number): number {
  for (let k = captureCount; k >= 1; k--) if (hit.m[hit.map[k]] !== undefined) return k + 1;
  return 1;
}

/** Raw group text (subject units) or undefined when unset. */
export function groupUnits(hit: Hit, k: number): string | undefined {
  return hit.m[hit.map[k]];
}

/** Group span in units, or undefined when unset (needs a Matcher with indices). */
export function groupSpan(hit: Hit, k: number): [number, number] | undefined {
  const ind = hit.m.indices;
  if (ind === undefined) throw new Error('groupSpan needs the d flag');
  const span = ind[hit.map[k]];
  if (span === undefined || hit.base === 0) return span;
  return [span[0] + hit.base, span[1] + hit.base];
}

/**
 * Refuses results where JS cannot tell what PCRE would report (captures in
 * repeated groups, see analyze.ts). `groups`: the groups whose values are used.
 */
export function checkFidelity(cp: CompiledPattern, hit: Hit, groups?: Iterable<number>): void {
  if (hit.exact) return;
  const list = groups ?? range(1, cp.captureCount);
  for (const k of list) {
    if (k < 1 || k > cp.captureCount) continue;
    const f = cp.fidelity[k];
    if (f === 'exact') continue;
    if (f === 'unsetDiffers' && hit.m[hit.map[k]] !== undefined) continue;
    throw unsupported(
      `the value of capture group ${k}`,
      0,
      f === 'unreliable'
        ? 'the group is inside a repeated group that can match an empty string; PCRE and JavaScript keep different values'
        : 'the group is inside a repeated group and did not take part in the last repetition; PCRE keeps the earlier value, JavaScript does not',
    );
  }
}

function* range(a: number, b: number): Generator<number> {
  for (let k = a; k <= b; k++) yield k;
}
