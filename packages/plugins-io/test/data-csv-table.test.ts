import { describe, expect, test } from 'vitest';
import { matchesFilter, parseFilter } from '../src/content/filter';
import { IoFailure } from '../src/failure';
import { exampleSite, renderOn, siteWith } from './helpers';

const logged = (r: { log: { level: string; code?: string; message: string }[] }) =>
  r.log.map((e) => `${e.level} ${e.code ?? ''} ${e.message}`);

describe('assign_csv_table', () => {
  test('rows: lists of cells by position, in a language with fallback', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{assign_csv_table csvtable_id=1 var=ja}{assign_csv_table csvtable_id=1 var=en lang=en}',
    );
    expect((r.vars.ja as unknown[])[0]).toEqual(['A-1', '墨汁 (黒)', 'ink', '480']);
    expect((r.vars.en as unknown[])[4]).toEqual(['C-1', 'Calligraphy paper', 'paper', '300']);
    expect((r.vars.en as unknown[]).length).toBe(5);
    const csv = await renderOn(site, '{assign_csv_table csvtable_id=2 var=p lang=en}');
    expect(csv.vars.p).toEqual([
      ['13', 'kanto', 'Tokyo'],
      ['14', 'kanto', 'Kanagawa'],
      ['27', 'kinki', 'Osaka'],
      ['40', 'kyushu', 'Fukuoka'],
    ]);
  });

  test('get_key_val: array_column semantics, value_idx -1, nested keys, multiple', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{assign_csv_table csvtable_id=1 var=a get_key_val=1}{assign_csv_table csvtable_id=1 var=b get_key_val=1 key_idx=2 value_idx=0}{assign_csv_table csvtable_id=1 var=c get_key_val=1 key_idx=2 value_idx=0 multiple=1}{assign_csv_table csvtable_id=2 var=d get_key_val=1 value_idx=-1}{assign_csv_table csvtable_id=2 var=e get_key_val=1 key_idx=$k value_idx=2 multiple=1}',
      { k: [1, 0] },
    );
    expect(r.errors).toEqual([]);
    expect(r.vars.a).toEqual({
      'A-1': '墨汁 (黒)',
      'A-2': '墨汁 (朱)',
      'B-1': '筆 (小)',
      'B-2': '筆 (大)',
      'C-1': '半紙',
    });
    // a later row with the same key replaces the earlier one
    expect(r.vars.b).toEqual({ ink: 'A-2', brush: 'B-2', paper: 'C-1' });
    expect(r.vars.c).toEqual({ ink: ['A-1', 'A-2'], brush: ['B-1', 'B-2'], paper: ['C-1'] });
    expect((r.vars.d as Record<string, unknown>)[27]).toEqual(['27', 'kinki', '大阪府']);
    expect(r.vars.e).toEqual({
      kanto: { 13: ['東京都'], 14: ['神奈川県'] },
      kinki: { 27: ['大阪府'] },
      kyushu: { 40: ['福岡県'] },
    });
    // "13" is the int key 13, as PHP makes it
    const t = await renderOn(
      site,
      '{assign_csv_table csvtable_id=2 var=d get_key_val=1}{$d|@array_keys|@json_encode}',
    );
    expect(t.output).toBe('[13,14,27,40]');
  });

  test('filter with allow_list', async () => {
    const site = await exampleSite();
    const codes = async (filter: string, allow = 'code,name,category,price') => {
      const r = await renderOn(site, '{assign_csv_table csvtable_id=1 var=r filter=$f allow_list=$a}', {
        f: filter,
        a: allow,
      });
      expect(r.errors, filter).toEqual([]);
      return (r.vars.r as string[][]).map((row) => row[0]);
    };
    expect(await codes('category = "ink"')).toEqual(['A-1', 'A-2']);
    expect(await codes("price >= 1200 and category != 'ink'")).toEqual(['B-1', 'B-2']);
    expect(await codes('price < 500 or code in ["B-2"]')).toEqual(['A-1', 'B-2', 'C-1']);
    expect(await codes('not (category in ["ink", "brush"])')).toEqual(['C-1']);
    expect(await codes('name contains "筆"')).toEqual(['B-1', 'B-2']);
    expect(await codes('name not contains "墨" && price > 1000')).toEqual(['B-1', 'B-2']);
    expect(await codes('price = 480.0')).toEqual(['A-1']);
    expect(await codes('price = "0480"')).toEqual(['A-1']);
    expect(await codes('code not in []')).toEqual(['A-1', 'A-2', 'B-1', 'B-2', 'C-1']);
    expect(await codes('CATEGORY = "ink"', 'CATEGORY').catch(() => 'refused')).toBe('refused');
    // the language's cells are the ones filtered
    const en = await renderOn(
      site,
      '{assign_csv_table csvtable_id=1 var=r lang=en filter=\'name contains "Brush"\' allow_list=name}',
    );
    expect((en.vars.r as string[][]).map((row) => row[0])).toEqual(['B-1', 'B-2']);
    // allow_list as an array
    const arr = await renderOn(
      site,
      '{assign_csv_table csvtable_id=2 var=r filter=\'region = "kanto"\' allow_list=$a}',
      {
        a: ['region'],
      },
    );
    expect((arr.vars.r as unknown[]).length).toBe(2);
  });

  test('filter errors: missing allow_list, unlisted or unknown columns, syntax', async () => {
    const site = await exampleSite();
    const err = async (attrs: string, data: Record<string, unknown> = {}) => {
      const r = await renderOn(site, `{assign_csv_table csvtable_id=1 var=r ${attrs}}[{$r|@count}]`, data);
      expect(r.output, attrs).toBe('[0]');
      return r.errors;
    };
    expect(await err('filter=\'code = "A-1"\'')).toEqual([
      "IO_MISSING_ATTRIBUTE 'filter' needs 'allow_list', the columns it may use",
    ]);
    expect(await err("filter='price > 1' allow_list=code")).toEqual([
      "IO_BAD_VALUE filter: column 'price' is not in allow_list (code); name every column the filter uses there",
    ]);
    expect(await err('filter=\'sku = 1\' allow_list="code,sku"')).toEqual([
      'IO_BAD_VALUE allow_list names sku, which csv table 1 does not have (columns: code, name, category, price)',
    ]);
    expect(await err('filter=$f allow_list=code', { f: 'code = "A-1" and' })).toEqual([
      'IO_BAD_VALUE filter: expected a column name but found the end',
    ]);
    expect(await err('filter=$f allow_list=code', { f: 'code = "A-1' })).toEqual([
      'IO_BAD_VALUE filter: the string that starts at column 8 is not closed',
    ]);
    expect(await err('filter=$f allow_list=code', { f: 'code ~ 1' })).toEqual([
      'IO_BAD_VALUE filter: unexpected "~" at column 6',
    ]);
    expect(
      await err('filter=$f allow_list=code', { f: `${'('.repeat(40)}code = 1${')'.repeat(40)}` }),
    ).toEqual(['IO_BAD_VALUE filter: nested deeper than 32 levels']);
  });

  test('key_idx and value_idx outside the columns; multiple alone; a missing table', async () => {
    const site = await exampleSite();
    const r = await renderOn(
      site,
      '{assign_csv_table csvtable_id=1 var=r get_key_val=1 key_idx=7}[{$r|@count}]',
    );
    expect(r.errors).toEqual(['IO_BAD_VALUE key_idx 7 is outside the columns 0 to 3']);
    const v = await renderOn(
      site,
      '{assign_csv_table csvtable_id=1 var=r get_key_val=1 value_idx=-2}[{$r|@count}]',
    );
    expect(v.errors).toEqual(['IO_BAD_VALUE value_idx -2 is outside the columns 0 to 3 (or -1)']);
    const e = await renderOn(site, '{assign_csv_table csvtable_id=1 var=r get_key_val=1 key_idx=$k}', {
      k: [],
    });
    expect(e.errors).toEqual(['IO_BAD_VALUE key_idx is an empty array']);
    const m = await renderOn(site, '{assign_csv_table csvtable_id=1 var=r multiple=1}{$r|@count}');
    expect(m.output).toBe('5');
    expect(logged(m)).toEqual(['warn  multiple has an effect only with get_key_val']);
    const none = await renderOn(site, '{assign_csv_table csvtable_id=3 var=r}[{$r|@count}]');
    expect(logged(none)).toEqual([
      'warn IO_NO_RECORD csv table 3 does not exist (content/csvtables/3.json or .csv)',
    ]);
    for (const id of ['__proto__', '../1', '1/../../site', '-1']) {
      const h = await renderOn(site, '{assign_csv_table csvtable_id=$id var=r}[{$r|@count}]', { id });
      expect(h.output, id).toBe(id === '1/../../site' ? '[5]' : '[0]');
      expect(h.errors, id).toEqual([]);
    }
  });

  test('tables without column names; short rows padded with null; a translation file with a hostile lang is never opened', async () => {
    const site = await siteWith({
      'content/csvtables/7.json': JSON.stringify({ rows: [['a', 1, true], ['b']] }),
      'content/csvtables/8.csv': 'x,y\n1\n2,3,4\n',
    });
    const r = await renderOn(
      site,
      "{assign_csv_table csvtable_id=7 var=a}{assign_csv_table csvtable_id=7 var=b filter='col_1 = 1' allow_list=col_1}{assign_csv_table csvtable_id=8 var=c lang='../../site'}",
    );
    expect(r.errors).toEqual([]);
    expect(r.vars.a).toEqual([
      ['a', 1, true],
      ['b', null, null],
    ]);
    expect(r.vars.b).toEqual([['a', 1, true]]);
    expect(r.vars.c).toEqual([
      ['1', null, null],
      ['2', '3', '4'],
    ]);
  });

  test('each row read counts against maxListedEntries', async () => {
    await expect(
      renderOn(
        await exampleSite(),
        '{assign_csv_table csvtable_id=1 var=r}',
        {},
        { limits: { maxListedEntries: 4 } },
      ),
    ).rejects.toThrow();
  });
});

