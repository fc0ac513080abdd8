/**
 * Variables, numbers, modifiers and single values, as Smarty 2 compiles them
 * (`_parse_var`, `_parse_var_props`, `_parse_modifiers`, `_compile_smarty_ref`).
 */
import type { Accessor, Expr, Modifier, NumberLit, Span, StringLit, VarExpr } from './ast';
import {
  isCanonicalIntKey,
  isDigit,
  isNumericString,
  isSpace,
  isWord,
  scanBracket,
  scanNum,
  scanParens,
  scanQstr,
  scanVarToken,
  scanWord,
} from './chars';
import { type Ctx, tok } from './context';
import { DiagnosticCode } from './errors';
import { type ExprTok, OperatorError, parseOperators } from './operators';
import { FOREACH_PROPS, isSmartyVar, SMARTY_VARS, type SmartyVar, type SmartyVarName } from './smarty-vars';
import { expandQuoted, type QuoteMode, quotedToExpr } from './strings';

/* ------------------------------------------------------------------ */
/* Numbers                                                             */
/* ------------------------------------------------------------------ */

const PHP_INT_MAX = 9223372036854775807n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A PHP numeric literal as it appears in compiled code: `5`, `-3`, `007` (octal),
 * `1.50`, `1e3`, `.5`, `1.`. Integers beyond PHP_INT_MAX are floats, as in PHP.
 */
export function numberLiteral(ctx: Ctx, a: number, b: number): NumberLit {
  const raw = ctx.src.slice(a, b);
  tok(ctx, 'number', a, b);
  const span = { start: a, end: b };
  let body = raw;
  let neg = false;
  if (body[0] === '-' || body[0] === '+') {
    neg = body[0] === '-';
    body = body.slice(1);
  }
  let value: number;
  let float: boolean;
  let exact: bigint | undefined;
  if (isShortDecimal(body)) {
    // the common case: exactly what the BigInt path below gives for it
    value = Number(body);
    float = false;
  } else if (/^\d+$/.test(body)) {
    let big: bigint;
    if (body.length > 1 && body[0] === '0') {
      if (/[89]/.test(body)) {
        ctx.diags.add(
          DiagnosticCode.INVALID_NUMBER,
          span,
          { content: raw },
          'PHP reads a leading 0 as octal',
        );
        big = BigInt(body.replace(/^0+/, '') || '0');
      } else big = BigInt(`0o${body.slice(1)}`);
    } else big = BigInt(body);
    float = big > PHP_INT_MAX;
    value = Number(big);
    if (!float && big > MAX_SAFE) exact = neg ? -big : big;
  } else {
    float = true;
    value = Number(body);
  }
  if (neg) value = value === 0 && !float ? 0 : -value;
  return exact === undefined
    ? { type: 'Number', value, float, raw, span }
    : { type: 'Number', value, float, big: exact, raw, span };
}

/** digits only, no leading 0 (unless alone), at most 15 of them: a safe integer, no octal */
function isShortDecimal(text: string): boolean {
  const n = text.length;
  if (n === 0 || n > 15 || (n > 1 && text.charCodeAt(0) === 48)) return false;
  for (let k = 0; k < n; k++) if (!isDigit(text.charCodeAt(k))) return false;
  return true;
}

/* ------------------------------------------------------------------ */
/* Variables                                                           */
/* ------------------------------------------------------------------ */

/** How many path entries a `$smarty.X` reference may have (Smarty's `$_max_index`). */
function smartyMaxIndex(ref: SmartyVarName, path: Accessor[]): number | null {
  const info: SmartyVar = SMARTY_VARS[ref];
  if (info.maxIndex !== undefined) return info.maxIndex;
  if (ref === 'foreach') {
    // a computed property ($smarty.foreach.n.first) ends the reference
    const prop = path[2];
    const key = prop && prop.kind === 'key' ? String(prop.key) : '';
    if (Object.hasOwn(FOREACH_PROPS, key) && !FOREACH_PROPS[key]!.stored) return 3;
  }
  return null;
}

