import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memorySession } from '@sumi/runtime';
import { afterEach, describe, expect, test } from 'vitest';
import type { ContentStore } from '../src/content/types';
import { CsvRecords } from '../src/files/csv-records';
import { type Line, readLines } from '../src/files/lines';
import { readFilePlugin } from '../src/files/read';
import { memoryFs } from '../src/fs/memory';
import type { SiteFs } from '../src/fs/types';
import { folderSite } from '../src/node';
import { loadSite, memorySite } from '../src/site-load';
import { siteWith } from './helpers';
import { renderRead, warnings } from './read-helpers';

const enc = new TextEncoder();
const BOM = '\uFEFF';

/** the rows a template sees, each as JSON (slashes and Unicode unescaped), one per line */
async function rows(files: Record<string, string | Uint8Array>, type: string, path = '/files/user/f') {
  const r = await renderRead(
    await siteWith(files),
    `{read_file path='${path}' type=${type} row=r}{$r|@json_encode:320}\n\n{/read_file}`,
  );
  return { rows: r.output.split('\n\n').slice(0, -1), r };
}

/** a byte stream cut into chunks of `size` bytes */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function allLines(stream: ReadableStream<Uint8Array>, max?: number): Promise<Line[]> {
  const out: Line[] = [];
  for await (const batch of readLines(stream, max)) out.push(...batch);
  return out;
}

