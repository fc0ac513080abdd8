/**
 * The backtracking matcher: runs a program (program.ts) the way PCRE2 does,
 * with an explicit backtrack stack (no JS recursion) and PCRE2's limits:
 *
 * - match limit (pcre.backtrack_limit, 1,000,000): every choice point the
 *   matcher creates or resumes counts one step, close to PCRE2's count of its
 *   internal match() calls; past the limit the match stops with
 *   PREG_BACKTRACK_LIMIT_ERROR;
 * - stack limit: more than STACK_LIMIT live backtrack entries stops the match
 *   with PREG_JIT_STACKLIMIT_ERROR (PHP runs PCRE2's JIT, whose stack is bounded).
 *
 * The backtrack stack holds entries of four numbers [type, a, b, c]: choice
 * points, and undo records of capture slots and registers (so that leaving an
 * atomic group keeps the undo records while dropping its choice points).
 */
import { PcreError } from './errors';
import { PREG_BACKTRACK_LIMIT_ERROR, PREG_JIT_STACKLIMIT_ERROR } from './last-error';
import {
  OP_ASSERT,
  OP_BACK,
  OP_BACKREF,
  OP_CHAR,
  OP_CUT,
  OP_JMP,
  OP_MARK,
  OP_MATCH,
  OP_NEGEND,
  OP_NEGSTART,
  OP_PRED,
  OP_REPINC,
  OP_REPINIT,
  OP_REPTEST,
  OP_RESTOREPOS,
  OP_SAVE,
  OP_SAVEPOS,
  OP_SPLIT,
  OP_STAR,
  type Pred,
  type Program,
} from './program';

/** pcre.backtrack_limit */
export const MATCH_LIMIT = 1_000_000;
/** live backtrack-stack numbers (4 per entry) */
const STACK_LIMIT = 4 * 2_000_000;

const CHOICE = 0;
const UNDO_SLOT = 1;
const UNDO_REG = 2;
/** greedy single-character repeat: [idx, min position, current position] */
const STAR_BACK = 3;
/** lazy single-character repeat: [idx, position, remaining] */
const STAR_MORE = 4;

const BYTE_BASE = 0xe000;

export function limitError(code: number): PcreError {
  return new PcreError(
    'limit',
    code === PREG_BACKTRACK_LIMIT_ERROR ? 'Backtrack limit exhausted' : 'JIT stack limit exhausted',
    undefined,
    code,
  );
}

let wordPred: ((c: number) => boolean) | null = null;
function isWordUtf(c: number): boolean {
  if (wordPred === null) {
    const re = /^[\p{L}\p{N}_]$/u;
    const cache = new Map<number, boolean>();
    wordPred = (x: number): boolean => {
      let v = cache.get(x);
      if (v === undefined) {
        v = re.test(String.fromCodePoint(x));
        if (cache.size > 4096) cache.clear();
        cache.set(x, v);
      }
      return v;
    };
  }
  return wordPred(c);
}