function bracketKey(text: string): number | string | null {
  if (isShortDecimal(text)) return Number(text);
  // Smarty pastes a numeric index into PHP code: `[007]` is octal, `[1.5]` a float key (truncated)
  if (!isNumericString(text)) return null;
  const octal = /^0[0-7]+$/.test(text);
  if (octal || /^\d+$/.test(text)) {
    const big = octal ? BigInt(`0o${text.slice(1)}`) : BigInt(text);
    // an int beyond 2^53 stays exact as its decimal text (the array reads it as that int key)
    if (big > MAX_SAFE && big <= PHP_INT_MAX) return big.toString();
    return Number(big);
  }
  return Math.trunc(Number(text));
}

/**
 * `$name` and its accessors, starting at `a` (which holds `$`), stopping at the
 * first character that does not continue the path. Records one `variable` token.
 */
export function parseVarOperand(ctx: Ctx, a: number, b: number): { expr: VarExpr; end: number } {
  const s = ctx.src;
  const nameEnd = scanWord(s, a + 1, b);
  const name = s.slice(a + 1, nameEnd);
  const path: Accessor[] = [];
  let j = nameEnd;
  while (j < b) {
    const c = s.charCodeAt(j);
    if (c === 91) {
      const e = scanBracket(s, j, b);
      if (e < 0) break;
      const inner = s.slice(j + 1, e - 1);
      const sp = { start: j, end: e };
      if (inner[0] === '$') {
        const saved = ctx.tokens;
        ctx.tokens = null;
        const v = parseVarOperand(ctx, j + 1, e - 1);
        ctx.tokens = saved;
        if (v.end !== e - 1) {
          ctx.diags.add(DiagnosticCode.UNRECOGNIZED_TAG, sp, { content: s.slice(a, b) });
        }
        path.push({ kind: 'var', expr: v.expr, span: sp });
      } else {
        const key = bracketKey(inner);
        if (key !== null) path.push({ kind: 'key', key, span: sp });
        else {
          const parts = inner.split('.');
          path.push({ kind: 'section', section: parts[0], prop: parts[1] || 'index', span: sp });
        }
      }
      j = e;
    } else if (c === 46) {
      const dollar = s.charCodeAt(j + 1) === 36;
      const ws = j + 1 + (dollar ? 1 : 0);
      const we = scanWord(s, ws, b);
      if (we === ws) break;
      const sp = { start: j, end: we };
      const word = s.slice(ws, we);
      if (dollar) {
        const inner: VarExpr = { type: 'Var', name: word, path: [], span: { start: j + 1, end: we } };
        path.push({ kind: 'var', expr: inner, span: sp });
      } else {
        path.push({ kind: 'key', key: isCanonicalIntKey(word) ? Number(word) : word, span: sp });
      }
      j = we;
    } else if (c === 45 && s.charCodeAt(j + 1) === 62) {
      const dollar = s.charCodeAt(j + 2) === 36;
      const ws = j + 2 + (dollar ? 1 : 0);
      const we = scanWord(s, ws, b);
      if (we === ws) break;
      const sp = { start: j, end: we };
      const word = s.slice(ws, we);
      if (word.startsWith('__')) ctx.diags.add(DiagnosticCode.INTERNAL_MEMBER, sp);
      else if (dollar) ctx.diags.add(DiagnosticCode.DYNAMIC_MEMBER, sp);
      else if (word.startsWith('_')) ctx.diags.add(DiagnosticCode.PRIVATE_MEMBER, sp);
      path.push({ kind: 'prop', name: word, span: sp });
      j = we;
      if (s.charCodeAt(j) === 40) {
        const p = scanParens(s, j, b);
        if (p > 0) {
          ctx.diags.add(
            DiagnosticCode.METHOD_CALL,
            { start: a, end: p },
            { content: s.slice(a, p) },
            'template values are arrays or plain objects: read a property with ->name or a key with .name',
          );
          j = p;
        }
      }
    } else break;
  }
  const expr: VarExpr = { type: 'Var', name, path, span: { start: a, end: j } };
  tok(ctx, 'variable', a, j);
  if (name === 'smarty') checkSmartyRef(ctx, expr);
  return { expr, end: j };
}

