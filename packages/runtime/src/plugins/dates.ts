/** {date} and {strtodate}: format a time with PHP date() letters in the engine's time zone. */

import type { Timestamp, Value } from '@sumi/php';
import { isNumber, phpDate, strtotime, toInt, toStr } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';
import type { RenderContext } from '../render/context';

/**
 * a number, or a string of digits, → (int) of it (a float beyond int64 wraps around, digits
 * beyond it saturate); otherwise strtotime; unparsable → null
 */
function toTimestamp(ctx: RenderContext, v: Value): Timestamp | null {
  if (v === null || v === undefined) return Math.floor(ctx.services.clock.now() / 1000);
  if (isNumber(v)) return toInt(v);
  const s = toStr(v).trim();
  if (/^-?\d+$/.test(s)) return toInt(s);
  const t = strtotime(s, Math.floor(ctx.services.clock.now() / 1000), ctx.services.timezone);
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
    'Formats a time with PHP date() letters. `time` is a Unix timestamp (digits only) or any strtotime expression (`-2 days`, `2024-03-05 07:08`); an unparsable time gives "".',
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
