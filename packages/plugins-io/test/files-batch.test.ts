/**
 * The vendor's batch shapes, end to end on the plugins of this folder: a log CSV built with
 * {append} rows, write_file and is_append=1, put into /files/ltd; and a CSV export. The exact bytes
 * of the resulting files are checked, and the export is read back with a real CSV parser.
 */

import { seededRandom } from '@sumi/runtime';
import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { exampleSite, files, readText, renderOn } from './helpers';

describe('the vendor chain: header row, "\\n" appended, a row per record, put_file', () => {
  const batch = `
{* header row *}
{assign var=header value=$none}
{append var=header index=path value="Path"}
{append var=header index=date value="Deleted date"}
{write_file var=log value=$header}
{write_file path=$log value="\\n" is_append=1}
{date var=now time=now format="Y-m-d H:i:s"}
{foreach from=$old item=file}
  {remove_file status_var=status path=$file}
  {assign var=row value=$none}
  {append var=row index=path value=$file}
  {append var=row index=date value=$now}
  {append var=row index=status value=$status}
  {write_file path=$log value=$row is_append=1}
  {write_file path=$log value="\\n" is_append=1}
{/foreach}
{date var=stamp time=now format="Ymd_His"}
{put_file tmp_path=$log path="/files/ltd/file_plugins_tutorial/logs/log_\`$stamp\`.csv"}
{$log}`;

  test('the exact bytes of the log, the files removed, the temporary log left for the next step', async () => {
    const site = await exampleSite();
    const old = [
      '/files/ltd/file_plugins_tutorial/assets/banner-2026-09.png',
      '/files/ltd/file_plugins_tutorial/assets/old/notes.txt',
      '/files/ltd/file_plugins_tutorial/assets/old/draft.txt',
      '/files/ltd/file_plugins_tutorial/assets/gone.txt',
    ];
    const r = await renderOn(site, batch, { old }, { services: { random: seededRandom(11) } });
    // one error: the file that was not there (status 0 in the log)
    expect(r.errors).toEqual([
      'IO_NOT_FOUND remove_file: "/files/ltd/file_plugins_tutorial/assets/gone.txt" does not exist',
    ]);
    const logName = r.output.trim();
    expect(logName).toMatch(/^sumi_[0-9a-f]{8}$/);
    const expected =
      'Path,"Deleted date"\n' +
      '/files/ltd/file_plugins_tutorial/assets/banner-2026-09.png,"2026-11-01 09:00:00",1\n' +
      '/files/ltd/file_plugins_tutorial/assets/old/notes.txt,"2026-11-01 09:00:00",1\n' +
      '/files/ltd/file_plugins_tutorial/assets/old/draft.txt,"2026-11-01 09:00:00",1\n' +
      '/files/ltd/file_plugins_tutorial/assets/gone.txt,"2026-11-01 09:00:00",0\n';
    expect(await readText(site, 'files/ltd/file_plugins_tutorial/logs/log_20261101_090000.csv')).toBe(
      expected,
    );
    expect(await readText(site, `temp/${logName}`)).toBe(expected);
    const left = [...files(site).keys()].filter((k) =>
      k.startsWith('files/ltd/file_plugins_tutorial/assets/'),
    );
    expect(left).toEqual(['files/ltd/file_plugins_tutorial/assets/banner-2026-11.png']);
  });
});

describe('a CSV export built with write_file and put_file', () => {
  const exportTpl = `{assign var=head value=$none}{append var=head value="id"}{append var=head value="name"}{append var=head value="note"}{append var=head value="amount"}
{write_file var=csv value=$head}{write_file path=$csv value="\\r\\n" is_append=1}
{foreach from=$members item=m}{write_file path=$csv value=$m is_append=1}{write_file path=$csv value="\\r\\n" is_append=1}{/foreach}
{put_file tmp_path="\`$smarty.const.TEMP_DIR2\`/\`$csv\`" files_path="/files/ltd/export/members.csv" status_var=ok}{$ok}`;

  const members = [
    { id: 1, name: '佐藤 花子', note: 'likes "tea", coffee', amount: 1200 },
    { id: 2, name: 'Tanaka', note: 'two\nlines', amount: 0.5 },
    { id: 3, name: "O'Brien", note: 'path C:\\temp', amount: -3 },
    { id: 4, name: '', note: '\ttabbed', amount: null },
  ];

  test('exact bytes, and a CSV parser reads the records back', async () => {
    const site = await exampleSite();
    const r = await renderOn(site, exportTpl, { members });
    expect(r.errors).toEqual([]);
    expect(r.output.trim()).toBe('1');
    const text = await readText(site, 'files/ltd/export/members.csv');
    expect(text).toBe(
      'id,name,note,amount\r\n' +
        '1,"佐藤 花子","likes ""tea"", coffee",1200\r\n' +
        '2,Tanaka,"two\nlines",0.5\r\n' +
        '3,O\'Brien,"path C:\\temp",-3\r\n' +
        '4,,"\ttabbed",\r\n',
    );
    // a real CSV reader (RFC 4180: a backslash is a plain character) gets the values back
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual(
      members.map((m) => ({
        id: String(m.id),
        name: m.name,
        note: m.note,
        amount: m.amount === null ? '' : String(m.amount),
      })),
    );
  });
});
