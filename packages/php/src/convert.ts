/**
 * PHP 8.2 type juggling: string, bool, number, int and float conversions,
 * and type names.
 */
import { PhpArray } from './array';
import { PhpError, type WarnFn } from './errors';
import { floatToIntBig, floatToIntCap } from './key';
import { numScan, scanNumber } from './numeric';
import { PhpObject } from './object';
import { floatToString } from './print';
import { isInt, type Num, PhpFloat, type Value } from './value';

export { isNumericString } from './numeric';

/**
 * String conversion as echo does it: true → "1", false/null → "", floats with
 * precision 14, arrays → "Array" (PHP also warns "Array to string conversion"),
 * objects → Error (stdClass has no __toString).
 */
export function toStr(v: Value | undefined, warn?: WarnFn): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      if (Number.isSafeInteger(v)) return v !== 0 || 1 / v > 0 ? String(v) : '-0';
      return floatToString(v);
    case 'boolean':
      return v ? '1' : '';
    case 'bigint':
      return String(v);
    case 'undefined':
      return '';
  }
  if (v === null) return '';
  if (v instanceof PhpFloat) return floatToString(v.value);
  if (v instanceof PhpArray) {
    if (warn !== undefined) warn('Array to string conversion');
    return 'Array';
  }
  throw new PhpError(
    'Error',
    `Object of class ${(v as PhpObject).className} could not be converted to string`,
  );
}

/**
 * PHP's `(array)` cast: an array is returned as is (callers clone before changing it), null gives [],
 * an object its properties (a copy), any other value s gives [s].
 */
export function toArray(v: Value | undefined): PhpArray {
  if (v instanceof PhpArray) return v;
  if (v === null || v === undefined) return new PhpArray();
  if (v instanceof PhpObject) return v.props.clone();
  return PhpArray.fromList([v]);
}

/** PHP truthiness: "", "0", 0, 0.0, -0.0, null, false and [] are false; "0.0", " ", "00", NAN are true. */
export function toBool(v: Value | undefined): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'string':
      return v !== '' && v !== '0';
    case 'number':
      return v !== 0;
    case 'bigint':
      return v !== 0n;
    case 'undefined':
      return false;
  }
  if (v === null) return false;
  if (v instanceof PhpFloat) return v.value !== 0;
  if (v instanceof PhpArray) return v.size > 0;
  return true;
}

type TypeKind = 'string' | 'bool' | 'int' | 'float' | 'null' | 'array' | 'object';

function typeKind(v: Value | undefined): TypeKind {
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return isInt(v) ? 'int' : 'float';
    case 'undefined':
      return 'null';
  }
  if (v === null) return 'null';
  if (v instanceof PhpFloat) return 'float';
  if (v instanceof PhpArray) return 'array';
  return 'object';
}

/** zend_zval_type_name: the type names PHP 8 uses in TypeError messages. */
export function errorTypeName(v: Value | undefined): string {
  const kind = typeKind(v);
  if (kind !== 'object') return kind;
  return v instanceof PhpObject ? v.className : 'unknown';
}

const GETTYPE_NAMES: Record<TypeKind, string> = {
  string: 'string',
  bool: 'boolean',
  int: 'integer',
  float: 'double',
  null: 'NULL',
  array: 'array',
  object: 'object',
};

/** gettype(): "integer", "double", "string", "boolean", "NULL", "array", "object". */
export function typeName(v: Value | undefined): string {
  return GETTYPE_NAMES[typeKind(v)];
}

/**
 * The number an arithmetic operand stands for (PHP 8): ints and floats as is,
 * null → 0, bools → 0/1, numeric strings (whitespace allowed around) → int or
 * float, leading-numeric strings ("5 apples") → their number plus the warning
 * "A non-numeric value encountered", anything else → TypeError
 * `Unsupported operand types: <type> <op> int` (the other operand taken as int;
 * the arithmetic functions name both real operands).
 */
export function toNumber(v: Value | undefined, op = '+', warn?: WarnFn): Num {
  return toOperand(v, v, 0, op, warn);
}

/** `v`, one operand of `a op b`, as int/float; the TypeError names both operands. */
export function toOperand(
  v: Value | undefined,
  a: Value | undefined,
  b: Value | undefined,
  op: string,
  warn?: WarnFn,
): Num {
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return v;
    case 'boolean':
      return v ? 1 : 0;
    case 'undefined':
      return 0;
    case 'string': {
      const n = scanNumber(v, true);
      if (n === null) throw operandTypeError(a, b, op);
      if (numScan.trailing && warn !== undefined) warn('A non-numeric value encountered');
      return n;
    }
  }
  if (v === null) return 0;
  if (v instanceof PhpFloat) return v;
  throw operandTypeError(a, b, op);
}

function operandTypeError(a: Value | undefined, b: Value | undefined, op: string): PhpError {
  return new PhpError(
    'TypeError',
    `Unsupported operand types: ${errorTypeName(a)} ${op} ${errorTypeName(b)}`,
  );
}

/**
 * intval() / (int): "12abc" → 12, "1e3" → 1000, 1.9 → 1, -1.9 → -1, NaN/INF → 0,
 * floats beyond int64 wrap modulo 2^64 (PHP 8 on 64-bit), numeric strings beyond
 * int64 saturate, arrays → 0/1, null → 0. Returns an int (number or bigint).
 */
export function toInt(v: Value | undefined, warn?: WarnFn): number | bigint {
  switch (typeof v) {
    case 'number':
      return Number.isSafeInteger(v) ? v + 0 : floatToIntBig(v);
    case 'bigint':
      return v;
    case 'boolean':
      return v ? 1 : 0;
    case 'undefined':
      return 0;
    case 'string': {
      const n = scanNumber(v, true);
      if (n === null) return 0;
      if (typeof n === 'bigint') return n;
      if (typeof n === 'number') return Number.isSafeInteger(n) ? n : floatToIntCap(n);
      return n.value + 0;
    }
  }
  if (v === null) return 0;
  if (v instanceof PhpFloat) return v.value + 0;
  if (v instanceof PhpArray) return v.size > 0 ? 1 : 0;
  if (warn !== undefined) warn(`Object of class ${(v as PhpObject).className} could not be converted to int`);
  return 1;
}

/** floatval() / (float) as a JS number: "1.5abc" → 1.5, "abc" → 0, arrays → 0/1, null → 0. */
export function toFloat(v: Value | undefined, warn?: WarnFn): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'bigint':
      return Number(v);
    case 'boolean':
      return v ? 1 : 0;
    case 'undefined':
      return 0;
    case 'string': {
      const n = scanNumber(v, true);
      if (n === null) return 0;
      if (typeof n === 'number') return n;
      if (typeof n === 'bigint') return Number(n);
      return n.value;
    }
  }
  if (v === null) return 0;
  if (v instanceof PhpFloat) return v.value;
  if (v instanceof PhpArray) return v.size > 0 ? 1 : 0;
  if (warn !== undefined)
    warn(`Object of class ${(v as PhpObject).className} could not be converted to float`);
  return 1;
}

/** is_numeric(): ints, floats, and numeric strings (PHP 8: whitespace allowed on both sides). */
export function isNumeric(v: Value | undefined): boolean {
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return true;
    case 'string':
      return scanNumber(v, false) !== null;
  }
  return v instanceof PhpFloat;
}
