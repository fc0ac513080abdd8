/**
 * Zone abbreviations strtotime() accepts in input ("10:00 EST"). timelib looks a word up in
 * its abbreviation list and takes the first entry with that name; these are those first
 * entries (total UTC offset in seconds, DST flag) for the abbreviations people write. A word
 * not listed here is then tried as a zone identifier (Asia/Tokyo, Japan) through Intl.
 */
export interface Abbreviation {
  offset: number;
  dst: boolean;
}

const entries: Array<[string, number, 0 | 1]> = [
  ['utc', 0, 0],
  ['gmt', 0, 0],
  ['z', 0, 0],
  ['acdt', 37800, 1],
  ['adt', -10800, 1],
  ['aedt', 39600, 1],
  ['aest', 36000, 0],
  ['akdt', -28800, 1],
  ['akst', -32400, 0],
  ['ast', 10800, 0],
  ['awst', 28800, 0],
  ['bst', 3600, 1],
  ['cdt', -18000, 1],
  ['cest', 7200, 1],
  ['cet', 3600, 0],
  ['cst', -21600, 0],
  ['eat', 10800, 0],
  ['edt', -14400, 1],
  ['eest', 10800, 1],
  ['eet', 7200, 0],
  ['est', -18000, 0],
  ['hkt', 28800, 0],
  ['hst', -36000, 0],
  ['idt', 10800, 1],
  ['ist', 7200, 0],
  ['jst', 32400, 0],
  ['kst', 28800, 0],
  ['mdt', -21600, 1],
  ['msk', 10800, 0],
  ['mst', -25200, 0],
  ['nzdt', 46800, 1],
  ['nzst', 43200, 0],
  ['pdt', -25200, 1],
  ['pst', -28800, 0],
  ['sast', 7200, 0],
  ['sgt', 28800, 0],
  ['wet', 0, 0],
  ['wib', 25200, 0],
  // Military letters (J is local time and has no entry).
  ['a', 3600, 0],
  ['b', 7200, 0],
  ['c', 10800, 0],
  ['d', 14400, 0],
  ['e', 18000, 0],
  ['f', 21600, 0],
  ['g', 25200, 0],
  ['h', 28800, 0],
  ['i', 32400, 0],
  ['k', 36000, 0],
  ['l', 39600, 0],
  ['m', 43200, 0],
  ['n', -3600, 0],
  ['o', -7200, 0],
  ['p', -10800, 0],
  ['q', -14400, 0],
  ['r', -18000, 0],
  ['s', -21600, 0],
  ['t', -25200, 0],
  ['u', -28800, 0],
  ['v', -32400, 0],
  ['w', -36000, 0],
  ['x', -39600, 0],
  ['y', -43200, 0],
];

const table = new Map<string, Abbreviation>(
  entries.map(([name, offset, dst]) => [name, { offset, dst: dst === 1 }]),
);

/** The abbreviation's meaning, case-insensitively, or undefined. */
export function lookupAbbreviation(word: string): Abbreviation | undefined {
  return table.get(word.toLowerCase());
}
