/**
 * Checks on the parsed pattern where PCRE2 and JS regexes behave differently.
 *
 * - Lookbehinds: PCRE2 10.40 only accepts fixed-length branches (JS accepts any).
 * - Captures in repeated groups: PCRE keeps a group's value from an earlier
 *   iteration, JS resets captures at each iteration; and PCRE accepts an empty
 *   iteration (setting groups to "") where JS rejects it. Such groups are marked
 *   so results are never silently different.
 * - Back references: PCRE fails a reference to an unset group, JS matches "";
 *   patterns with back references run on the backtracking matcher (risk.ts).
 * - Whether the pattern can prefer an empty match where a non-empty one exists
 *   (lazy quantifiers, `(|a)`): only then the global-match loop needs PCRE's
 *   NOTEMPTY_ATSTART retry.
 */
import type { GroupNode, Node } from './ast';
import { compileError } from './errors';
import type { ParseResult } from './parser';

/**
 * - `exact`: same value in JS and PCRE;
 * - `unsetDiffers`: a value JS reports is exact, but JS may report "unset" where
 *   PCRE still holds a value from an earlier repetition;
 * - `unreliable`: JS and PCRE may disagree either way (empty repetitions).
 */
export type GroupFidelity = 'exact' | 'unsetDiffers' | 'unreliable';

export interface Analysis {
  fidelity: GroupFidelity[];
  canPreferEmpty: boolean;
  /** the pattern looks at text before the match start (^, \b, lookbehind) */
  looksBehind: boolean;
}

/** [min, max] width in units (max may be Infinity). */
export function width(n: Node): [number, number] {
  switch (n.t) {
    case 'char':
    case 'set':
      return [1, 1];
    case 'assert':
      return [0, 0];
    case 'backref':
      return [0, Number.POSITIVE_INFINITY];
    case 'group':
      if (
        n.kind === 'lookahead' ||
        n.kind === 'negLookahead' ||
        n.kind === 'lookbehind' ||
        n.kind === 'negLookbehind'
      ) {
        return [0, 0];
      }
      return width(n.body);
    case 'quant': {
      const [a, b] = width(n.body);
      const max = n.max === 0 || b === 0 ? 0 : b * n.max;
      return [a * n.min, max];
    }
    case 'seq': {
      let a = 0;
      let b = 0;
      for (const it of n.items) {
        const [x, y] = width(it);
        a += x;
        b += y;
      }
      return [a, b];
    }
    case 'alt': {
      let a = Number.POSITIVE_INFINITY;
      let b = 0;
      for (const br of n.branches) {
        const [x, y] = width(br);
        a = Math.min(a, x);
        b = Math.max(b, y);
      }
      return [a, b];
    }
  }
}

function nullable(n: Node): boolean {
  return width(n)[0] === 0;
}

/** True when `n` or a node inside it passes `test`. */
function anyNode(n: Node, test: (n: Node) => boolean): boolean {
  if (test(n)) return true;
  switch (n.t) {
    case 'group':
    case 'quant':
      return anyNode(n.body, test);
    case 'seq':
      return n.items.some((it) => anyNode(it, test));
    case 'alt':
      return n.branches.some((br) => anyNode(br, test));
    default:
      return false;
  }
}

function containsBackref(n: Node): boolean {
  return anyNode(n, (x) => x.t === 'backref');
}

/** Sets `path` on groups and back references. */
function annotate(n: Node, path: Node[]): void {
  switch (n.t) {
    case 'group':
      n.path = path;
      annotate(n.body, [...path, n]);
      return;
    case 'backref':
      n.path = path;
      return;
    case 'quant':
      annotate(n.body, [...path, n]);
      return;
    case 'seq':
      for (const it of n.items) annotate(it, [...path, n]);
      return;
    case 'alt':
      for (const br of n.branches) annotate(br, [...path, n]);
      return;
  }
}

function checkLookbehinds(n: Node): void {
  switch (n.t) {
    case 'group': {
      if (n.kind === 'lookbehind' || n.kind === 'negLookbehind') {
        const branches = n.body.t === 'alt' ? n.body.branches : [n.body];
        for (const br of branches) {
          const [a, b] = width(br);
          if (a !== b || containsBackref(br)) {
            throw compileError('lookbehind assertion is not fixed length', n.offset);
          }
        }
      }
      checkLookbehinds(n.body);
      return;
    }
    case 'quant':
      checkLookbehinds(n.body);
      return;
    case 'seq':
      for (const it of n.items) checkLookbehinds(it);
      return;
    case 'alt':
      for (const br of n.branches) checkLookbehinds(br);
      return;
  }
}

function preferEmpty(n: Node): boolean {
  switch (n.t) {
    case 'quant':
      if (!n.greedy && n.max > 0 && width(n.body)[1] > 0) return true;
      return preferEmpty(n.body);
    case 'group':
      return preferEmpty(n.body);
    case 'seq':
      return n.items.some(preferEmpty);
    case 'alt':
      for (let k = 0; k < n.branches.length; k++) {
        if (k < n.branches.length - 1 && nullable(n.branches[k])) return true;
        if (preferEmpty(n.branches[k])) return true;
      }
      return false;
    default:
      return false;
  }
}

function looksBehind(n: Node): boolean {
  return anyNode(n, readsBefore);
}

/** A node that looks at the text before its position (^, \b, lookbehind). */
function readsBefore(n: Node): boolean {
  if (n.t === 'assert') {
    return (
      n.kind === 'start' ||
      n.kind === 'lineStart' ||
      n.kind === 'wordBoundary' ||
      n.kind === 'notWordBoundary'
    );
  }
  return n.t === 'group' && (n.kind === 'lookbehind' || n.kind === 'negLookbehind');
}

/** True when a node between a repetition and a group makes the group optional within one iteration. */
function makesOptional(n: Node): boolean {
  if (n.t === 'alt') return true;
  if (n.t === 'quant') return n.min === 0;
  if (n.t === 'group') return n.kind === 'negLookahead' || n.kind === 'negLookbehind';
  return false;
}

function groupFidelity(g: GroupNode): GroupFidelity {
  let result: GroupFidelity = 'exact';
  const path = g.path;
  for (let k = 0; k < path.length; k++) {
    const q = path[k];
    if (q.t !== 'quant') continue;
    const repeats = q.max > 1;
    if ((repeats || q.min === 0) && nullable(q.body)) return 'unreliable';
    if (!repeats) continue;
    for (let j = k + 1; j < path.length; j++) {
      if (makesOptional(path[j])) {
        result = 'unsetDiffers';
        break;
      }
    }
  }
  return result;
}

export function analyze(parsed: ParseResult): Analysis {
  annotate(parsed.root, []);
  checkLookbehinds(parsed.root);
  const fidelity: GroupFidelity[] = ['exact'];
  for (let k = 1; k <= parsed.captureCount; k++) fidelity.push(groupFidelity(parsed.groups[k]));
  return { fidelity, canPreferEmpty: preferEmpty(parsed.root), looksBehind: looksBehind(parsed.root) };
}