function checkSmartyRef(ctx: Ctx, v: VarExpr): void {
  const s = ctx.src;
  const text = (acc: Accessor[]) => acc.map((p) => s.slice(p.span.start, p.span.end)).join('');
  const first = v.path[0];
  for (let k = 0; k < v.path.length; k++) {
    const p = v.path[k];
    const isDot = s.charCodeAt(p.span.start) === 46;
    if (!isDot && k < 2) {
      ctx.diags.add(DiagnosticCode.INVALID_SMARTY_REF, v.span, { ref: text(v.path.slice(0, 2)) });
      return;
    }
  }
  const ref = first && first.kind === 'key' ? String(first.key) : '';
  if (!isSmartyVar(ref)) {
    ctx.diags.add(
      DiagnosticCode.UNKNOWN_SMARTY_VAR,
      v.span,
      { name: ref },
      `known: $smarty.${Object.keys(SMARTY_VARS).join(', $smarty.')}`,
    );
    return;
  }
  const max = smartyMaxIndex(ref, v.path);
  if (max !== null && v.path.length > max) {
    ctx.diags.add(DiagnosticCode.INVALID_SMARTY_REF, v.span, { ref: text(v.path) });
  }
}

/* ------------------------------------------------------------------ */
/* Math inside a variable token                                        */
/* ------------------------------------------------------------------ */

function mathError(ctx: Ctx, a: number, b: number, at: number, detail: string, hint?: string): null {
  ctx.diags.add(
    DiagnosticCode.INVALID_MATH,
    { start: at, end: Math.max(at + 1, at) },
    { content: ctx.src.slice(a, b), detail },
    hint,
  );
  return null;
}

/**
 * Splits a variable token with math (`$a+$b*2`, `$i+1>2`) into operands and
 * operators, as Smarty's `_parse_var` splits it before pasting it into PHP.
 *
 * Smarty compiles each piece between math operators on its own: a piece that starts with `$` is a
 * template variable and its accessors; whatever follows in the piece (from a `>` on, since `>` is
 * no math operator) and a piece that starts with a digit are pasted into PHP untouched. So in
 * `$a-1>$b` the `$b` is a PHP variable, undefined (null), and in `$a-1>$b.x` the `.x` is PHP's
 * concatenation with the undefined constant `x`, an Error. `raw` marks that pasted part.
 */
