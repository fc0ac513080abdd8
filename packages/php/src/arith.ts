/**
 * PHP 8.2 arithmetic and bitwise operators with int/float typing:
 * int op int stays int unless it overflows int64 (then float), `/` gives an int
 * when exact, `%` works on ints (truncating toward zero), division and modulo
 * by zero throw DivisionByZeroError, arrays/objects/non-numeric strings throw
 * TypeError, leading-numeric strings warn "A non-numeric value encountered".
 *
 * Fast paths: two safe-int numbers never allocate.
 */
import { copyValue, PhpArray } from './array';
import { errorTypeName, toOperand } from './convert';
import { PhpError, type WarnFn } from './errors';
import { floatToIntBig, floatToIntCap } from './key';
import { isNumericString } from './numeric';
import { PhpObject } from './object';
import {
  floatValue,
  INT64_MAX,
  INT64_MIN,
  isInt,
  makeFloat,
  makeInt,
  type Num,
  PhpFloat,
  type Value,
} from './value';

/** An int operand for % and bitwise operators (floats truncated; numeric strings saturate). */
function intOperand(
  v: Value | undefined,
  a: Value | undefined,
  b: Value | undefined,
  op: string,
  warn?: WarnFn,
): number | bigint {
  const n = toOperand(v, a, b, op, warn);
  if (typeof n === 'bigint') return n;
  if (typeof n === 'number') {
    if (Number.isSafeInteger(n)) return n + 0;
    return typeof v === 'string' ? floatToIntCap(n) : floatToIntBig(n);
  }
  return n.value + 0;
}

function big(n: number | bigint): bigint {
  return typeof n === 'bigint' ? n : BigInt(n);
}

/** int result of an exact bigint computation; beyond int64 PHP redoes it in floats (`fallback`). */
function intOrFloat(r: bigint, fallback: number): Num {
  if (r > INT64_MAX || r < INT64_MIN) return makeFloat(fallback);
  return makeInt(r);
}

function addNum(x: Num, y: Num): Num {
  if (isInt(x) && isInt(y)) {
    if (typeof x === 'number' && typeof y === 'number') {
      const r = x + y;
      if (Number.isSafeInteger(r)) return r;
    }
    return intOrFloat(big(x) + big(y), floatValue(x) + floatValue(y));
  }
  return makeFloat(floatValue(x) + floatValue(y));
}

function subNum(x: Num, y: Num): Num {
  if (isInt(x) && isInt(y)) {
    if (typeof x === 'number' && typeof y === 'number') {
      const r = x - y;
      if (Number.isSafeInteger(r)) return r + 0;
    }
    return intOrFloat(big(x) - big(y), floatValue(x) - floatValue(y));
  }
  return makeFloat(floatValue(x) - floatValue(y));
}

function mulNum(x: Num, y: Num): Num {
  if (isInt(x) && isInt(y)) {
    if (typeof x === 'number' && typeof y === 'number') {
      const r = x * y;
      if (Number.isSafeInteger(r)) return r + 0;
    }
    return intOrFloat(big(x) * big(y), floatValue(x) * floatValue(y));
  }
  return makeFloat(floatValue(x) * floatValue(y));
}

function divNum(x: Num, y: Num): Num {
  const yf = floatValue(y);
  if (yf === 0) throw new PhpError('DivisionByZeroError', 'Division by zero');
  if (isInt(x) && isInt(y)) {
    if (typeof x === 'number' && typeof y === 'number') {
      if (x % y === 0) return x / y + 0;
      return x / y;
    }
    const bx = big(x);
    const by = big(y);
    if (bx % by === 0n && !(bx === INT64_MIN && by === -1n)) return makeInt(bx / by);
    return makeFloat(Number(bx) / Number(by));
  }
  return makeFloat(floatValue(x) / yf);
}

/** `a + b` (two arrays: union, left keys win). */
export function add(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  if (typeof a === 'number' && typeof b === 'number' && isInt(a) && isInt(b)) {
    const r = a + b;
    if (Number.isSafeInteger(r)) return r;
  }
  if (a instanceof PhpArray && b instanceof PhpArray) return arrayUnion(a, b);
  return addNum(toOperand(a, a, b, '+', warn), toOperand(b, a, b, '+', warn));
}

/** `a - b` */
export function sub(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  if (typeof a === 'number' && typeof b === 'number' && isInt(a) && isInt(b)) {
    const r = a - b;
    if (Number.isSafeInteger(r)) return r + 0;
  }
  return subNum(toOperand(a, a, b, '-', warn), toOperand(b, a, b, '-', warn));
}

