/**
 * The expressions of Smarty's {math}. Smarty 2 substitutes the attributes
 * into the equation and hands the text to PHP's eval(); Sumi lexes and parses
 * the same text as PHP 8 would (numbers, operators with PHP's precedence and
 * associativity, `(int)` casts, calls) and evaluates the tree with the
 * runtime's PHP operators, so no user text is ever run as code.
 *
 * Failures follow PHP: a syntax error is a ParseError, an unknown function or
 * constant an Error, bad operands a TypeError; all of them stop the render
 * (Smarty does not catch them). Constructs PHP would accept but a math
 * equation cannot sensibly contain (strings, `$`, assignments) are reported
 * as unsupported rather than guessed.
 */
import { BINARY_PRECEDENCE } from '@sumi/parser';
import {
  add,
  bitAnd,
  bitNot,
  bitOr,
  bitXor,
  capArray,
  compare,
  div,
  errorTypeName,
  isFloat,
  isInt,
  looseEquals,
  makeFloat,
  makeInt,
  mod,
  mul,
  type Num,
  neg,
  numScan,
  PhpError,
  PhpFloat,
  phpRound,
  pos,
  pow,
  scanNumber,
  shiftLeft,
  shiftRight,
  strictEquals,
  sub,
  toBool,
  toFloat,
  toInt,
  toStr,
  type Value,
  type WarnFn,
} from '@sumi/php';
import { ErrorCodes, fail } from '../errors';

/** The functions Smarty 2.6.28 lets an equation call (`int` is on its list but is no PHP function). */
export const MATH_FUNCTIONS = [
  'int',
  'abs',
  'ceil',
  'cos',
  'exp',
  'floor',
  'log',
  'log10',
  'max',
  'min',
  'pi',
  'pow',
  'rand',
  'round',
  'sin',
  'sqrt',
  'srand',
  'tan',
] as const;

export type MathNode =
  | { t: 'lit'; v: Value }
  | { t: 'param'; name: string }
  | { t: 'const'; name: string }
  | { t: 'call'; name: string; args: MathNode[] }
  | { t: 'callValue'; name: string }
  | { t: 'unary'; op: string; a: MathNode }
  | { t: 'bin'; op: string; l: MathNode; r: MathNode }
  | { t: 'cond'; c: MathNode; a: MathNode | null; b: MathNode };

interface Token {
  k: 'num' | 'id' | 'op' | 'cast' | 'end';
  s: string;
  v?: Value;
}

function parseError(message: string): never {
  fail(ErrorCodes.PHP_ERROR, { plugin: 'math', kind: 'ParseError', message });
}

function unsupported(what: string): never {
  fail(
    ErrorCodes.PLUGIN_ERROR,
    { plugin: 'math', message: `${what} is not supported in an equation` },
    'an equation is numbers, the given attributes, operators, parentheses and the math functions',
  );
}

const OPS = [
  '<=>',
  '===',
  '!==',
  '**',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '<>',
  '&&',
  '||',
  '??',
  '*',
  '/',
  '%',
  '+',
  '-',
  '<',
  '>',
  '&',
  '|',
  '^',
  '~',
  '!',
  '?',
  ':',
  '.',
  '(',
  ')',
  ',',
];

const LNUM = '[0-9]+(?:_[0-9]+)*';
const DNUM = `(?:[0-9]*(?:_[0-9]+)*\\.${LNUM}|${LNUM}\\.[0-9]*(?:_[0-9]+)*)`;
const NUMBER = new RegExp(
  `0[xX][0-9a-fA-F]+(?:_[0-9a-fA-F]+)*|0[bB][01]+(?:_[01]+)*|0[oO][0-7]+(?:_[0-7]+)*|(?:${DNUM}|${LNUM})[eE][+-]?${LNUM}|${DNUM}|${LNUM}`,
  'y',
);
const IDENT = /[a-zA-Z_\u0080-\uffff][a-zA-Z0-9_\u0080-\uffff]*/y;
const CAST = /\([ \t]*(int|integer|float|double|bool|boolean|string)[ \t]*\)/iy;

/** PHP's integer literal rules: decimal, 0x, 0b, 0o and legacy octal (0 prefix); beyond int64 → float */
function intLiteral(text: string): Value {
  const s = text.replaceAll('_', '');
  let n: bigint;
  if (/^0[xX]/.test(s)) n = BigInt(s);
  else if (/^0[bB]/.test(s)) n = BigInt(s);
  else if (/^0[oO]/.test(s)) n = BigInt(`0o${s.slice(2)}`);
  else if (s.length > 1 && s[0] === '0') {
    if (/[89]/.test(s)) parseError(`Invalid numeric literal`);
    n = BigInt(`0o${s.slice(1)}`);
  } else n = BigInt(s);
  // beyond int64 PHP reads the literal as a float
  return makeInt(n);
}

