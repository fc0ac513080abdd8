/**
 * PHP 8.2's sprintf() (ext/standard/formatted_print.c), quirks included:
 * - widths and precisions count bytes (UTF-8), `%.3s` may cut a character
 *   (the cut bytes show as U+FFFD);
 * - `%e` exponents have no zero padding (`1.234500e+3`);
 * - `%f`/`%e`/`%g` round the exact binary value half-to-even
 *   (sprintf('%.2f', 1.005) is "1.00", sprintf('%.2f', 3.125) is "3.12"); only
 *   round() and number_format() pre-round;
 * - integers cannot be zero-padded on the right (`%-05d` pads with spaces),
 *   floats and strings can;
 * - a precision on %b %o %x %X prints nothing but the padding;
 * - `%u` and `%b %o %x %X` see negative ints as 64-bit two's complement.
 */
import { fromBytes, toBytes } from '../binary-string';
import { toFloat, toInt, toStr } from '../convert';
import { PhpError } from '../errors';
import { allowString, StringBuilder } from '../host';
import { byteLength, type Value } from '../value';
import { significantDigits, toFixedExact } from './digits';

const INT_MAX = 2147483647;
const FLOAT_PRECISION = 6;
const MAX_FLOAT_PRECISION = 53;
const ARG_NEXT = -1;

/** The first `n` bytes of `s` (the bytes of a cut character are kept as escaped bytes) */
function cutBytes(s: string, n: number): string {
  if (n >= s.length * 3 || n >= byteLength(s)) return s;
  return fromBytes(toBytes(s).subarray(0, n));
}

