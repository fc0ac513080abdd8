/**
 * Quoted strings as PHP reads the code Smarty 2 compiles them to.
 *
 * - single quotes: raw, except `\'` and `\\`;
 * - double quotes: PHP escapes, and Smarty's `_expand_quoted_text` interpolation:
 *   `` `$var.x+1` `` (backticks: a full variable with dots, brackets, math, `->`)
 *   and bare `$name` / `$name[0]` / `$name[abc]` not preceded by a backslash.
 * - bare words that Smarty wraps in double quotes (attribute values): no escapes,
 *   but the same `$name` interpolation.
 * - In both, a `$name` Smarty leaves alone (after a backslash, or a name beyond ASCII: `$金額`)
 *   is PHP's own interpolation of a local variable of the compiled template: nothing.
 */
import type { Expr, InterpString, StringLit } from './ast';
import { isWord, scanVarToken } from './chars';
import { type Ctx, tok } from './context';

/** PHP single-quoted string body. */
export function decodeSingle(body: string): string {
  if (body.indexOf('\\') < 0) return body;
  return body.replace(/\\([\\'])/g, '$1');
}

const SIMPLE_ESCAPES: ReadonlyMap<string, string> = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
  ['v', '\v'],
  ['e', '\x1b'],
  ['f', '\f'],
  ['\\', '\\'],
  ['$', '$'],
  ['"', '"'],
]);

/**
 * PHP double-quoted string body (no interpolation here). Unknown escapes stay as
 * written. `\xHH`, octal and `\u{...}` escapes produce bytes, which are read back
 * as UTF-8 (see bytesText), as PHP strings are bytes.
 */
export function decodeDouble(body: string): string {
  if (body.indexOf('\\') < 0 && body.indexOf('$') < 0) return body;
  let out = '';
  let bytes: number[] | null = null;
  const flush = () => {
    if (bytes) {
      out += bytesText(bytes);
      bytes = null;
    }
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '$') {
      // a `$name` Smarty left alone (a backslash before it, itself escaped: `\\$name`, or a name
      // beyond ASCII: `$金額`) is PHP's own interpolation of a local variable of the compiled template
      const end = phpVariableEnd(body, i);
      if (end > i) {
        flush();
        out += phpVariableText(body, i, end);
        i = end - 1;
        continue;
      }
    }
    if (c !== '\\' || i + 1 >= body.length) {
      flush();
      out += c;
      continue;
    }
    const n = body[i + 1];
    const simple = SIMPLE_ESCAPES.get(n);
    if (simple !== undefined) {
      flush();
      out += simple;
      i++;
      continue;
    }
    let m = /^[0-7]{1,3}/.exec(body.slice(i + 1, i + 4));
    if (m) {
      (bytes ??= []).push(Number.parseInt(m[0], 8) & 0xff);
      i += m[0].length;
      continue;
    }
    if (n === 'x') {
      m = /^[0-9A-Fa-f]{1,2}/.exec(body.slice(i + 2, i + 4));
      if (m) {
        (bytes ??= []).push(Number.parseInt(m[0], 16));
        i += 1 + m[0].length;
        continue;
      }
    }
    if (n === 'u') {
      m = /^\{([0-9A-Fa-f]+)\}/.exec(body.slice(i + 2, i + 12));
      if (m) {
        const cp = Number.parseInt(m[1], 16);
        if (cp <= 0x10ffff) {
          // PHP writes the code point's UTF-8 form, a surrogate's too (not valid UTF-8: ED A0 80)
          utf8Bytes(cp, (bytes ??= []));
          i += 1 + m[0].length;
          continue;
        }
      }
    }
    flush();
    out += c;
  }
  flush();
  return out;
}

/** a PHP variable name's characters: ASCII letters, digits and `_`, and every byte above ASCII */
function isNameChar(c: number, first: boolean): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c >= 0x80 || (!first && c >= 48 && c <= 57)
  );
}

/** PHP's superglobals: arrays in every request, which print as "Array" */
const SUPERGLOBALS = new Set([
  'GLOBALS',
  '_SERVER',
  '_GET',
  '_POST',
  '_FILES',
  '_COOKIE',
  '_REQUEST',
  '_ENV',
]);

/**
 * What PHP prints for the interpolation [i, end) (phpVariableEnd): a local variable of the compiled
 * template, undefined there, is nothing, and so is a key or property of it; a superglobal alone is
 * an array, "Array" (its entries, the request's own, are not known here: nothing).
 */
function phpVariableText(body: string, i: number, end: number): string {
  const name = body.slice(i + 1, end);
  return SUPERGLOBALS.has(name) ? 'Array' : '';
}