function lex(text: string, params: ReadonlySet<string>): Token[] {
  const toks: Token[] = [];
  // one token per few characters of a long equation: the list stays under the array cap
  const push = (t: Token) => {
    capArray(toks.length + 1);
    toks.push(t);
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    CAST.lastIndex = i;
    const cast = CAST.exec(text);
    if (cast && !params.has(cast[1]!)) {
      push({ k: 'cast', s: cast[1]!.toLowerCase() });
      i = CAST.lastIndex;
      continue;
    }
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(text);
    if (num) {
      const s = num[0];
      const isFloatLit = !/^0[xXbBoO]/.test(s) && /[.eE]/.test(s);
      push({ k: 'num', s, v: isFloatLit ? makeFloat(Number(s.replaceAll('_', ''))) : intLiteral(s) });
      i = NUMBER.lastIndex;
      continue;
    }
    IDENT.lastIndex = i;
    const id = IDENT.exec(text);
    if (id) {
      push({ k: 'id', s: id[0] });
      i = IDENT.lastIndex;
      continue;
    }
    const op = OPS.find((o) => text.startsWith(o, i));
    if (op) {
      push({ k: 'op', s: op });
      i += op.length;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') unsupported('a string literal');
    if (c === '$') unsupported('a PHP variable ($)');
    if (c === '=') unsupported('an assignment');
    if (c === ';') unsupported("';'");
    unsupported(`'${c}'`);
  }
  toks.push({ k: 'end', s: 'end of equation' });
  return toks;
}

/** Parses an equation whose identifiers are `params` (the attributes), functions and constants. */
export function parseMath(text: string, params: ReadonlySet<string>): MathNode {
  const toks = lex(text, params);
  let i = 0;
  const peek = () => toks[i]!;
  const isOp = (s: string) => toks[i]!.k === 'op' && toks[i]!.s === s;
  const eat = (s: string) => {
    if (isOp(s)) {
      i++;
      return true;
    }
    return false;
  };
  const unexpected = (): never => {
    const t = peek();
    // Smarty evals "$smarty_math_result = <equation>;": the end of the equation is that ';'
    // a number is not echoed (the equation may come from a variable); words and operators are safe
    // to show: every word was checked to be an attribute name or a math function
    parseError(
      t.k === 'num'
        ? 'syntax error, unexpected number'
        : `syntax error, unexpected token "${t.k === 'end' ? ';' : t.s}"`,
    );
  };

  const ternary = (): MathNode => {
    let c = coalesce();
    while (isOp('?')) {
      i++;
      if (eat(':')) {
        c = { t: 'cond', c, a: null, b: coalesce() };
        continue;
      }
      const a = ternary();
      if (!eat(':')) unexpected();
      const b = coalesce();
      if (isOp('?')) parseError('Unparenthesized `a ? b : c ? d : e` is not supported');
      return { t: 'cond', c, a, b };
    }
    return c;
  };
  const coalesce = (): MathNode => {
    const l = binary(0);
    if (eat('??')) return { t: 'bin', op: '??', l, r: coalesce() };
    return l;
  };
  // binary operators: PHP 8's levels, lowest first, as the parser states them
  const binary = (level: number): MathNode => {
    if (level >= BINARY_PRECEDENCE.length) return unary();
    const { ops, nonAssoc } = BINARY_PRECEDENCE[level]!;
    let l = binary(level + 1);
    for (;;) {
      const t = peek();
      if (t.k !== 'op' || !ops.includes(t.s)) return l;
      i++;
      l = { t: 'bin', op: t.s, l, r: binary(level + 1) };
      if (nonAssoc) {
        const n = peek();
        if (n.k === 'op' && ops.includes(n.s)) unexpected();
      }
    }
  };
  const unary = (): MathNode => {
    const t = peek();
    if (t.k === 'op' && (t.s === '-' || t.s === '+' || t.s === '!' || t.s === '~')) {
      i++;
      return { t: 'unary', op: t.s, a: unary() };
    }
    if (t.k === 'cast') {
      i++;
      return { t: 'unary', op: `(${t.s})`, a: unary() };
    }
    const base = primary();
    if (eat('**')) return { t: 'bin', op: '**', l: base, r: unary() };
    return base;
  };
  const primary = (): MathNode => {
    const t = peek();
    if (t.k === 'num') {
      i++;
      return { t: 'lit', v: t.v! };
    }
    if (t.k === 'id') {
      i++;
      if (params.has(t.s)) {
        if (isOp('(')) {
          args();
          return { t: 'callValue', name: t.s };
        }
        return { t: 'param', name: t.s };
      }
      if (isOp('(')) return { t: 'call', name: t.s, args: args() };
      return { t: 'const', name: t.s };
    }
    if (eat('(')) {
      const e = ternary();
      if (!eat(')')) unexpected();
      return e;
    }
    return unexpected();
  };
  const args = (): MathNode[] => {
    eat('(');
    const out: MathNode[] = [];
    if (eat(')')) return out;
    for (;;) {
      out.push(ternary());
      if (eat(')')) return out;
      if (!eat(',')) unexpected();
      if (eat(')')) return out; // PHP 8 allows a trailing comma in calls
    }
  };
  const tree = ternary();
  if (peek().k !== 'end') unexpected();
  return tree;
}

export interface MathEnv {
  params: ReadonlyMap<string, Value>;
  /** integer in [min, max] */
  randomInt(min: number, max: number): number;
  warn: WarnFn;
}

export function evalMath(n: MathNode, env: MathEnv): Value {
  switch (n.t) {
    case 'lit':
      return n.v;
    case 'param':
      return env.params.get(n.name) ?? null;
    case 'const':
      throw new PhpError('Error', `Undefined constant "${n.name}"`);
    case 'callValue': {
      const v = env.params.get(n.name) ?? null;
      throw new PhpError(
        'Error',
        // PHP names the string it tried to call (the attribute's value): Sumi names the attribute
        typeof v === 'string'
          ? `Call to undefined function (the value of '${n.name}')`
          : 'Value not callable',
      );
    }
    case 'call':
      return callMath(
        n.name,
        n.args.map((a) => evalMath(a, env)),
        env,
      );
    case 'unary': {
      const v = evalMath(n.a, env);
      switch (n.op) {
        case '-':
          return neg(v, env.warn);
        case '+':
          return pos(v, env.warn);
        case '!':
          return !toBool(v);
        case '~':
          return bitNot(v);
        case '(int)':
        case '(integer)':
          return toInt(v);
        case '(float)':
        case '(double)':
          return makeFloat(toFloat(v));
        case '(bool)':
        case '(boolean)':
          return toBool(v);
        default:
          return toStr(v, env.warn);
      }
    }
    case 'cond': {
      const c = evalMath(n.c, env);
      if (n.a === null) return toBool(c) ? c : evalMath(n.b, env);
      return toBool(c) ? evalMath(n.a, env) : evalMath(n.b, env);
    }
    case 'bin': {
      if (n.op === '&&') return toBool(evalMath(n.l, env)) && toBool(evalMath(n.r, env));
      if (n.op === '||') return toBool(evalMath(n.l, env)) || toBool(evalMath(n.r, env));
      if (n.op === '??') {
        const l = evalMath(n.l, env);
        return l === null ? evalMath(n.r, env) : l;
      }
      const l = evalMath(n.l, env);
      const r = evalMath(n.r, env);
      const w = env.warn;
      switch (n.op) {
        case '+':
          return add(l, r, w);
        case '-':
          return sub(l, r, w);
        case '*':
          return mul(l, r, w);
        case '/':
          return div(l, r, w);
        case '%':
          return mod(l, r, w);
        case '**':
          return pow(l, r, w);
        case '.':
          return toStr(l, w) + toStr(r, w);
        case '<<':
          return shiftLeft(l, r, w);
        case '>>':
          return shiftRight(l, r, w);
        case '&':
          return bitAnd(l, r, w);
        case '|':
          return bitOr(l, r, w);
        case '^':
          return bitXor(l, r, w);
        case '==':
          return looseEquals(l, r);
        case '!=':
        case '<>':
          return !looseEquals(l, r);
        case '===':
          return strictEquals(l, r);
        case '!==':
          return !strictEquals(l, r);
        case '<=>':
          return compare(l, r);
        case '<':
          return compare(l, r) < 0;
        case '<=':
          return compare(l, r) <= 0;
        case '>':
          return compare(r, l) < 0;
        default:
          return compare(r, l) <= 0;
      }
    }
  }
}

/** An int|float parameter of a PHP math function (coercive typing mode). */
function numArg(fn: string, pos: number, name: string, v: Value, warn: WarnFn): Num {
  if (isInt(v) || isFloat(v)) return v as Num;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null) return 0;
  if (typeof v === 'string') {
    const n = scanNumber(v, true);
    if (n !== null) {
      if (numScan.trailing) warn('A non-numeric value encountered');
      return n;
    }
  }
  throw new PhpError(
    'TypeError',
    `${fn}(): Argument #${pos} ($${name}) must be of type int|float, ${errorTypeName(v)} given`,
  );
}

