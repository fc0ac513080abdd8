/**
 * Smarty 2.6.28's date helpers: smarty_make_timestamp (plugins/shared.make_timestamp.php)
 * and the date_format modifier around it (plugins/modifier.date_format.php).
 */
import { isNumericString } from '../numeric';
import { mktime } from './mktime';
import { strftime } from './strftime';
import { strtotime } from './strtotime';

/** date_format's format when the template gives none. */
export const SMARTY_DATE_FORMAT_DEFAULT = '%b %e, %Y';

/** A plain value as the date helpers receive it (arrays and objects are the caller's business). */
export type DateInput = string | number | boolean | null | undefined;

/** PHP's empty(): null, false, 0, 0.0, '' and '0'. */
function isEmpty(value: DateInput): boolean {
  return (
    value === null || value === undefined || value === false || value === 0 || value === '' || value === '0'
  );
}

/** (int) of a numeric value, truncating toward zero. */
function toInt(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value.trim());
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/**
 * smarty_make_timestamp: empty → now; "YYYYMMDDHHMMSS" → that local time; a number or numeric
 * string → that timestamp; anything else → strtotime(), or now when strtotime fails.
 */
export function smartyDateTimestamp(input: DateInput, now: number, timeZone: string): number {
  if (isEmpty(input)) return now;
  const text = typeof input === 'boolean' ? (input ? '1' : '') : String(input);
  const mysql = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\n?$/.exec(text);
  if (mysql !== null) {
    const [, y, mo, d, h, i, s] = mysql.map(Number);
    return mktime(h, i, s, mo, d, y, timeZone);
  }
  if (typeof input === 'number') return toInt(input);
  if (typeof input === 'string' && isNumericString(input)) return toInt(input);
  const time = strtotime(text, now, timeZone);
  return time === false ? now : time;
}

/**
 * The date_format modifier: formats `input` with strftime `format`, falling back to
 * `defaultDate` when the input is empty; null (prints nothing) when both are empty.
 */
export function smartyDateFormat(
  input: DateInput,
  format: string,
  defaultDate: DateInput,
  now: number,
  timeZone: string,
): string | null {
  // `$string != ''` under PHP 8 loose comparison: only null, false and '' equal ''.
  const given = (value: DateInput) =>
    !(value === null || value === undefined || value === false || value === '');
  let timestamp: number;
  if (given(input)) timestamp = smartyDateTimestamp(input, now, timeZone);
  else if (given(defaultDate)) timestamp = smartyDateTimestamp(defaultDate, now, timeZone);
  else return null;
  return strftime(format, timestamp, timeZone);
}
