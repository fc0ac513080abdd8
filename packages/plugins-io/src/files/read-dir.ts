/**
 * {read_dir}: a block that repeats its body once per entry of a folder of /files/user/ or
 * /files/ltd/. The folder is listed first, completely, and the body runs afterwards, so a body that
 * removes the file it is looking at (the CMS's "delete old files" batch) changes nothing in the
 * listing. Entries are read through the site's `SiteFs`; a symbolic link that leads out of the area
 * (or out of the site) is skipped with a warning, never followed.
 */
import { PcreError, PhpArray, pregMatch, toStr, type Value, withPcre } from '@sumi/php';
import { type BlockPluginDef, definePlugin, type RenderContext } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { FsError } from '../fs/types';
import { AREA_DIR, AREA_NAME, type Area, sitePath } from '../paths';
import { type Site, siteOf } from '../site';
import { underFiles } from './read-common';

const AREAS: readonly Area[] = ['user', 'ltd'];

/** the test of `pattern` on an entry name, or null without a pattern; a pattern PHP refuses fails here */
function patternTest(ctx: RenderContext, pattern: string): ((name: string) => boolean) | null {
  if (pattern === '') return null;
  try {
    pregMatch(pattern, '');
  } catch (e) {
    if (e instanceof PcreError && e.kind === 'syntax') {
      throw failure('IO_BAD_PATTERN', `'pattern' ${JSON.stringify(pattern)}: ${e.message}`);
    }
    // what Sumi cannot run exactly stops the render, as in every preg_* plugin
    withPcre(ctx, 'preg_match', () => {
      throw e;
    });
  }
  // preg_match's false (a backtrack limit, with its warning) keeps the entry out, as a PHP `if` would
  return (name) => withPcre(ctx, 'preg_match', () => pregMatch(pattern, name).count) === 1;
}

interface Listing {
  ctx: RenderContext;
  site: Site;
  area: Area;
  /** the area's folder once links are resolved: entries must stay inside it */
  realArea: string;
  test: ((name: string) => boolean) | null;
  type: string | undefined;
  recursive: boolean;
  nameOnly: boolean;
  entries: Value[];
}

const isOutside = (e: unknown) => e instanceof FsError && e.code === 'OUTSIDE';

function skipLink(l: Listing, shown: string): void {
  l.ctx.log(
    'warn',
    `skipped ${shown}: a symbolic link leading outside ${AREA_NAME[l.area]}`,
    'read_dir',
    'IO_PATH_OUTSIDE',
  );
}

/**
 * Lists `dir` (site path; `shown` is how templates name it, `realDir` where it really is) into
 * `l.entries`: by name (code point order), a folder before what it holds (depth first).
 */
async function walk(l: Listing, dir: string, shown: string, realDir: string): Promise<void> {
  const { ctx, site } = l;
  for (const name of await site.fs.list(dir)) {
    ctx.spend('maxListedEntries', 1);
    const path = `${dir}/${name}`;
    const entryShown = `${shown}/${name}`;
    let real: string;
    let stat: Awaited<ReturnType<typeof site.fs.stat>>;
    try {
      real = await site.fs.realPath(path);
      stat = await site.fs.stat(path);
    } catch (e) {
      if (!isOutside(e)) throw e;
      skipLink(l, entryShown);
      continue;
    }
    // a symbolic link: listed when it stays in the area, never descended into
    const linked = real !== `${realDir}/${name}`;
    if (linked && real !== l.realArea && !real.startsWith(`${l.realArea}/`)) {
      skipLink(l, entryShown);
      continue;
    }
    if (stat === null) {
      ctx.log('warn', `skipped ${entryShown}: a symbolic link to nothing`, 'read_dir', 'IO_NOT_FOUND');
      continue;
    }
    const wanted =
      (l.type === undefined || (l.type === 'dir') === stat.isDir) && (l.test === null || l.test(name));
    if (wanted) {
      l.entries.push(
        l.nameOnly
          ? entryShown
          : PhpArray.fromEntries([
              ['path', entryShown],
              ['size', stat.size],
              ['ctime', Math.floor(stat.ctimeMs / 1000)],
              ['mtime', Math.floor(stat.mtimeMs / 1000)],
              ['is_dir', stat.isDir],
            ]),
      );
    }
    if (l.recursive && stat.isDir && !linked) await walk(l, path, entryShown, real);
  }
}

