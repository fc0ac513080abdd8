/**
 * The backtracking matcher: runs a program (program.ts) the way PCRE2 does,
 * with an explicit backtrack stack (no JS recursion) and PCRE2's limits:
 *
 * - match limit (pcre.backtrack_limit, 1,000,000): every choice point the
 *   matcher creates or resumes counts one step, close to PCRE2's count (its JIT
 *   counts each pass through a repeat or a bracket iteration); the count starts
 *   again at each start position, as in PCRE2. Past the limit the match stops
 *   with PREG_BACKTRACK_LIMIT_ERROR;
 * - stack limit: more than STACK_LIMIT live backtrack entries stops the match
 *   with PREG_JIT_STACKLIMIT_ERROR (PHP runs PCRE2's JIT, whose stack is bounded).
 *
 * The subject is decoded once per matcher into one number per unit (a byte
 * without `u`, a code point with `u`), so every step reads `u[pos]` and moves by
 * one; offsets go back to string indexes only in the result.
 *
 * The backtrack stack holds entries of four numbers [type, a, b, c]: choice
 * points, and undo records of capture slots and registers (so that leaving an
 * atomic group keeps the undo records while dropping its choice points).
 *
 * Speed: the interpreter loop keeps its state in locals and typed arrays and
 * allocates nothing per step; the opcodes are repeated here as literals (a
 * `case OP_X:` on an imported binding is a property load per case under test
 * runners that rewrite imports). The numbers are program.ts's OP_* constants.
 */
import { PcreError } from './errors';
import { PREG_BACKTRACK_LIMIT_ERROR, PREG_JIT_STACKLIMIT_ERROR } from './last-error';
import type { Pred, Program } from './program';

/** pcre.backtrack_limit */
export const MATCH_LIMIT = 1_000_000;
/**
 * PCRE2's JIT looks for the required unit (Program.required) only while at most this many code
 * units (bytes) of the subject remain from the start position (REQ_CU_MAX * 100): on a longer
 * subject a pattern that cannot match still runs, and may reach pcre.backtrack_limit.
 */
export const REQ_SEARCH_MAX = 500_000;
/**
 * The work one Backtracker (one preg_* call on one subject) may do over all its start positions
 * and searches: backtracking steps, plus one step per 4 units scanned by a repeat or compared by
 * a back reference. pcre.backtrack_limit bounds one start position only, so a pattern that
 * fails slowly at every position of a long subject ((.*)x.*y\1, (\d+)\s\1 on digits) takes time
 * quadratic in the subject, in PHP too (minutes on a megabyte). Sumi stops it with a
 * PcreError of kind 'budget' once the work passes SEARCH_BUDGET + SEARCH_BUDGET_PER_UNIT per
 * unit of the subject: about half a second of matching, and far more than a linear search needs.
 */
export const SEARCH_BUDGET = 100_000_000;
export const SEARCH_BUDGET_PER_UNIT = 100;
/** live backtrack-stack numbers (4 per entry) */
const STACK_LIMIT = 4 * 2_000_000;

// backtrack-stack entry types
const CHOICE = 0;
const UNDO_SLOT = 1;
const UNDO_REG = 2;
/** greedy single-unit repeat: [pc, min position, current position] */
const STAR_BACK = 3;
/** lazy single-unit repeat: [pc, position, remaining] */
const STAR_MORE = 4;
/** a capture group's two slots: [group * 2, old start, old end] */
const UNDO_CAPTURE = 5;
/** greedy repeat before a literal (PCRE2's charpos): [pc, min position, current place of the literal] */
const STAR_CHARPOS = 6;

const BYTE_BASE = 0xe000;
const UNBOUNDED = 0x7fffffff;

/**
 * The backtrack stack, shared: an attempt runs to its end without any other matcher running in
 * between, and making a typed array per call costs more than a short search. After an attempt
 * that made it big, a small one takes its place (see release()).
 */
const STACK_START = 1024;
let stack = new Int32Array(STACK_START);

