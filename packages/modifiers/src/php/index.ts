/**
 * The allowlisted PHP functions as modifiers (DIALECT.md "What may be called"), with PHP 8.2
 * results. Importable alone: `import { phpModifiers } from '@sumi/modifiers/php'`.
 */
import type { ModifierDef } from '@sumi/runtime';
import { arrayFunctions } from './arrays';
import { encodingFunctions } from './encoding';
import { mbFunctions } from './mb';
import { numberFunctions } from './numbers';
import { stringFunctions } from './strings';
import { typeFunctions } from './types';

export { PHP_MODIFIER_ALLOWLIST, PHP_MODIFIER_ALLOWLIST_GROUPS, SERVED_BY_SMARTY } from './allowlist';
export {
  arrayColumn,
  arrayDiff,
  arrayFilter,
  arrayKeyExists,
  arrayKeys,
  arrayMerge,
  arrayPop,
  arrayPush,
  arrayReverse,
  arraySearch,
  arrayShift,
  arraySlice,
  arrayUnique,
  arrayValues,
  arsort,
  asort,
  key,
  krsort,
  ksort,
  range,
  rsort,
  shuffle,
  sort,
} from './arrays';
export {
  BCRYPT_MAX_COST,
  base64DecodeDef as base64Decode,
  base64EncodeDef as base64Encode,
  htmlEntityDecode,
  htmlspecialcharsDecode,
  httpBuildQuery,
  jsonDecodeDef as jsonDecode,
  jsonEncodeDef as jsonEncode,
  md5,
  parseUrlDef as parseUrl,
  passwordHash,
  passwordVerify,
  pathinfoDef as pathinfo,
  rawurldecode,
  urlencode,
} from './encoding';
export {
  mbConvertEncoding,
  mbConvertKana,
  mbStrimwidth,
  mbStripos,
  mbStrlen,
  mbStrpos,
  mbStrwidth,
  mbSubstr,
} from './mb';
export {
  floatval,
  floor,
  intval,
  max,
  min,
  mtRand,
  numberFormatDef as numberFormat,
  round,
  strtotimeDef as strtotime,
  strval,
} from './numbers';
export {
  explode,
  implode,
  stripos,
  strlen,
  strPad,
  strpos,
  strstr,
  strtolower,
  strtoupper,
  substr,
  trim,
} from './strings';
export {
  defined,
  filterVarDef as filterVar,
  isArray,
  isNumericDef as isNumeric,
  propertyExists,
  unset,
} from './types';

/** Every allowlisted PHP function Sumi defines here (nl2br, strip_tags, string_format: see ../smarty). */
export const phpModifiers: readonly ModifierDef[] = [
  ...arrayFunctions,
  ...stringFunctions,
  ...mbFunctions,
  ...encodingFunctions,
  ...numberFunctions,
  ...typeFunctions,
];
