/**
 * {rename_file}: moves a file, within an area or between areas (the temporary area to /files/ltd,
 * say). The destination is replaced when it exists, as PHP's rename() does.
 */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { sitePath } from '../paths';
import { siteOf } from '../site';
import { notRoot, requiredText, shown, WRITABLE_AREAS } from './common';

const NAME = 'rename_file';

const AREAS = [...WRITABLE_AREAS, 'tmp'] as const;

export const renameFile: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Files and storage',
  async: true,
  description:
    "Moves (renames) a file. Both paths may be in the file manager (/files/user, /files/ltd, /files/temp), object storage's default bucket (/files/g, /files/a) or the temporary area (a relative path or `TEMP_DIR2/…`), the same area or two different ones. An existing destination file is replaced; missing folders are made. A symbolic link (in a site folder) is moved itself, never the file it leads to.",
  attributes: {
    src_path: {
      type: 'string',
      required: true,
      description:
        'the file to move: /files/user/…, /files/ltd/…, /files/temp/…, /files/g/…, /files/a/…, or a path of the temporary area',
    },
    dest_path: {
      type: 'string',
      required: true,
      description: 'where it goes, in the same areas',
    },
    status_var: {
      type: 'varname',
      description: "Sumi's addition (the CMS ignores it): receives 1 when the file was moved, 0 when not",
    },
  },
  writes: 'status_var',
  result:
    'The file is at `dest_path` and no longer at `src_path`. Nothing is printed; `status_var` (if given) gets 1, or 0 on failure.',
  errors: [
    'a `src_path` that does not exist: IO_NOT_FOUND; a folder: IO_IS_DIR (only files are moved)',
    'a `dest_path` that is a folder: IO_IS_DIR',
    'a path outside the allowed areas (/files/topics and /files/member are refused), with `..`, a NUL byte, a backslash, percent-encoded traversal, or a symbolic link leading out: IO_AREA_DENIED / IO_PATH_*',
    'every failure is logged at error level with its code, nothing moves, `status_var` gets 0; the render goes on',
  ],
  limits: ['a move writes no new bytes: it does not count against limits.maxFileBytes'],
  examples: [
    {
      template:
        '{rename_file src_path="/files/ltd/prices.csv" dest_path="/files/ltd/archive/prices-2026.csv" status_var=ok}' +
        '{get_file path="/files/ltd/archive/prices-2026.csv" save=false var=c}{$ok} {$c|strlen}',
      output: '1 27',
    },
  ],
  async run(ctx, a) {
    const ok = await attempt(ctx, NAME, async () => {
      const site = siteOf(ctx);
      const src = notRoot(
        await sitePath(site, requiredText(NAME, 'src_path', a.src_path), AREAS, {
          attribute: 'src_path',
          relativeTo: 'tmp',
        }),
        'src_path',
      );
      const dest = notRoot(
        await sitePath(site, requiredText(NAME, 'dest_path', a.dest_path), AREAS, {
          attribute: 'dest_path',
          relativeTo: 'tmp',
        }),
        'dest_path',
      );
      const stat = await site.fs.stat(src.path);
      if (stat === null) throw failure('IO_NOT_FOUND', `${NAME}: ${shown(src)} does not exist`);
      if (stat.isDir) throw failure('IO_IS_DIR', `${NAME}: ${shown(src)} is a folder: only files are moved`);
      if ((await site.fs.stat(dest.path))?.isDir)
        throw failure('IO_IS_DIR', `${NAME}: the destination ${shown(dest)} is a folder`);
      if (src.path === dest.path) return;
      await site.fs.rename(src.path, dest.path);
    });
    if (a.status_var) ctx.assign(a.status_var, ok ? 1 : 0);
  },
});
