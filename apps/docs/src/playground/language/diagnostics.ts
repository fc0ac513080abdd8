/**
 * Diagnostics in the order a reader meets them: by line and column (the parser and the compiler
 * derive both from the start of their span), unpositioned ones last, ties in the order reported;
 * and the editor range of each, its exact span. Pure.
 */

export interface Positioned {
  line?: number;
  column?: number;
  span?: { start: number; end: number } | null;
}

/** A copy of `list` sorted by line and column (stable); those without a position go last. */
export function byPosition<T extends Positioned>(list: readonly T[]): T[] {
  const rank = (d: T) => (d.line === undefined ? Number.POSITIVE_INFINITY : d.line * 1e7 + (d.column ?? 1));
  return list
    .map((d, i) => ({ d, i, r: rank(d) }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r < b.r ? -1 : 1))
    .map((x) => x.d);
}

/** The editor range of a diagnostic: its exact span, else one character at its line:column. */
export function rangeOf(
  d: Positioned,
  offsetOf: (line: number, column: number) => number,
  length: number,
): { from: number; to: number } | null {
  if (d.span) {
    const from = Math.min(Math.max(0, d.span.start), length);
    return { from, to: Math.min(Math.max(from, d.span.end), length) };
  }
  if (d.line === undefined) return null;
  const from = offsetOf(d.line, d.column ?? 1);
  return { from, to: Math.min(from + 1, length) };
}
