/**
 * csvRow against PHP 8.2's fputcsv: a corpus of 200 rows PHP wrote (test/fixtures/fputcsv-php82.json,
 * made with `php -r` once: the tests do not need PHP), and the rules one by one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { csvRow } from '../src/text/csv-row';

const corpus = JSON.parse(
  readFileSync(new URL('./fixtures/fputcsv-php82.json', import.meta.url), 'utf8'),
) as {
  cases: { fields: string[]; row: string }[];
};

describe('csvRow (fputcsv without the line break)', () => {
  test('agrees with PHP 8.2 on every row of the corpus', () => {
    expect(corpus.cases.length).toBe(200);
    const wrong = corpus.cases.filter((c) => csvRow(c.fields) !== c.row);
    expect(wrong).toEqual([]);
  });

  test.each([
    // [fields, what PHP 8.2 writes]
    [['plain', 'x'], 'plain,x'],
    [['a b'], '"a b"'],
    [['c,d'], '"c,d"'],
    [['e"f'], '"e""f"'],
    [['g\th'], '"g\th"'],
    [['i\rj'], '"i\rj"'],
    [['k\nl'], '"k\nl"'],
    [['m\\n'], '"m\\n"'], // a backslash alone is enough to enclose
    [['o\\"p'], '"o\\"p"'], // a quote right after the escape is not doubled
    [['q\\\\"r'], '"q\\\\"r"'], // nor after a run of escapes
    [['\\"x"'], '"\\"x"""'], // the escape covers one quote only
    [['x\\'], '"x\\"'],
    [['', '', ''], ',,'],
    [[''], ''],
    [[], ''],
    [['a\u000bb', 'a\u0000b', 'a\fb'], 'a\u000bb,a\u0000b,a\fb'], // VT, NUL, FF: written bare
    [['日本語', 'é'], '日本語,é'],
    [['日 本'], '"日 本"'],
  ])('%j → %j', (fields, row) => {
    expect(csvRow(fields)).toBe(row);
  });

  test('other separators, enclosures and no escape', () => {
    expect(csvRow(['a;b', 'c d', 'e,f'], { separator: ';' })).toBe('"a;b";"c d";e,f');
    expect(csvRow(["it's", 'x"y'], { enclosure: "'" })).toBe("'it''s',x\"y");
    // escape '' (PHP 7.4+): a backslash is a plain character and every quote is doubled
    expect(csvRow(['a\\"b', 'c\\d'], { escape: '' })).toBe('"a\\""b",c\\d');
    expect(() => csvRow(['a'], { separator: ',,' })).toThrow(RangeError);
    expect(() => csvRow(['a'], { enclosure: '' })).toThrow(RangeError);
    expect(() => csvRow(['a'], { escape: '\\\\' })).toThrow(RangeError);
  });
});
