/**
 * Readers over one scanned token, the helpers timelib's scanner actions use to pull numbers,
 * month names, relative words and zones out of the text a rule matched.
 */
import { lookupAbbreviation } from './abbreviations';
import type { Parsed } from './parsed';
import { resolveTimeZoneName } from './zone';

// Maps, not objects: every key is read from the text being parsed, and a word such as `constructor`
// must never find a property of Object.prototype
const MONTHS: ReadonlyMap<string, number> = new Map<string, number>(
  Object.entries({
    jan: 1,
    feb: 2,
    mar: 3,
    apr: 4,
    may: 5,
    jun: 6,
    jul: 7,
    aug: 8,
    sep: 9,
    sept: 9,
    oct: 10,
    nov: 11,
    dec: 12,
    i: 1,
    ii: 2,
    iii: 3,
    iv: 4,
    v: 5,
    vi: 6,
    vii: 7,
    viii: 8,
    ix: 9,
    x: 10,
    xi: 11,
    xii: 12,
    january: 1,
    february: 2,
    march: 3,
    april: 4,
    june: 6,
    july: 7,
    august: 8,
    september: 9,
    october: 10,
    november: 11,
    december: 12,
  }),
);

/** "first".."twelfth", "next", "last", "previous", "this": [amount, behavior]. */
const RELATIVE_TEXT: ReadonlyMap<string, [number, number]> = new Map<string, [number, number]>(
  Object.entries({
    first: [1, 0],
    next: [1, 0],
    second: [2, 0],
    third: [3, 0],
    fourth: [4, 0],
    fifth: [5, 0],
    sixth: [6, 0],
    seventh: [7, 0],
    eight: [8, 0],
    eighth: [8, 0],
    ninth: [9, 0],
    tenth: [10, 0],
    eleventh: [11, 0],
    twelfth: [12, 0],
    last: [-1, 0],
    previous: [-1, 0],
    this: [0, 1],
  }),
);

export type RelativeUnit = 'us' | 's' | 'i' | 'h' | 'd' | 'm' | 'y' | 'weekday' | 'special';

/** timelib's relative unit table: word → [unit, multiplier]. */
const RELATIVE_UNITS: ReadonlyMap<string, [RelativeUnit, number]> = new Map<string, [RelativeUnit, number]>(
  Object.entries({
    ms: ['us', 1000],
    msec: ['us', 1000],
    msecs: ['us', 1000],
    millisecond: ['us', 1000],
    milliseconds: ['us', 1000],
    µs: ['us', 1],
    usec: ['us', 1],
    usecs: ['us', 1],
    µsec: ['us', 1],
    µsecs: ['us', 1],
    microsecond: ['us', 1],
    microseconds: ['us', 1],
    sec: ['s', 1],
    secs: ['s', 1],
    second: ['s', 1],
    seconds: ['s', 1],
    min: ['i', 1],
    mins: ['i', 1],
    minute: ['i', 1],
    minutes: ['i', 1],
    hour: ['h', 1],
    hours: ['h', 1],
    day: ['d', 1],
    days: ['d', 1],
    week: ['d', 7],
    weeks: ['d', 7],
    fortnight: ['d', 14],
    fortnights: ['d', 14],
    forthnight: ['d', 14],
    forthnights: ['d', 14],
    month: ['m', 1],
    months: ['m', 1],
    year: ['y', 1],
    years: ['y', 1],
    monday: ['weekday', 1],
    mon: ['weekday', 1],
    tuesday: ['weekday', 2],
    tue: ['weekday', 2],
    wednesday: ['weekday', 3],
    wed: ['weekday', 3],
    thursday: ['weekday', 4],
    thu: ['weekday', 4],
    friday: ['weekday', 5],
    fri: ['weekday', 5],
    saturday: ['weekday', 6],
    sat: ['weekday', 6],
    sunday: ['weekday', 0],
    sun: ['weekday', 0],
    weekday: ['special', 1],
    weekdays: ['special', 1],
  }),
);

const isDigit = (c: string) => c >= '0' && c <= '9';
const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

export class Cursor {
  readonly text: string;
  pos = 0;

  constructor(text: string) {
    this.text = text;
  }

  /** The current character, '' at the end (C's NUL). */
  get ch(): string {
    return this.pos < this.text.length ? this.text[this.pos] : '';
  }

  at(offset: number): string {
    const k = this.pos + offset;
    return k < this.text.length ? this.text[k] : '';
  }

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  /** timelib_get_nr_ex: skip to the next digit, read at most `maxLength` digits. */
  numberWithLength(maxLength: number): { value: number | null; length: number } {
    while (!isDigit(this.ch)) {
      if (this.done) return { value: null, length: 0 };
      this.pos++;
    }
    const begin = this.pos;
    while (isDigit(this.ch) && this.pos - begin < maxLength) this.pos++;
    return { value: Number(this.text.slice(begin, this.pos)), length: this.pos - begin };
  }

  number(maxLength: number): number | null {
    return this.numberWithLength(maxLength).value;
  }

  /** timelib_get_unsigned_nr: any run of signs ('-' flips), then a number. */
  signedNumber(maxLength: number): number | null {
    while (!isDigit(this.ch) && this.ch !== '+' && this.ch !== '-') {
      if (this.done) return null;
      this.pos++;
    }
    let sign = 1;
    while (this.ch === '+' || this.ch === '-') {
      if (this.ch === '-') sign = -sign;
      this.pos++;
    }
    const value = this.number(maxLength);
    return value === null ? null : sign * value;
  }