export function lexMath(ctx: Ctx, a: number, b: number): ExprTok[] | null {
  const s = ctx.src;
  const out: ExprTok[] = [];
  let i = a;
  let raw = false;
  while (i < b) {
    const c = s.charCodeAt(i);
    if (c === 36) {
      if (!isWord(s.charCodeAt(i + 1))) return mathError(ctx, a, b, i, "'$' without a name");
      if (raw) {
        const local = phpLocal(ctx, a, b, i);
        if (local === null) return null;
        const span = { start: i, end: local.end };
        const expr: Expr =
          local.constant !== undefined
            ? phpConstant(local.constant, span)
            : local.concat
              ? { type: 'String', value: '', quote: 'bare', span }
              : { type: 'Null', span };
        out.push({ t: 'val', expr, ...span });
        i = local.end;
        continue;
      }
      const v = parseVarOperand(ctx, i, b);
      out.push({ t: 'val', expr: v.expr, start: i, end: v.end });
      i = v.end;
    } else if (isDigit(c)) {
      const n = scanNum(s, i, b);
      if (n < b && (isWord(s.charCodeAt(n)) || s.charCodeAt(n) === 46)) {
        return mathError(ctx, a, b, i, `'${s.slice(i, scanWord(s, i, b) + 1)}' is not a number`);
      }
      const num = numberLiteral(ctx, i, n);
      out.push({ t: 'val', expr: num, start: i, end: n });
      i = n;
    } else if (c === 43 || c === 45 || c === 42 || c === 47 || c === 37) {
      if ((c === 43 || c === 45) && s.charCodeAt(i + 1) === c) {
        return mathError(
          ctx,
          a,
          b,
          i,
          `PHP reads '${s[i]}${s[i]}' as ${c === 45 ? 'decrement' : 'increment'}`,
        );
      }
      tok(ctx, 'operator', i, i + 1);
      out.push({ t: 'op', op: s[i], start: i, end: i + 1 });
      i++;
      raw = false;
    } else if (c === 62) {
      const two = s.charCodeAt(i + 1) === 62;
      const e = i + (two ? 2 : 1);
      tok(ctx, 'operator', i, e);
      out.push({ t: 'op', op: two ? '>>' : '>', start: i, end: e });
      i = e;
      raw = true;
    } else if (raw && isWord(c)) {
      // a bare word in PHP: a constant; true, false and null (any case) are the only ones a template meets
      const e = scanWord(s, i, b);
      const word = s.slice(i, e);
      const lower = word.toLowerCase();
      const span = { start: i, end: e };
      if (lower === 'null') out.push({ t: 'val', expr: { type: 'Null', span }, ...span });
      else if (lower === 'true' || lower === 'false') {
        out.push({ t: 'val', expr: { type: 'Bool', value: lower === 'true', span }, ...span });
      } else {
        // PHP looks the constant up when it evaluates the expression: an Error then if it is undefined (a
        // branch never taken renders), its value if PHP defines it: exactly `$smarty.const.WORD`
        ctx.diags.add(DiagnosticCode.PHP_CONSTANT_IN_MATH, span, { word }, "write spaces around '>'");
        out.push({ t: 'val', expr: phpConstant(word, span), ...span });
      }
      tok(ctx, 'word', i, e);
      i = e;
    } else {
      return mathError(
        ctx,
        a,
        b,
        i,
        `unexpected '${s[i]}'`,
        'variable math takes variables, numbers and + - * / % only; use {math equation=...} for more',
      );
    }
  }
  return out;
}

/** PHP's constant `word`, looked up when evaluated (an Error if undefined): what `$smarty.const.word` is */
function phpConstant(word: string, span: Span): VarExpr {
  const path: Accessor[] = [
    { kind: 'key', key: 'const', span },
    { kind: 'key', key: word, span },
  ];
  return { type: 'Var', name: 'smarty', path, span };
}

/**
 * `$name` in the part of variable math that Smarty pastes into PHP (see lexMath): an undefined PHP
 * variable, null, with the accessors that keep it null (`[0]`, `[$k]`, `->p`). `.x` and `[x]` read
 * the constant `x`, an Error when evaluated if PHP does not define it (`constant` is then its name;
 * a defined one would be concatenated, which Sumi reads as the constant alone); `.0` is a syntax
 * error in PHP, refused here. Null after a diagnostic.
 */
function phpLocal(
  ctx: Ctx,
  a: number,
  b: number,
  i: number,
): { end: number; constant?: string; concat?: boolean } | null {
  const s = ctx.src;
  let j = scanWord(s, i + 1, b);
  // `$b.$c`: PHP's concatenation of two undefined locals, the empty string (not null)
  let concat = false;
  for (;;) {
    const c = s.charCodeAt(j);
    if (j >= b) break;
    if (c === 91) {
      const k = scanBracket(s, j, b);
      if (k < 0) break;
      const inner = s.slice(j + 1, k - 1);
      if (!/^(?:\d+|\$\w+)$/.test(inner)) return constantIn(ctx, b, k, j + 1, scanWord(s, j + 1, k - 1));
      j = k;
    } else if (c === 45 && s.charCodeAt(j + 1) === 62 && isWord(s.charCodeAt(j + 2))) {
      j = scanWord(s, j + 2, b);
    } else if (c === 46) {
      if (isDigit(s.charCodeAt(j + 1))) {
        mathError(
          ctx,
          a,
          b,
          j,
          `PHP reads '${s.slice(j, scanWord(s, j + 1, b))}' as a number after a variable`,
        );
        return null;
      }
      if (isWord(s.charCodeAt(j + 1))) {
        const e = scanWord(s, j + 1, b);
        return constantIn(ctx, b, e, j + 1, e);
      }
      if (s.charCodeAt(j + 1) === 36 && isWord(s.charCodeAt(j + 2))) {
        j = scanWord(s, j + 2, b);
        concat = true;
        continue;
      }
      break;
    } else break;
  }
  ctx.diags.add(
    DiagnosticCode.PHP_LOCAL_IN_MATH,
    { start: i, end: j },
    { content: s.slice(i, j) },
    "write spaces around '>' to compare with the template variable",
  );
  return concat ? { end: j, concat } : { end: j };
}

