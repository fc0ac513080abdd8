/**
 * Tag attributes, as Smarty 2's `_parse_attrs`: the argument text is cut into
 * tokens `(?:QSTR|[^"'=\s]+)+` and `=`, read as `name = value` pairs, and each
 * value is typed (bare on/yes/true, off/no/false, null; numbers; variables;
 * strings) before `_parse_var_props` compiles it.
 */
import type { Attribute, Expr } from './ast';
import { isSpace, isWord, scanNum, scanQstr, scanVarToken } from './chars';
import { type Ctx, tok } from './context';
import { DiagnosticCode } from './errors';
import { bareString, scanMods, valueFromScannedVar, valueFromToken } from './expressions';

interface RawToken {
  start: number;
  end: number;
}

/** `preg_match_all` over the attribute text; an unterminated quote is skipped, as PCRE does. */
export function attributeTokens(ctx: Ctx, a: number, b: number): RawToken[] {
  const s = ctx.src;
  const out: RawToken[] = [];
  let i = a;
  while (i < b) {
    const c = s.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 61) {
      out.push({ start: i, end: i + 1 });
      i++;
      continue;
    }
    const start = i;
    for (;;) {
      if (i >= b) break;
      const d = s.charCodeAt(i);
      if (d === 34 || d === 39) {
        const q = scanQstr(s, i, b);
        if (q < 0) break;
        i = q;
      } else if (d === 61 || isSpace(d)) break;
      else {
        i++;
        while (i < b) {
          const e = s.charCodeAt(i);
          if (e === 34 || e === 39 || e === 61 || isSpace(e)) break;
          i++;
        }
      }
    }
    if (i === start) {
      ctx.diags.add(DiagnosticCode.UNTERMINATED_QUOTE, { start: i, end: i + 1 });
      i++;
      continue;
    }
    out.push({ start, end: i });
  }
  return out;
}

function isWordToken(s: string, t: RawToken): boolean {
  for (let k = t.start; k < t.end; k++) if (!isWord(s.charCodeAt(k))) return false;
  return t.end > t.start;
}

/** `^OBJCALL` (a prefix) or `VAR(MOD)*$` (a suffix): Smarty leaves such a value unquoted. */
function looksLikeVar(s: string, a: number, b: number): boolean {
  const c = s.charCodeAt(a);
  if (c === 36) {
    const v = scanVarToken(s, a, b);
    if (v && (v.obj || scanMods(s, v.end, b, true) === b)) return true;
  } else if (c === 34 || c === 39) {
    const q = scanQstr(s, a, b);
    if (q > 0 && scanMods(s, q, b, true) === b) return true;
  }
  // A proper suffix only changes how a `'` in the word is escaped (strtr vs addslashes);
  // skip the scan when there is none, and for very long words.
  if (b - a > 512) return false;
  let hasQuote = false;
  for (let p = a; p < b; p++) {
    if (s.charCodeAt(p) === 39) {
      hasQuote = true;
      break;
    }
  }
  if (!hasQuote) return false;
  for (let p = b - 1; p > a; p--) {
    const d = s.charCodeAt(p);
    if (d === 36) {
      const w = scanVarToken(s, p, b);
      if (w && scanMods(s, w.end, b, true) === b) return true;
    } else if (d === 34 || d === 39) {
      const q = scanQstr(s, p, b);
      if (q > 0 && scanMods(s, q, b, true) === b) return true;
    }
  }
  return false;
}

function attributeValue(ctx: Ctx, t: RawToken): Expr {
  const s = ctx.src;
  const len = t.end - t.start;
  const span = { start: t.start, end: t.end };
  if (len <= 5) {
    const text = s.slice(t.start, t.end);
    if (text === 'on' || text === 'yes' || text === 'true') {
      tok(ctx, 'word', t.start, t.end);
      return { type: 'Bool', value: true, span };
    }
    if (text === 'off' || text === 'no' || text === 'false') {
      tok(ctx, 'word', t.start, t.end);
      return { type: 'Bool', value: false, span };
    }
    if (text === 'null') {
      tok(ctx, 'word', t.start, t.end);
      return { type: 'Null', span };
    }
  }
  // Smarty leaves numbers, hex-looking words and variables unquoted for _parse_var_props
  if (s.charCodeAt(t.start) === 36) {
    // the common `name=$var|mod`: what looksLikeVar and valueFromToken would both scan, scanned once
    const v = scanVarToken(s, t.start, t.end);
    if (v) {
      const varEnd = v.end;
      const mathAt = v.mathAt;
      if (scanMods(s, varEnd, t.end, true) === t.end)
        return valueFromScannedVar(ctx, t.start, t.end, varEnd, mathAt, 'attribute');
    }
  }
  if (scanNum(s, t.start, t.end) > 0 || endsWithHex(s, t.start, t.end) || looksLikeVar(s, t.start, t.end)) {
    return valueFromToken(ctx, t.start, t.end, 'attribute');
  }
  if (s.charCodeAt(t.start) === 91 && s.charCodeAt(t.end - 1) === 93) {
    ctx.diags.add(
      DiagnosticCode.ARRAY_LITERAL_IS_STRING,
      span,
      { content: s.slice(t.start, t.end) },
      'build arrays with {assign_array}, {append} or a modifier such as explode',
    );
  }
  // everything else is a string Smarty quotes with addslashes()
  return bareString(ctx, t.start, t.end, 'bare-addslashes', 'attribute');
}

