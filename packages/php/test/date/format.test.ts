import { describe, expect, it } from 'vitest';
import { phpDate } from '../../src/date/index';

const TOKYO = 'Asia/Tokyo';
const NY = 'America/New_York';
const LONDON = 'Europe/London';

/** 2024-02-29 12:00:00 JST, a Thursday in a leap year (03:00:00 UTC). */
const LEAP_NOON = 1709175600;

describe('phpDate: every format letter (2024-02-29 12:00:00 Asia/Tokyo)', () => {
  it.each([
    ['d', '29'],
    ['D', 'Thu'],
    ['j', '29'],
    ['l', 'Thursday'],
    ['N', '4'],
    ['S', 'th'],
    ['w', '4'],
    ['z', '59'],
    ['W', '09'],
    ['F', 'February'],
    ['m', '02'],
    ['M', 'Feb'],
    ['n', '2'],
    ['t', '29'],
    ['L', '1'],
    ['o', '2024'],
    ['X', '+2024'],
    ['x', '2024'],
    ['Y', '2024'],
    ['y', '24'],
    ['a', 'pm'],
    ['A', 'PM'],
    // 03:00 UTC is 04:00 in Biel (UTC+1): 4/24 of a day = 166.67 beats.
    ['B', '166'],
    ['g', '12'],
    ['G', '12'],
    ['h', '12'],
    ['H', '12'],
    ['i', '00'],
    ['s', '00'],
    ['u', '000000'],
    ['v', '000'],
    ['e', 'Asia/Tokyo'],
    ['I', '0'],
    ['O', '+0900'],
    ['P', '+09:00'],
    ['p', '+09:00'],
    ['T', 'JST'],
    ['Z', '32400'],
    ['c', '2024-02-29T12:00:00+09:00'],
    ['r', 'Thu, 29 Feb 2024 12:00:00 +0900'],
    ['U', '1709175600'],
  ])('%s → %s', (format, expected) => {
    expect(phpDate(format, LEAP_NOON, TOKYO)).toBe(expected);
  });
});

describe('phpDate: composition, escapes and literals', () => {
  it('combines letters with literal punctuation', () => {
    expect(phpDate('Y-m-d H:i:s', LEAP_NOON, TOKYO)).toBe('2024-02-29 12:00:00');
    expect(phpDate('D, d M Y', LEAP_NOON, TOKYO)).toBe('Thu, 29 Feb 2024');
  });

  it('copies a backslash-escaped letter', () => {
    expect(phpDate('\\Y\\m\\d Y', LEAP_NOON, TOKYO)).toBe('Ymd 2024');
    expect(phpDate('l \\t\\h\\e jS', LEAP_NOON, TOKYO)).toBe('Thursday the 29th');
  });

  it('copies unknown characters and multibyte text', () => {
    expect(phpDate('Y年n月j日', LEAP_NOON, TOKYO)).toBe('2024年2月29日');
    expect(phpDate('[Q]', LEAP_NOON, TOKYO)).toBe('[Q]');
  });

  it('reads the NUL terminator after a trailing backslash, like PHP', () => {
    expect(phpDate('Y\\', LEAP_NOON, TOKYO)).toBe('2024\0');
  });

  it('returns an empty string for an empty format', () => {
    expect(phpDate('', LEAP_NOON, TOKYO)).toBe('');
  });

  it('prints microseconds and milliseconds from a fractional timestamp', () => {
    expect(phpDate('s.u v', LEAP_NOON + 0.123456, 'UTC')).toBe('00.123456 123');
    expect(phpDate('u', LEAP_NOON + 0.5, 'UTC')).toBe('500000');
  });
});

describe('phpDate: English ordinal suffixes', () => {
  it.each([
    [1, 'st'],
    [2, 'nd'],
    [3, 'rd'],
    [4, 'th'],
    [11, 'th'],
    [12, 'th'],
    [13, 'th'],
    [21, 'st'],
    [22, 'nd'],
    [23, 'rd'],
    [31, 'st'],
  ])('day %i → %s', (day, suffix) => {
    // January <day>, 2024 at noon UTC.
    expect(phpDate('jS', 1704110400 + (day - 1) * 86400, 'UTC')).toBe(`${day}${suffix}`);
  });
});

