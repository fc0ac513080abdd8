/**
 * PHP 8's array sorting functions (sort, rsort, asort, arsort, ksort, krsort)
 * on PhpArray, with their comparison flags, on top of the zend_sort port.
 * Shared by the allowlisted PHP functions and the CMS's cms_* modifiers.
 */
import { PhpArray } from './array';
import { asciiLower } from './ascii-case';
import { toBinary } from './binary-string';
import { binaryCompare, compare, compareStrings } from './compare';
import { phpIntConstant } from './constants';
import { toFloat, toStr } from './convert';
import type { Key } from './key';
import type { Value } from './value';
import { phpStableSort } from './zend-sort';

export const SORT_REGULAR = phpIntConstant('SORT_REGULAR');
export const SORT_NUMERIC = phpIntConstant('SORT_NUMERIC');
export const SORT_STRING = phpIntConstant('SORT_STRING');
export const SORT_LOCALE_STRING = phpIntConstant('SORT_LOCALE_STRING');
export const SORT_NATURAL = phpIntConstant('SORT_NATURAL');
export const SORT_FLAG_CASE = phpIntConstant('SORT_FLAG_CASE');

type ValueCmp = (a: Value, b: Value) => number;

/** zend_binary_strcasecmp: ASCII case folding, then bytes */
function caseCompare(a: string, b: string): number {
  return binaryCompare(asciiLower(a), asciiLower(b));
}

/** The value comparison PHP's sort functions use for `flags`. */
export function valueComparator(flags: number, warn?: (m: string) => void): ValueCmp {
  const str = (v: Value) => toStr(v, warn);
  switch (flags & ~SORT_FLAG_CASE) {
    case SORT_NUMERIC:
      return (a, b) => {
        const x = toFloat(a);
        const y = toFloat(b);
        return x > y ? 1 : x < y ? -1 : 0;
      };
    case SORT_STRING:
    case SORT_LOCALE_STRING:
      // the C locale's strcoll is strcmp
      return flags & SORT_FLAG_CASE
        ? (a, b) => caseCompare(str(a), str(b))
        : (a, b) => binaryCompare(str(a), str(b));
    case SORT_NATURAL:
      return (a, b) => strnatcmp(str(a), str(b), (flags & SORT_FLAG_CASE) !== 0);
    default:
      return (a, b) => compare(a, b);
  }
}

/** The key comparison of ksort()/krsort() for `flags`. */
export function keyComparator(flags: number): (a: Key, b: Key) => number {
  switch (flags & ~SORT_FLAG_CASE) {
    case SORT_NUMERIC:
      return (a, b) => {
        // zend_strtod on a string key: its leading number, 0 when there is none
        const x = typeof a === 'number' ? a : toFloat(a);
        const y = typeof b === 'number' ? b : toFloat(b);
        return x > y ? 1 : x < y ? -1 : 0;
      };
    case SORT_STRING:
    case SORT_LOCALE_STRING:
    case SORT_NATURAL: {
      const vc = valueComparator(flags);
      return (a, b) => vc(String(a), String(b));
    }
    default:
      return (a, b) => {
        if (typeof a === 'number' && typeof b === 'number') return a > b ? 1 : -1;
        if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
        return compare(a, b);
      };
  }
}

export interface SortOptions {
  by: 'value' | 'key';
  reverse?: boolean;
  /** sort()/rsort() renumber the keys 0..n-1; asort/arsort/ksort/krsort keep them */
  renumber?: boolean;
  flags?: number;
  warn?: (m: string) => void;
}

export type PhpSortName = 'sort' | 'rsort' | 'asort' | 'arsort' | 'ksort' | 'krsort';

/** What each function of PHP's sort family sorts by, in which direction, and whether it renumbers the keys. */
export const PHP_SORTS: Readonly<Record<PhpSortName, Pick<SortOptions, 'by' | 'reverse' | 'renumber'>>> = {
  sort: { by: 'value', reverse: false, renumber: true },
  rsort: { by: 'value', reverse: true, renumber: true },
  asort: { by: 'value', reverse: false, renumber: false },
  arsort: { by: 'value', reverse: true, renumber: false },
  ksort: { by: 'key', reverse: false, renumber: false },
  krsort: { by: 'key', reverse: true, renumber: false },
};

