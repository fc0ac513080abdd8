/**
 * The rules every content store applies the same way: when a topic is open, which members a viewer
 * may see, how an `order` is read and records are compared, how dates in records are read. The
 * fixture store calls them on records; a database store writes the same rules as SQL (types.ts).
 */
import { compare, strtotime, type Value } from '@sumi/php';
import { failure } from '../failure';
import type { ContentRecord, ContentValue, OpenCheck, OrderKey } from './types';

/** `Object.hasOwn`, typed: record keys come from templates ("__proto__", "constructor" are plain keys) */
export function own<T>(o: { [k: string]: T } | undefined | null, key: string): T | undefined {
  return o != null && Object.hasOwn(o, key) ? o[key] : undefined;
}

/** sets an own key, even "__proto__" (a plain assignment would change the prototype) */
export function setOwn(o: object, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A record's date (`2026-10-20`, `2026-10-20 10:00`, `2026-10-20T10:00:00+09:00`) as ms since the
 * epoch, read as strtotime does in `timeZone`; null for null or "". IO_PARSE for anything else.
 */
export function dateOf(v: ContentValue | undefined, timeZone: string, what: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string') {
    const s = strtotime(v, 0, timeZone);
    if (s !== false) return s * 1000;
  }
  throw failure('IO_PARSE', `${what} ${JSON.stringify(v)} is not a date`);
}

const flag = (v: ContentValue | undefined, dflt: number) =>
  v === undefined || v === null ? dflt : v === true ? 1 : v === false ? 0 : Number(v);

/**
 * Why a topic is not open at `check.at` (null when it is): topics_flg and open_flg must be 1 (both
 * default to 1), and `open_start_ymdhi` <= at < `open_end_ymdhi` where they are set.
 */
export function closedBecause(topic: ContentRecord, check: OpenCheck, timeZone: string): string | null {
  const id = topic.topics_id;
  if (flag(topic.topics_flg, 1) !== 1) return `topics ${id} is not valid (topics_flg ${topic.topics_flg})`;
  if (flag(topic.open_flg, 1) !== 1) return `topics ${id} is closed (open_flg ${topic.open_flg})`;
  const start = dateOf(topic.open_start_ymdhi, timeZone, `topics ${id}: open_start_ymdhi`);
  if (start !== null && check.at < start) return `topics ${id} opens at ${topic.open_start_ymdhi}`;
  const end = dateOf(topic.open_end_ymdhi, timeZone, `topics ${id}: open_end_ymdhi`);
  if (end !== null && check.at >= end) return `topics ${id} closed at ${topic.open_end_ymdhi}`;
  return null;
}

/**
 * Who may see a group's members (`visible_to` of the group): "all" (default: anyone, logged in or
 * not), "members" (any logged-in member), "none" (nobody but the member), or a list of group ids (the
 * members of those groups).
 */
export type GroupVisibility = 'all' | 'members' | 'none' | readonly number[];

/**
 * Is a member in `memberGroups` visible to the viewer? A member sees themself; otherwise one of the
 * member's groups must be visible to the viewer. A member in no group is visible to all.
 */
export function memberVisibleTo(
  memberId: number,
  memberGroups: readonly number[],
  visibilityOf: (groupId: number) => GroupVisibility,
  viewer: { memberId: number | null; groupIds: readonly number[] },
): boolean {
  if (viewer.memberId !== null && viewer.memberId === memberId) return true;
  if (memberGroups.length === 0) return true;
  return memberGroups.some((g) => {
    const v = visibilityOf(g);
    if (v === 'all') return true;
    if (v === 'members') return viewer.memberId !== null;
    if (v === 'none') return false;
    return viewer.memberId !== null && v.some((id) => viewer.groupIds.includes(id));
  });
}

/**
 * Reads an `order` attribute: `field`, `field:desc`, `field:asc` (or `field desc`), several joined
 * with commas. Fields outside `allowed` are refused (IO_BAD_VALUE), as are other directions.
 */
export function parseOrder(text: string, allowed: readonly string[]): OrderKey[] {
  const keys: OrderKey[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const m = /^([^\s:]+)(?:\s*[:\s]\s*(\S+))?$/.exec(item);
    const field = m?.[1] ?? item;
    const dir = (m?.[2] ?? 'asc').toLowerCase();
    if (!m || !allowed.includes(field)) {
      throw failure(
        'IO_BAD_VALUE',
        `order ${JSON.stringify(item)}: the field must be one of ${allowed.join(', ')}`,
      );
    }
    if (dir !== 'asc' && dir !== 'desc')
      throw failure('IO_BAD_VALUE', `order ${JSON.stringify(item)}: the direction must be asc or desc`);
    keys.push({ field, desc: dir === 'desc' });
  }
  return keys;
}

const scalar = (v: ContentValue | undefined): Value =>
  v === undefined || v === null || typeof v === 'object' ? null : v;

/** compares records by `order` (PHP 8's comparison of the values), then by `tie` ascending */
export function byOrder(
  order: readonly OrderKey[],
  tie: string,
): (a: ContentRecord, b: ContentRecord) => number {
  return (a, b) => {
    for (const k of order) {
      const c = compare(scalar(own(a, k.field)), scalar(own(b, k.field)));
      if (c !== 0) return k.desc ? -c : c;
    }
    return compare(scalar(own(a, tie)), scalar(own(b, tie)));
  };
}