/**
 * The end of the PHP "simple syntax" interpolation at `i` (`$name`, then one `[key]` or `->prop`),
 * or `i` when there is none. `$this` is left as written: it is Smarty's own object, which PHP
 * could not print (an error Sumi does not reproduce).
 */
function phpVariableEnd(body: string, i: number): number {
  let j = i + 1;
  if (j >= body.length || !isNameChar(body.charCodeAt(j), true)) return i;
  while (j < body.length && isNameChar(body.charCodeAt(j), false)) j++;
  if (body.slice(i + 1, j) === 'this') return i;
  if (body[j] === '[') {
    const m = /^\[(?:-?\d+|\$?[A-Za-z_\x80-\uffff][\w\x80-\uffff]*)\]/.exec(body.slice(j));
    if (m) return j + m[0].length;
  } else if (
    body[j] === '-' &&
    body[j + 1] === '>' &&
    j + 2 < body.length &&
    isNameChar(body.charCodeAt(j + 2), true)
  ) {
    j += 2;
    while (j < body.length && isNameChar(body.charCodeAt(j), false)) j++;
  }
  return j;
}

/** the UTF-8 bytes of code point `cp` (any up to U+10FFFF, as PHP's `\u{...}` writes them) */
function utf8Bytes(cp: number, out: number[]): void {
  if (cp < 0x80) out.push(cp);
  else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
  else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
}

/** the platform's UTF-8 decoder, refusing what is not UTF-8 and keeping a byte order mark (PHP keeps its bytes) */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return null;
  }
}

/** how many bytes the character a lead byte starts has (0: no character starts with it) */
function leadLength(b: number): number {
  if (b < 0x80) return 1;
  if (b >= 0xc2 && b <= 0xdf) return 2;
  if (b >= 0xe0 && b <= 0xef) return 3;
  return b >= 0xf0 && b <= 0xf4 ? 4 : 0;
}

/**
 * The string Sumi's PHP values stand for these bytes with (@sumi/php, binary-string.ts): UTF-8 as
 * it is, and each byte of what is not UTF-8 as the lone surrogate U+DC00 + byte, so `strlen`,
 * printing and every byte function see PHP's bytes (`"\xEC\xF8B"` is 3 bytes, not two U+FFFD).
 * A character is taken where its lead byte and the bytes after it decode as one; otherwise the
 * lead byte alone is kept.
 */
function bytesText(list: number[]): string {
  const bytes = new Uint8Array(list);
  const whole = strictUtf8(bytes);
  if (whole !== null) return whole;
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const n = leadLength(bytes[i]!);
    const char = n > 0 && i + n <= bytes.length ? strictUtf8(bytes.subarray(i, i + n)) : null;
    if (char !== null) {
      out += char;
      i += n;
    } else {
      out += String.fromCharCode(0xdc00 + bytes[i]!);
      i++;
    }
  }
  return out;
}

export type QuoteMode = 'double' | 'bare' | 'bare-addslashes';

