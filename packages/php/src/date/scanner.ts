/**
 * The strtotime tokenizer: timelib's re2c scanner (parse_date.re) as a table of token rules.
 * At each position every rule is tried and the longest match wins, ties going to the earlier
 * rule, exactly like the generated DFA; the winning rule's action reads its token with a
 * Cursor and records fields in a Parsed. Anything no rule accepts is an error, and any
 * error makes strtotime() return false.
 */
import { dayOfWeek } from './calendar';
import { Cursor } from './cursor';
import {
  emptyParsed,
  FIRST_DAY_OF_MONTH,
  LAST_DAY_OF_MONTH,
  type Parsed,
  SPECIAL_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_WEEKDAY,
} from './parsed';

// ---- Pattern fragments (the definitions at the top of parse_date.re) -------------------

/** A case-insensitive literal ('abc' in re2c). */
function ci(word: string): string {
  return word.replace(/[a-z]/gi, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);
}

/** Alternatives, longest first, so JS's first-match alternation picks the longest word. */
function words(list: string[], caseInsensitive = true): string {
  const sorted = [...new Set(list)].sort((a, b) => b.length - a.length);
  return `(?:${sorted.map((w) => (caseInsensitive ? ci(w) : w)).join('|')})`;
}

const space = '[ \\t]+';
const optSpace = `(?:${space})?`;
const frac = '\\.[0-9]+';
const hour24 = '(?:2[0-4]|[01]?[0-9])';
const hour24lz = '(?:[01][0-9]|2[0-4])';
const hour12 = '(?:1[0-2]|0?[1-9])';
const minute = '[0-5]?[0-9]';
const minutelz = '[0-5][0-9]';
const second = '(?:60|[0-5]?[0-9])';
const secondlz = '(?:60|[0-5][0-9])';
const meridian = '[AaPp]\\.?[Mm]\\.?[\\0\\t ]';
const tz = '(?:[A-Z][a-z]+(?:[_/-][A-Za-z]+)+|\\(?[A-Za-z]{1,6}\\)?)';
const tzcorrection = `(?:GMT)?[+-](?:${hour24lz}:${minutelz}:${secondlz}|${hour24lz}${minutelz}${secondlz}|${hour24}(?::?${minute})?)`;

const daysuf = '(?:st|nd|rd|th)';
const month = '(?:1[0-2]|0?[0-9])';
const day = `(?:(?:3[01]|[0-2]?[0-9])${daysuf}?)`;
const year = '[0-9]{1,4}';
const year2 = '[0-9]{2}';
const year4 = '[0-9]{4}';
const year4withsign = '[+-]?[0-9]{4}';
const yearx = '[+-]?[0-9]{5,19}';
const dayofyear = '(?:36[0-6]|3[0-5][0-9]|[12][0-9][0-9]|0[1-9][0-9]|00[1-9])';
const weekofyear = '(?:5[0-3]|[1-4][0-9]|0[1-9])';
const monthlz = '(?:0[0-9]|1[0-2])';
const daylz = '(?:0[0-9]|[12][0-9]|3[01])';

const DAY_FULL = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_ABBR = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DAY_SPECIAL = ['weekday', 'weekdays'];
const MONTH_FULL = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_ABBR = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
];
const MONTH_ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

const dayfullOrAbbr = words([...DAY_FULL, ...DAY_ABBR]);
const daytext = words([...DAY_FULL, ...DAY_ABBR, ...DAY_SPECIAL]);
const monthfullOrAbbr = words([...MONTH_FULL, ...MONTH_ABBR]);
const monthabbr = words(MONTH_ABBR);
const monthtext = `(?:${monthfullOrAbbr}|${words(MONTH_ROMAN, false)})`;

const timetiny12 = `${hour12}${optSpace}${meridian}`;
const timeshort12 = `${hour12}[:.]${minutelz}${optSpace}${meridian}`;
const timelong12 = `${hour12}[:.]${minute}[:.]${secondlz}${optSpace}${meridian}`;
const timeshort24 = `[tT]?${hour24}[:.]${minute}`;
const timelong24 = `[tT]?${hour24}[:.]${minute}[:.]${second}`;
const iso8601long = `[tT]?${hour24}[:.]${minute}[:.]${second}${frac}`;
const iso8601normtz = `[tT]?${hour24}[:.]${minute}[:.]${secondlz}${optSpace}(?:${tzcorrection}|${tz})`;
const gnunocolon = `[tT]?${hour24lz}${minutelz}`;
const iso8601nocolon = `[tT]?${hour24lz}${minutelz}${secondlz}`;