function valueError(message: string): PhpError {
  return new PhpError('ValueError', message);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isAlpha(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/** php_sprintf_appendstring */
function appendString(
  add: string,
  minWidth: number,
  maxWidth: number,
  padding: string,
  left: boolean,
  neg: boolean,
  expprec: boolean,
  alwaysSign: boolean,
): string {
  // no width and no precision: the text as it is (a sign and '0' padding only move within it)
  if (minWidth === 0 && !expprec) return add;
  const len = byteLength(add);
  let copyLen = expprec ? Math.min(maxWidth, len) : len;
  const npad = minWidth < copyLen ? 0 : minWidth - copyLen;
  // a width such as `%099999999d` asks for that much padding: checked before it is built
  allowString(npad + Math.min(copyLen, add.length));
  let out = '';
  let s = add;
  if (!left) {
    if ((neg || alwaysSign) && padding === '0') {
      out += neg ? '-' : '+';
      s = s.slice(1);
      copyLen--;
    }
    out += padding.repeat(npad);
  }
  out += cutBytes(s, copyLen);
  if (left) out += padding.repeat(npad);
  return out;
}

function asBig(n: number | bigint): bigint {
  return typeof n === 'bigint' ? n : BigInt(n);
}

/** php_sprintf_appendint */
function appendInt(
  n: number | bigint,
  width: number,
  padding: string,
  left: boolean,
  alwaysSign: boolean,
): string {
  const b = asBig(n);
  const neg = b < 0n;
  const digits = (neg ? -b : b).toString();
  const pad = left && padding === '0' ? ' ' : padding; // "Can't right-pad 0's on integers"
  const s = (neg ? '-' : alwaysSign ? '+' : '') + digits;
  return appendString(s, width, 0, pad, left, neg, false, alwaysSign);
}

/** php_sprintf_appenduint */
function appendUint(n: number | bigint, width: number, padding: string, left: boolean): string {
  const digits = BigInt.asUintN(64, asBig(n)).toString();
  const pad = left && padding === '0' ? ' ' : padding;
  return appendString(digits, width, 0, pad, left, false, false, false);
}

/** php_sprintf_append2n */
function append2n(
  n: number | bigint,
  width: number,
  padding: string,
  left: boolean,
  radix: number,
  upper: boolean,
  expprec: boolean,
): string {
  let s = BigInt.asUintN(64, asBig(n)).toString(radix);
  if (upper) s = s.toUpperCase();
  return appendString(s, width, 0, padding, left, false, expprec, false);
}

/** php_conv_fp 'e'/'E' for a finite number: mantissa digits, no sign. */
function convExp(x: number, precision: number, expChar: string): string {
  const { digits, decpt } = significantDigits(x, precision + 1);
  const exp = x === 0 ? 0 : decpt - 1;
  let out = digits[0];
  if (precision > 0) out += '.' + digits.slice(1);
  out += expChar + (exp < 0 ? '-' : '+') + Math.abs(exp);
  return out;
}

/** zend_gcvt (%g %G %h %H) for a finite number, sign included; precision -1: shortest round-trip digits. */
function gcvt(x: number, precisionIn: number, expChar: string): string {
  const neg = x < 0 || Object.is(x, -0);
  let precision = precisionIn;
  let digits: string;
  let decpt: number;
  if (x === 0) {
    digits = '0';
    decpt = 1;
    if (precision < 0) precision = 17;
  } else if (precision < 0) {
    // zend_dtoa mode 0, and the exponent threshold of 17 digits
    precision = 17;
    const e = Math.abs(x).toExponential();
    const at = e.indexOf('e');
    digits = (e[0] + e.slice(2, at)).replace(/0+$/, '') || '0';
    decpt = Number(e.slice(at + 1)) + 1;
  } else {
    const r = significantDigits(x, precision);
    digits = r.digits.replace(/0+$/, '') || '0';
    decpt = r.decpt;
  }
  let out = neg ? '-' : '';
  if ((decpt >= 0 && decpt > precision) || decpt < -3) {
    let e = decpt - 1;
    const esign = e < 0 ? '-' : '+';
    if (e < 0) e = -e;
    out += digits[0] + '.' + (digits.length > 1 ? digits.slice(1) : '0') + expChar + esign + e;
    return out;
  }
  if (decpt < 0) return out + '0.' + '0'.repeat(-decpt) + digits;
  let s = '';
  for (let i = 0; i < decpt; i++) s += i < digits.length ? digits[i] : '0';
  if (digits.length > decpt) s = (decpt === 0 ? '0' : s) + '.' + digits.slice(decpt);
  return out + s;
}

/** php_sprintf_appenddouble */
function appendDouble(
  x: number,
  width: number,
  padding: string,
  left: boolean,
  precisionIn: number,
  hasPrecision: boolean,
  fmt: string,
  alwaysSign: boolean,
): string {
  let precision = precisionIn;
  if (!hasPrecision) precision = FLOAT_PRECISION;
  else if (precision > MAX_FLOAT_PRECISION) precision = MAX_FLOAT_PRECISION; // PHP also emits a notice
  if (Number.isNaN(x)) return appendString('NaN', 3, 0, padding, left, false, false, alwaysSign);
  if (!Number.isFinite(x)) return appendString('INF', 3, 0, padding, left, x < 0, false, alwaysSign);
  let s: string;
  let neg: boolean;
  switch (fmt) {
    case 'e':
    case 'E':
    case 'f':
    case 'F': {
      if (fmt === 'f' || fmt === 'F') {
        s = toFixedExact(x, precision);
        // -0.0001 with %.2f prints "-0.00"; -0.0 prints "0.00" (zend_dtoa is not called for zero)
        neg = x < 0;
      } else {
        s = convExp(Math.abs(x), precision, fmt);
        neg = x < 0;
      }
      if (neg) s = '-' + s;
      else if (alwaysSign) s = '+' + s;
      break;
    }
    default: {
      if (precision === 0) precision = 1;
      s = gcvt(x, precision, fmt === 'G' || fmt === 'H' ? 'E' : 'e');
      neg = s[0] === '-';
      if (!neg && alwaysSign) s = '+' + s;
    }
  }
  return appendString(s, width, 0, padding, left, neg, false, alwaysSign);
}

/** An argument used as a `*` width or precision: PHP requires an int. */
function intArg(v: Value): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'bigint') return Number(v);
  return null;
}

