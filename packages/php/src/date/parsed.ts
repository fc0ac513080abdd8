/**
 * What the strtotime scanner collects from a string (timelib's timelib_time while parsing):
 * absolute fields (null while unset), the relative part, and the zone the string named.
 */

export const SPECIAL_WEEKDAY = 1;
export const SPECIAL_DAY_OF_WEEK_IN_MONTH = 2;
export const SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH = 3;

export const FIRST_DAY_OF_MONTH = 1;
export const LAST_DAY_OF_MONTH = 2;

export interface Relative {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  us: number;
  /** 0 = Sunday .. 6 = Saturday; negative after "ago". */
  weekday: number;
  /** 0: "next/last <day>", 1: "<day>" (today counts), 2: "<day> this/next/last week". */
  weekdayBehavior: number;
  haveWeekdayRelative: boolean;
  haveSpecialRelative: boolean;
  specialType: number;
  specialAmount: number;
  /** 0, FIRST_DAY_OF_MONTH or LAST_DAY_OF_MONTH. */
  firstLastDayOf: number;
}

/** The zone a string named: a fixed offset (+09:00), an abbreviation (EST) or an identifier. */
export type ParsedZone =
  | { kind: 'offset'; offset: number }
  | { kind: 'abbr'; offset: number; dst: boolean }
  | { kind: 'id'; name: string };

export interface Parsed {
  y: number | null;
  m: number | null;
  d: number | null;
  h: number | null;
  i: number | null;
  s: number | null;
  us: number | null;
  /** A count: "gnunocolon" numbers raise it past 1. */
  haveTime: number;
  haveDate: boolean;
  haveZone: number;
  haveRelative: boolean;
  zone: ParsedZone | null;
  /** The DST flag an abbreviation carried, null when the string gave none. */
  dst: boolean | null;
  relative: Relative;
  errors: string[];
}

export function emptyParsed(): Parsed {
  return {
    y: null,
    m: null,
    d: null,
    h: null,
    i: null,
    s: null,
    us: null,
    haveTime: 0,
    haveDate: false,
    haveZone: 0,
    haveRelative: false,
    zone: null,
    dst: null,
    relative: {
      y: 0,
      m: 0,
      d: 0,
      h: 0,
      i: 0,
      s: 0,
      us: 0,
      weekday: 0,
      weekdayBehavior: 0,
      haveWeekdayRelative: false,
      haveSpecialRelative: false,
      specialType: 0,
      specialAmount: 0,
      firstLastDayOf: 0,
    },
    errors: [],
  };
}
