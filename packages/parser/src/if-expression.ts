/**
 * `{if}` / `{elseif}` conditions, as Smarty 2's `_compile_if_tag`: the argument
 * text is cut into tokens with one `preg_match_all` (atomic alternation, first
 * alternative wins), each token is checked and translated, `is [not] even|odd|div
 * [by x]` is folded into the token before it, and the result is PHP code. Here the
 * same tokens go through a PHP-precedence parser instead.
 */
import type { CallExpr, Expr, IsExpr, NumberLit } from './ast';
import { isDigit, isNumericString, isSpace, isWord, scanQstr, scanVarToken } from './chars';
import { type Ctx, tok } from './context';
import { DiagnosticCode } from './errors';
import {
  lexMath,
  numberLiteral,
  placeholder,
  scanMods,
  valueFromScannedVar,
  valueFromToken,
} from './expressions';
import { type ExprTok, OperatorError, type OperatorHooks, parseOperators } from './operators';
import { smartyVarForm } from './smarty-vars';

type RawKind = 'var' | 'qstr' | 'num' | 'op' | 'word' | 'other';

interface Raw {
  kind: RawKind;
  start: number;
  end: number;
  /** var/qstr tokens: where the modifiers start (== end without modifiers) */
  modsAt: number;
  /** var tokens: where the variable's math starts, or -1 */
  mathAt: number;
}

/** Non-word tokens in Smarty's order (longest alternatives listed first where it matters). */
const OPS = [
  '!==',
  '===',
  '==',
  '!=',
  '<>',
  '<<',
  '>>',
  '<=',
  '>=',
  '&&',
  '||',
  '(',
  ')',
  ',',
  '!',
  '^',
  '=',
  '&',
  '~',
  '<',
  '>',
  '|',
  '%',
  '+',
  '-',
  '/',
  '*',
  '@',
];

/** OPS by first character code, each list in OPS's order: the first that matches wins, as in OPS */
const OPS_BY_CHAR: ReadonlyMap<number, readonly string[]> = (() => {
  const m = new Map<number, string[]>();
  for (const o of OPS) {
    const c = o.charCodeAt(0);
    const list = m.get(c);
    if (list) list.push(o);
    else m.set(c, [o]);
  }
  return m;
})();

/** the operator of OPS at i that ends by b, or undefined */
function opAt(s: string, i: number, b: number): string | undefined {
  const list = OPS_BY_CHAR.get(s.charCodeAt(i));
  if (list === undefined) return undefined;
  for (const o of list) if (i + o.length <= b && s.startsWith(o, i)) return o;
  return undefined;
}

/** Word operators, case-insensitive (Smarty lower-cases the token first). */
export const WORD_OPS: ReadonlyMap<string, string> = new Map([
  ['eq', '=='],
  ['ne', '!='],
  ['neq', '!='],
  ['lt', '<'],
  ['le', '<='],
  ['lte', '<='],
  ['gt', '>'],
  ['ge', '>='],
  ['gte', '>='],
  ['and', '&&'],
  ['or', '||'],
  ['not', '!'],
  ['mod', '%'],
]);

/** What the CMS's secure mode lets `{if}` call (IF_FUNCS), plus the lower-case literals. */
export const IF_FUNCS = new Set([
  'is_null',
  'count',
  'is_array',
  'in_array',
  'isset',
  'is_object',
  'true',
  'false',
  'null',
]);

function scanHex(s: string, i: number, b: number): number {
  let j = i;
  if (s.charCodeAt(j) === 45) j++;
  if (s.charCodeAt(j) !== 48 || (s[j + 1] !== 'x' && s[j + 1] !== 'X')) return -1;
  let k = j + 2;
  while (k < b && /[0-9a-fA-F]/.test(s[k])) k++;
  return k > j + 2 ? k : -1;
}

function scanIfNumber(s: string, i: number, b: number): number {
  const h = scanHex(s, i, b);
  if (h > 0) return h;
  let j = i;
  if (s.charCodeAt(j) === 45) j++;
  if (isDigit(s.charCodeAt(j))) {
    while (j < b && isDigit(s.charCodeAt(j))) j++;
    if (s.charCodeAt(j) === 46 && isDigit(s.charCodeAt(j + 1))) {
      j++;
      while (j < b && isDigit(s.charCodeAt(j))) j++;
    }
    return j;
  }
  if (s.charCodeAt(i) === 46 && isDigit(s.charCodeAt(i + 1))) {
    j = i + 1;
    while (j < b && isDigit(s.charCodeAt(j))) j++;
    return j;
  }
  return -1;
}