/** One conversion of an argument (every specifier but %c, which the caller handles for its raw byte). */
function formatArg(
  spec: string | undefined,
  arg: Value,
  width: number,
  precision: number,
  padding: string,
  left: boolean,
  alwaysSign: boolean,
  expprec: boolean,
): string {
  switch (spec) {
    case 's':
      return appendString(toStr(arg), width, precision, padding, left, false, expprec, false);
    case 'd':
      return appendInt(toInt(arg), width, padding, left, alwaysSign);
    case 'u':
      return appendUint(toInt(arg), width, padding, left);
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'h':
    case 'H':
      // a precision given (expprec) replaces the default of 6
      return appendDouble(toFloat(arg), width, padding, left, precision, expprec, spec, alwaysSign);
    case 'o':
      return append2n(toInt(arg), width, padding, left, 8, false, expprec);
    case 'x':
      return append2n(toInt(arg), width, padding, left, 16, false, expprec);
    case 'X':
      return append2n(toInt(arg), width, padding, left, 16, true, expprec);
    case 'b':
      return append2n(toInt(arg), width, padding, left, 2, false, expprec);
    case '%':
      return '%';
    case undefined:
      throw valueError('Missing format specifier at end of string');
    default:
      throw valueError(`Unknown format specifier "${spec}"`);
  }
}

/**
 * A format parsed once: its literal text and its conversions, for the formats that need nothing
 * but flags, a width, a precision and a specifier per conversion (nearly all). Anything else (`*`,
 * `%1$s`, `'x` padding, `%c`, a format that fails) is left to the interpreter below, which stays
 * the one definition of what sprintf does; this is only its result for the common formats, read
 * from the same functions.
 */
interface Conversion {
  spec: string;
  width: number;
  precision: number;
  padding: string;
  left: boolean;
  alwaysSign: boolean;
  expprec: boolean;
}
type Compiled = { parts: (string | Conversion)[]; argsNeeded: number };

const COMPILED = new Map<string, Compiled | null>();
/** formats come from templates: a bounded number, but a template may build them */
const MAX_COMPILED = 512;
const SIMPLE_SPECS = 'sduxXobeEfFgGhH';

function compileFormat(format: string): Compiled | null {
  const parts: (string | Conversion)[] = [];
  let argsNeeded = 0;
  let i = 0;
  let text = '';
  const n = format.length;
  while (i < n) {
    const pct = format.indexOf('%', i);
    if (pct < 0) {
      text += format.slice(i);
      break;
    }
    text += format.slice(i, pct);
    i = pct + 1;
    if (format[i] === '%') {
      text += '%';
      i++;
      continue;
    }
    let padding = ' ';
    let left = false;
    let alwaysSign = false;
    for (; ; i++) {
      const c = format[i];
      if (c === ' ' || c === '0') padding = c;
      else if (c === '-') left = true;
      else if (c === '+') alwaysSign = true;
      else break;
    }
    let width = 0;
    const w0 = i;
    while (isDigit(format[i])) i++;
    if (format[i] === '$') return null; // a position
    if (i - w0 > 9) return null; // a width the interpreter refuses or caps
    if (i > w0) width = Number(format.slice(w0, i));
    let precision = 0;
    let expprec = false;
    if (format[i] === '.') {
      i++;
      const p0 = i;
      while (isDigit(format[i])) i++;
      if (i - p0 > 9) return null;
      if (i > p0) {
        precision = Number(format.slice(p0, i));
        expprec = true;
      }
    }
    if (format[i] === 'l') i++;
    const spec = format[i];
    if (spec === undefined || !SIMPLE_SPECS.includes(spec)) return null;
    i++;
    if (text !== '') parts.push(text);
    text = '';
    parts.push({ spec, width, precision, padding, left, alwaysSign, expprec });
    argsNeeded++;
  }
  if (text !== '') parts.push(text);
  return { parts, argsNeeded };
}

