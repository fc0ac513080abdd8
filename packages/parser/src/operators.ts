/**
 * Operator-precedence parsing over a flat token list, with PHP 8's precedence
 * (BINARY_PRECEDENCE below): unary `! ~ - +` (and `@`, which only silences errors
 * and is dropped), `* / %`, `+ -`, `<< >>`, `< <= > >=` (non-associative),
 * `== != === !==` (non-associative), `&`, `^`, `|`, `&&`, `||`.
 *
 * Used for math inside a variable token (`$a+$b*2`) and for `{if}` conditions.
 * Smarty 2 compiles both by pasting the tokens into PHP source, so PHP's grammar
 * is what decides.
 */
import type { BinaryExpr, CallExpr, Expr, NumberLit } from './ast';

export type ExprTok =
  | { t: 'val'; expr: Expr; start: number; end: number }
  | { t: 'op'; op: string; start: number; end: number }
  | { t: 'open' | 'close' | 'comma'; start: number; end: number }
  /** a function name; a `(` must follow */
  | { t: 'call'; name: string; start: number; end: number };

/** One precedence level of binary operators. */
export interface BinaryLevel {
  readonly ops: readonly string[];
  /** PHP rejects chaining at this level (`$a < $b < $c` is a parse error) */
  readonly nonAssoc: boolean;
}

/**
 * PHP 8's binary operators by precedence, lowest first: the one statement of PHP
 * precedence in Sumi. The parser reads it here; the runtime's `{math}` equations
 * read it from the package exports. `.` and `<=>` never reach this parser (Smarty's
 * lexers do not produce them) but do reach `{math}`. Not listed: `??` and `? :` sit
 * below `||` and `**`, casts and the prefix operators above `* / %`; they are not
 * left-associative, so their grammar rules place them.
 */
export const BINARY_PRECEDENCE: readonly BinaryLevel[] = [
  { ops: ['||'], nonAssoc: false },
  { ops: ['&&'], nonAssoc: false },
  { ops: ['|'], nonAssoc: false },
  { ops: ['^'], nonAssoc: false },
  { ops: ['&'], nonAssoc: false },
  { ops: ['==', '!=', '<>', '===', '!==', '<=>'], nonAssoc: true },
  { ops: ['<', '<=', '>', '>='], nonAssoc: true },
  { ops: ['.'], nonAssoc: false },
  { ops: ['<<', '>>'], nonAssoc: false },
  { ops: ['+', '-'], nonAssoc: false },
  { ops: ['*', '/', '%'], nonAssoc: false },
];

/** operator -> its level in BINARY_PRECEDENCE, counted from 1 (0 is "below every operator") */
const PREC = new Map<string, number>();
/** the levels that are non-associative */
const NON_ASSOC = new Set<number>();
for (let k = 0; k < BINARY_PRECEDENCE.length; k++) {
  const level = BINARY_PRECEDENCE[k];
  for (const op of level.ops) PREC.set(op, k + 1);
  if (level.nonAssoc) NON_ASSOC.add(k + 1);
}

/** parentheses and prefix operators nest by recursion; real conditions stay far below this */
const MAX_DEPTH = 200;
const PREFIX = new Set(['!', '~', '-', '+', '@']);

export class OperatorError extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

export interface OperatorHooks {
  /** called for each call node, may throw OperatorError */
  checkCall?: (call: CallExpr) => void;
}