/** `a * b` */
export function mul(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  if (typeof a === 'number' && typeof b === 'number' && isInt(a) && isInt(b)) {
    const r = a * b;
    if (Number.isSafeInteger(r)) return r + 0;
  }
  return mulNum(toOperand(a, a, b, '*', warn), toOperand(b, a, b, '*', warn));
}

/**
 * `++$v` (PHP 8.2): null becomes 1, a bool stays, a number or numeric string is `$v + 1`, the empty
 * string is "1", and any other string is incremented as Perl does ("az" → "ba", "Zz" → "AAa", "a9"
 * → "b0"), from its end up to the first character that is not an ASCII letter or digit (none: the
 * string is kept). An array or object is PHP's TypeError.
 */
export function increment(v: Value): Value {
  if (v === null) return 1;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    if (v === '') return '1';
    if (!isNumericString(v)) return incrementString(v);
  } else if (v instanceof PhpArray || v instanceof PhpObject) {
    throw new PhpError('TypeError', `Cannot increment ${errorTypeName(v)}`);
  }
  return add(v, 1);
}

/**
 * `--$v` (PHP 8.2): null and bools stay, a number or numeric string is `$v - 1`, the empty string is
 * -1, and any other string is kept. An array or object is PHP's TypeError.
 */
export function decrement(v: Value): Value {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    if (v === '') return -1;
    if (!isNumericString(v)) return v;
  } else if (v instanceof PhpArray || v instanceof PhpObject) {
    throw new PhpError('TypeError', `Cannot decrement ${errorTypeName(v)}`);
  }
  return sub(v, 1);
}

/** zend's increment_string: the Perl-style increment of a string that is not numeric */
function incrementString(s: string): string {
  const chars = s.split('');
  let first = '';
  for (let pos = chars.length - 1; pos >= 0; pos--) {
    const c = chars[pos]!;
    const wrap = c === 'z' ? 'a' : c === 'Z' ? 'A' : c === '9' ? '0' : null;
    if (wrap === null) {
      const code = c.charCodeAt(0);
      const alnum = (code >= 97 && code < 122) || (code >= 65 && code < 90) || (code >= 48 && code < 57);
      // a character that is no ASCII letter or digit ends the increment there (the string may be kept)
      if (alnum) chars[pos] = String.fromCharCode(code + 1);
      return chars.join('');
    }
    // a carry: the character wraps, the one before it goes up; past the first, one is added in front
    chars[pos] = wrap;
    first = wrap === 'a' ? 'a' : wrap === 'A' ? 'A' : '1';
  }
  return first + chars.join('');
}

/** `a / b`: int when both are ints and the division is exact, else float. */
export function div(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  return divNum(toOperand(a, a, b, '/', warn), toOperand(b, a, b, '/', warn));
}

/** `a % b`: both operands as ints, result has the dividend's sign. */
export function mod(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  const x = intOperand(a, a, b, '%', warn);
  const y = intOperand(b, a, b, '%', warn);
  if (y === 0) throw new PhpError('DivisionByZeroError', 'Modulo by zero');
  if (y === -1) return 0;
  if (typeof x === 'number' && typeof y === 'number') return (x % y) + 0;
  return makeInt(big(x) % big(y));
}

/** Unary minus (PHP compiles `-$a` as `$a * -1`). */
export function neg(a: Value | undefined, warn?: WarnFn): Value {
  if (typeof a === 'number' && isInt(a)) return a === 0 ? 0 : -a;
  return mul(a, -1, warn);
}

/** Unary plus (`$a * 1`): the number a value stands for. */
export function pos(a: Value | undefined, warn?: WarnFn): Value {
  return mul(a, 1, warn);
}

/** `a ** b` / pow(): int when both are ints, the exponent is ≥ 0 and no step overflows (PHP's algorithm), else float. */
export function pow(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  const x = toOperand(a, a, b, '**', warn);
  const y = toOperand(b, a, b, '**', warn);
  if (isInt(x) && isInt(y) && big(y) >= 0n) {
    // pow_function_base: square-and-multiply, bailing out to floats on the first overflow
    let l1 = 1n;
    let l2 = big(x);
    let i = big(y);
    if (i === 0n) return 1;
    if (l2 === 0n) return 0;
    while (i >= 1n) {
      if (i % 2n !== 0n) {
        i--;
        const p = l1 * l2;
        if (p > INT64_MAX || p < INT64_MIN)
          return makeFloat(Number(l1) * Number(l2) * Number(l2) ** Number(i));
        l1 = p;
      } else {
        i /= 2n;
        const p = l2 * l2;
        if (p > INT64_MAX || p < INT64_MIN)
          return makeFloat(Number(l1) * (Number(l2) * Number(l2)) ** Number(i));
        l2 = p;
      }
    }
    return makeInt(l1);
  }
  return makeFloat(floatValue(x) ** floatValue(y));
}

