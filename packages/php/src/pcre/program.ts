/**
 * The parsed pattern (ast.ts) as a program for the backtracking matcher
 * (backtrack.ts): a flat list of instructions with jumps, capture slots and
 * registers (loop counters, saved positions, backtrack-stack heights), packed
 * in an Int32Array (INSTR numbers per instruction: op, a, b, c, d, e, flags, pred).
 * The opcodes are plain numbers the matcher's switch repeats as literals (see
 * backtrack.ts).
 */
import { width } from './analyze';
import type { AssertKind, Node, QuantNode } from './ast';
import { BYTE_BASE } from './bytes';
import { Emitter } from './emit';
import { autoPossessive, minLength, type StartSet, startMode, startSet } from './optimize';

export const OP_CHAR = 0;
export const OP_PRED = 1;
export const OP_ASSERT = 2;
/** try `a`, on failure `b` */
export const OP_SPLIT = 3;
export const OP_JMP = 4;
/** group a ends here; it started at reg[b] */
export const OP_SAVE = 5;
export const OP_BACKREF = 6;
export const OP_MATCH = 7;
/** reg[a] = backtrack-stack height (atomic groups, lookarounds) */
export const OP_MARK = 8;
/** drop the choice points above reg[a] (keeps the undo entries) */
export const OP_CUT = 9;
export const OP_SAVEPOS = 10;
export const OP_RESTOREPOS = 11;
/** negative assertion: reg[a] = height, choice point at `b` (the body failed: the assertion holds) */
export const OP_NEGSTART = 12;
/** the body of a negative assertion matched: unwind to reg[a] and fail */
export const OP_NEGEND = 13;
/** lookbehind: move back `a` characters */
export const OP_BACK = 14;
/** reg[a] = 0 (loop counter) */
export const OP_REPINIT = 15;
/** loop head: counter reg a, saved position reg b, min c, max d, exit `e` */
export const OP_REPTEST = 16;
/** loop tail: counter reg a, saved position reg b, head c, exit e */
export const OP_REPINC = 17;
/** a single-character item repeated: pred or char, min c, max d */
export const OP_STAR = 18;

export const ASSERT_CODES: Record<AssertKind, number> = {
  start: 0,
  lineStart: 1,
  endOrFinalNewline: 2,
  end: 3,
  lineEnd: 4,
  wordBoundary: 5,
  notWordBoundary: 6,
};

/**
 * BMP answer tables (64 KB each) made so far, and the most the process makes: past that, a
 * pattern's answers above 255 are kept in a small map, a little slower, so that many cached
 * patterns cannot add up to much memory.
 */
let bmpTables = 0;
const MAX_BMP_TABLES = 128;

/**
 * A single-unit test: a table for units < 256, the JS regex above (its answers for the BMP kept
 * in a second table made on first use, while MAX_BMP_TABLES allows; others in a map).
 */
export class Pred {
  /** the answers for units < 256 */
  readonly table = new Uint8Array(256);
  /** BMP answers found so far: 0 unknown, 1 no, 2 yes */
  private bmp: Uint8Array | null = null;
  private readonly astral = new Map<number, boolean>();

  constructor(
    private readonly re: RegExp,
    private readonly utf: boolean,
  ) {
    for (let c = 0; c < 256; c++) this.table[c] = re.test(this.text(c)) ? 1 : 0;
  }

  private text(c: number): string {
    if (this.utf) return String.fromCodePoint(c);
    return String.fromCharCode(c < 0x80 ? c : BYTE_BASE + c);
  }

  test(c: number): boolean {
    if (c < 256) return this.table[c] === 1;
    if (c < 0x10000 && (this.bmp !== null || bmpTables < MAX_BMP_TABLES)) {
      if (this.bmp === null) {
        this.bmp = new Uint8Array(0x10000);
        bmpTables++;
      }
      const v = this.bmp[c];
      if (v !== 0) return v === 2;
      const yes = this.re.test(this.text(c));
      this.bmp[c] = yes ? 2 : 1;
      return yes;
    }
    let v = this.astral.get(c);
    if (v === undefined) {
      v = this.re.test(this.text(c));
      if (this.astral.size > 4096) this.astral.clear();
      this.astral.set(c, v);
    }
    return v;
  }
}

