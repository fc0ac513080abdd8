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

export function asciiLower(s: string): string {
  return mapRuns(s, UPPER_RUN, toLower, toLower);
}

export function asciiUpper(s: string): string {
  return mapRuns(s, LOWER_RUN, toUpper, toUpper);
}
