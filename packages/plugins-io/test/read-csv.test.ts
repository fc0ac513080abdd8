/**
 * read_file's CSV path (lines → whole records → csv-parse in batches) against csv-parse reading the
 * whole text at once: the same rows for any input csv-parse accepts, however the chunks cut it.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { CSV_OPTIONS, CsvRecords, csvParser, parseRecords } from '../src/files/csv-records';
import { readLines } from '../src/files/lines';

const enc = new TextEncoder();

async function streamed(text: string, chunk: number): Promise<string[][]> {
  const parse = await csvParser();
  const bytes = enc.encode(text);
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
  const records = new CsvRecords();
  const rows: string[][] = [];
  for await (const lines of readLines(stream)) {
    const complete = [];
    for (const line of lines) {
      const r = records.push(line);
      if (r !== null && r.text !== '') complete.push(r);
    }
    for (const { fields } of parseRecords(parse, complete, () => rows.push(['<refused>']))) rows.push(fields);
  }
  if (records.unfinished() !== null) rows.push(['<open>']);
  return rows;
}

test('the streamed CSV rows are csv-parse’s rows of the whole text', async () => {
  const parse = await csvParser();
  let compared = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.constantFrom('"', '""', ',', 'a', '日', ' ', '\n', '\r\n'), { maxLength: 40 }),
      fc.integer({ min: 1, max: 9 }),
      async (tokens, chunk) => {
        const text = tokens.join('');
        let whole: string[][];
        try {
          whole = parse(text, { ...CSV_OPTIONS, record_delimiter: ['\r\n', '\n'], skip_empty_lines: true });
        } catch {
          return;
        }
        compared++;
        expect({ text, rows: await streamed(text, chunk) }).toEqual({ text, rows: whole });
      },
    ),
    { numRuns: 3000 },
  );
  expect(compared).toBeGreaterThan(1000);
});

test('a quoted field never closed: the rows before it, then nothing', async () => {
  expect(await streamed('a,b\n"x,y\nz\n', 3)).toEqual([['a', 'b'], ['<open>']]);
});

test('a record csv-parse refuses is reported and skipped; the batch’s other records stay', () => {
  const parse = (input: string) => {
    if (input.includes('BAD')) throw new Error('Invalid record');
    return input
      .slice(0, -1)
      .split('\n')
      .map((l) => l.split(','));
  };
  const bad: string[] = [];
  const rows = parseRecords(
    parse,
    [
      { text: 'a,b', line: 1 },
      { text: 'BAD', line: 2 },
      { text: 'c', line: 4 },
    ],
    (record, message) => bad.push(`${record.line}: ${message}`),
  );
  expect(rows.map((r) => r.fields)).toEqual([['a', 'b'], ['c']]);
  expect(bad).toEqual(['2: Invalid record']);
});