function compiledFormat(format: string): Compiled | null {
  let c = COMPILED.get(format);
  if (c === undefined) {
    c = compileFormat(format);
    if (COMPILED.size >= MAX_COMPILED) COMPILED.clear();
    COMPILED.set(format, c);
  }
  return c;
}

/**
 * sprintf($format, ...$args). Throws PhpError: 'ValueError' for a bad format,
 * 'Error' with PHP's ArgumentCountError message ("3 arguments are required, 2 given")
 * when arguments are missing.
 */
export function sprintf(format: string, args: readonly Value[]): string {
  const compiled = compiledFormat(format);
  if (compiled !== null && compiled.argsNeeded <= args.length) return runCompiled(compiled.parts, args);
  return interpretFormat(format, args);
}

/**
 * `sprintf(format, [value])` as a function of the value, the format read now: for a format given as
 * a literal (`|string_format:"%.2f"`), whose reading is then not repeated per call. Null when the
 * format is not one the compiled path takes (see compileFormat) or does not use exactly one value.
 */
export function sprintfOne(format: string): ((value: Value) => string) | null {
  const compiled = compileFormat(format);
  if (compiled === null || compiled.argsNeeded !== 1) return null;
  // compileFormat joins the text between conversions: the one conversion has at most one piece of
  // text on each side, and is called directly (no argument list, no loop)
  const parts = compiled.parts;
  const at = parts.findIndex((p) => typeof p !== 'string');
  const head = at > 0 ? (parts[0] as string) : '';
  const tail = at < parts.length - 1 ? (parts[at + 1] as string) : '';
  const { spec, width, precision, padding, left, alwaysSign, expprec } = parts[at] as Conversion;
  return (value) => {
    const out = head + formatArg(spec, value, width, precision, padding, left, alwaysSign, expprec) + tail;
    allowString(out.length);
    return out;
  };
}

function runCompiled(parts: readonly (string | Conversion)[], args: readonly Value[]): string {
  if (parts.length === 1 && typeof parts[0] === 'string') return parts[0];
  // a few pieces (the format's own): joined as they come, the size checked as it grows
  let out = '';
  let arg = 0;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    if (typeof part === 'string') out += part;
    else {
      const { spec, width, precision, padding, left, alwaysSign, expprec } = part;
      out += formatArg(spec, args[arg++]!, width, precision, padding, left, alwaysSign, expprec);
    }
    allowString(out.length);
  }
  return out;
}

