/**
 * Smarty 2.6's {math equation="x + y" x=1 y=2 format="%.2f" assign=r}.
 * Bad input is a warning and prints nothing, as in Smarty (trigger_error).
 */
import { isNumericString, toStr } from '../php/convert';
import { sprintf } from '../php/format';
import type { Value } from '../php/value';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';
import { evalMath, MATH_FUNCTIONS, MathError, parseMath } from './math-expression';

const RESERVED = new Set(['equation', 'format', 'assign']);

export const math: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'math',
  group: 'Smarty functions',
  description: `Evaluates an arithmetic equation over the given numeric attributes. Functions: ${MATH_FUNCTIONS.join(', ')}. Evaluated by Sumi's own parser, never by eval.`,
  attributes: {
    equation: { type: 'string', required: true, description: 'the equation, e.g. "(w*h)/2"' },
    format: { type: 'string', description: 'sprintf format of the result, e.g. "%.2f"' },
    assign: { type: 'varname', description: 'assign the result instead of printing it' },
  },
  extraAttributes: 'every other attribute is a variable of the equation and must be numeric',
  errors: ['missing or unbalanced equation, unknown names and non-numeric variables are warnings: nothing is printed'],
  examples: [{ template: '{math equation="(w*h)/2" w=10 h=3}', output: '15' }],
  run(ctx, a) {
    const equation = toStr((a.equation ?? '') as Value).replaceAll('`', '');
    if (!equation) return fail(ctx, 'math: missing equation parameter');
    if (equation.split('(').length !== equation.split(')').length) return fail(ctx, 'math: unbalanced parenthesis');
    const vars = new Map<string, Value>();
    for (const [k, v] of Object.entries(a)) {
      if (RESERVED.has(k)) continue;
      const s = toStr(v as Value);
      if (s === '') return fail(ctx, `math: parameter ${k} is empty`);
      if (typeof v === 'string' ? !isNumericString(v) : !(typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || typeof v === 'object')) {
        return fail(ctx, `math: parameter ${k}: is not numeric`);
      }
      vars.set(k, v as Value);
    }
    let result: Value;
    try {
      result = evalMath(parseMath(equation), vars, () => ctx.services.random.next());
    } catch (e) {
      if (e instanceof MathError) return fail(ctx, `math: ${e.message}`);
      throw e;
    }
    const out = a.format ? sprintf(toStr(a.format as Value), [result]) : result;
    if (a.assign) {
      ctx.assign(String(a.assign), out);
      return undefined;
    }
    return toStr(out);
  },
});

function fail(ctx: { warn(m: string): void }, message: string): undefined {
  ctx.warn(message);
  return undefined;
}
