/**
 * @sumi/php — PHP 8.2's semantics in TypeScript: the value model (values, ordered arrays, keys,
 * numeric strings, conversions, operators, comparison, float printing), json_encode/json_decode,
 * dates, PCRE, sprintf and number formatting, the HTML escape, sorting, hashing, the byte-string
 * codec, the constant table and zend_parse_parameters' argument coercion. Everything a compiled
 * template, a modifier or a plugin needs to behave like PHP.
 */
export {
  add,
  arrayUnion,
  bitAnd,
  bitNot,
  bitOr,
  bitXor,
  decrement,
  div,
  increment,
  mod,
  mul,
  neg,
  pos,
  pow,
  shiftLeft,
  shiftRight,
  sub,
} from './arith';
export {
  ArrayStore,
  CyclicDataError,
  childHas,
  copyValue,
  countRecursive,
  type FieldSite,
  findKey,
  isPlainData,
  type Key,
  PhpArray,
  type RowCursor,
  readsInPlace,
  rowCursor,
  shapeHas,
  type View,
  viewField,
  viewShape,
} from './array';
export { asciiLower, asciiUpper } from './ascii-case';
export * from './binary-string';
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
  searchValue,
  strictEquals,
  strictNotEquals,
  stringsEqual,
} from './compare';
export { findConstant, lookupConstant, PHP_CONSTANTS, phpIntConstant } from './constants';
export {
  errorTypeName,
  isNumeric,
  toArray,
  toBool,
  toFloat,
  toInt,
  toNumber,
  toStr,
  typeName,
} from './convert';
export * from './date/index';
export { PhpError, type PhpErrorKind, type WarnFn } from './errors';
export * from './format/index';
export { digestText, HASH_ALGORITHMS, isHashAlgorithm, phpHash } from './hash';
export {
  allowArray,
  allowString,
  BoundedCache,
  capArray,
  charge,
  countMatches,
  countOf,
  DEFAULT_HOST,
  enterHost,
  growArray,
  type Host,
  type HostLimits,
  joinStrings,
  keepString,
  LimitError,
  leaveHost,
  prefixLines,
  repeatString,
  replaceAllString,
  replaceMatches,
  StringBuilder,
  splitString,
  stringCap,
  strRepeat,
} from './host';
export * from './html';
export { htmlentities } from './html-entities';
export * from './json';
export { fromJSONText, JsonParseError, type JsonReadOptions } from './json-parse';
export { floatToIntBig, stringKey, toKey } from './key';
export { estimateBytes } from './memory';
export { isNumericString, numScan, phpNumberLiteral, scanNumber } from './numeric';
export { PhpObject } from './object';
export {
  APPEND,
  autovivifies,
  issetStringOffset,
  objectAsArrayError,
  propertyWriteError,
  readStringOffset,
  writeFetchError,
} from './offset';
export {
  type ArgsOf,
  arityMessage,
  arityOf,
  type BaseType,
  coerceParam,
  ctxReporter,
  haystackOffset,
  type ParamSpec,
  type ParamType,
  phpCall,
  phpCaught,
  phpFunction,
  phpParams,
  phpTypeName,
  type Reporter,
  stringParam,
  typeError,
  valueError,
} from './params';
export * from './pcre/index';
export {
  PHP_SORTS,
  type PhpSortName,
  SORT_FLAG_CASE,
  SORT_NATURAL,
  SORT_NUMERIC,
  SORT_REGULAR,
  SORT_STRING,
  sortPhpArray,
  strnatcmp,
  valueComparator,
} from './php-sort';
export { allowedTagsFromList, phpStripTags } from './php-strip-tags';
export { floatToRepr, floatToString, formatFloat } from './print';
export { mapSubject, strArg } from './subject';
export { substrBytes, substrEnd, substrRange, substrStart, substrText } from './substr';
export { urlencodeBytes } from './url-encode';
export {
  byteLength,
  floatValue,
  INT64_MAX,
  INT64_MIN,
  int32Bits,
  isFloat,
  isInt,
  isNumber,
  makeFloat,
  makeInt,
  type Num,
  PhpFloat,
  type Value,
} from './value';
export { phpStableSort, zendSort } from './zend-sort';
