/** PHP's mktime(): wall-clock fields in a zone to a timestamp, overflowing like PHP. */
import { wallToSeconds } from './calendar';
import { localToInstant } from './zone';

/**
 * mktime(hour, minute, second, month, day, year) with `timeZone` as PHP's default zone.
 * Out-of-range parts carry over (month 13 is January next year, day 0 the last day of the
 * previous month); years 0-69 mean 2000-2069 and 70-100 mean 1970-2000, as in PHP.
 * A local time skipped by a DST change moves forward by the gap.
 */
export function mktime(
  hour: number,
  minute: number,
  second: number,
  month: number,
  day: number,
  year: number,
  timeZone: string,
): number {
  let y = Math.trunc(year);
  if (y >= 0 && y < 70) y += 2000;
  else if (y >= 70 && y <= 100) y += 1900;
  const local = wallToSeconds({
    y,
    m: Math.trunc(month),
    d: Math.trunc(day),
    h: Math.trunc(hour),
    i: Math.trunc(minute),
    s: Math.trunc(second),
    us: 0,
  });
  return localToInstant(timeZone, local);
}
