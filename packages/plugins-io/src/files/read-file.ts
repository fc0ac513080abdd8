/**
 * {read_file}: a block that repeats its body once per line (txt, jsonl) or record (csv) of a file,
 * streamed: the file is read in chunks through `SiteFs.readStream`, decoded as it comes, and no more
 * than one chunk's rows are ever held, so a file of millions of lines reads in constant memory
 * (bench: "read_file streaming"). It stops after 100,000 rows, as the CMS does, with a warning.
 */
import { fromJSONText, JSON_ERROR_MESSAGES, JsonParseError, PhpArray, toStr, type Value } from '@sumi/php';
import { type BlockBody, type BlockPluginDef, definePlugin, type RenderContext } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { type Area, sitePath } from '../paths';
import { siteOf } from '../site';
import { type CsvRecord, CsvRecords, csvParser, parseRecords } from './csv-records';
import { readLines } from './lines';
import { checkAttachmentAccess } from './read-access';
import { underFiles } from './read-common';

const AREAS: readonly Area[] = ['user', 'ltd', 'topics', 'member'];

/** the CMS's cap: rows after the 100,000th are not read */
export const READ_FILE_MAX_ROWS = 100_000;

export interface ReadFileOptions {
  /**
   * Rows read at most (default 100,000, the CMS's cap). A host that reads bigger files on purpose
   * (the streaming benchmark) raises it; limits.maxListedEntries still counts every row.
   */
  maxRows?: number;
}

/** JSON whitespace only: a jsonl line that holds no value */
const BLANK = /^[ \t\n\r]*$/;

/** the loop over one file's rows: assigns each to `row`, renders the body, stops at the cap */
class RowLoop {
  out = '';
  rows = 0;

  constructor(
    private readonly ctx: RenderContext,
    private readonly body: BlockBody,
    private readonly rowVar: string,
    private readonly maxRows: number,
    private readonly shown: string,
  ) {}

  /** a line or record that gives no row (blank, invalid): it was still read */
  skip(): void {
    this.ctx.spend('maxListedEntries', 1);
  }

  /** a line or record skipped: `message` says why and what */
  warn(line: number, message: string): void {
    this.ctx.log('warn', `${this.shown} line ${line}: ${message}`, 'read_file', 'IO_PARSE');
  }

  /** one more row; false once the cap is reached (then the loop stops reading) */
  async row(value: Value): Promise<boolean> {
    if (this.rows >= this.maxRows) {
      this.ctx.log(
        'warn',
        `stopped after ${this.maxRows.toLocaleString('en')} rows, as the CMS does: the rest of ${this.shown} is not read`,
        'read_file',
        'IO_ROW_LIMIT',
      );
      return false;
    }
    this.ctx.spend('maxListedEntries', 1);
    this.rows++;
    this.ctx.assign(this.rowVar, value);
    const r = this.body.render();
    this.out += typeof r === 'string' ? r : await r;
    return this.body.jump !== 'break';
  }
}

async function readTxt(loop: RowLoop, stream: ReadableStream<Uint8Array>): Promise<void> {
  for await (const lines of readLines(stream)) {
    for (const line of lines) if (!(await loop.row(line.text))) return;
  }
}

async function readJsonl(loop: RowLoop, stream: ReadableStream<Uint8Array>): Promise<void> {
  let lineNo = 0;
  for await (const lines of readLines(stream)) {
    for (const line of lines) {
      lineNo++;
      if (BLANK.test(line.text)) {
        loop.skip();
        continue;
      }
      let value: Value;
      try {
        // json_decode($line, true): objects as arrays, depth 512
        value = fromJSONText(line.text, { objects: false });
      } catch (e) {
        if (!(e instanceof JsonParseError)) throw e;
        loop.skip();
        loop.warn(
          lineNo,
          `not valid JSON (${JSON_ERROR_MESSAGES[e.code] ?? 'Syntax error'}); the line is skipped`,
        );
        continue;
      }
      if (!(await loop.row(value))) return;
    }
  }
}

async function readCsv(loop: RowLoop, stream: ReadableStream<Uint8Array>): Promise<void> {
  const parse = await csvParser();
  const records = new CsvRecords();
  const refused = (record: CsvRecord, message: string) => {
    loop.skip();
    loop.warn(record.line, `not a CSV record csv-parse reads (${message}); the record is skipped`);
  };
  for await (const lines of readLines(stream)) {
    const complete: CsvRecord[] = [];
    for (const line of lines) {
      const record = records.push(line);
      if (record === null) continue;
      // an empty line holds no record (PHP's fgetcsv would give [null])
      if (record.text === '') loop.skip();
      else complete.push(record);
    }
    for (const { fields } of parseRecords(parse, complete, refused)) {
      if (!(await loop.row(PhpArray.fromList(fields)))) return;
    }
  }
  const open = records.unfinished();
  if (open !== null) {
    loop.skip();
    loop.warn(
      open,
      'a quoted field opens here and is not closed before the end of the file; the record is skipped',
    );
  }
}

