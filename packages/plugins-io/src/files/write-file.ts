/**
 * {write_file}: writes or appends a string, or one CSV row, to a file of the temporary area
 * (TEMP_DIR2). The vendor's most common batch builds a CSV this way: a header row, "\n" appended,
 * a row and "\n" per record, then put_file into the file area.
 */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { type SitePath, sitePath } from '../paths';
import { siteOf } from '../site';
import { notRoot, textOf, uniqueTempPath, valueBytes, writeCounted } from './common';

const NAME = 'write_file';

export const writeFile: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Files and storage',
  async: true,
  description:
    'Writes `value` to a file of the temporary area (`$smarty.const.TEMP_DIR2`), or appends it with `is_append=1`. A string is written as it is; an array is written as ONE CSV row quoted as PHP\'s fputcsv quotes it, without a line break (append "\\n" yourself). Without `path` a new uniquely named file is made. `var` gets the path relative to the temporary area, which `put_file tmp_path=` and `write_file path=` accept. A replace is atomic: a failed write never leaves half a file.',
  attributes: {
    path: {
      type: 'string',
      description:
        'the file in the temporary area: relative (`log.csv`, `batch/log.csv`) or absolute (`` `$smarty.const.TEMP_DIR2`/log.csv ``); missing folders are made. Omitted: a new file `sumi_<8 hex digits>` (not with `is_append`)',
    },
    var: {
      type: 'varname',
      description:
        "receives the path relative to the temporary area (`sumi_1a2b3c4d`, `log.csv`), false on failure. The catalog marks it required; the CMS's samples leave it out on appends, so Sumi does too",
    },
    value: {
      type: 'mixed',
      default: '',
      description:
        'the content: a string, or an array written as one CSV row (fputcsv quoting: a field holding a space, comma, double quote, backslash, tab, CR or LF is enclosed in double quotes, quotes doubled), without a line break',
    },
    is_append: {
      type: 'boolean',
      default: false,
      description: '1 appends to `path` (made when missing) instead of replacing it; requires `path`',
    },
  },
  writes: 'var',
  result:
    "`var` gets the written file's path relative to the temporary area (e.g. `sumi_1a2b3c4d`), or false when the write failed. Nothing is printed.",
  errors: [
    '`is_append=1` without `path`: IO_MISSING_ATTRIBUTE, nothing written, `var` false',
    'no `path` and no `var` (a file nobody could find): IO_MISSING_ATTRIBUTE, nothing written',
    'a path outside the temporary area (`/files/...` included: write there with put_file), with `..`, a NUL byte, a backslash, percent-encoded traversal, or a symbolic link leading out: IO_AREA_DENIED / IO_PATH_*, `var` false',
    'a path naming a folder: IO_IS_DIR, `var` false',
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: [
    'the bytes written count against limits.maxFileBytes before anything is written; past it the render stops (LIMIT_COST) and the file is unchanged',
  ],
  examples: [
    {
      description: 'a CSV header row, then a line break appended',
      template:
        '{assign var=row value=$empty}{append var=row value="id"}{append var=row value="full name"}{append var=row value=\'say "hi"\'}' +
        '{write_file path="export.csv" var=p value=$row}{write_file path=$p value="\\n" is_append=1}' +
        '{get_file path=$p save=false var=c}{$p}: {$c}',
      output: 'export.csv: id,"full name","say ""hi"""\n',
    },
    {
      description: 'appending needs a path',
      template: '{write_file var=p value="x" is_append=1}{if $p === false}failed{/if}',
      output: 'failed',
    },
  ],
  async run(ctx, a) {
    let written = '';
    const ok = await attempt(ctx, NAME, async () => {
      const site = siteOf(ctx);
      const data = valueBytes(ctx, a.value);
      const input = textOf(a.path);
      let p: SitePath;
      if (input !== '') {
        p = notRoot(await sitePath(site, input, ['tmp'], { attribute: 'path', relativeTo: 'tmp' }), 'path');
      } else if (a.is_append) {
        throw failure('IO_MISSING_ATTRIBUTE', `${NAME}: is_append=1 needs 'path', the file to append to`);
      } else if (!a.var) {
        throw failure(
          'IO_MISSING_ATTRIBUTE',
          `${NAME}: without 'path' it needs 'var' to receive the new file's path`,
        );
      } else {
        p = await uniqueTempPath(ctx, site);
      }
      await writeCounted(ctx, site, p.path, data, a.is_append);
      written = p.sub;
    });
    if (a.var) ctx.assign(a.var, ok ? written : false);
  },
});
