/**
 * PHP 8.2's strtotime(): the scanner (scanner.ts) reads the string into absolute and
 * relative parts, and relative.ts resolves them against `now` in the given zone.
 */
import { resolveParsed } from './relative';
import { scanDate } from './scanner';
import { assertTimeZone } from './zone';

/**
 * Parses an English date/time description into a Unix timestamp (seconds), reading the
 * missing parts from `now` (seconds) and local times in `timeZone`. Returns false for
 * anything PHP cannot parse ('', 'not a date', '10:00 Mars/Olympus').
 */
export function strtotime(text: string, now: number, timeZone: string): number | false {
  assertTimeZone(timeZone);
  const parsed = scanDate(text);
  if (parsed === null) return false;
  return resolveParsed(parsed, now, timeZone) ?? false;
}
