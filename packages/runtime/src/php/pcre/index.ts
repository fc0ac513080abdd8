/**
 * PHP's PCRE functions on a JS regex engine. One shared module: cms_match,
 * regex_replace and every preg-based modifier use it.
 *
 * Semantics (see compile.ts and bytes.ts):
 * - without `u`, patterns and subjects are bytes, as in PHP: `.` matches one byte
 *   of a multi-byte character and the pieces of a cut character come back as U+FFFD;
 * - with `u`, matching is on code points with PCRE2_UCP classes (\w, \d, \s, \b
 *   are Unicode), like PHP;
 * - all offsets (arguments and PREG_OFFSET_CAPTURE results) are UTF-8 byte offsets;
 * - anything that cannot be reproduced exactly throws `PcreError` (kind
 *   'unsupported'), bad patterns throw `PcreError` (kind 'syntax') where PHP
 *   would warn and return false/null.
 */
export { type CompiledPattern, compilePattern } from './compile';
export {
  PREG_OFFSET_CAPTURE,
  PREG_PATTERN_ORDER,
  PREG_SET_ORDER,
  PREG_SPLIT_DELIM_CAPTURE,
  PREG_SPLIT_NO_EMPTY,
  PREG_SPLIT_OFFSET_CAPTURE,
  PREG_UNMATCHED_AS_NULL,
} from './constants';
export { PcreError, type PcreErrorKind } from './errors';
export { type PregMatchResult, pregMatch, pregMatchAll } from './match';
export { pregReplace, pregReplaceCount } from './replace';
export { smartyRegexCheck } from './smarty';
export { pregQuote, pregSplit } from './split';