function arity(fn: string, args: readonly Value[], min: number, max: number): void {
  const n = args.length;
  if (n >= min && n <= max) return;
  const exact = min === max;
  const want = exact ? min : n < min ? min : max;
  const word = exact ? 'exactly' : n < min ? 'at least' : 'at most';
  throw new PhpError(
    'TypeError',
    `${fn}() expects ${word} ${want} argument${want === 1 ? '' : 's'}, ${n} given`,
  );
}

const num = (v: Num): number => (v instanceof PhpFloat ? v.value : Number(v));

function callMath(name: string, args: Value[], env: MathEnv): Value {
  const w = env.warn;
  const f = (k: number, argName = 'num') => num(numArg(name, k + 1, argName, args[k] ?? null, w));
  switch (name) {
    case 'abs': {
      arity(name, args, 1, 1);
      const v = numArg(name, 1, 'num', args[0]!, w);
      if (isInt(v)) return typeof v === 'bigint' ? makeInt(v < 0n ? -v : v) : Math.abs(v as number);
      return makeFloat(Math.abs(num(v)));
    }
    case 'ceil':
    case 'floor':
      arity(name, args, 1, 1);
      return makeFloat(name === 'ceil' ? Math.ceil(f(0)) : Math.floor(f(0)));
    case 'round': {
      arity(name, args, 1, 2);
      const places = args.length > 1 ? Number(toInt(numArg(name, 2, 'precision', args[1]!, w))) : 0;
      return makeFloat(phpRound(f(0), places));
    }
    case 'sqrt':
    case 'exp':
    case 'log10':
    case 'sin':
    case 'cos':
    case 'tan': {
      arity(name, args, 1, 1);
      const fn = {
        sqrt: Math.sqrt,
        exp: Math.exp,
        log10: Math.log10,
        sin: Math.sin,
        cos: Math.cos,
        tan: Math.tan,
      }[name];
      return makeFloat(fn(f(0)));
    }
    case 'log': {
      arity(name, args, 1, 2);
      const x = f(0);
      if (args.length === 1) return makeFloat(Math.log(x));
      const base = f(1, 'base');
      if (base === 2) return makeFloat(Math.log2(x));
      if (base === 10) return makeFloat(Math.log10(x));
      if (base === 1) return Number.NaN;
      if (base <= 0) throw new PhpError('ValueError', 'log(): Argument #2 ($base) must be greater than 0');
      return makeFloat(Math.log(x) / Math.log(base));
    }
    case 'pi':
      arity(name, args, 0, 0);
      return Math.PI;
    case 'pow':
      arity(name, args, 2, 2);
      return pow(args[0]!, args[1]!, w);
    case 'max':
    case 'min': {
      if (args.length === 0) arity(name, args, 1, Number.POSITIVE_INFINITY);
      if (args.length === 1) {
        throw new PhpError(
          'TypeError',
          `${name}(): Argument #1 ($value) must be of type array, ${errorTypeName(args[0]!)} given`,
        );
      }
      let best: Value = args[0] as Value;
      for (const v of args.slice(1)) {
        const c = compare(v, best);
        if (name === 'max' ? c > 0 : c < 0) best = v;
      }
      return best;
    }
    case 'rand': {
      if (args.length === 0) return env.randomInt(0, 2147483647);
      if (args.length !== 2) arity(name, args, 2, 2);
      const lo = Number(toInt(numArg(name, 1, 'min', args[0]!, w)));
      const hi = Number(toInt(numArg(name, 2, 'max', args[1]!, w)));
      return hi < lo ? env.randomInt(hi, lo) : env.randomInt(lo, hi);
    }
    case 'srand':
      arity(name, args, 0, 2);
      return null;
    case 'int':
      return fail(
        ErrorCodes.PHP_ERROR,
        { plugin: 'math', kind: 'Error', message: 'Call to undefined function int()' },
        'Smarty 2 lists int() as allowed but PHP has no such function: write floor(x) or (int)x',
      );
    default:
      throw new PhpError('Error', `Call to undefined function ${name}()`);
  }
}