describe('phpDate: 12-hour clock', () => {
  it.each([
    [0, '12 12 am AM 0 00'],
    [1, '1 01 am AM 1 01'],
    [11, '11 11 am AM 11 11'],
    [12, '12 12 pm PM 12 12'],
    [13, '1 01 pm PM 13 13'],
    [23, '11 11 pm PM 23 23'],
  ])('hour %i', (hour, expected) => {
    expect(phpDate('g h a A G H', 1704067200 + hour * 3600, 'UTC')).toBe(expected);
  });
});

describe('phpDate: time zones', () => {
  it('formats the same instant in UTC, Tokyo and New York', () => {
    expect(phpDate('Y-m-d H:i:s T e', 1700000000, 'UTC')).toBe('2023-11-14 22:13:20 UTC UTC');
    expect(phpDate('Y-m-d H:i:s T e', 1700000000, TOKYO)).toBe('2023-11-15 07:13:20 JST Asia/Tokyo');
    expect(phpDate('Y-m-d H:i:s T e', 1700000000, NY)).toBe('2023-11-14 17:13:20 EST America/New_York');
  });

  it('uses Z for p in UTC only', () => {
    expect(phpDate('p P O Z', 1700000000, 'UTC')).toBe('Z +00:00 +0000 0');
    // London in winter is GMT, not UTC: p prints the offset.
    expect(phpDate('p T', 1700000000, LONDON)).toBe('+00:00 GMT');
  });

  it('prints negative offsets', () => {
    expect(phpDate('O P Z I', 1700000000, NY)).toBe('-0500 -05:00 -18000 0');
    expect(phpDate('O P Z I T', 1720000000, NY)).toBe('-0400 -04:00 -14400 1 EDT');
  });

  it('prints half- and quarter-hour offsets', () => {
    expect(phpDate('P T', 1700000000, 'Asia/Kolkata')).toBe('+05:30 IST');
    expect(phpDate('P T', 1700000000, 'Asia/Kathmandu')).toBe('+05:45 +0545');
  });

  it('prints numeric abbreviations where the tz database has no letters', () => {
    expect(phpDate('T', 1700000000, 'Asia/Dubai')).toBe('+04');
    expect(phpDate('T', 1700000000, 'America/Sao_Paulo')).toBe('-03');
  });

  it('prints LMT and a seconds offset before standard time existed', () => {
    // 1874-12-07T18:40:00Z; Tokyo kept local mean time (+09:18:59) until 1888.
    expect(phpDate('Y-m-d H:i:s T Z P', -3000000000, TOKYO)).toBe('1874-12-08 03:58:59 LMT 33539 +09:18');
  });
});

describe('phpDate: DST transitions', () => {
  it('New York springs forward at 2024-03-10 02:00 EST', () => {
    expect(phpDate('Y-m-d H:i:s T I', 1710053999, NY)).toBe('2024-03-10 01:59:59 EST 0');
    expect(phpDate('Y-m-d H:i:s T I', 1710054000, NY)).toBe('2024-03-10 03:00:00 EDT 1');
  });

  it('New York falls back at 2024-11-03 02:00 EDT', () => {
    expect(phpDate('Y-m-d H:i:s T', 1730613599, NY)).toBe('2024-11-03 01:59:59 EDT');
    expect(phpDate('Y-m-d H:i:s T', 1730613600, NY)).toBe('2024-11-03 01:00:00 EST');
  });

  it('London springs forward and falls back at 01:00 UTC', () => {
    expect(phpDate('H:i:s T O', 1711846799, LONDON)).toBe('00:59:59 GMT +0000');
    expect(phpDate('H:i:s T O', 1711846800, LONDON)).toBe('02:00:00 BST +0100');
    expect(phpDate('H:i:s T I', 1729990799, LONDON)).toBe('01:59:59 BST 1');
    expect(phpDate('H:i:s T I', 1729990800, LONDON)).toBe('01:00:00 GMT 0');
  });

  it('the southern hemisphere has DST in January', () => {
    expect(phpDate('T I P', 1704110400, 'Australia/Sydney')).toBe('AEDT 1 +11:00');
    expect(phpDate('T I P', 1719835200, 'Australia/Sydney')).toBe('AEST 0 +10:00');
  });
});

