/**
 * Expected-vs-actual for failing cases: a line diff (jsdiff) where every
 * line shows its whitespace (· space, → tab, ␍ CR, ⏎ end of line), so a
 * missing newline or a trailing space is as visible as a wrong word.
 */
import { diffArrays } from 'diff';

const CONTEXT = 2;
const MAX_LINES = 60;

/** Makes whitespace and control characters visible; `⏎` marks a line's newline. */
export function visible(text: string): string {
  return text.replace(/[\s\u0000-\u001f\u007f]/g, (c) => {
    switch (c) {
      case ' ':
        return '·';
      case '\t':
        return '→';
      case '\n':
        return '⏎';
      case '\r':
        return '␍';
      case '\u007f':
        return '␡';
      default: {
        const code = c.charCodeAt(0);
        return code < 0x20 ? String.fromCharCode(0x2400 + code) : `\\u{${code.toString(16)}}`;
      }
    }
  });
}

/** Lines with their newline kept, so "no newline at the end" is a difference too. */
export function splitLines(text: string): string[] {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g);
  return lines ?? [];
}

/** 1-based line and column (in UTF-16 units) of the first difference, or null when equal. */
export function firstDifference(
  expected: string,
  actual: string,
): { line: number; column: number; offset: number } | null {
  if (expected === actual) return null;
  let i = 0;
  const n = Math.min(expected.length, actual.length);
  while (i < n && expected.charCodeAt(i) === actual.charCodeAt(i)) i++;
  const before = expected.slice(0, i);
  const line = before.split('\n').length;
  const column = i - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column, offset: i };
}

export interface DiffStyle {
  removed(s: string): string;
  added(s: string): string;
  dim(s: string): string;
}

export const plainStyle: DiffStyle = { removed: (s) => s, added: (s) => s, dim: (s) => s };

export const ansiStyle: DiffStyle = {
  removed: (s) => `\u001b[31m${s}\u001b[39m`,
  added: (s) => `\u001b[32m${s}\u001b[39m`,
  dim: (s) => `\u001b[2m${s}\u001b[22m`,
};

const bytes = (s: string) => new TextEncoder().encode(s).length;

/**
 * The readable diff: a header with sizes and the first difference, then hunks
 * of `- expected` / `+ actual` lines with two lines of context.
 */
export function formatDiff(expected: string, actual: string, style: DiffStyle = plainStyle): string {
  const first = firstDifference(expected, actual);
  if (!first) return '';
  const out: string[] = [];
  const snippet = (s: string) => visible(s.slice(first.offset, first.offset + 20)) || '(end)';
  out.push(
    `  expected ${bytes(expected)} bytes, actual ${bytes(actual)} bytes; first difference at line ${first.line}, ` +
      `column ${first.column}: expected "${snippet(expected)}", actual "${snippet(actual)}"`,
  );
  out.push(style.dim('  (- expected, + actual; · space, → tab, ⏎ newline)'));

  const parts = diffArrays(splitLines(expected), splitLines(actual));
  // flatten into tagged lines, then print only those near a change
  const lines: { tag: ' ' | '-' | '+'; text: string }[] = [];
  for (const part of parts) {
    const tag = part.added ? '+' : part.removed ? '-' : ' ';
    for (const text of part.value) lines.push({ tag, text });
  }
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((l, i) => {
    if (l.tag === ' ') return;
    for (let k = Math.max(0, i - CONTEXT); k <= Math.min(lines.length - 1, i + CONTEXT); k++) near[k] = true;
  });
  let printed = 0;
  let skipped = false;
  for (let i = 0; i < lines.length; i++) {
    if (!near[i]) {
      skipped = true;
      continue;
    }
    if (skipped && printed > 0) out.push(style.dim('  ...'));
    skipped = false;
    if (printed === MAX_LINES) {
      const rest = lines.slice(i).filter((l, k) => near[i + k] && l.tag !== ' ').length;
      out.push(style.dim(`  ... ${rest} more changed lines`));
      break;
    }
    const { tag, text } = lines[i];
    const shown = `  ${tag} ${visible(text)}`;
    out.push(tag === '-' ? style.removed(shown) : tag === '+' ? style.added(shown) : style.dim(shown));
    printed++;
  }
  return out.join('\n') + '\n';
}