/** The `preg_match_all` of `_compile_if_tag` over [a, b). */
export function lexIf(s: string, a: number, b: number): Raw[] {
  const out: Raw[] = [];
  let i = a;
  while (i < b) {
    const c = s.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 36) {
      const v = scanVarToken(s, i, b);
      if (v) {
        const ve = v.end;
        const mathAt = v.mathAt;
        const m = scanMods(s, ve, b, false);
        out.push({ kind: 'var', start: i, end: m, modsAt: ve, mathAt });
        i = m;
        continue;
      }
    } else if (c === 34 || c === 39) {
      const q = scanQstr(s, i, b);
      if (q > 0) {
        const m = scanMods(s, q, b, false);
        out.push({ kind: 'qstr', start: i, end: m, modsAt: q, mathAt: -1 });
        i = m;
        continue;
      }
    }
    const n = scanIfNumber(s, i, b);
    if (n > 0) {
      out.push({ kind: 'num', start: i, end: n, modsAt: n, mathAt: -1 });
      i = n;
      continue;
    }
    const op = opAt(s, i, b);
    if (op) {
      out.push({ kind: 'op', start: i, end: i + op.length, modsAt: i + op.length, mathAt: -1 });
      i += op.length;
      continue;
    }
    if (isWord(c) && (i === a || !isWord(s.charCodeAt(i - 1)))) {
      let j = i + 1;
      while (j < b && isWord(s.charCodeAt(j))) j++;
      out.push({ kind: 'word', start: i, end: j, modsAt: j, mathAt: -1 });
      i = j;
      continue;
    }
    let j = i + 1;
    while (j < b && !isSpace(s.charCodeAt(j))) j++;
    out.push({ kind: 'other', start: i, end: j, modsAt: j, mathAt: -1 });
    i = j;
  }
  return out;
}

/** Thrown after the first problem is reported: Smarty stops at its first error too. */
class IfError extends Error {}

/** One condition being translated: the lexed tokens in, operator-parser tokens out. */
interface IfParse {
  ctx: Ctx;
  tagName: string;
  raw: Raw[];
  toks: ExprTok[];
  /** negative numbers, which turn into subtractions after a value (`$a -1`); null until one is seen */
  negatives: Set<ExprTok> | null;
  /** where in `toks` the previous raw token's output starts: the value an `is` tests */
  lastStart: number;
  /**
   * Smarty's `$is_arg_stack`: every `(` token, in order. An `is` after a `)` takes the last one, which is
   * not always the one that `)` closes: Smarty never takes an entry off at a `)`.
   */
  opens: ExprTok[];
}

/**
 * The condition of `{if}` / `{elseif}`; arguments are [a, b). On error, reports the
 * first problem (Smarty stops at its first error too) and returns a placeholder.
 */
export function parseIfCondition(
  ctx: Ctx,
  a: number,
  b: number,
  tagName: string,
  tagSpan: { start: number; end: number },
): Expr {
  const raw = lexIf(ctx.src, a, b);
  if (!checkIfArgs(ctx, raw, a, b, tagName, tagSpan)) return placeholder(a, b);
  const p: IfParse = { ctx, tagName, raw, toks: [], negatives: null, lastStart: 0, opens: [] };
  try {
    translateTokens(p);
    if (p.negatives) splitNegatives(p.toks, p.negatives);
    return parseRange(p, p.toks);
  } catch (e) {
    if (e instanceof IfError) return placeholder(a, b);
    throw e;
  }
}

/** Smarty's checks before any token: there are arguments, and their parentheses balance. */
function checkIfArgs(
  ctx: Ctx,
  raw: Raw[],
  a: number,
  b: number,
  tagName: string,
  tagSpan: { start: number; end: number },
): boolean {
  if (raw.length === 0) {
    ctx.diags.add(DiagnosticCode.IF_NO_ARGS, tagSpan, { name: tagName });
    return false;
  }
  const s = ctx.src;
  let opens = 0;
  let closes = 0;
  for (const r of raw) {
    if (r.kind !== 'op') continue;
    if (s.charCodeAt(r.start) === 40) opens++;
    else if (s.charCodeAt(r.start) === 41) closes++;
  }
  if (opens !== closes) {
    ctx.diags.add(DiagnosticCode.IF_UNBALANCED_PAREN, { start: a, end: b });
    return false;
  }
  return true;
}

