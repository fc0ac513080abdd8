/**
 * {put_file}: copies a file of the temporary area (what write_file made), or a value, into the file
 * manager's areas or object storage. The last step of the vendor's CSV batches.
 */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { sitePath } from '../paths';
import { siteOf } from '../site';
import { copyCounted, notRoot, pathIn, textBytes, textOf, WRITABLE_AREAS, writeCounted } from './common';

const NAME = 'put_file';

export const putFile: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Files and storage',
  async: true,
  description:
    'Writes a file of the temporary area (`tmp_path`, as write_file gave it) or a value (`value`) to a destination: `path` in the file manager (/files/user, /files/ltd, /files/temp) or object storage (/files/g, /files/a, or a key of `bucket`), or `files_path` in the file manager only. The temporary file stays where it is. The destination is replaced atomically; missing folders are made.',
  attributes: {
    tmp_path: {
      type: 'string',
      description:
        'the file to copy, in the temporary area: the relative path write_file put in its `var`, or the absolute `` `$smarty.const.TEMP_DIR2`/name `` form',
    },
    value: {
      type: 'string',
      description: 'content to write instead of a temporary file (give `tmp_path` or `value`, not both)',
    },
    path: {
      type: 'string',
      description:
        'the destination: /files/user/…, /files/ltd/…, /files/temp/… (file manager), /files/g/…, /files/a/… (object storage, default bucket), or with `bucket` the key inside that bucket',
    },
    files_path: {
      type: 'string',
      description:
        'the destination in the managed file area only (/files/user/…, /files/ltd/…, /files/temp/…); use it instead of `path` (the catalog does not describe it fully: Sumi reads it as a file-manager destination)',
    },
    bucket: {
      type: 'string',
      description:
        'object-storage bucket: `path` is then a key inside it (`buckets/<bucket>/` of the site folder)',
    },
    status_var: {
      type: 'varname',
      description: "Sumi's addition (the CMS ignores it): receives 1 when the file was written, 0 when not",
    },
  },
  writes: 'status_var',
  result:
    'The destination file holds the bytes; nothing is printed. `status_var` (if given) gets 1, or 0 on failure.',
  errors: [
    'neither or both of `tmp_path` and `value`, neither or both of `path` and `files_path`, or `bucket` with `files_path`: IO_MISSING_ATTRIBUTE / IO_BAD_VALUE, nothing written',
    'a `tmp_path` that does not exist: IO_NOT_FOUND',
    'a destination outside the allowed areas (/files/topics and /files/member hold content attachments and are refused), with `..`, a NUL byte, a backslash, percent-encoded traversal, or a symbolic link leading out: IO_AREA_DENIED / IO_PATH_*',
    'a destination that is a folder: IO_IS_DIR',
    'every failure is logged at error level with its code, `status_var` gets 0; the render goes on',
  ],
  limits: [
    'the bytes written count against limits.maxFileBytes before anything is written; past it the render stops (LIMIT_COST) and the destination is unchanged',
  ],
  examples: [
    {
      description: "the vendor's batch: a CSV built in the temporary area, then put in /files/ltd",
      template:
        '{write_file var=tmp value="code,stock"}{write_file path=$tmp value="\\nA-1,3\\n" is_append=1}' +
        '{put_file tmp_path=$tmp path="/files/ltd/exports/stock.csv" status_var=ok}' +
        '{get_file path="/files/ltd/exports/stock.csv" save=false var=c}{$ok}:{$c}',
      output: '1:code,stock\nA-1,3\n',
    },
    {
      description: 'content attachments are not a destination',
      template: '{put_file value="x" path="/files/topics/1/x.txt" status_var=ok}{$ok}',
      output: '0',
    },
  ],
  async run(ctx, a) {
    const ok = await attempt(ctx, NAME, async () => {
      const site = siteOf(ctx);
      const tmpPath = textOf(a.tmp_path);
      const hasValue = a.value !== undefined && a.value !== null;
      if (tmpPath !== '' && hasValue)
        throw failure('IO_BAD_VALUE', `${NAME}: give 'tmp_path' or 'value', not both`);
      if (tmpPath === '' && !hasValue)
        throw failure('IO_MISSING_ATTRIBUTE', `${NAME}: 'tmp_path' or 'value' is needed: what to write`);
      const path = textOf(a.path);
      const filesPath = textOf(a.files_path);
      const bucket = textOf(a.bucket);
      if (path !== '' && filesPath !== '')
        throw failure('IO_BAD_VALUE', `${NAME}: give 'path' or 'files_path', not both`);
      if (path === '' && filesPath === '')
        throw failure('IO_MISSING_ATTRIBUTE', `${NAME}: 'path' or 'files_path' is needed: where to write`);
      if (filesPath !== '' && bucket !== '')
        throw failure(
          'IO_BAD_VALUE',
          `${NAME}: 'files_path' is in the file manager; use 'path' with 'bucket'`,
        );

      const dest = notRoot(
        path !== ''
          ? await pathIn(site, path, WRITABLE_AREAS, 'path', bucket)
          : await sitePath(site, filesPath, ['user', 'ltd', 'temp'], { attribute: 'files_path' }),
        path !== '' ? 'path' : 'files_path',
      );
      if (hasValue) {
        await writeCounted(ctx, site, dest.path, textBytes(ctx, a.value));
        return;
      }
      const src = notRoot(
        await sitePath(site, tmpPath, ['tmp'], { attribute: 'tmp_path', relativeTo: 'tmp' }),
        'tmp_path',
      );
      await copyCounted(ctx, site, src, dest);
    });
    if (a.status_var) ctx.assign(a.status_var, ok ? 1 : 0);
  },
});
