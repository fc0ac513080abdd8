/**
 * The example site's files (everything but the content store's fixtures, see content.ts). `sumi
 * init DIR` writes these, the docs' playground loads them into memory, and every plugin's example
 * runs on them: one fixture, so an example that runs in the reference runs in the CLI.
 *
 * `ageDays` dates a file before "now" (the init time, or the examples' pinned clock), so that a
 * batch like "delete files older than a week" finds old files whenever it runs.
 */
export interface ExampleFile {
  data: string | Uint8Array;
  ageDays?: number;
}

const PNG_1PX = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/**
 * A zip archive made by Info-ZIP zip 3.0 (`LC_ALL=C zip -r -X guide.zip guide`, the files dated
 * 2026-10-01 UTC) from a folder whose second file is named 使い方.txt in Shift_JIS (cp932) bytes:
 * its entries are guide/, guide/readme.txt and guide/<cp932 bytes>.txt, none flagged UTF-8, as
 * archives made on Japanese Windows are. `unzip` examples decode the name with detect_order.
 */
const GUIDE_ZIP = Uint8Array.from(
  atob(
    'UEsDBAoAAAAAAAAAQV0AAAAAAAAAAAAAAAAGAAAAZ3VpZGUvUEsDBBQAAAAIAAAAQV3tffF+NAAAADYAAAAQAAAAZ3VpZGUvcmVhZG1lLnR4dPPIL1coyVcoLU5VKMlIVShOzC3ISVVILErOyCxLtVIozavKLFDILFEozyzJUKgGc2v1uABQSwMECgAAAAAAAABBXXvBCVo1AAAANQAAABAAAABndWlkZS+OZ4KilfsudHh0U2hpZnRfSklTIOOBp+WQjeWJjeOCkuS7mOOBkeOBn+ODleOCoeOCpOODq+OBp+OBmeOAggpQSwECHgMKAAAAAAAAAEFdAAAAAAAAAAAAAAAABgAAAAAAAAAAABAA7UEAAAAAZ3VpZGUvUEsBAh4DFAAAAAgAAABBXe198X40AAAANgAAABAAAAAAAAAAAQAAAKSBJAAAAGd1aWRlL3JlYWRtZS50eHRQSwECHgMKAAAAAAAAAEFde8EJWjUAAAA1AAAAEAAAAAAAAAABAAAApIGGAAAAZ3VpZGUvjmeCopX7LnR4dFBLBQYAAAAAAwADALAAAADpAAAAAAA=',
  ),
  (c) => c.charCodeAt(0),
);

