import { describe, expect, it } from 'vitest';
import { mktime } from '../../src/date/index';

describe('mktime', () => {
  it('builds timestamps from wall-clock parts in the zone', () => {
    expect(mktime(0, 0, 0, 1, 1, 2000, 'Asia/Tokyo')).toBe(946652400);
    expect(mktime(12, 0, 0, 2, 29, 2024, 'Asia/Tokyo')).toBe(1709175600);
    expect(mktime(0, 0, 0, 1, 1, 1970, 'UTC')).toBe(0);
    expect(mktime(10, 0, 0, 1, 1, 2024, 'America/New_York')).toBe(1704121200);
  });

  it.each([
    ['month 13 is January of the next year', [0, 0, 0, 13, 1, 2023], 1704067200],
    ['day 0 is the last day of the previous month', [0, 0, 0, 3, 0, 2024], 1709164800],
    ['February 30th overflows into March', [0, 0, 0, 2, 30, 2023], 1677715200],
    ['hour 25 is 01:00 the next day', [25, 0, 0, 1, 1, 2024], 1704157200],
    ['hour -1 is 23:00 the day before', [-1, 0, 0, 1, 1, 2024], 1704063600],
    ['second 60 is the next minute', [0, 0, 60, 1, 1, 2024], 1704067260],
    ['month 0 is December of the previous year', [0, 0, 0, 0, 1, 2024], 1701388800],
    ['month -1 is November of the previous year', [0, 0, 0, -1, 1, 2024], 1698796800],
  ] as const)('%s', (_, [h, i, s, m, d, y], expected) => {
    expect(mktime(h, i, s, m, d, y, 'UTC')).toBe(expected);
  });

  it('maps two-digit years like PHP', () => {
    expect(mktime(0, 0, 0, 1, 1, 70, 'UTC')).toBe(0);
    expect(mktime(0, 0, 0, 1, 1, 69, 'UTC')).toBe(3124224000); // 2069
    expect(mktime(0, 0, 0, 1, 1, 0, 'UTC')).toBe(946684800); // 2000
    expect(mktime(0, 0, 0, 1, 1, 100, 'UTC')).toBe(946684800); // 2000
    expect(mktime(0, 0, 0, 1, 1, 101, 'UTC')).toBe(-58979923200); // year 101
  });

  it('resolves DST gaps and overlaps like PHP', () => {
    // 02:30 does not exist in New York on 2024-03-10: PHP gives 03:30 EDT.
    expect(mktime(2, 30, 0, 3, 10, 2024, 'America/New_York')).toBe(1710055800);
    // 01:30 happens twice on 2024-11-03: PHP takes the first (EDT) one.
    expect(mktime(1, 30, 0, 11, 3, 2024, 'America/New_York')).toBe(1730611800);
    // London 2024-03-31 01:30 does not exist: 02:30 BST.
    expect(mktime(1, 30, 0, 3, 31, 2024, 'Europe/London')).toBe(1711848600);
    // Ordinary summer and winter times.
    expect(mktime(12, 0, 0, 7, 1, 2024, 'Europe/London')).toBe(1719831600);
    expect(mktime(12, 0, 0, 1, 1, 2024, 'Europe/London')).toBe(1704110400);
  });
});
