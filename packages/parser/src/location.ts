/**
 * Offsets to line/column, and code frames for error messages.
 * Lines and columns are 1-based; a line ends at `\r\n`, `\r` or `\n` (as PHP counts them
 * for `\n`, and as editors show them for the others). Columns count UTF-16 units.
 */
import type { Span } from './ast';

export interface Position {
  line: number;
  column: number;
}

/** Offsets at which each line starts (index 0 is line 1). */
export function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (source.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Line/column of `offset` given precomputed line starts (binary search). */
export function locateIn(starts: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

/**
 * The line starts of the source last located in: a compile reporting thousands of warnings, or a
 * render logging in a loop, locates in one source over and over, and each lineStarts() is a pass over
 * all of it (the cost was quadratic in the template's size).
 */
let lastSource: string | null = null;
let lastStarts: number[] = [];

function startsOf(source: string): number[] {
  if (source !== lastSource) {
    lastStarts = lineStarts(source);
    lastSource = source;
  }
  return lastStarts;
}

/** 1-based line and column of a UTF-16 offset; offsets past the end clamp to the end. */
export function locate(source: string, offset: number): Position {
  const clamped = Math.max(0, Math.min(offset, source.length));
  return locateIn(startsOf(source), clamped);
}

export interface CodeFrameOptions {
  message?: string;
  /** lines of context above and below (default 2) */
  context?: number;
}

/**
 * A few numbered source lines around `span`, with `^^^` under the spanned text:
 *
 * ```
 *   1 | {if $a}
 * > 2 | {$b + }
 *     |  ^^^^^ message
 *   3 | {/if}
 * ```
 */
export function codeFrame(source: string, span: Span, options: CodeFrameOptions = {}): string {
  const starts = startsOf(source);
  const context = options.context ?? 2;
  const start = Math.max(0, Math.min(span.start, source.length));
  const end = Math.max(start, Math.min(span.end, source.length));
  const from = locateIn(starts, start);
  const to = locateIn(starts, end);
  const first = Math.max(1, from.line - context);
  const last = Math.min(starts.length, to.line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let line = first; line <= last; line++) {
    const text = lineText(source, starts, line);
    const marked = line >= from.line && line <= to.line;
    out.push(`${marked ? '>' : ' '} ${String(line).padStart(width)} | ${text}`.trimEnd());
    if (!marked) continue;
    const colStart = line === from.line ? from.column : 1;
    const colEnd = line === to.line ? to.column : text.length + 1;
    const count = Math.max(1, colEnd - colStart);
    const isLastMarked = line === to.line;
    const msg = isLastMarked && options.message ? ` ${options.message}` : '';
    const pad = text.slice(0, colStart - 1).replace(/[^\t]/g, ' ');
    out.push(`  ${' '.repeat(width)} | ${pad}${'^'.repeat(count)}${msg}`);
  }
  return out.join('\n');
}

function lineText(source: string, starts: readonly number[], line: number): string {
  const s = starts[line - 1];
  let e = line < starts.length ? starts[line] : source.length;
  while (e > s && (source.charCodeAt(e - 1) === 10 || source.charCodeAt(e - 1) === 13)) e--;
  return source.slice(s, e);
}
