import { type Diagnostic, type ParseOptions, parse } from '../src/index';
import { showExpr, showNodes } from './show';

/** Parse and render the tree compactly. */
export function tree(source: string, options?: ParseOptions): string {
  return showNodes(parse(source, options).ast.body);
}

export function diags(source: string, options?: ParseOptions): Diagnostic[] {
  return parse(source, options).diagnostics;
}

export function errors(source: string, options?: ParseOptions): string[] {
  return diags(source, options)
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code}: ${d.message}`);
}

export function codes(source: string, options?: ParseOptions): string[] {
  return diags(source, options).map((d) => d.code);
}

/** The expression of a single print tag `{...}`. */
export function printed(tag: string): string {
  const { ast } = parse(tag);
  const n = ast.body[0];
  if (n?.type !== 'Print') throw new Error(`not a print tag: ${tag} -> ${showNodes(ast.body)}`);
  return showExpr(n.expr);
}

/** The condition of `{if COND}x{/if}`. */
export function cond(condition: string): string {
  const { ast } = parse(`{if ${condition}}x{/if}`);
  const n = ast.body[0];
  if (n?.type !== 'If') throw new Error('no if');
  return showExpr(n.branches[0].test);
}