const americanshort = `${month}/${day}`;
const american = `${month}/${day}/${year}`;
const iso8601dateslash = `${year4}/${monthlz}/${daylz}/?`;
const dateslash = `${year4}/${month}/${day}`;
const iso8601date4 = `${year4withsign}-${monthlz}-${daylz}`;
const iso8601date2 = `${year2}-${monthlz}-${daylz}`;
const iso8601datex = `${yearx}-${monthlz}-${daylz}`;
const gnudateshorter = `${year4}-${month}`;
const gnudateshort = `${year}-${month}-${day}`;
const pointeddate4 = `${day}[.\\t-]${month}[.-]${year4}`;
const pointeddate2 = `${day}[.\\t]${month}\\.${year2}`;
const datefull = `${day}[ \\t.-]*${monthtext}[ \\t.-]*${year}`;
const datenoday = `${monthtext}[ .\\t-]*${year4}`;
const datenodayrev = `${year4}[ .\\t-]*${monthtext}`;
const datetextual = `${monthtext}[ .\\t-]*${day}[,.stndrh\\t ]+${year}`;
const datenoyear = `${monthtext}[ .\\t-]*${day}(?:[,.stndrh\\t ]+|\\0)`;
const datenoyearrev = `${day}[ .\\t-]*${monthtext}`;
const datenocolon = `${year4}${monthlz}${daylz}`;

const soap = `${year4}-${monthlz}-${daylz}T${hour24lz}:${minutelz}:${secondlz}${frac}(?:${tzcorrection})?`;
const xmlrpc = `${year4}${monthlz}${daylz}T${hour24}:${minutelz}:${secondlz}`;
const xmlrpcnocolon = `${year4}${monthlz}${daylz}[tT]${hour24}${minutelz}${secondlz}`;
const wddx = `${year4}-${month}-${day}T${hour24}:${minute}:${second}`;
const pgydotd = `${year4}\\.?${dayofyear}`;
const pgtextshort = `${monthabbr}-${daylz}-${year}`;
const pgtextreverse = `${year}-${monthabbr}-${daylz}`;
const mssqltime = `${hour12}:${minutelz}:${secondlz}[:.][0-9]+${meridian}`;
const isoweekday = `${year4}-?W${weekofyear}-?[0-7]`;
const isoweek = `${year4}-?W${weekofyear}`;
const exif = `${year4}:${monthlz}:${daylz} ${hour24lz}:${minutelz}:${secondlz}`;
const firstdayof = ci('first day of');
const lastdayof = ci('last day of');
const backof = `${ci('back of ')}${hour24}(?:${optSpace}${meridian})?`;
const frontof = `${ci('front of ')}${hour24}(?:${optSpace}${meridian})?`;
const clf = `${day}/${monthabbr}/${year4}:${hour24lz}:${minutelz}:${secondlz}${space}${tzcorrection}`;
const timestamp = '@-?[0-9]+';
const timestampms = '@-?[0-9]+\\.[0-9]{0,6}';

const reltextnumber = words([
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eight',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
]);
const reltexttext = words(['next', 'last', 'previous', 'this']);
const UNIT_WORDS = [
  'ms',
  'µs',
  ...['msec', 'millisecond', 'µsec', 'microsecond', 'usec', 'sec', 'second', 'min', 'minute', 'hour', 'day']
    .concat(['fortnight', 'forthnight', 'month', 'year'])
    .flatMap((w) => [w, `${w}s`]),
  'weeks',
  ...DAY_FULL,
  ...DAY_ABBR,
  ...DAY_SPECIAL,
];
const reltextunit = words(UNIT_WORDS);
const relnumber = '[+-]*[ \\t]*[0-9]{1,13}';
const relative = `${relnumber}${optSpace}${words([...UNIT_WORDS, 'week'])}`;
const relativetext = `(?:${reltextnumber}|${reltexttext})${space}${reltextunit}`;
const relativetextweek = `${reltexttext}${space}${ci('week')}`;
const weekdayof = `(?:${reltextnumber}|${reltexttext})${space}${dayfullOrAbbr}${space}${ci('of')}`;

// ---- Actions -----------------------------------------------------------------------------

