/**
 * Proleptic Gregorian calendar arithmetic on plain integers, the way timelib does it:
 * days are counted from 1970-01-01, months are 1..12, weekdays 0 (Sunday)..6.
 * Every function works for negative years and far-away dates (no JS Date involved).
 */

const SECONDS_PER_DAY = 86400;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/** Floor division for integers (C's `/` truncates; PHP dates need the floor). */
export function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

/** Modulo with the sign of the divisor. */
function floorMod(a: number, b: number): number {
  const r = a % b;
  return r !== 0 && r < 0 !== b < 0 ? r + b : r;
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1];
}

/** Days from 1970-01-01 to y-m-d (Howard Hinnant's days_from_civil). m must be 1..12. */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = floorDiv(yy, 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The inverse of daysFromCivil. */
export function civilFromDays(days: number): { y: number; m: number; d: number } {
  const z = days + 719468;
  const era = floorDiv(z, 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/** 0 = Sunday .. 6 = Saturday. */
export function dayOfWeek(y: number, m: number, d: number): number {
  return floorMod(daysFromCivil(y, m, d) + 4, 7);
}

/** 0-based day of the year (PHP's `z`). */
export function dayOfYear(y: number, m: number, d: number): number {
  return DAYS_BEFORE_MONTH[m - 1] + (m > 2 && isLeapYear(y) ? 1 : 0) + d - 1;
}

/** ISO-8601 week number and week-based year (PHP's `W` and `o`). */
export function isoWeek(y: number, m: number, d: number): { week: number; year: number } {
  const days = daysFromCivil(y, m, d);
  const isoDow = floorMod(days + 3, 7) + 1; // 1 = Monday .. 7 = Sunday
  // The Thursday of this week decides the week-based year.
  const thursday = days - isoDow + 4;
  const year = civilFromDays(thursday).y;
  const week = Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1;
  return { week, year };
}

/**
 * Broken-down wall-clock fields. Normalising carries every overflow (month 13, day 0,
 * hour -1, ...) into the larger units, which is exactly what timelib's do_range_limit
 * family ends up with.
 */
export interface WallFields {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  us: number;
}

/** Wall-clock fields to seconds since the epoch, as if the wall clock were UTC (fractions dropped). */
export function wallToSeconds(f: WallFields): number {
  const totalUs = f.us;
  const extraS = floorDiv(totalUs, 1_000_000);
  const mm = f.m - 1;
  const y = f.y + floorDiv(mm, 12);
  const m = floorMod(mm, 12) + 1;
  const days = daysFromCivil(y, m, 1) + f.d - 1;
  return days * SECONDS_PER_DAY + f.h * 3600 + f.i * 60 + f.s + extraS;
}

/** Seconds (as if UTC) plus microseconds back to normalised wall-clock fields. */
export function secondsToWall(seconds: number, us = 0): WallFields {
  const days = floorDiv(seconds, SECONDS_PER_DAY);
  const rest = seconds - days * SECONDS_PER_DAY;
  const { y, m, d } = civilFromDays(days);
  return {
    y,
    m,
    d,
    h: Math.floor(rest / 3600),
    i: Math.floor((rest % 3600) / 60),
    s: rest % 60,
    us: floorMod(us, 1_000_000),
  };
}

/** Normalise fields in place-free fashion: carries overflow of every unit. */
export function normalizeWall(f: WallFields): WallFields {
  return secondsToWall(wallToSeconds(f), f.us);
}
