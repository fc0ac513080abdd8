/**
 * PCRE2 10.40 pattern syntax → AST. Everything PCRE2 accepts is either parsed
 * or rejected with a `PcreError` naming the construct and its offset.
 */
import type { AssertKind, BackrefNode, GroupKind, GroupNode, Node, QuantNode } from './ast';
import {
  type ClassSpec,
  escapeSet,
  posixSet,
  propertySet,
  type Range,
  rangesItem,
  type SetItem,
} from './charsets';
import { compileError, unsupported } from './errors';

/** Options that (?...) can change inside the pattern. */
export interface InlineFlags {
  /** i: caseless */
  i: boolean;
  /** m: ^ and $ at line breaks */
  m: boolean;
  /** s: dot matches \n */
  s: boolean;
  /** x: ignore whitespace and # comments */
  x: boolean;
  /** n: plain (...) does not capture (PHP 8.2) */
  n: boolean;
  /** U: quantifiers lazy by default */
  U: boolean;
  /** J: duplicate group names allowed */
  J: boolean;
}

export interface ParseOptions extends InlineFlags {
  /** u modifier: units are code points, classes are Unicode */
  utf: boolean;
  /** D modifier */
  dollarEndOnly: boolean;
}

export interface ParseResult {
  root: Node;
  captureCount: number;
  /** capture number → name (index 0 unused) */
  names: (string | null)[];
  /** capture number → group node (index 0 unused) */
  groups: GroupNode[];
  backrefs: BackrefNode[];
}

const C = (s: string): number => s.charCodeAt(0);

/** The option letters of (?imsxnUJ-imsxnUJ) by unit. */
const INLINE_FLAG_OF_UNIT = new Map(
  (['i', 'm', 's', 'x', 'n', 'U', 'J'] as const).map((flag) => [C(flag), flag]),
);
const BACKSLASH = C('\\');
const NL = 0x0a;
const MAX_QUANT = 65535;

function isDigit(u: number): boolean {
  return u >= 0x30 && u <= 0x39;
}
function isOctal(u: number): boolean {
  return u >= 0x30 && u <= 0x37;
}
function hexValue(u: number): number {
  if (u >= 0x30 && u <= 0x39) return u - 0x30;
  if (u >= 0x41 && u <= 0x46) return u - 0x37;
  if (u >= 0x61 && u <= 0x66) return u - 0x57;
  return -1;
}
function isWordUnit(u: number): boolean {
  return (u >= 0x30 && u <= 0x39) || (u >= 0x41 && u <= 0x5a) || (u >= 0x61 && u <= 0x7a) || u === 0x5f;
}
function isAsciiLetterOrDigit(u: number): boolean {
  return (u >= 0x30 && u <= 0x39) || (u >= 0x41 && u <= 0x5a) || (u >= 0x61 && u <= 0x7a);
}

type ClassAtom = { char: number } | { set: SetItem } | null;

const PARENS_NEST_LIMIT = 250;

export class Parser {
  private pos = 0;
  private flags: InlineFlags;
  private captureCount = 0;
  private readonly names: (string | null)[] = [null];
  private readonly groups: GroupNode[] = [];
  private readonly backrefs: BackrefNode[] = [];
  private readonly nameIndexes = new Map<string, number[]>();

  constructor(
    private readonly u: number[],
    /** byte offset of each unit (for messages), length u.length + 1 */
    private readonly offsets: number[],
    private readonly opts: ParseOptions,
  ) {
    this.flags = { i: opts.i, m: opts.m, s: opts.s, x: opts.x, n: opts.n, U: opts.U, J: opts.J };
  }

  parse(): ParseResult {
    const root = this.parseAlternation();
    if (this.pos < this.u.length) {
      // only an unbalanced ')' stops the top level early
      throw compileError('unmatched closing parenthesis', this.off(this.pos));
    }
    for (const ref of this.backrefs) this.resolve(ref);
    return {
      root,
      captureCount: this.captureCount,
      names: this.names,
      groups: this.groups,
      backrefs: this.backrefs,
    };
  }

  // ---------------------------------------------------------------- helpers

  private off(pos: number): number {
    return this.offsets[Math.min(pos, this.offsets.length - 1)];
  }

  private peek(k = 0): number {
    const p = this.pos + k;
    return p < this.u.length ? this.u[p] : -1;
  }

  private eof(): boolean {
    return this.pos >= this.u.length;
  }

