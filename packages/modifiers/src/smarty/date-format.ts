/**
 * Smarty 2.6.28's date_format (libs/plugins/modifier.date_format.php) over
 * the runtime's make_timestamp, strftime() and date().
 */

import {
  PhpArray,
  PhpFloat,
  PhpObject,
  SMARTY_DATE_FORMAT_DEFAULT,
  smartyDateFormat,
  smartyDateTimestamp,
  strftime,
  type Timestamp,
  toStr,
  typeError,
  type Value,
} from '@sumi/php';
import { definePlugin, type ModifierDef, type RenderContext } from '@sumi/runtime';

/**
 * smarty_make_timestamp() for any value: an empty array is "empty" (now); other
 * arrays and objects reach preg_match() and are a TypeError there.
 */
function timestampOf(v: Value, now: number, tz: string): Timestamp {
  if (v instanceof PhpArray && v.size === 0) return now;
  if (v instanceof PhpArray || v instanceof PhpObject) {
    typeError('preg_match', 2, 'subject', 'string', v);
  }
  if (v instanceof PhpFloat) return smartyDateTimestamp(v.value, now, tz);
  return smartyDateTimestamp(v, now, tz);
}

export const dateFormat: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'date_format',
  group: 'Smarty built-in',
  description:
    'Formats a date: the value is a Unix timestamp, a `YYYYMMDDHHMMSS` string or any strtotime() text (an empty ' +
    "value means now only when `default_date` is given: otherwise nothing is printed). The format is strftime()'s " +
    "(Smarty's default `%b %e, %Y` gives `Nov 15, 2023`); text without `%` prints as it is, so PHP date() letters " +
    '(`Y-m-d`) stay letters: use the `date` plugin or `%Y-%m-%d`. English names, the engine time zone (default Asia/Tokyo).',
  args: [
    {
      name: 'format',
      type: 'string',
      optional: true,
      default: SMARTY_DATE_FORMAT_DEFAULT,
      description: 'strftime() format',
    },
    {
      name: 'default_date',
      type: 'mixed',
      optional: true,
      default: '',
      description: 'used when the value is empty',
    },
  ],
  result: 'the formatted date, or nothing when value and default are empty',
  examples: [
    { template: '{$ts|date_format}', data: { ts: 1700000000 }, output: 'Nov 15, 2023' },
    {
      template: "{$ts|date_format:'%Y-%m-%d %H:%M:%S'}",
      data: { ts: 1700000000 },
      output: '2023-11-15 07:13:20',
    },
    { template: "{$ts|date_format:'%Y/%m/%d (%a)'}", data: { ts: 1700000000 }, output: '2023/11/15 (Wed)' },
  ],
  run(ctx: RenderContext, value: Value, format?: Value, defaultDate?: Value): Value {
    const tz = ctx.services.timezone;
    // the common case, a Unix timestamp: an int that is not empty (0) and has fewer than 14 digits
    // (never YYYYMMDDHHMMSS) is the timestamp itself, and the clock need not be read
    if (typeof value === 'number' && Number.isSafeInteger(value) && value !== 0 && value < 1e13) {
      if (format === undefined) return strftime(SMARTY_DATE_FORMAT_DEFAULT, value, tz);
      if (typeof format === 'string') return strftime(format, value, tz);
    }
    const now = Math.floor(ctx.services.clock.now() / 1000);
    if (format instanceof PhpArray || format instanceof PhpObject) {
      // strftime() receives the format last, once the timestamp is known
      if (smartyDateFormat(value, '', defaultDate, now, tz, timestampOf) === null) return null;
      typeError('strftime', 1, 'format', 'string', format);
    }
    const fmt = format === undefined ? SMARTY_DATE_FORMAT_DEFAULT : toStr(format);
    return smartyDateFormat(value, fmt, defaultDate, now, tz, timestampOf);
  },
});
