/**
 * Turns a scanned string into an instant, as timelib_fill_holes + timelib_update_ts do:
 * unset fields come from "now", then the special day-of-month rules, the weekday rules
 * and the relative units are applied to the wall-clock fields (months overflow into the
 * next month like PHP: Jan 31 +1 month is Mar 2 or 3), and finally the zone gives the instant.
 */
import { dayOfWeek, normalizeWall, type WallFields, wallToSeconds } from './calendar';
import {
  FIRST_DAY_OF_MONTH,
  LAST_DAY_OF_MONTH,
  type Parsed,
  type Relative,
  SPECIAL_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_WEEKDAY,
} from './parsed';
import { localToInstant, toLocalTime, zoneIsDst } from './zone';

/** timelib's do_adjust_for_weekday. */
function adjustForWeekday(f: WallFields, rel: Relative): void {
  const currentDow = dayOfWeek(f.y, f.m, f.d);
  if (rel.weekdayBehavior === 2) {
    // "this week" counts from Monday; Sunday belongs to the week that ends with it.
    if (currentDow === 0 && rel.weekday !== 0) rel.weekday -= 7;
    if (rel.weekday === 0 && currentDow !== 0) rel.weekday = 7;
    f.d += rel.weekday - currentDow;
    return;
  }
  let difference = rel.weekday - currentDow;
  if ((rel.d < 0 && difference < 0) || (rel.d >= 0 && difference <= -rel.weekdayBehavior)) difference += 7;
  if (rel.weekday >= 0) f.d += difference;
  else f.d -= 7 - (Math.abs(rel.weekday) - currentDow);
  rel.haveWeekdayRelative = false;
}

/** timelib's do_adjust_special_weekday: move by business days, skipping weekends. */
function adjustSpecialWeekday(f: WallFields, count: number): void {
  const dow = dayOfWeek(f.y, f.m, f.d);
  f.d += Math.trunc(count / 5) * 7;
  const rem = count % 5;
  if (count > 0) {
    if (rem === 0) {
      if (dow === 0) f.d -= 2;
      else if (dow === 6) f.d -= 1;
    } else if (dow === 6) {
      f.d += 1;
    } else if (dow + rem > 5) {
      f.d += 2;
    }
  } else {
    if (rem === 0) {
      if (dow === 6) f.d += 2;
      else if (dow === 0) f.d += 1;
    } else if (dow === 0) {
      f.d -= 1;
    } else if (dow + rem < 1) {
      f.d -= 2;
    }
  }
  f.d += rem;
}

function applyFirstLastDayOf(f: WallFields, rel: Relative): void {
  if (rel.firstLastDayOf === FIRST_DAY_OF_MONTH) {
    f.d = 1;
  } else if (rel.firstLastDayOf === LAST_DAY_OF_MONTH) {
    f.d = 0;
    f.m++;
  }
}

/** The instant `p` denotes, reading unset fields from `now` in `timeZone`; null when out of range. */
export function resolveParsed(p: Parsed, now: number, timeZone: string): number | null {
  const current = toLocalTime(Math.floor(now), timeZone);
  const rel = { ...p.relative };

  // timelib_fill_holes
  let { h, i, s, us } = p;
  if (p.haveDate && p.haveTime === 0) h = i = s = us = 0;
  const anySet = p.y !== null || p.m !== null || p.d !== null || h !== null || i !== null || s !== null;
  let f: WallFields = {
    y: p.y ?? current.y,
    m: p.m ?? current.m,
    d: p.d ?? current.d,
    h: h ?? current.h,
    i: i ?? current.i,
    s: s ?? current.s,
    us: us ?? (anySet ? 0 : current.us),
  };

  // do_adjust_special_early
  if (rel.haveSpecialRelative) {
    if (rel.specialType === SPECIAL_DAY_OF_WEEK_IN_MONTH) {
      f.d = 1;
      f.m += rel.m;
      rel.m = 0;
    } else if (rel.specialType === SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH) {
      f.d = 1;
      f.m += rel.m + 1;
      rel.m = 0;
    }
  }
  applyFirstLastDayOf(f, rel);
  f = normalizeWall(f);

  // do_adjust_relative
  if (rel.haveWeekdayRelative) adjustForWeekday(f, rel);
  f = normalizeWall(f);
  if (p.haveRelative) {
    f.us += rel.us;
    f.s += rel.s;
    f.i += rel.i;
    f.h += rel.h;
    f.d += rel.d;
    f.m += rel.m;
    f.y += rel.y;
  }
  applyFirstLastDayOf(f, rel);
  f = normalizeWall(f);

  // do_adjust_special
  if (rel.haveSpecialRelative && rel.specialType === SPECIAL_WEEKDAY) {
    adjustSpecialWeekday(f, rel.specialAmount);
    f = normalizeWall(f);
  }

  // do_adjust_timezone
  const local = wallToSeconds(f);
  let instant: number;
  const zone = p.zone;
  if (zone === null) {
    instant = localToInstant(timeZone, local);
  } else if (zone.kind === 'id') {
    const dst = p.dst ?? zoneIsDst(timeZone, current.seconds);
    instant = localToInstant(zone.name, local, { explicit: true, dst });
  } else {
    instant = local - zone.offset;
  }
  return Number.isSafeInteger(instant) ? instant : null;
}
