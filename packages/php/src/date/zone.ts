/**
 * Time-zone facts from the platform's Intl data (never a hand-written table): the UTC
 * offset at an instant, the abbreviation PHP prints for `T`, the DST flag, and the
 * local-time-to-instant resolution timelib applies (gaps and overlaps included).
 * Formatters are cached per zone: these functions sit on the hot path of date().
 */
import { civilFromDays, daysFromCivil, floorDiv, secondsToWall, type WallFields } from './calendar';

interface Zone {
  /** Name as given by the caller (PHP prints it back for `e`). */
  readonly name: string;
  readonly parts: Intl.DateTimeFormat;
  /** Offsets Intl gave by instant, and the offsets of whole UTC days; both cleared when large. */
  readonly offsets: Map<number, number>;
  readonly days: Map<number, DayOffsets>;
  abbr: Intl.DateTimeFormat[] | null;
  /** Abbreviation by UTC offset: within one zone an offset names one abbreviation. */
  readonly abbrByOffset: Map<number, string>;
}

const zones = new Map<string, Zone>();
const OFFSET_CACHE_LIMIT = 2048;
const MAX_ZONES = 32;
/** Intl (JS Date) covers ±8.64e15 ms; beyond that the offset at the edge is used. */
const MAX_SECONDS = 8.64e12 - 2 * 86400;

function makeZone(name: string): Zone {
  let parts: Intl.DateTimeFormat;
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw new RangeError(`Unknown or bad time zone: ${name}`);
  }
  return { name, parts, offsets: new Map(), days: new Map(), abbr: null, abbrByOffset: new Map() };
}

function zoneOf(name: string): Zone {
  let zone = zones.get(name);
  if (zone === undefined) {
    // each zone keeps two bounded offset caches: a handful of zones is what any site uses
    if (zones.size >= MAX_ZONES) zones.clear();
    zone = makeZone(name);
    zones.set(name, zone);
  }
  return zone;
}

/** The canonical IANA name when the platform knows `name` (case-insensitive), else null. */
export function resolveTimeZoneName(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Throws a RangeError naming the zone when the platform does not know it. */
export function assertTimeZone(name: string): void {
  zoneOf(name);
}

/** Offset at one instant straight from Intl (the slow path; see zoneOffset for the cache). */
function intlOffset(zone: Zone, t: number): number {
  const cached = zone.offsets.get(t);
  if (cached !== undefined) return cached;
  // format() is several times faster than formatToParts(); en-US prints "M/D/Y AD, HH:MM:SS".
  const text = zone.parts.format(t * 1000);
  const numbers = text.match(/\d+/g);
  let fields: number[];
  let bc: boolean;
  if (numbers !== null && numbers.length === 6) {
    fields = numbers.map(Number);
    bc = text.includes('B');
  } else {
    const parts = zone.parts.formatToParts(t * 1000);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    fields = [get('month'), get('day'), get('year'), get('hour'), get('minute'), get('second')];
    bc = parts.some((p) => p.type === 'era' && p.value.startsWith('B'));
  }
  const [m, d, year, h, i, s] = fields;
  const y = bc ? 1 - year : year;
  const offset = daysFromCivil(y, m, d) * 86400 + h * 3600 + i * 60 + s - t;
  if (zone.offsets.size >= OFFSET_CACHE_LIMIT) zone.offsets.clear();
  zone.offsets.set(t, offset);
  return offset;
}

/**
 * A UTC day's offsets: one number when constant, else the single transition inside it
 * (time zones never change twice within a day).
 */
type DayOffsets = number | { before: number; after: number; at: number };

function dayOffsets(zone: Zone, day: number): DayOffsets {
  const cached = zone.days.get(day);
  if (cached !== undefined) return cached;
  const start = day * 86400;
  const before = intlOffset(zone, start);
  const after = intlOffset(zone, start + 86400);
  let entry: DayOffsets = before;
  if (before !== after) {
    let lo = start;
    let hi = start + 86400;
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (intlOffset(zone, mid) === after) hi = mid;
      else lo = mid;
    }
    entry = { before, after, at: hi };
  }
  if (zone.days.size >= OFFSET_CACHE_LIMIT) zone.days.clear();
  zone.days.set(day, entry);
  return entry;
}

/** UTC offset in seconds of `timeZone` at the instant `seconds` (since the epoch). */
export function zoneOffset(timeZone: string, seconds: number): number {
  const zone = zoneOf(timeZone);
  const t = Math.max(-MAX_SECONDS, Math.min(MAX_SECONDS, Math.floor(seconds)));
  const entry = dayOffsets(zone, Math.floor(t / 86400));
  if (typeof entry === 'number') return entry;
  return t < entry.at ? entry.before : entry.after;
}

/** Whether `timeZone` observes daylight saving time at `seconds` (offset above the year's standard one). */
export function zoneIsDst(timeZone: string, seconds: number): boolean {
  const offset = zoneOffset(timeZone, seconds);
  const year = civilFromDays(floorDiv(Math.floor(seconds) + offset, 86400)).y;
  const jan = zoneOffset(timeZone, daysFromCivil(year, 1, 1) * 86400);
  const jul = zoneOffset(timeZone, daysFromCivil(year, 7, 1) * 86400);
  return offset > Math.min(jan, jul);
}