describe('lines: decoding and splitting as the bytes come', () => {
  const text = `${BOM}一行目\r\n二行目\nthird\rfourth\r\n\r\nlast 日本語`;
  const expected: Line[] = [
    { text: '一行目', end: '\r\n' },
    { text: '二行目', end: '\n' },
    { text: 'third', end: '\r' },
    { text: 'fourth', end: '\r\n' },
    { text: '', end: '\r\n' },
    { text: 'last 日本語', end: '' },
  ];

  test('every chunk size gives the same lines: characters and \\r\\n cut between chunks are joined', async () => {
    const bytes = enc.encode(text);
    for (const size of [1, 2, 3, 4, 5, 7, 64, 65536]) {
      expect(await allLines(chunked(bytes, size))).toEqual(expected);
    }
  });

  test('a final break gives no empty last line; a file of one break is one empty line', async () => {
    expect(await allLines(chunked(enc.encode('a\n'), 1))).toEqual([{ text: 'a', end: '\n' }]);
    expect(await allLines(chunked(enc.encode('a\r'), 1))).toEqual([{ text: 'a', end: '\r' }]);
    expect(await allLines(chunked(enc.encode('\n'), 1))).toEqual([{ text: '', end: '\n' }]);
    expect(await allLines(chunked(enc.encode(''), 1))).toEqual([]);
    expect(await allLines(chunked(enc.encode(BOM), 1))).toEqual([]);
  });

  test('only a BOM at the start is dropped; bytes that are not UTF-8 read as U+FFFD', async () => {
    expect(await allLines(chunked(enc.encode(`a${BOM}b`), 2))).toEqual([{ text: `a${BOM}b`, end: '' }]);
    expect(await allLines(chunked(Uint8Array.from([0x61, 0xff, 0x62]), 1))).toEqual([
      { text: 'a\uFFFDb', end: '' },
    ]);
  });

  test('a line longer than the cap is IO_PARSE, wherever the chunks cut it', async () => {
    for (const size of [1, 3, 100]) {
      await expect(allLines(chunked(enc.encode('ok\n0123456789\n'), size), 5)).rejects.toMatchObject({
        code: 'IO_PARSE',
        message: expect.stringContaining('line 2 is longer than 5 characters'),
      });
    }
    expect(await allLines(chunked(enc.encode('12345\r\n'), 1), 5)).toEqual([{ text: '12345', end: '\r\n' }]);
  });

  test('stopping early cancels the stream', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(enc.encode('line\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    let n = 0;
    for await (const batch of readLines(stream)) {
      n += batch.length;
      if (n > 3) break;
    }
    expect(cancelled).toBe(true);
  });
});

describe('csv records: a quoted field may hold line breaks', () => {
  const recordsOf = (lines: Line[]) => {
    const r = new CsvRecords();
    const out = lines.map((l) => r.push(l)).filter((x) => x !== null);
    return { out, open: r.unfinished() };
  };
  test('the quote rule: opens only at a field start, "" inside, a quote elsewhere is text', () => {
    const { out, open } = recordsOf([
      { text: 'a,"multi', end: '\r\n' },
      { text: 'line ""quoted""', end: '\n' },
      { text: 'end",z', end: '\n' },
      { text: 'a"b,c', end: '\n' },
      { text: '"x""",y', end: '\n' },
      { text: '"open', end: '\n' },
    ]);
    expect(out).toEqual([
      { text: 'a,"multi\r\nline ""quoted""\nend",z', line: 1 },
      { text: 'a"b,c', line: 4 },
      { text: '"x""",y', line: 5 },
    ]);
    expect(open).toBe(6);
  });
  test('an unclosed quote cannot pull the file into memory', () => {
    const r = new CsvRecords(20);
    r.push({ text: '"0123456789', end: '\n' });
    expect(() => r.push({ text: '0123456789', end: '\n' })).toThrow(/line 1 is longer than 20/);
  });

  // an open quote over 8 million one-character lines kept 16 million tiny strings apart: some
  // 500 MB for a record capped at 16 Mi characters
  test('an open record over many short lines is kept in a few joined blocks', () => {
    const r = new CsvRecords();
    r.push({ text: '"start', end: '\n' });
    for (let i = 0; i < 200_000; i++) expect(r.push({ text: 'a', end: '\n' })).toBeNull();
    const parts = (r as unknown as { parts: string[] }).parts;
    expect(parts.length).toBeLessThan(5000);
    expect(r.push({ text: 'end",x', end: '\n' })).toEqual({
      text: `"start\n${'a\n'.repeat(200_000)}end",x`,
      line: 1,
    });
  });
});

describe('read_file txt', () => {
  test('a row per line, without its break; \\n, \\r\\n and a lone \\r; empty lines kept', async () => {
    const { rows: got, r } = await rows({ 'files/user/f': 'a\r\nb\n\nc\rd' }, 'txt');
    expect(r.log).toEqual([]);
    expect(got).toEqual(['"a"', '"b"', '""', '"c"', '"d"']);
  });

  test('a BOM is dropped, Japanese text is read whole, also across the 64 KiB chunks', async () => {
    // a three-byte character cut by the first 65,536-byte chunk
    const pad = 'x'.repeat(65535);
    const { rows: got } = await rows({ 'files/user/f': `${BOM}日本語\n${pad}あいう\nおわり` }, 'txt');
    expect(got).toEqual(['"日本語"', `"${pad}あいう"`, '"おわり"']);
  });

  test('an empty file runs the body never', async () => {
    const { rows: got, r } = await rows({ 'files/user/f': '' }, 'txt');
    expect(got).toEqual([]);
    expect(r.log).toEqual([]);
  });

  test('row keeps the last row after the loop', async () => {
    const r = await renderRead(
      await siteWith({ 'files/user/f': 'one\ntwo\n' }),
      "{read_file path='/files/user/f' row=line}{/read_file}{$line}",
    );
    expect(r.output).toBe('two');
  });
});

describe('read_file csv', () => {
  test('quotes, doubled quotes, commas and line breaks inside fields, rows of any length, strings only', async () => {
    const csv = `${BOM}id,name,note\r\n1,"Sato, T","say ""hi"""\r\n2,鈴木,"two\r\nlines"\r\n3,"x\ny",,\r\n\r\n4\r\n`;
    const { rows: got, r } = await rows({ 'files/user/f': csv }, 'csv');
    expect(r.log).toEqual([]);
    expect(got).toEqual([
      '["id","name","note"]',
      '["1","Sato, T","say \\"hi\\""]',
      '["2","鈴木","two\\r\\nlines"]',
      '["3","x\\ny","",""]',
      '["4"]',
    ]);
  });

  test('the same rows as PHP’s fgetcsv where input is well formed (checked with PHP 8.2)', async () => {
    // fgetcsv results recorded from php -r; a quote inside an unquoted field is text there too
    const cases: [string, string[][]][] = [
      ['a,b,\n', [['a', 'b', '']]],
      ['a"b,c\n', [['a"b', 'c']]],
      [' a , b \n', [[' a ', ' b ']]],
      ['x,""\n', [['x', '']]],
      [',\n', [['', '']]],
      ['a\tb,c', [['a\tb', 'c']]],
      ['"日本語","テキスト,カンマ"\n', [['日本語', 'テキスト,カンマ']]],
    ];
    for (const [csv, expected] of cases) {
      const { rows: got } = await rows({ 'files/user/f': csv }, 'csv');
      expect(got.map((g) => JSON.parse(g))).toEqual(expected);
    }
  });

  test('a record never closed is skipped with a warning; rows before it are read', async () => {
    const { rows: got, r } = await rows({ 'files/user/f': 'a,b\n"open,c\nd\n' }, 'csv');
    expect(got).toEqual(['["a","b"]']);
    expect(warnings(r)).toEqual([
      'IO_PARSE /files/user/f line 2: a quoted field opens here and is not closed before the end of the file; the record is skipped',
    ]);
  });

  test('records cut by the 64 KiB chunks are whole', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 5000; i++) lines.push(`${i},"名前 ${i}","multi\nline ${i}"`);
    const r = await renderRead(
      await siteWith({ 'files/user/big.csv': `${lines.join('\r\n')}\r\n` }),
      '{assign var=n value=0}{read_file path=\'user/big.csv\' type=csv row=r}{if $r.2 != "multi\nline `$n`" || $r.0 != $n}bad {$n}{/if}{assign var=n value=$n+1}{/read_file}{$n}',
    );
    expect(r.log).toEqual([]);
    expect(r.output).toBe('5000');
  });
});