/** Each lexed token, checked as `_compile_if_tag` checks it, becomes operator-parser tokens. */
function translateTokens(p: IfParse): void {
  const { ctx, raw, toks } = p;
  const s = ctx.src;
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i];
    const text = s.slice(r.start, r.end);
    const startIndex = toks.length;
    if (r.kind === 'op') {
      opToken(p, r, text);
      p.lastStart = startIndex;
      continue;
    }
    // a variable or a quoted string (starting with `$` or a quote) is no word operator nor a name
    if (r.kind === 'var' || r.kind === 'qstr') {
      valueToken(p, i, text);
      p.lastStart = startIndex;
      continue;
    }
    // a decimal number as the lexer found it is numeric as it stands (not a hex one: see below)
    if (r.kind === 'num' && !HEX_MARK.test(text)) {
      numberToken(p, r, text);
      p.lastStart = startIndex;
      continue;
    }
    const lower = text.toLowerCase();
    if (WORD_OPS.has(lower)) {
      tok(ctx, 'operator', r.start, r.end);
      toks.push({ t: 'op', op: WORD_OPS.get(lower)!, start: r.start, end: r.end });
    } else if (lower === 'is') {
      tok(ctx, 'operator', r.start, r.end);
      i = foldIs(p, i);
      p.lastStart = toks.length - 1;
      continue;
    } else if (/^[a-zA-Z_]\w*$/.test(text)) bareNameToken(p, r, text);
    else if (isNumericString(text)) numberToken(p, r, text);
    else fail(p, DiagnosticCode.IF_UNIDENTIFIED_TOKEN, r, { token: text }, unidentifiedHint(text));
    p.lastStart = startIndex;
  }
}

const HEX_MARK = /x/i;

/** a numeric literal (`-3` remembered as a negative one, for `is div by`'s operand) */
function numberToken(p: IfParse, r: Raw, text: string): void {
  const num = numberLiteral(p.ctx, r.start, r.end);
  const t: ExprTok = { t: 'val', expr: num, start: r.start, end: r.end };
  if (text[0] === '-') (p.negatives ??= new Set()).add(t);
  p.toks.push(t);
}

/** A symbol operator or parenthesis; `=` is an assignment, which a condition cannot hold. */
function opToken(p: IfParse, r: Raw, text: string): void {
  const toks = p.toks;
  tok(p.ctx, 'operator', r.start, r.end);
  if (text === '(') {
    const open: ExprTok = { t: 'open', start: r.start, end: r.end };
    toks.push(open);
    p.opens.push(open);
  } else if (text === ')') toks.push({ t: 'close', start: r.start, end: r.end });
  else if (text === ',') toks.push({ t: 'comma', start: r.start, end: r.end });
  else if (text === '=') {
    fail(
      p,
      DiagnosticCode.IF_UNIDENTIFIED_TOKEN,
      r,
      { token: '=' },
      'compare with == (or eq); assign with {assign}',
    );
  } else toks.push({ t: 'op', op: text, start: r.start, end: r.end });
}

/** A bare name: one of IF_FUNCS (a call, or the literals true, false and null). */
function bareNameToken(p: IfParse, r: Raw, text: string): void {
  if (!IF_FUNCS.has(text)) {
    fail(
      p,
      DiagnosticCode.IF_FUNCTION_NOT_ALLOWED,
      r,
      { name: text },
      /^(?:true|false|null)$/i.test(text)
        ? 'true, false and null are allowed in lower case only'
        : 'allowed in {if}: is_null, count, is_array, in_array, isset, is_object, true, false, null',
    );
  }
  tok(p.ctx, 'word', r.start, r.end);
  const sp = { start: r.start, end: r.end };
  if (text === 'true' || text === 'false')
    p.toks.push({ t: 'val', expr: { type: 'Bool', value: text === 'true', span: sp }, ...sp });
  else if (text === 'null') p.toks.push({ t: 'val', expr: { type: 'Null', span: sp }, ...sp });
  else p.toks.push({ t: 'call', name: text, ...sp });
}

/** A variable or quoted string (with modifiers) at raw index i. */
function valueToken(p: IfParse, i: number, text: string): void {
  const { ctx, raw } = p;
  const s = ctx.src;
  const r = raw[i];
  const last = s[r.end - 1];
  const next = raw[i + 1];
  if (
    r.modsAt === r.end &&
    '+-*/^%&|'.indexOf(last) < 0 &&
    next &&
    s.charCodeAt(next.start) === 40 &&
    next.kind === 'op'
  ) {
    fail(p, DiagnosticCode.IF_VARIABLE_CALL, r, { token: text });
  }
  // lexIf scanned the variable: the same scan over [start, end) finds the same math
  if (r.kind === 'var' && r.mathAt >= 0 && r.modsAt === r.end) {
    // Smarty pastes the math into the PHP condition: precedence works across tokens
    const sub = lexMath(ctx, r.start, r.end);
    if (!sub) throw new IfError();
    p.toks.push(...sub);
  } else {
    const expr =
      r.kind === 'var'
        ? valueFromScannedVar(ctx, r.start, r.end, r.modsAt, r.mathAt, 'argument')
        : valueFromToken(ctx, r.start, r.end, 'argument');
    p.toks.push({ t: 'val', expr, start: r.start, end: r.end });
  }
}

