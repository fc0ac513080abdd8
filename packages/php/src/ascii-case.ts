/** Case mapping of PHP 8.2's strtolower()/strtoupper() and zend_str_tolower: ASCII letters only, other bytes kept. */

const UPPER_RUN = /[A-Z]+/g;
const LOWER_RUN = /[a-z]+/g;
const toLower = (m: string) => m.toLowerCase();
const toUpper = (m: string) => m.toUpperCase();

/** JS's replace keeps every match until it is done (about 90 bytes each): long strings go by slices */
const SLICE = 1 << 16;

const NON_ASCII = /[^\x00-\x7f]/;

/** ASCII-only text maps with JS's own case mapping (which then changes ASCII letters only) */
function mapPart(s: string, re: RegExp, fn: (m: string) => string, whole: (s: string) => string): string {
  return NON_ASCII.test(s) ? s.replace(re, fn) : whole(s);
}

function mapRuns(s: string, re: RegExp, fn: (m: string) => string, whole: (s: string) => string): string {
  if (s.length <= SLICE) return mapPart(s, re, fn, whole);
  // the mapping is per character, so slices may end anywhere
  const parts: string[] = [];
  for (let i = 0; i < s.length; i += SLICE) parts.push(mapPart(s.slice(i, i + SLICE), re, fn, whole));
  return parts.join('');
}

const isIn = (c: number, lo: number, hi: number): boolean => c >= lo && c <= hi;

/** the index of the first code unit in `lo..hi`, or -1: most strings have nothing to change */
function firstIn(s: string, lo: number, hi: number): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= lo && c <= hi) return i;
  }
  return -1;
}

/**
 * `s` with the letters `lo..hi` mapped by `fn`, rebuilt from unit `first` (the first such letter)
 * run by run: one pass over the text, and the text between runs is sliced as it is. (A regex with a
 * function is called per run; JS's own mapping of the whole text would change letters beyond ASCII.)
 */
function mapRunsFrom(s: string, first: number, lo: number, hi: number, fn: (m: string) => string): string {
  const n = s.length;
  let out = s.slice(0, first);
  let i = first;
  while (i < n) {
    // a run of letters to map, then the text up to the next one
    let j = i + 1;
    while (j < n && isIn(s.charCodeAt(j), lo, hi)) j++;
    // one letter (the usual run in text that is mostly not ASCII) flips its case bit: V8 keeps the
    // one-character strings, so nothing is made
    out += j === i + 1 ? String.fromCharCode(s.charCodeAt(i) ^ 32) : fn(s.slice(i, j));
    let k = j;
    while (k < n && !isIn(s.charCodeAt(k), lo, hi)) k++;
    out += s.slice(j, k);
    i = k;
  }
  return out;
}

export function asciiLower(s: string): string {
  // a string without an ASCII capital is its own result (no copy, no regex)
  const first = firstIn(s, 65, 90);
  if (first < 0) return s;
  if (!NON_ASCII.test(s)) return s.toLowerCase();
  return s.length <= SLICE ? mapRunsFrom(s, first, 65, 90, toLower) : mapRuns(s, UPPER_RUN, toLower, toLower);
}

export function asciiUpper(s: string): string {
  const first = firstIn(s, 97, 122);
  if (first < 0) return s;
  if (!NON_ASCII.test(s)) return s.toUpperCase();
  return s.length <= SLICE
    ? mapRunsFrom(s, first, 97, 122, toUpper)
    : mapRuns(s, LOWER_RUN, toUpper, toUpper);
}