describe('read_file jsonl', () => {
  test('each line json_decode’d with assoc=true; blank lines skipped; invalid lines skipped with a warning', async () => {
    const jsonl = `{"b":1,"a":[1,2.5,"x"]}\r\n\n  \nnull\n"日本"\n{bad}\n[1,\n{"n":{"deep":true}}`;
    const { rows: got, r } = await rows({ 'files/user/f.jsonl': jsonl }, 'jsonl', 'user/f.jsonl');
    expect(got).toEqual(['{"b":1,"a":[1,2.5,"x"]}', 'null', '"日本"', '{"n":{"deep":true}}']);
    expect(warnings(r)).toEqual([
      'IO_PARSE /files/user/f.jsonl line 6: not valid JSON (Syntax error); the line is skipped',
      'IO_PARSE /files/user/f.jsonl line 7: not valid JSON (Syntax error); the line is skipped',
    ]);
    expect(r.errors).toEqual([]);
  });

  test('objects become PHP arrays the template reads by key', async () => {
    const r = await renderRead(
      await siteWith({ 'files/user/e.jsonl': '{"id":1,"tags":["a","b"]}\n{"id":2,"tags":[]}\n' }),
      "{read_file path='/files/user/e.jsonl' type=jsonl row=e}{$e.id}:{$e.tags|@count};{/read_file}",
    );
    expect(r.output).toBe('1:2;2:0;');
  });
});