/** `$a -1` is `$a - 1` to PHP: a negative number right after a value is a subtraction. */
function splitNegatives(toks: ExprTok[], negatives: Set<ExprTok>): void {
  for (let k = 1; k < toks.length; k++) {
    const t = toks[k];
    const p = toks[k - 1];
    if (t.t !== 'val' || !negatives.has(t) || (p.t !== 'val' && p.t !== 'close')) continue;
    const n = t.expr as NumberLit;
    const pos: NumberLit = {
      type: 'Number',
      value: -n.value,
      float: n.float,
      ...(n.big === undefined ? {} : { big: -n.big }),
      raw: n.raw.slice(1),
      span: { start: n.span.start + 1, end: n.span.end },
    };
    toks.splice(
      k,
      1,
      { t: 'op', op: '-', start: t.start, end: t.start + 1 },
      { t: 'val', expr: pos, start: t.start + 1, end: t.end },
    );
  }
}

/** `X is [not] even|odd|div [by Y]` at raw index i; returns the last raw index used. */
function foldIs(p: IfParse, i: number): number {
  const { ctx, raw, toks } = p;
  const s = ctx.src;
  const r = raw[i];
  if (toks.length === 0)
    return fail(p, DiagnosticCode.IF_SYNTAX, r, { name: p.tagName, detail: "'is' needs a value before it" });
  const { start, nested } = testedValueStart(p);
  const tested = toks.splice(start);
  // unbalanced (see testedValueStart): parsed later, inside the text Smarty pastes around it
  const value = nested ? null : parseRange(p, tested);
  let k = i + 1;
  let negated = false;
  if (rawText(s, raw[k]) === 'not') {
    negated = true;
    tok(ctx, 'operator', raw[k].start, raw[k].end);
    k++;
  }
  const typeTok = raw[k];
  const type = rawText(s, typeTok);
  if (type !== 'even' && type !== 'odd' && type !== 'div') {
    return fail(
      p,
      DiagnosticCode.IF_UNKNOWN_IS,
      typeTok ?? r,
      { word: type },
      "use 'is even', 'is odd', 'is even by N', 'is odd by N' or 'is div by N'",
    );
  }
  tok(ctx, 'operator', typeTok.start, typeTok.end);
  k++;
  let by: Expr | null = null;
  let end = typeTok.end;
  if (rawText(s, raw[k]) === 'by') {
    tok(ctx, 'operator', raw[k].start, raw[k].end);
    by = byOperand(p, raw[k + 1], raw[k]);
    end = raw[k + 1].end;
    k += 2;
  } else if (type === 'div') {
    fail(p, DiagnosticCode.IF_IS_EXPECTING_BY, typeTok, { word: 'div' });
  }
  if (!value) {
    toks.push(...smartyIs(tested, type, negated, by, r));
    return k - 1;
  }
  const node: IsExpr = {
    type: 'Is',
    test: type,
    negated,
    value,
    by,
    span: { start: value.span.start, end },
  };
  toks.push({ t: 'val', expr: node, start: node.span.start, end });
  return k - 1;
}

/**
 * The tokens of the PHP text Smarty pastes for `X is [not] TYPE [by N]`: `!(1 & X)`, `(1 & X)`,
 * `!(1 & (X / N))`, `(1 & (X / N))`, `!(X % N)`, each in `!(...)` with `not`. Only used when X
 * closes more parentheses than it opens, so that the parenthesis of the test closes inside X.
 */
function smartyIs(tested: ExprTok[], type: string, negated: boolean, by: Expr | null, at: Raw): ExprTok[] {
  const sp = { start: at.start, end: at.end };
  const op = (o: string): ExprTok => ({ t: 'op', op: o, ...sp });
  const open: ExprTok = { t: 'open', ...sp };
  const close: ExprTok = { t: 'close', ...sp };
  const one: ExprTok = {
    t: 'val',
    expr: { type: 'Number', value: 1, float: false, raw: '1', span: sp },
    ...sp,
  };
  const n: ExprTok[] = by ? [{ t: 'val', expr: by, start: by.span.start, end: by.span.end }] : [];
  let out: ExprTok[];
  if (type === 'div') out = [op('!'), open, ...tested, op('%'), ...n, close];
  else {
    const arg = by ? [open, ...tested, op('/'), ...n, close] : tested;
    out = [...(type === 'even' ? [op('!')] : []), open, one, op('&'), ...arg, close];
  }
  return negated ? [op('!'), open, ...out, close] : out;
}

