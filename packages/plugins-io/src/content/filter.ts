/**
 * The `filter` language of assign_csv_table (the docs’ site-folder guide, "Filters"): conditions on named columns,
 * parsed once into a `FilterExpr` that a store evaluates (`matchesFilter`, here) or compiles (a
 * database store: to a WHERE clause with bound parameters).
 *
 *   region = "kanto" and price >= 500
 *   not (code in ["A-1", "A-2"]) or name contains "筆"
 *
 * Comparisons: = != < <= > >= (PHP 8's loose comparison: "0480" = 480), contains / not contains
 * (a substring, case-sensitive), in / not in [list]. Values: "double" or 'single' quoted strings
 * (backslash escapes the quote and itself), numbers, true, false, null. Keywords are
 * case-insensitive; `&&`, `||` and `!` are accepted for and, or, not. Every column must be named in
 * `allowed` (the template's allow_list), otherwise the filter is refused.
 */
import { compare, looseEquals, toStr, type Value } from '@sumi/php';
import { failure } from '../failure';
import type { ContentValue, FilterExpr, FilterLiteral } from './types';

const MAX_LENGTH = 4096;
const MAX_DEPTH = 32;

type Token =
  | { t: 'word'; v: string; at: number }
  | { t: 'str'; v: string; at: number }
  | { t: 'num'; v: number; at: number }
  | { t: 'op'; v: string; at: number }
  | { t: 'end'; at: number };

function bad(message: string): never {
  throw failure('IO_BAD_VALUE', `filter: ${message}`);
}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const at = i + 1;
    if (c === '"' || c === "'") {
      let v = '';
      i++;
      for (;;) {
        if (i >= src.length) bad(`the string that starts at column ${at} is not closed`);
        const d = src[i]!;
        if (d === '\\' && (src[i + 1] === c || src[i + 1] === '\\')) {
          v += src[i + 1];
          i += 2;
        } else if (d === c) {
          i++;
          break;
        } else {
          v += d;
          i++;
        }
      }
      out.push({ t: 'str', v, at });
      continue;
    }
    const num = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(src.slice(i));
    if (num && (c !== '-' || /[\d.]/.test(src[i + 1] ?? ''))) {
      const n = Number(num[0]);
      if (!Number.isFinite(n)) bad(`the number at column ${at} is too large`);
      out.push({ t: 'num', v: n, at });
      i += num[0].length;
      continue;
    }
    const word = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(src.slice(i));
    if (word) {
      out.push({ t: 'word', v: word[0], at });
      i += word[0].length;
      continue;
    }
    const op = /^(?:<=|>=|!=|<>|==|&&|\|\||[=<>!()[\],])/.exec(src.slice(i));
    if (op) {
      out.push({ t: 'op', v: op[0], at });
      i += op[0].length;
      continue;
    }
    bad(`unexpected ${JSON.stringify(c)} at column ${at}`);
  }
  out.push({ t: 'end', at: src.length + 1 });
  return out;
}

const kw = (tok: Token, word: string) => tok.t === 'word' && tok.v.toLowerCase() === word;

function describe(tok: Token): string {
  if (tok.t === 'end') return 'the end';
  if (tok.t === 'str') return `the string ${JSON.stringify(tok.v)} at column ${tok.at}`;
  return `${JSON.stringify(String(tok.v))} at column ${tok.at}`;
}

/**
 * Parses `src`; every column must be one of `allowed` (the allow_list), else IO_BAD_VALUE. Throws
 * IO_BAD_VALUE with the column of the problem for a syntax error.
 */
