import { describe, expect, it } from 'vitest';
import { phpDate, strtotime } from '../../src/date/index';

const TOKYO = 'Asia/Tokyo';
const NY = 'America/New_York';
const LONDON = 'Europe/London';

/** "now" for these tests: Wednesday 2023-11-15 07:13:20 JST (2023-11-14 22:13:20 UTC). */
const NOW = 1700000000;
/** 2023-11-15 00:00:00 JST. */
const TODAY = 1699974000;
const DAY = 86400;

describe('strtotime: absolute dates and times (Asia/Tokyo)', () => {
  it.each([
    ['2024-02-29 12:00:00', 1709175600],
    ['2024-03-05', 1709564400],
    ['2024/03/05', 1709564400],
    ['03/05/2024', 1709564400],
    ['5 March 2024', 1709564400],
    ['5th March 2024', 1709564400],
    ['March 5, 2024', 1709564400],
    ['Mar 5 2024', 1709564400],
    ['05.03.2024', 1709564400],
    ['20240305', 1709564400],
    ['2000-01-01 00:00:00', 946652400],
    ['2024-03-05 07:08:09', 1709590089],
    ['2024-02-29T12:00:00', 1709175600],
    ['2024-02-29 12:00:00.5', 1709175600],
    ['  2024-03-05  ', 1709564400],
  ])('%j → %i', (text, expected) => {
    expect(strtotime(text, NOW, TOKYO)).toBe(expected);
  });

  it('reads ISO 8601 with Z and offsets', () => {
    expect(strtotime('2024-01-01T00:00:00Z', NOW, TOKYO)).toBe(1704067200);
    expect(strtotime('2024-01-01T00:00:00+09:00', NOW, TOKYO)).toBe(1704034800);
    expect(strtotime('2024-01-01T00:00:00+0900', NOW, TOKYO)).toBe(1704034800);
    expect(strtotime('2024-01-01 00:00:00 -05:00', NOW, TOKYO)).toBe(1704085200);
    expect(strtotime('2024-01-01T00:00:00.123Z', NOW, TOKYO)).toBe(1704067200);
    expect(strtotime('2024-01-01 12:00 GMT+2', NOW, TOKYO)).toBe(1704103200);
  });

  it('reads zone abbreviations and identifiers', () => {
    expect(strtotime('2024-01-01 00:00 EST', NOW, TOKYO)).toBe(1704085200);
    expect(strtotime('2024-07-01 12:00 EDT', NOW, TOKYO)).toBe(1719849600);
    expect(strtotime('2024-01-01 12:00 UTC', NOW, TOKYO)).toBe(1704110400);
    expect(strtotime('2024-01-01 12:00 JST', NOW, TOKYO)).toBe(1704078000);
    expect(strtotime('2024-01-01 10:00 America/New_York', NOW, TOKYO)).toBe(1704121200);
    expect(strtotime('2024-07-01 10:00 Europe/London', NOW, TOKYO)).toBe(1719824400);
  });

  it('reads @timestamps as UTC seconds', () => {
    expect(strtotime('@1700000000', NOW, TOKYO)).toBe(1700000000);
    expect(strtotime('@0', NOW, TOKYO)).toBe(0);
    expect(strtotime('@-1', NOW, TOKYO)).toBe(-1);
  });

  it('reads a bare four-digit number as a time of day (PHP reads "2024" as 20:24)', () => {
    expect(strtotime('2024', NOW, TOKYO)).toBe(TODAY + 20 * 3600 + 24 * 60);
  });
});

