/**
 * PHP's strftime() as Smarty 2's date_format modifier uses it: PHP breaks the timestamp
 * down in the configured zone and hands the fields to glibc's strftime in the C locale.
 * glibc's flags (`_ - 0 ^ #`), field widths and the E/O modifiers are honoured; an unknown
 * conversion is copied as written, like glibc does.
 */
import { allowString } from '../host';
import { dayOfWeek, dayOfYear, daysFromCivil, isLeapYear } from './calendar';
import { DAY_NAMES, DAY_NAMES_SHORT, MONTH_NAMES, MONTH_NAMES_SHORT } from './names';
import { type Timestamp, toLocalTime, zoneAbbreviation } from './zone';

interface Spec {
  /** '0', '_', '-' or '+'; null when the conversion's default applies. */
  pad: string | null;
  upper: boolean;
  /** glibc's '#': swap to the "other" case (upper for names, lower for %p and %Z). */
  swapCase: boolean;
  /** Minimum field width, or -1. */
  width: number;
}

/** struct tm as glibc's strftime reads it, and the instant (for %Z) */
interface Fields {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  seconds: number;
  offset: number;
  wday: number;
  yday: number;
  timeZone: string;
}

const ZERO_PADDED = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const SPACE_PADDED = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, ' '));

/** Formats a number the way glibc's do_number / do_number_spacepad do. */
function number(spec: Spec, value: number, digits: number, defaultPad: '0' | '_'): string {
  // the usual two-digit field (%m %d %H %M %S %e) without flags or width
  if (digits === 2 && spec.pad === null && spec.width < 0 && value >= 0 && value < 100) {
    return defaultPad === '0' ? ZERO_PADDED[value] : SPACE_PADDED[value];
  }
  const pad = spec.pad ?? defaultPad;
  const width = spec.width >= 0 ? spec.width : digits;
  const sign = value < 0 ? '-' : '';
  const body = String(Math.abs(value));
  // `-`: no padding of its own, but an explicit width still pads with spaces
  if (pad === '-') {
    const text = sign + body;
    if (spec.width <= text.length) return text;
    allowString(spec.width);
    return ' '.repeat(spec.width - text.length) + text;
  }
  const shortage = width - sign.length - body.length;
  if (shortage <= 0) return sign + body;
  // a field width such as `%999999999Y` is as much padding: checked before it is built
  allowString(width);
  return pad === '_' ? ' '.repeat(shortage) + sign + body : sign + '0'.repeat(shortage) + body;
}

/**
 * The ISO 8601 week and its year as glibc computes them from struct tm: from the day of the year
 * and the weekday, with the (32-bit) year only deciding leap years at the year's edges.
 */
function isoWeekOf(f: Fields): { year: number; week: number } {
  let year = f.y;
  let days = isoWeekDays(f.yday, f.wday);
  if (days < 0) {
    year--;
    days = isoWeekDays(f.yday + 365 + (isLeapYear(year) ? 1 : 0), f.wday);
  } else {
    const next = isoWeekDays(f.yday - 365 - (isLeapYear(year) ? 1 : 0), f.wday);
    if (next >= 0) {
      year++;
      days = next;
    }
  }
  return { year, week: Math.floor(days / 7) + 1 };
}

/** glibc's iso_week_days: days since the Monday of the year's first ISO week (Thursday rule) */
function isoWeekDays(yday: number, wday: number): number {
  const bigEnoughMultipleOf7 = (Math.trunc(366 / 7) + 2) * 7;
  return yday - ((yday - wday + 4 + bigEnoughMultipleOf7) % 7) + 4 - 1;
}

/** The struct tm fields read as UTC (glibc's mktime in a UTC process), exact beyond 2^53. */
function wallSeconds(f: Fields): bigint {
  return BigInt(daysFromCivil(f.y, f.m, f.d)) * 86400n + BigInt(f.h * 3600 + f.i * 60 + f.s);
}

