/**
 * The PHP value model: values, arrays, conversions, operators, comparison,
 * float printing, JSON and constants. Everything a compiled template, a
 * modifier or a plugin needs to behave like PHP 8.2.
 */
export {
  add,
  arrayUnion,
  bitAnd,
  bitNot,
  bitOr,
  bitXor,
  div,
  mod,
  mul,
  neg,
  pos,
  pow,
  shiftLeft,
  shiftRight,
  sub,
} from './arith';
export { ArrayStore, copyValue, type Key, PhpArray } from './array';
export {
  binaryCompare,
  compare,
  compareStrings,
  ge,
  gt,
  le,
  looseEquals,
  looseNotEquals,
  lt,
  strictEquals,
  strictNotEquals,
  stringsEqual,
} from './compare';
export { PHP_CONSTANTS, phpIntConstant } from './constants';
export { errorTypeName, isNumeric, toBool, toFloat, toInt, toNumber, toStr, typeName } from './convert';
export { PhpError, type PhpErrorKind, type WarnFn } from './errors';
export * from './html';
export * from './json';
export { floatToIntBig, stringKey, toKey } from './key';
export { isNumericString, numScan, scanNumber } from './numeric';
export { PhpObject } from './object';
export { floatToRepr, floatToString, formatFloat } from './print';
export {
  byteLength,
  floatValue,
  INT64_MAX,
  INT64_MIN,
  isFloat,
  isInt,
  isNumber,
  makeFloat,
  makeInt,
  type Num,
  PhpFloat,
  type Value,
} from './value';