/** numbers per instruction in Program.code */
export const INSTR = 8;
/** field offsets in an instruction */
export const F_OP = 0;
export const F_A = 1;
export const F_B = 2;
export const F_C = 3;
export const F_D = 4;
export const F_E = 5;
/** FLAG_GREEDY | FLAG_POSSESSIVE */
export const F_FLAGS = 6;
/** index in Program.preds, -1 for none */
export const F_PRED = 7;
export const FLAG_GREEDY = 1;
export const FLAG_POSSESSIVE = 2;
/** an unbounded repeat's maximum */
export const UNBOUNDED = 0x7fffffff;

interface Instr {
  op: number;
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  greedy: boolean;
  possessive: boolean;
  pred: Pred | null;
}

export interface Program {
  /** the instructions, INSTR numbers each */
  code: Int32Array;
  /** the single-unit tests the instructions refer to (F_PRED) */
  preds: Pred[];
  slots: number;
  regs: number;
  utf: boolean;
  /** only the start offset is tried (^ or \A, or .* with s, in front of every branch: optimize.ts startMode) */
  startAnchored: boolean;
  /** only the start offset and positions after a newline are tried (.* without s, or ^ with m) */
  startLine: boolean;
  /** a unit every match contains (PCRE2's "last required code unit"), -1 when none; with its other case */
  required: number;
  requiredOther: number;
  /** the units a match can start with (PCRE2's start bits), null when unknown */
  start: StartSet | null;
  /** the fewest units a match consumes */
  minLength: number;
}

function instr(op: number, a = 0, b = 0): Instr {
  return { op, a, b, c: 0, d: 0, e: 0, greedy: true, possessive: false, pred: null };
}

function isAsciiLetter(v: number): boolean {
  return (v >= 0x41 && v <= 0x5a) || (v >= 0x61 && v <= 0x7a);
}

/** the single-unit test of a char or set node (same JS semantics as the JS-regex path) */
function makePred(n: Node, utf: boolean): Pred {
  const e = new Emitter(utf, n, n.t === 'char' || n.t === 'set' ? n.ci : false);
  const src = e.emit(n).source;
  const flags = (utf ? 'u' : '') + (e.globalCi ? 'i' : '');
  return new Pred(new RegExp('^(?:' + src + ')$', flags), utf);
}

/** makePred, one Pred per node */
export function predCache(utf: boolean): (n: Node) => Pred {
  const preds = new Map<Node, Pred>();
  return (n) => {
    let p = preds.get(n);
    if (p === undefined) {
      p = makePred(n, utf);
      preds.set(n, p);
    }
    return p;
  };
}

class Builder {
  readonly code: Instr[] = [];
  regs = 0;
  /** single-unit repeats PCRE2 makes possessive (optimize.ts) */
  possessive: ReadonlySet<QuantNode> = new Set();
  readonly pred: (n: Node) => Pred;

  constructor(private readonly utf: boolean) {
    this.pred = predCache(utf);
  }

  private emit(i: Instr): Instr {
    this.code.push(i);
    return i;
  }

  private get here(): number {
    return this.code.length;
  }

  private reg(): number {
    return this.regs++;
  }

  private atom(n: Node): Instr {
    if (n.t === 'char' && !(n.ci && this.cased(n.value))) return instr(OP_CHAR, n.value);
    const i = instr(OP_PRED);
    i.pred = this.pred(n);
    return i;
  }

  private cased(v: number): boolean {
    if (v < 0x80) return isAsciiLetter(v);
    if (!this.utf) return false;
    const s = String.fromCodePoint(v);
    return s.toLowerCase() !== s || s.toUpperCase() !== s || v === 0x130 || v === 0x131;
  }

  node(n: Node, behind = false): void {
    switch (n.t) {
      case 'char':
      case 'set':
        this.emit(this.atom(n));
        return;
      case 'assert':
        this.emit(instr(OP_ASSERT, ASSERT_CODES[n.kind]));
        return;
      case 'backref':
        this.emit(instr(OP_BACKREF, n.index, n.ci ? 1 : 0));
        return;
      case 'seq':
        for (let k = 0; k < n.items.length; k++) {
          this.node(n.items[k]);
          if (k + 1 < n.items.length) this.charpos(n.items[k], n.items[k + 1]);
        }
        return;
      case 'alt':
        this.alternation(n.branches, behind);
        return;
      case 'group':
        this.group(n.kind, n.body, n.index);
        return;
      case 'quant':
        this.quant(n.body, n.min, n.max, n.greedy, n.possessive || this.possessive.has(n));
        return;
    }
  }