/** `number` for an exact integer that may be beyond 2^53 (only the width and `_`/`-` matter for it). */
function numberText(spec: Spec, value: bigint): string {
  if (value >= -(2n ** 53n) && value <= 2n ** 53n) return number(spec, Number(value), 1, '0');
  const text = String(value);
  if (spec.width <= text.length) return text;
  allowString(spec.width);
  const neg = value < 0n;
  const digits = neg ? text.slice(1) : text;
  const fill = spec.pad === '_' || spec.pad === '-' ? ' ' : '0';
  const shortage = spec.width - text.length;
  return fill === ' ' ? ' '.repeat(shortage) + text : (neg ? '-' : '') + '0'.repeat(shortage) + digits;
}

/** Copies text with the case flags and field width applied (glibc's cpy/width_add). */
function text(spec: Spec, value: string, swapToLower = false): string {
  let out = value;
  if (spec.upper && !(spec.swapCase && swapToLower)) out = out.toUpperCase();
  else if (spec.swapCase) out = swapToLower ? out.toLowerCase() : out.toUpperCase();
  if (spec.width > out.length && spec.pad !== '-') {
    allowString(spec.width);
    const fill = spec.pad === '0' || spec.pad === '+' ? '0' : ' ';
    out = fill.repeat(spec.width - out.length) + out;
  }
  return out;
}

function hour12(h: number): number {
  return h % 12 || 12;
}

/** One conversion; returns null for a conversion glibc does not know. */
function convert(conversion: string, spec: Spec, f: Fields): string | null {
  switch (conversion) {
    case 'a':
      return text(spec, DAY_NAMES_SHORT[f.wday]);
    case 'A':
      return text(spec, DAY_NAMES[f.wday]);
    case 'b':
    case 'h':
      return text(spec, MONTH_NAMES_SHORT[f.m - 1]);
    case 'B':
      return text(spec, MONTH_NAMES[f.m - 1]);
    case 'c':
      return text(spec, format('%a %b %e %H:%M:%S %Y', f));
    case 'C':
      // glibc's "yearish" numbers (C, G, Y) have no minimum digits: year 1 is "1", year -4 "-4"
      return number(spec, Math.floor(f.y / 100), 1, '0');
    case 'd':
      return number(spec, f.d, 2, '0');
    case 'D':
    case 'x':
      return text(spec, format('%m/%d/%y', f));
    case 'e':
      return number(spec, f.d, 2, '_');
    case 'F':
      return text(spec, format('%Y-%m-%d', f));
    case 'g':
      return number(spec, ((isoWeekOf(f).year % 100) + 100) % 100, 2, '0');
    case 'G':
      return number(spec, isoWeekOf(f).year, 1, '0');
    case 'H':
      return number(spec, f.h, 2, '0');
    case 'I':
      return number(spec, hour12(f.h), 2, '0');
    case 'j':
      return number(spec, f.yday + 1, 3, '0');
    case 'k':
      return number(spec, f.h, 2, '_');
    case 'l':
      return number(spec, hour12(f.h), 2, '_');
    case 'm':
      return number(spec, f.m, 2, '0');
    case 'M':
      return number(spec, f.i, 2, '0');
    case 'n':
      return '\n';
    case 'p':
      return text(spec, f.h >= 12 ? 'PM' : 'AM', true);
    case 'P':
      return text({ ...spec, upper: false, swapCase: false }, f.h >= 12 ? 'pm' : 'am');
    case 'r':
      return text(spec, format('%I:%M:%S %p', f));
    case 'R':
      return text(spec, format('%H:%M', f));
    case 's':
      // glibc runs mktime() on the wall-clock fields (struct tm: the year cut to 32 bits) in the
      // process zone, which is UTC for PHP in a container: the wall clock read as UTC, exactly.
      return numberText(spec, wallSeconds(f));
    case 'S':
      return number(spec, f.s, 2, '0');
    case 't':
      return '\t';
    case 'T':
    case 'X':
      return text(spec, format('%H:%M:%S', f));
    case 'u':
      return number(spec, f.wday || 7, 1, '0');
    case 'U':
      return number(spec, Math.floor((f.yday - f.wday + 7) / 7), 2, '0');
    case 'V':
      return number(spec, isoWeekOf(f).week, 2, '0');
    case 'w':
      return number(spec, f.wday, 1, '0');
    case 'W':
      return number(spec, Math.floor((f.yday - ((f.wday + 6) % 7) + 7) / 7), 2, '0');
    case 'y':
      return number(spec, ((f.y % 100) + 100) % 100, 2, '0');
    case 'Y':
      return number(spec, f.y, 1, '0');
    case 'z': {
      const minutes = Math.trunc(f.offset / 60);
      const abs = Math.abs(minutes);
      const value = Math.floor(abs / 60) * 100 + (abs % 60);
      const sign = f.offset < 0 ? '-' : '+';
      return sign + number({ ...spec, width: spec.width >= 0 ? spec.width - 1 : -1 }, value, 4, '0');
    }
    case 'Z':
      return text(spec, zoneAbbreviation(f.timeZone, f.seconds), true);
    case '%':
      return '%';
  }
  return null;
}