class ScanError extends Error {}

function fail(p: Parsed, message: string): never {
  p.errors.push(message);
  throw new ScanError(message);
}

function haveTime(p: Parsed): void {
  if (p.haveTime) fail(p, 'Double time specification');
  p.haveTime = 1;
  p.h = p.i = p.s = p.us = 0;
}

function unhaveTime(p: Parsed): void {
  p.haveTime = 0;
  p.h = p.i = p.s = p.us = 0;
}

function haveDate(p: Parsed): void {
  if (p.haveDate) fail(p, 'Double date specification');
  p.haveDate = true;
}

function unhaveDate(p: Parsed): void {
  p.haveDate = false;
  p.d = p.m = p.y = 0;
}

/** TIMELIB_HAVE_TZ: a second zone is only a warning (and ignored), a third an error. */
function haveZone(p: Parsed): boolean {
  if (p.haveZone) {
    if (p.haveZone > 1) fail(p, 'Double timezone specification');
    p.haveZone++;
    return false;
  }
  p.haveZone++;
  return true;
}

/** TIMELIB_PROCESS_YEAR: two-digit years map to 1970..2069. */
function processYear(value: number | null, length: number): number | null {
  if (value === null || length >= 4) return value;
  if (value < 100) return value < 70 ? value + 2000 : value + 1900;
  return value;
}

/** Days from January 1st to the given ISO week day (timelib_daynr_from_weeknr). */
function dayNumberFromWeek(y: number, week: number, weekday: number): number {
  // The weekday of January 1st gives the offset to the Monday of ISO week 1.
  const dow = dayOfWeek(y, 1, 1);
  const day = 0 - (dow > 4 ? dow - 7 : dow);
  return day + (week - 1) * 7 + weekday;
}

/** timelib_set_relative: apply `amount` of the unit word at the cursor. */
function setRelative(p: Parsed, c: Cursor, amount: number, behavior: number, keepTime: boolean): void {
  const unit = c.relativeUnit();
  if (unit === undefined) return;
  const [kind, multiplier] = unit;
  const rel = p.relative;
  switch (kind) {
    case 'us':
    case 's':
    case 'i':
    case 'h':
    case 'd':
    case 'm':
    case 'y':
      rel[kind] += amount * multiplier;
      break;
    case 'weekday':
      p.haveRelative = true;
      rel.haveWeekdayRelative = true;
      if (!keepTime) unhaveTime(p);
      rel.d += (amount > 0 ? amount - 1 : amount) * 7;
      rel.weekday = multiplier;
      rel.weekdayBehavior = behavior;
      break;
    case 'special':
      p.haveRelative = true;
      rel.haveSpecialRelative = true;
      if (!keepTime) unhaveTime(p);
      rel.specialType = multiplier;
      rel.specialAmount = amount;
      break;
  }
}

/** Time-of-day tokens: "10:30", "10:30:15", "10:30:15.25". */
function time24(p: Parsed, c: Cursor): void {
  haveTime(p);
  p.h = c.number(2);
  p.i = c.number(2);
  if (c.at(0) === ':' || c.at(0) === '.') {
    p.s = c.number(2);
    if (c.at(0) === '.') p.us = c.fraction();
  }
  zoneAfter(p, c);
}

/** A zone trailing a token ("10:00:00 +09:00"); not counted by TIMELIB_HAVE_TZ. */
function zoneAfter(p: Parsed, c: Cursor): void {
  if (!c.done && !c.zone(p)) fail(p, 'The timezone could not be found in the database');
}

function yearFrom(c: Cursor, maxLength: number): number | null {
  const { value, length } = c.numberWithLength(maxLength);
  return processYear(value, length);
}

type Action = (p: Parsed, c: Cursor) => void;

interface Rule {
  name: string;
  pattern: RegExp;
  action: Action | 'skip' | 'error';
}

function rule(name: string, source: string, action: Action | 'skip' | 'error'): Rule {
  return { name, pattern: new RegExp(source, 'y'), action };
}

const dateShortWithTime12: Action = (p, c) => {
  haveDate(p);
  p.m = c.month();
  p.d = c.number(2);
  haveTime(p);
  p.h = c.number(2);
  p.i = c.number(2);
  if (c.at(0) === ':' || c.at(0) === '.') {
    p.s = c.number(2);
    if (c.at(0) === '.') p.us = c.fraction();
  }
  p.h = (p.h ?? 0) + c.meridian(p.h ?? 0);
};