/**
 * the constant read in `$b.x` / `$b[x]` after '>': a warning, and the operand (with the accessors that
 * follow it, `$b[x].y`, which PHP evaluates after the constant) is that constant
 */
function constantIn(ctx: Ctx, b: number, from: number, start: number, wordEnd: number) {
  const s = ctx.src;
  let end = from;
  for (;;) {
    const c = s.charCodeAt(end);
    if (end >= b) break;
    if (c === 46 && isWord(s.charCodeAt(end + 1))) end = scanWord(s, end + 1, b);
    else if (c === 45 && s.charCodeAt(end + 1) === 62 && isWord(s.charCodeAt(end + 2)))
      end = scanWord(s, end + 2, b);
    else if (c === 91) {
      const k = scanBracket(s, end, b);
      if (k < 0) break;
      end = k;
    } else break;
  }
  const word = s.slice(start, wordEnd);
  ctx.diags.add(
    DiagnosticCode.PHP_CONSTANT_IN_MATH,
    { start, end: wordEnd },
    { word },
    "after '>' in variable math Smarty 2 pastes the rest into PHP: write spaces around '>'",
  );
  return { end, constant: word };
}

/** A whole variable token [a, b) (with optional math) to one expression. */
/** `mathAt`: what scanVarToken found for this token, when the caller has scanned it already */
export function parseVarToken(ctx: Ctx, a: number, b: number, mathAt?: number): Expr {
  const at = mathAt ?? scanVarToken(ctx.src, a, b)?.mathAt ?? -1;
  if (at >= 0) {
    const toks = lexMath(ctx, a, b);
    if (!toks) return placeholder(a, b);
    try {
      return parseOperators(toks);
    } catch (e) {
      if (!(e instanceof OperatorError)) throw e;
      ctx.diags.add(
        DiagnosticCode.INVALID_MATH,
        { start: e.start, end: e.end },
        { content: ctx.src.slice(a, b), detail: e.message },
      );
      return placeholder(a, b);
    }
  }
  const r = parseVarOperand(ctx, a, b);
  if (r.end !== b) {
    ctx.diags.add(DiagnosticCode.UNRECOGNIZED_TAG, { start: a, end: b }, { content: ctx.src.slice(a, b) });
  }
  return r.expr;
}

/** Stands in for an expression that has an error diagnostic. */
export function placeholder(a: number, b: number): Expr {
  return { type: 'Null', span: { start: a, end: b } };
}

/* ------------------------------------------------------------------ */
/* Modifiers                                                           */
/* ------------------------------------------------------------------ */

/**
 * One modifier argument after `:`, Smarty's `(?:\w+|NUM|OBJCALL|AVAR|QSTR)`.
 * `anchored`: the regex has to match up to the end of the tag, so an alternative
 * only counts when `:`, `|`, whitespace or the end follows it (PCRE backtracks
 * into the next alternative otherwise). In `{if}` tokens nothing is anchored
 * and the first alternative that matches wins.
 */
export function scanArg(s: string, p: number, end: number, anchored: boolean): number {
  const w = scanWord(s, p, end);
  if (w > p && argEnds(s, w, end, anchored)) return w;
  const n = scanNum(s, p, end);
  if (n > 0 && argEnds(s, n, end, anchored)) return n;
  const c = s.charCodeAt(p);
  if (c === 36) {
    const v = scanVarToken(s, p, end);
    if (v && argEnds(s, v.end, end, anchored)) return v.end;
  } else if (c === 34 || c === 39) {
    const q = scanQstr(s, p, end);
    if (q > 0 && argEnds(s, q, end, anchored)) return q;
  }
  return -1;
}

