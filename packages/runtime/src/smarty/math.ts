/**
 * Smarty 2.6.28's {math equation="x + y" x=1 y=2 format="%.2f" assign=r}
 * (libs/plugins/function.math.php). Smarty's own checks come first and, as
 * there, end in a warning with nothing printed: a missing equation, unbalanced
 * parentheses, a name that is neither an attribute nor an allowed function,
 * an empty or non-numeric attribute. What passes is evaluated like PHP's
 * eval() would (see math-expression.ts), without running any text as code.
 */

import type { Value } from '@sumi/php';
import {
  countOf,
  isNumeric,
  PhpArray,
  PhpError,
  PhpObject,
  replaceAllString,
  sprintf,
  toBool,
  toStr,
  typeError,
} from '@sumi/php';
import { assignTo } from '../plugin/attributes';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';
import { evalMath, MATH_FUNCTIONS, type MathNode, parseMath } from './math-expression';

const RESERVED = new Set(['equation', 'format', 'assign']);
const ALLOWED = new Set<string>(MATH_FUNCTIONS);

export const math: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'math',
  group: 'Smarty functions',
  description: `Evaluates an arithmetic equation over the given numeric attributes, with PHP's operators and precedence. Functions: ${MATH_FUNCTIONS.filter((f) => f !== 'int').join(', ')}. Evaluated by Sumi's own parser, never by eval.`,
  attributes: {
    // equation and format go to PHP functions as given (substr_count, printf): an array is their TypeError
    equation: {
      type: 'string',
      read: 'raw',
      description: 'the equation, e.g. "(w*h)/2"; backticks are ignored',
    },
    format: { type: 'string', read: 'raw', description: 'sprintf format of the result, e.g. "%.2f"' },
    assign: { type: 'varname', read: 'assign', description: 'assign the result instead of printing it' },
  },
  extraAttributes: 'every other attribute is a variable of the equation and must be numeric',
  result: 'the value of the equation (printed as PHP prints it, or formatted), unless assign',
  errors: [
    'a missing equation, unbalanced parentheses, an unknown name, an empty or non-numeric attribute: a warning, nothing printed (as Smarty)',
    "a syntax error, int() (on Smarty's list but not a PHP function), division by zero: the render fails, as PHP 8 fails",
  ],
  examples: [
    { template: '{math equation="(w*h)/2" w=10 h=3}', output: '15' },
    { template: '{math equation="x / y" x=10 y=4 format="%.2f"}', output: '2.50' },
    { template: '{math equation="max(a, b) - floor(c)" a=3 b=7 c=2.5 assign=r}{$r}', output: '5' },
  ],
  run(ctx, a) {
    const fail = (message: string): undefined => {
      ctx.warn(`math: ${message}`);
      return undefined;
    };
    if (!toBool(a.equation ?? null)) return fail('missing equation parameter');
    if (a.equation instanceof PhpArray) typeError('substr_count', 1, 'haystack', 'string', a.equation);
    const equation = replaceAllString(toStr(a.equation), '`', '');
    const checked = checkedEquation(equation, a);
    if (checked.problem !== null) return fail(checked.problem);
    const params = new Map<string, Value>();
    for (const [key, raw] of Object.entries(a)) {
      if (RESERVED.has(key) || raw === undefined) continue;
      const v = raw;
      if (v instanceof PhpArray || v instanceof PhpObject) {
        throw new PhpError(
          'TypeError',
          `strlen(): Argument #1 ($string) must be of type string, ${v instanceof PhpArray ? 'array' : v.className} given`,
        );
      }
      if (toStr(v) === '') return fail(`parameter ${key} is empty`);
      if (!isNumeric(v)) return fail(`parameter ${key}: is not numeric`);
      params.set(key, v);
    }
    const result = evalMath(parsed(checked, equation, params), {
      params,
      randomInt: (min, max) => ctx.services.random.int(min, max),
      warn: (m) => ctx.warn(`math: ${m}`),
    });
    const assign = a.assign !== undefined && toBool(a.assign) ? a.assign : undefined;
    let out: Value = result;
    if (toBool(a.format ?? null)) {
      if (a.format instanceof PhpArray)
        typeError(assign === undefined ? 'printf' : 'sprintf', 1, 'format', 'string', a.format);
      out = sprintf(toStr(a.format), [result]);
    }
    if (assign !== undefined) {
      assignTo(ctx, assign, out);
      return undefined;
    }
    return toStr(out);
  },
});

/**
 * An equation checked for the attributes given (Smarty's checks before the values'), and parsed
 * once the values pass: `node`, or the error the parse threw.
 */
interface Checked {
  problem: string | null;
  node: MathNode | null;
  /** the parse's own error (PHP's ParseError...); anything else, a budget, is not kept */
  error: PhpError | null;
}

/**
 * The equations checked and parsed, by text and by the names of the attributes given: a template's
 * {math} runs the same few equations over and over. Shared by every render (a check and a parse
 * depend on nothing else); at most CHECKED_KEPT entries in all (then it starts again), and long
 * equations are not kept.
 */
const CHECKED = new Map<string, Map<string, Checked>>();
/** entries kept in all (each an equation of at most CHECKED_MAX_LENGTH characters and its tree) */
const CHECKED_KEPT = 256;
const CHECKED_MAX_LENGTH = 256;
let checkedCount = 0;

function checkedEquation(equation: string, a: Record<string, Value | undefined>): Checked {
  // (declared attributes not given are present as undefined)
  let given = '';
  for (const k in a) if (a[k] !== undefined) given += `${k},`;
  let byNames = CHECKED.get(equation);
  let c = byNames?.get(given);
  if (c !== undefined) return c;
  c = { problem: check(equation, a), node: null, error: null };
  if (equation.length <= CHECKED_MAX_LENGTH && given.length <= CHECKED_MAX_LENGTH) {
    if (checkedCount >= CHECKED_KEPT) {
      CHECKED.clear();
      checkedCount = 0;
      byNames = undefined;
    }
    if (byNames === undefined) CHECKED.set(equation, (byNames = new Map()));
    byNames.set(given, c);
    checkedCount++;
  }
  return c;
}

/** Smarty's checks of the equation's text, or null when it passes */
function check(equation: string, a: Record<string, Value | undefined>): string | null {
  if (countOf(equation, '(') !== countOf(equation, ')')) return 'unbalanced parenthesis';
  for (const m of equation.matchAll(/(?:0x[a-fA-F0-9]+)|([a-zA-Z][a-zA-Z0-9_]*)/g)) {
    const name = m[1];
    // Smarty's warning names the word (`function call X not allowed`); the word comes from the
    // equation, which may be a variable holding anything, so the message names the attribute
    if (name !== undefined && a[name] === undefined && !ALLOWED.has(name))
      return "'equation' calls a function that is not allowed";
  }
  return null;
}

/**
 * The equation parsed over `params` (the attributes given but `equation`, `format` and `assign`,
 * the same for every call with these attribute names), made once; PHP's parse error is thrown again.
 */
function parsed(c: Checked, equation: string, params: ReadonlyMap<string, Value>): MathNode {
  if (c.node !== null) return c.node;
  // each failure gets an error of its own
  if (c.error !== null) throw new PhpError(c.error.kind, c.error.message, c.error.endsTemplate);
  try {
    c.node = parseMath(equation, new Set(params.keys()));
  } catch (e) {
    if (e instanceof PhpError) c.error = e;
    throw e;
  }
  return c.node;
}
