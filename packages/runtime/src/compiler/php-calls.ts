/**
 * Direct calls of PHP functions used as modifiers. A definition with a `signature` and a `body`
 * (see plugin/types.ts) is called as PHP calls it: each argument coerced to its parameter's type
 * (zend_parse_parameters, @sumi/php params.ts), a TypeError or ValueError logged and the value null.
 * `run` does that for any call, with arrays built and the signature walked on every call. Here the
 * call's argument count is known, so the caller is written for it when the template compiles:
 * each coercion is an inline type test whose common case (a string for a `string` parameter, an
 * int for an `int`) passes the value through, and an argument written as a literal that already has
 * its parameter's type is passed with no test at all. The uncommon cases go to `coerceParam`
 * itself, so every message and conversion stays PHP's.
 */
import type { Expr } from '@sumi/parser';
import { arityMessage, arityOf, coerceParam, makeFloat, type ParamSpec, type Value } from '@sumi/php';
import type { ModifierDef } from '../plugin/types';
import type { CodegenState } from './state';

/** The value of a literal argument, or undefined when the expression is not a literal. */
export function literalOf(e: Expr | string): Value | undefined {
  if (typeof e === 'string') return undefined;
  switch (e.type) {
    case 'String':
      return e.value;
    case 'Bool':
      return e.value;
    case 'Null':
      return null;
    case 'Number': {
      if (e.big !== undefined) return undefined;
      if (e.float) return makeFloat(e.value);
      return Number.isSafeInteger(e.value) && !Object.is(e.value, -0) ? e.value : undefined;
    }
    case 'Group':
      return literalOf(e.expr);
  }
  return undefined;
}

/** True when PHP passes this literal to the parameter unchanged (no conversion, no error). */
function passesAsIs(p: ParamSpec, literal: Value | undefined): boolean {
  if (literal === undefined) return false;
  try {
    return Object.is(coerceParam('', 1, p, literal, { warn: () => {} }), literal);
  } catch {
    return false;
  }
}

/** JS testing `x` for the type of `p`: the value itself when it passes, else PHP's coercion (`n`: position). */
function coercion(p: ParamSpec, x: string, n: number, d: string): string {
  const slow = `coerceArg(${d}, ${n}, ${x}, ctx)`;
  const nullable = p.type.startsWith('?');
  const base = nullable ? p.type.slice(1) : p.type;
  let fast: string;
  switch (base) {
    case 'mixed':
      return `(${x} === undefined ? null : ${x})`;
    case 'string':
      fast = `typeof ${x} === 'string' ? ${x}`;
      break;
    case 'int':
    case 'int64':
      // an int32 is its own value (`| 0` turns -0 into 0, as PHP's int has no -0)
      fast = `typeof ${x} === 'number' && (${x} | 0) === ${x} ? ${x} | 0`;
      break;
    case 'float':
      fast = `typeof ${x} === 'number' ? ${x}`;
      break;
    case 'bool':
      fast = `typeof ${x} === 'boolean' ? ${x}`;
      break;
    case 'array':
      fast = `${x} instanceof PA ? ${x}`;
      break;
    default:
      return slow;
  }
  const typed = `(${fast} : ${slow})`;
  return nullable ? `(${x} === null || ${x} === undefined ? null : ${typed})` : typed;
}

/**
 * The name of a module-level function calling `def`'s body for this call (`ctx`, the piped value,
 * then the arguments), or null when the generic `run` must serve it: not a PHP function with a
 * body, a variadic parameter, or a count PHP refuses (its ArgumentCountError is `run`'s to raise).
 * `whole`: written with `@` (without it an array value is mapped over, as `run` would be).
 */
export function phpCaller(
  st: CodegenState,
  def: ModifierDef,
  whole: boolean,
  piped: Expr | string,
  args: readonly Expr[],
): string | null {
  const params = def.signature;
  if (params === undefined || def.body === undefined) return null;
  if (params.some((p) => p.variadic)) return null;
  const given = args.length + 1;
  if (arityMessage(def.name, arityOf(params), given) !== null) return null;
  const asIs = [piped, ...args].map((e, i) => passesAsIs(params[i]!, literalOf(e)));
  const k = st.constant(def);
  return st.caller(`P:${k}:${whole}:${asIs.map(Number).join('')}`, 'P', (name) => {
    const d = `${name}d`;
    const vars = ['v', ...args.map((_, i) => `a${i}`)];
    const coerced = vars.map((x, i) => (asIs[i] ? x : coercion(params[i]!, x, i + 1, d)));
    const map =
      whole || asIs[0]
        ? ''
        : `if (v instanceof PA) return mapped(${d}, ctx, v, [${vars.slice(1).join(', ')}]);\n`;
    return [
      `const ${d} = ${k};`,
      `const ${name}f = ${d}.body;`,
      `function ${name}(ctx, ${vars.join(', ')}) {`,
      `${map}try { return ${name}f(ctx, ${coerced.join(', ')}); } catch (e) { return phpCaught(ctx, e); }`,
      '}',
    ];
  });
}