/** `a + b` on two arrays: keys of `a`, then keys of `b` not in `a`. */
export function arrayUnion(a: PhpArray, b: PhpArray): PhpArray {
  const out = a.clone();
  const n = b.size;
  for (let i = 0; i < n; i++) {
    const k = b.keyAt(i);
    if (!out.has(k)) out.set(k, copyValue(b.peekAt(i)));
  }
  return out;
}

// ---- bitwise --------------------------------------------------------------

function isInt32(n: number | bigint): n is number {
  return typeof n === 'number' && (n | 0) === n;
}

function bytes(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

function fromBytes(b: Uint8Array): string {
  return new TextDecoder().decode(b);
}

/** String op string: byte by byte, like PHP (result is decoded as UTF-8, invalid sequences become U+FFFD). */
function stringBitwise(a: string, b: string, op: '&' | '|' | '^'): string {
  const x = bytes(a);
  const y = bytes(b);
  const long = x.length >= y.length ? x : y;
  const short = long === x ? y : x;
  const n = op === '|' ? long.length : short.length;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (i >= short.length) out[i] = long[i];
    else if (op === '&') out[i] = x[i] & y[i];
    else if (op === '|') out[i] = x[i] | y[i];
    else out[i] = x[i] ^ y[i];
  }
  return fromBytes(out);
}

function bitwise(a: Value | undefined, b: Value | undefined, op: '&' | '|' | '^', warn?: WarnFn): Value {
  if (typeof a === 'string' && typeof b === 'string') return stringBitwise(a, b, op);
  const x = intOperand(a, a, b, op, warn);
  const y = intOperand(b, a, b, op, warn);
  if (isInt32(x) && isInt32(y)) return op === '&' ? x & y : op === '|' ? x | y : x ^ y;
  const bx = big(x);
  const by = big(y);
  const r = op === '&' ? bx & by : op === '|' ? bx | by : bx ^ by;
  return makeInt(BigInt.asIntN(64, r));
}

/** `a & b` */
export function bitAnd(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  return bitwise(a, b, '&', warn);
}

/** `a | b` */
export function bitOr(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  return bitwise(a, b, '|', warn);
}

/** `a ^ b` */
export function bitXor(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  return bitwise(a, b, '^', warn);
}

/** `~a`: ints and floats (truncated); strings byte by byte; anything else is a TypeError. */
export function bitNot(a: Value | undefined): Value {
  if (typeof a === 'number') {
    const x = Number.isSafeInteger(a) ? a + 0 : floatToIntBig(a);
    if (isInt32(x)) return ~x;
    return makeInt(BigInt.asIntN(64, ~big(x)));
  }
  if (typeof a === 'bigint') return makeInt(BigInt.asIntN(64, ~a));
  if (a instanceof PhpFloat) return bitNot(a.value);
  if (typeof a === 'string') {
    const x = bytes(a);
    for (let i = 0; i < x.length; i++) x[i] = ~x[i] & 0xff;
    return fromBytes(x);
  }
  throw new PhpError('TypeError', `Cannot perform bitwise not on ${errorTypeName(a)}`);
}

/** `a << b` */
export function shiftLeft(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  const x = intOperand(a, a, b, '<<', warn);
  const y = intOperand(b, a, b, '<<', warn);
  const s = big(y);
  if (s < 0n) throw new PhpError('ArithmeticError', 'Bit shift by negative number');
  if (s >= 64n) return 0;
  return makeInt(BigInt.asIntN(64, big(x) << s));
}

/** `a >> b` (arithmetic shift) */
export function shiftRight(a: Value | undefined, b: Value | undefined, warn?: WarnFn): Value {
  const x = intOperand(a, a, b, '>>', warn);
  const y = intOperand(b, a, b, '>>', warn);
  const s = big(y);
  if (s < 0n) throw new PhpError('ArithmeticError', 'Bit shift by negative number');
  if (s >= 64n) return big(x) < 0n ? -1 : 0;
  if (isInt32(x) && s < 32n) return x >> Number(s);
  return makeInt(big(x) >> s);
}
