/**
 * CSV records from lines, for read_file's streaming: a record ends at a line break outside a quoted
 * field, so a quoted field may hold line breaks (they stay as written, `\r\n` included). Complete
 * records go to csv-parse in batches (one call per chunk of the file), so memory holds one chunk's
 * records and never the file.
 *
 * The quote rule is csv-parse's with `relax_quotes` (and RFC 4180's): a `"` opens a quoted field only
 * as the field's first character, `""` inside one is a quote, and a `"` elsewhere is a plain
 * character. PHP's fgetcsv reads the same records, except for malformed input (see read-file.ts).
 */
import { failure } from '../failure';
import type { Line } from './lines';

/** longest CSV record (UTF-16 units): an unclosed quote must not pull the whole file into memory */
export const MAX_RECORD_LENGTH = 16 * 1024 * 1024;

/** pieces of an open record kept apart at most (see push) */
const JOIN_PARTS = 4096;

const QUOTE = 34;
const COMMA = 44;

export interface CsvRecord {
  /** the record's text: its lines joined with the breaks between them, without the final break */
  text: string;
  /** the file line it starts on (1-based) */
  line: number;
}

export class CsvRecords {
  private parts: string[] = [];
  /** parts before this one are already joined blocks */
  private joined = 0;
  private length = 0;
  private inQuotes = false;
  private startLine = 0;
  private lineNo = 0;

  constructor(private readonly maxLength: number = MAX_RECORD_LENGTH) {}

  /** the record this line completes, or null while a quoted field is still open */
  push(line: Line): CsvRecord | null {
    this.lineNo++;
    const text = line.text;
    if (this.parts.length === 0 && !this.inQuotes) {
      this.startLine = this.lineNo;
      // most lines hold no quote at all
      if (text.indexOf('"') === -1) return { text, line: this.lineNo };
    }
    this.inQuotes = scan(text, this.inQuotes);
    this.length += text.length + line.end.length;
    if (this.length > this.maxLength) {
      throw failure(
        'IO_PARSE',
        `the CSV record that starts on line ${this.startLine} is longer than ${this.maxLength.toLocaleString('en')} characters (a quoted field that is never closed?); the file is not read further`,
      );
    }
    this.parts.push(text);
    if (this.inQuotes) {
      this.parts.push(line.end);
      // a quoted field over many short lines: thousands of tiny strings weigh some 30 times their
      // characters; joined now and then, the record weighs what its text does
      if (this.parts.length - this.joined >= JOIN_PARTS) {
        this.parts.push(this.parts.splice(this.joined).join(''));
        this.joined = this.parts.length;
      }
      return null;
    }
    return this.take();
  }

  /** at the end of the file: the line where a record whose quoted field was never closed starts */
  unfinished(): number | null {
    if (this.parts.length === 0) return null;
    const line = this.startLine;
    this.take();
    return line;
  }

  private take(): CsvRecord {
    const record = { text: this.parts.join(''), line: this.startLine };
    this.parts = [];
    this.joined = 0;
    this.length = 0;
    this.inQuotes = false;
    return record;
  }
}

/** whether a quoted field is still open at the end of `text`, which starts inside one when `inQuotes` */
function scan(text: string, inQuotes: boolean): boolean {
  let q = inQuotes;
  let fieldStart = !inQuotes;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (q) {
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) i++;
        else {
          q = false;
          fieldStart = false;
        }
      }
    } else if (c === QUOTE && fieldStart) {
      q = true;
    } else {
      fieldStart = c === COMMA;
    }
  }
  return q;
}

type ParseSync = (input: string, options: Record<string, unknown>) => string[][];

let parser: Promise<ParseSync> | null = null;

/**
 * csv-parse's synchronous parser. Its Node build uses Node's global `Buffer`, which browsers lack;
 * its browser build carries a Buffer of its own and runs at about half the speed. So the Node build
 * where `Buffer` exists, the browser build elsewhere (a bundler makes each a chunk loaded on demand).
 */
export function csvParser(): Promise<ParseSync> {
  parser ??= (
    typeof (globalThis as { Buffer?: unknown }).Buffer === 'function'
      ? import('csv-parse/sync')
      : import('csv-parse/browser/esm/sync')
  ).then((m) => m.parse as unknown as ParseSync);
  return parser;
}

/** the options read_file parses with: every field a string, rows of any length, quotes relaxed */
export const CSV_OPTIONS: Readonly<Record<string, unknown>> = {
  delimiter: ',',
  quote: '"',
  escape: '"',
  record_delimiter: '\n',
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: false,
  bom: false,
};

/**
 * The rows of complete records: one csv-parse call for all of them; when that fails, one call per
 * record, and `bad` hears of each record csv-parse refuses (it is skipped).
 */
export function parseRecords(
  parse: ParseSync,
  records: readonly CsvRecord[],
  bad: (record: CsvRecord, message: string) => void,
): { record: CsvRecord; fields: string[] }[] {
  if (records.length === 0) return [];
  try {
    const rows = parse(`${records.map((r) => r.text).join('\n')}\n`, CSV_OPTIONS);
    if (rows.length === records.length) return rows.map((fields, i) => ({ record: records[i]!, fields }));
  } catch {
    // one of them is refused: find which, below
  }
  const out: { record: CsvRecord; fields: string[] }[] = [];
  for (const record of records) {
    try {
      const rows = parse(`${record.text}\n`, CSV_OPTIONS);
      if (rows.length === 1) out.push({ record, fields: rows[0]! });
      else bad(record, `csv-parse read ${rows.length} records in it`);
    } catch (e) {
      bad(record, e instanceof Error ? e.message : String(e));
    }
  }
  return out;
}
