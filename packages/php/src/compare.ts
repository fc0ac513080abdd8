/**
 * PHP 8 comparison (`zend_compare`, `zend_is_identical`):
 * - numeric strings compare numerically ("1" == "01", "10" == "1e1", " 1" == 1, "1 " == 1);
 * - a number against a non-numeric string compares the number as a string ("abc" == 0 is false);
 * - null against a string compares as "" (null == "0" is false); null/bool against anything else by truthiness;
 * - arrays: by size, then key by key (a key missing on the right: uncomparable, reported as 1);
 *   `==` means the same key/value pairs in any order, `===` the same pairs in the same order with identical values;
 * - arrays are greater than any scalar except null/bool.
 *
 * `gt(a, b)` is `lt(b, a)` and `ge(a, b)` is `le(b, a)`, as PHP compiles them
 * (this matters for NaN and uncomparable arrays).
 */
import { denseStore, PhpArray } from './array';
import { toBytes } from './binary-string';
import { toBool } from './convert';
import { numScan, scanNumber } from './numeric';
import { PhpObject } from './object';
import { floatToString } from './print';
import { floatValue, isInt, type Num, PhpFloat, type Value } from './value';

const K_NULL = 0;
const K_BOOL = 1;
const K_INT = 2;
const K_FLOAT = 3;
const K_STRING = 4;
const K_ARRAY = 5;
const K_OBJECT = 6;

function kind(v: Value | undefined): number {
  switch (typeof v) {
    case 'number':
      return isInt(v) ? K_INT : K_FLOAT;
    case 'string':
      return K_STRING;
    case 'boolean':
      return K_BOOL;
    case 'bigint':
      return K_INT;
    case 'undefined':
      return K_NULL;
  }
  if (v === null) return K_NULL;
  if (v instanceof PhpFloat) return K_FLOAT;
  if (v instanceof PhpArray) return K_ARRAY;
  return K_OBJECT;
}

function threeway(x: number, y: number): number {
  return x === y ? 0 : x < y ? -1 : 1;
}

/** Two ints (number or bigint) compared exactly. */
function compareInts(x: number | bigint, y: number | bigint): number {
  if (typeof x === 'number' && typeof y === 'number') return x === y ? 0 : x < y ? -1 : 1;
  const bx = typeof x === 'bigint' ? x : BigInt(x);
  const by = typeof y === 'bigint' ? y : BigInt(y);
  return bx === by ? 0 : bx < by ? -1 : 1;
}

function compareNums(a: Num, b: Num): number {
  if (isInt(a) && isInt(b)) return compareInts(a, b);
  return threeway(floatValue(a), floatValue(b));
}

/**
 * Byte-wise string comparison (memcmp, then length), normalised to -1/0/1.
 * UTF-8 byte order equals UTF-16 order while neither string has a surrogate where they first
 * differ. A surrogate there is half of a supplementary character (which sorts after U+E000..U+FFFF)
 * or a byte that is not UTF-8 (binary-string.ts: `md5` raw output, half a character cut by
 * `substr`), which sorts by its own value against the first byte of the other side's character:
 * there the rest of both strings is compared as bytes.
 */
