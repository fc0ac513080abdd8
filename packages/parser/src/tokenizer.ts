/**
 * Lossless tokens: concatenating `source.slice(t.start, t.end)` over all tokens gives
 * the source back exactly. They come out of the same code paths as the AST (the
 * parser records them while it parses), so the playground highlighter and the
 * compiler can never disagree about the grammar.
 */
import { isSpace } from './lex';
import type { ParseOptions } from './options';
import { parseInternal } from './parser';

export const TOKEN_TYPES = [
  'text',
  'comment',
  'ldelim',
  'rdelim',
  'tagName',
  'closeTagName',
  'variable',
  'string',
  'number',
  'operator',
  'modifierBar',
  'modifierName',
  'modifierColon',
  'attrName',
  'equals',
  'word',
  'whitespace',
  'literalBody',
  'invalid',
] as const;

export type TokenType = (typeof TOKEN_TYPES)[number];

export interface Token {
  type: TokenType;
  start: number;
  end: number;
}

/** Tokens of a whole template, in source order, covering every character once. */
export function tokenize(source: string, options: ParseOptions = {}): Token[] {
  const tokens: Token[] = [];
  parseInternal(source, options, tokens);
  return tokens;
}

/**
 * Append the tokens recorded for one tag (`own`, any order) to `tokens` in order, and
 * fill every gap inside [start, end) with `whitespace` or `invalid`, so the stream
 * stays lossless.
 */
export function settleTokens(
  source: string,
  own: Token[],
  tokens: Token[],
  start: number,
  end: number,
): void {
  own.sort((a, b) => a.start - b.start || a.end - b.end);
  let pos = start;
  for (const t of own) {
    if (t.end <= pos || t.start >= end) continue;
    const s = Math.max(t.start, pos);
    if (s > pos) pushGap(source, tokens, pos, s);
    const e = Math.min(t.end, end);
    tokens.push(s === t.start && e === t.end ? t : { type: t.type, start: s, end: e });
    pos = e;
  }
  if (pos < end) pushGap(source, tokens, pos, end);
}

function pushGap(source: string, tokens: Token[], start: number, end: number): void {
  let i = start;
  while (i < end) {
    const space = isSpace(source.charCodeAt(i));
    let j = i + 1;
    while (j < end && isSpace(source.charCodeAt(j)) === space) j++;
    tokens.push({ type: space ? 'whitespace' : 'invalid', start: i, end: j });
    i = j;
  }
}
