/**
 * PHP 8.2's date() / DateTimeInterface::format(), letter for letter as php_date.c's
 * date_format() prints them. Unknown characters are copied; a backslash copies the next one.
 */
import { StringBuilder } from '../host';
import { dayOfWeek, dayOfYear, daysInMonth, isLeapYear, isoWeek } from './calendar';
import {
  DAY_NAMES,
  DAY_NAMES_SHORT,
  JA_DAY_NAMES,
  JA_DAY_NAMES_SHORT,
  JA_MONTH_NAMES,
  MONTH_NAMES,
  MONTH_NAMES_SHORT,
  zeroPad,
} from './names';
import { type Timestamp, toLocalTime, zoneAbbreviation, zoneIsDst } from './zone';

export type DateLocale = 'en' | 'ja';

function englishSuffix(day: number): string {
  if (day >= 10 && day <= 19) return 'th';
  switch (day % 10) {
    case 1:
      return 'st';
    case 2:
      return 'nd';
    case 3:
      return 'rd';
  }
  return 'th';
}

/** "+0900" or "+09:00" from an offset in seconds, truncating like C's integer division. */
function formatOffset(offset: number, colon: boolean): string {
  const sign = offset < 0 ? '-' : '+';
  const hours = Math.abs(Math.trunc(offset / 3600));
  const minutes = Math.abs(Math.trunc((offset % 3600) / 60));
  return sign + zeroPad(hours, 2) + (colon ? ':' : '') + zeroPad(minutes, 2);
}

/** Swatch Internet time, computed from the instant as php_date.c does (C remainder semantics). */
function swatch(seconds: number, big: bigint | null): string {
  let beats = ((big === null ? seconds % 86400 : Number(big % 86400n)) + 3600) * 10;
  if (beats < 0) beats += 864000;
  return zeroPad(Math.trunc(beats / 864) % 1000, 3);
}

/**
 * Formats `timestamp` (seconds since the epoch; a fraction feeds `u` and `v`) in `timeZone`.
 * With locale 'ja', D, l, M and F give Japanese names (the CMS's pg_dateformat); PHP's own
 * date() always uses 'en'.
 */
export function phpDate(
  format: string,
  timestamp: Timestamp,
  timeZone: string,
  locale: DateLocale = 'en',
): string {
  if (format === '') return '';
  const t = toLocalTime(timestamp, timeZone);
  const ja = locale === 'ja';
  let iso: { week: number; year: number } | null = null;
  let abbreviation: string | null = null;
  const abbr = () => (abbreviation ??= zoneAbbreviation(timeZone, t.seconds));
  // one piece per format character: built in chunks, within the string cap
  const out = new StringBuilder();
  for (let k = 0; k < format.length; k++) {
    const c = format[k];
    switch (c) {
      case 'd':
        out.add(zeroPad(t.d, 2));
        break;
      case 'D':
        out.add((ja ? JA_DAY_NAMES_SHORT : DAY_NAMES_SHORT)[dayOfWeek(t.y, t.m, t.d)]);
        break;
      case 'j':
        out.add(String(t.d));
        break;
      case 'l':
        out.add((ja ? JA_DAY_NAMES : DAY_NAMES)[dayOfWeek(t.y, t.m, t.d)]);
        break;
      case 'S':
        out.add(englishSuffix(t.d));
        break;
      case 'w':
        out.add(String(dayOfWeek(t.y, t.m, t.d)));
        break;
      case 'N':
        out.add(String(dayOfWeek(t.y, t.m, t.d) || 7));
        break;
      case 'z':
        out.add(String(dayOfYear(t.y, t.m, t.d)));
        break;
      case 'W':
        iso ??= isoWeek(t.y, t.m, t.d);
        out.add(zeroPad(iso.week, 2));
        break;
      case 'o':
        iso ??= isoWeek(t.y, t.m, t.d);
        out.add(String(iso.year));
        break;
      case 'F':
        out.add((ja ? JA_MONTH_NAMES : MONTH_NAMES)[t.m - 1]);
        break;
      case 'm':
        out.add(zeroPad(t.m, 2));
        break;
      case 'M':
        out.add((ja ? JA_MONTH_NAMES : MONTH_NAMES_SHORT)[t.m - 1]);
        break;
      case 'n':
        out.add(String(t.m));
        break;
      case 't':
        out.add(String(daysInMonth(t.y, t.m)));
        break;
      case 'L':
        out.add(isLeapYear(t.y) ? '1' : '0');
        break;
      case 'y':
        out.add(zeroPad(t.y % 100, 2));
        break;
      case 'Y':
        out.add((t.y < 0 ? '-' : '') + zeroPad(Math.abs(t.y), 4));
        break;
      case 'x':
        out.add((t.y < 0 ? '-' : t.y >= 10000 ? '+' : '') + zeroPad(Math.abs(t.y), 4));
        break;
      case 'X':
        out.add((t.y < 0 ? '-' : '+') + zeroPad(Math.abs(t.y), 4));
        break;
      case 'a':
        out.add(t.h >= 12 ? 'pm' : 'am');
        break;
      case 'A':
        out.add(t.h >= 12 ? 'PM' : 'AM');
        break;
      case 'B':
        out.add(swatch(t.seconds, t.big));
        break;
      case 'g':
        out.add(String(t.h % 12 || 12));
        break;
      case 'G':
        out.add(String(t.h));
        break;
      case 'h':
        out.add(zeroPad(t.h % 12 || 12, 2));
        break;
      case 'H':
        out.add(zeroPad(t.h, 2));
        break;
      case 'i':
        out.add(zeroPad(t.i, 2));
        break;
      case 's':
        out.add(zeroPad(t.s, 2));
        break;
      case 'u':
        out.add(zeroPad(t.us, 6));
        break;
      case 'v':
        out.add(zeroPad(Math.floor(t.us / 1000), 3));
        break;
      case 'I':
        out.add(zoneIsDst(timeZone, t.seconds) ? '1' : '0');
        break;
      case 'p':
        if (abbr() === 'UTC') {
          out.add('Z');
          break;
        }
        out.add(formatOffset(t.offset, true));
        break;
      case 'P':
        out.add(formatOffset(t.offset, true));
        break;
      case 'O':
        out.add(formatOffset(t.offset, false));
        break;
      case 'T':
        out.add(abbr());
        break;
      case 'e':
        out.add(timeZone);
        break;
      case 'Z':
        out.add(String(t.offset));
        break;
      case 'c':
        out.add(
          `${zeroPad(t.y, 4)}-${zeroPad(t.m, 2)}-${zeroPad(t.d, 2)}T` +
            `${zeroPad(t.h, 2)}:${zeroPad(t.i, 2)}:${zeroPad(t.s, 2)}${formatOffset(t.offset, true)}`,
        );
        break;
      case 'r':
        out.add(
          `${DAY_NAMES_SHORT[dayOfWeek(t.y, t.m, t.d)]}, ${zeroPad(t.d, 2)} ${MONTH_NAMES_SHORT[t.m - 1]} ` +
            `${zeroPad(t.y, 4)} ${zeroPad(t.h, 2)}:${zeroPad(t.i, 2)}:${zeroPad(t.s, 2)} ${formatOffset(t.offset, false)}`,
        );
        break;
      case 'U':
        out.add(String(t.big ?? t.seconds));
        break;
      case '\\':
        // PHP steps past the backslash even at the end, where it reads the string's NUL terminator.
        k++;
        out.add(k < format.length ? format[k] : '\0');
        break;
      default:
        out.add(c);
    }
  }
  return out.toString();
}