const dateShortWithTime24: Action = (p, c) => {
  haveDate(p);
  p.m = c.month();
  p.d = c.number(2);
  haveTime(p);
  p.h = c.number(2);
  p.i = c.number(2);
  if (c.at(0) === ':') {
    p.s = c.number(2);
    if (c.at(0) === '.') p.us = c.fraction();
  }
  zoneAfter(p, c);
};

const fullDateTime: Action = (p, c) => {
  haveTime(p);
  haveDate(p);
  p.y = c.number(4);
  p.m = c.number(2);
  p.d = c.number(2);
  p.h = c.number(2);
  p.i = c.number(2);
  p.s = c.number(2);
  if (c.at(0) === '.') {
    p.us = c.fraction();
    if (!c.done) zoneAfter(p, c);
  }
};

/** The rules in parse_date.re's order (the order breaks ties between equally long matches). */
const RULES: Rule[] = [
  rule('yesterday', ci('yesterday'), (p) => {
    p.haveRelative = true;
    unhaveTime(p);
    p.relative.d = -1;
  }),
  rule('now', ci('now'), () => {}),
  rule('noon', ci('noon'), (p) => {
    unhaveTime(p);
    haveTime(p);
    p.h = 12;
  }),
  rule('midnight | today', `(?:${ci('midnight')}|${ci('today')})`, (p) => unhaveTime(p)),
  rule('tomorrow', ci('tomorrow'), (p) => {
    p.haveRelative = true;
    unhaveTime(p);
    p.relative.d = 1;
  }),
  rule('timestamp', timestamp, (p, c) => {
    p.haveRelative = true;
    unhaveDate(p);
    unhaveTime(p);
    if (!haveZone(p)) return;
    const seconds = c.signedNumber(24) ?? 0;
    p.y = 1970;
    p.m = 1;
    p.d = 1;
    p.h = p.i = p.s = p.us = 0;
    p.relative.s += seconds;
    p.zone = { kind: 'offset', offset: 0 };
    p.dst = false;
  }),
  rule('timestampms', timestampms, (p, c) => {
    p.haveRelative = true;
    unhaveDate(p);
    unhaveTime(p);
    if (!haveZone(p)) return;
    const negative = c.at(1) === '-';
    const seconds = c.signedNumber(24) ?? 0;
    const digits = c.text.slice(c.text.indexOf('.') + 1);
    const us = Number((digits + '000000').slice(0, 6));
    p.y = 1970;
    p.m = 1;
    p.d = 1;
    p.h = p.i = p.s = p.us = 0;
    p.relative.s += seconds;
    p.relative.us = negative ? -us : us;
    p.zone = { kind: 'offset', offset: 0 };
    p.dst = false;
  }),
  rule('firstdayof | lastdayof', `(?:${firstdayof}|${lastdayof})`, (p, c) => {
    p.haveRelative = true;
    p.relative.firstLastDayOf = c.at(0) === 'l' || c.at(0) === 'L' ? LAST_DAY_OF_MONTH : FIRST_DAY_OF_MONTH;
  }),
  rule('backof | frontof', `(?:${backof}|${frontof})`, (p, c) => {
    unhaveTime(p);
    haveTime(p);
    const back = c.at(0) === 'b' || c.at(0) === 'B';
    const hour = c.number(2) ?? 0;
    p.h = back ? hour : hour - 1;
    p.i = back ? 15 : 45;
    if (!c.done) {
      c.eatSpaces();
      if (!c.done) p.h += c.meridian(p.h);
    }
  }),
  rule('weekdayof', weekdayof, (p, c) => {
    p.haveRelative = true;
    p.relative.haveSpecialRelative = true;
    const [amount, behavior] = c.relativeText();
    c.eatSpaces();
    if (amount > 0) {
      p.relative.specialType = SPECIAL_DAY_OF_WEEK_IN_MONTH;
      setRelative(p, c, amount, 1, false);
    } else {
      p.relative.specialType = SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH;
      setRelative(p, c, amount, behavior, false);
    }
  }),
  rule('timetiny12 | timeshort12 | timelong12', `(?:${timelong12}|${timeshort12}|${timetiny12})`, (p, c) => {
    haveTime(p);
    p.h = c.number(2) ?? 0;
    if (c.at(0) === ':' || c.at(0) === '.') {
      p.i = c.number(2);
      if (c.at(0) === ':' || c.at(0) === '.') p.s = c.number(2);
    }
    p.h += c.meridian(p.h);
  }),
  rule('mssqltime', mssqltime, (p, c) => {
    haveTime(p);
    p.h = c.number(2) ?? 0;
    p.i = c.number(2);
    if (c.at(0) === ':' || c.at(0) === '.') {
      p.s = c.number(2);
      if (c.at(0) === ':' || c.at(0) === '.') p.us = c.fraction();
    }
    c.eatSpaces();
    p.h += c.meridian(p.h);
  }),
  rule('timeshort24 | timelong24 | iso8601long', `(?:${iso8601long}|${timelong24}|${timeshort24})`, time24),
  rule('gnunocolon', gnunocolon, (p, c) => {
    if (p.haveTime === 0) {
      p.h = c.number(2);
      p.i = c.number(2);
      p.s = 0;
    } else if (p.haveTime === 1) {
      p.y = c.number(4);
    } else {
      fail(p, 'Double time specification');
    }
    p.haveTime++;
  }),
  rule('iso8601nocolon', iso8601nocolon, (p, c) => {
    haveTime(p);
    p.h = c.number(2);
    p.i = c.number(2);
    p.s = c.number(2);
    zoneAfter(p, c);
  }),
  rule('americanshort | american', `(?:${american}|${americanshort})`, (p, c) => {
    haveDate(p);
    p.m = c.number(2);
    p.d = c.number(2);
    if (c.at(0) === '/') p.y = yearFrom(c, 4);
  }),
  rule(
    'iso8601date4 | iso8601dateslash | dateslash',
    `(?:${iso8601date4}|${iso8601dateslash}|${dateslash})`,
    (p, c) => {
      haveDate(p);
      p.y = c.signedNumber(4);
      p.m = c.number(2);
      p.d = c.number(2);
    },
  ),
  rule('iso8601date2', iso8601date2, (p, c) => {
    haveDate(p);
    p.y = yearFrom(c, 4);
    p.m = c.number(2);
    p.d = c.number(2);
  }),
  rule('iso8601datex', iso8601datex, (p, c) => {
    haveDate(p);
    p.y = c.signedNumber(19);
    p.m = c.number(2);
    p.d = c.number(2);
  }),
  rule('gnudateshorter', gnudateshorter, (p, c) => {
    haveDate(p);
    p.y = yearFrom(c, 4);
    p.m = c.number(2);
    p.d = 1;
  }),
  rule('gnudateshort', gnudateshort, (p, c) => {
    haveDate(p);
    const y = c.numberWithLength(4);
    p.m = c.number(2);
    p.d = c.number(2);
    p.y = processYear(y.value, y.length);
  }),
  rule('datefull', datefull, (p, c) => {
    haveDate(p);
    p.d = c.number(2);
    c.skipDaySuffix();
    p.m = c.month();
    p.y = yearFrom(c, 4);
  }),
  rule('pointeddate4', pointeddate4, (p, c) => {
    haveDate(p);
    p.d = c.number(2);
    p.m = c.number(2);
    p.y = c.number(4);
  }),
  rule('pointeddate2', pointeddate2, (p, c) => {
    haveDate(p);
    p.d = c.number(2);
    p.m = c.number(2);
    p.y = yearFrom(c, 2);
  }),
  rule('datenoday', datenoday, (p, c) => {
    haveDate(p);
    p.m = c.month();
    p.y = yearFrom(c, 4);
    p.d = 1;
  }),
  rule('datenodayrev', datenodayrev, (p, c) => {
    haveDate(p);
    const y = c.numberWithLength(4);
    p.m = c.month();
    p.d = 1;
    p.y = processYear(y.value, y.length);
  }),
  rule('datetextual | datenoyear', `(?:${datetextual}|${datenoyear})`, (p, c) => {
    haveDate(p);
    p.m = c.month();
    p.d = c.number(2);
    p.y = yearFrom(c, 4);
  }),
  rule('datenoyearrev', datenoyearrev, (p, c) => {
    haveDate(p);
    p.d = c.number(2);
    c.skipDaySuffix();
    p.m = c.month();
  }),
  rule('datenocolon', datenocolon, (p, c) => {
    haveDate(p);
    p.y = c.number(4);
    p.m = c.number(2);
    p.d = c.number(2);
  }),
  rule(
    'xmlrpc | xmlrpcnocolon | soap | wddx | exif',
    `(?:${soap}|${xmlrpc}|${xmlrpcnocolon}|${wddx}|${exif})`,
    fullDateTime,
  ),
  rule('pgydotd', pgydotd, (p, c) => {
    haveDate(p);
    p.y = yearFrom(c, 4);
    p.d = c.number(3);
    p.m = 1;
  }),
  rule('isoweekday | isoweek', `(?:${isoweekday}|${isoweek})`, (p, c) => {
    haveDate(p);
    p.haveRelative = true;
    p.y = c.number(4) ?? 0;
    const week = c.number(2) ?? 1;
    const weekday = c.done ? 1 : (c.number(1) ?? 1);
    p.m = 1;
    p.d = 1;
    p.relative.d = dayNumberFromWeek(p.y, week, weekday);
  }),
  rule('pgtextshort', pgtextshort, (p, c) => {
    haveDate(p);
    p.m = c.month();
    p.d = c.number(2);
    p.y = yearFrom(c, 4);
  }),
  rule('pgtextreverse', pgtextreverse, (p, c) => {
    haveDate(p);
    const y = c.numberWithLength(4);
    p.m = c.month();
    p.d = c.number(2);
    p.y = processYear(y.value, y.length);
  }),
  rule('clf', clf, (p, c) => {
    haveTime(p);
    haveDate(p);
    p.d = c.number(2);
    p.m = c.month();
    p.y = c.number(4);
    p.h = c.number(2);
    p.i = c.number(2);
    p.s = c.number(2);
    if (!c.zone(p)) fail(p, 'The timezone could not be found in the database');
  }),
  rule('year4', year4, (p, c) => {
    p.y = c.number(4);
  }),
  rule('ago', ci('ago'), (p) => {
    const rel = p.relative;
    rel.y = -rel.y;
    rel.m = -rel.m;
    rel.d = -rel.d;
    rel.h = -rel.h;
    rel.i = -rel.i;
    rel.s = -rel.s;
    rel.us = -rel.us;
    rel.weekday = -rel.weekday;
    if (rel.weekday === 0) rel.weekday = -7;
    if (rel.haveSpecialRelative && rel.specialType === SPECIAL_WEEKDAY)
      rel.specialAmount = -rel.specialAmount;
  }),
  rule('daytext', daytext, (p, c) => {
    p.haveRelative = true;
    p.relative.haveWeekdayRelative = true;
    unhaveTime(p);
    const unit = c.relativeUnit();
    p.relative.weekday = unit?.[1] ?? 0;
    if (p.relative.weekdayBehavior !== 2) p.relative.weekdayBehavior = 1;
  }),
  rule('relativetextweek', relativetextweek, (p, c) => {
    p.haveRelative = true;
    while (!c.done) {
      const before = c.pos;
      const [amount, behavior] = c.relativeText();
      c.eatSpaces();
      setRelative(p, c, amount, behavior, false);
      p.relative.weekdayBehavior = 2;
      // "<day> next week" keeps its day; a bare "next week" means that week's Monday.
      if (!p.relative.haveWeekdayRelative) {
        p.relative.haveWeekdayRelative = true;
        p.relative.weekday = 1;
      }
      if (c.pos === before) break;
    }
  }),
  rule('relativetext', relativetext, (p, c) => {
    p.haveRelative = true;
    while (!c.done) {
      const before = c.pos;
      const [amount, behavior] = c.relativeText();
      c.eatSpaces();
      setRelative(p, c, amount, behavior, false);
      if (c.pos === before) break;
    }
  }),
  rule('monthfull | monthabbr', monthfullOrAbbr, (p, c) => {
    haveDate(p);
    p.m = c.lookupMonth();
  }),
  rule('tzcorrection | tz', `(?:${tzcorrection}|${tz})`, (p, c) => {
    if (!haveZone(p)) return;
    if (!c.zone(p)) fail(p, 'The timezone could not be found in the database');
  }),
  rule(
    'dateshortwithtimeshort12 | dateshortwithtimelong12',
    `(?:${datenoyear}${timelong12}|${datenoyear}${timeshort12})`,
    dateShortWithTime12,
  ),
  rule(
    'dateshortwithtimeshort | dateshortwithtimelong | dateshortwithtimelongtz',
    `(?:${datenoyear}${iso8601normtz}|${datenoyear}${timelong24}|${datenoyear}${timeshort24})`,
    dateShortWithTime24,
  ),
  rule('relative', relative, (p, c) => {
    p.haveRelative = true;
    while (!c.done) {
      const before = c.pos;
      const amount = c.signedNumber(24) ?? 0;
      c.eatSpaces();
      setRelative(p, c, amount, 1, true);
      if (c.pos === before) break;
    }
  }),
  rule('separator', '[ .,\\t]', 'skip'),
  rule('end', '[\\0\\n]', 'skip'),
  rule('any', '[\\s\\S]', 'error'),
];

