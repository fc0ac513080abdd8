/**
 * PHP 8 numeric strings (`_is_numeric_string_ex`): optional leading and
 * trailing whitespace (" \t\n\r\v\f"), optional sign, decimal digits with an
 * optional fraction and exponent. No hex, no "inf"/"nan". A string whose
 * beginning is numeric but which goes on with other characters is
 * "leading-numeric" ("5 apples").
 */
import { makeFloat, makeInt, type Num } from './value';

/** Extra results of the last `scanNumber` call (avoids allocating a result object). */
export const numScan = {
  /** the string was leading-numeric: characters other than whitespace followed the number */
  trailing: false,
  /** an integer string beyond int64 was read as a float: 1 (positive) / -1 (negative), else 0 */
  overflow: 0,
};

function isWs(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

const INT64_MIN_DIGITS = '9223372036854775808';

/**
 * Reads the number in `s`. Returns the int or float, or null when `s` is not
 * numeric. With `allowErrors`, a leading-numeric string gives its number and sets
 * `numScan.trailing`; without it, such a string gives null.
 */
export function scanNumber(s: string, allowErrors: boolean): Num | null {
  const len = s.length;
  numScan.trailing = false;
  numScan.overflow = 0;
  let i = 0;
  while (i < len && isWs(s.charCodeAt(i))) i++;
  const start = i;
  let c = s.charCodeAt(i);
  if (c === 45 || c === 43) {
    i++;
    c = s.charCodeAt(i);
  }
  let isFloat = false;
  let end: number;
  let sigDigits = 0;
  let sigStart = i;
  if (isDigit(c)) {
    let j = i;
    while (s.charCodeAt(j) === 48) j++;
    sigStart = j;
    while (isDigit(s.charCodeAt(j))) j++;
    sigDigits = j - sigStart;
    end = j;
    c = s.charCodeAt(j);
    if (c === 46) {
      isFloat = true;
      j++;
      while (isDigit(s.charCodeAt(j))) j++;
      end = j;
      c = s.charCodeAt(j);
    }
    if (c === 101 || c === 69) {
      const k = exponentEnd(s, j + 1);
      if (k !== -1) {
        isFloat = true;
        end = k;
      }
    }
  } else if (c === 46 && isDigit(s.charCodeAt(i + 1))) {
    isFloat = true;
    let j = i + 1;
    while (isDigit(s.charCodeAt(j))) j++;
    end = j;
    c = s.charCodeAt(j);
    if (c === 101 || c === 69) {
      const k = exponentEnd(s, j + 1);
      if (k !== -1) end = k;
    }
  } else {
    return null;
  }
  if (end !== len) {
    let k = end;
    while (k < len && isWs(s.charCodeAt(k))) k++;
    if (k !== len) {
      if (!allowErrors) return null;
      numScan.trailing = true;
    }
  }
  const text = start === 0 && end === len ? s : s.slice(start, end);
  if (isFloat) return makeFloat(Number(text));
  if (sigDigits <= 15) return Number(text) + 0;
  const neg = s.charCodeAt(start) === 45;
  if (sigDigits > 19 || (sigDigits === 19 && beyondInt64(s.slice(sigStart, sigStart + 19), neg))) {
    numScan.overflow = neg ? -1 : 1;
    return makeFloat(Number(text));
  }
  return makeInt(BigInt(text.charCodeAt(0) === 43 ? text.slice(1) : text));
}

/** The end of the exponent digits after an `e`/`E` at `k - 1` (optional sign), or -1 when there are none. */
function exponentEnd(s: string, k: number): number {
  const sc = s.charCodeAt(k);
  if (sc === 45 || sc === 43) k++;
  if (!isDigit(s.charCodeAt(k))) return -1;
  while (isDigit(s.charCodeAt(k))) k++;
  return k;
}

/** 19 decimal digits (no sign): is the int they spell, negated when `neg`, outside int64? */
export function beyondInt64(digits19: string, neg: boolean): boolean {
  return !(digits19 < INT64_MIN_DIGITS || (digits19 === INT64_MIN_DIGITS && neg));
}

/** PHP 8 `is_numeric()` for strings: whitespace allowed on both sides. */
export function isNumericString(s: string): boolean {
  return scanNumber(s, false) !== null;
}

const INT_LITERAL =
  /^(?:0[xX]([0-9a-fA-F]+(?:_[0-9a-fA-F]+)*)|0[bB]([01]+(?:_[01]+)*)|0[oO]([0-7]+(?:_[0-7]+)*)|([0-9]+(?:_[0-9]+)*)([eE][0-9]+(?:_[0-9]+)*)?)$/;

/**
 * A PHP source number literal made of word characters only (what `$smarty.const.NAME` with a
 * digit first compiles to): `5`, `0x1A`, `0b11`, `017` and `0o17` (octal), `1_000`, `1e3`. An int
 * beyond int64 is a float, as PHP's lexer has it. Null when PHP cannot compile the text (`1x`,
 * `08`, `1_`).
 */
export function phpNumberLiteral(text: string): Num | null {
  const m = INT_LITERAL.exec(text);
  if (m === null) return null;
  const [, hex, bin, oct, dec, exp] = m;
  if (exp !== undefined) return makeFloat(Number((dec! + exp).replaceAll('_', '')));
  let big: bigint;
  if (hex !== undefined) big = BigInt(`0x${hex.replaceAll('_', '')}`);
  else if (bin !== undefined) big = BigInt(`0b${bin.replaceAll('_', '')}`);
  else if (oct !== undefined) big = BigInt(`0o${oct.replaceAll('_', '')}`);
  else {
    const digits = dec!.replaceAll('_', '');
    // a leading 0 makes an octal literal; 8 and 9 are then "Invalid numeric literal"
    if (digits.length > 1 && digits.charCodeAt(0) === 48) {
      if (!/^[0-7]+$/.test(digits)) return null;
      big = BigInt(`0o${digits}`);
    } else big = BigInt(digits);
  }
  if (big > 9223372036854775807n) return makeFloat(Number(big));
  return makeInt(big);
}
