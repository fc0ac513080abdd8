/** {assign_csv_table}: a master table (CSV table), as rows or as a key => value map. */
import { PhpArray, toInt, toStr, type Value } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { parseFilter } from '../content/filter';
import type { ContentValue, FilterExpr } from '../content/types';
import { attempt, failure } from '../failure';
import {
  DATA_GROUP,
  emptyArray,
  langOf,
  recordId,
  reportBadId,
  reportNotFound,
  requireId,
  spendRows,
  storeOf,
  toPhp,
} from './common';

const NAME = 'assign_csv_table';

/** allow_list: "a, b" or an array of names */
function allowListOf(v: Value | undefined): string[] {
  const names = v instanceof PhpArray ? v.values().map((x) => toStr(x)) : toStr(v ?? '').split(',');
  return names.map((s) => s.trim()).filter((s) => s !== '');
}

/** key_idx: one column position or a list of them */
function keyIdxOf(v: Value | undefined): number[] {
  if (v === undefined || v === null || v === '') return [0];
  const list = v instanceof PhpArray ? v.values() : [v];
  if (list.length === 0) throw failure('IO_BAD_VALUE', 'key_idx is an empty array');
  return list.map((x) => {
    const n = toInt(x);
    if (typeof n !== 'number') throw failure('IO_BAD_VALUE', `key_idx ${toStr(x)} is not a column position`);
    return n;
  });
}

const cell = (v: ContentValue | undefined): Value =>
  v === undefined || v === null ? null : typeof v === 'object' ? toPhp(v) : v;