/** Characters C's isspace() strips from both ends before scanning. */
const C_SPACE = ' \t\n\v\f\r';

/**
 * The dates CMS data are full of: `2024-01-15`, `2024-01-15 10:30[:00]`, `2024-01-15T10:30:00` with
 * `Z` or `+09:00`, every field in its usual range. What the rules below make of them is known
 * (test/scan-fast.test.ts compares the two on every shape), so they skip trying every rule at every
 * position; anything else, an out-of-range field included, is scanned by the rules.
 */
const COMMON_DATE =
  /^([0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])(?:([ T])([01][0-9]|2[0-3]):([0-5][0-9])(?::([0-5][0-9]))?(Z|[+-](?:0[0-9]|1[0-4]):[0-5][0-9])?)?$/;

function scanCommonDate(text: string): Parsed | null {
  const m = COMMON_DATE.exec(text);
  if (m === null) return null;
  const p = emptyParsed();
  p.y = Number(m[1]);
  p.m = Number(m[2]);
  p.d = Number(m[3]);
  p.haveDate = true;
  if (m[4] === undefined) return p;
  p.h = Number(m[5]);
  p.i = Number(m[6]);
  p.s = m[7] === undefined ? 0 : Number(m[7]);
  p.us = 0;
  p.haveTime = 1;
  const zone = m[8];
  if (zone !== undefined) {
    p.haveZone = 1;
    p.dst = false;
    if (zone === 'Z') p.zone = { kind: 'abbr', offset: 0, dst: false };
    else {
      const offset = Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60;
      p.zone = { kind: 'offset', offset: zone[0] === '-' ? -offset : offset };
    }
  }
  return p;
}