describe('strtotime: words and times of day', () => {
  it.each([
    ['now', NOW],
    ['today', TODAY],
    ['midnight', TODAY],
    ['noon', TODAY + 12 * 3600],
    ['tomorrow', TODAY + DAY],
    ['yesterday', TODAY - DAY],
    ['10:30', TODAY + 10 * 3600 + 30 * 60],
    ['10:30:15', TODAY + 10 * 3600 + 30 * 60 + 15],
    ['10am', TODAY + 10 * 3600],
    ['10pm', TODAY + 22 * 3600],
    ['10:30pm', TODAY + 22 * 3600 + 30 * 60],
    ['12am', TODAY],
    ['12pm', TODAY + 12 * 3600],
    ['tomorrow 10:00', TODAY + DAY + 10 * 3600],
    ['tomorrow noon', TODAY + DAY + 12 * 3600],
    ['yesterday 23:59:59', TODAY - 1],
    // A day word after the time resets it to midnight, as in PHP.
    ['10:00 tomorrow', TODAY + DAY],
    ['NOW', NOW],
    ['Tomorrow', TODAY + DAY],
  ])('%j', (text, expected) => {
    expect(strtotime(text, NOW, TOKYO)).toBe(expected);
  });
});

describe('strtotime: relative units', () => {
  it.each([
    ['+1 day', NOW + DAY],
    ['-2 days', NOW - 2 * DAY],
    ['+1 week', NOW + 7 * DAY],
    ['+1 week 2 days', NOW + 9 * DAY],
    ['3 hours ago', NOW - 3 * 3600],
    ['2 days ago', NOW - 2 * DAY],
    ['+167 hour', NOW + 167 * 3600],
    ['+90 minutes', NOW + 5400],
    ['-30 sec', NOW - 30],
    ['+1 fortnight', NOW + 14 * DAY],
    ['1 year ago', NOW - 365 * DAY],
    ['next month', NOW + 30 * DAY],
    ['last month', NOW - 31 * DAY],
    ['next year', NOW + 366 * DAY],
    ['+1 month -1 day', NOW + 29 * DAY],
    ['+2 weekdays', TODAY - DAY + DAY * 3 + 7 * 3600 + 13 * 60 + 20],
  ])('%j', (text, expected) => {
    expect(strtotime(text, NOW, TOKYO)).toBe(expected);
  });
});

describe('strtotime: month overflow like PHP', () => {
  it.each([
    ['2024-01-31 +1 month', '2024-03-02'],
    ['2023-01-31 +1 month', '2023-03-03'],
    ['2024-03-31 -1 month', '2024-03-02'],
    ['2024-02-29 +1 year', '2025-03-01'],
    ['2024-12-31 +1 day', '2025-01-01'],
    ['2024-02-30', '2024-03-01'],
  ])('%j → %s', (text, expected) => {
    const ts = strtotime(text, NOW, TOKYO);
    expect(ts).not.toBe(false);
    expect(phpDate('Y-m-d', ts as number, TOKYO)).toBe(expected);
  });
});

describe('strtotime: weekdays', () => {
  it.each([
    ['monday', '2023-11-20 00:00'],
    ['wednesday', '2023-11-15 00:00'],
    ['Sat', '2023-11-18 00:00'],
    ['next monday', '2023-11-20 00:00'],
    ['next wednesday', '2023-11-22 00:00'],
    ['last friday', '2023-11-10 00:00'],
    ['last wednesday', '2023-11-08 00:00'],
    ['monday next week', '2023-11-20 00:00'],
    ['monday this week', '2023-11-13 00:00'],
    ['sunday this week', '2023-11-19 00:00'],
    ['friday last week', '2023-11-10 00:00'],
    ['this week', '2023-11-13 07:13'],
    ['next week', '2023-11-20 07:13'],
    ['last week', '2023-11-06 07:13'],
    ['monday 10:00', '2023-11-20 10:00'],
  ])('%j → %s', (text, expected) => {
    const ts = strtotime(text, NOW, TOKYO);
    expect(ts).not.toBe(false);
    expect(phpDate('Y-m-d H:i', ts as number, TOKYO)).toBe(expected);
  });
});

