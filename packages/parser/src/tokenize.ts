/**
 * Tokens of a whole template. They come out of the same code paths as the AST (the
 * parser records them while it parses), so the playground highlighter and the
 * compiler can never disagree about the grammar.
 */
import type { ParseOptions } from './options';
import { parseInternal } from './parser';
import type { Token } from './tokens';

/** Tokens of a whole template, in source order, covering every character once. */
export function tokenize(source: string, options: ParseOptions = {}): Token[] {
  const tokens: Token[] = [];
  parseInternal(source, options, tokens);
  return tokens;
}