/** Sorts a copy of `arr` the way PHP's sort family sorts it in place. */
export function sortPhpArray(arr: PhpArray, opts: SortOptions): PhpArray {
  const flags = opts.flags ?? SORT_REGULAR;
  const entries = arr.entries();
  let cmp: (a: [Key, Value], b: [Key, Value]) => number;
  if (opts.by === 'key') {
    const kc = keyComparator(flags);
    cmp = (a, b) => kc(a[0], b[0]);
  } else {
    const vc = valueComparator(flags, opts.warn);
    cmp = (a, b) => vc(a[1], b[1]);
  }
  // reverse sorts negate the comparison (PHP's `compare(a, b) * -1`, not `compare(b, a)`: the two differ
  // where PHP's comparison is not symmetric, e.g. arrays with keys the other lacks) and keep the stable
  // fallback in original order
  const sorted = phpStableSort(entries, opts.reverse ? (a, b) => -cmp(a, b) : cmp);
  if (opts.renumber) return PhpArray.fromList(sorted.map(([, v]) => v));
  return PhpArray.fromEntries(sorted);
}

/**
 * strnatcmp_ex() (ext/standard/strnatcmp.c): natural order on bytes, leading
 * zeros skipped, whitespace ignored, runs of digits compared as numbers.
 */
export function strnatcmp(a: string, b: string, caseInsensitive: boolean): number {
  const A = toBinary(a);
  const B = toBinary(b);
  const aend = A.length;
  const bend = B.length;
  if (aend === 0 || bend === 0) return aend === bend ? 0 : aend > bend ? 1 : -1;
  const at = (s: string, i: number) => (i < s.length ? s.charCodeAt(i) : 0);
  const isDigit = (c: number) => c >= 48 && c <= 57;
  const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);
  let ap = 0;
  let bp = 0;
  let ca = at(A, 0);
  let cb = at(B, 0);
  while (ca === 48 && ap + 1 < aend && isDigit(at(A, ap + 1))) ca = at(A, ++ap);
  while (cb === 48 && bp + 1 < bend && isDigit(at(B, bp + 1))) cb = at(B, ++bp);
  for (;;) {
    while (isSpace(ca)) ca = at(A, ++ap);
    while (isSpace(cb)) cb = at(B, ++bp);
    if (isDigit(ca) && isDigit(cb)) {
      const fractional = ca === 48 || cb === 48;
      // compare_left (a leading zero: the first different digit wins) and compare_right (the longest
      // run wins, else the first difference: the bias)
      let result: number;
      let bias = 0;
      for (; ; ap++, bp++) {
        const da = ap < aend && isDigit(at(A, ap));
        const db = bp < bend && isDigit(at(B, bp));
        if (!da && !db) {
          result = bias;
          break;
        }
        if (!da) {
          result = -1;
          break;
        }
        if (!db) {
          result = 1;
          break;
        }
        const d = at(A, ap) - at(B, bp);
        if (d !== 0 && fractional) {
          result = d < 0 ? -1 : 1;
          break;
        }
        if (d !== 0 && !bias) bias = d < 0 ? -1 : 1;
      }
      if (result !== 0) return result;
      if (ap === aend && bp === bend) return 0;
      if (ap === aend) return -1;
      if (bp === bend) return 1;
      ca = at(A, ap);
      cb = at(B, bp);
    }
    if (caseInsensitive) {
      if (ca >= 97 && ca <= 122) ca -= 32;
      if (cb >= 97 && cb <= 122) cb -= 32;
    }
    if (ca < cb) return -1;
    if (ca > cb) return 1;
    ++ap;
    ++bp;
    if (ap >= aend && bp >= bend) return 0;
    if (ap >= aend) return -1;
    if (bp >= bend) return 1;
    ca = at(A, ap);
    cb = at(B, bp);
  }
}