export const EXAMPLE_FILES: Readonly<Record<string, ExampleFile>> = {
  'site.json': {
    data: `${JSON.stringify({ site_key: 'example', storage_base_url: 'http://localhost:8787' }, null, 2)}\n`,
  },
  'files/user/readme.txt': {
    data: 'Files uploaded by members live under /files/user/.\nこんにちは\n',
    ageDays: 2,
  },
  'files/user/reports/2026-10.csv': {
    data: 'id,name,amount,note\n1,Sato,1200,"first, paid"\n2,鈴木,800,"multi\nline"\n3,"Tanaka ""T""",0,\n',
    ageDays: 20,
  },
  'files/user/reports/2026-11.csv': { data: 'id,name,amount,note\n4,Kato,300,\n', ageDays: 1 },
  'files/user/logs/events.jsonl': {
    data: '{"id":1,"event":"login","member_id":3}\n{"id":2,"event":"purchase","member_id":3,"amount":1200}\n{"id":3,"event":"logout","member_id":3}\n',
    ageDays: 3,
  },
  'files/ltd/file_plugins_tutorial/assets/banner-2026-09.png': { data: PNG_1PX, ageDays: 40 },
  'files/ltd/file_plugins_tutorial/assets/banner-2026-11.png': { data: PNG_1PX, ageDays: 2 },
  'files/ltd/file_plugins_tutorial/assets/old/notes.txt': { data: 'kept for the record\n', ageDays: 15 },
  'files/ltd/file_plugins_tutorial/assets/old/draft.txt': { data: 'an old draft\n', ageDays: 9 },
  'files/ltd/prices.csv': { data: 'code,price\nA-1,100\nB-2,250\n', ageDays: 5 },
  'files/topics/1/report.txt': { data: 'attached to content 1 (open)\n', ageDays: 10 },
  'files/topics/3/secret-plan.txt': { data: 'attached to content 3 (closed)\n', ageDays: 10 },
  'files/member/3/profile.txt': { data: 'attached to member 3\n', ageDays: 10 },
  'files/temp/upload.txt': { data: 'a file in the file manager temp area\n', ageDays: 0 },
  'files/g/public/brochure.txt': { data: 'A public object in the default bucket.\n', ageDays: 4 },
  'files/g/private/contract.txt': { data: 'A private object in the default bucket.\n', ageDays: 4 },
  'files/g/archives/guide.zip': { data: GUIDE_ZIP, ageDays: 31 },
  'buckets/archive/2025/summary.txt': { data: 'An object in the bucket named archive.\n', ageDays: 300 },
  'temp/.keep': { data: '' },
  'batches/delete-old-files.tpl': {
    data: `{* Removes the tutorial's assets older than a week and keeps a CSV log of what went. *}
{assign var=log_header value=$dataSet.emptyArray}
{append var=log_header index=path value="Path"}
{append var=log_header index=removed_at value="Removed at"}
{write_file var=log_path value=$log_header}
{write_file path=$log_path value="\\n" is_append=1}

{assign var=limit value='-1 week'|strtotime}
{date var=now time='now' format='Y-m-d H:i:s'}
{assign var=removed value=0}
{read_dir name=assets path='/files/ltd/file_plugins_tutorial/assets' file_var=entry type=file recursive=true}
  {if $entry.mtime < $limit}
    {remove_file path=$entry.path status_var=ok}
    {if $ok}
      {assign var=row value=$dataSet.emptyArray}
      {append var=row index=path value=$entry.path}
      {append var=row index=removed_at value=$now}
      {write_file path=$log_path value=$row is_append=1}
      {write_file path=$log_path value="\\n" is_append=1}
      {add var=removed value=1}
    {/if}
  {/if}
{/read_dir}

{if $removed > 0}
  {date var=stamp time='now' format='Ymd_His'}
  {put_file tmp_path=$log_path path="/files/ltd/file_plugins_tutorial/logs/removed_\`$stamp\`.csv"}
{/if}
removed {$removed} file(s)
`,
  },
  'batches/count-views.tpl': {
    data: `{* Counts one more view of each news item that is open, in English, and says which are not. *}
{foreach from=","|explode:"1,2,3" item=id}
{assign_topics_detail var=news topics_id=$id lang=en}
{if $news}
{update_counter var=views topics_group_id=$news.topics_group_id slug=$id ext_slug=view_count value=1}
{$news.subject}: {$views} views
{else}
news {$id} is not open
{/if}
{/foreach}
`,
  },
  'batches/export-csv.tpl': {
    data: `{* Exports the paid rows of a report as a new CSV file in /files/ltd/exports/. *}
{assign var=header value=","|explode:"id,name,amount"}
{write_file var=out value=$header}
{write_file path=$out value="\\n" is_append=1}
{assign var=count value=0}
{read_file path='/files/user/reports/2026-10.csv' type=csv row=cols}
  {if $cols.0 != 'id' && $cols.2 > 0}
    {assign var=line value=$dataSet.emptyArray}
    {append var=line value=$cols.0}
    {append var=line value=$cols.1}
    {append var=line value=$cols.2}
    {write_file path=$out value=$line is_append=1}
    {write_file path=$out value="\\n" is_append=1}
    {add var=count value=1}
  {/if}
{/read_file}
{put_file tmp_path=$out path='/files/ltd/exports/paid.csv'}
exported {$count} row(s)
`,
  },
};