/**
 * Scans `text` into a Parsed, or returns null when timelib would report an error
 * (unknown word, double date, unknown zone, empty string).
 */
export function scanDate(text: string): Parsed | null {
  const common = text.length >= 10 && text.length <= 25 ? scanCommonDate(text) : null;
  if (common !== null) return common;
  return scanRules(text);
}

/** @internal timelib's scanner: at each position, the longest match of every rule (scanDate tries the common shapes first) */
export function scanRules(text: string): Parsed | null {
  let begin = 0;
  let end = text.length;
  if (end === 0) return null;
  // timelib trims isspace() from both ends but keeps the last character standing: a text of
  // spaces scans as one space (now), while a lone "\v", "\f" or "\r" is an unexpected character
  while (begin < end - 1 && C_SPACE.includes(text[begin])) begin++;
  while (end - 1 > begin && C_SPACE.includes(text[end - 1])) end--;
  const input = text.slice(begin, end);
  // timelib pads the buffer with NULs; rules such as `meridian` look at the NUL after the text.
  const padded = `${input}\0\0\0\0\0\0\0\0`;
  const p = emptyParsed();
  let pos = 0;
  try {
    while (pos < input.length) {
      let best: Rule | null = null;
      let bestLength = 0;
      for (const r of RULES) {
        r.pattern.lastIndex = pos;
        const m = r.pattern.exec(padded);
        if (m !== null && m[0].length > bestLength) {
          best = r;
          bestLength = m[0].length;
        }
      }
      if (best === null) return null;
      const token = padded.slice(pos, pos + bestLength);
      pos += bestLength;
      if (best.action === 'skip') continue;
      if (best.action === 'error') fail(p, 'Unexpected character');
      // The action sees the token as a C string: it ends at the first NUL.
      const nul = token.indexOf('\0');
      best.action(p, new Cursor(nul === -1 ? token : token.slice(0, nul)));
    }
  } catch (error) {
    if (error instanceof ScanError) return null;
    throw error;
  }
  return p;
}