  private isPatternSpace(c: number): boolean {
    if ((c >= 0x09 && c <= 0x0d) || c === 0x20) return true;
    return this.opts.utf && (c === 0x85 || c === 0x200e || c === 0x200f || c === 0x2028 || c === 0x2029);
  }

  /** x mode: skips white space and # comments. */
  private skipExtended(): void {
    if (!this.flags.x) return;
    while (!this.eof()) {
      const c = this.peek();
      if (this.isPatternSpace(c)) {
        this.pos++;
      } else if (c === C('#')) {
        while (!this.eof() && this.peek() !== NL) this.pos++;
        if (!this.eof()) this.pos++;
      } else if (c === C('(') && this.peek(1) === C('?') && this.peek(2) === C('#')) {
        this.skipComment();
      } else break;
    }
  }

  private skipComment(): void {
    const start = this.pos;
    this.pos += 3;
    while (!this.eof() && this.peek() !== C(')')) this.pos++;
    if (this.eof()) throw compileError('missing ) after (?# comment', this.off(start));
    this.pos++;
  }

  private charNode(value: number): Node {
    return { t: 'char', value, ci: this.flags.i };
  }

  private setNode(item: SetItem, negated = false): Node {
    return { t: 'set', spec: { negated, items: [item] }, ci: this.flags.i };
  }

  private checkCodePoint(v: number, at: number): number {
    if (!this.opts.utf) {
      if (v > 0xff)
        throw compileError('character code point value in \\x{} or \\o{} is too large', this.off(at));
    } else {
      if (v > 0x10ffff)
        throw compileError('character code point value in \\x{} or \\o{} is too large', this.off(at));
      if (v >= 0xd800 && v <= 0xdfff) {
        throw compileError('disallowed Unicode code point (>= 0xd800 && <= 0xdfff)', this.off(at));
      }
    }
    return v;
  }

  // ---------------------------------------------------------- alternation

  private parseAlternation(): Node {
    const branches = [this.parseSequence()];
    while (this.peek() === C('|')) {
      this.pos++;
      branches.push(this.parseSequence());
    }
    return branches.length === 1 ? branches[0] : { t: 'alt', branches };
  }

  private parseSequence(): Node {
    const items: Node[] = [];
    for (;;) {
      this.skipExtended();
      if (this.eof()) break;
      const c = this.peek();
      if (c === C('|') || c === C(')')) break;
      const atStart = this.pos;
      const atoms = this.parseAtom();
      items.push(...atoms);
      this.skipExtended();
      const q = this.tryQuantifier();
      if (q === null) continue;
      const last = atoms.length > 0 ? items.pop() : undefined;
      if (last === undefined || !repeatable(last)) {
        throw compileError('quantifier does not follow a repeatable item', this.off(q.at));
      }
      if (atoms.length === 0) items.pop();
      items.push({
        t: 'quant',
        body: last,
        min: q.min,
        max: q.max,
        greedy: q.greedy,
        possessive: q.possessive,
      });
      this.skipExtended();
      const again = this.tryQuantifier(true);
      if (again !== null) {
        throw compileError('quantifier does not follow a repeatable item', this.off(again.at));
      }
      void atStart;
    }
    return items.length === 1 ? items[0] : { t: 'seq', items };
  }

