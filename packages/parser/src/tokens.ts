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
  sortTokens(own);
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

function before(a: Token, b: Token): boolean {
  return a.start < b.start || (a.start === b.start && a.end < b.end);
}

/**
 * By start, then end; equal tokens keep their order (as the stable Array.prototype.sort). A tag's
 * tokens are nearly always recorded in order already, and a few are out of place at most: checking
 * and an insertion sort cost a fraction of a sort call with a comparator.
 */
function sortTokens(own: Token[]): void {
  const n = own.length;
  let k = 1;
  while (k < n && !before(own[k], own[k - 1])) k++;
  if (k >= n) return;
  if (n > 64) {
    own.sort((a, b) => a.start - b.start || a.end - b.end);
    return;
  }
  for (; k < n; k++) {
    const t = own[k];
    let j = k - 1;
    while (j >= 0 && before(t, own[j])) {
      own[j + 1] = own[j];
      j--;
    }
    own[j + 1] = t;
  }
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
