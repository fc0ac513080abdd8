/** {date} and {strtodate}: format a time with PHP date() letters in the engine's time zone. */

import type { Timestamp, Value } from '@sumi/php';
import { isNumber, phpDate, strtotime, toInt, toStr } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';
import type { RenderContext } from '../render/context';

/**
 * The CMS's reading of a time: none or "" is now; an int, a float or a string of digits is a Unix
 * timestamp as PHP's (int) reads it (a float beyond int64 wraps around, digits beyond it saturate);
 * anything else goes through strtotime (a boolean as its string, so true is "1", which does not
 * parse); unparsable → null.
 */
function toTimestamp(ctx: RenderContext, v: Value): Timestamp | null {
  const now = () => Math.floor(ctx.services.clock.now() / 1000);
  if (v === null || v === undefined || v === '') return now();
  if (isNumber(v)) return toInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return toInt(v);
  const t = strtotime(
    toStr(v, (m) => ctx.warn(m)),
    now(),
    ctx.services.timezone,
  );
  return t === false ? null : t;
}

/** stores `time` formatted with the `format` attribute in `var` ('' for a time that does not parse) */
function formatInto(
  ctx: RenderContext,
  a: { var: string | undefined; format: Value },
  time: Value | undefined,
): void {
  const ts = toTimestamp(ctx, time ?? null);
  ctx.assign(a.var as string, ts === null ? '' : phpDate(toStr(a.format), ts, ctx.services.timezone));
}

export const date: FunctionPluginDef = definePlugin({
  kind: 'function',
  writes: 'var',
  name: 'date',
  group: 'Variables and arrays',
  description:
    'Formats a time with PHP date() letters. `time` is a Unix timestamp (a number, or a string of digits only) or any strtotime expression (`-2 days`, `2024-03-05 07:08`); none or "" is now; an unparsable time gives "".',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the formatted date' },
    time: { type: 'mixed', description: 'timestamp or strtotime-style text; default now' },
    format: { type: 'string', default: 'Y-m-d H:i:s', description: 'PHP date() format' },
  },
  examples: [{ template: '{date var=d time=1700000000 format="Y-m-d H:i"}{$d}', output: '2023-11-15 07:13' }],
  run(ctx, a) {
    formatInto(ctx, a, a.time);
  },
});

export const strtodate: FunctionPluginDef = definePlugin({
  kind: 'function',
  writes: 'var',
  name: 'strtodate',
  group: 'Variables and arrays',
  description: 'Like {date}, reading `timestamp`: an integer timestamp or a date/time string.',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the formatted date' },
    timestamp: { type: 'mixed', description: 'Unix timestamp or date/time text; default now' },
    format: { type: 'string', default: 'Y-m-d H:i:s', description: 'PHP date() format' },
  },
  examples: [
    { template: '{strtodate var=d timestamp="2000-01-01 00:00:00" format="U"}{$d}', output: '946652400' },
  ],
  run(ctx, a) {
    formatInto(ctx, a, a.timestamp);
  },
});
