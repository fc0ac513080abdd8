/**
 * preg_match / preg_match_all with PHP 8.2's exact result shapes
 * (php_pcre.c: populate_subpat_array and the match_sets of PREG_PATTERN_ORDER).
 */
import { PhpArray } from '../array';
import { PhpError } from '../errors';
import type { Value } from '../value';
import type { CompiledPattern } from './compile';
import { compilePattern } from './compile';
import { PREG_OFFSET_CAPTURE, PREG_PATTERN_ORDER, PREG_SET_ORDER, PREG_UNMATCHED_AS_NULL } from './constants';
import { PcreError } from './errors';
import { checkFidelity, groupSpan, groupUnits, type Hit, Matcher, Subject, setCount } from './exec';
import { PREG_BAD_UTF8_OFFSET_ERROR, PREG_INTERNAL_ERROR, PREG_NO_ERROR, setPregError } from './last-error';

/** compilePattern, recording PHP's PREG_INTERNAL_ERROR for a pattern that does not compile */
export function compileForCall(pattern: string): CompiledPattern {
  try {
    return compilePattern(pattern);
  } catch (e) {
    if (e instanceof PcreError) setPregError(PREG_INTERNAL_ERROR);
    throw e;
  }
}

/** a match that ran past PCRE's limits: records preg_last_error() and returns true */
export function matchLimit(e: unknown): boolean {
  if (!(e instanceof PcreError) || e.kind !== 'limit') return false;
  setPregError(e.code);
  return true;
}

export interface PregMatchResult {
  /**
   * 0 or 1 (preg_match), the number of matches (preg_match_all); false, like PHP, for a bad
   * offset and for a match that ran past pcre.backtrack_limit (see pregLastError())
   */
  count: number | false;
  matches: PhpArray;
}

/**
 * The unit index where matching starts for a PHP byte `offset` (negative:
 * from the end); null when PHP would fail (beyond the end, inside a UTF-8 character).
 */
export function startIndex(subject: Subject, offset: number): number | null {
  const len = subject.byteLength;
  let b = offset;
  if (b < 0) b = -b <= len ? len + b : 0;
  if (b > len) return null;
  const i = subject.indexOfByte(b);
  return i < 0 ? null : i;
}

/** One match as PHP reports it: matches[k] or [text, byteOffset] with 256, names first. */
class Shaper {
  readonly offsetCapture: boolean;
  readonly nullUnmatched: boolean;

  constructor(
    readonly subject: Subject,
    flags: number,
  ) {
    this.offsetCapture = (flags & PREG_OFFSET_CAPTURE) !== 0;
    this.nullUnmatched = (flags & PREG_UNMATCHED_AS_NULL) !== 0;
  }

  get cp(): CompiledPattern {
    return this.subject.cp;
  }

  /** matches[k] of `hit` (k < count), or an unmatched entry when hit is null */
  entry(hit: Hit | null, k: number): Value {
    const units = hit === null ? undefined : groupUnits(hit, k);
    if (!this.offsetCapture) {
      if (units === undefined) return this.nullUnmatched ? null : '';
      return this.subject.decode(units);
    }
    if (units === undefined || hit === null) return PhpArray.fromList([this.nullUnmatched ? null : '', -1]);
    const span = groupSpan(hit, k)!;
    return PhpArray.fromList([this.subject.decode(units), this.subject.byteOf(span[0])]);
  }

  /** populate_subpat_array */
  subpats(hit: Hit): PhpArray {
    const out = new PhpArray();
    const names = this.cp.names;
    const count = setCount(hit, this.cp.captureCount);
    for (let k = 0; k < count; k++) {
      const v = this.entry(hit, k);
      const name = names[k];
      if (name !== null) addNamed(out, name, v, groupUnits(hit, k) === undefined);
      out.push(v);
    }
    if (this.nullUnmatched) {
      for (let k = count; k <= this.cp.captureCount; k++) {
        const v = this.entry(null, k);
        const name = names[k];
        if (name !== null) addNamed(out, name, v, true);
        out.push(v);
      }
    }
    return out;
  }
}

/** add_named: a set group overwrites, an unset one only fills a missing key (duplicate names, J). */
function addNamed(out: PhpArray, name: string, v: Value, unmatched: boolean): void {
  const copy = v instanceof PhpArray ? v.clone() : v;
  if (!unmatched) out.set(name, copy);
  else if (!out.has(name)) out.set(name, copy);
}

/**
 * PHP 8.2: false, with PREG_INTERNAL_ERROR for an offset beyond the subject and
 * PREG_BAD_UTF8_OFFSET_ERROR for one inside a UTF-8 character
 */
