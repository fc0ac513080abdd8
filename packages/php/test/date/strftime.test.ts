import { describe, expect, it } from 'vitest';
import { strftime } from '../../src/date/index';

const TOKYO = 'Asia/Tokyo';
/** Thursday 2024-02-29 12:00:00 JST. */
const LEAP_NOON = 1709175600;
/** Tuesday 2024-03-05 07:08:09 JST. */
const MORNING = 1709590089;

describe('strftime: every conversion in the C locale (2024-02-29 12:00:00 Asia/Tokyo)', () => {
  it.each([
    ['%a', 'Thu'],
    ['%A', 'Thursday'],
    ['%b', 'Feb'],
    ['%B', 'February'],
    ['%c', 'Thu Feb 29 12:00:00 2024'],
    ['%C', '20'],
    ['%d', '29'],
    ['%D', '02/29/24'],
    ['%e', '29'],
    ['%F', '2024-02-29'],
    ['%g', '24'],
    ['%G', '2024'],
    ['%h', 'Feb'],
    ['%H', '12'],
    ['%I', '12'],
    ['%j', '060'],
    ['%k', '12'],
    ['%l', '12'],
    ['%m', '02'],
    ['%M', '00'],
    ['%n', '\n'],
    ['%p', 'PM'],
    ['%P', 'pm'],
    ['%r', '12:00:00 PM'],
    ['%R', '12:00'],
    ['%S', '00'],
    ['%t', '\t'],
    ['%T', '12:00:00'],
    ['%u', '4'],
    ['%U', '08'],
    ['%V', '09'],
    ['%w', '4'],
    ['%W', '09'],
    ['%x', '02/29/24'],
    ['%X', '12:00:00'],
    ['%y', '24'],
    ['%Y', '2024'],
    ['%z', '+0900'],
    ['%Z', 'JST'],
    ['%%', '%'],
  ])('%s → %j', (format, expected) => {
    expect(strftime(format, LEAP_NOON, TOKYO)).toBe(expected);
  });
});

describe('strftime: padding', () => {
  it.each([
    ['%e', ' 5'],
    ['%d', '05'],
    ['%k', ' 7'],
    ['%l', ' 7'],
    ['%I', '07'],
    ['%j', '065'],
    ['%p', 'AM'],
    ['%u %w', '2 2'],
  ])('%s → %j', (format, expected) => {
    expect(strftime(format, MORNING, TOKYO)).toBe(expected);
  });

  it('honours glibc flags and widths', () => {
    expect(strftime('%-d/%-m %-I', MORNING, TOKYO)).toBe('5/3 7');
    expect(strftime('%_m|%_d', MORNING, TOKYO)).toBe(' 3| 5');
    expect(strftime('%0e', MORNING, TOKYO)).toBe('05');
    expect(strftime('%^a %^B', MORNING, TOKYO)).toBe('TUE MARCH');
    expect(strftime('%#b %#p %#Z', MORNING, TOKYO)).toBe('MAR am jst');
    expect(strftime('%10A|%-10A|%5Y', MORNING, TOKYO)).toBe('   Tuesday|Tuesday|02024');
    expect(strftime('%Ey %Od', MORNING, TOKYO)).toBe('24 05');
  });

  it('copies unknown conversions and a trailing percent sign', () => {
    expect(strftime('%Q', MORNING, TOKYO)).toBe('%Q');
    expect(strftime('100%', MORNING, TOKYO)).toBe('100%');
    expect(strftime('100%%', MORNING, TOKYO)).toBe('100%');
  });

  it('returns an empty string for an empty format', () => {
    expect(strftime('', MORNING, TOKYO)).toBe('');
  });
});

describe('strftime: conformance cases (Smarty date_format)', () => {
  it('date_format_more_codes', () => {
    expect(strftime('%D %T %R %I %p %M %b %h %C %n%t|', 1704067200, TOKYO)).toBe(
      '01/01/24 09:00:00 09:00 09 AM 00 Jan Jan 20 \n\t|',
    );
  });

  it('date_format_timestamp', () => {
    expect(strftime('%b %e, %Y', 1700000000, TOKYO)).toBe('Nov 15, 2023');
    expect(strftime('%Y-%m-%d %H:%M:%S', 1700000000, TOKYO)).toBe('2023-11-15 07:13:20');
    expect(strftime('%A, %B %e, %Y', 1700000000, TOKYO)).toBe('Wednesday, November 15, 2023');
    expect(strftime('%y %j %u %w', 1700000000, TOKYO)).toBe('23 319 3 3');
  });
});

describe('strftime: zones and week numbers', () => {
  it('prints the zone offset and abbreviation of the instant', () => {
    expect(strftime('%H:%M %z %Z', 1700000000, 'America/New_York')).toBe('17:13 -0500 EST');
    expect(strftime('%H:%M %z %Z', 1720000000, 'America/New_York')).toBe('05:46 -0400 EDT');
    expect(strftime('%z %Z', 1700000000, 'UTC')).toBe('+0000 UTC');
    expect(strftime('%z', 1700000000, 'Asia/Kolkata')).toBe('+0530');
  });

  it('numbers weeks from Sunday (%U), Monday (%W) and ISO (%V %G %g)', () => {
    // Sunday 2023-01-01 12:00 UTC: before the first Monday, in ISO week 52 of 2022.
    expect(strftime('%U %W %V %G %g', 1672574400, 'UTC')).toBe('01 00 52 2022 22');
    // Monday 2024-12-30: ISO week 1 of 2025.
    expect(strftime('%U %W %V %G %g', 1735560000, 'UTC')).toBe('52 53 01 2025 25');
  });

  it('formats dates before the epoch', () => {
    expect(strftime('%Y-%m-%d %H:%M:%S %a', -1, 'UTC')).toBe('1969-12-31 23:59:59 Wed');
    expect(strftime('%C %y', -2205100800, 'UTC')).toBe('19 00');
  });
});

describe('strftime: timestamps beyond 2^53 and small years (PHP 8.2 on glibc)', () => {
  it('wraps ts + offset in 64 bits and keeps the low 32 bits of tm_year', () => {
    // PHP_INT_MAX + 9 hours wraps around to a date in year -292277022657; tm_year cuts it
    expect(strftime('%Y-%m-%d %H:%M:%S', 9223372036854775807n, 'Asia/Tokyo')).toBe(
      '-219246529-01-27 17:29:51',
    );
    expect(strftime('%Y-%m-%d %H:%M:%S %V', -7766279631452241920n, 'Asia/Tokyo')).toBe(
      '-1290466570-02-19 10:33:39 08',
    );
    expect(strftime('%s', -7766279631452241920n, 'Asia/Tokyo')).toBe('-40723253770022781');
  });
  it('prints the year, century and ISO year without minimum digits', () => {
    expect(strftime('%Y %C %G %F|%4Y|%-3Y', -62135596800, 'UTC')).toBe('1 0 1 1-01-01|0001|  1');
    expect(strftime('%Y %C', -62293366800, 'UTC')).toBe('-4 -1');
  });
});