function release(): void {
  if (stack.length > 64 * STACK_START) stack = new Int32Array(STACK_START);
}

function overBudget(budget: number): PcreError {
  release();
  return new PcreError(
    'budget',
    `the search did more than ${budget} steps of backtracking over all start positions`,
    undefined,
    1,
    budget,
  );
}

function overLimit(): PcreError {
  release();
  return limitError(PREG_BACKTRACK_LIMIT_ERROR);
}

export function limitError(code: number): PcreError {
  return new PcreError(
    'limit',
    code === PREG_BACKTRACK_LIMIT_ERROR ? 'Backtrack limit exhausted' : 'JIT stack limit exhausted',
    undefined,
    code,
  );
}

/** \w of PCRE2 with UCP (`u`): \p{L}, \p{N} and _ */
const WORD_UTF = /^[\p{L}\p{N}_]$/u;
let wordUtfLow: Uint8Array | null = null;
const wordUtfHigh = new Map<number, boolean>();

function wordTableUtf(): Uint8Array {
  if (wordUtfLow === null) {
    wordUtfLow = new Uint8Array(256);
    for (let c = 0; c < 256; c++) wordUtfLow[c] = WORD_UTF.test(String.fromCharCode(c)) ? 1 : 0;
  }
  return wordUtfLow;
}

function isWordUtfHigh(c: number): boolean {
  let v = wordUtfHigh.get(c);
  if (v === undefined) {
    v = WORD_UTF.test(String.fromCodePoint(c));
    if (wordUtfHigh.size > 4096) wordUtfHigh.clear();
    wordUtfHigh.set(c, v);
  }
  return v;
}

const WORD_BYTES = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  WORD_BYTES[c] =
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f ? 1 : 0;
}

function foldUtf(c: number): number {
  const s = String.fromCodePoint(c);
  const up = s.toUpperCase();
  const base = up.length === s.length || (up.codePointAt(0)! > 0xffff && up.length === 2) ? up : s;
  const low = base.toLowerCase();
  const cp = low.codePointAt(0)!;
  return low.length === (cp > 0xffff ? 2 : 1) ? cp : c;
}

/** the last place in [from, to] holding `ch` or `other`, or -1 */
function lastOf(u: Int32Array, from: number, to: number, ch: number, other: number): number {
  for (let p = to; p >= from; p--) {
    const c = u[p];
    if (c === ch || c === other) return p;
  }
  return -1;
}

/** the end of the run of `ch` from `p` (at most `lim`) */
function scanUnit(u: Int32Array, p: number, lim: number, ch: number): number {
  while (p < lim && u[p] === ch) p++;
  return p;
}

/** the end of the run of units `pred` accepts from `p` (at most `lim`) */
function scanPred(u: Int32Array, p: number, lim: number, pred: Pred): number {
  const table = pred.table;
  while (p < lim) {
    const c = u[p];
    if (c < 256 ? table[c] === 0 : !pred.test(c)) break;
    p++;
  }
  return p;
}

export interface RunOptions {
  /** only try a match at `start` (A modifier, and the retry after an empty match) */
  anchored: boolean;
  /** PCRE2_NOTEMPTY_ATSTART: an empty match at the start position is not a match */
  notEmptyAtStart: boolean;
}

/** capture slots (string indexes, -1 unset) of the first match, or null */
export function runProgram(
  prog: Program,
  s: string,
  from: number,
  opts: RunOptions,
): ArrayLike<number> | null {
  return new Backtracker(prog, s).search(from, opts);
}

/**
 * The decoded units of the subject being matched, shared like the stack: decoding into a fresh
 * typed array per call costs more than a short search. The Backtracker that decoded last owns
 * it; another one decodes its own subject again before it searches. A subject longer than
 * SHARED_UNITS gets an array of its own, so the shared one stays small.
 */
const SHARED_UNITS = 1 << 16;
let sharedUnits = new Int32Array(1024);
let unitsOwner: Backtracker | null = null;

