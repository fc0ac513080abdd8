import { describe, expect, test } from 'vitest';
import {
  emptyValue,
  fromCommaList,
  fromDateTimeInput,
  fromNumberText,
  fromText,
  toCommaList,
  toDateTimeInput,
} from '../src/core/convert';
import { getAt, setAt } from '../src/core/pointer';
import { localToRfc3339, rfc3339ToLocal, zoneLabel } from '../src/core/zone';

describe('comma list ↔ array', () => {
  const rows: [string, unknown[]][] = [
    ['a, b, c', ['a', 'b', 'c']],
    ['', []],
    ['one', ['one']],
    ['a\\, b, c', ['a, b', 'c']],
    ['back\\\\slash', ['back\\slash']],
  ];
  test.each(rows)('%j ↔ %j', (text, array) => {
    expect(fromCommaList(text)).toEqual(array);
    expect(fromCommaList(toCommaList(array))).toEqual(array);
  });
  test('trims and drops empty items', () => {
    expect(fromCommaList(' a ,, b ,')).toEqual(['a', 'b']);
  });
  test('number items are read as numbers; a non-number stays text for validation to name', () => {
    expect(fromCommaList('1, 2.5, x', 'number')).toEqual([1, 2.5, 'x']);
    expect(toCommaList([1, 2.5])).toBe('1, 2.5');
  });
});

describe('empty ↔ null only where null is allowed', () => {
  test.each([
    ['string', true, null],
    ['string', false, ''],
    ['number', true, null],
    ['number', false, undefined],
  ] as const)('%s, nullable %s → %j', (kind, nullable, value) => {
    expect(emptyValue(kind, nullable)).toBe(value);
  });
  test('text and number inputs', () => {
    expect(fromText('', true)).toBeNull();
    expect(fromText('', false)).toBe('');
    expect(fromText('x', true)).toBe('x');
    expect(fromNumberText('', true)).toBeNull();
    expect(fromNumberText(' ', false)).toBeUndefined();
    expect(fromNumberText('12.5', false)).toBe(12.5);
    expect(fromNumberText('12e', false)).toBe('12e');
  });
});

describe('date-time with an explicit offset (RFC 3339) in a configurable zone', () => {
  const rows: [string, string, string][] = [
    // [zone, datetime-local, stored]
    ['Asia/Tokyo', '2024-05-01T10:30:00', '2024-05-01T10:30:00+09:00'],
    ['UTC', '2024-05-01T10:30:00', '2024-05-01T10:30:00+00:00'],
    ['America/New_York', '2024-01-15T08:00:00', '2024-01-15T08:00:00-05:00'],
    ['America/New_York', '2024-07-15T08:00:00', '2024-07-15T08:00:00-04:00'],
    ['Asia/Kolkata', '2024-07-15T08:00:00', '2024-07-15T08:00:00+05:30'],
    ['Europe/Berlin', '2024-10-27T01:59:59', '2024-10-27T01:59:59+02:00'],
  ];
  test.each(rows)('%s: %s ↔ %s', (zone, local, stored) => {
    expect(localToRfc3339(local, zone)).toBe(stored);
    expect(rfc3339ToLocal(stored, zone)).toBe(local);
  });
  test('minutes without seconds, as browsers give them', () => {
    expect(fromDateTimeInput('2024-05-01T10:30', 'Asia/Tokyo', false)).toBe('2024-05-01T10:30:00+09:00');
  });
  test('a value stored in another zone shows in the form’s zone', () => {
    expect(toDateTimeInput('2024-05-01T01:30:00Z', 'Asia/Tokyo')).toBe('2024-05-01T10:30:00');
    expect(toDateTimeInput('2024-05-01T10:30:00+0900', 'UTC')).toBe('2024-05-01T01:30:00');
  });
  test('a value without an offset is read as wall time', () => {
    expect(toDateTimeInput('2024-05-01 10:30:00', 'Asia/Tokyo')).toBe('2024-05-01T10:30:00');
  });
  test('a wall time in a spring-forward gap moves forward with the later offset', () => {
    expect(localToRfc3339('2024-03-10T02:30:00', 'America/New_York')).toBe('2024-03-10T03:30:00-04:00');
  });
  test('empty saves null where allowed, else ""', () => {
    expect(fromDateTimeInput('', 'UTC', true)).toBeNull();
    expect(fromDateTimeInput('', 'UTC', false)).toBe('');
    expect(toDateTimeInput(null, 'UTC')).toBe('');
  });
  test('the zone label', () => {
    expect(zoneLabel('Asia/Tokyo')).toBe('Asia/Tokyo (UTC+09:00)');
  });
});

describe('JSON pointers', () => {
  test('setAt copies the path only and keeps unknown keys', () => {
    const root = { a: { b: 1, unknown: 'keep' }, other: [1] };
    const next = setAt(root, '/a/b', 2) as any;
    expect(next).toEqual({ a: { b: 2, unknown: 'keep' }, other: [1] });
    expect(next.other).toBe(root.other);
    expect(root.a.b).toBe(1);
  });
  test('undefined removes the key; arrays by index; escapes', () => {
    expect(setAt({ a: 1, b: 2 }, '/a', undefined)).toEqual({ b: 2 });
    expect(setAt({ r: [{ x: 1 }, { x: 2 }] }, '/r/1/x', 3)).toEqual({ r: [{ x: 1 }, { x: 3 }] });
    expect(getAt({ 'a/b': { '~': 5 } }, '/a~1b/~0')).toBe(5);
    expect(getAt({ 'a b': 1 }, '#/a%20b')).toBe(1);
  });
});

test('an ambiguous wall time (fall back) takes the earlier instant', () => {
  expect(localToRfc3339('2024-11-03T01:30:00', 'America/New_York')).toBe('2024-11-03T01:30:00-04:00');
});
