import type { DiagnosticBag } from './errors';
import type { Token, TokenType } from './tokens';

/** What every parsing function gets: the source, where diagnostics and tokens go. */
export interface Ctx {
  src: string;
  diags: DiagnosticBag;
  /** null unless `tokenize` asked for tokens */
  tokens: Token[] | null;
  ld: string;
  rd: string;
}

export function tok(ctx: Ctx, type: TokenType, start: number, end: number): void {
  if (ctx.tokens && end > start) ctx.tokens.push({ type, start, end });
}