/**
 * CLDR only names a zone's abbreviation in the locales of its region ("JST" in ja-JP,
 * "BST" in en-GB, "EST" in en-US). These are the regions whose CLDR short names match
 * the tz database's abbreviations, which are what PHP prints.
 */
const ABBREVIATION_LOCALES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(America\/|US\/|Canada\/|Pacific\/Honolulu$|Navajo$|[ECMP]ST\d[ECMP]DT$|EST$|MST$|HST$)/, 'en-US'],
  [/^(Europe\/Dublin|Eire)$/, 'en-IE'],
  [/^(Europe\/|GB$|GB-Eire$|WET$|CET$|MET$|EET$)/, 'en-GB'],
  [/^Australia\//, 'en-AU'],
  [/^(Pacific\/Auckland|NZ|Antarctica\/McMurdo)$/, 'en-NZ'],
  [/^Asia\/(Kolkata|Calcutta)$/, 'en-IN'],
  [/^(Asia\/Tokyo|Japan)$/, 'ja-JP'],
  [/^(Asia\/Hong_Kong|Hongkong)$/, 'en-HK'],
  [/^Asia\/(Jakarta|Pontianak|Makassar|Jayapura)$/, 'id-ID'],
  [/^Africa\/(Johannesburg|Maseru|Mbabane)$/, 'en-ZA'],
];

function abbreviationFormatters(zone: Zone): Intl.DateTimeFormat[] {
  if (zone.abbr !== null) return zone.abbr;
  const locales: string[] = [];
  for (const [pattern, locale] of ABBREVIATION_LOCALES) {
    if (pattern.test(zone.name)) locales.push(locale);
  }
  locales.push('en-US');
  zone.abbr = locales.map(
    (locale) => new Intl.DateTimeFormat(locale, { timeZone: zone.name, timeZoneName: 'short' }),
  );
  return zone.abbr;
}

/** "+09", "+0530", "-0330": the tz database's spelling for zones without a letter abbreviation. */
function numericAbbreviation(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hours = String(Math.floor(abs / 3600)).padStart(2, '0');
  const minutes = Math.floor((abs % 3600) / 60);
  return sign + hours + (minutes === 0 ? '' : String(minutes).padStart(2, '0'));
}

/** 0002-01-01 and 9999-01-01 UTC: a year inside ICU's range in every zone's local time */
const NAMED_FIRST = -62104060800;
const NAMED_LAST = 253370764800;

/** 2001-01-01 and 2001-07-01 UTC: a winter and a summer instant of modern rules */
const NAMING_PROBES = [978307200, 993945600];

/** the zone's letter abbreviation (JST, EDT) at `seconds` as ICU names it, or null */
function letterAbbreviation(zone: Zone, offset: number, seconds: number): string | null {
  for (const formatter of abbreviationFormatters(zone)) {
    const part = formatter.formatToParts(seconds * 1000).find((p) => p.type === 'timeZoneName');
    const name = part?.value ?? '';
    if (/^[A-Z]{2,5}$/.test(name) && (name !== 'GMT' || offset === 0)) return name;
  }
  return null;
}

/** The abbreviation PHP's `T` prints for `timeZone` at `seconds` (JST, EDT, BST, UTC, +04, LMT). */
export function zoneAbbreviation(timeZone: string, seconds: number): string {
  const zone = zoneOf(timeZone);
  const offset = zoneOffset(timeZone, seconds);
  // Local mean time offsets are not whole minutes; the tz database calls them LMT.
  if (offset % 60 !== 0) return 'LMT';
  const cached = zone.abbrByOffset.get(offset);
  if (cached !== undefined) return cached;
  // ICU names zones only in local years 1..9999, and some only from 1970 (Tokyo before 1970 is
  // "GMT+9" to ICU, JST to the tz database): when the instant itself gives no letter name, an
  // instant of this century with the same offset names it
  const at = Math.max(NAMED_FIRST, Math.min(NAMED_LAST, Math.floor(seconds)));
  let abbreviation = letterAbbreviation(zone, offset, at);
  for (const probe of NAMING_PROBES) {
    if (abbreviation !== null) break;
    if (zoneOffset(timeZone, probe) === offset) abbreviation = letterAbbreviation(zone, offset, probe);
  }
  abbreviation ??= numericAbbreviation(offset);
  zone.abbrByOffset.set(offset, abbreviation);
  return abbreviation;
}

/** How the parsed string named its zone, which changes how overlaps are resolved (timelib's have_zone/dst). */
export interface ZoneHint {
  explicit: boolean;
  dst: boolean;
}

/** First instant in (lo, hi] whose offset equals offset(hi); offsets at lo and hi must differ. */
function transitionBetween(timeZone: string, lo: number, hi: number): number {
  const target = zoneOffset(timeZone, hi);
  let a = lo;
  let b = hi;
  while (b - a > 1) {
    const mid = a + floorDiv(b - a, 2);
    if (zoneOffset(timeZone, mid) === target) b = mid;
    else a = mid;
  }
  return b;
}