export const assignCsvTable: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: DATA_GROUP,
  writes: 'var',
  description:
    'Reads a master table (a CSV table of the site: content/csvtables/<id>.json or <id>.csv) into `var`. By default `var` is the list of rows, each a list of cells by column position (`$rows.0.1` is the second cell of the first row). With get_key_val it is a map instead, the way array_column($rows, value_idx, key_idx) builds it: the cell at `key_idx` (default 0) is the key and the cell at `value_idx` (default 1; -1 for the whole row) the value; a later row with the same key replaces an earlier one. `key_idx` may be a list of positions: the map is then nested, one level per position (`{$map.kanto.13}`). With `multiple` each key holds the list of the values of every row with that key, in table order, so nothing is replaced. Keys follow PHP\'s array keys: "13" becomes the int 13, "01" stays a string. `lang` reads the table\'s translated cells, falling back to the default language\'s cell where a translation is empty. `filter` keeps only the rows that match a condition on named columns (`region = "kanto" and price >= 500`; operators = != < <= > >= contains, not contains, in [..], not in [..], and, or, not, parentheses; values compare as PHP 8\'s == does), and every column it names must be listed in `allow_list` (comma-separated), which `filter` requires.',
  attributes: {
    csvtable_id: { type: 'integer', required: true, description: 'the table' },
    var: { type: 'varname', required: true, description: 'receives the rows or the map' },
    get_key_val: { type: 'boolean', default: false, description: 'true: a key => value map instead of rows' },
    key_idx: {
      type: 'mixed',
      default: 0,
      description: 'with get_key_val: the column position of the key, or a list of positions (nested keys)',
    },
    value_idx: {
      type: 'integer',
      default: 1,
      description: 'with get_key_val: the column position of the value; -1: the whole row',
    },
    multiple: {
      type: 'boolean',
      default: false,
      description: 'with get_key_val: each key holds a list of the values of every row with that key',
    },
    lang: {
      type: 'string',
      description: "language of the cells (ja, en, ...); default: the site's default language",
    },
    filter: {
      type: 'string',
      description: 'a condition on named columns: `region = "kanto" and price >= 500`',
    },
    allow_list: {
      type: 'mixed',
      description: 'the columns `filter` may use, comma-separated (or an array); required with `filter`',
    },
  },
  result:
    'a list of rows (lists of cells) in `var`, or with get_key_val a key => value map; an empty array when there is no such table',
  errors: [
    'no such table: `var` is an empty array, a warning IO_NO_RECORD is logged',
    '`filter` without `allow_list`: `var` is an empty array, error IO_MISSING_ATTRIBUTE',
    'a filter that does not parse, or names a column missing from allow_list or from the table; a key_idx or value_idx outside the columns: `var` is an empty array, error IO_BAD_VALUE',
    'a malformed table file: `var` is an empty array, error IO_PARSE',
  ],
  limits: ["each row returned counts against the render's listed-entries budget (maxListedEntries)"],
  examples: [
    {
      template:
        '{assign_csv_table csvtable_id=1 var=rows}{foreach from=$rows item=r}{$r.0} {$r.1} ¥{$r.3}\n{/foreach}',
      output: 'A-1 墨汁 (黒) ¥480\nA-2 墨汁 (朱) ¥520\nB-1 筆 (小) ¥1200\nB-2 筆 (大) ¥1800\nC-1 半紙 ¥300\n',
    },
    {
      template:
        '{assign_csv_table csvtable_id=1 var=names get_key_val=1 lang=en}{assign var=code value="B-1"}{$names.$code} / {assign_csv_table csvtable_id=1 var=bycat get_key_val=1 key_idx=2 value_idx=0 multiple=1}{","|implode:$bycat.brush}',
      output: 'Brush (small) / B-1,B-2',
      description: 'code => English name; codes listed by category',
    },
    {
      template:
        '{assign_csv_table csvtable_id=1 var=rows filter=\'category = "ink" or price >= 1500\' allow_list="category,price"}{foreach from=$rows item=r}{$r.0} {/foreach}',
      output: 'A-1 A-2 B-2 ',
    },
    {
      template:
        '{assign_csv_table csvtable_id=2 var=pref get_key_val=1 key_idx=$keys value_idx=2 lang=en}{$pref.kanto.14} / {$pref.kinki.27}',
      data: { keys: [1, 0] },
      output: 'Kanagawa / Osaka',
      description: 'a table kept as CSV (content/csvtables/2.csv and 2.en.csv), nested by region then code',
    },
  ],
  async: true,
  async run(ctx, a) {
    let out: Value = emptyArray();
    await attempt(ctx, NAME, async () => {
      const raw = requireId(a.csvtable_id, 'csvtable_id');
      const filterText = a.filter === undefined ? '' : toStr(a.filter);
      const allowed = allowListOf(a.allow_list);
      let where: FilterExpr | undefined;
      if (filterText !== '') {
        if (allowed.length === 0)
          throw failure('IO_MISSING_ATTRIBUTE', "'filter' needs 'allow_list', the columns it may use");
        where = parseFilter(filterText, allowed);
      }
      if (!a.get_key_val && a.multiple) ctx.log('warn', 'multiple has an effect only with get_key_val', NAME);
      const id = recordId(raw);
      if (id === null) return reportBadId(ctx, NAME, 'csv table', raw);
      const found = await storeOf(ctx).csvTable(id, { lang: langOf(a.lang), where });
      if (!found.ok) return reportNotFound(ctx, NAME, found);
      const table = found.value;
      const unknown = allowed.filter((c) => !table.columns.includes(c));
      if (unknown.length)
        throw failure(
          'IO_BAD_VALUE',
          `allow_list names ${unknown.join(', ')}, which csv table ${id} does not have (columns: ${table.columns.join(', ')})`,
        );
      spendRows(ctx, table.rows.length);
      if (!a.get_key_val) {
        out = toPhp(table.rows);
        return;
      }
      const width = table.columns.length;
      const keys = keyIdxOf(a.key_idx);
      const valueIdx = typeof a.value_idx === 'number' ? a.value_idx : Number.NaN;
      for (const k of keys)
        if (k < 0 || k >= width)
          throw failure('IO_BAD_VALUE', `key_idx ${k} is outside the columns 0 to ${width - 1}`);
      if (valueIdx !== -1 && !(valueIdx >= 0 && valueIdx < width))
        throw failure(
          'IO_BAD_VALUE',
          `value_idx ${toStr(a.value_idx)} is outside the columns 0 to ${width - 1} (or -1)`,
        );
      const map = new PhpArray();
      for (const row of table.rows) {
        let level = map;
        for (let i = 0; i < keys.length - 1; i++) level = level.getMut(cell(row[keys[i]!]));
        const key = cell(row[keys[keys.length - 1]!]);
        const value = valueIdx === -1 ? toPhp(row) : cell(row[valueIdx]);
        if (a.multiple) level.getMut(key).push(value);
        else level.set(key, value);
      }
      out = map;
    });
    ctx.assign(a.var as string, out);
  },
});