/** may an argument end at q? (see scanArg's `anchored`) */
function argEnds(s: string, q: number, end: number, anchored: boolean): boolean {
  if (!anchored || q === end) return true;
  const c = s.charCodeAt(q);
  return c === 58 || c === 124 || isSpace(c);
}

function scanModifier(s: string, i: number, end: number, anchored: boolean): number {
  let j = i + 1;
  if (s.charCodeAt(j) === 64) j++;
  const w = scanWord(s, j, end);
  if (w === j) return -1;
  j = w;
  while (j < end && s.charCodeAt(j) === 58) {
    const q = scanArg(s, j + 1, end, anchored);
    if (q < 0) break;
    j = q;
  }
  return j;
}

/** `MOD*`: end of the modifier chain starting at i (i when none). */
export function scanMods(s: string, i: number, end: number, anchored: boolean): number {
  while (i < end && s.charCodeAt(i) === 124) {
    const j = scanModifier(s, i, end, anchored);
    if (j < 0) break;
    i = j;
  }
  return i;
}

/**
 * The modifier chain that exactly covers [i, end) (as found by scanMods), split
 * the way Smarty's `_parse_modifiers` splits it, which is looser than the scan
 * that found it: a modifier's arguments are `(?>:(?:QSTR|[^|]+))*`, so an
 * argument that does not start with a quote runs to the next `|`, quotes and
 * all (`replace:x:'|'` gives the arguments `x` and `'`, and the `|'` left over
 * is skipped up to the next `|`). That text is then cut at each `:` (a quoted
 * string right after a `:` stays whole).
 */
export function parseModifiers(ctx: Ctx, i: number, end: number): Modifier[] {
  const s = ctx.src;
  const mods: Modifier[] = [];
  while (i < end) {
    const start = i;
    let j = i + 1;
    const whole = s.charCodeAt(j) === 64;
    if (whole) j++;
    const nameEnd = scanWord(s, j, end);
    if (s.charCodeAt(i) !== 124 || nameEnd === j) {
      // not `|name`: Smarty's preg_match_all looks for the next `|`
      i = s.indexOf('|', i + 1);
      if (i < 0 || i >= end) break;
      continue;
    }
    tok(ctx, 'modifierBar', i, i + 1);
    tok(ctx, 'modifierName', i + 1, nameEnd);
    const name = s.slice(j, nameEnd);
    const nameSpan = { start: j, end: nameEnd };
    j = nameEnd;
    const args: Expr[] = [];
    while (j < end && s.charCodeAt(j) === 58) {
      const q = scanQstr(s, j + 1, end);
      if (q > 0) {
        tok(ctx, 'modifierColon', j, j + 1);
        args.push(valueFromToken(ctx, j + 1, q, 'argument'));
        j = q;
        continue;
      }
      let k = j + 1;
      while (k < end && s.charCodeAt(k) !== 124) k++;
      if (k === j + 1) break;
      splitArgs(ctx, j, k, args);
      j = k;
    }
    mods.push({ name, whole, args, nameSpan, span: { start, end: j } });
    i = j;
  }
  return mods;
}

/** Smarty's `~:(QSTR|[^:]+)~` over [a, b), which starts at a `:`: each piece, trimmed, is one argument. */
function splitArgs(ctx: Ctx, a: number, b: number, args: Expr[]): void {
  const s = ctx.src;
  let j = a;
  while (j < b) {
    if (s.charCodeAt(j) !== 58) {
      j++;
      continue;
    }
    let q = scanQstr(s, j + 1, b);
    if (q < 0) {
      q = j + 1;
      while (q < b && s.charCodeAt(q) !== 58) q++;
      if (q === j + 1) {
        j++;
        continue;
      }
    }
    tok(ctx, 'modifierColon', j, j + 1);
    let x = j + 1;
    let y = q;
    while (x < y && isSpace(s.charCodeAt(x))) x++;
    while (y > x && isSpace(s.charCodeAt(y - 1))) y--;
    args.push(valueFromToken(ctx, x, y, 'argument'));
    j = q;
  }
}