/** One piece of a pattern: text copied as it is, or a conversion (`raw`: as written, when glibc does not know it). */
type Piece = string | { conversion: string; spec: Spec; raw: string };

/** Parsed patterns: a template formats many dates with few patterns. Cleared when full. */
const parsed = new Map<string, readonly Piece[]>();
const PARSED_LIMIT = 256;

function parse(pattern: string): readonly Piece[] {
  const pieces: Piece[] = [];
  let k = 0;
  let literal = '';
  while (k < pattern.length) {
    const c = pattern[k];
    if (c !== '%') {
      literal += c;
      k++;
      continue;
    }
    const start = k;
    k++;
    const spec: Spec = { pad: null, upper: false, swapCase: false, width: -1 };
    while (k < pattern.length && '_-0^#+'.includes(pattern[k])) {
      const flag = pattern[k];
      if (flag === '^') spec.upper = true;
      else if (flag === '#') spec.swapCase = true;
      else spec.pad = flag;
      k++;
    }
    const digitsAt = k;
    while (k < pattern.length && pattern[k] >= '0' && pattern[k] <= '9') k++;
    const digits = pattern.slice(digitsAt, k);
    if (digits !== '') spec.width = Number(digits);
    let modifier = '';
    if (k < pattern.length && (pattern[k] === 'E' || pattern[k] === 'O')) modifier = pattern[k++];
    if (k >= pattern.length) {
      // A lone '%' at the end (after any flags) is copied as written.
      literal += pattern.slice(start);
      break;
    }
    const conversion = pattern[k++];
    const raw = pattern.slice(start, k);
    if (conversion === '%' && modifier !== '') {
      literal += raw;
      continue;
    }
    if (literal !== '') pieces.push(literal);
    literal = '';
    pieces.push({ conversion, spec, raw });
  }
  if (literal !== '') pieces.push(literal);
  return pieces;
}

function format(pattern: string, f: Fields): string {
  let pieces = parsed.get(pattern);
  if (pieces === undefined) {
    pieces = parse(pattern);
    if (parsed.size >= PARSED_LIMIT) parsed.clear();
    parsed.set(pattern, pieces);
  }
  let out = '';
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    out += typeof p === 'string' ? p : (convert(p.conversion, p.spec, f) ?? p.raw);
    // each piece is within the cap (widths are checked as they are built); their sum is checked here
    allowString(out.length);
  }
  return out;
}

/**
 * strftime(`pattern`, `timestamp`) with PHP's default zone set to `timeZone`, in the C locale.
 * An empty pattern gives '' (PHP returns false; date_format prints it as '').
 */
export function strftime(pattern: string, timestamp: Timestamp, timeZone: string): string {
  if (pattern === '') return '';
  const local = toLocalTime(typeof timestamp === 'bigint' ? timestamp : Math.floor(timestamp), timeZone);
  // written out, not spread from `local`: a spread costs more than the whole formatting
  const fields: Fields = {
    // C's struct tm holds the year as an int: tm_year = y - 1900 keeps its low 32 bits
    y: ((local.y - 1900) | 0) + 1900,
    m: local.m,
    d: local.d,
    h: local.h,
    i: local.i,
    s: local.s,
    seconds: local.seconds,
    offset: local.offset,
    wday: dayOfWeek(local.y, local.m, local.d),
    yday: dayOfYear(local.y, local.m, local.d),
    timeZone,
  };
  return format(pattern, fields);
}