describe('read_file stops after 100,000 rows, as the CMS does', () => {
  const numbered = (n: number) => {
    const parts: string[] = [];
    for (let i = 1; i <= n; i++) parts.push(String(i));
    return `${parts.join('\n')}\n`;
  };
  const count =
    "{assign var=n value=0}{read_file path='/files/user/n.txt' row=r}{assign var=n value=$n+1}{/read_file}{$n} {$r}";

  test('100,005 lines: 100,000 rows and a warning', async () => {
    const r = await renderRead(await siteWith({ 'files/user/n.txt': numbered(100_005) }), count);
    expect(r.output).toBe('100000 100000');
    expect(warnings(r)).toEqual([
      'IO_ROW_LIMIT stopped after 100,000 rows, as the CMS does: the rest of /files/user/n.txt is not read',
    ]);
  }, 30_000);

  test('exactly 100,000 lines: every row, no warning', async () => {
    const r = await renderRead(await siteWith({ 'files/user/n.txt': numbered(100_000) }), count);
    expect(r.output).toBe('100000 100000');
    expect(r.log).toEqual([]);
  }, 30_000);

  test('a host may set its own cap (readFilePlugin); csv and jsonl stop the same way', async () => {
    const site = await siteWith({
      'files/user/n.txt': numbered(10),
      'files/user/n.csv': 'a\n"b\nb"\nc\nd\n',
      'files/user/n.jsonl': '1\n2\n3\n4\n',
    });
    for (const [path, type, out] of [
      ['/files/user/n.txt', 'txt', '1|2|3|'],
      ['/files/user/n.csv', 'csv', 'a|b\nb|c|'],
      ['/files/user/n.jsonl', 'jsonl', '1|2|3|'],
    ] as const) {
      const print = type === 'csv' ? "{','|implode:$r}" : '{$r}';
      const r = await renderRead(
        site,
        `{read_file path='${path}' type=${type} row=r}${print}|{/read_file}`,
        {},
        {
          plugins: [readFilePlugin({ maxRows: 3 })],
        },
      );
      expect(r.output).toBe(out);
      expect(warnings(r)).toEqual([
        `IO_ROW_LIMIT stopped after 3 rows, as the CMS does: the rest of ${path} is not read`,
      ]);
    }
  });

  test('the file is closed when reading stops (an endless file is not read to its end)', async () => {
    let cancelled = false;
    let pulled = 0;
    const fs = memoryFs({ 'files/user/endless.txt': '' });
    const endless: SiteFs = {
      ...fs,
      async readStream() {
        return new ReadableStream<Uint8Array>({
          pull(c) {
            pulled++;
            c.enqueue(enc.encode('x\n'.repeat(1000)));
          },
          cancel() {
            cancelled = true;
          },
        });
      },
    };
    const r = await renderRead(
      await loadSite(endless),
      "{read_file path='/files/user/endless.txt' row=r}{$r}{/read_file}",
      {},
      {
        plugins: [readFilePlugin({ maxRows: 2500 })],
      },
    );
    expect(r.output).toBe('x'.repeat(2500));
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(10);
  });

  test('every row counts against limits.maxListedEntries', async () => {
    await expect(
      renderRead(
        await siteWith({ 'files/user/n.txt': numbered(20) }),
        "{read_file path='/files/user/n.txt' row=r}{/read_file}",
        {},
        { limits: { maxListedEntries: 10 } },
      ),
    ).rejects.toThrow(/LIMIT_COST|entries|rows/);
  });
});

