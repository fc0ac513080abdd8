/**
 * PHP 8.2's `$container[$key]` where the container is not an array (arrays are PhpArray's business):
 * reading a string offset, `isset()` on one, and what fetching a slot to write into does to a
 * scalar (`$x[$k] = ...` by reference, `$x[] = ...`, a by-reference argument `sort($x[$k])`).
 *
 * String offsets count bytes (one byte of a multibyte character is a raw byte, see binary-string.ts).
 */

import { PhpArray } from './array';
import { fromBytes, isAsciiString, toBytes } from './binary-string';
import { errorTypeName } from './convert';
import { PhpError } from './errors';
import { floatToIntBig } from './key';
import { scanNumber } from './numeric';
import { PhpObject } from './object';
import { PhpFloat, type Value } from './value';

/**
 * The offset `$str[$k]` uses, or null when PHP refuses the key: a string must be an integer
 * numeric string (" 1", "01", "-1"; a leading-numeric "1x" is used with a warning), floats are
 * truncated, bools and null cast (with a warning). Not for arrays and objects.
 */
function offsetIndex(k: Value): number | null {
  switch (typeof k) {
    case 'number':
      return Number.isSafeInteger(k) ? k : Number(floatToIntBig(k));
    case 'bigint':
      return Number(k);
    case 'boolean':
      return k ? 1 : 0;
    case 'string': {
      const n = scanNumber(k, true);
      // a float ("1.5", "1e3", an int string beyond int64) is not an offset
      if (typeof n === 'bigint') return Number(n);
      return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
    }
  }
  if (k === null) return 0;
  if (k instanceof PhpFloat) return k.value + 0;
  return null;
}

/** PHP's TypeError for a key a string offset cannot take */
function illegalStringOffset(k: Value): PhpError {
  return new PhpError('TypeError', `Cannot access offset of type ${errorTypeName(k)} on string`);
}

/** the byte of `s` at offset `i` (negative counts from the end), or null outside the string */
function byteAt(s: string, i: number): string | null {
  if (isAsciiString(s)) {
    if (i < 0) i += s.length;
    return i >= 0 && i < s.length ? s[i]! : null;
  }
  const bytes = toBytes(s);
  if (i < 0) i += bytes.length;
  if (i < 0 || i >= bytes.length) return null;
  return fromBytes(bytes.subarray(i, i + 1));
}

/**
 * `$str[$k]` read: the byte at the offset, "" outside the string (PHP warns "Uninitialized string
 * offset"); a key PHP refuses ("x", "1.5", "", an array) throws its TypeError.
 */
export function readStringOffset(s: string, k: Value): string {
  const i = offsetIndex(k);
  if (i === null) throw illegalStringOffset(k);
  return byteAt(s, i) ?? '';
}

/**
 * `isset($str[$k])`: the byte when it is set, else null; never throws. Stricter than a read: only
 * an integer string without trailing characters counts ("1x" is not set), floats, bools and null
 * are cast, arrays and objects are not set.
 */
export function issetStringOffset(s: string, k: Value): string | null {
  if (typeof k === 'string') {
    const n = scanNumber(k, false);
    if (typeof n === 'bigint') return null;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) return null;
    return byteAt(s, n);
  }
  if (k instanceof PhpArray || k instanceof PhpObject) return null;
  const i = offsetIndex(k);
  return i === null ? null : byteAt(s, i);
}

/** `$a[]`: the key of an append, where a write error needs to know */
export const APPEND: unique symbol = Symbol('append');

/**
 * Whether `v` may hold a slot written into, as `$v[$k] = ...` by reference would have it: an array
 * does, null (and false, deprecated) turns into an empty array first. Anything else is an error.
 */
export function autovivifies(v: Value | undefined): boolean {
  return v === null || v === undefined || v === false;
}

/**
 * PHP's error for fetching slot `k` of `container` to write into (by reference, as the CMS's
 * dotted assignment and by-reference arguments do), when the container is neither an array nor
 * null/false: scalars refuse any key, strings refuse `[]`, any non-integer key (TypeError), and
 * references to their bytes.
 */
export function writeFetchError(container: Value, k: Value | typeof APPEND): PhpError {
  if (typeof container === 'string') {
    if (k === APPEND) return new PhpError('Error', '[] operator not supported for strings');
    if (k instanceof PhpArray || k instanceof PhpObject || offsetIndex(k) === null)
      return illegalStringOffset(k);
    return new PhpError('Error', 'Cannot create references to/from string offsets');
  }
  if (container instanceof PhpObject) {
    return new PhpError('Error', `Cannot use object of type ${container.className} as array`);
  }
  return new PhpError('Error', 'Cannot use a scalar value as an array');
}

/** PHP's error for `$x->name` fetched to write into when `$x` is not an object */
export function propertyWriteError(container: Value, name: string): PhpError {
  return new PhpError('Error', `Attempt to modify property "${name}" on ${errorTypeName(container)}`);
}

/** PHP's error for `$obj[$k]` on an object that is not ArrayAccess (all of Sumi's: stdClass) */
export function objectAsArrayError(o: PhpObject): PhpError {
  return new PhpError('Error', `Cannot use object of type ${o.className} as array`);
}
