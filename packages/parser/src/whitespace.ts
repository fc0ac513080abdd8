/**
 * What Smarty 2 does to the text between tags (Smarty_Compiler::_compile_file):
 *
 * - `{strip}`: the text right after the outermost `{strip}` is ltrim'd; in every text
 *   chunk up to the outermost `{/strip}`, `[\t ]*[\r\n]+[\t ]*` is removed; the chunk
 *   just before `{/strip}` is rtrim'd. Only text between tags changes.
 * - a tag that compiles to nothing (a comment, `{assign}` without `value`): the text
 *   after it loses its first newline (`\r\n`, `\r` or `\n`), at compile time.
 * - a tag that compiles to non-printing PHP (`<?php ... ?>`): PHP eats the one newline
 *   right after `?>` in the compiled template, that is at the start of the first text
 *   after it that is not empty once the rule above has run (so `{assign}{* c *}\n\nX`
 *   loses both newlines). Printing tags, function tags, `{ldelim}`/`{rdelim}`,
 *   `{/literal}` and the outermost `{/strip}` print what follows their own `?>`.
 * - one `\n` at the very end of the compiled template is removed: the end of the last text when
 *   only comments follow it (parser.ts, dropFinalNewline).
 */

const PHP_TRIM = ' \t\n\r\0\x0B';

export function phpLtrim(s: string): string {
  let i = 0;
  while (i < s.length && PHP_TRIM.includes(s[i])) i++;
  return i ? s.slice(i) : s;
}

export function phpRtrim(s: string): string {
  let e = s.length;
  while (e > 0 && PHP_TRIM.includes(s[e - 1])) e--;
  return e < s.length ? s.slice(0, e) : s;
}

const STRIP_RE = /[\t ]*[\r\n]+[\t ]*/g;

export interface TextContext {
  /** the tag before this text compiles to nothing */
  afterEmptyTag: boolean;
  /** the compiled template before this text ends with a non-printing tag's `?>` */
  afterCode: boolean;
  /** inside the outermost {strip} ... {/strip} */
  inStrip: boolean;
  /** first text after the outermost {strip} */
  firstInStrip: boolean;
  /** last text before the outermost {/strip} */
  lastInStrip: boolean;
}

/** The printed value of one text chunk. */
export function textValue(raw: string, c: TextContext): string {
  let v = raw;
  if (c.inStrip) {
    if (c.firstInStrip) v = phpLtrim(v);
    v = v.replace(STRIP_RE, '');
    if (c.lastInStrip) v = phpRtrim(v);
  } else {
    if (c.afterEmptyTag) v = dropNewline(v);
    if (c.afterCode) v = dropNewline(v);
  }
  return v;
}

/** is this text empty in the compiled template (so PHP's pending newline-eating passes on to what follows)? */
export function textEmptied(raw: string, afterEmptyTag: boolean, inStrip: boolean): boolean {
  // inside {strip} every text chunk compiles to an echo, which ends any pending eating
  if (inStrip) return false;
  return (afterEmptyTag ? dropNewline(raw) : raw) === '';
}

/** drops one leading `\r\n`, `\r` or `\n` */
function dropNewline(v: string): string {
  const first = v.charCodeAt(0);
  if (first === 10) return v.slice(1);
  if (first === 13) return v.slice(v.charCodeAt(1) === 10 ? 2 : 1);
  return v;
}
