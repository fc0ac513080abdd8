/**
 * AST → JavaScript regex source.
 *
 * Conventions of the generated regex:
 * - never the JS `m` or `s` flags: ^ $ . are spelled out with PCRE's meaning
 *   (only \n is a newline; `$` also matches before a final \n);
 * - without `u`: no JS `u` flag, and bytes 0x80-0xFF are the units U+E080-U+E0FF
 *   (see bytes.ts); with `u`: the JS `u` flag, units are code points;
 * - all PCRE groups become unnamed JS groups (names are kept on the side), plus
 *   helper groups for atomic groups and possessive quantifiers, emulated as
 *   `(?=(X))\k` (the lookahead is atomic in JS, the back reference consumes);
 *   `groupMap` maps PCRE group numbers to JS group numbers;
 * - case-insensitivity: the JS `i` flag when the whole pattern agrees, else
 *   JS modifier groups `(?i:...)` / `(?-i:...)` around the atoms that differ.
 */
import type { AssertKind, Node } from './ast';
import { BYTE_BASE } from './bytes';
import type { ClassSpec, Prop, Range, SetItem } from './charsets';
import { unsupported } from './errors';

export interface Emitted {
  source: string;
  /** PCRE group number → JS group number (index 0 → 0) */
  groupMap: number[];
  /** JS group count */
  jsGroups: number;
}

let modifiers: boolean | undefined;
/** Whether this JS engine supports RegExp modifier groups `(?i:...)` (ES2025). */
export function supportsModifiers(): boolean {
  if (modifiers === undefined) {
    try {
      // biome-ignore lint/complexity/useRegexLiterals: a literal is a parse error on engines without modifier groups
      new RegExp('(?i:a)(?-i:b)');
      modifiers = true;
    } catch {
      modifiers = false;
    }
  }
  return modifiers;
}

const CASELESS_PROPS = new Set([
  'Nd',
  'N',
  'No',
  'Nl',
  'Z',
  'Zs',
  'Zl',
  'Zp',
  'Cc',
  'Cf',
  'P',
  'S',
  'Script_Extensions=Han',
  'Script_Extensions=Hiragana',
  'Script_Extensions=Katakana',
  'Script=Han',
  'Script=Hiragana',
  'Script=Katakana',
]);

function hex(n: number, width: number): string {
  return n.toString(16).toUpperCase().padStart(width, '0');
}

export class Emitter {
  private jsCount: number;
  private readonly groupMap: number[] = [0];
  private readonly universeMax: number;
  /** the JS regex's i flag */
  readonly globalCi: boolean;

  constructor(
    private readonly utf: boolean,
    root: Node,
    patternCi: boolean,
    groupBase = 0,
  ) {
    this.jsCount = groupBase;
    this.universeMax = utf ? 0x10ffff : 0xff;
    this.globalCi = this.chooseGlobalCi(root, patternCi);
  }

  emit(root: Node): Emitted {
    const source = this.node(root);
    return { source, groupMap: this.groupMap, jsGroups: this.jsCount };
  }

  /** The `i` flag: uniform case mode of all case-relevant atoms, else the pattern's own flag. */
  private chooseGlobalCi(root: Node, patternCi: boolean): boolean {
    const seen = new Set<boolean>();
    const walk = (n: Node): void => {
      switch (n.t) {
        case 'char':
          if (this.charCased(n.value)) seen.add(n.ci);
          return;
        case 'set':
          if (this.setCased(n.spec)) seen.add(n.ci);
          return;
        case 'backref':
          seen.add(n.ci);
          return;
        case 'group':
        case 'quant':
          walk(n.body);
          return;
        case 'seq':
          n.items.forEach(walk);
          return;
        case 'alt':
          n.branches.forEach(walk);
          return;
      }
    };
    walk(root);
    if (seen.size === 1) return seen.has(true);
    return patternCi;
  }

  private charCased(v: number): boolean {
    if (v < 0x80) return (v >= 0x41 && v <= 0x5a) || (v >= 0x61 && v <= 0x7a);
    if (!this.utf) return false; // bytes ≥ 0x80 have no case in PCRE's C locale
    const s = String.fromCodePoint(v);
    return s.toLowerCase() !== s || s.toUpperCase() !== s || v === 0x130 || v === 0x131;
  }

