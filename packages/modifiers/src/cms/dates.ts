/**
 * The CMS's pg_dateformat and pg_dateformat2: DateTimeInterface::format()
 * letters with weekday and month names in the current language.
 *
 * Design decisions (the catalog leaves them open):
 * - the language is the template variable `lang` (`en` → English names,
 *   anything else, and no `lang`, → Japanese: the CMS default);
 * - only `D` and `M` (and the long forms `l` and `F`) are localised;
 * - the input is a date/time string or a relative expression (`-2 days`) read
 *   with strtotime(); an int or a string of digits is a Unix timestamp;
 *   anything unreadable gives "".
 */

import { isInt, PhpArray, PhpObject, phpDate, strtotime, toStr, type Value } from '@sumi/php';
import { definePlugin, type ModifierDef, type RenderContext } from '@sumi/runtime';

const GROUP = 'CMS modifier';
const DEFAULT_FORMAT = 'Y/m/d(D) H:i';

type Locale = 'en' | 'ja';

function localeOf(ctx: RenderContext): Locale {
  return toStr(ctx.get('lang')) === 'en' ? 'en' : 'ja';
}

const formatArg = {
  name: 'format',
  type: 'string',
  optional: true,
  default: DEFAULT_FORMAT,
  description: 'date() format letters',
} as const;

/** the format argument's letters; a missing or empty one is the default */
function formatOf(format: Value | undefined): string {
  return format === undefined || toStr(format) === '' ? DEFAULT_FORMAT : toStr(format);
}

/** the timestamp a pg_dateformat value stands for, or null */
export function pgTimestamp(ctx: RenderContext, value: Value): number | null {
  if (isInt(value)) return Number(value);
  if (value instanceof PhpArray || value instanceof PhpObject) return null;
  const s = toStr(value).trim();
  if (s === '') return null;
  if (/^\d+$/.test(s)) return Number(s);
  const now = Math.floor(ctx.services.clock.now() / 1000);
  const t = strtotime(s, now, ctx.services.timezone);
  return t === false || t === null ? null : Number(t);
}

export const pgDateformat: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'pg_dateformat',
  group: GROUP,
  description:
    'Formats a date/time string, relative expression (`-2 days`) or timestamp with DateTimeInterface::format() ' +
    'letters. Without a format: `Y/m/d(D) H:i` (`2024/06/01(土) 12:34`). `D`, `l`, `M` and `F` follow the language ' +
    'in `lang` (`en`: Sat, May; otherwise Japanese: 土, 5月). An unreadable value gives "".',
  args: [formatArg],
  result: 'the formatted date',
  examples: [
    { template: '{"2024-06-01 12:34:56"|pg_dateformat}', output: '2024/06/01(土) 12:34' },
    {
      template: '{"2024-06-01 12:34:56"|pg_dateformat:"Y-m-d(D) [H:i:s]"}',
      output: '2024-06-01(土) [12:34:56]',
    },
    { template: '{"2024-05-01"|pg_dateformat:"M"}', data: { lang: 'en' }, output: 'May' },
  ],
  run(ctx: RenderContext, value: Value, format?: Value): Value {
    const ts = pgTimestamp(ctx, value);
    if (ts === null) return '';
    return phpDate(formatOf(format), ts, ctx.services.timezone, localeOf(ctx));
  },
});

const SPAN_STYLE = 'color:#5FAF23;font-weight:bold;';

function agoText(locale: Locale, n: number, unit: 'seconds' | 'minutes' | 'hours'): string {
  if (locale === 'en') return `Updated ${n} ${n === 1 ? unit.slice(0, -1) : unit} ago`;
  const ja = { seconds: '秒', minutes: '分', hours: '時間' }[unit];
  return `${n}${ja}前に更新`;
}

export const pgDateformat2: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'pg_dateformat2',
  group: GROUP,
  description:
    'Like pg_dateformat, but a time within the last 24 hours is shown as ' +
    '`<span style="color:#5FAF23;font-weight:bold;">H:i:s(N時間前に更新)</span>`: N is the elapsed time rounded ' +
    'up, in seconds under a minute, minutes under an hour, else hours. With `lang` `en` the text is ' +
    '`Updated N hours ago` (`second`/`minute`/`hour` when N is 1). Times in the future are formatted normally.',
  args: [formatArg],
  result: 'the formatted date, or the HTML span for recent times',
  examples: [{ template: '{"2020-01-02 03:04:05"|pg_dateformat2:"Y-m-d"}', output: '2020-01-02' }],
  run(ctx: RenderContext, value: Value, format?: Value): Value {
    const ts = pgTimestamp(ctx, value);
    if (ts === null) return '';
    const locale = localeOf(ctx);
    const passed = Math.floor(ctx.services.clock.now() / 1000) - ts;
    if (passed >= 0 && passed < 24 * 60 * 60) {
      const time = phpDate('H:i:s', ts, ctx.services.timezone, locale);
      const text =
        passed < 60
          ? agoText(locale, Math.ceil(passed), 'seconds')
          : passed < 3600
            ? agoText(locale, Math.ceil(passed / 60), 'minutes')
            : agoText(locale, Math.ceil(passed / 3600), 'hours');
      return `<span style="${SPAN_STYLE}">${time}(${text})</span>`;
    }
    return phpDate(formatOf(format), ts, ctx.services.timezone, locale);
  },
});

export const dateModifiers: readonly ModifierDef[] = [pgDateformat, pgDateformat2];