function withMods(ctx: Ctx, value: Expr, a: number, i: number, b: number): Expr {
  if (i >= b) return value;
  const modifiers = parseModifiers(ctx, i, b);
  return { type: 'Modified', value, modifiers, span: { start: a, end: b } };
}

/* ------------------------------------------------------------------ */
/* One value (Smarty's _parse_var_props)                               */
/* ------------------------------------------------------------------ */

export type ValueContext = 'print' | 'attribute' | 'argument';

/**
 * One value token [a, b) as Smarty's `_parse_var_props` compiles it: a variable
 * (with math and modifiers), a quoted string (with modifiers), a number (with
 * modifiers), `true`/`false`/`null`, a numeric string, or else a bare string.
 */
export function valueFromToken(ctx: Ctx, a: number, b: number, where: ValueContext): Expr {
  const s = ctx.src;
  const c = s.charCodeAt(a);
  if (c === 36) {
    const v = scanVarToken(s, a, b);
    const ve = v ? v.end : -1;
    // (read before scanMods: its scans reuse the scanner's one result object)
    const mathAt = v ? v.mathAt : -1;
    if (ve > 0 && scanMods(s, ve, b, true) === b)
      return withMods(ctx, parseVarToken(ctx, a, ve, mathAt), a, ve, b);
  } else if (c === 34 || c === 39) {
    const q = scanQstr(s, a, b);
    if (q > 0 && scanMods(s, q, b, true) === b)
      return withMods(ctx, quotedToExpr(ctx, a, q, parseVarToken), a, q, b);
  }
  const n = scanNum(s, a, b);
  if (n > 0 && scanMods(s, n, b, true) === b) return withMods(ctx, numberLiteral(ctx, a, n), a, n, b);
  const text = s.slice(a, b);
  const span = { start: a, end: b };
  if (text === 'true' || text === 'false') {
    tok(ctx, 'word', a, b);
    return { type: 'Bool', value: text === 'true', span };
  }
  if (text === 'null') {
    tok(ctx, 'word', a, b);
    return { type: 'Null', span };
  }
  if (text === 'yes' || text === 'no' || text === 'on' || text === 'off') {
    tok(ctx, 'word', a, b);
    ctx.diags.add(
      DiagnosticCode.BARE_CONSTANT,
      span,
      { word: text },
      `quote it ('${text}') or use true/false`,
    );
    return { type: 'String', value: text, quote: 'bare', span };
  }
  if (isNumericString(text)) return numberLiteral(ctx, a, b);
  return bareString(ctx, a, b, 'bare', where);
}

/**
 * valueFromToken for [a, b) starting with a variable token already scanned (by splitTag or lexIf) to
 * `varEnd` with its math at `mathAt`: the same scan over [a, b) finds the same, so it is not done again.
 */
export function valueFromScannedVar(
  ctx: Ctx,
  a: number,
  b: number,
  varEnd: number,
  mathAt: number,
  where: ValueContext,
): Expr {
  if (scanMods(ctx.src, varEnd, b, true) === b)
    return withMods(ctx, parseVarToken(ctx, a, varEnd, mathAt), a, varEnd, b);
  return valueFromToken(ctx, a, b, where);
}

/** A bare word Smarty wraps in double quotes: literal text with `$name` interpolation. */
export function bareString(ctx: Ctx, a: number, b: number, mode: QuoteMode, where: ValueContext): Expr {
  tok(ctx, where === 'attribute' ? 'string' : 'word', a, b);
  const saved = ctx.tokens;
  ctx.tokens = null;
  try {
    return expandQuoted(ctx, a, b, mode, a, b, parseVarToken);
  } finally {
    ctx.tokens = saved;
  }
}

export type { StringLit };