export function binaryCompare(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if ((x & 0xf800) === 0xd800 || (y & 0xf800) === 0xd800) return bytesCompareFrom(a, b, i);
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** `binaryCompare` of the bytes of `a` and `b` from unit `i` on (the units before are the same) */
function bytesCompareFrom(a: string, b: string, i: number): number {
  // a character split at `i` (a pair whose second halves differ) is compared whole
  const c = i > 0 ? a.charCodeAt(i - 1) : 0;
  const from = c >= 0xd800 && c <= 0xdbff ? i - 1 : i;
  const x = toBytes(a.slice(from));
  const y = toBytes(b.slice(from));
  const n = Math.min(x.length, y.length);
  for (let k = 0; k < n; k++) if (x[k] !== y[k]) return x[k]! < y[k]! ? -1 : 1;
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

/** zendi_smart_strcmp: numerically when both strings are numeric, else byte-wise. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const x = scanNumber(a, false);
  if (x !== null) {
    const o1 = numScan.overflow;
    const y = scanNumber(b, false);
    if (y !== null) {
      const o2 = numScan.overflow;
      const d1 = floatValue(x);
      const d2 = floatValue(y);
      if (!(o1 !== 0 && o1 === o2 && d1 - d2 === 0)) {
        const i1 = isInt(x);
        const i2 = isInt(y);
        if (i1 && i2) return compareInts(x, y);
        if (i1) {
          if (o2 !== 0) return -o2;
        } else if (i2) {
          if (o1 !== 0) return o1;
        } else if (d1 === d2 && !Number.isFinite(d1)) {
          return binaryCompare(a, b);
        }
        const d = d1 - d2;
        return d > 0 ? 1 : d < 0 ? -1 : 0;
      }
    }
  }
  return binaryCompare(a, b);
}

/** zendi_smart_streq: `==` between two strings. */
export function stringsEqual(a: string, b: string): boolean {
  if (a === b) return true;
  // a numeric string starts with whitespace, a sign, a digit or '.': all ≤ '9'
  if (a.charCodeAt(0) > 57 || b.charCodeAt(0) > 57) return false;
  return compareStrings(a, b) === 0;
}

function compareIntToString(l: number | bigint, s: string): number {
  const n = scanNumber(s, false);
  if (n === null) return binaryCompare(String(l), s);
  if (isInt(n)) return compareInts(l, n);
  return threeway(Number(l), floatValue(n));
}

function compareFloatToString(d: number, s: string): number {
  const n = scanNumber(s, false);
  if (n === null) return binaryCompare(floatToString(d), s);
  return threeway(d, floatValue(n));
}

/** a JS number (int or float) against a string */
function compareNumberToString(n: number, s: string): number {
  if (isInt(n)) return compareIntToString(n, s);
  if (Number.isNaN(n)) return 1;
  return compareFloatToString(n, s);
}

function compareArrays(x: PhpArray, y: PhpArray): number {
  if (x.s === y.s) return 0;
  const n = x.size;
  const m = y.size;
  if (n !== m) return n > m ? 1 : -1;
  for (let i = 0; i < n; i++) {
    const v2 = y.peek(x.keyAt(i));
    if (v2 === undefined) return 1;
    const r = compare(x.peekAt(i), v2);
    if (r !== 0) return r;
  }
  return 0;
}

/** stdClass compared with a non-object, or with another object (zend_std_compare_objects). */
function compareObject(o: PhpObject, other: Value, objectLeft: boolean): number {
  if (other instanceof PhpObject) {
    if (o === other) return 0;
    if (o.className !== other.className) return 1;
    return objectLeft ? compareArrays(o.props, other.props) : compareArrays(other.props, o.props);
  }
  let casted: Value;
  if (typeof other === 'boolean') casted = true;
  else if (kind(other) === K_INT) casted = 1;
  else if (kind(other) === K_FLOAT) casted = new PhpFloat(1);
  else return objectLeft ? 1 : -1;
  return objectLeft ? compare(casted, other) : compare(other, casted);
}

/** The spaceship `a <=> b` (-1, 0 or 1) with PHP 8 rules. */
export function compare(a: Value | undefined, b: Value | undefined): number {
  if (typeof a === 'number') {
    if (typeof b === 'number') return a === b ? 0 : a < b ? -1 : 1;
    if (typeof b === 'string') return compareNumberToString(a, b);
  } else if (typeof a === 'string') {
    if (typeof b === 'string') return compareStrings(a, b);
    if (typeof b === 'number') return Number.isNaN(b) ? 1 : -compareNumberToString(b, a);
  }
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  const ka = kind(a);
  const kb = kind(b);
  if ((ka === K_INT || ka === K_FLOAT) && (kb === K_INT || kb === K_FLOAT))
    return compareNums(a as Num, b as Num);
  if (ka === K_ARRAY && kb === K_ARRAY) return compareArrays(a as PhpArray, b as PhpArray);
  if (ka === K_STRING) {
    if (kb === K_NULL) return (a as string).length === 0 ? 0 : 1;
    if (kb === K_INT) return -compareIntToString(b as number | bigint, a as string);
    if (kb === K_FLOAT) {
      const d = floatValue(b as Num);
      if (Number.isNaN(d)) return 1;
      return -compareFloatToString(d, a as string);
    }
  } else if (kb === K_STRING) {
    if (ka === K_NULL) return (b as string).length === 0 ? 0 : -1;
    if (ka === K_INT) return compareIntToString(a as number | bigint, b as string);
    if (ka === K_FLOAT) {
      const d = floatValue(a as Num);
      if (Number.isNaN(d)) return 1;
      return compareFloatToString(d, b as string);
    }
  }
  if (ka === K_OBJECT && kb === K_NULL) return 1;
  if (ka === K_NULL && kb === K_OBJECT) return -1;
  if (ka === K_OBJECT) return compareObject(a as PhpObject, b, true);
  if (kb === K_OBJECT) return compareObject(b as PhpObject, a, false);
  if (ka === K_NULL || a === false) return toBool(b) ? -1 : 0;
  if (a === true) return toBool(b) ? 0 : 1;
  if (kb === K_NULL || b === false) return toBool(a) ? 1 : 0;
  if (b === true) return toBool(a) ? 0 : -1;
  // what remains: an array against an int, float or string
  return ka === K_ARRAY ? 1 : -1;
}

/** `a == b` */
export function looseEquals(a: Value | undefined, b: Value | undefined): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (typeof a === 'string' && typeof b === 'string') return stringsEqual(a, b);
  return compare(a, b) === 0;
}

/**
 * The position of the first value of `hay` that equals `needle` (`==`, or `===` when `strict`), or
 * -1: PHP's in_array() and array_search(). The values are read where they are, nothing is copied:
 * a search in a loop (`{if !($x|in_array:$seen)}{append var=seen ...}`) costs a scan, not a copy
 * of the array per call.
 */
export function searchValue(hay: PhpArray, needle: Value, strict: boolean): number {
  // a string that starts above '9' is never numeric: only the same string equals it (as `===` does)
  const exact = strict || (typeof needle === 'string' && needle.charCodeAt(0) > 57);
  if (hay.st.view !== null) {
    // the caller's data, read in place (not built for a search)
    const n = hay.size;
    for (let i = 0; i < n; i++) if (matches(hay.peekAt(i), needle, strict, exact)) return i;
    return -1;
  }
  const vals = denseStore(hay).vals;
  for (let i = 0; i < vals.length; i++) if (matches(vals[i]!, needle, strict, exact)) return i;
  return -1;
}

function matches(v: Value, needle: Value, strict: boolean, exact: boolean): boolean {
  if (typeof v === 'string' && exact) return v === needle;
  return strict ? strictEquals(v, needle) : looseEquals(v, needle);
}

/** `a != b` */
export function looseNotEquals(a: Value | undefined, b: Value | undefined): boolean {
  return !looseEquals(a, b);
}

/** `a === b`: same type and value; arrays: same pairs in the same order, identical values; objects: same instance. */
export function strictEquals(a: Value | undefined, b: Value | undefined): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  const ka = kind(a);
  if (ka !== kind(b)) return false;
  switch (ka) {
    case K_INT:
      return a === b;
    case K_FLOAT:
      return floatValue(a as Num) === floatValue(b as Num);
    case K_ARRAY:
      return identicalArrays(a as PhpArray, b as PhpArray);
    default:
      return a === b;
  }
}

/** `a !== b` */
export function strictNotEquals(a: Value | undefined, b: Value | undefined): boolean {
  return !strictEquals(a, b);
}

function identicalArrays(x: PhpArray, y: PhpArray): boolean {
  if (x.s === y.s) return true;
  const n = x.size;
  if (n !== y.size) return false;
  for (let i = 0; i < n; i++) {
    if (x.keyAt(i) !== y.keyAt(i)) return false;
    if (!strictEquals(x.peekAt(i), y.peekAt(i))) return false;
  }
  return true;
}

/** `a < b` */
export function lt(a: Value | undefined, b: Value | undefined): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a < b;
  return compare(a, b) < 0;
}

/** `a <= b` */
export function le(a: Value | undefined, b: Value | undefined): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a <= b;
  return compare(a, b) <= 0;
}

/** `a > b` (PHP: `b < a`) */
export function gt(a: Value | undefined, b: Value | undefined): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a > b;
  return compare(b, a) < 0;
}

/** `a >= b` (PHP: `b <= a`) */
export function ge(a: Value | undefined, b: Value | undefined): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a >= b;
  return compare(b, a) <= 0;
}