/**
 * The instant for local wall-clock seconds `local` (wall clock read as if UTC) in `timeZone`,
 * following timelib's do_adjust_timezone: a time in a spring-forward gap moves forward by the
 * gap; an ambiguous fall-back time takes the offset found at `local` read as UTC (so the DST
 * reading west of UTC, the standard one east of it), unless the string named the zone.
 */
export function localToInstant(timeZone: string, local: number, hint?: ZoneHint): number {
  const current = zoneOffset(timeZone, local);
  const afterAt = local - current;
  const after = zoneOffset(timeZone, afterAt);
  let actual = after;
  let actualAt = afterAt;
  // timelib compares against the start of the offset period around a probe instant; a
  // candidate instant is past that start when it lies after the probe or shares its offset.
  if (current === after && hint?.explicit) {
    const currentIsDst = zoneIsDst(timeZone, local);
    if (current >= 0 && hint.dst && !currentIsDst) {
      const earlierAt = local - current - 7200;
      const earlier = zoneOffset(timeZone, earlierAt);
      const at = local - earlier;
      if (earlier !== after && at < afterAt && zoneOffset(timeZone, at) !== after) {
        actual = earlier;
        actualAt = earlierAt;
      }
    } else if (current <= 0 && currentIsDst && !hint.dst) {
      const laterAt = local - current + 7200;
      const later = zoneOffset(timeZone, laterAt);
      const at = local - later;
      if (later !== after && (at >= laterAt || zoneOffset(timeZone, at) === later)) {
        actual = later;
        actualAt = laterAt;
      }
    }
  }
  if (current === actual) return local - current;
  const candidate = local - actual;
  // A candidate before the period that gave `actual` means the wall time fell in a gap.
  let inTransition = false;
  if (candidate < actualAt && zoneOffset(timeZone, candidate) !== actual) {
    const transition = transitionBetween(timeZone, candidate, actualAt);
    inTransition = candidate >= transition + (current - actual);
  }
  return inTransition ? local - current : candidate;
}

/**
 * A timestamp broken down in a zone: wall-clock fields (`us` from the fraction of a
 * fractional timestamp) plus the instant and its offset.
 */
export interface LocalTime extends WallFields {
  /** Whole seconds since the epoch (the floor of the timestamp; rounded beyond 2^53). */
  seconds: number;
  /** The exact timestamp when it is an int beyond 2^53 (PHP's int64), else null. */
  big: bigint | null;
  /** UTC offset in seconds. */
  offset: number;
}

/** A PHP timestamp: seconds since the epoch, an int64 (a bigint beyond 2^53) or a float. */
export type Timestamp = number | bigint;

const SAFE = 2 ** 53;

/** Breaks `timestamp` (seconds, possibly fractional) down into wall-clock fields of `timeZone`. */
export function toLocalTime(timestamp: Timestamp, timeZone: string): LocalTime {
  if (typeof timestamp === 'bigint' || Math.abs(timestamp) >= SAFE)
    return toLocalTimeInt64(timestamp, timeZone);
  if (!Number.isFinite(timestamp))
    throw new RangeError(`Timestamp must be a finite number, got ${timestamp}`);
  let seconds = Math.floor(timestamp);
  let us = Math.round((timestamp - seconds) * 1_000_000);
  if (us >= 1_000_000) {
    seconds += 1;
    us -= 1_000_000;
  }
  const offset = zoneOffset(timeZone, seconds);
  // written out: an object spread here (`{ ...wall, seconds }`) took most of date_format's time
  const w = secondsToWall(seconds + offset, us);
  return { y: w.y, m: w.m, d: w.d, h: w.h, i: w.i, s: w.s, us: w.us, seconds, big: null, offset };
}

/**
 * An int64 timestamp beyond 2^53, as timelib breaks it down: `ts + offset` wraps around in
 * 64 bits (PHP_INT_MAX in Tokyo is a date in year -292277022657), then the day and the time of
 * day come from exact integer division.
 */
function toLocalTimeInt64(timestamp: Timestamp, timeZone: string): LocalTime {
  if (typeof timestamp === 'number' && !Number.isFinite(timestamp))
    throw new RangeError(`Timestamp must be a finite number, got ${timestamp}`);
  const ts = BigInt.asIntN(64, typeof timestamp === 'bigint' ? timestamp : BigInt(Math.trunc(timestamp)));
  const seconds = Number(ts);
  const offset = zoneOffset(timeZone, seconds);
  const local = BigInt.asIntN(64, ts + BigInt(offset));
  let days = local / 86400n;
  let rest = local - days * 86400n;
  if (rest < 0n) {
    days -= 1n;
    rest += 86400n;
  }
  const { y, m, d } = civilFromDays(Number(days));
  const r = Number(rest);
  return {
    y,
    m,
    d,
    h: Math.floor(r / 3600),
    i: Math.floor((r % 3600) / 60),
    s: r % 60,
    us: 0,
    seconds,
    big: ts,
    offset,
  };
}
