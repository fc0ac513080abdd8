/**
 * Character classes and the small scanners that stand in for Smarty 2's regular
 * expressions (Smarty_Compiler's constructor). Each scanner works on `s` between
 * `i` and `end` and returns the end offset of its match, or -1.
 *
 * They are written by hand so that every one runs in linear time: Smarty's
 * `(?:NUM|MATHVAR)*` and friends backtrack exponentially in PCRE, but match the
 * same strings as the greedy character loops below.
 *
 * PCRE without the `u` flag: `\w` is [A-Za-z0-9_], `\s` is [ \t\n\v\f\r].
 */

export function isWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isAlpha(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

/** PCRE `\s` (no Unicode spaces). */
export function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** `\w*`: end of the word run starting at i (i itself when none). */
export function scanWord(s: string, i: number, end: number): number {
  while (i < end && isWord(s.charCodeAt(i))) i++;
  return i;
}

export function scanDigits(s: string, i: number, end: number): number {
  while (i < end && isDigit(s.charCodeAt(i))) i++;
  return i;
}

/** Smarty's `_num_const_regexp`: `\-?\d+(?:\.\d+)?` */
export function scanNum(s: string, i: number, end: number): number {
  let j = i;
  if (j < end && s.charCodeAt(j) === 45) j++;
  const d = scanDigits(s, j, end);
  if (d === j) return -1;
  j = d;
  if (j + 1 < end && s.charCodeAt(j) === 46 && isDigit(s.charCodeAt(j + 1))) j = scanDigits(s, j + 1, end);
  return j;
}

/** `"[^"\\]*(?:\\.[^"\\]*)*"` or the single-quoted twin; i must be at the quote. */
export function scanQstr(s: string, i: number, end: number): number {
  const q = s.charCodeAt(i);
  if (q !== 34 && q !== 39) return -1;
  for (let j = i + 1; j < end; j++) {
    const c = s.charCodeAt(j);
    if (c === 92) j++;
    else if (c === q) return j + 1;
  }
  return -1;
}

/** `[a-zA-Z_]\w*` */
export function scanFuncName(s: string, i: number, end: number): number {
  if (i >= end || !isAlpha(s.charCodeAt(i))) return -1;
  return scanWord(s, i + 1, end);
}

/** `\[\$?[\w\.]+\]` */
export function scanBracket(s: string, i: number, end: number): number {
  if (s.charCodeAt(i) !== 91) return -1;
  let j = i + 1;
  if (j < end && s.charCodeAt(j) === 36) j++;
  const k = j;
  while (j < end) {
    const c = s.charCodeAt(j);
    if (isWord(c) || c === 46) j++;
    else break;
  }
  if (j === k || j >= end || s.charCodeAt(j) !== 93) return -1;
  return j + 1;
}

/** Smarty's `_dvar_math_regexp`: `[+*\/%]` or `-` not followed by `>` */
export function isMathOpAt(s: string, i: number, end: number): boolean {
  if (i >= end) return false;
  const c = s.charCodeAt(i);
  if (c === 43 || c === 42 || c === 47 || c === 37) return true;
  return c === 45 && !(i + 1 < end && s.charCodeAt(i + 1) === 62);
}

/** Smarty's `_dvar_math_var_regexp`: `[\$\w\.\+\-\*\/\%\d\>\[\]]` */
export function isMathVarChar(c: number): boolean {
  return (
    isWord(c) ||
    c === 36 ||
    c === 46 ||
    c === 43 ||
    c === 45 ||
    c === 42 ||
    c === 47 ||
    c === 37 ||
    c === 62 ||
    c === 91 ||
    c === 93
  );
}

export interface VarScan {
  end: number;
  /** has `->`: Smarty's object-call form */
  obj: boolean;
  /** offset of the math operator that starts the math tail, or -1 */
  mathAt: number;
  /** `(`...`)` method-call parameters after an object member, or null */
  params: { start: number; end: number } | null;
}

const lastVarScan: VarScan = { end: 0, obj: false, mathAt: -1, params: null };

/**
 * A `$` variable token, Smarty's `_obj_call_regexp | _dvar_regexp`:
 * `$name`, then any of `[..]`, `.name`, `.$name`, `->name`, `->$name`, then
 * optional method parameters (object form only), then an optional math tail
 * (a math operator followed by math-var characters).
 *
 * The result object is reused by the next call (this runs for every variable of a
 * template): read what you need from it before scanning again.
 */
export function scanVarToken(s: string, i: number, end: number): VarScan | null {
  if (s.charCodeAt(i) !== 36) return null;
  let j = scanWord(s, i + 1, end);
  if (j === i + 1) return null;
  let obj = false;
  for (;;) {
    const c = s.charCodeAt(j);
    if (j >= end) break;
    if (c === 91) {
      const b = scanBracket(s, j, end);
      if (b < 0) break;
      j = b;
    } else if (c === 46) {
      let k = j + 1;
      if (k < end && s.charCodeAt(k) === 36) k++;
      const w = scanWord(s, k, end);
      if (w === k) break;
      j = w;
    } else if (c === 45 && j + 1 < end && s.charCodeAt(j + 1) === 62) {
      let k = j + 2;
      if (k < end && s.charCodeAt(k) === 36) k++;
      const w = scanWord(s, k, end);
      if (w === k) break;
      j = w;
      obj = true;
    } else break;
  }
  let params: VarScan['params'] = null;
  if (obj && j < end && s.charCodeAt(j) === 40) {
    const p = scanParens(s, j, end);
    if (p > 0) {
      params = { start: j, end: p };
      j = p;
    }
  }
  let mathAt = -1;
  if (isMathOpAt(s, j, end)) {
    mathAt = j;
    j++;
    while (j < end && isMathVarChar(s.charCodeAt(j))) j++;
  }
  const r = lastVarScan;
  r.end = j;
  r.obj = obj;
  r.mathAt = mathAt;
  r.params = params;
  return r;
}

/** A balanced `(`...`)` group, quotes respected; i must be at `(`. */
export function scanParens(s: string, i: number, end: number): number {
  let depth = 0;
  for (let j = i; j < end; j++) {
    const c = s.charCodeAt(j);
    if (c === 34 || c === 39) {
      const q = scanQstr(s, j, end);
      if (q < 0) return -1;
      j = q - 1;
    } else if (c === 40) depth++;
    else if (c === 41) {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

/** PHP's `is_numeric` for strings (PHP 8: leading and trailing whitespace allowed). */
export function isNumericString(text: string): boolean {
  return /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(text);
}

/** A canonical decimal integer string, as PHP converts array keys (`"1"` -> 1, `"01"` stays). */
export function isCanonicalIntKey(text: string): boolean {
  // most keys are names: no regex for them
  const c = text.charCodeAt(0);
  if (c !== 45 && !isDigit(c)) return false;
  if (!/^(?:0|-?[1-9]\d*)$/.test(text)) return false;
  const n = Number(text);
  return Number.isSafeInteger(n);
}