  /** branches in order; in a lookbehind each branch first steps back over its (fixed) length */
  private alternation(branches: Node[], behind: boolean): void {
    const jumps: Instr[] = [];
    for (let k = 0; k < branches.length; k++) {
      const last = k === branches.length - 1;
      const split = last ? null : this.emit(instr(OP_SPLIT, this.here + 1));
      if (behind) this.emit(instr(OP_BACK, width(branches[k])[0]));
      this.node(branches[k]);
      if (!last) jumps.push(this.emit(instr(OP_JMP)));
      if (split !== null) split.b = this.here;
    }
    for (const j of jumps) j.a = this.here;
  }

  private behindBody(body: Node): void {
    if (body.t === 'alt') this.alternation(body.branches, true);
    else {
      this.emit(instr(OP_BACK, width(body)[0]));
      this.node(body);
    }
  }

  private group(kind: string, body: Node, index: number): void {
    switch (kind) {
      case 'capture': {
        // like PCRE2, a group's value changes only when the group completes
        const r = this.reg();
        this.emit(instr(OP_SAVEPOS, r));
        this.node(body);
        this.emit(instr(OP_SAVE, index, r));
        return;
      }
      case 'plain':
        this.node(body);
        return;
      case 'atomic': {
        const r = this.reg();
        this.emit(instr(OP_MARK, r));
        this.node(body);
        this.emit(instr(OP_CUT, r));
        return;
      }
      case 'lookahead':
      case 'lookbehind': {
        const r = this.reg();
        const p = this.reg();
        this.emit(instr(OP_MARK, r));
        this.emit(instr(OP_SAVEPOS, p));
        if (kind === 'lookbehind') this.behindBody(body);
        else this.node(body);
        this.emit(instr(OP_CUT, r));
        this.emit(instr(OP_RESTOREPOS, p));
        return;
      }
      case 'negLookahead':
      case 'negLookbehind': {
        const r = this.reg();
        const start = this.emit(instr(OP_NEGSTART, r));
        if (kind === 'negLookbehind') this.behindBody(body);
        else this.node(body);
        this.emit(instr(OP_NEGEND, r));
        start.b = this.here;
        return;
      }
    }
  }

  /**
   * PCRE2's JIT "charpos": a greedy repeat of a class or type (not of a literal, not `.` with s)
   * right before a literal unit backtracks from one place of that unit to the previous one,
   * counting one backtrack per place rather than per unit given back. The STAR (just emitted)
   * keeps the unit + 1 in b and its other case in e; the CHAR after it still matches it.
   */
  private charpos(item: Node, next: Node): void {
    if (item.t !== 'quant' || item.body.t !== 'set' || !item.greedy || item.min === item.max) return;
    if (item.possessive || this.possessive.has(item) || next.t !== 'char') return;
    const dot = item.body.spec.items[0];
    if (
      item.body.spec.items.length === 1 &&
      dot.negated &&
      dot.ranges.length === 0 &&
      dot.props.length === 0
    ) {
      return; // `.` with s: the JIT jumps to the end and gives back one unit at a time
    }
    const v = next.value;
    if (this.utf && v >= 0x80) return;
    let other = v;
    if (next.ci && isAsciiLetter(v)) {
      if (this.utf && ((v | 0x20) === 0x6b || (v | 0x20) === 0x73)) return;
      other = v ^ 0x20;
    }
    const star = this.code[this.code.length - 1];
    if (star.op !== OP_STAR) return;
    star.b = v + 1;
    star.e = other;
  }