/** `0[xX][0-9a-fA-F]+$` */
function endsWithHex(s: string, a: number, b: number): boolean {
  let k = b;
  while (k > a && isHexDigit(s.charCodeAt(k - 1))) k--;
  return k < b && k - 2 >= a && (s[k - 1] === 'x' || s[k - 1] === 'X') && s.charCodeAt(k - 2) === 48;
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/**
 * Attributes of a function or block tag; arguments text is [a, b). Smarty stops at the
 * first error; here each mistake is reported once and reading goes on: an invalid name
 * still takes its `= value`, and a name without `=` is followed by a fresh start.
 */
export function parseAttributes(ctx: Ctx, a: number, b: number): Attribute[] {
  const s = ctx.src;
  const tokens = attributeTokens(ctx, a, b);
  const attrs: Attribute[] = [];
  /** attribute name → its place in attrs, once there are many (a few are searched in the list) */
  let index: Map<string, number> | null = null;
  const EXPECT_NAME = 0;
  const EXPECT_EQ = 1;
  const EXPECT_VALUE = 2;
  let state = EXPECT_NAME;
  let name: RawToken | null = null;
  /** the current name was invalid (already reported): its value is read and dropped */
  let bad = false;
  let last: RawToken | null = null;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const isEq = t.end - t.start === 1 && s.charCodeAt(t.start) === 61;
    if (state === EXPECT_NAME) {
      name = t;
      bad = !isWordToken(s, t);
      if (bad) {
        ctx.diags.add(DiagnosticCode.INVALID_ATTRIBUTE, t, { name: s.slice(t.start, t.end) });
        tok(ctx, 'invalid', t.start, t.end);
      } else tok(ctx, 'attrName', t.start, t.end);
      state = isEq ? EXPECT_VALUE : EXPECT_EQ;
    } else if (state === EXPECT_EQ) {
      if (isEq) {
        tok(ctx, 'equals', t.start, t.end);
        state = EXPECT_VALUE;
      } else {
        if (!bad && name) {
          ctx.diags.add(DiagnosticCode.ATTRIBUTE_EXPECTING_EQUALS, name, {
            name: s.slice(name.start, name.end),
          });
        }
        state = EXPECT_NAME;
        k--; // read this token again as a name
        continue;
      }
    } else if (isEq) {
      ctx.diags.add(DiagnosticCode.EQUALS_AS_VALUE, t);
      tok(ctx, 'invalid', t.start, t.end);
    } else {
      const value = attributeValue(ctx, t);
      if (!bad && name) index = addAttribute(ctx, attrs, index, name, t, value);
      state = EXPECT_NAME;
    }
    last = t;
  }
  if (state === EXPECT_EQ && !bad && name) {
    ctx.diags.add(DiagnosticCode.ATTRIBUTE_EXPECTING_EQUALS, name, { name: s.slice(name.start, name.end) });
  } else if (state === EXPECT_VALUE && last) {
    ctx.diags.add(DiagnosticCode.MISSING_ATTRIBUTE_VALUE, last);
  }
  return attrs;
}

/** the list of attributes this many long or longer gets an index by name */
const INDEXED = 8;

/** adds the attribute, or replaces the one of the same name; returns the index, made when it is due */
function addAttribute(
  ctx: Ctx,
  attrs: Attribute[],
  index: Map<string, number> | null,
  name: RawToken,
  valueToken: RawToken,
  value: Expr,
): Map<string, number> | null {
  const n = ctx.src.slice(name.start, name.end);
  const attr: Attribute = {
    name: n,
    value,
    nameSpan: { start: name.start, end: name.end },
    span: { start: name.start, end: valueToken.end },
  };
  let prev: number | undefined;
  if (index) prev = index.get(n);
  else {
    for (let k = 0; k < attrs.length; k++) {
      if (attrs[k].name === n) {
        prev = k;
        break;
      }
    }
  }
  if (prev !== undefined) {
    // PHP array semantics: the key keeps its place, the last value wins
    ctx.diags.add(DiagnosticCode.DUPLICATE_ATTRIBUTE, attr.nameSpan, { name: n });
    attrs[prev] = attr;
    return index;
  }
  index?.set(n, attrs.length);
  attrs.push(attr);
  if (index || attrs.length < INDEXED) return index;
  const made = new Map<string, number>();
  for (let k = 0; k < attrs.length; k++) made.set(attrs[k].name, k);
  return made;
}
