/**
 * The expression language of Smarty's {math}: numbers, variables, + - * / %
 * (and ** as pow), parentheses, and Smarty's allowed functions. Smarty 2 hands
 * the text to PHP's eval after checking it; we parse it and evaluate the tree
 * with PHP arithmetic instead, so no user text is ever run as code.
 */
import { add, div, mod, mul, neg, sub } from '../php/arith';
import { toFloat } from '../php/convert';
import { phpRound } from '../php/format';
import { makeFloat, type Value } from '../php/value';

type Node =
  | { t: 'num'; v: Value }
  | { t: 'var'; name: string }
  | { t: 'bin'; op: string; l: Node; r: Node }
  | { t: 'neg'; a: Node }
  | { t: 'call'; name: string; args: Node[] };

export const MATH_FUNCTIONS = ['int', 'abs', 'ceil', 'cos', 'exp', 'floor', 'log', 'log10', 'max', 'min', 'pi', 'pow', 'rand', 'round', 'sin', 'sqrt', 'srand', 'tan'];

export class MathError extends Error {}

const TOKEN = /\s*(?:(0x[0-9a-fA-F]+|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_]\w*)|(\*\*|[-+*/%(),]))/y;

export function parseMath(text: string): Node {
  const toks: { kind: 'num' | 'id' | 'op'; text: string }[] = [];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break;
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(text);
    if (!m) throw new MathError(`unexpected '${text.slice(pos).trim()[0]}'`);
    toks.push(m[1] ? { kind: 'num', text: m[1] } : m[2] ? { kind: 'id', text: m[2] } : { kind: 'op', text: m[3]! });
    pos = TOKEN.lastIndex;
  }
  let i = 0;
  const peek = () => toks[i];
  const eat = (s: string) => {
    if (toks[i]?.kind === 'op' && toks[i]!.text === s) {
      i++;
      return true;
    }
    return false;
  };
  const expr = (): Node => {
    let l = term();
    for (;;) {
      const t = peek();
      if (t?.kind === 'op' && (t.text === '+' || t.text === '-')) {
        i++;
        l = { t: 'bin', op: t.text, l, r: term() };
      } else return l;
    }
  };
  const term = (): Node => {
    let l = unary();
    for (;;) {
      const t = peek();
      if (t?.kind === 'op' && (t.text === '*' || t.text === '/' || t.text === '%')) {
        i++;
        l = { t: 'bin', op: t.text, l, r: unary() };
      } else return l;
    }
  };
  const unary = (): Node => {
    if (eat('-')) return { t: 'neg', a: unary() };
    if (eat('+')) return unary();
    return power();
  };
  const power = (): Node => {
    const base = atom();
    if (eat('**')) return { t: 'call', name: 'pow', args: [base, unary()] };
    return base;
  };
  const atom = (): Node => {
    const t = toks[i++];
    if (!t) throw new MathError('unexpected end of equation');
    if (t.kind === 'num') {
      if (/^0x/i.test(t.text)) return { t: 'num', v: Number.parseInt(t.text, 16) };
      const isFloat = /[.eE]/.test(t.text);
      return { t: 'num', v: isFloat ? makeFloat(Number(t.text)) : Number(t.text) };
    }
    if (t.kind === 'id') {
      if (eat('(')) {
        const args: Node[] = [];
        if (!eat(')')) {
          do args.push(expr());
          while (eat(','));
          if (!eat(')')) throw new MathError(`missing ')' after arguments of ${t.text}`);
        }
        return { t: 'call', name: t.text, args };
      }
      return { t: 'var', name: t.text };
    }
    if (t.text === '(') {
      const e = expr();
      if (!eat(')')) throw new MathError("missing ')'");
      return e;
    }
    throw new MathError(`unexpected '${t.text}'`);
  };
  const tree = expr();
  if (i < toks.length) throw new MathError(`unexpected '${toks[i]!.text}'`);
  return tree;
}

export function evalMath(n: Node, vars: ReadonlyMap<string, Value>, random: () => number): Value {
  switch (n.t) {
    case 'num':
      return n.v;
    case 'var': {
      const v = vars.get(n.name);
      if (v === undefined) throw new MathError(`undefined variable ${n.name}`);
      return v;
    }
    case 'neg':
      return neg(evalMath(n.a, vars, random));
    case 'bin': {
      const l = evalMath(n.l, vars, random);
      const r = evalMath(n.r, vars, random);
      return n.op === '+' ? add(l, r) : n.op === '-' ? sub(l, r) : n.op === '*' ? mul(l, r) : n.op === '/' ? div(l, r) : mod(l, r);
    }
    case 'call':
      return callMath(n.name, n.args.map((a) => evalMath(a, vars, random)), random);
  }
}

function callMath(name: string, args: Value[], random: () => number): Value {
  const f = (k: number) => toFloat(args[k] ?? null);
  const isIntVal = (v: Value) => typeof v === 'number' && Number.isInteger(v);
  switch (name) {
    case 'abs':
      return isIntVal(args[0] ?? null) ? Math.abs(args[0] as number) : makeFloat(Math.abs(f(0)));
    case 'ceil':
      return makeFloat(Math.ceil(f(0)));
    case 'floor':
      return makeFloat(Math.floor(f(0)));
    case 'round':
      return makeFloat(phpRound(f(0), args.length > 1 ? Math.trunc(f(1)) : 0));
    case 'int':
      return Math.trunc(f(0));
    case 'sqrt':
      return makeFloat(Math.sqrt(f(0)));
    case 'exp':
      return makeFloat(Math.exp(f(0)));
    case 'log':
      return makeFloat(args.length > 1 ? Math.log(f(0)) / Math.log(f(1)) : Math.log(f(0)));
    case 'log10':
      return makeFloat(Math.log10(f(0)));
    case 'sin':
      return makeFloat(Math.sin(f(0)));
    case 'cos':
      return makeFloat(Math.cos(f(0)));
    case 'tan':
      return makeFloat(Math.tan(f(0)));
    case 'pi':
      return Math.PI;
    case 'pow': {
      const [b, e] = [args[0] ?? null, args[1] ?? null];
      if (isIntVal(b) && isIntVal(e) && (e as number) >= 0) {
        const r = (b as number) ** (e as number);
        if (Number.isSafeInteger(r)) return r;
      }
      return makeFloat(f(0) ** f(1));
    }
    case 'max':
    case 'min': {
      if (!args.length) throw new MathError(`${name}() expects at least 1 argument`);
      const nums = args.map((a) => toFloat(a));
      const pick = name === 'max' ? Math.max(...nums) : Math.min(...nums);
      return args[nums.indexOf(pick)] ?? null;
    }
    case 'rand':
      return args.length >= 2 ? Math.trunc(f(0)) + Math.floor(random() * (Math.trunc(f(1)) - Math.trunc(f(0)) + 1)) : Math.floor(random() * 2147483648);
    case 'srand':
      return null;
    default:
      throw new MathError(`function call ${name} not allowed`);
  }
}