describe('read_file paths', () => {
  const files = {
    'files/user/x.txt': 'user',
    'files/ltd/x.txt': 'ltd',
    'files/temp/x.txt': 'temp',
    'files/g/x.txt': 'g',
    'temp/x.txt': 'tmp',
    'files/user/dir/a': 'a',
  };
  test('relative to /files/: /files/user/x, files/user/x and user/x', async () => {
    const site = await siteWith(files);
    for (const path of ['/files/user/x.txt', 'files/user/x.txt', 'user/x.txt', '/files//user/./x.txt']) {
      const r = await renderRead(site, '{read_file path=$p row=r}{$r}{/read_file}', { p: path });
      expect(r.output).toBe('user');
    }
    expect((await renderRead(site, "{read_file path='ltd/x.txt' row=r}{$r}{/read_file}")).output).toBe('ltd');
  });

  const refused: [string, string][] = [
    ['/files/temp/x.txt', 'IO_AREA_DENIED'],
    ['temp/x.txt', 'IO_AREA_DENIED'],
    ['/temp/x.txt', 'IO_AREA_DENIED'],
    ['/files/g/x.txt', 'IO_AREA_DENIED'],
    ['g/x.txt', 'IO_AREA_DENIED'],
    ['/etc/passwd', 'IO_PATH_OUTSIDE'],
    ['../../etc/passwd', 'IO_PATH_TRAVERSAL'],
    ['user/../../site.json', 'IO_PATH_TRAVERSAL'],
    ['/files/user/../ltd/x.txt', 'IO_PATH_TRAVERSAL'],
    ['/files/user/%2e%2e/ltd/x.txt', 'IO_PATH_INVALID'],
    ['/files/user/%252e%252e/x.txt', 'IO_PATH_INVALID'],
    ['/files/user\\x.txt', 'IO_PATH_INVALID'],
    ['/files/user/x.txt\0.png', 'IO_PATH_INVALID'],
    ['', 'IO_MISSING_ATTRIBUTE'],
    ['/files/user/none.txt', 'IO_NOT_FOUND'],
    ['/files/user/dir', 'IO_IS_DIR'],
  ];
  for (const [path, code] of refused) {
    test(`${JSON.stringify(path)}: ${code}, logged, the body never runs`, async () => {
      const r = await renderRead(await siteWith(files), '{read_file path=$p row=r}X{/read_file}done', {
        p: path,
      });
      expect(r.output).toBe('done');
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]!.split(' ')[0]).toBe(code);
    });
  }

  describe('on a site folder (Node adapter)', () => {
    let dirs: string[] = [];
    afterEach(() => {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      dirs = [];
    });
    test('a link leading out of the site or into another area is refused; one inside is read', async () => {
      const root = mkdtempSync(join(tmpdir(), 'sumi-read-file-'));
      const outside = mkdtempSync(join(tmpdir(), 'sumi-outside-'));
      dirs.push(root, outside);
      writeFileSync(join(outside, 'secret.txt'), 'secret');
      mkdirSync(join(root, 'files/user'), { recursive: true });
      mkdirSync(join(root, 'files/temp'), { recursive: true });
      writeFileSync(join(root, 'files/user/real.csv'), '"a\r\nb",c\r\n');
      writeFileSync(join(root, 'files/temp/t.txt'), 'temp');
      symlinkSync(join(outside, 'secret.txt'), join(root, 'files/user/out.txt'));
      symlinkSync(outside, join(root, 'files/user/outdir'));
      symlinkSync('../temp/t.txt', join(root, 'files/user/to-temp.txt'));
      symlinkSync('real.csv', join(root, 'files/user/alias.csv'));
      const site = await folderSite(root);
      for (const path of [
        '/files/user/out.txt',
        '/files/user/outdir/secret.txt',
        '/files/user/to-temp.txt',
      ]) {
        const r = await renderRead(site, '{read_file path=$p row=r}{$r}{/read_file}', { p: path });
        expect(r.output).toBe('');
        expect(r.errors.map((e) => e.split(' ')[0])).toEqual(['IO_PATH_OUTSIDE']);
        expect(JSON.stringify(r.log)).not.toContain(outside);
      }
      const r = await renderRead(
        site,
        "{read_file path='user/alias.csv' type=csv row=r}{$r|@json_encode}{/read_file}",
      );
      expect(r.output).toBe('["a\\r\\nb","c"]');
    });
  });
});