  private setCased(spec: ClassSpec): boolean {
    for (const item of spec.items) {
      if (item.negated) return true;
      for (const p of item.props) if (!CASELESS_PROPS.has(p.name)) return true;
      for (const [lo, hi] of item.ranges) {
        if (lo <= 0x7a && hi >= 0x41) return true;
        if (this.utf && hi >= 0xb5) return true;
      }
    }
    return false;
  }

  /** Wraps `src` when its case mode differs from the regex's. */
  private caseWrap(src: string, ci: boolean, offset = 0): string {
    if (ci === this.globalCi) return src;
    if (!supportsModifiers()) {
      throw unsupported(
        'a case-insensitivity change inside the pattern ((?i), (?-i))',
        offset,
        'this JavaScript engine has no RegExp modifier groups',
      );
    }
    return (ci ? '(?i:' : '(?-i:') + src + ')';
  }

  // ------------------------------------------------------------ literals

  /** One pattern unit as JS regex source (valid inside and outside classes). */
  private unit(v: number): string {
    if (v < 0x80) {
      if ((v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5a) || (v >= 0x61 && v <= 0x7a) || v === 0x5f) {
        return String.fromCharCode(v);
      }
      return '\\x' + hex(v, 2);
    }
    if (!this.utf) return '\\u' + hex(BYTE_BASE + v, 4);
    if (v <= 0xffff) return '\\u' + hex(v, 4);
    return '\\u{' + hex(v, 1) + '}';
  }

  // --------------------------------------------------------------- nodes

  private node(n: Node): string {
    switch (n.t) {
      case 'char': {
        const src = this.unit(n.value);
        return this.charCased(n.value) ? this.caseWrap(src, n.ci) : src;
      }
      case 'set':
        return this.set(n.spec, n.ci);
      case 'assert':
        return this.assertion(n.kind);
      case 'backref': {
        const js = this.groupMap[n.index];
        if (js === undefined) throw unsupported(`back reference to group ${n.index}`, n.offset);
        return this.caseWrap('(?:\\' + js + ')', n.ci, n.offset);
      }
      case 'seq':
        if (n.items.length === 0) return '(?:)';
        return n.items.map((it) => this.node(it)).join('');
      case 'alt':
        return n.branches.map((b) => this.node(b)).join('|');
      case 'group':
        switch (n.kind) {
          case 'capture': {
            const js = ++this.jsCount;
            this.groupMap[n.index] = js;
            return '(' + this.node(n.body) + ')';
          }
          case 'plain':
            return '(?:' + this.node(n.body) + ')';
          case 'atomic': {
            const h = ++this.jsCount;
            return '(?:(?=(' + this.node(n.body) + '))\\' + h + ')';
          }
          case 'lookahead':
            return '(?=' + this.node(n.body) + ')';
          case 'negLookahead':
            return '(?!' + this.node(n.body) + ')';
          case 'lookbehind':
            return '(?<=' + this.node(n.body) + ')';
          case 'negLookbehind':
            return '(?<!' + this.node(n.body) + ')';
        }
        break;
      case 'quant': {
        const h = n.possessive ? ++this.jsCount : 0;
        let body = this.node(n.body);
        if (
          n.body.t === 'group' &&
          n.body.kind !== 'capture' &&
          n.body.kind !== 'plain' &&
          n.body.kind !== 'atomic'
        ) {
          body = '(?:' + body + ')'; // JS cannot quantify a lookaround directly
        }
        const q = body + quantSuffix(n.min, n.max) + (n.greedy || n.possessive ? '' : '?');
        return n.possessive ? '(?:(?=(' + q + '))\\' + h + ')' : q;
      }
    }
    throw new Error('unreachable');
  }

  private assertion(kind: AssertKind): string {
    switch (kind) {
      case 'start':
        return '^';
      case 'end':
        return '$';
      case 'endOrFinalNewline':
        return '(?=\\n?$)';
      case 'lineStart':
        return '(?:^|(?<=\\n)(?!$))';
      case 'lineEnd':
        return '(?=\\n|$)';
      case 'wordBoundary':
        return this.utf
          ? '(?:(?<=[\\p{L}\\p{N}_])(?![\\p{L}\\p{N}_])|(?<![\\p{L}\\p{N}_])(?=[\\p{L}\\p{N}_]))'
          : '\\b';
      case 'notWordBoundary':
        return this.utf
          ? '(?:(?<=[\\p{L}\\p{N}_])(?=[\\p{L}\\p{N}_])|(?<![\\p{L}\\p{N}_])(?![\\p{L}\\p{N}_]))'
          : '\\B';
    }
  }