/**
 * Where the value an `is` tests starts in `toks`: the previous token's output, or after a `)` Smarty's
 * choice, the last `(` no `is` has taken yet (with the function name before it). That is the group the
 * `)` closes, unless a group is nested in it: `(1 + (2)) is even` tests `(2))`, an unbalanced text
 * (`nested`) that Smarty pastes into `!(1 & (2)))`, which keeps `1 +` outside the test.
 */
function testedValueStart(p: IfParse): { start: number; nested: boolean } {
  const toks = p.toks;
  if (toks[toks.length - 1].t !== 'close') return { start: p.lastStart, nested: false };
  let start = 0;
  let depth = 0;
  for (let k = toks.length - 1; k >= 0; k--) {
    const t = toks[k];
    if (t.t === 'close') depth++;
    else if (t.t === 'open' && --depth === 0) {
      start = k;
      break;
    }
  }
  const taken = p.opens.pop();
  const last = taken ? toks.lastIndexOf(taken) : -1;
  const nested = last > start;
  if (nested) start = last;
  if (start > 0 && toks[start - 1].t === 'call') start--;
  return { start, nested };
}

function rawText(s: string, x: Raw | undefined): string {
  return x ? s.slice(x.start, x.end) : '';
}

/** The token given after `by`. */
function byOperand(p: IfParse, r: Raw | undefined, after: Raw): Expr {
  const ctx = p.ctx;
  if (!r)
    return fail(
      p,
      DiagnosticCode.IF_SYNTAX,
      { start: after.end, end: after.end },
      { name: p.tagName, detail: "a value must follow 'by'" },
    );
  if (r.kind === 'var' || r.kind === 'qstr') return valueFromToken(ctx, r.start, r.end, 'argument');
  const text = ctx.src.slice(r.start, r.end);
  if (isNumericString(text)) return numberLiteral(ctx, r.start, r.end);
  return fail(p, DiagnosticCode.IF_UNIDENTIFIED_TOKEN, r, { token: text });
}

/**
 * `isset()` only takes variables (PHP's grammar says so), at least one. `$smarty.now`,
 * `$smarty.const.X`, `$smarty.version`, `$smarty.foreach.NAME.index`... are not: Smarty compiles
 * them to a call or a value, and PHP refuses to compile the template.
 */
function checkIssetArgs(call: CallExpr): void {
  if (call.name !== 'isset') return;
  if (call.args.length === 0) {
    throw new OperatorError('isset() needs at least one variable', call.span.start, call.span.end);
  }
  for (const x of call.args) {
    if (x.type !== 'Var') {
      throw new OperatorError('isset() only takes variables', call.span.start, call.span.end);
    }
    if (x.name === 'smarty' && smartyVarForm(x.path) !== 'variable') {
      throw new OperatorError(
        `isset() only takes variables, and $smarty${x.path
          .slice(0, 3)
          .map((a) => (a.kind === 'key' ? `.${a.key}` : ''))
          .join('')} is not one: compare it with null instead`,
        x.span.start,
        x.span.end,
      );
    }
  }
}

const IF_HOOKS: OperatorHooks = { checkCall: checkIssetArgs };

function parseRange(p: IfParse, list: ExprTok[]): Expr {
  try {
    return parseOperators(list, IF_HOOKS);
  } catch (e) {
    if (!(e instanceof OperatorError)) throw e;
    return fail(p, DiagnosticCode.IF_SYNTAX, e, { name: p.tagName, detail: e.message });
  }
}

function fail(
  p: IfParse,
  code: DiagnosticCode,
  r: { start: number; end: number },
  params: Record<string, string>,
  hint?: string,
): never {
  p.ctx.diags.add(code, { start: r.start, end: r.end }, params, hint);
  throw new IfError();
}

function unidentifiedHint(text: string): string | undefined {
  if (text.startsWith('[')) return 'Smarty 2 has no array literals';
  if (text === '?' || text === ':') return 'ternaries are Smarty 3: use {if}...{else}...{/if}';
  if (/^-?0[xX]/.test(text))
    return 'PHP does not read hexadecimal strings as numbers; write the number in decimal';
  if (text.startsWith("'") || text.startsWith('"')) return 'the string is not closed';
  return undefined;
}
