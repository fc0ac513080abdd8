/**
 * "Did you mean ...?": the known name closest to a misspelt one, by edit distance (insertions,
 * deletions, substitutions and swaps of two neighbours each cost 1; case is ignored).
 */

/** edit distance of `a` and `b` (optimal string alignment), or `max + 1` once it exceeds `max` */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // three rows: the one before the previous (for swaps), the previous, the current
  let older: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, older[j - 2]! + 1);
      cur.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    older = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate nearest to `name`, when it is near enough to be a slip: at most one edit for a short
 * name, about one per three characters for a longer one (`staus_var` → `status_var`). Ties go to the
 * first candidate. Null when none is that near.
 */
export function nearestName(name: string, candidates: Iterable<string>): string | null {
  const lower = name.toLowerCase();
  const max = Math.max(1, Math.floor(name.length / 3));
  let found: string | null = null;
  let bestDistance = max + 1;
  for (const c of candidates) {
    const d = editDistance(lower, c.toLowerCase(), bestDistance - 1);
    if (d < bestDistance) {
      found = c;
      bestDistance = d;
    }
  }
  return found;
}
