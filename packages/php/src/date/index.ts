/**
 * PHP dates for Sumi: date(), strtotime(), mktime(), strftime() and Smarty 2's date helpers.
 * Everything takes and returns plain numbers (seconds since the epoch) and strings; time
 * zones are IANA names resolved through the platform's Intl data. Sumi's default zone is
 * DEFAULT_TIME_ZONE.
 */
export { type DateLocale, phpDate } from './format';
export { mktime } from './mktime';
export { type DateInput, SMARTY_DATE_FORMAT_DEFAULT, smartyDateFormat, smartyDateTimestamp } from './smarty';
export { strftime } from './strftime';
export { strtotime } from './strtotime';
export { resolveTimeZoneName, type Timestamp, zoneAbbreviation, zoneOffset } from './zone';

/** The zone templates run in unless configured otherwise (the CMS's and the conformance cases'). */
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';
