/**
 * PHP's PCRE functions on a JS regex engine. One shared module: cms_match,
 * regex_replace and every preg-based modifier use it.
 *
 * How it matches (see compile.ts and bytes.ts):
 * - without `u`, patterns and subjects are bytes, exactly as in PHP: `.` is one
 *   byte, `[é]` is two bytes, \w \d \s and case folding are ASCII-only;
 * - with `u`, matching is on code points with PCRE2_UCP classes (\w \d \s \b and
 *   POSIX classes are Unicode; PHP sets UCP with `u`), \p{Script} means
 *   Script_Extensions (PCRE2 10.40, bundled with PHP 8.2);
 * - all offsets (arguments and PREG_OFFSET_CAPTURE results) are UTF-8 byte offsets.
 *
 * Where results can still differ from PHP:
 * - with `u` and `i`, JS uses Unicode simple case folding, PCRE2 its own caseless
 *   sets (identical for practically every character); \p tables follow the JS
 *   engine's Unicode version rather than PCRE2 10.40's;
 * - compile-error offsets are sometimes a few bytes off PCRE2's.
 *
 * Catastrophic backtracking: patterns that can backtrack exponentially (risk.ts)
 * and patterns whose captures JS keeps differently run on a step-counted
 * backtracking matcher (program.ts, backtrack.ts) that stops at
 * pcre.backtrack_limit like PCRE2: false/null and pregLastError() = 2.
 *
 * Never silently different: bad patterns throw `PcreError` kind 'syntax' (PHP
 * would warn and return false/null), and what a JS engine cannot reproduce
 * throws kind 'unsupported': recursion and subroutines, conditionals, (*VERB)s,
 * callouts, branch reset, \G, \K, \X, \C, \p without `u`, and inline (?i)
 * changes on engines without RegExp modifiers.
 */
export { type CompiledPattern, compilePattern, type PcreEngine, setPcreEngine } from './compile';
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
export {
  PREG_BACKTRACK_LIMIT_ERROR,
  PREG_BAD_UTF8_ERROR,
  PREG_BAD_UTF8_OFFSET_ERROR,
  PREG_INTERNAL_ERROR,
  PREG_JIT_STACKLIMIT_ERROR,
  PREG_NO_ERROR,
  PREG_RECURSION_LIMIT_ERROR,
  pregLastError,
  pregLastErrorMsg,
} from './last-error';
export { type PregMatchResult, pcreMatches, pregMatch, pregMatchAll } from './match';
export { pregReplace, pregReplaceCount } from './replace';
export { type PcreReporter, withPcre } from './report';
export { smartyRegexCheck } from './smarty';
export { pregQuote, pregSplit } from './split';