  // ----------------------------------------------------------------- sets

  private complement(ranges: Range[]): Range[] {
    const sorted = mergeRanges(ranges);
    const out: Range[] = [];
    let next = 0;
    for (const [lo, hi] of sorted) {
      if (lo > next) out.push([next, lo - 1]);
      next = Math.max(next, hi + 1);
    }
    if (next <= this.universeMax) out.push([next, this.universeMax]);
    return out;
  }

  /** Ranges as class-body source (bytes split at 0x80 and moved to U+E0xx without `u`). */
  private rangesSource(ranges: Range[]): string {
    let out = '';
    for (const [lo0, hi0] of mergeRanges(ranges)) {
      const parts: Range[] = [];
      if (!this.utf && lo0 < 0x80 && hi0 >= 0x80) parts.push([lo0, 0x7f], [0x80, hi0]);
      else parts.push([lo0, hi0]);
      for (const [lo, hi] of parts) {
        out += lo === hi ? this.unit(lo) : this.unit(lo) + '-' + this.unit(hi);
      }
    }
    return out;
  }

  private propSource(p: Prop): string {
    return (p.negated ? '\\P{' : '\\p{') + p.name + '}';
  }

  private set(spec: ClassSpec, ci: boolean): string {
    const plainRanges: Range[] = [];
    let plainProps = '';
    let strictProps = '';
    const negatives: string[] = [];
    for (const raw of spec.items) {
      let item: SetItem = raw;
      if (item.negated && item.ranges.length === 0 && item.props.length === 1) {
        const p = item.props[0];
        item = { ranges: [], props: [{ ...p, negated: !p.negated }], negated: false };
      } else if (item.negated && item.props.length === 0) {
        item = { ranges: this.complement(item.ranges), props: [], negated: false };
      }
      if (item.negated) {
        negatives.push(
          '[^' + this.rangesSource(item.ranges) + item.props.map((p) => this.propSource(p)).join('') + ']',
        );
        continue;
      }
      plainRanges.push(...item.ranges);
      for (const p of item.props) {
        if (p.caseSensitive && ci) strictProps += this.propSource(p);
        else plainProps += this.propSource(p);
      }
    }
    const alternatives: string[] = [];
    const plainBody = this.rangesSource(plainRanges) + plainProps;
    if (plainBody !== '') alternatives.push('[' + plainBody + ']');
    if (strictProps !== '') {
      // PCRE2 never folds case for \p; JS would
      if (!supportsModifiers()) {
        throw unsupported(
          '\\p{Lu}-like case-sensitive properties under the i modifier',
          0,
          'no RegExp modifier groups in this JavaScript engine',
        );
      }
      alternatives.push('(?-i:[' + strictProps + '])');
    }
    alternatives.push(...negatives);
    let src: string;
    if (!spec.negated) {
      if (alternatives.length === 0) src = '[]';
      else if (alternatives.length === 1) src = alternatives[0];
      else src = '(?:' + alternatives.join('|') + ')';
    } else if (alternatives.length === 0) {
      src = '[\\s\\S]';
    } else if (
      alternatives.length === 1 &&
      plainBody !== '' &&
      strictProps === '' &&
      negatives.length === 0
    ) {
      src = '[^' + plainBody + ']';
    } else {
      src = '(?:(?!' + alternatives.join('|') + ')[\\s\\S])';
    }
    return this.setCased(spec) ? this.caseWrap(src, ci) : src;
  }
}

function quantSuffix(min: number, max: number): string {
  if (max === Number.POSITIVE_INFINITY) {
    if (min === 0) return '*';
    if (min === 1) return '+';
    return '{' + min + ',}';
  }
  if (min === 0 && max === 1) return '?';
  if (min === max) return '{' + min + '}';
  return '{' + min + ',' + max + '}';
}

function mergeRanges(ranges: Range[]): Range[] {
  if (ranges.length <= 1) return ranges.slice();
  const sorted = ranges.slice().sort((a, b) => a[0] - b[0]);
  const out: Range[] = [[sorted[0][0], sorted[0][1]]];
  for (let k = 1; k < sorted.length; k++) {
    const last = out[out.length - 1];
    const [lo, hi] = sorted[k];
    if (lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}
