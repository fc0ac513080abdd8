/**
 * {remove_file}: deletes one file of the file manager, object storage or the temporary area. It
 * takes the `path` of a read_dir entry as it is (`/files/ltd/...`), which is how the vendor's
 * "delete files older than a week" batch uses it.
 */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { siteOf } from '../site';
import { notRoot, pathIn, requiredText, shown, textOf, WRITABLE_AREAS } from './common';

const NAME = 'remove_file';

export const removeFile: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Files and storage',
  async: true,
  description:
    "Deletes a file: in the file manager (/files/user, /files/ltd, /files/temp), object storage (/files/g, /files/a, or a key of `bucket`) or the temporary area (a relative path, as write_file gives it, or `TEMP_DIR2/…`). A read_dir entry's `path` is accepted as it is. Folders are removed with remove_dir. A symbolic link (in a site folder) is removed itself, never the file it leads to.",
  attributes: {
    path: {
      type: 'string',
      required: true,
      description:
        'the file: /files/user/…, /files/ltd/…, /files/temp/…, /files/g/…, /files/a/…, a key of `bucket`, or a path of the temporary area',
    },
    bucket: {
      type: 'string',
      description:
        'object-storage bucket: `path` is then a key inside it (`buckets/<bucket>/` of the site folder)',
    },
    status_var: { type: 'varname', description: 'receives 1 when the file was deleted, 0 when not' },
  },
  writes: 'status_var',
  result: '`status_var` gets 1 when the file was deleted, 0 otherwise. Nothing is printed.',
  errors: [
    'a file that does not exist: IO_NOT_FOUND, `status_var` 0',
    'a folder, or an area itself: IO_IS_DIR, `status_var` 0 (use remove_dir)',
    'an empty path: IO_MISSING_ATTRIBUTE, `status_var` 0',
    'a path outside the allowed areas (/files/topics and /files/member hold content attachments and are refused), with `..`, a NUL byte, a backslash, percent-encoded traversal, or a symbolic link leading out: IO_AREA_DENIED / IO_PATH_*, `status_var` 0',
    'every failure is logged at error level with its code; the render goes on',
  ],
  examples: [
    {
      description: 'deleting a file, then trying again',
      template:
        '{remove_file path="/files/ltd/prices.csv" status_var=first}{remove_file path="/files/ltd/prices.csv" status_var=second}{$first}{$second}',
      output: '10',
    },
    {
      description: 'the path of a read_dir entry, as it is',
      template: '{remove_file path="/files/ltd/file_plugins_tutorial/assets/old/draft.txt" status_var=s}{$s}',
      output: '1',
    },
  ],
  async run(ctx, a) {
    const ok = await attempt(ctx, NAME, async () => {
      const site = siteOf(ctx);
      const input = requiredText(NAME, 'path', a.path);
      const p = notRoot(
        await pathIn(site, input, [...WRITABLE_AREAS, 'tmp'], 'path', textOf(a.bucket), 'tmp'),
        'path',
      );
      const stat = await site.fs.stat(p.path);
      if (stat === null) throw failure('IO_NOT_FOUND', `${NAME}: ${shown(p)} does not exist`);
      if (stat.isDir) throw failure('IO_IS_DIR', `${NAME}: ${shown(p)} is a folder: use remove_dir`);
      await site.fs.remove(p.path);
    });
    if (a.status_var) ctx.assign(a.status_var, ok ? 1 : 0);
  },
});
