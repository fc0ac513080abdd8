/**
 * PHP 8.2's date() / DateTimeInterface::format(), letter for letter as php_date.c's
 * date_format() prints them. Unknown characters are copied; a backslash copies the next one.
 */
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
import { toLocalTime, zoneAbbreviation, zoneIsDst } from './zone';

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
function swatch(seconds: number): string {
  let beats = ((seconds % 86400) + 3600) * 10;
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
  timestamp: number,
  timeZone: string,
  locale: DateLocale = 'en',
): string {
  if (format === '') return '';
  const t = toLocalTime(timestamp, timeZone);
  const ja = locale === 'ja';
  let iso: { week: number; year: number } | null = null;
  let abbreviation: string | null = null;
  const abbr = () => (abbreviation ??= zoneAbbreviation(timeZone, t.seconds));
  let out = '';
  for (let k = 0; k < format.length; k++) {
    const c = format[k];
    switch (c) {
      case 'd':
        out += zeroPad(t.d, 2);
        break;
      case 'D':
        out += (ja ? JA_DAY_NAMES_SHORT : DAY_NAMES_SHORT)[dayOfWeek(t.y, t.m, t.d)];
        break;
      case 'j':
        out += t.d;
        break;
      case 'l':
        out += (ja ? JA_DAY_NAMES : DAY_NAMES)[dayOfWeek(t.y, t.m, t.d)];
        break;
      case 'S':
        out += englishSuffix(t.d);
        break;
      case 'w':
        out += dayOfWeek(t.y, t.m, t.d);
        break;
      case 'N':
        out += dayOfWeek(t.y, t.m, t.d) || 7;
        break;
      case 'z':
        out += dayOfYear(t.y, t.m, t.d);
        break;
      case 'W':
        iso ??= isoWeek(t.y, t.m, t.d);
        out += zeroPad(iso.week, 2);
        break;
      case 'o':
        iso ??= isoWeek(t.y, t.m, t.d);
        out += iso.year;
        break;
      case 'F':
        out += (ja ? JA_MONTH_NAMES : MONTH_NAMES)[t.m - 1];
        break;
      case 'm':
        out += zeroPad(t.m, 2);
        break;
      case 'M':
        out += (ja ? JA_MONTH_NAMES : MONTH_NAMES_SHORT)[t.m - 1];
        break;
      case 'n':
        out += t.m;
        break;
      case 't':
        out += daysInMonth(t.y, t.m);
        break;
      case 'L':
        out += isLeapYear(t.y) ? '1' : '0';
        break;
      case 'y':
        out += zeroPad(t.y % 100, 2);
        break;
      case 'Y':
        out += (t.y < 0 ? '-' : '') + zeroPad(Math.abs(t.y), 4);
        break;
      case 'x':
        out += (t.y < 0 ? '-' : t.y >= 10000 ? '+' : '') + zeroPad(Math.abs(t.y), 4);
        break;
      case 'X':
        out += (t.y < 0 ? '-' : '+') + zeroPad(Math.abs(t.y), 4);
        break;
      case 'a':
        out += t.h >= 12 ? 'pm' : 'am';
        break;
      case 'A':
        out += t.h >= 12 ? 'PM' : 'AM';
        break;
      case 'B':
        out += swatch(t.seconds);
        break;
      case 'g':
        out += t.h % 12 || 12;
        break;
      case 'G':
        out += t.h;
        break;
      case 'h':
        out += zeroPad(t.h % 12 || 12, 2);
        break;
      case 'H':
        out += zeroPad(t.h, 2);
        break;
      case 'i':
        out += zeroPad(t.i, 2);
        break;
      case 's':
        out += zeroPad(t.s, 2);
        break;
      case 'u':
        out += zeroPad(t.us, 6);
        break;
      case 'v':
        out += zeroPad(Math.floor(t.us / 1000), 3);
        break;
      case 'I':
        out += zoneIsDst(timeZone, t.seconds) ? '1' : '0';
        break;
      case 'p':
        if (abbr() === 'UTC') {
          out += 'Z';
          break;
        }
        out += formatOffset(t.offset, true);
        break;
      case 'P':
        out += formatOffset(t.offset, true);
        break;
      case 'O':
        out += formatOffset(t.offset, false);
        break;
      case 'T':
        out += abbr();
        break;
      case 'e':
        out += timeZone;
        break;
      case 'Z':
        out += t.offset;
        break;
      case 'c':
        out +=
          `${zeroPad(t.y, 4)}-${zeroPad(t.m, 2)}-${zeroPad(t.d, 2)}T` +
          `${zeroPad(t.h, 2)}:${zeroPad(t.i, 2)}:${zeroPad(t.s, 2)}${formatOffset(t.offset, true)}`;
        break;
      case 'r':
        out +=
          `${DAY_NAMES_SHORT[dayOfWeek(t.y, t.m, t.d)]}, ${zeroPad(t.d, 2)} ${MONTH_NAMES_SHORT[t.m - 1]} ` +
          `${zeroPad(t.y, 4)} ${zeroPad(t.h, 2)}:${zeroPad(t.i, 2)}:${zeroPad(t.s, 2)} ${formatOffset(t.offset, false)}`;
        break;
      case 'U':
        out += t.seconds;
        break;
      case '\\':
        // PHP steps past the backslash even at the end, where it reads the string's NUL terminator.
        k++;
        out += k < format.length ? format[k] : '\0';
        break;
      default:
        out += c;
    }
  }
  return out;
}