/** @internal sprintf read character by character: every format, and the definition the compiled ones follow */
export function interpretFormat(format: string, args: readonly Value[]): string {
  const argc = args.length;
  const n = format.length;
  // many short pieces (`%%` after `%%`) would make a rope of one node each: built in chunks, capped
  const out = new StringBuilder();
  let i = 0;
  let currarg = 0;
  let maxMissing = -1;
  /** a %c wrote a byte ≥ 0x80: bytes next to it may form UTF-8 characters */
  let rawBytes = false;

  /** "%N$": the 0-based argument number, ARG_NEXT when absent */
  const getArgnum = (): number => {
    let p = i;
    while (isDigit(format[p])) p++;
    if (format[p] !== '$' || p === i) return ARG_NEXT;
    const num = Number(format.slice(i, p));
    if (!(num > 0 && num < INT_MAX)) {
      throw valueError(`Argument number specifier must be greater than zero and less than ${INT_MAX}`);
    }
    i = p + 1;
    return num - 1;
  };
  const getNumber = (): number => {
    let p = i;
    while (isDigit(format[p])) p++;
    const num = Number(format.slice(i, p));
    i = p;
    return num >= INT_MAX ? -1 : num;
  };

  while (i < n) {
    const pct = format.indexOf('%', i);
    if (pct < 0) {
      out.add(format.slice(i));
      break;
    }
    out.add(format.slice(i, pct));
    i = pct + 1;
    if (format[i] === '%') {
      out.add('%');
      i++;
      continue;
    }
    let left = false;
    let padding = ' ';
    let alwaysSign = false;
    let expprec = false;
    let width = 0;
    let precision = 0;
    let argnum = ARG_NEXT;
    if (!isAlpha(format[i])) {
      argnum = getArgnum();
      for (; ; i++) {
        const c = format[i];
        if (c === ' ' || c === '0') padding = c;
        else if (c === '-') left = true;
        else if (c === '+') alwaysSign = true;
        else if (c === "'") {
          if (n - i > 1) {
            i++;
            padding = format[i];
            if (padding.charCodeAt(0) >= 0x80) {
              // PHP takes one byte; the next byte of the character is an unknown specifier
              throw valueError('Unknown format specifier "\uFFFD"');
            }
          } else {
            throw valueError('Missing padding character');
          }
        } else break;
      }
      if (format[i] === '*') {
        i++;
        let wa = getArgnum();
        if (wa === ARG_NEXT) wa = currarg++;
        if (wa >= argc) {
          maxMissing = Math.max(maxMissing, wa);
          continue;
        }
        const w = intArg(args[wa]);
        if (w === null) throw valueError('Width must be an integer');
        if (w < 0 || w > INT_MAX)
          throw valueError(`Width must be greater than zero and less than ${INT_MAX}`);
        width = w;
      } else if (isDigit(format[i])) {
        width = getNumber();
        if (width < 0) throw valueError(`Width must be greater than zero and less than ${INT_MAX}`);
      }
      if (format[i] === '.') {
        i++;
        if (format[i] === '*') {
          i++;
          let pa = getArgnum();
          if (pa === ARG_NEXT) pa = currarg++;
          if (pa >= argc) {
            maxMissing = Math.max(maxMissing, pa);
            continue;
          }
          const p = intArg(args[pa]);
          if (p === null) throw valueError('Precision must be an integer');
          if (p < -1 || p > INT_MAX) throw valueError(`Precision must be between -1 and ${INT_MAX}`);
          precision = p;
          expprec = true;
        } else if (isDigit(format[i])) {
          precision = getNumber();
          if (precision < 0) throw valueError(`Precision must be greater than zero and less than ${INT_MAX}`);
          expprec = true;
        }
      }
    }
    if (format[i] === 'l') i++;
    if (argnum === ARG_NEXT) argnum = currarg++;
    if (argnum >= argc) {
      maxMissing = Math.max(maxMissing, argnum);
      continue;
    }
    const spec = format[i];
    if (expprec && precision === -1 && spec !== 'g' && spec !== 'G' && spec !== 'h' && spec !== 'H') {
      throw valueError('Precision -1 is only supported for %g, %G, %h and %H');
    }
    if (spec === 'c') {
      const byte = Number(BigInt.asUintN(8, asBig(toInt(args[argnum]))));
      // a byte ≥ 0x80 is kept as the raw byte (an escaped byte, see binary-string.ts)
      if (byte >= 0x80) rawBytes = true;
      out.add(String.fromCharCode(byte < 0x80 ? byte : 0xdc00 + byte));
    } else {
      out.add(formatArg(spec, args[argnum], width, precision, padding, left, alwaysSign, expprec));
    }
    i++;
  }
  if (maxMissing >= 0) {
    // PHP: ArgumentCountError (the value model has no such kind: 'Error' with PHP's message)
    throw new PhpError('Error', `${maxMissing + 2} arguments are required, ${argc + 1} given`);
  }
  const result = out.toString();
  // re-read as bytes so that `%c%c` of 0xC3 0xA9 is "é", as its bytes are
  return rawBytes ? fromBytes(toBytes(result)) : result;
}
