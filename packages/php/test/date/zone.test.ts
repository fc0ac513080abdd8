import { describe, expect, it } from 'vitest';
import { resolveTimeZoneName, zoneAbbreviation, zoneOffset } from '../../src/date/index';
import { localToInstant } from '../../src/date/zone';

const WINTER = 1700000000; // 2023-11-14 22:13:20 UTC
const SUMMER = 1720000000; // 2024-07-03 09:46:40 UTC

describe('zoneOffset', () => {
  it.each([
    ['Asia/Tokyo', WINTER, 32400],
    ['Asia/Tokyo', SUMMER, 32400],
    ['UTC', WINTER, 0],
    ['America/New_York', WINTER, -18000],
    ['America/New_York', SUMMER, -14400],
    ['Europe/London', WINTER, 0],
    ['Europe/London', SUMMER, 3600],
    ['Asia/Kolkata', WINTER, 19800],
    ['Asia/Kathmandu', WINTER, 20700],
    ['Australia/Sydney', WINTER, 39600],
    ['Australia/Sydney', SUMMER, 36000],
  ])('%s at %i is %i', (zone, ts, offset) => {
    expect(zoneOffset(zone, ts)).toBe(offset);
  });

  it('rejects unknown zones with a clear error', () => {
    expect(() => zoneOffset('Mars/Olympus', 0)).toThrow(/Mars\/Olympus/);
  });
});

describe('zoneAbbreviation', () => {
  it.each([
    ['Asia/Tokyo', WINTER, 'JST'],
    ['UTC', WINTER, 'UTC'],
    ['America/New_York', WINTER, 'EST'],
    ['America/New_York', SUMMER, 'EDT'],
    ['America/Los_Angeles', SUMMER, 'PDT'],
    ['Europe/London', WINTER, 'GMT'],
    ['Europe/London', SUMMER, 'BST'],
    ['Europe/Paris', WINTER, 'CET'],
    ['Europe/Paris', SUMMER, 'CEST'],
    ['Asia/Kolkata', WINTER, 'IST'],
    ['Asia/Dubai', WINTER, '+04'],
    ['America/Sao_Paulo', WINTER, '-03'],
    ['Asia/Kathmandu', WINTER, '+0545'],
  ])('%s at %i is %s', (zone, ts, abbreviation) => {
    expect(zoneAbbreviation(zone, ts)).toBe(abbreviation);
  });
});

describe('resolveTimeZoneName', () => {
  it('accepts any letter case and rejects unknown names', () => {
    expect(resolveTimeZoneName('asia/tokyo')).toBe('Asia/Tokyo');
    expect(resolveTimeZoneName('UTC')).toBe('UTC');
    expect(resolveTimeZoneName('Nowhere/Land')).toBeNull();
  });
});

describe('localToInstant (timelib do_adjust_timezone)', () => {
  const NY = 'America/New_York';
  // Wall clock read as UTC: 2024-03-10 02:30 and 2024-11-03 01:30.
  const gap = 1710037800;
  const overlap = 1730597400;

  it('moves gap times forward and keeps ordinary times', () => {
    expect(localToInstant(NY, gap)).toBe(1710055800);
    expect(localToInstant(NY, gap - 3600)).toBe(1710052200); // 01:30 EST
    expect(localToInstant(NY, gap + 3600)).toBe(1710055800); // 03:30 EDT
  });

  it('picks the DST reading of a repeated hour west of UTC', () => {
    expect(localToInstant(NY, overlap)).toBe(1730611800);
  });

  it('picks the standard reading when the string named the zone and "now" is not in DST', () => {
    expect(localToInstant(NY, overlap, { explicit: true, dst: false })).toBe(1730615400);
  });
});