describe('the filter language', () => {
  const cols = ['a', 'b'];
  const row = (a: unknown, b: unknown) => (c: string) => (c === 'a' ? a : b) as never;
  test('precedence: and binds tighter than or; not applies to one condition', () => {
    const e = parseFilter('a = 1 or a = 2 and b = 3', cols);
    expect(e.kind).toBe('or');
    expect(matchesFilter(e, row(1, 0))).toBe(true);
    expect(matchesFilter(e, row(2, 0))).toBe(false);
    expect(matchesFilter(parseFilter('not a = 1 and b = 2', cols), row(3, 2))).toBe(true);
    expect(matchesFilter(parseFilter('NOT (a = 1 OR b = 2)', cols), row(3, 2))).toBe(false);
  });

  test('values: quotes and escapes, numbers, booleans, null; PHP 8 loose comparison', () => {
    expect(matchesFilter(parseFilter("a = 'it\\'s'", cols), row("it's", 0))).toBe(true);
    expect(matchesFilter(parseFilter('a = "x\\\\y"', cols), row('x\\y', 0))).toBe(true);
    expect(matchesFilter(parseFilter('a = -1.5e1', cols), row('-15', 0))).toBe(true);
    expect(matchesFilter(parseFilter('a = null', cols), row('', 0))).toBe(true);
    expect(matchesFilter(parseFilter('a = true', cols), row('yes', 0))).toBe(true);
    expect(matchesFilter(parseFilter('a = "abc"', cols), row(0, 0))).toBe(false);
    expect(matchesFilter(parseFilter('a > 9', cols), row('10', 0))).toBe(true);
    expect(matchesFilter(parseFilter('a > "9"', cols), row('10', 0))).toBe(true);
    expect(matchesFilter(parseFilter('a > "b"', cols), row('a', 0))).toBe(false);
  });

  test('refuses what it cannot read, with IoFailure IO_BAD_VALUE', () => {
    for (const bad of [
      '',
      '   ',
      'a =',
      '= 1',
      'a = 1 b = 2',
      'a in [1, 2',
      'a in 1',
      'c = 1',
      'a = 1e999',
      'a = 1)',
      'x'.repeat(5000),
    ]) {
      let err: unknown;
      try {
        parseFilter(bad, cols);
      } catch (e) {
        err = e;
      }
      expect(err, bad).toBeInstanceOf(IoFailure);
      expect((err as IoFailure).code, bad).toBe('IO_BAD_VALUE');
    }
  });
});