export const readDir: BlockPluginDef = definePlugin({
  kind: 'block',
  loop: true,
  name: 'read_dir',
  group: 'Files and storage',
  async: true,
  description:
    'Repeats its body once per entry of a folder under /files/user/ or /files/ltd/, the entry in `file_var`: ' +
    '`{path, size, ctime, mtime, is_dir}` (in that key order), or only the path with `name_only`. ' +
    '`path` is the form `/files/ltd/dir/x.png` that `remove_file path=` and `read_file path=` accept as it is. ' +
    '`mtime` is the Unix timestamp (seconds, an int) of the last change of the content, PHP’s filemtime(), ' +
    'the value to compare with a `strtotime` result; `ctime` is PHP’s filectime() (the inode change time, ' +
    'on Windows the creation time). The catalog’s wording has the two descriptions the other way round; ' +
    'Sumi follows PHP’s meaning of the names. `size` is in bytes (a folder’s is what the file system says). ' +
    'Entries come sorted by name (code point order, as PHP’s scandir); with `recursive` a folder comes ' +
    'before what it holds (depth first), and folders are entries like files unless `type` says otherwise. ' +
    '`pattern` is matched with preg_match against the entry’s name (the last segment, not the path); it ' +
    'chooses entries, never which folders `recursive` walks into. The whole listing is read before the body ' +
    'first runs, so the body may remove or add files (the listing does not change). ' +
    'Symbolic links: one that leads out of the area is skipped with a warning (IO_PATH_OUTSIDE); one that ' +
    'stays inside is an entry (with its target’s size and times) but `recursive` does not walk into it, as ' +
    'PHP’s RecursiveDirectoryIterator without FOLLOW_SYMLINKS. `{break}` inside the body ends the loop and ' +
    '`{continue}` goes on with the next entry, as in `{foreach}`.',
  attributes: {
    name: {
      type: 'string',
      description:
        'the loop’s name, as Smarty names a block; it has no other effect (no `$smarty.foreach` properties)',
    },
    file_var: {
      type: 'varname',
      required: true,
      description: 'the variable each entry is assigned to (dotted paths allowed); it keeps the last entry',
    },
    path: {
      type: 'string',
      required: true,
      description:
        'the folder: `/files/user/…` or `/files/ltd/…` (also written `files/ltd/…` or `ltd/…`); other areas fail with IO_AREA_DENIED',
    },
    pattern: {
      type: 'string',
      description:
        'a PHP regular expression with delimiters (`/\\.csv$/i`), matched with preg_match against each entry’s name; an empty one matches everything',
    },
    recursive: {
      type: 'boolean',
      default: false,
      description: 'also list what the subfolders hold, depth first',
    },
    name_only: {
      type: 'boolean',
      default: false,
      description: 'each entry is only its path (a string) instead of the array',
    },
    type: {
      type: 'string',
      enum: ['file', 'dir'],
      description: '`file`: files only, `dir`: folders only; both when omitted',
    },
  },
  result:
    'the body’s output once per entry; `file_var` holds the entry: an array `{path, size, ctime, mtime, is_dir}` (path a string, size/ctime/mtime ints, is_dir a Boolean), or the path string with `name_only`',
  errors: [
    'a folder outside /files/user/ and /files/ltd/ (IO_AREA_DENIED), a path with `..` (IO_PATH_TRAVERSAL), a NUL byte, a backslash or a percent-encoded dot or slash (IO_PATH_INVALID), outside the site or through a link leading out (IO_PATH_OUTSIDE): logged at error level, the body never runs',
    'a folder that does not exist (IO_NOT_FOUND) or a file (IO_NOT_DIR): logged, the body never runs',
    'a pattern PHP refuses (IO_BAD_PATTERN): logged, the body never runs; a pattern feature Sumi cannot run exactly (recursion, conditionals, …) stops the render, as in every preg_* plugin',
    'an entry that is a symbolic link leading out of the area: skipped, with a warning (IO_PATH_OUTSIDE)',
  ],
  limits: [
    'every entry read counts one against limits.maxListedEntries (entries that `type` or `pattern` leave out included): past it the render stops with LIMIT_COST',
  ],
  examples: [
    {
      description: 'Every file of a folder and its subfolders, with its size in bytes',
      template:
        "{read_dir name=assets path='/files/ltd/file_plugins_tutorial/assets' file_var=f type=file recursive=true}\n{$f.path} {$f.size}\n{/read_dir}",
      output:
        '/files/ltd/file_plugins_tutorial/assets/banner-2026-09.png 70\n/files/ltd/file_plugins_tutorial/assets/banner-2026-11.png 70\n/files/ltd/file_plugins_tutorial/assets/old/draft.txt 13\n/files/ltd/file_plugins_tutorial/assets/old/notes.txt 20\n',
    },
    {
      description: 'Files not changed for a week: `mtime` compares with a `strtotime` result',
      template:
        "{assign var=week_ago value='-1 week'|strtotime}\n{read_dir path='/files/ltd/file_plugins_tutorial/assets' file_var=f type=file recursive=1}\n{if $f.mtime < $week_ago}{$f.path}\n{/if}\n{/read_dir}",
      output:
        '/files/ltd/file_plugins_tutorial/assets/banner-2026-09.png\n/files/ltd/file_plugins_tutorial/assets/old/draft.txt\n/files/ltd/file_plugins_tutorial/assets/old/notes.txt\n',
    },
    {
      description: 'Names only, chosen by a pattern',
      template:
        "{read_dir path='/files/user/reports' file_var=p pattern='/^2026-1\\d\\.csv$/' name_only=1}\n{$p}\n{/read_dir}",
      output: '/files/user/reports/2026-10.csv\n/files/user/reports/2026-11.csv\n',
    },
  ],
  async run(ctx, a, body) {
    const fileVar = a.file_var ?? '';
    let entries: Value[] = [];
    const listed = await attempt(ctx, 'read_dir', async () => {
      if (fileVar === '')
        throw failure('IO_MISSING_ATTRIBUTE', "'file_var' is missing or empty: name a variable");
      const input = a.path === undefined ? '' : toStr(a.path);
      if (input === '') throw failure('IO_MISSING_ATTRIBUTE', "'path' is missing or empty: name a folder");
      const site = siteOf(ctx);
      // a bad pattern fails before anything is read
      const test = patternTest(ctx, a.pattern === undefined ? '' : toStr(a.pattern));
      const root = await sitePath(site, underFiles(input, 'path'), AREAS, { attribute: 'path' });
      const stat = await site.fs.stat(root.path);
      if (stat === null)
        throw failure('IO_NOT_FOUND', `'path' ${JSON.stringify(root.display)} does not exist`);
      if (!stat.isDir)
        throw failure('IO_NOT_DIR', `'path' ${JSON.stringify(root.display)} is a file, not a folder`);
      const listing: Listing = {
        ctx,
        site,
        area: root.area,
        realArea: await site.fs.realPath(AREA_DIR[root.area as 'user' | 'ltd']),
        test,
        type: a.type === undefined ? undefined : toStr(a.type),
        recursive: a.recursive,
        nameOnly: a.name_only,
        entries: [],
      };
      await walk(listing, root.path, root.display.replace(/\/+$/, ''), await site.fs.realPath(root.path));
      entries = listing.entries;
    });
    if (!listed) return '';
    let out = '';
    for (const entry of entries) {
      ctx.assign(fileVar, entry);
      const r = body.render();
      out += typeof r === 'string' ? r : await r;
      if (body.jump === 'break') break;
    }
    return out;
  },
});