describe('strtotime: first/last day of, nth weekday of', () => {
  it.each([
    ['first day of next month', '2023-12-01 07:13:20'],
    ['first day of next month midnight', '2023-12-01 00:00:00'],
    ['last day of this month', '2023-11-30 07:13:20'],
    ['last day of next month', '2023-12-31 07:13:20'],
    ['first day of last month', '2023-10-01 07:13:20'],
    ['last day of february 2024', '2024-02-29 00:00:00'],
    ['first day of january 2025', '2025-01-01 00:00:00'],
    ['2024-01-31 last day of next month', '2024-02-29 00:00:00'],
    ['first monday of January 2025', '2025-01-06 00:00:00'],
    ['second tuesday of March 2024', '2024-03-12 00:00:00'],
    ['last friday of next month', '2023-12-29 00:00:00'],
    ['last sunday of March 2024', '2024-03-31 00:00:00'],
    ['first monday of April 2024', '2024-04-01 00:00:00'],
  ])('%j → %s', (text, expected) => {
    const ts = strtotime(text, NOW, TOKYO);
    expect(ts).not.toBe(false);
    expect(phpDate('Y-m-d H:i:s', ts as number, TOKYO)).toBe(expected);
  });
});

describe('strtotime: unparsable input', () => {
  it.each([
    'not a date',
    '',
    // timelib keeps one character of a whitespace-only text: a lone \v, \f or \r is unexpected
    '\v',
    '\r',
    'foo',
    'tomorrow at 10',
    '10:00 Mars/Olympus',
    '2024-01-01 10:00 11:00',
    '2024-01-01 2024-01-02',
    // Ten digits: PHP reads 1700-00-00 then chokes on the rest.
    '1700000000',
    'this',
  ])('%j → false', (text) => {
    expect(strtotime(text, NOW, TOKYO)).toBe(false);
  });
});

describe('strtotime: whitespace only', () => {
  it.each([' ', '   ', '\t', '\n', ' \t\n', '\0'])('%j → now (PHP 8.2)', (text) => {
    expect(strtotime(text, NOW, TOKYO)).toBe(NOW);
  });
});

describe('strtotime: DST-correct local times', () => {
  it('moves a time in the spring-forward gap forward (New York)', () => {
    expect(strtotime('2024-03-10 02:30:00', NOW, NY)).toBe(1710055800);
    expect(phpDate('H:i T', 1710055800, NY)).toBe('03:30 EDT');
  });

  it('reads an ambiguous fall-back time as DST west of UTC (New York)', () => {
    expect(strtotime('2024-11-03 01:30:00', NOW, NY)).toBe(1730611800);
  });

  it('keeps the wall clock across DST for +1 day', () => {
    const before = strtotime('2024-03-09 12:00:00', NOW, NY) as number;
    expect(before).toBe(1710003600);
    expect(strtotime('2024-03-09 12:00:00 +1 day', NOW, NY)).toBe(1710086400);
    expect(phpDate('Y-m-d H:i T', 1710086400, NY)).toBe('2024-03-10 12:00 EDT');
  });

  it('resolves London times around both changes', () => {
    expect(strtotime('2024-03-31 00:30:00', NOW, LONDON)).toBe(1711845000);
    // 01:30 does not exist on 2024-03-31; it becomes 02:30 BST.
    expect(strtotime('2024-03-31 01:30:00', NOW, LONDON)).toBe(1711848600);
    expect(strtotime('2024-07-01 10:00:00', NOW, LONDON)).toBe(1719824400);
    // East of UTC timelib settles on the standard-time reading of the repeated hour.
    expect(strtotime('2024-10-27 01:30:00', NOW, LONDON)).toBe(1729992600);
  });

  it('reads the same words in UTC and New York', () => {
    expect(strtotime('today', NOW, 'UTC')).toBe(1699920000);
    expect(strtotime('today', NOW, NY)).toBe(1699938000);
    expect(strtotime('tomorrow', NOW, NY)).toBe(1700024400);
  });
});