function badOffset(subject: Subject, offset: number): PregMatchResult {
  setPregError(offset > subject.byteLength ? PREG_INTERNAL_ERROR : PREG_BAD_UTF8_OFFSET_ERROR);
  return { count: false, matches: new PhpArray() };
}

/**
 * preg_match($pattern, $subject, $matches, $flags, $offset).
 * flags: 0, PREG_OFFSET_CAPTURE (256), PREG_UNMATCHED_AS_NULL (512); offset in bytes.
 * Throws PcreError for a bad pattern (PHP: warning and false).
 */
export function pregMatch(pattern: string, subject: string, flags = 0, offset = 0): PregMatchResult {
  setPregError(PREG_NO_ERROR);
  // PHP compiles the pattern first: a bad pattern is false (a warning) whatever the flags
  const cp = compileForCall(pattern);
  if ((flags & 0xff) !== 0) {
    throw new PhpError('ValueError', 'preg_match(): Argument #4 ($flags) must be a PREG_* constant');
  }
  const subj = new Subject(cp, subject);
  const start = startIndex(subj, offset);
  if (start === null) return badOffset(subj, offset);
  const shaper = new Shaper(subj, flags);
  let hit: Hit | null;
  try {
    hit = new Matcher(subj, shaper.offsetCapture).search(start);
  } catch (e) {
    // PHP: false, $matches = []
    if (matchLimit(e)) return { count: false, matches: new PhpArray() };
    throw e;
  }
  if (hit === null) return { count: 0, matches: new PhpArray() };
  checkFidelity(cp, hit);
  return { count: 1, matches: shaper.subpats(hit) };
}

/**
 * Whether `pattern` matches `subject`, the way PHP's own C code runs a pattern (filter_var's
 * e-mail and regexp validations call pcre2_match directly, not preg_match): a pattern that does
 * not compile records PREG_INTERNAL_ERROR and throws PcreError, as pcre_get_compiled_regex warns;
 * a match that runs past pcre.backtrack_limit is `false` (those callers only test `rc < 0`), and
 * preg_last_error() is otherwise left as it was.
 */
export function pcreMatches(pattern: string, subject: string): boolean {
  const cp = compileForCall(pattern);
  const subj = new Subject(cp, subject);
  try {
    return new Matcher(subj, false).search(0) !== null;
  } catch (e) {
    if (e instanceof PcreError && e.kind === 'limit') return false;
    throw e;
  }
}

/**
 * preg_match_all($pattern, $subject, $matches, $flags, $offset).
 * flags: PREG_PATTERN_ORDER (1, default) or PREG_SET_ORDER (2), plus 256 / 512.
 */
export function pregMatchAll(
  pattern: string,
  subject: string,
  flags: number = PREG_PATTERN_ORDER,
  offset = 0,
): PregMatchResult {
  setPregError(PREG_NO_ERROR);
  // PHP compiles the pattern first: a bad pattern is false (a warning) whatever the flags
  const cp = compileForCall(pattern);
  const order = flags & 0xff || PREG_PATTERN_ORDER;
  if (order !== PREG_PATTERN_ORDER && order !== PREG_SET_ORDER) {
    throw new PhpError('ValueError', 'preg_match_all(): Argument #4 ($flags) must be a PREG_* constant');
  }
  const subj = new Subject(cp, subject);
  const start = startIndex(subj, offset);
  if (start === null) return badOffset(subj, offset);
  const shaper = new Shaper(subj, flags);
  const groups = cp.captureCount + 1;
  const sets: PhpArray[] = [];
  if (order === PREG_PATTERN_ORDER) for (let k = 0; k < groups; k++) sets.push(new PhpArray());
  const matches = new PhpArray();
  let matched: number | false = 0;
  try {
    for (const hit of new Matcher(subj, shaper.offsetCapture).all(start)) {
      checkFidelity(cp, hit);
      matched++;
      if (order === PREG_PATTERN_ORDER) {
        const count = setCount(hit, cp.captureCount);
        for (let k = 0; k < groups; k++) sets[k].push(shaper.entry(k < count ? hit : null, k));
      } else {
        matches.push(shaper.subpats(hit));
      }
    }
  } catch (e) {
    // PHP: false, with the matches found before the error
    if (!matchLimit(e)) throw e;
    matched = false;
  }
  if (order === PREG_PATTERN_ORDER) {
    for (let k = 0; k < groups; k++) {
      const name = cp.names[k];
      if (name !== null) matches.set(name, sets[k].clone());
      matches.push(sets[k]);
    }
  }
  return { count: matched, matches };
}