export function parseFilter(src: string, allowed: readonly string[]): FilterExpr {
  if (src.length > MAX_LENGTH) bad(`longer than ${MAX_LENGTH} characters`);
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p]!;
  const next = () => toks[p++]!;
  const expectOp = (v: string) => {
    const tok = next();
    if (tok.t !== 'op' || tok.v !== v) bad(`expected '${v}' but found ${describe(tok)}`);
  };

  function literal(): FilterLiteral {
    const tok = next();
    if (tok.t === 'str' || tok.t === 'num') return tok.v;
    if (kw(tok, 'true')) return true;
    if (kw(tok, 'false')) return false;
    if (kw(tok, 'null')) return null;
    return bad(`expected a value but found ${describe(tok)}`);
  }

  function condition(depth: number): FilterExpr {
    if (depth > MAX_DEPTH) bad(`nested deeper than ${MAX_DEPTH} levels`);
    const tok = peek();
    if (kw(tok, 'not') || (tok.t === 'op' && tok.v === '!')) {
      next();
      return { kind: 'not', expr: condition(depth + 1) };
    }
    if (tok.t === 'op' && tok.v === '(') {
      next();
      const e = or(depth + 1);
      expectOp(')');
      return e;
    }
    const col = next();
    if (col.t !== 'word') bad(`expected a column name but found ${describe(col)}`);
    const column = col.v;
    if (!allowed.includes(column)) {
      bad(
        `column '${column}' is not in allow_list (${allowed.length ? allowed.join(', ') : 'empty'}); name every column the filter uses there`,
      );
    }
    const op = next();
    if (op.t === 'op' && ['=', '==', '!=', '<>', '<', '<=', '>', '>='].includes(op.v)) {
      const v = op.v === '==' ? '=' : op.v === '<>' ? '!=' : op.v;
      return { kind: 'cmp', column, op: v as '=', value: literal() };
    }
    if (kw(op, 'contains')) return { kind: 'cmp', column, op: 'contains', value: literal() };
    let negated = false;
    let word = op;
    if (kw(op, 'not')) {
      negated = true;
      word = next();
    }
    if (kw(word, 'contains'))
      return { kind: 'cmp', column, op: negated ? 'not contains' : 'contains', value: literal() };
    if (kw(word, 'in')) {
      expectOp('[');
      const values: FilterLiteral[] = [];
      if (!(peek().t === 'op' && (peek() as { v: string }).v === ']')) {
        for (;;) {
          values.push(literal());
          const sep = next();
          if (sep.t === 'op' && sep.v === ']') break;
          if (!(sep.t === 'op' && sep.v === ',')) bad(`expected ',' or ']' but found ${describe(sep)}`);
        }
      } else next();
      return { kind: negated ? 'not in' : 'in', column, values };
    }
    return bad(`expected an operator after '${column}' but found ${describe(word)}`);
  }

  function and(depth: number): FilterExpr {
    let left = condition(depth);
    for (;;) {
      const tok = peek();
      if (!(kw(tok, 'and') || (tok.t === 'op' && tok.v === '&&'))) return left;
      next();
      left = { kind: 'and', left, right: condition(depth) };
    }
  }

  function or(depth: number): FilterExpr {
    let left = and(depth);
    for (;;) {
      const tok = peek();
      if (!(kw(tok, 'or') || (tok.t === 'op' && tok.v === '||'))) return left;
      next();
      left = { kind: 'or', left, right: and(depth) };
    }
  }

  if (peek().t === 'end') bad('it is empty');
  const e = or(0);
  if (peek().t !== 'end') bad(`unexpected ${describe(peek())}`);
  return e;
}

/** a cell as a PHP scalar (arrays and objects compare as null) */
function scalar(v: ContentValue | undefined): Value {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') return null;
  return v;
}

/** does `row` (column name → cell) match? PHP 8's loose comparison, as a template's {if} would */
export function matchesFilter(e: FilterExpr, cell: (column: string) => ContentValue | undefined): boolean {
  switch (e.kind) {
    case 'and':
      return matchesFilter(e.left, cell) && matchesFilter(e.right, cell);
    case 'or':
      return matchesFilter(e.left, cell) || matchesFilter(e.right, cell);
    case 'not':
      return !matchesFilter(e.expr, cell);
    case 'in':
    case 'not in': {
      const v = scalar(cell(e.column));
      const found = e.values.some((x) => looseEquals(v, x));
      return e.kind === 'in' ? found : !found;
    }
    case 'cmp': {
      const v = scalar(cell(e.column));
      switch (e.op) {
        case '=':
          return looseEquals(v, e.value);
        case '!=':
          return !looseEquals(v, e.value);
        case '<':
          return compare(v, e.value) < 0;
        case '<=':
          return compare(v, e.value) <= 0;
        case '>':
          return compare(v, e.value) > 0;
        case '>=':
          return compare(v, e.value) >= 0;
        case 'contains':
        case 'not contains': {
          const has = v !== null && toStr(v).includes(toStr(e.value));
          return e.op === 'contains' ? has : !has;
        }
      }
    }
  }
  return false;
}
