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

/** the index of the first code unit in `lo..hi`, or -1: most strings have nothing to change */
function firstIn(s: string, lo: number, hi: number): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= lo && c <= hi) return i;
  }
  return -1;
}

/**
 * Whether every non-ASCII character of `s` is one no case mapping changes, from ranges known to
 * hold none: general punctuation, CJK symbols, kana and ideographs, Hangul, fullwidth punctuation
 * and halfwidth kana, and the emoji and symbol planes (U+1F000..U+1FBFF). Then JS's own
 * toLowerCase/toUpperCase changes exactly the ASCII letters, as PHP does; any other character
 * (Latin-1 capitals, Greek, 'ß', fullwidth letters...) takes the run-by-run path.
 */
function caselessBeyondAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (
      (c >= 0x2000 && c <= 0x206f) ||
      (c >= 0x3000 && c <= 0x9fff) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xff01 && c <= 0xff20) ||
      (c >= 0xff5b && c <= 0xffef)
    ) {
      continue;
    }
    if (c >= 0xd83c && c <= 0xd83e) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    return false;
  }
  return true;
}

export function asciiLower(s: string): string {
  // a string without an ASCII capital is its own result (no copy, no regex)
  if (firstIn(s, 65, 90) < 0) return s;
  if (!NON_ASCII.test(s) || (s.length <= SLICE && caselessBeyondAscii(s))) return s.toLowerCase();
  return mapRuns(s, UPPER_RUN, toLower, toLower);
}

export function asciiUpper(s: string): string {
  if (firstIn(s, 97, 122) < 0) return s;
  if (!NON_ASCII.test(s) || (s.length <= SLICE && caselessBeyondAscii(s))) return s.toUpperCase();
  return mapRuns(s, LOWER_RUN, toUpper, toUpper);
}