/** read_file with its own row cap (see ReadFileOptions); `readFile` is the CMS's */
export function readFilePlugin(options: ReadFileOptions = {}): BlockPluginDef {
  const maxRows = options.maxRows ?? READ_FILE_MAX_ROWS;
  return definePlugin({
    kind: 'block',
    loop: true,
    name: 'read_file',
    group: 'Files and storage',
    async: true,
    description:
      'Repeats its body once per row of a file under /files/user/, /files/ltd/, /files/topics/ or /files/member/, the row in `row`. ' +
      'The file is streamed: read in chunks and decoded as UTF-8 as it comes, so a file of any size reads in constant memory. ' +
      'A UTF-8 byte order mark at the start is dropped; lines end at `\\n`, `\\r\\n` or a lone `\\r` (old Mac files). ' +
      '`txt`: a row per line, the line without its line break; an empty line is an empty string. ' +
      '`csv`: a row per record, a list of strings, parsed by csv-parse (RFC 4180: fields in double quotes may hold commas, ' +
      'doubled quotes and line breaks, which stay as written); empty lines are skipped (PHP’s fgetcsv would give `[null]`); ' +
      'rows may have different lengths. Where input is malformed csv-parse and PHP’s fgetcsv differ: text after a closing quote ' +
      '(`"ab"cd`), spaces before an opening quote (`a, "b"`) and a backslash before a quote keep their quotes here. ' +
      'A record csv-parse refuses, or whose quoted field is never closed, is skipped with a warning (IO_PARSE). ' +
      '`jsonl`: a row per line, decoded as `json_decode($line, true)` does (objects become arrays); lines of only whitespace ' +
      'are skipped, and a line that is not valid JSON is skipped with a warning (IO_PARSE), never a null row. ' +
      `At most ${maxRows.toLocaleString('en')} rows, as the CMS: the file is not read further and a warning (IO_ROW_LIMIT) says so. ` +
      'Files of /files/topics/<topics_id>/ are readable when that content is open to the reader, as far as the content store can tell ' +
      '(its optional `isTopicOpen`; a store without it lets every such file be read); files of /files/member/<member_id>/ ' +
      'only by that member when logged in, or when the store’s optional `isMemberVisible` allows it. `ignore_permission` ' +
      'skips both rules; it changes nothing for /files/user/ and /files/ltd/. `{break}` inside the body stops reading ' +
      '(the file is closed) and `{continue}` goes on with the next row, as in `{foreach}`.',
    attributes: {
      name: {
        type: 'string',
        description:
          'the loop’s name, as Smarty names a block; it has no other effect (no `$smarty.foreach` properties)',
      },
      path: {
        type: 'string',
        required: true,
        description:
          'the file, relative to /files/: `/files/user/x.csv`, `files/user/x.csv` or `user/x.csv`; areas user, ltd, topics and member',
      },
      row: {
        type: 'varname',
        required: true,
        description: 'the variable each row is assigned to (dotted paths allowed); it keeps the last row',
      },
      type: {
        type: 'string',
        enum: ['txt', 'csv', 'jsonl'],
        default: 'txt',
        description:
          '`txt`: a string per line; `csv`: a list of strings per record; `jsonl`: the decoded JSON of each line',
      },
      ignore_permission: {
        type: 'boolean',
        default: false,
        description:
          'read a file of /files/topics/ or /files/member/ whatever the content’s open status or the file’s member',
      },
    },
    result:
      'the body’s output once per row; `row` holds the row: a string (txt), a list of strings (csv) or the decoded value (jsonl)',
    errors: [
      'a file outside /files/user/, /files/ltd/, /files/topics/ and /files/member/ (IO_AREA_DENIED), a path with `..` (IO_PATH_TRAVERSAL), a NUL byte, a backslash or a percent-encoded dot or slash (IO_PATH_INVALID), outside the site or through a link leading out (IO_PATH_OUTSIDE): logged at error level, the body never runs',
      'a file that does not exist (IO_NOT_FOUND) or a folder (IO_IS_DIR): logged, the body never runs',
      'a file of closed content or of another member without `ignore_permission` (IO_PERMISSION_DENIED): logged, the body never runs',
      'a jsonl line that is not JSON, a CSV record csv-parse refuses or never closes (IO_PARSE): a warning, the row is skipped',
      'a line or CSV record over 16 Mi characters (IO_PARSE) or a read error (IO_ERROR): logged at error level, reading stops (the rows before it were read)',
    ],
    limits: [
      `at most ${maxRows.toLocaleString('en')} rows; the rest is not read (a warning, IO_ROW_LIMIT)`,
      'every row, and every line or record skipped, counts one against limits.maxListedEntries: past it the render stops with LIMIT_COST',
      'memory stays flat whatever the file’s size: one chunk (64 KiB) and one row are held at a time, plus what the body prints',
    ],
    examples: [
      {
        description: 'A text file, line by line',
        template: "{read_file path='/files/user/readme.txt' row=line}\n[{$line}]\n{/read_file}",
        output: '[Files uploaded by members live under /files/user/.]\n[こんにちは]\n',
      },
      {
        description:
          'A CSV file: each record is a list; a quoted field may hold commas, quotes and line breaks',
        template:
          "{read_file path='user/reports/2026-10.csv' type=csv row=r}\n{$r.0}|{$r.1}|{$r.3|replace:\"\\n\":' / '}\n{/read_file}",
        output: 'id|name|note\n1|Sato|first, paid\n2|鈴木|multi / line\n3|Tanaka "T"|\n',
      },
      {
        description: 'JSON lines: each line decoded as an array',
        template:
          "{read_file path='files/user/logs/events.jsonl' type=jsonl row=e}\n{$e.id}: {$e.event} {$e.amount|default:'-'}\n{/read_file}",
        output: '1: login -\n2: purchase 1200\n3: logout -\n',
      },
      {
        description: 'A file attached to open content (/files/topics/<topics_id>/)',
        template: "{read_file path='topics/1/report.txt' row=line}{$line}{/read_file}",
        output: 'attached to content 1 (open)',
      },
      {
        description: 'A member’s file, read by a batch where nobody is logged in',
        template:
          "{read_file path='/files/member/3/profile.txt' row=line ignore_permission=1}{$line}{/read_file}",
        output: 'attached to member 3',
      },
    ],
    async run(ctx, a, body) {
      let stream: ReadableStream<Uint8Array> | null = null;
      let shown = '';
      const rowVar = a.row ?? '';
      const opened = await attempt(ctx, 'read_file', async () => {
        if (rowVar === '')
          throw failure('IO_MISSING_ATTRIBUTE', "'row' is missing or empty: name a variable");
        const input = a.path === undefined ? '' : toStr(a.path);
        if (input === '') throw failure('IO_MISSING_ATTRIBUTE', "'path' is missing or empty: name a file");
        const site = siteOf(ctx);
        const p = await sitePath(site, underFiles(input, 'path'), AREAS, { attribute: 'path' });
        shown = p.display;
        await checkAttachmentAccess(site, p, ctx, a.ignore_permission);
        // a link inside the area (topics/1/x -> ../3/x) is read where it leads: that folder's
        // content or member decides too
        const real = await site.fs.realPath(p.path);
        if (real !== p.path) {
          const root = p.path.slice(0, p.path.length - p.sub.length).replace(/\/$/, '');
          const sub = real.slice(root.length + 1);
          await checkAttachmentAccess(
            site,
            { ...p, path: real, sub, display: `/${real}` },
            ctx,
            a.ignore_permission,
          );
        }
        const stat = await site.fs.stat(p.path);
        if (stat === null) throw failure('IO_NOT_FOUND', `'path' ${JSON.stringify(shown)} does not exist`);
        if (stat.isDir) throw failure('IO_IS_DIR', `'path' ${JSON.stringify(shown)} is a folder, not a file`);
        stream = await site.fs.readStream(p.path);
      });
      if (!opened || stream === null) return '';
      const source: ReadableStream<Uint8Array> = stream;
      const loop = new RowLoop(ctx, body, rowVar, maxRows, shown);
      const type = toStr(a.type);
      // a failure while reading (a line too long, a disk error) is logged; the rows before it stay
      const read = await attempt(ctx, 'read_file', () =>
        type === 'csv'
          ? readCsv(loop, source)
          : type === 'jsonl'
            ? readJsonl(loop, source)
            : readTxt(loop, source),
      );
      if (!read) await source.cancel().catch(() => undefined);
      return loop.out;
    },
  });
}

export const readFile: BlockPluginDef = readFilePlugin();
