/**
 * Which engine runs a pattern. A JS regex has no backtracking limit, so a pattern that can
 * backtrack catastrophically runs on the step-counted matcher (backtrack.ts), which stops
 * like PCRE2 at pcre.backtrack_limit. So do patterns whose captures JS keeps differently
 * (see analyze.ts), where the matcher gives PCRE's exact values.
 *
 * "Can backtrack catastrophically" (conservative, syntactic):
 * - a repeated item (max > 1) whose body holds a variable-length quantifier, an
 *   alternation whose branches may start alike, or a back reference: the same text
 *   splits into iterations in many ways ((a+)+, (a|aa)+, (\w+\s?)*, (.*a){12});
 * - three or more unbounded quantifiers in one sequence (.*.*.*=, polynomial);
 * - two unbounded quantifiers in one sequence that PCRE2 does not make possessive
 *   (optimize.ts): `.*foo.*bar`, `\s*\s*$` backtrack quadratically at each start,
 *   and PHP reaches the limit on a few thousand characters where a JS regex runs
 *   on for seconds; `\s*,\s*` and `<[^>]*>.*` stay on the JS regex;
 * - any back reference.
 */
import type { GroupFidelity } from './analyze';
import type { Node, QuantNode } from './ast';

/** first units a branch can start with: a single literal unit, or null (unknown) */
function firstUnit(n: Node): number | null {
  switch (n.t) {
    case 'char':
      return n.ci ? null : n.value;
    case 'seq':
      return n.items.length > 0 ? firstUnit(n.items[0]) : null;
    case 'group':
      return n.kind === 'capture' || n.kind === 'plain' || n.kind === 'atomic' ? firstUnit(n.body) : null;
    case 'quant':
      return n.min >= 1 ? firstUnit(n.body) : null;
    default:
      return null;
  }
}

/** an alternation whose branches start with distinct literal units is unambiguous at each step */
function disjointAlternation(branches: Node[]): boolean {
  const seen = new Set<number>();
  for (const b of branches) {
    const u = firstUnit(b);
    if (u === null || seen.has(u)) return false;
    seen.add(u);
  }
  return true;
}

/** something inside a repeated item that lets the same text match in several ways */
function ambiguousInside(n: Node): boolean {
  switch (n.t) {
    case 'quant':
      return n.min !== n.max || ambiguousInside(n.body);
    case 'alt':
      return !disjointAlternation(n.branches) || n.branches.some(ambiguousInside);
    case 'backref':
      return true;
    case 'group':
      return ambiguousInside(n.body);
    case 'seq':
      return n.items.some(ambiguousInside);
    default:
      return false;
  }
}

function risky(n: Node, possessive: () => ReadonlySet<QuantNode>): boolean {
  switch (n.t) {
    case 'backref':
      return true;
    case 'quant':
      if (n.max > 1 && ambiguousInside(n.body)) return true;
      return risky(n.body, possessive);
    case 'group':
      return risky(n.body, possessive);
    case 'alt':
      return n.branches.some((b) => risky(b, possessive));
    case 'seq': {
      const unbounded: QuantNode[] = [];
      for (const it of n.items) {
        if (it.t === 'quant' && it.max === Number.POSITIVE_INFINITY && !it.possessive) unbounded.push(it);
        if (risky(it, possessive)) return true;
      }
      if (unbounded.length >= 3) return true;
      if (unbounded.length < 2) return false;
      const auto = possessive();
      return unbounded.filter((q) => !auto.has(q)).length >= 2;
    }
    default:
      return false;
  }
}

/**
 * true when the pattern must run on the backtracking matcher; `possessive` gives the repeats
 * PCRE2 makes possessive (asked only for a sequence with two unbounded repeats)
 */
export function needsMatcher(
  root: Node,
  fidelity: readonly GroupFidelity[],
  possessive: () => ReadonlySet<QuantNode>,
): boolean {
  return fidelity.some((f) => f !== 'exact') || risky(root, possessive);
}