describe('ignore_permission: files of content and of members', () => {
  const files = {
    'files/topics/1/open.txt': 'open content',
    'files/topics/3/closed.txt': 'closed content',
    'files/topics/loose.txt': 'no content folder',
    'files/member/3/mine.txt': 'member 3',
    'files/member/4/theirs.txt': 'member 4',
    'files/member/shared.txt': 'no member folder',
    'files/user/u.txt': 'user',
  };
  const asked: string[] = [];
  // only the two questions read_file asks; the rest of the store is never called here
  const store = {
    async isTopicOpen(id: number, memberId: number | null) {
      asked.push(`topic ${id} for ${memberId}`);
      return id === 1;
    },
    isMemberVisible(owner: number, memberId: number | null) {
      asked.push(`member ${owner} for ${memberId}`);
      return owner === 4 && memberId === 5;
    },
  } as unknown as ContentStore;
  const read = async (
    path: string,
    options: { member?: number | null; ignore?: boolean; content?: ContentStore } = {},
  ) => {
    const site = await memorySite(files, { content: options.content ?? store });
    const r = await renderRead(
      site,
      `{read_file path='${path}' row=r${options.ignore ? ' ignore_permission=1' : ''}}{$r}{/read_file}`,
      {},
      { services: { session: memorySession(options.member ?? null) } },
    );
    return r.errors.length ? r.errors[0]!.split(' ')[0]! : r.output;
  };

  test('topics: only open content, as the store tells; ignore_permission reads any', async () => {
    asked.length = 0;
    expect(await read('/files/topics/1/open.txt', { member: 7 })).toBe('open content');
    expect(await read('/files/topics/3/closed.txt')).toBe('IO_PERMISSION_DENIED');
    expect(await read('/files/topics/loose.txt')).toBe('IO_PERMISSION_DENIED');
    expect(asked).toEqual(['topic 1 for 7', 'topic 3 for null']);
    expect(await read('/files/topics/3/closed.txt', { ignore: true })).toBe('closed content');
    expect(await read('topics/loose.txt', { ignore: true })).toBe('no content folder');
  });

  test('member: the logged-in member’s own files, others when the store allows it', async () => {
    expect(await read('/files/member/3/mine.txt', { member: 3 })).toBe('member 3');
    expect(await read('/files/member/3/mine.txt')).toBe('IO_PERMISSION_DENIED');
    expect(await read('/files/member/3/mine.txt', { member: 4 })).toBe('IO_PERMISSION_DENIED');
    expect(await read('/files/member/4/theirs.txt', { member: 5 })).toBe('member 4');
    expect(await read('/files/member/shared.txt', { member: 3 })).toBe('IO_PERMISSION_DENIED');
    expect(await read('member/4/theirs.txt', { ignore: true })).toBe('member 4');
    expect(await read('/files/member/shared.txt', { ignore: true })).toBe('no member folder');
  });

  test('the user and ltd areas are not concerned', async () => {
    expect(await read('/files/user/u.txt')).toBe('user');
    expect(await read('/files/user/u.txt', { ignore: true })).toBe('user');
  });

  test('the message says why and how', async () => {
    const site = await memorySite(files, { content: store });
    const r = await renderRead(site, "{read_file path='/files/member/3/mine.txt' row=r}{/read_file}");
    expect(r.errors).toEqual([
      'IO_PERMISSION_DENIED "/files/member/3/mine.txt" belongs to member 3, and nobody is logged in; read it with ignore_permission=1',
    ]);
  });
});

test('{break} stops reading (the file is closed) and {continue} goes on with the next row', async () => {
  const site = await siteWith({ 'files/user/f': 'a\nb\nc\nd\n' });
  const r = await renderRead(
    site,
    "{read_file path='/files/user/f' row=r}{if $r == 'b'}{continue}{/if}{$r}{if $r == 'c'}{break}{/if},{/read_file}|after",
  );
  expect(r.errors).toEqual([]);
  expect(r.output).toBe('a,c|after');
  // a break in a nested foreach leaves only that foreach
  const nested = await renderRead(
    site,
    "{read_file path='/files/user/f' row=r}{foreach from=$r|explode:',' item=x}{break}{/foreach}{$r}{/read_file}",
  );
  expect(nested.output).toBe('abcd');
});

test('a template error in the body stops the render (it is not a logged failure)', async () => {
  await expect(
    renderRead(
      await siteWith({ 'files/user/f': 'a\nb' }),
      "{read_file path='/files/user/f' row=r}{$r|no_such_modifier}{/read_file}",
    ),
  ).rejects.toThrow(/no_such_modifier/);
});