  /**
   * A quantifier at the current position, consumed; null when there is none
   * (`{` that does not start a valid quantifier is a literal). With `peekOnly`
   * the position is restored.
   */
  private tryQuantifier(
    peekOnly = false,
  ): { min: number; max: number; greedy: boolean; possessive: boolean; at: number } | null {
    const at = this.pos;
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === C('*')) {
      min = 0;
      max = Number.POSITIVE_INFINITY;
      this.pos++;
    } else if (c === C('+')) {
      min = 1;
      max = Number.POSITIVE_INFINITY;
      this.pos++;
    } else if (c === C('?')) {
      min = 0;
      max = 1;
      this.pos++;
    } else if (c === C('{')) {
      const b = this.readBraces();
      if (b === null) return null;
      [min, max] = b;
    } else return null;
    if (peekOnly) {
      this.pos = at;
      return { min, max, greedy: true, possessive: false, at };
    }
    let greedy = !this.flags.U;
    let possessive = false;
    if (this.peek() === C('?')) {
      greedy = !greedy;
      this.pos++;
    } else if (this.peek() === C('+')) {
      possessive = true;
      greedy = true;
      this.pos++;
    }
    return { min, max, greedy, possessive, at };
  }

  /** {n} {n,} {n,m} at the current position; consumes it, or returns null and leaves the position. */
  private readBraces(): [number, number] | null {
    const start = this.pos;
    let p = this.pos + 1;
    const readInt = (): string => {
      let s = '';
      while (p < this.u.length && isDigit(this.u[p])) s += String.fromCharCode(this.u[p++]);
      return s;
    };
    const a = readInt();
    if (a === '') return null;
    let b: string | null = a;
    if (p < this.u.length && this.u[p] === C(',')) {
      p++;
      b = readInt();
    }
    if (p >= this.u.length || this.u[p] !== C('}')) return null;
    const min = Number(a);
    const max = b === '' ? Number.POSITIVE_INFINITY : Number(b);
    if (min > MAX_QUANT || (max !== Number.POSITIVE_INFINITY && max > MAX_QUANT)) {
      throw compileError('number too big in {} quantifier', this.off(p));
    }
    if (max < min) throw compileError('numbers out of order in {} quantifier', this.off(p));
    this.pos = p + 1;
    void start;
    return [min, max];
  }

  // ----------------------------------------------------------------- atoms

  /** One atom; several for \Q...\E; none for comments and option settings. */
  private parseAtom(): Node[] {
    const c = this.peek();
    switch (c) {
      case C('('):
        return this.parseGroup();
      case C('['):
        return [this.parseClass()];
      case C('.'):
        this.pos++;
        return [this.dotNode()];
      case C('^'):
        this.pos++;
        return [{ t: 'assert', kind: this.flags.m ? 'lineStart' : 'start' }];
      case C('$'): {
        this.pos++;
        let kind: AssertKind = 'endOrFinalNewline';
        if (this.flags.m) kind = 'lineEnd';
        else if (this.opts.dollarEndOnly) kind = 'end';
        return [{ t: 'assert', kind }];
      }
      case BACKSLASH:
        return this.parseEscape();
      case C('*'):
      case C('+'):
      case C('?'):
        throw compileError('quantifier does not follow a repeatable item', this.off(this.pos));
      case C('{'):
        if (this.tryQuantifier(true) !== null) {
          throw compileError('quantifier does not follow a repeatable item', this.off(this.pos));
        }
        this.pos++;
        return [this.charNode(c)];
      default:
        this.pos++;
        return [this.charNode(c)];
    }
  }

  private dotNode(): Node {
    const item = this.flags.s ? rangesItem([], true) : rangesItem([[NL, NL]], true);
    return { t: 'set', spec: { negated: false, items: [item] }, ci: this.flags.i };
  }

  // ---------------------------------------------------------------- groups

  /** open parentheses around the current position */
  private depth = 0;

  /** PCRE2's PARENS_NEST_LIMIT (250), which PHP keeps: also what keeps this parser's recursion shallow */
  private parseGroup(): Node[] {
    if (this.depth >= PARENS_NEST_LIMIT) {
      throw compileError('parentheses are too deeply nested', this.off(this.pos + 1));
    }
    this.depth++;
    try {
      return this.parseGroupAt();
    } finally {
      this.depth--;
    }
  }

  private parseGroupAt(): Node[] {
    const start = this.pos;
    this.pos++; // (
    if (this.peek() === C('*')) {
      throw unsupported('(*VERB) / (*OPTION) syntax', this.off(start));
    }
    if (this.peek() !== C('?')) {
      if (this.flags.n) return [this.groupBody('plain', start, null)];
      return [this.captureGroup(start, null)];
    }
    this.pos++; // ?
    const c = this.peek();
    switch (c) {
      case C('#'):
        this.pos = start;
        this.skipComment();
        return [];
      case C(':'):
        this.pos++;
        return [this.groupBody('plain', start, null)];
      case C('|'):
        throw unsupported('branch reset group (?|...)', this.off(start));
      case C('>'):
        this.pos++;
        return [this.groupBody('atomic', start, null)];
      case C('='):
        this.pos++;
        return [this.groupBody('lookahead', start, null)];
      case C('!'):
        this.pos++;
        return [this.groupBody('negLookahead', start, null)];
      case C('<'): {
        const d = this.peek(1);
        if (d === C('=')) {
          this.pos += 2;
          return [this.groupBody('lookbehind', start, null)];
        }
        if (d === C('!')) {
          this.pos += 2;
          return [this.groupBody('negLookbehind', start, null)];
        }
        this.pos++;
        return [this.captureGroup(start, this.readName(C('>')))];
      }
      case C("'"):
        this.pos++;
        return [this.captureGroup(start, this.readName(C("'")))];
      case C('P'): {
        const d = this.peek(1);
        if (d === C('<')) {
          this.pos += 2;
          return [this.captureGroup(start, this.readName(C('>')))];
        }
        if (d === C('=')) {
          this.pos += 2;
          const name = this.readName(C(')'));
          return [this.backrefNode(0, name, start)];
        }
        if (d === C('>')) throw unsupported('subroutine call (?P>name)', this.off(start));
        throw compileError('unrecognized character after (?P', this.off(this.pos + 1));
      }
      case C('R'):
        throw unsupported('recursion (?R)', this.off(start));
      case C('&'):
        throw unsupported('subroutine call (?&name)', this.off(start));
      case C('('):
        throw unsupported('conditional group (?(condition)...)', this.off(start));
      case C('C'):
        throw unsupported('callout (?C)', this.off(start));
      case C('+'):
        throw unsupported('subroutine call (?+n)', this.off(start));
    }
    if (isDigit(c) || (c === C('-') && isDigit(this.peek(1)))) {
      throw unsupported(`recursion / subroutine call (?${String.fromCharCode(c)}...)`, this.off(start));
    }
    return this.parseOptions(start);
  }

  /** (?imnsxJU-imnsxJU) or (?imnsx:...) */
  private parseOptions(start: number): Node[] {
    const next: InlineFlags = { ...this.flags };
    let on = true;
    if (this.peek() === C('^')) {
      next.i = next.m = next.n = next.s = next.x = false;
      this.pos++;
    }
    for (;;) {
      if (this.eof()) throw compileError('missing closing parenthesis', this.off(start));
      const c = this.peek();
      this.pos++;
      const flag = INLINE_FLAG_OF_UNIT.get(c);
      if (flag !== undefined) {
        next[flag] = on;
        continue;
      }
      switch (c) {
        case C('-'):
          on = false;
          continue;
        case C(')'):
          // applies to the rest of the enclosing group (the caller restores at its end)
          this.flags = next;
          return [];
        case C(':'): {
          const saved = this.flags;
          this.flags = next;
          const node = this.groupBody('plain', start, null, saved);
          return [node];
        }
        default:
          throw compileError('unrecognized character after (? or (?-', this.off(this.pos - 1));
      }
    }
  }

  private readName(terminator: number): string {
    const start = this.pos;
    let name = '';
    while (!this.eof() && isWordUnit(this.peek())) name += String.fromCharCode(this.u[this.pos++]);
    if (name === '') throw compileError('subpattern name expected', this.off(start));
    if (isDigit(name.charCodeAt(0)))
      throw compileError('subpattern name must start with a non-digit', this.off(start));
    if (name.length > 32)
      throw compileError('subpattern name is too long (maximum 32 code units)', this.off(start));
    if (this.peek() !== terminator) {
      throw compileError('syntax error in subpattern name (missing terminator?)', this.off(this.pos));
    }
    this.pos++;
    return name;
  }

  private captureGroup(start: number, name: string | null): Node {
    const index = ++this.captureCount;
    this.names[index] = name;
    if (name !== null) {
      const list = this.nameIndexes.get(name);
      if (list !== undefined) {
        if (!this.flags.J) {
          throw compileError(
            'two named subpatterns have the same name (PCRE2_DUPNAMES not set)',
            this.off(start),
          );
        }
        list.push(index);
      } else this.nameIndexes.set(name, [index]);
    }
    const node = this.groupBody('capture', start, name, undefined, index);
    return node;
  }

  /**
   * The body of a group up to its `)`. Option changes inside it end with it;
   * `restore` is the state to go back to when the opening itself changed options.
   */
  private groupBody(
    kind: GroupKind,
    start: number,
    name: string | null,
    restore?: InlineFlags,
    index = 0,
  ): GroupNode {
    const outer = restore ?? this.flags;
    const node: GroupNode = {
      t: 'group',
      kind,
      body: { t: 'seq', items: [] },
      index,
      name,
      offset: this.off(start),
      path: [],
    };
    if (kind === 'capture') this.groups[index] = node;
    this.flags = { ...this.flags };
    node.body = this.parseAlternation();
    if (this.peek() !== C(')')) throw compileError('missing closing parenthesis', this.off(this.u.length));
    this.pos++;
    this.flags = outer;
    return node;
  }

  // ------------------------------------------------------------- escapes

  private backrefNode(index: number, name: string | null, start: number): Node {
    const node: BackrefNode = {
      t: 'backref',
      index,
      name,
      ci: this.flags.i,
      offset: this.off(start),
      path: [],
    };
    this.backrefs.push(node);
    return node;
  }

  private resolve(ref: BackrefNode): void {
    if (ref.name !== null) {
      const list = this.nameIndexes.get(ref.name);
      if (list === undefined) throw compileError('reference to non-existent subpattern', ref.offset);
      if (list.length > 1)
        throw unsupported(`back reference to the duplicate name "${ref.name}"`, ref.offset);
      ref.index = list[0];
    }
    if (ref.index > this.captureCount) throw compileError('reference to non-existent subpattern', ref.offset);
  }

  /** Escapes outside a class. */
  private parseEscape(): Node[] {
    const start = this.pos;
    this.pos++; // backslash
    if (this.eof()) throw compileError('\\ at end of pattern', this.off(start));
    const c = this.u[this.pos++];
    const ch = c < 0x80 ? String.fromCharCode(c) : '';
    switch (ch) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
      case 's':
      case 'S':
      case 'h':
      case 'H':
      case 'v':
      case 'V':
        return [this.setNode(escapeSet(ch, this.opts.utf))];
      case 'N':
        if (this.peek() === C('{')) return [this.charNode(this.namedChar(start))];
        return [
          { t: 'set', spec: { negated: false, items: [escapeSet('N', this.opts.utf)] }, ci: this.flags.i },
        ];
      case 'R':
        return [this.newlineSequence()];
      case 'X':
        throw unsupported('\\X (extended grapheme cluster)', this.off(start));
      case 'C':
        throw unsupported('\\C (single code unit)', this.off(start));
      case 'b':
        return [{ t: 'assert', kind: 'wordBoundary' }];
      case 'B':
        return [{ t: 'assert', kind: 'notWordBoundary' }];
      case 'A':
        return [{ t: 'assert', kind: 'start' }];
      case 'z':
        return [{ t: 'assert', kind: 'end' }];
      case 'Z':
        return [{ t: 'assert', kind: 'endOrFinalNewline' }];
      case 'G':
        throw unsupported('\\G (anchor at the match start)', this.off(start));
      case 'K':
        throw unsupported('\\K (reset of the match start)', this.off(start));
      case 'Q':
        return this.quoted();
      case 'E':
        return [];
      case 'p':
      case 'P':
        return [this.setNode(this.property(ch === 'P', start))];
      case 'g':
        return [this.gReference(start)];
      case 'k':
        return [this.kReference(start)];
      case 'F':
      case 'L':
      case 'l':
      case 'U':
      case 'u':
        throw compileError(
          'PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u',
          this.off(this.pos),
        );
    }
    if (c >= C('1') && c <= C('9')) {
      const back = this.digitsReference(c, start);
      if (back !== null) return [back];
    }
    this.pos--;
    return [this.charNode(this.escapedChar(start, false))];
  }

  /** \1..\99...: a back reference, or null when the digits are an octal character (re-read by escapedChar). */
  private digitsReference(first: number, start: number): Node | null {
    let p = this.pos - 1;
    let digits = '';
    while (p < this.u.length && isDigit(this.u[p])) digits += String.fromCharCode(this.u[p++]);
    const n = Number(digits);
    if (n < 10 || first === C('8') || first === C('9') || n <= this.captureCount) {
      this.pos = p;
      return this.backrefNode(n, null, start);
    }
    return null;
  }

  /** A single-character escape at this.pos (just after the backslash). */
  private escapedChar(start: number, inClass: boolean): number {
    const c = this.u[this.pos++];
    const ch = c < 0x80 ? String.fromCharCode(c) : '';
    switch (ch) {
      case 'a':
        return 0x07;
      case 'e':
        return 0x1b;
      case 'f':
        return 0x0c;
      case 'n':
        return 0x0a;
      case 'r':
        return 0x0d;
      case 't':
        return 0x09;
      case 'b':
        if (inClass) return 0x08;
        break;
      case '0': {
        let v = 0;
        for (let k = 0; k < 2 && isOctal(this.peek()); k++) v = v * 8 + (this.u[this.pos++] - 0x30);
        return v;
      }
      case 'o': {
        if (this.peek() !== C('{')) throw compileError('missing opening brace after \\o', this.off(this.pos));
        this.pos++;
        let v = 0;
        let n = 0;
        while (isOctal(this.peek())) {
          v = v * 8 + (this.u[this.pos++] - 0x30);
          n++;
          if (v > 0x10ffff) break;
        }
        if (n === 0 || this.peek() !== C('}')) {
          throw compileError('non-octal character in \\o{} (closing brace missing?)', this.off(this.pos));
        }
        this.pos++;
        return this.checkCodePoint(v, start);
      }
      case 'x': {
        if (this.peek() === C('{')) {
          const save = this.pos;
          this.pos++;
          let v = 0;
          let n = 0;
          while (hexValue(this.peek()) >= 0) {
            v = v * 16 + hexValue(this.u[this.pos++]);
            n++;
            if (v > 0x10ffff) break;
          }
          if (n > 0 && this.peek() === C('}')) {
            this.pos++;
            return this.checkCodePoint(v, start);
          }
          if (n === 0 && this.peek() === C('}')) {
            throw compileError('digits missing in \\x{} or \\o{} or \\N{U+}', this.off(this.pos));
          }
          this.pos = save;
          throw compileError('non-hex character in \\x{} (closing brace missing?)', this.off(this.pos));
        }
        let v = 0;
        for (let k = 0; k < 2 && hexValue(this.peek()) >= 0; k++) v = v * 16 + hexValue(this.u[this.pos++]);
        return v;
      }
      case 'c': {
        if (this.eof()) throw compileError('\\c at end of pattern', this.off(start));
        const x = this.u[this.pos++];
        if (x < 0x20 || x > 0x7e) {
          throw compileError('\\c must be followed by a printable ASCII character', this.off(this.pos - 1));
        }
        const upper = x >= 0x61 && x <= 0x7a ? x - 0x20 : x;
        return upper ^ 0x40;
      }
    }
    if (c >= C('1') && c <= C('9')) {
      if (c >= C('8')) {
        if (inClass) return c; // \8 and \9 are the digits
      }
      // octal: up to three octal digits including this one
      this.pos--;
      let v = 0;
      for (let k = 0; k < 3 && isOctal(this.peek()); k++) v = v * 8 + (this.u[this.pos++] - 0x30);
      if (!this.opts.utf && v > 0xff)
        throw compileError('octal value is greater than \\377 in 8-bit non-UTF-8 mode', this.off(start));
      return v;
    }
    if (isAsciiLetterOrDigit(c)) {
      throw compileError('unrecognized character follows \\', this.off(this.pos - 1));
    }
    return c;
  }

  private namedChar(start: number): number {
    // \N{U+hhhh}: UTF mode only
    if (!this.opts.utf || this.peek(1) !== C('U') || this.peek(2) !== C('+')) {
      throw compileError('PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u', this.off(start));
    }
    this.pos += 3;
    let v = 0;
    let n = 0;
    while (hexValue(this.peek()) >= 0) {
      v = v * 16 + hexValue(this.u[this.pos++]);
      n++;
      if (v > 0x10ffff) break;
    }
    if (n === 0 || this.peek() !== C('}'))
      throw compileError('digits missing in \\x{} or \\o{} or \\N{U+}', this.off(this.pos));
    this.pos++;
    return this.checkCodePoint(v, start);
  }

  /** \Q...\E: literal characters */
  private quoted(): Node[] {
    const out: Node[] = [];
    while (!this.eof()) {
      if (this.peek() === BACKSLASH && this.peek(1) === C('E')) {
        this.pos += 2;
        return out;
      }
      out.push(this.charNode(this.u[this.pos++]));
    }
    return out;
  }

  /** \R: (?>\r\n|\n|\x0b|\f|\r|\x85) plus U+2028/9 in UTF mode */
  private newlineSequence(): Node {
    const single: Range[] = [
      [0x0a, 0x0d],
      [0x85, 0x85],
    ];
    if (this.opts.utf) single.push([0x2028, 0x2029]);
    const crlf: Node = {
      t: 'seq',
      items: [
        { t: 'char', value: 0x0d, ci: false },
        { t: 'char', value: 0x0a, ci: false },
      ],
    };
    const one: Node = { t: 'set', spec: { negated: false, items: [rangesItem(single)] }, ci: false };
    return {
      t: 'group',
      kind: 'atomic',
      body: { t: 'alt', branches: [crlf, one] },
      index: 0,
      name: null,
      offset: 0,
      path: [],
    };
  }

  private property(negatedEscape: boolean, start: number): SetItem {
    if (!this.opts.utf) {
      throw unsupported('\\p / \\P without the u modifier', this.off(start), 'add the u modifier');
    }
    let name: string;
    if (this.peek() === C('{')) {
      this.pos++;
      let s = '';
      while (!this.eof() && this.peek() !== C('}')) s += String.fromCodePoint(this.u[this.pos++]);
      if (this.eof()) throw compileError('malformed \\P or \\p sequence', this.off(start));
      this.pos++;
      name = s;
    } else {
      if (this.eof()) throw compileError('malformed \\P or \\p sequence', this.off(start));
      name = String.fromCodePoint(this.u[this.pos++]);
    }
    let negated = negatedEscape;
    if (name.startsWith('^')) {
      negated = !negated;
      name = name.slice(1);
    }
    const item = propertySet(name.trim(), negated);
    if (item === null) throw compileError('unknown property after \\P or \\p', this.off(this.pos - 1));
    return item;
  }

  private gReference(start: number): Node {
    const c = this.peek();
    if (c === C('<') || c === C("'")) {
      throw unsupported("subroutine call \\g<...> / \\g'...'", this.off(start));
    }
    let text: string;
    if (c === C('{')) {
      this.pos++;
      text = '';
      while (!this.eof() && this.peek() !== C('}')) text += String.fromCodePoint(this.u[this.pos++]);
      if (this.eof())
        throw compileError(
          '\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number',
          this.off(start),
        );
      this.pos++;
    } else {
      text = '';
      if (c === C('-') || c === C('+')) {
        text += String.fromCharCode(c);
        this.pos++;
      }
      while (isDigit(this.peek())) text += String.fromCharCode(this.u[this.pos++]);
    }
    const m = /^([+-]?)(\d+)$/.exec(text);
    if (m === null) {
      if (c === C('{') && /^[A-Za-z_]\w*$/.test(text)) return this.backrefNode(0, text, start);
      throw compileError(
        '\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number',
        this.off(start),
      );
    }
    const n = Number(m[2]);
    if (n === 0) throw compileError('a numbered reference must not be zero', this.off(start));
    let index = n;
    if (m[1] === '-') index = this.captureCount - n + 1;
    else if (m[1] === '+') index = this.captureCount + n;
    if (index <= 0) throw compileError('reference to non-existent subpattern', this.off(start));
    return this.backrefNode(index, null, start);
  }

  private kReference(start: number): Node {
    const c = this.peek();
    let term: number;
    if (c === C('<')) term = C('>');
    else if (c === C("'")) term = C("'");
    else if (c === C('{')) term = C('}');
    else
      throw compileError('\\k is not followed by a braced, angle-bracketed, or quoted name', this.off(start));
    this.pos++;
    return this.backrefNode(0, this.readName(term), start);
  }

  // ---------------------------------------------------------------- classes

  private parseClass(): Node {
    const start = this.pos;
    this.pos++; // [
    let negated = false;
    if (this.peek() === C('^')) {
      negated = true;
      this.pos++;
    }
    const ranges: Range[] = [];
    const items: SetItem[] = [];
    let first = true;
    let quoting = false;
    for (;;) {
      if (this.eof())
        throw compileError('missing terminating ] for character class', this.off(this.u.length));
      const c = this.peek();
      if (quoting) {
        if (c === BACKSLASH && this.peek(1) === C('E')) {
          this.pos += 2;
          quoting = false;
          continue;
        }
        this.pos++;
        ranges.push([c, c]);
        first = false;
        continue;
      }
      if (c === C(']') && !first) {
        this.pos++;
        break;
      }
      first = false;
      if (c === C('[')) {
        const posix = this.tryPosix();
        if (posix !== null) {
          items.push(posix);
          this.rejectRangeAfterSet();
          continue;
        }
      }
      if (c === BACKSLASH && this.peek(1) === C('Q')) {
        this.pos += 2;
        quoting = true;
        continue;
      }
      if (c === BACKSLASH && this.peek(1) === C('E')) {
        this.pos += 2;
        continue;
      }
      const atom = this.classAtom();
      if (atom === null) continue;
      if ('set' in atom) {
        items.push(atom.set);
        this.rejectRangeAfterSet();
        continue;
      }
      const lo = atom.char;
      if (this.peek() === C('-') && this.pos + 1 < this.u.length && this.u[this.pos + 1] !== C(']')) {
        const dash = this.pos;
        this.pos++;
        if (
          this.peek() === C('[') &&
          (this.peek(1) === C(':') || this.peek(1) === C('.') || this.peek(1) === C('='))
        ) {
          throw compileError('invalid range in character class', this.off(dash + 1));
        }
        if (this.peek() === BACKSLASH && this.peek(1) === C('Q')) {
          // [a-\Qz\E]: the range ends at the first quoted character
          this.pos += 2;
          if (this.peek() === BACKSLASH && this.peek(1) === C('E')) {
            this.pos += 2;
            ranges.push([lo, lo], [0x2d, 0x2d]);
            continue;
          }
          quoting = true;
        }
        const hiAtom: ClassAtom = quoting ? { char: this.u[this.pos++] } : this.classAtom();
        if (hiAtom === null || 'set' in hiAtom) {
          throw compileError('invalid range in character class', this.off(dash + 1));
        }
        if (hiAtom.char < lo)
          throw compileError('range out of order in character class', this.off(this.pos - 1));
        ranges.push([lo, hiAtom.char]);
        continue;
      }
      ranges.push([lo, lo]);
    }
    if (ranges.length > 0) items.unshift(rangesItem(ranges));
    const spec: ClassSpec = { negated, items };
    void start;
    return { t: 'set', spec, ci: this.flags.i };
  }

  /** PCRE2 rejects `[\d-z]` and `[[:digit:]-z]` (a range cannot start at a set). */
  private rejectRangeAfterSet(): void {
    if (this.peek() === C('-') && this.pos + 1 < this.u.length && this.u[this.pos + 1] !== C(']')) {
      throw compileError('invalid range in character class', this.off(this.pos + 1));
    }
  }

  /** [:name:] / [:^name:] at this.pos, consumed; null when the text is not a POSIX class. */
  private tryPosix(): SetItem | null {
    const open = this.peek(1);
    if (open !== C(':') && open !== C('.') && open !== C('=')) return null;
    // find the terminator ":]" (".]" / "=]"), PCRE2 style: no ']' or '\' before it
    let p = this.pos + 2;
    while (p + 1 < this.u.length) {
      const c = this.u[p];
      if (c === BACKSLASH || c === C('[')) return null;
      if (c === C(']')) return null;
      if (c === open && this.u[p + 1] === C(']')) break;
      p++;
    }
    if (p + 1 >= this.u.length) return null;
    if (open !== C(':')) throw compileError('POSIX collating elements are not supported', this.off(this.pos));
    let name = '';
    for (let k = this.pos + 2; k < p; k++) name += String.fromCharCode(this.u[k]);
    let negated = false;
    if (name.startsWith('^')) {
      negated = true;
      name = name.slice(1);
    }
    const item = posixSet(name, negated, this.opts.utf);
    if (item === null) throw compileError('unknown POSIX class name', this.off(this.pos));
    this.pos = p + 2;
    return item;
  }

  /** One class member: a character or an escape set. */
  private classAtom(): ClassAtom {
    const c = this.peek();
    if (c !== BACKSLASH) {
      this.pos++;
      return { char: c };
    }
    const start = this.pos;
    this.pos++;
    if (this.eof()) throw compileError('\\ at end of pattern', this.off(start));
    const e = this.peek();
    const ch = e < 0x80 ? String.fromCharCode(e) : '';
    switch (ch) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
      case 's':
      case 'S':
      case 'h':
      case 'H':
      case 'v':
      case 'V':
        this.pos++;
        return { set: escapeSet(ch, this.opts.utf) };
      case 'p':
      case 'P':
        this.pos++;
        return { set: this.property(ch === 'P', start) };
      case 'B':
      case 'R':
      case 'X':
      case 'N':
        throw compileError('escape sequence is invalid in character class', this.off(this.pos));
      case 'A':
      case 'z':
      case 'Z':
      case 'G':
      case 'K':
      case 'g':
      case 'k':
      case 'C':
        throw compileError('escape sequence is invalid in character class', this.off(this.pos));
      case 'F':
      case 'L':
      case 'l':
      case 'U':
      case 'u':
        throw compileError(
          'PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u',
          this.off(this.pos),
        );
    }
    return { char: this.escapedChar(start, true) };
  }
}

function repeatable(n: Node): boolean {
  switch (n.t) {
    case 'char':
    case 'set':
    case 'group':
    case 'backref':
      return true;
    default:
      return false;
  }
}

export type { QuantNode };
