/**
 * PHP's delimited pattern syntax (`/body/flags`, `#body#i`, `{body}x`, ...), as
 * php_pcre.c's pcre_get_compiled_regex_cache parses it (PHP 8.2).
 */
import { fromBinary, toBinary } from '../binary-string';
import { PcreError } from './errors';
import type { InlineFlags } from './parser';

/** The pattern modifiers: the ones (?...) can change too, plus A, D and u. */
export interface PatternFlags extends InlineFlags {
  /** A: anchored at the start offset */
  A: boolean;
  /** D: $ only at the very end */
  D: boolean;
  /** u: UTF-8 mode, with Unicode \d \w \s \b (PHP also sets PCRE2_UCP) */
  u: boolean;
}

export interface Delimited {
  body: string;
  flags: PatternFlags;
}

const SPACE = ' \t\n\v\f\r';
const CLOSING: ReadonlyMap<string, string> = new Map([
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
  ['<', '>'],
]);

function isAlnum(c: string): boolean {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

function delimiterError(message: string): PcreError {
  return new PcreError('syntax', message);
}

export function splitDelimited(given: string): Delimited {
  let pattern = given;
  let p = 0;
  let end = pattern.length;
  while (p < end && SPACE.includes(pattern[p])) p++;
  if (p >= end) throw delimiterError('Empty regular expression');
  if (pattern.charCodeAt(p) >= 0x80) {
    // PHP takes the first *byte* of a multi-byte character as the delimiter: the pattern is read as
    // bytes (one char per byte), and the body is turned back into text once cut out
    pattern = toBinary(pattern.slice(p));
    p = 0;
    end = pattern.length;
  }
  const start = pattern[p++];
  if (isAlnum(start) || start === '\\' || start === '\0') {
    throw delimiterError('Delimiter must not be alphanumeric, backslash, or NUL');
  }
  const close = CLOSING.get(start) ?? start;
  let q = p;
  if (close === start) {
    while (q < end) {
      const c = pattern[q];
      if (c === '\\' && q + 1 < end) q++;
      else if (c === close) break;
      q++;
    }
  } else {
    let depth = 1;
    while (q < end) {
      const c = pattern[q];
      if (c === '\\' && q + 1 < end) q++;
      else if (c === close && --depth <= 0) break;
      else if (c === start) depth++;
      q++;
    }
  }
  if (q >= end) {
    throw delimiterError(
      close === start
        ? `No ending delimiter '${close}' found`
        : `No ending matching delimiter '${close}' found`,
    );
  }
  const body = pattern === given ? pattern.slice(p, q) : fromBinary(pattern.slice(p, q));
  const flags: PatternFlags = {
    i: false,
    m: false,
    s: false,
    x: false,
    n: false,
    U: false,
    J: false,
    A: false,
    D: false,
    u: false,
  };
  for (let k = q + 1; k < end; k++) {
    const c = pattern[k];
    switch (c) {
      case 'i':
      case 'm':
      case 's':
      case 'x':
      case 'n':
      case 'U':
      case 'J':
      case 'A':
      case 'D':
      case 'u':
        flags[c] = true;
        break;
      case 'S':
      case 'X':
      case ' ':
      case '\n':
      case '\r':
        break;
      case '\0':
        throw delimiterError('NUL is not a valid modifier');
      default:
        throw delimiterError(`Unknown modifier '${c}'`);
    }
  }
  return { body, flags };
}
