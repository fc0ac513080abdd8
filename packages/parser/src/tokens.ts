/**
 * The token stream's vocabulary: token types, and how one tag's recorded tokens join
 * the stream. Lossless: concatenating `source.slice(t.start, t.end)` over all tokens
 * gives the source back exactly.
 *
 * A leaf of the parser (it needs only the character classes), so the parsing stages
 * can record tokens without importing the entry point that runs them (`tokenize.ts`).
 */
import { isSpace } from './chars';

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