  private quant(body: Node, min: number, max: number, greedy: boolean, possessive: boolean): void {
    if (body.t === 'char' || body.t === 'set') {
      const i = this.atom(body);
      const star = instr(OP_STAR);
      star.pred = i.pred;
      star.a = i.op === OP_CHAR ? i.a : -1;
      star.c = min;
      star.d = max;
      star.greedy = greedy;
      star.possessive = possessive;
      this.emit(star);
      return;
    }
    if (max === 0) return;
    if (possessive) {
      const r = this.reg();
      this.emit(instr(OP_MARK, r));
      this.quant(body, min, max, true, false);
      this.emit(instr(OP_CUT, r));
      return;
    }
    if (min === 1 && max === 1) {
      this.node(body);
      return;
    }
    if (min === 0 && max === 1) {
      const split = this.emit(instr(OP_SPLIT, this.here + 1));
      if (!greedy) split.b = split.a;
      this.node(body);
      if (greedy) split.b = this.here;
      else split.a = this.here;
      return;
    }
    const counter = this.reg();
    const saved = this.reg();
    this.emit(instr(OP_REPINIT, counter));
    const head = this.here;
    const test = this.emit(instr(OP_REPTEST, counter, saved));
    test.c = min;
    test.d = max;
    test.greedy = greedy;
    this.emit(instr(OP_SAVEPOS, saved));
    this.node(body);
    const inc = this.emit(instr(OP_REPINC, counter, saved));
    inc.c = head;
    inc.d = min;
    test.e = inc.e = this.here;
  }
}

/** The last literal unit on the mandatory path (PCRE2's req_cu), as [unit, other case] or null. */
export function requiredUnit(n: Node, utf: boolean): [number, number] | null {
  switch (n.t) {
    case 'char': {
      if (!n.ci || !isAsciiLetter(n.value)) {
        if (n.ci && utf && n.value >= 0x80) return null;
        return [n.value, n.value];
      }
      // with u, a caseless k or s also matches the Kelvin sign or the long s
      if (utf && ((n.value | 0x20) === 0x6b || (n.value | 0x20) === 0x73)) return null;
      return [n.value, n.value ^ 0x20];
    }
    case 'seq': {
      let found: [number, number] | null = null;
      for (const it of n.items) found = requiredUnit(it, utf) ?? found;
      return found;
    }
    case 'group':
      return n.kind === 'capture' || n.kind === 'plain' || n.kind === 'atomic'
        ? requiredUnit(n.body, utf)
        : null;
    case 'quant':
      return n.min >= 1 ? requiredUnit(n.body, utf) : null;
    default:
      return null;
  }
}

/** Packs the builder's instructions into Program.code. */
function assemble(list: Instr[]): { code: Int32Array; preds: Pred[] } {
  const code = new Int32Array(list.length * INSTR);
  const preds: Pred[] = [];
  const index = new Map<Pred, number>();
  const int = (v: number) => Math.min(v, UNBOUNDED);
  list.forEach((i, k) => {
    const o = k * INSTR;
    code[o + F_OP] = i.op;
    code[o + F_A] = int(i.a);
    code[o + F_B] = int(i.b);
    code[o + F_C] = int(i.c);
    code[o + F_D] = int(i.d);
    code[o + F_E] = int(i.e);
    code[o + F_FLAGS] = (i.greedy ? FLAG_GREEDY : 0) | (i.possessive ? FLAG_POSSESSIVE : 0);
    let p = -1;
    if (i.pred !== null) {
      p = index.get(i.pred) ?? preds.length;
      if (p === preds.length) {
        preds.push(i.pred);
        index.set(i.pred, p);
      }
    }
    code[o + F_PRED] = p;
  });
  return { code, preds };
}

export function buildProgram(
  root: Node,
  captureCount: number,
  utf: boolean,
  possessive?: ReadonlySet<QuantNode>,
): Program {
  const b = new Builder(utf);
  const predOf = b.pred;
  b.possessive = possessive ?? autoPossessive(root, utf, predOf);
  b.node(root);
  b.code.push(instr(OP_MATCH));
  const req = requiredUnit(root, utf);
  const { code, preds } = assemble(b.code);
  const mode = startMode(root);
  return {
    code,
    preds,
    slots: 2 * (captureCount + 1),
    regs: b.regs,
    utf,
    startAnchored: mode === 'anchored',
    startLine: mode === 'startline',
    required: req === null ? -1 : req[0],
    requiredOther: req === null ? -1 : req[1],
    start: startSet(root, utf, predOf),
    minLength: minLength(root),
  };
}
