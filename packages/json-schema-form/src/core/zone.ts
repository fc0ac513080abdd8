/**
 * Date-times in a named time zone, with Intl only: `datetime-local` inputs show wall-clock time, and the
 * stored value is RFC 3339 with the explicit offset the zone has at that instant.
 */

export function defaultTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallParts(zone: string, utcMs: number): number[] {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(utcMs))) parts[p.type] = Number(p.value);
  return [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second];
}

function utcOf([y, mo, d, h, mi, s]: number[]): number {
  const date = new Date(Date.UTC(2000, mo - 1, d, h, mi, s));
  date.setUTCFullYear(y); // Date.UTC maps years 0–99 to 1900–1999
  return date.getTime();
}

/** The zone's offset from UTC, in minutes, at an instant. */
export function offsetMinutes(zone: string, utcMs: number): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  return Math.round((utcOf(wallParts(zone, whole)) - whole) / 60000);
}

/** '+09:00', '-05:30', '+00:00' (RFC 3339 writes the zero offset either as this or as 'Z'). */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

const DAY = 86_400_000;
const LOCAL = /^(\d{4,})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?$/;
const RFC3339 = /^(\d{4,}-\d\d-\d\d)[Tt ](\d\d:\d\d(?::\d\d(?:\.\d+)?)?)([Zz]|[+-]\d\d:?\d\d)$/;

/**
 * A `datetime-local` value ('2024-05-01T10:30' or with seconds), read as wall time in `zone`, as RFC 3339
 * with that zone's offset. In a gap (spring forward) the later offset is used; '' when unreadable.
 */
export function localToRfc3339(local: string, zone: string): string {
  const m = LOCAL.exec(local);
  if (!m) return '';
  const wall = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const guess = utcOf(wall);
  // The offsets a day before and after bracket any transition: a wall time they both reproduce is an
  // overlap (the earlier instant wins); one neither reproduces is a gap (the earlier offset moves it on).
  const before = guess - offsetMinutes(zone, guess - DAY) * 60000;
  const after = guess - offsetMinutes(zone, guess + DAY) * 60000;
  const fits = (utc: number) => utcOf(wallParts(zone, utc)) === guess;
  const utc = fits(before) || !fits(after) ? Math.min(before, fits(after) ? after : before) : after;
  const offset = offsetMinutes(zone, utc);
  const [y, mo, d, h, mi, s] = wallParts(zone, utc);
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${formatOffset(offset)}`;
}

/**
 * A stored date-time as the `datetime-local` value showing it in `zone` ('YYYY-MM-DDTHH:mm:ss').
 * A value without an offset is taken as wall time already; '' when unreadable.
 */
export function rfc3339ToLocal(value: string, zone: string): string {
  const bare = LOCAL.exec(value);
  if (bare) return `${bare[1]}-${bare[2]}-${bare[3]}T${bare[4]}:${bare[5]}:${bare[6] ?? '00'}`;
  const m = RFC3339.exec(value);
  if (!m) return '';
  const offset = /^[Zz]$/.test(m[3])
    ? 'Z'
    : m[3].length === 5
      ? `${m[3].slice(0, 3)}:${m[3].slice(3)}`
      : m[3];
  const utc = Date.parse(`${m[1]}T${m[2]}${offset}`);
  if (Number.isNaN(utc)) return '';
  const [y, mo, d, h, mi, s] = wallParts(zone, utc);
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}`;
}

/** 'Asia/Tokyo (UTC+09:00)': the zone shown beside a date-time field. */
export function zoneLabel(zone: string, utcMs: number = Date.now()): string {
  return `${zone} (UTC${formatOffset(offsetMinutes(zone, utcMs))})`;
}