  /** timelib_get_frac_nr: ".123" (or ":123") as microseconds. */
  fraction(): number | null {
    while (this.ch !== '.' && this.ch !== ':' && !isDigit(this.ch)) {
      if (this.done) return null;
      this.pos++;
    }
    const begin = this.pos;
    while (this.ch === '.' || this.ch === ':' || isDigit(this.ch)) this.pos++;
    const digits = this.text.slice(begin + 1, this.pos).replace(/[^0-9].*$/, '');
    return Number((digits + '000000').slice(0, 6));
  }

  /** timelib_meridian: the hour correction for am/pm after an hour `h`. */
  meridian(h: number): number {
    while (!'AaPp'.includes(this.ch) && !this.done) this.pos++;
    let correction = 0;
    if (this.ch === 'a' || this.ch === 'A') {
      if (h === 12) correction = -12;
    } else if (h !== 12) {
      correction = 12;
    }
    this.pos++;
    if (this.ch === '.') this.pos++;
    if (this.ch === 'M' || this.ch === 'm') this.pos++;
    if (this.ch === '.') this.pos++;
    return correction;
  }

  skipDaySuffix(): void {
    if (' \t\n\v\f\r'.includes(this.ch) && !this.done) return;
    const two = (this.ch + this.at(1)).toLowerCase();
    if (two === 'nd' || two === 'rd' || two === 'st' || two === 'th') this.pos += 2;
  }

  eatSpaces(): void {
    while (this.ch === ' ' || this.ch === '\t') this.pos++;
  }

  private word(): string {
    const begin = this.pos;
    while (isAlpha(this.ch)) this.pos++;
    return this.text.slice(begin, this.pos).toLowerCase();
  }

  /** timelib_lookup_month (0 when unknown). */
  lookupMonth(): number {
    return MONTHS.get(this.word()) ?? 0;
  }

  /** timelib_get_month: skip separators, then a month name or roman numeral. */
  month(): number {
    while (' \t-./'.includes(this.ch) && !this.done) this.pos++;
    return this.lookupMonth();
  }

  /** timelib_get_relative_text: [amount, behavior] of "next", "third", "this", ... */
  relativeText(): [number, number] {
    while (' \t-/'.includes(this.ch) && !this.done) this.pos++;
    return RELATIVE_TEXT.get(this.word()) ?? [0, 0];
  }

  /** timelib_lookup_relunit: the unit word up to the next separator. */
  relativeUnit(): [RelativeUnit, number] | undefined {
    const begin = this.pos;
    while (!this.done && !' ,\t;:/.-()'.includes(this.ch)) this.pos++;
    return RELATIVE_UNITS.get(this.text.slice(begin, this.pos).toLowerCase());
  }

  /**
   * timelib_parse_zone: "+09:00", "GMT-5", "EST", "(JST)", "Asia/Tokyo". Records the zone in
   * `p` and returns false when the text names no zone timelib knows.
   */
  zone(p: Parsed): boolean {
    while (this.ch === ' ' || this.ch === '\t' || this.ch === '(') this.pos++;
    if (this.text.startsWith('GMT', this.pos) && (this.at(3) === '+' || this.at(3) === '-')) this.pos += 3;
    if (this.ch === '+' || this.ch === '-') {
      const sign = this.ch === '-' ? -1 : 1;
      this.pos++;
      const offset = this.offsetCorrection();
      p.dst = false;
      if (offset === null) return false;
      p.zone = { kind: 'offset', offset: sign * offset };
      return true;
    }
    const begin = this.pos;
    while (!this.done && this.ch !== ')' && this.ch !== ' ') this.pos++;
    const word = this.text.slice(begin, this.pos);
    while (this.ch === ')') this.pos++;
    const abbreviation = lookupAbbreviation(word);
    if (abbreviation !== undefined) {
      p.zone = { kind: 'abbr', offset: abbreviation.offset, dst: abbreviation.dst };
      p.dst = abbreviation.dst;
      if (word !== 'UTC') return true;
    }
    const name = resolveTimeZoneName(word);
    if (name !== null) {
      p.zone = { kind: 'id', name };
      return true;
    }
    return abbreviation !== undefined;
  }

  /** timelib_parse_tz_cor: H, HH, H:MM, HHMM, HH:MM, HHMMSS, HH:MM:SS in seconds. */
  private offsetCorrection(): number | null {
    const begin = this.pos;
    while (isDigit(this.ch) || this.ch === ':') this.pos++;
    const s = this.text.slice(begin, this.pos);
    const int = (from: number) => Number.parseInt(s.slice(from), 10) || 0;
    switch (s.length) {
      case 1:
      case 2:
        return int(0) * 3600;
      case 3:
      case 4:
        if (s[1] === ':') return int(0) * 3600 + int(2) * 60;
        if (s[2] === ':') return int(0) * 3600 + int(3) * 60;
        return Math.trunc(int(0) / 100) * 3600 + (int(0) % 100) * 60;
      case 5:
        if (s[2] !== ':') return null;
        return int(0) * 3600 + int(3) * 60;
      case 6: {
        const n = int(0);
        return Math.trunc(n / 10000) * 3600 + (Math.trunc(n / 100) % 100) * 60 + (n % 100);
      }
      case 8:
        if (s[2] !== ':' || s[5] !== ':') return null;
        return int(0) * 3600 + int(3) * 60 + int(6);
    }
    return null;
  }
}