/** Parses the whole list into one expression or throws OperatorError. */
export function parseOperators(toks: ExprTok[], hooks: OperatorHooks = {}): Expr {
  let i = 0;
  const describe = (t: ExprTok | undefined): string => {
    if (!t) return 'end of expression';
    switch (t.t) {
      case 'op':
        return `'${t.op}'`;
      case 'open':
        return "'('";
      case 'close':
        return "')'";
      case 'comma':
        return "','";
      case 'call':
        return `'${t.name}'`;
      default:
        return 'a value';
    }
  };
  const fail = (t: ExprTok | undefined, what: string): never => {
    // at the end of the expression, point at its last token
    const at = t ?? toks[toks.length - 1];
    throw new OperatorError(`${what}, found ${describe(t)}`, at ? at.start : 0, at ? at.end : 0);
  };

  let depth = 0;
  const unary = (): Expr => {
    const t = toks[i];
    if (!t) return fail(t, 'expected a value');
    if (t.t === 'op' && PREFIX.has(t.op)) {
      i++;
      if (++depth > MAX_DEPTH) fail(t, 'expression nested too deeply');
      const arg = unary();
      depth--;
      if (t.op === '@') return arg;
      if (t.op === '-' && arg.type === 'Number' && !arg.raw.startsWith('-')) {
        const n: NumberLit = {
          type: 'Number',
          value: -arg.value,
          float: arg.float,
          ...(arg.big === undefined ? {} : { big: -arg.big }),
          raw: `-${arg.raw}`,
          span: { start: t.start, end: arg.span.end },
        };
        return n;
      }
      if (t.op === '+') {
        // unary plus is arithmetic identity (`0 + x`), the AST has no node of its own
        const zero: NumberLit = {
          type: 'Number',
          value: 0,
          float: false,
          raw: '0',
          span: { start: t.start, end: t.start },
        };
        return {
          type: 'Binary',
          op: '+',
          left: zero,
          right: arg,
          span: { start: t.start, end: arg.span.end },
        };
      }
      return { type: 'Unary', op: t.op as '!' | '-' | '~', arg, span: { start: t.start, end: arg.span.end } };
    }
    return primary();
  };

  const primary = (): Expr => {
    const t = toks[i];
    if (!t) return fail(t, 'expected a value');
    if (t.t === 'val') {
      i++;
      return t.expr;
    }
    if (t.t === 'open') {
      i++;
      if (++depth > MAX_DEPTH) fail(t, 'expression nested too deeply');
      const inner = binary(0);
      depth--;
      const c = toks[i];
      if (c?.t !== 'close') return fail(c, "expected ')'");
      i++;
      return { type: 'Group', expr: inner, span: { start: t.start, end: c.end } };
    }
    if (t.t === 'call') {
      i++;
      const o = toks[i];
      if (o?.t !== 'open') return fail(o, `expected '(' after '${t.name}'`);
      i++;
      const args: Expr[] = [];
      if (++depth > MAX_DEPTH) fail(t, 'expression nested too deeply');
      if (toks[i]?.t !== 'close') {
        for (;;) {
          args.push(binary(0));
          const n = toks[i];
          if (n?.t === 'comma') {
            i++;
            continue;
          }
          break;
        }
      }
      const c = toks[i];
      if (c?.t !== 'close') return fail(c, "expected ')' or ','");
      i++;
      const call: CallExpr = {
        type: 'Call',
        name: t.name,
        args,
        nameSpan: { start: t.start, end: t.end },
        span: { start: t.start, end: c.end },
      };
      hooks.checkCall?.(call);
      return call;
    }
    return fail(t, 'expected a value');
  };

  const binary = (minPrec: number): Expr => {
    let left = unary();
    for (;;) {
      const t = toks[i];
      if (t?.t !== 'op') break;
      const p = PREC.get(t.op);
      if (p === undefined || p <= minPrec) break;
      i++;
      const right = binary(p);
      const op = (t.op === '<>' ? '!=' : t.op) as BinaryExpr['op'];
      left = { type: 'Binary', op, left, right, span: { start: left.span.start, end: right.span.end } };
      const n = toks[i];
      if (NON_ASSOC.has(p) && n && n.t === 'op' && PREC.get(n.op) === p) {
        fail(n, 'PHP does not allow chaining comparison operators');
      }
    }
    return left;
  };

  const e = binary(0);
  if (i < toks.length) fail(toks[i], 'expected an operator');
  return e;
}
