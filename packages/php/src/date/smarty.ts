/**
 * Smarty 2.6.28's date helpers: smarty_make_timestamp (plugins/shared.make_timestamp.php)
 * and the date_format modifier around it (plugins/modifier.date_format.php).
 */
import { toInt } from '../convert';
import { isNumericString } from '../numeric';
import { mktime } from './mktime';
import { strftime } from './strftime';
import { strtotime } from './strtotime';
import type { Timestamp } from './zone';

/** date_format's format when the template gives none. */
export const SMARTY_DATE_FORMAT_DEFAULT = '%b %e, %Y';

/** A plain value as the date helpers receive it (arrays and objects are the caller's business). */
export type DateInput = string | number | bigint | boolean | null | undefined;

/** PHP's empty(): null, false, 0, 0.0, '' and '0'. */
function isEmpty(value: DateInput): boolean {
  return (
    value === null || value === undefined || value === false || value === 0 || value === '' || value === '0'
  );
}

/**
 * smarty_make_timestamp: empty → now; "YYYYMMDDHHMMSS" → that local time; a number or numeric
 * string → that timestamp; anything else → strtotime(), or now when strtotime fails.
 */
export function smartyDateTimestamp(input: DateInput, now: number, timeZone: string): Timestamp {
  if (isEmpty(input)) return now;
  // a number below 10^13 has fewer than 14 digits: never "YYYYMMDDHHMMSS" (the common Unix timestamp)
  if (typeof input === 'number' && input < 1e13) return toInt(input);
  const text = typeof input === 'boolean' ? (input ? '1' : '') : String(input);
  const mysql = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\n?$/.exec(text);
  if (mysql !== null) {
    const [, y, mo, d, h, i, s] = mysql.map(Number);
    return mktime(h, i, s, mo, d, y, timeZone);
  }
  // (int): a float beyond int64 wraps around, a numeric string beyond it saturates
  if (typeof input === 'number' || typeof input === 'bigint') return toInt(input);
  if (typeof input === 'string' && isNumericString(input)) return toInt(input);
  const time = strtotime(text, now, timeZone);
  return time === false ? now : time;
}

/** `$x != ''` under PHP 8 loose comparison: only null, false and '' equal '' (0 and arrays do not). */
function given(value: unknown): boolean {
  return !(value === null || value === undefined || value === false || value === '');
}

/**
 * The date_format modifier: formats `input` with strftime `format` (text without `%` is printed as it
 * is, as Smarty 2 does: `Y-m-d` stays `Y-m-d`), falling back to `defaultDate` when the input is empty; null
 * (prints nothing) when both are empty. `timestampOf` reads a value the way smarty_make_timestamp does
 * (the modifier passes one that also knows arrays and objects).
 */
export function smartyDateFormat<T = DateInput>(
  input: NoInfer<T>,
  format: string,
  defaultDate: NoInfer<T> | undefined,
  now: number,
  timeZone: string,
  timestampOf: (value: T, now: number, timeZone: string) => Timestamp = smartyDateTimestamp as never,
): string | null {
  let timestamp: Timestamp;
  if (given(input)) timestamp = timestampOf(input, now, timeZone);
  else if (defaultDate !== undefined && given(defaultDate))
    timestamp = timestampOf(defaultDate, now, timeZone);
  else return null;
  return strftime(format, timestamp, timeZone);
}