/** One program on one subject; reusable for every search of a preg_* call. */
export class Backtracker {
  /** the subject's units */
  private u: Int32Array;
  private readonly n: number;
  /** unit index → string index (n + 1 entries), null when they are the same */
  private readonly index: Int32Array | null;
  private readonly caps: Int32Array;
  private readonly regs: Int32Array;
  private readonly word: Uint8Array;
  /** work done so far over all attempts (see SEARCH_BUDGET), and the most allowed */
  private work = 0;
  private readonly budget: number;

  constructor(
    private readonly prog: Program,
    private readonly s: string,
  ) {
    let pairs = false;
    if (prog.utf) {
      for (let i = 0; i < s.length - 1; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            pairs = true;
            break;
          }
        }
      }
    }
    this.u = this.decode();
    this.n = pairs ? this.countUnits() : s.length;
    this.index = pairs ? this.indexOfUnits() : null;
    // small typed arrays are cheap to make (the big ones are the subject and the shared stack)
    this.caps = new Int32Array(prog.slots);
    this.regs = new Int32Array(prog.regs);
    this.word = prog.utf ? wordTableUtf() : WORD_BYTES;
    this.budget = SEARCH_BUDGET + SEARCH_BUDGET_PER_UNIT * s.length;
  }

  /** the subject as units (bytes, or code points with u) in the shared array or an own one */
  private decode(): Int32Array {
    const s = this.s;
    const len = s.length;
    let u: Int32Array;
    if (len > SHARED_UNITS) u = new Int32Array(len);
    else {
      if (sharedUnits.length < len) sharedUnits = new Int32Array(Math.max(len, 2 * sharedUnits.length));
      u = sharedUnits;
      unitsOwner = this;
    }
    if (!this.prog.utf) {
      for (let i = 0; i < len; i++) {
        const c = s.charCodeAt(i);
        u[i] = c >= BYTE_BASE ? c - BYTE_BASE : c;
      }
      return u;
    }
    let k = 0;
    for (let i = 0; i < len; i++, k++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          u[k] = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
          i++;
          continue;
        }
      }
      u[k] = c;
    }
    return u;
  }

  /** code points in the subject (u mode, with surrogate pairs) */
  private countUnits(): number {
    let k = 0;
    for (let i = 0; i < this.s.length; i++, k++) {
      const c = this.s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < this.s.length) {
        const d = this.s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
    }
    return k;
  }

  private indexOfUnits(): Int32Array {
    const k = this.n;
    const index = new Int32Array(k + 1);
    let i = 0;
    for (let j = 0; j < k; j++) {
      index[j] = i;
      i += this.u[j] > 0xffff ? 2 : 1;
    }
    index[k] = i;
    return index;
  }

  /** the unit index of a string index (the start of the character it falls in) */
  private unitOf(i: number): number {
    const index = this.index;
    if (index === null) return i;
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (index[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** First match at or after string index `from`: its capture slots in string indexes, or null. */
  search(from: number, opts: RunOptions): ArrayLike<number> | null {
    // another matcher used the shared units since: decode again
    if (this.u === sharedUnits ? unitsOwner !== this : this.s.length <= SHARED_UNITS) this.u = this.decode();
    const prog = this.prog;
    const u = this.u;
    const n = this.n;
    const start0 = this.unitOf(from);
    const only = opts.anchored || prog.startAnchored;
    const set = prog.start;
    let reqAt = -1;
    for (let start = start0; ; start++) {
      // the next start position worth an attempt
      for (;;) {
        if (start > n || n - start < prog.minLength) return null;
        // a pattern that starts with .* (or ^ with m): the start offset, then after a newline
        if (prog.startLine && start > start0 && u[start - 1] !== 0x0a) {
          start++;
          continue;
        }
        if (set !== null && !only) {
          // PCRE2's start bits: a unit a match can start with
          if (start >= n) return null;
          const c = u[start];
          if (!(c < 256 ? set.table[c] === 1 : set.high)) {
            start++;
            continue;
          }
        }
        break;
      }
      if (prog.required >= 0 && reqAt < start && this.bytesFrom(start) <= REQ_SEARCH_MAX) {
        reqAt = this.findRequired(start);
        if (reqAt < 0) return null;
      }
      if (this.attempt(start, opts.notEmptyAtStart)) return this.result();
      if (this.work > this.budget) throw overBudget(this.budget);
      if (only) return null;
    }
  }

  private result(): ArrayLike<number> {
    const index = this.index;
    if (index === null) return this.caps;
    return this.caps.map((c) => (c < 0 ? -1 : index[c]));
  }

  /** UTF-8 byte offset of each unit (u mode), made when a subject may be longer than REQ_SEARCH_MAX bytes */
  private bytes: Int32Array | null = null;

  /** the subject's bytes from unit `start` to the end */
  private bytesFrom(start: number): number {
    if (!this.prog.utf || this.s.length * 3 <= REQ_SEARCH_MAX) return this.n - start;
    if (this.bytes === null) {
      const b = new Int32Array(this.n + 1);
      for (let k = 0; k < this.n; k++) {
        const c = this.u[k];
        b[k + 1] = b[k] + (c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4);
      }
      this.bytes = b;
    }
    return this.bytes[this.n] - this.bytes[start];
  }

  private findRequired(start: number): number {
    const { required, requiredOther } = this.prog;
    const u = this.u;
    for (let p = start; p < this.n; p++) {
      const c = u[p];
      if (c === required || c === requiredOther) return p;
    }
    return -1;
  }

  private isWordAt(pos: number): boolean {
    if (pos < 0 || pos >= this.n) return false;
    const c = this.u[pos];
    return c < 256 ? this.word[c] === 1 : this.prog.utf && isWordUtfHigh(c);
  }

  private assertion(kind: number, pos: number): boolean {
    const n = this.n;
    const u = this.u;
    switch (kind) {
      case 0:
        return pos === 0;
      case 1:
        return pos === 0 || (pos < n && u[pos - 1] === 0x0a);
      case 2:
        return pos === n || (pos === n - 1 && u[pos] === 0x0a);
      case 3:
        return pos === n;
      case 4:
        return pos === n || u[pos] === 0x0a;
      default: {
        const b = this.isWordAt(pos - 1);
        const a = this.isWordAt(pos);
        return kind === 5 ? a !== b : a === b;
      }
    }
  }

  /** end of a back reference to `group` matched at pos, or -1 */
  private backref(group: number, ci: boolean, pos: number): number {
    const caps = this.caps;
    const u = this.u;
    const s0 = caps[2 * group];
    const e0 = caps[2 * group + 1];
    if (s0 < 0 || e0 < 0) return -1;
    const len = e0 - s0;
    if (pos + len > this.n) return -1;
    if (!ci && len > 32) {
      // the JS engine compares two slices of one string at memcmp speed
      const index = this.index;
      const same =
        index === null
          ? this.s.slice(s0, e0) === this.s.slice(pos, pos + len)
          : this.s.slice(index[s0], index[e0]) === this.s.slice(index[pos], index[pos + len]);
      return same ? pos + len : -1;
    }
    for (let k = 0; k < len; k++) {
      const a = u[s0 + k];
      const b = u[pos + k];
      if (a === b) continue;
      if (!ci) return -1;
      if (this.prog.utf) {
        if (foldUtf(a) !== foldUtf(b)) return -1;
      } else {
        const la = a >= 0x41 && a <= 0x5a ? a + 0x20 : a;
        const lb = b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
        if (la !== lb) return -1;
      }
    }
    return pos + len;
  }

  /** a bigger backtrack stack (or the JIT stack error) */
  private grow(sp: number): Int32Array {
    if (stack.length >= STACK_LIMIT) {
      release();
      throw limitError(PREG_JIT_STACKLIMIT_ERROR);
    }
    const bigger = new Int32Array(stack.length * 2);
    bigger.set(stack.subarray(0, sp));
    stack = bigger;
    return bigger;
  }

  /** one anchored attempt at `start`; true with this.caps set on success */
  private attempt(start: number, notEmptyAtStart: boolean): boolean {
    const code = this.prog.code;
    const preds: Pred[] = this.prog.preds;
    const u = this.u;
    const n = this.n;
    const caps = this.caps;
    const regs = this.regs;
    let st: Int32Array = stack;
    let sp = 0;
    let steps = 0;
    /** units scanned by repeats and compared by back references */
    let scanned = 0;
    caps.fill(-1);
    regs.fill(0);
    let pc = 0;
    let pos = start;
    for (;;) {
      const o = pc << 3;
      let ok = true;
      switch (code[o]) {
        case 0: // OP_CHAR a
          if (pos < n && u[pos] === code[o + 1]) {
            pos++;
            pc++;
          } else ok = false;
          break;
        case 1: {
          // OP_PRED
          ok = false;
          if (pos < n) {
            const c = u[pos];
            const p = preds[code[o + 7]];
            if (c < 256 ? p.table[c] === 1 : p.test(c)) {
              pos++;
              pc++;
              ok = true;
            }
          }
          break;
        }
        case 2: // OP_ASSERT kind
          if (this.assertion(code[o + 1], pos)) pc++;
          else ok = false;
          break;
        case 3: // OP_SPLIT: try a, on failure b
          if (++steps > MATCH_LIMIT) throw overLimit();
          if (sp + 4 > st.length) st = this.grow(sp);
          st[sp] = CHOICE;
          st[sp + 1] = code[o + 2];
          st[sp + 2] = pos;
          sp += 4;
          pc = code[o + 1];
          break;
        case 4: // OP_JMP
          pc = code[o + 1];
          break;
        case 5: {
          // OP_SAVE: group a ends here, it started at reg b
          const k = 2 * code[o + 1];
          if (sp + 4 > st.length) st = this.grow(sp);
          st[sp] = UNDO_CAPTURE;
          st[sp + 1] = k;
          st[sp + 2] = caps[k];
          st[sp + 3] = caps[k + 1];
          sp += 4;
          caps[k] = regs[code[o + 2]];
          caps[k + 1] = pos;
          pc++;
          break;
        }
        case 6: {
          // OP_BACKREF group a, caseless b
          const end = this.backref(code[o + 1], code[o + 2] === 1, pos);
          scanned += end < 0 ? 1 : end - pos;
          if (end < 0) ok = false;
          else {
            pos = end;
            pc++;
          }
          break;
        }
        case 7: // OP_MATCH
          if (notEmptyAtStart && pos === start) ok = false;
          else {
            caps[0] = start;
            caps[1] = pos;
            this.work += steps + (scanned >>> 2);
            release();
            return true;
          }
          break;
        case 8: {
          // OP_MARK: reg a = stack height
          const r = code[o + 1];
          if (sp + 4 > st.length) st = this.grow(sp);
          st[sp] = UNDO_REG;
          st[sp + 1] = r;
          st[sp + 2] = regs[r];
          sp += 4;
          regs[r] = sp;
          pc++;
          break;
        }
        case 9: {
          // OP_CUT: drop the choice points above the mark in reg a, keep the undo records
          const h = regs[code[o + 1]];
          let w = h;
          for (let r = h; r < sp; r += 4) {
            const t = st[r];
            if (t === UNDO_SLOT || t === UNDO_REG || t === UNDO_CAPTURE) {
              if (w !== r) {
                st[w] = t;
                st[w + 1] = st[r + 1];
                st[w + 2] = st[r + 2];
                st[w + 3] = st[r + 3];
              }
              w += 4;
            }
          }
          sp = w;
          pc++;
          break;
        }
        case 10: {
          // OP_SAVEPOS: reg a = pos
          const r = code[o + 1];
          if (sp + 4 > st.length) st = this.grow(sp);
          st[sp] = UNDO_REG;
          st[sp + 1] = r;
          st[sp + 2] = regs[r];
          sp += 4;
          regs[r] = pos;
          pc++;
          break;
        }
        case 11: // OP_RESTOREPOS: pos = reg a
          pos = regs[code[o + 1]];
          pc++;
          break;
        case 12: {
          // OP_NEGSTART: reg a = height, choice point at b (the body failed: the assertion holds)
          if (++steps > MATCH_LIMIT) throw overLimit();
          const r = code[o + 1];
          if (sp + 8 > st.length) st = this.grow(sp);
          st[sp] = UNDO_REG;
          st[sp + 1] = r;
          st[sp + 2] = regs[r];
          sp += 4;
          regs[r] = sp;
          st[sp] = CHOICE;
          st[sp + 1] = code[o + 2];
          st[sp + 2] = pos;
          sp += 4;
          pc++;
          break;
        }
        case 13: {
          // OP_NEGEND: the body of a negative assertion matched: unwind to reg a and fail
          const h = regs[code[o + 1]];
          while (sp > h) {
            sp -= 4;
            const t = st[sp];
            if (t === UNDO_REG) regs[st[sp + 1]] = st[sp + 2];
            else if (t === UNDO_CAPTURE) {
              caps[st[sp + 1]] = st[sp + 2];
              caps[st[sp + 1] + 1] = st[sp + 3];
            } else if (t === UNDO_SLOT) caps[st[sp + 1]] = st[sp + 2];
          }
          ok = false;
          break;
        }
        case 14: {
          // OP_BACK: lookbehind, move back a units
          const k = code[o + 1];
          if (pos < k) ok = false;
          else {
            pos -= k;
            pc++;
          }
          break;
        }
        case 15: {
          // OP_REPINIT: reg a = 0 (loop counter)
          const r = code[o + 1];
          if (sp + 4 > st.length) st = this.grow(sp);
          st[sp] = UNDO_REG;
          st[sp + 1] = r;
          st[sp + 2] = regs[r];
          sp += 4;
          regs[r] = 0;
          pc++;
          break;
        }
        case 16: {
          // OP_REPTEST: loop head: counter reg a, min c, max d, exit e
          const count = regs[code[o + 1]];
          if (++steps > MATCH_LIMIT) throw overLimit();
          if (count < code[o + 3]) pc++;
          else if (count >= code[o + 4]) pc = code[o + 5];
          else {
            if (sp + 4 > st.length) st = this.grow(sp);
            st[sp] = CHOICE;
            st[sp + 2] = pos;
            if (code[o + 6] & 1) {
              st[sp + 1] = code[o + 5];
              pc++;
            } else {
              st[sp + 1] = pc + 1;
              pc = code[o + 5];
            }
            sp += 4;
          }
          break;
        }
        case 17: {
          // OP_REPINC: loop tail: counter reg a, saved position reg b, head c, min d, exit e
          const r = code[o + 1];
          const count = regs[r] + 1;
          if (sp + 4 > st.length) st = this.grow(sp);
          st[sp] = UNDO_REG;
          st[sp + 1] = r;
          st[sp + 2] = regs[r];
          sp += 4;
          regs[r] = count;
          // PCRE stops repeating a group after an iteration that matched the empty string
          pc = pos === regs[code[o + 2]] && count >= code[o + 4] ? code[o + 5] : code[o + 3];
          break;
        }
        case 18: {
          // OP_STAR: a single unit (a, or pred) repeated min c, max d times; b: charpos unit + 1
          const charpos = code[o + 2];
          if (charpos === 0 && ++steps > MATCH_LIMIT) throw overLimit();
          const min = code[o + 3];
          const max = code[o + 4];
          const flags = code[o + 6];
          const pi = code[o + 7];
          const possessive = (flags & 2) !== 0;
          if (flags & 1 || possessive) {
            // greedy (and possessive): take all, give back one at a time
            const lim = max >= n - pos ? n : pos + max;
            const p = pi < 0 ? scanUnit(u, pos, lim, code[o + 1]) : scanPred(u, pos, lim, preds[pi]);
            scanned += p - pos;
            if (p - pos < min) {
              ok = false;
              break;
            }
            if (charpos !== 0) {
              // the last place of the literal in the run (or right after it), counted once
              const at = lastOf(u, pos + min, p < n ? p : n - 1, charpos - 1, code[o + 5]);
              if (at < 0) {
                ok = false;
                break;
              }
              if (++steps > MATCH_LIMIT) throw overLimit();
              if (sp + 4 > st.length) st = this.grow(sp);
              st[sp] = STAR_CHARPOS;
              st[sp + 1] = pc;
              st[sp + 2] = pos + min;
              st[sp + 3] = at;
              sp += 4;
              pos = at;
              pc++;
              break;
            }
            if (!possessive && p - pos > min) {
              if (sp + 4 > st.length) st = this.grow(sp);
              st[sp] = STAR_BACK;
              st[sp + 1] = pc;
              st[sp + 2] = pos + min;
              st[sp + 3] = p;
              sp += 4;
            }
            pos = p;
            pc++;
            break;
          }
          // lazy: the minimum, then one more at a time
          const end = pos + min;
          if (end > n) {
            ok = false;
            break;
          }
          const p = pi < 0 ? scanUnit(u, pos, end, code[o + 1]) : scanPred(u, pos, end, preds[pi]);
          if (p < end) {
            ok = false;
            break;
          }
          if (max > min) {
            if (sp + 4 > st.length) st = this.grow(sp);
            st[sp] = STAR_MORE;
            st[sp + 1] = pc;
            st[sp + 2] = p;
            st[sp + 3] = max === UNBOUNDED ? UNBOUNDED : max - min;
            sp += 4;
          }
          pos = p;
          pc++;
          break;
        }
        default:
          throw new Error(`pcre matcher: bad opcode ${code[o]}`);
      }
      if (ok) continue;
      // backtrack
      for (;;) {
        if (sp === 0) {
          this.work += steps + (scanned >>> 2);
          release();
          return false;
        }
        sp -= 4;
        const t = st[sp];
        if (t === UNDO_REG) {
          regs[st[sp + 1]] = st[sp + 2];
          continue;
        }
        if (t === UNDO_CAPTURE) {
          const k = st[sp + 1];
          caps[k] = st[sp + 2];
          caps[k + 1] = st[sp + 3];
          continue;
        }
        if (t === CHOICE) {
          pc = st[sp + 1];
          pos = st[sp + 2];
          break;
        }
        if (t === STAR_BACK) {
          const a = st[sp + 1];
          const p = st[sp + 3] - 1;
          if (p > st[sp + 2]) {
            if (++steps > MATCH_LIMIT) throw overLimit();
            st[sp + 3] = p;
            sp += 4;
          }
          pos = p;
          pc = a + 1;
          break;
        }
        if (t === STAR_CHARPOS) {
          const a = st[sp + 1];
          const at = lastOf(u, st[sp + 2], st[sp + 3] - 1, code[(a << 3) + 2] - 1, code[(a << 3) + 5]);
          if (at < 0) continue;
          if (++steps > MATCH_LIMIT) throw overLimit();
          st[sp + 3] = at;
          sp += 4;
          pos = at;
          pc = a + 1;
          break;
        }
        if (t === STAR_MORE) {
          const a = st[sp + 1];
          const b = st[sp + 2];
          const c = st[sp + 3];
          const ao = a << 3;
          if (b >= n) continue;
          const x = u[b];
          const pi = code[ao + 7];
          if (pi < 0 ? x !== code[ao + 1] : x < 256 ? preds[pi].table[x] === 0 : !preds[pi].test(x)) continue;
          if (c > 1) {
            if (++steps > MATCH_LIMIT) throw overLimit();
            st[sp + 2] = b + 1;
            if (c !== UNBOUNDED) st[sp + 3] = c - 1;
            sp += 4;
          }
          pos = b + 1;
          pc = a + 1;
          break;
        }
        // UNDO_SLOT
        caps[st[sp + 1]] = st[sp + 2];
      }
    }
  }
}
