/**
 * {remove_dir}: deletes a folder and everything in it. An area itself (/files/user, /files/ltd, the
 * temporary area, ...) is never removed, neither named directly nor through a symbolic link.
 */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { AREA_DIR, AREA_NAME, sitePath } from '../paths';
import { siteOf } from '../site';
import { requiredText, shown, WRITABLE_AREAS } from './common';

const NAME = 'remove_dir';

export const removeDir: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Files and storage',
  async: true,
  description:
    'Deletes a folder with everything in it, in the file manager (/files/user, /files/ltd, /files/temp), object storage (/files/g, /files/a) or the temporary area (a relative path or `TEMP_DIR2/…`). The root of an area is never removed. A symbolic link to a folder (in a site folder) is removed itself, never the folder it leads to.',
  attributes: {
    path: {
      type: 'string',
      required: true,
      description:
        'the folder: /files/user/…, /files/ltd/…, /files/temp/…, /files/g/…, /files/a/…, or a folder of the temporary area',
    },
    status_var: { type: 'varname', description: 'receives 1 when the folder was deleted, 0 when not' },
  },
  writes: 'status_var',
  result: '`status_var` gets 1 when the folder was deleted, 0 otherwise. Nothing is printed.',
  errors: [
    'the root of an area (/files/user, /files/ltd/, the temporary area, …), named or reached through a symbolic link: IO_AREA_ROOT, `status_var` 0, nothing removed',
    'a folder that does not exist: IO_NOT_FOUND; a file: IO_NOT_DIR (use remove_file); `status_var` 0',
    'a path outside the allowed areas (/files/topics and /files/member are refused), with `..`, a NUL byte, a backslash, percent-encoded traversal, or a symbolic link leading out: IO_AREA_DENIED / IO_PATH_*, `status_var` 0',
    'every failure is logged at error level with its code; the render goes on',
  ],
  examples: [
    {
      description: 'a folder and its files',
      template: '{remove_dir path="/files/ltd/file_plugins_tutorial/assets/old" status_var=s}{$s}',
      output: '1',
    },
    {
      description: 'an area itself is refused',
      template: '{remove_dir path="/files/user/" status_var=s}{$s}',
      output: '0',
    },
  ],
  async run(ctx, a) {
    const ok = await attempt(ctx, NAME, async () => {
      const site = siteOf(ctx);
      const input = requiredText(NAME, 'path', a.path);
      const p = await sitePath(site, input, [...WRITABLE_AREAS, 'tmp'], {
        attribute: 'path',
        relativeTo: 'tmp',
      });
      const root = AREA_DIR[p.area as keyof typeof AREA_DIR];
      // named, or reached through a link that leads to the area's own folder
      if (p.sub === '' || (await site.fs.realPath(p.path)) === root)
        throw failure('IO_AREA_ROOT', `${NAME}: ${AREA_NAME[p.area]} is an area's root and is never removed`);
      const stat = await site.fs.stat(p.path);
      if (stat === null) throw failure('IO_NOT_FOUND', `${NAME}: ${shown(p)} does not exist`);
      if (!stat.isDir) throw failure('IO_NOT_DIR', `${NAME}: ${shown(p)} is a file: use remove_file`);
      await site.fs.removeDir(p.path);
    });
    if (a.status_var) ctx.assign(a.status_var, ok ? 1 : 0);
  },
});