describe('phpDate: negative timestamps and far years', () => {
  it.each([
    [-1, 'UTC', '1969-12-31 23:59:59 Wed'],
    [0, 'UTC', '1970-01-01 00:00:00 Thu'],
    [0, TOKYO, '1970-01-01 09:00:00 Thu'],
    [-31536000, 'UTC', '1969-01-01 00:00:00 Wed'],
    [-10000000000, 'UTC', '1653-02-10 06:13:20 Mon'],
    [-2177452800, 'UTC', '1901-01-01 00:00:00 Tue'],
  ])('%i in %s', (ts, zone, expected) => {
    expect(phpDate('Y-m-d H:i:s D', ts, zone)).toBe(expected);
  });

  it('computes Swatch beats for times before the epoch', () => {
    expect(phpDate('B', -1, 'UTC')).toBe('041');
    expect(phpDate('B', -7200, 'UTC')).toBe('958');
  });

  it('pads years below 1000 to four digits and signs x/X', () => {
    // 0999-01-01 00:00:00 UTC
    expect(phpDate('Y y x X', -30641760000, 'UTC')).toBe('0999 99 0999 +0999');
    // 10000-01-01 00:00:00 UTC
    expect(phpDate('Y x X', 253402300800, 'UTC')).toBe('10000 +10000 +10000');
  });
});

describe('phpDate: leap years and month lengths', () => {
  it.each([
    [-2205100800, '1900 0 28'],
    [950572800, '2000 1 29'],
    [1676419200, '2023 0 28'],
    [4106332800, '2100 0 28'],
  ])('February of %i', (ts, expected) => {
    expect(phpDate('Y L t', ts, 'UTC')).toBe(expected);
  });

  it('counts the day of the year from 0', () => {
    expect(phpDate('z', 1704067200, 'UTC')).toBe('0');
    expect(phpDate('z', 1735603200, 'UTC')).toBe('365'); // 2024-12-31, a leap year
  });
});

describe('phpDate: ISO-8601 week years around new year', () => {
  it.each([
    [1609502400, '2021-01-01 Fri: W53 o2020'],
    [1672574400, '2023-01-01 Sun: W52 o2022'],
    [1577707200, '2019-12-30 Mon: W01 o2020'],
    [1735560000, '2024-12-30 Mon: W01 o2025'],
    [1451822400, '2016-01-03 Sun: W53 o2015'],
    [1798718400, '2026-12-31 Thu: W53 o2026'],
    [1798804800, '2027-01-01 Fri: W53 o2026'],
  ])('%i', (ts, expected) => {
    expect(phpDate('Y-m-d D: \\WW \\oo', ts, 'UTC')).toBe(expected);
  });
});

describe('phpDate: Japanese names for pg_dateformat', () => {
  it('uses Japanese weekday and month names with locale ja', () => {
    expect(phpDate('Y/m/d(D) H:i', LEAP_NOON, TOKYO, 'ja')).toBe('2024/02/29(木) 12:00');
    expect(phpDate('l', LEAP_NOON, TOKYO, 'ja')).toBe('木曜日');
    expect(phpDate('F M', LEAP_NOON, TOKYO, 'ja')).toBe('2月 2月');
  });

  it('keeps English names by default', () => {
    expect(phpDate('D l F M', LEAP_NOON, TOKYO)).toBe('Thu Thursday February Feb');
  });
});

describe('phpDate: bad arguments', () => {
  it('rejects non-finite timestamps and unknown zones with clear errors', () => {
    expect(() => phpDate('Y', Number.NaN, TOKYO)).toThrow(/finite/);
    expect(() => phpDate('Y', 0, 'Nowhere/Land')).toThrow(/Nowhere\/Land/);
  });
});

describe('phpDate: int64 timestamps', () => {
  it('keeps the exact timestamp and wraps ts + offset in 64 bits, as timelib', () => {
    expect(phpDate('Y-m-d H:i:s U T', 9223372036854775807n, 'Asia/Tokyo')).toBe(
      '-292277022657-01-27 17:29:51 9223372036854775807 JST',
    );
    expect(phpDate('Y-m-d H:i:s U', 9007199254740993n, 'Asia/Tokyo')).toBe(
      '285428751-11-12 16:36:33 9007199254740993',
    );
  });
  it('names the zone before 1970 and after 9999 as the tz database does', () => {
    expect(phpDate('T', -1, 'Asia/Tokyo')).toBe('JST');
    expect(phpDate('T', 253402300800, 'Asia/Tokyo')).toBe('JST');
  });
});