function decodeLiteral(text: string, mode: QuoteMode): string {
  if (mode === 'double') return decodeDouble(text);
  // Smarty wrapped the bare word as "..." after strtr(\ -> \\, " -> \") or addslashes():
  // PHP reads it back unchanged (addslashes' \' stays \'), but for its own interpolation of a
  // `$name` Smarty left alone: every backslash was doubled, so `\$name` is one too
  const read = text.indexOf('$') < 0 ? text : withPhpVariables(text);
  return mode === 'bare-addslashes' ? read.replace(/'/g, "\\'") : read;
}

/** `text` with PHP's interpolation of each `$name` in it (see phpVariableEnd) and nothing else */
function withPhpVariables(text: string): string {
  let out = '';
  let last = 0;
  for (let i = text.indexOf('$'); i >= 0; i = text.indexOf('$', i + 1)) {
    const end = phpVariableEnd(text, i);
    if (end === i) continue;
    out += text.slice(last, i) + phpVariableText(text, i, end);
    last = end;
    i = end - 1;
  }
  return out + text.slice(last);
}

/**
 * Interpolation scan over the string body [a, b). Returns a StringLit when no
 * variable is found, else an InterpString. `spanStart/spanEnd` cover the quotes.
 */
export function expandQuoted(
  ctx: Ctx,
  a: number,
  b: number,
  mode: QuoteMode,
  spanStart: number,
  spanEnd: number,
  parseVar: (ctx: Ctx, start: number, end: number) => Expr,
): StringLit | InterpString {
  const s = ctx.src;
  // Smarty finds the variables first (a `$` right after a backslash is not one), then replaces
  // every occurrence of each found text with strtr(), escaped ones included: `"\\$n $n"` prints
  // n twice. So: find the texts, then cut the string where any of them occurs, longest first.
  const keys = new Set<string>();
  for (let i = a; i < b; ) {
    const end = quotedVarEnd(s, a, b, i);
    if (end > i) {
      keys.add(s.slice(i, end));
      i = end;
    } else i++;
  }
  const parts: (string | Expr)[] = [];
  let lit = a;
  if (keys.size > 0) {
    // the keys by their `$name` (or `` `$name ``) head, longest first: each position looks up the
    // heads its own name starts with, never every key (a string of thousands of variables stays linear)
    const byHead = new Map<string, string[]>();
    for (const k of keys) {
      const head = k.slice(0, nameEnd(k, 0, k.length));
      const list = byHead.get(head);
      if (list) list.push(k);
      else byHead.set(head, [k]);
    }
    for (const list of byHead.values()) list.sort((x, y) => y.length - x.length);
    for (let i = a; i < b; ) {
      let key: string | undefined;
      const end = nameEnd(s, i, b);
      // strtr takes the longest key that starts here: `$n` matches inside `$name` when only `$n` is one
      for (let e = end; e > i && key === undefined; e--) {
        key = byHead.get(s.slice(i, e))?.find((k) => s.startsWith(k, i));
      }
      if (key === undefined || i + key.length > b) {
        i++;
        continue;
      }
      if (i > lit) parts.push(decodeLiteral(s.slice(lit, i), mode));
      const backtick = key.charCodeAt(0) === 96;
      parts.push(parseVar(ctx, backtick ? i + 1 : i, backtick ? i + key.length - 1 : i + key.length));
      i += key.length;
      lit = i;
    }
  }
  const sp = { start: spanStart, end: spanEnd };
  if (parts.length === 0) {
    return {
      type: 'String',
      value: decodeLiteral(s.slice(a, b), mode),
      quote: mode === 'double' ? 'double' : 'bare',
      span: sp,
    };
  }
  if (lit < b) parts.push(decodeLiteral(s.slice(lit, b), mode));
  return { type: 'Interp', parts: mergeStrings(parts), span: sp };
}

/** the end of the `$name` (or `` `$name ``) at `i`, or `i` when none starts there */
function nameEnd(s: string, i: number, b: number): number {
  const c = s.charCodeAt(i);
  const head = c === 36 ? 1 : c === 96 && s.charCodeAt(i + 1) === 36 ? 2 : 0;
  if (head === 0) return i;
  let j = i + head;
  while (j < b && isWord(s.charCodeAt(j))) j++;
  return j;
}

/**
 * The end of the variable Smarty's regex finds at `i` in a quoted string [a, b), or `i`: a
 * `` `$var.x` `` form, or `$name` not right after a backslash, with `[word]` suffixes.
 */
function quotedVarEnd(s: string, a: number, b: number, i: number): number {
  const c = s.charCodeAt(i);
  if (c === 96 && s.charCodeAt(i + 1) === 36) {
    const v = scanVarToken(s, i + 1, b);
    const ve = v && v.params === null ? v.end : -1;
    return ve > 0 && ve < b && s.charCodeAt(ve) === 96 ? ve + 1 : i;
  }
  if (c !== 36 || (i > a && s.charCodeAt(i - 1) === 92)) return i;
  let j = nameEnd(s, i, b);
  if (j === i + 1) return i;
  // (\[[a-zA-Z0-9]+\])*
  for (;;) {
    if (s.charCodeAt(j) !== 91) break;
    let k = j + 1;
    while (k < b && isAlnum(s.charCodeAt(k))) k++;
    if (k === j + 1 || k >= b || s.charCodeAt(k) !== 93) break;
    j = k + 1;
  }
  return j;
}

function mergeStrings(parts: (string | Expr)[]): (string | Expr)[] {
  const out: (string | Expr)[] = [];
  for (const p of parts) {
    if (typeof p === 'string') {
      if (p === '') continue;
      const last = out[out.length - 1];
      if (typeof last === 'string') out[out.length - 1] = last + p;
      else out.push(p);
    } else out.push(p);
  }
  return out;
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** A quoted string token [start, end) (quotes included) to an expression. */
export function quotedToExpr(
  ctx: Ctx,
  start: number,
  end: number,
  parseVar: (ctx: Ctx, start: number, end: number) => Expr,
): StringLit | InterpString {
  tok(ctx, 'string', start, end);
  const s = ctx.src;
  if (s.charCodeAt(start) === 39) {
    return {
      type: 'String',
      value: decodeSingle(s.slice(start + 1, end - 1)),
      quote: 'single',
      span: { start, end },
    };
  }
  // variables inside a string are part of the one string token; don't record their tokens
  const saved = ctx.tokens;
  ctx.tokens = null;
  try {
    return expandQuoted(ctx, start + 1, end - 1, 'double', start, end, parseVar);
  } finally {
    ctx.tokens = saved;
  }
}