function isWordByte(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

function foldUtf(c: number): number {
  const s = String.fromCodePoint(c);
  const up = s.toUpperCase();
  const base = up.length === s.length || (up.codePointAt(0)! > 0xffff && up.length === 2) ? up : s;
  const low = base.toLowerCase();
  const cp = low.codePointAt(0)!;
  return low.length === (cp > 0xffff ? 2 : 1) ? cp : c;
}

export interface RunOptions {
  /** only try a match at `start` (A modifier, and the retry after an empty match) */
  anchored: boolean;
  /** PCRE2_NOTEMPTY_ATSTART: an empty match at the start position is not a match */
  notEmptyAtStart: boolean;
}

/** capture slots (unit indexes, -1 unset) of the first match, or null */
export function runProgram(prog: Program, s: string, from: number, opts: RunOptions): Int32Array | null {
  return new Run(prog, s).search(from, opts);
}

class Run {
  private readonly len: number;
  private readonly caps: Int32Array;
  private readonly regs: Int32Array;
  /** the backtrack stack and its height */
  private st = new Int32Array(256);
  private sp = 0;
  private steps = 0;

  constructor(
    private readonly prog: Program,
    private readonly s: string,
  ) {
    this.len = s.length;
    this.caps = new Int32Array(prog.slots);
    this.regs = new Int32Array(prog.regs);
  }

  /** unit value at pos (byte or code point) */
  private unitAt(pos: number): number {
    const c = this.s.charCodeAt(pos);
    if (!this.prog.utf) return c >= BYTE_BASE ? c - BYTE_BASE : c;
    if (c >= 0xd800 && c <= 0xdbff && pos + 1 < this.len) {
      const d = this.s.charCodeAt(pos + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
    }
    return c;
  }

  /** length in string units of the character at pos */
  private sizeAt(pos: number): number {
    if (!this.prog.utf) return 1;
    const c = this.s.charCodeAt(pos);
    if (c >= 0xd800 && c <= 0xdbff && pos + 1 < this.len) {
      const d = this.s.charCodeAt(pos + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return 2;
    }
    return 1;
  }

  /** position of the character before pos */
  private before(pos: number): number {
    if (!this.prog.utf || pos < 2) return pos - 1;
    const d = this.s.charCodeAt(pos - 1);
    if (d >= 0xdc00 && d <= 0xdfff) {
      const c = this.s.charCodeAt(pos - 2);
      if (c >= 0xd800 && c <= 0xdbff) return pos - 2;
    }
    return pos - 1;
  }

  private isWordAt(pos: number): boolean {
    if (pos < 0 || pos >= this.len) return false;
    const c = this.unitAt(pos);
    return this.prog.utf ? isWordUtf(c) : isWordByte(c);
  }

  private step(): void {
    if (++this.steps > MATCH_LIMIT) throw limitError(PREG_BACKTRACK_LIMIT_ERROR);
  }

  private push(type: number, a: number, b: number, c: number): void {
    let st = this.st;
    const sp = this.sp;
    if (sp + 4 > st.length) {
      if (st.length >= STACK_LIMIT) throw limitError(PREG_JIT_STACKLIMIT_ERROR);
      const bigger = new Int32Array(st.length * 2);
      bigger.set(st);
      this.st = st = bigger;
    }
    st[sp] = type;
    st[sp + 1] = a;
    st[sp + 2] = b;
    st[sp + 3] = c;
    this.sp = sp + 4;
  }

  private setReg(r: number, v: number): void {
    this.push(UNDO_REG, r, this.regs[r], 0);
    this.regs[r] = v;
  }

  search(from: number, opts: RunOptions): Int32Array | null {
    const prog = this.prog;
    let reqAt = -1;
    for (let start = from; start <= this.len; ) {
      if (prog.required >= 0 && reqAt < start) {
        reqAt = this.findRequired(start);
        if (reqAt < 0) return null;
      }
      this.steps = 0;
      if (this.attempt(start, opts.notEmptyAtStart)) return this.caps;
      if (opts.anchored || prog.startAnchored) return null;
      if (start >= this.len) break;
      start += this.sizeAt(start);
    }
    return null;
  }

  private findRequired(start: number): number {
    const { required, requiredOther, utf } = this.prog;
    for (let p = start; p < this.len; p += this.sizeAt(p)) {
      const c = this.unitAt(p);
      if (c === required || c === requiredOther) return p;
    }
    void utf;
    return -1;
  }

  private charMatches(i: { a: number; pred: Pred | null }, c: number): boolean {
    return i.pred === null ? c === i.a : i.pred.test(c);
  }

  private assertion(kind: number, pos: number): boolean {
    const len = this.len;
    switch (kind) {
      case 0:
        return pos === 0;
      case 1:
        return pos === 0 || (pos < len && this.s.charCodeAt(pos - 1) === 0x0a);
      case 2:
        return pos === len || (pos === len - 1 && this.s.charCodeAt(pos) === 0x0a);
      case 3:
        return pos === len;
      case 4:
        return pos === len || this.s.charCodeAt(pos) === 0x0a;
      default: {
        const b = pos > 0 && this.isWordAt(this.before(pos));
        const a = this.isWordAt(pos);
        return kind === 5 ? a !== b : a === b;
      }
    }
  }

  private backref(group: number, ci: boolean, pos: number): number {
    const s0 = this.caps[2 * group];
    const e0 = this.caps[2 * group + 1];
    if (s0 < 0 || e0 < 0) return -1;
    const n = e0 - s0;
    if (pos + n > this.len) return -1;
    if (!ci) {
      for (let k = 0; k < n; k++) if (this.s.charCodeAt(s0 + k) !== this.s.charCodeAt(pos + k)) return -1;
      return pos + n;
    }
    let p = s0;
    let q = pos;
    while (p < e0) {
      if (q >= this.len) return -1;
      const a = this.unitAt(p);
      const b = this.unitAt(q);
      if (a !== b) {
        if (this.prog.utf) {
          if (foldUtf(a) !== foldUtf(b)) return -1;
        } else {
          const la = a >= 0x41 && a <= 0x5a ? a + 0x20 : a;
          const lb = b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
          if (la !== lb) return -1;
        }
      }
      p += this.sizeAt(p);
      q += this.sizeAt(q);
    }
    return q;
  }

  /** one anchored attempt at `start`; true with this.caps set on success */
  private attempt(start: number, notEmptyAtStart: boolean): boolean {
    const code = this.prog.code;
    const caps = this.caps;
    const regs = this.regs;
    const len = this.len;
    caps.fill(-1);
    regs.fill(0);
    this.sp = 0;
    let pc = 0;
    let pos = start;
    for (;;) {
      let ok = true;
      const i = code[pc];
      switch (i.op) {
        case OP_CHAR:
          if (pos < len && this.unitAt(pos) === i.a) {
            pos += this.sizeAt(pos);
            pc++;
          } else ok = false;
          break;
        case OP_PRED:
          if (pos < len && i.pred!.test(this.unitAt(pos))) {
            pos += this.sizeAt(pos);
            pc++;
          } else ok = false;
          break;
        case OP_ASSERT:
          if (this.assertion(i.a, pos)) pc++;
          else ok = false;
          break;
        case OP_SPLIT:
          this.step();
          this.push(CHOICE, i.b, pos, 0);
          pc = i.a;
          break;
        case OP_JMP:
          pc = i.a;
          break;
        case OP_SAVE: {
          const k = 2 * i.a;
          this.push(UNDO_SLOT, k, caps[k], 0);
          this.push(UNDO_SLOT, k + 1, caps[k + 1], 0);
          caps[k] = regs[i.b];
          caps[k + 1] = pos;
          pc++;
          break;
        }
        case OP_BACKREF: {
          const end = this.backref(i.a, i.b === 1, pos);
          if (end < 0) ok = false;
          else {
            pos = end;
            pc++;
          }
          break;
        }
        case OP_MATCH:
          if (notEmptyAtStart && pos === start) ok = false;
          else {
            caps[0] = start;
            caps[1] = pos;
            return true;
          }
          break;
        case OP_MARK:
          this.setReg(i.a, this.sp);
          pc++;
          break;
        case OP_CUT: {
          // drop the choice points above the mark, keep the undo records
          const h = regs[i.a];
          const st = this.st;
          let w = h;
          for (let r = h; r < this.sp; r += 4) {
            const t = st[r];
            if (t === UNDO_SLOT || t === UNDO_REG) {
              if (w !== r) {
                st[w] = t;
                st[w + 1] = st[r + 1];
                st[w + 2] = st[r + 2];
                st[w + 3] = st[r + 3];
              }
              w += 4;
            }
          }
          this.sp = w;
          pc++;
          break;
        }
        case OP_SAVEPOS:
          this.setReg(i.a, pos);
          pc++;
          break;
        case OP_RESTOREPOS:
          pos = regs[i.a];
          pc++;
          break;
        case OP_NEGSTART:
          this.step();
          this.setReg(i.a, this.sp);
          this.push(CHOICE, i.b, pos, 0);
          pc++;
          break;
        case OP_NEGEND: {
          const h = regs[i.a];
          const st = this.st;
          while (this.sp > h) {
            const n = this.sp - 4;
            const t = st[n];
            if (t === UNDO_SLOT) caps[st[n + 1]] = st[n + 2];
            else if (t === UNDO_REG) regs[st[n + 1]] = st[n + 2];
            this.sp = n;
          }
          ok = false;
          break;
        }
        case OP_BACK: {
          let p = pos;
          for (let k = 0; k < i.a && p > 0; k++) p = this.before(p);
          let n = 0;
          for (let q = p; q < pos; q += this.sizeAt(q)) n++;
          if (n !== i.a) ok = false;
          else {
            pos = p;
            pc++;
          }
          break;
        }
        case OP_REPINIT:
          this.setReg(i.a, 0);
          pc++;
          break;
        case OP_REPTEST: {
          const count = regs[i.a];
          this.step();
          if (count < i.c) pc++;
          else if (count >= i.d) pc = i.e;
          else {
            if (i.greedy) {
              this.push(CHOICE, i.e, pos, 0);
              pc++;
            } else {
              this.push(CHOICE, pc + 1, pos, 0);
              pc = i.e;
            }
          }
          break;
        }
        case OP_REPINC: {
          const count = regs[i.a] + 1;
          this.setReg(i.a, count);
          // PCRE stops repeating a group after an iteration that matched the empty string
          pc = pos === regs[i.b] && count >= i.d ? i.e : i.c;
          break;
        }
        case OP_STAR: {
          this.step();
          let n = 0;
          let p = pos;
          let minPos = pos;
          if (i.greedy) {
            while (n < i.d && p < len && this.charMatches(i, this.unitAt(p))) {
              p += this.sizeAt(p);
              n++;
              if (n === i.c) minPos = p;
            }
            if (n < i.c) {
              ok = false;
              break;
            }
            if (i.c === 0) minPos = pos;
            if (!i.possessive && n > i.c) {
              this.push(STAR_BACK, pc, minPos, p);
            }
            pos = p;
            pc++;
            break;
          }
          while (n < i.c && p < len && this.charMatches(i, this.unitAt(p))) {
            p += this.sizeAt(p);
            n++;
          }
          if (n < i.c) {
            ok = false;
            break;
          }
          if (i.d > i.c) {
            this.push(STAR_MORE, pc, p, Math.min(i.d - i.c, 0x7fffffff));
          }
          pos = p;
          pc++;
          break;
        }
      }
      if (ok) continue;
      // backtrack
      for (;;) {
        if (this.sp === 0) return false;
        const st = this.st;
        const n = this.sp - 4;
        const t = st[n];
        const a = st[n + 1];
        const b = st[n + 2];
        const c = st[n + 3];
        this.sp = n;
        if (t === UNDO_SLOT) {
          caps[a] = b;
          continue;
        }
        if (t === UNDO_REG) {
          regs[a] = b;
          continue;
        }
        if (t === CHOICE) {
          pc = a;
          pos = b;
          break;
        }
        if (t === STAR_BACK) {
          const p = this.before(c);
          if (p > b) {
            this.step();
            this.push(STAR_BACK, a, b, p);
          }
          pos = p;
          pc = a + 1;
          break;
        }
        // STAR_MORE
        const si = code[a];
        if (b >= len || !this.charMatches(si, this.unitAt(b))) continue;
        const p = b + this.sizeAt(b);
        if (c > 1) {
          this.step();
          this.push(STAR_MORE, a, p, c - 1);
        }
        pos = p;
        pc = a + 1;
        break;
      }
    }
  }
}
