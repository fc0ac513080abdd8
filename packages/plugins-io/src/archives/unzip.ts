/** {unzip}: extracts a zip archive into a folder of the site, checking everything before writing anything. */
import { PhpArray, toInt, toStr } from '@sumi/php';
import {
  type AttributeSpec,
  type AttrsOf,
  definePlugin,
  type FunctionPluginDef,
  queueCallbackBatch,
  type RenderContext,
} from '@sumi/runtime';
import { concat } from '../bytes';
import { attempt, failure } from '../failure';
import { parseUrl } from '../fetch';
import { checkReal, type SitePath } from '../paths';
import { siteOf } from '../site';
import { shownUrl } from '../url-text';
import { bucketOf, childPath, setResult, showBytes, stagingName, storagePath } from './common';
import { DEFAULT_DETECT_ORDER, decodeName, nameDecoders, safeEntryName, unixType } from './names';
import { readWhole } from './read-source';
import { checkSupported, inflateEntry, readCentralDirectory, type ZipEntry } from './zip-format';

const NAME = 'unzip';
/** output of one entry is kept in memory up to this much, then appended to its staging file */
const FLUSH_BYTES = 8 * 1024 * 1024;

interface PlannedFile {
  entry: ZipEntry;
  /** `entry 3 "name"`, for messages */
  label: string;
  /** checked and normalised, relative to dest */
  path: string;
}

interface FileItem extends PlannedFile {
  target: SitePath;
  /** overwrite=0 and the file exists */
  keep: boolean;
}

/** what the archive holds once every check has passed */
interface Plan {
  files: PlannedFile[];
  /** folders the archive names (entries ending in '/'), relative to dest */
  dirs: string[];
  /** every folder the archive needs, relative to dest: named ones and the parents of every entry */
  allDirs: Set<string>;
  /** entries left out, with why */
  skipped: string[];
}

/**
 * Reads every name, decodes and checks it, and refuses the archive (before anything is written)
 * for a zip-slip name, an unsupported entry, a duplicate, a file that is also a folder, more
 * declared bytes than the limit.
 */
function plan(ctx: RenderContext, entries: readonly ZipEntry[], order: readonly string[]): Plan {
  const decoders = nameDecoders(order, (m) => ctx.log('warn', m, NAME));
  const files = new Map<string, PlannedFile>();
  const named = new Set<string>();
  const allDirs = new Set<string>();
  const skipped: string[] = [];
  const undecoded: string[] = [];
  let declared = 0;
  const addParents = (path: string) => {
    for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) allDirs.add(path.slice(0, i));
  };
  for (const entry of entries) {
    ctx.spend('maxListedEntries', 1);
    const { name, encoding } = decodeName(entry, decoders);
    const label = `entry ${entry.index + 1}`;
    const safe = safeEntryName(name, label);
    const shown = `${label} ${JSON.stringify(name)}`;
    if (encoding === null) undecoded.push(shown);
    const type = unixType(entry.unixMode);
    if (type === 'link' || type === 'special') {
      skipped.push(`${shown}: ${type === 'link' ? 'a symbolic link' : 'a device, socket or pipe'}`);
      continue;
    }
    if (safe.isDir || type === 'dir') {
      if (safe.path !== '') {
        named.add(safe.path);
        allDirs.add(safe.path);
        addParents(safe.path);
      }
      continue;
    }
    checkSupported(entry, shown);
    const twin = files.get(safe.path);
    if (twin) {
      throw failure(
        'IO_ARCHIVE_INVALID',
        `entry ${twin.entry.index + 1} and ${label} are both named ${JSON.stringify(safe.path)}: an archive with duplicate names is refused`,
      );
    }
    files.set(safe.path, { entry, label: shown, path: safe.path });
    addParents(safe.path);
    declared += entry.declaredSize;
  }
  for (const [path, f] of files) {
    if (allDirs.has(path))
      throw failure(
        'IO_ARCHIVE_INVALID',
        `${f.label}: ${JSON.stringify(path)} is both a file and a folder in the archive`,
      );
  }
  const limit = ctx.limits.maxArchiveBytes;
  if (declared > limit) {
    throw failure(
      'IO_ARCHIVE_LIMIT',
      `the archive says it holds ${declared} bytes, more than limits.maxArchiveBytes (${limit})`,
    );
  }
  for (const u of undecoded)
    ctx.log(
      'warn',
      `${u}: the name fits none of detect_order; read as UTF-8 with U+FFFD for the bad bytes`,
      NAME,
    );
  return {
    files: [...files.values()],
    dirs: [...named],
    allDirs,
    skipped,
  };
}

const ATTRS = {
  src: {
    type: 'string',
    required: true,
    description:
      "the archive: an http(s) URL (fetched through the host's fetch service) or a cloud-storage path (/files/g/..., /files/a/..., or a key in `bucket`). As in the catalog, the file manager's areas (/files/user/ ...) are not sources: IO_AREA_DENIED",
  },
  dest: {
    type: 'string',
    required: true,
    description:
      'the folder to extract into: /files/user/, /files/temp/, /files/ltd/, or cloud storage /files/g/, /files/a/ (a key prefix in `bucket` when given)',
  },
  bucket: {
    type: 'string',
    description:
      'the object-storage bucket of `src` and of a cloud `dest`; when omitted, the default storage (/files/g/, /files/a/). Paths in /files/user/, /files/temp/, /files/ltd/ are never in a bucket',
  },
  callback_batch: {
    type: 'string',
    description: "a batch queued on the host's batch queue after a successful extraction",
  },
  data: {
    type: 'mixed',
    description: 'passed to `callback_batch` as its ext data',
  },
  overwrite: {
    type: 'integer',
    default: 0,
    description:
      "1: replace files that exist; 0: keep them and skip those entries (each logged). The catalog gives no default; Sumi's is 0",
  },
  detect_order: {
    type: 'array',
    default: [...DEFAULT_DETECT_ORDER],
    description:
      'encodings tried, in order, for entry names not flagged UTF-8; the first in which the name is valid wins (utf8, UTF-8, ASCII, SJIS, SJIS-win, CP932, EUC-JP, eucJP-win, JIS, ISO-8859-1; case-insensitive; an item may list several separated by commas)',
  },
  var: {
    type: 'varname',
    description:
      'Sumi extension: receives the list of files written (their /files/... paths, in archive order), or false on failure',
  },
  status_var: {
    type: 'varname',
    description: 'Sumi extension: receives 1 on success, 0 on failure',
  },
} as const satisfies Record<string, AttributeSpec>;

export const unzip: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Files and storage',
  description: [
    "Extracts a zip archive into a folder. `src` is an http(s) URL, fetched through the host's fetch service, or a cloud-storage path: `/files/g/...` or `/files/a/...` of the default storage, or with `bucket` a key in that bucket. `dest` is a folder in /files/user/, /files/temp/, /files/ltd/ or cloud storage (/files/g/, /files/a/, or with `bucket` a key prefix in that bucket); the archive's folders are recreated below it.",
    'Nothing is written until the whole archive has been checked: every entry name (zip slip: an absolute name, a drive letter, a backslash, any `..` segment or a control character fails the whole archive with IO_ARCHIVE_SLIP), duplicate names and a name that is both a file and a folder (IO_ARCHIVE_INVALID), encrypted entries and methods other than stored and deflate (IO_ARCHIVE_INVALID), the entry count and the declared sizes. Entries are then decompressed into a staging folder in the temporary area, counting the bytes that really come out (the declared sizes are not trusted), and moved into place one file at a time (each move replaces its file atomically). Past limits.maxArchiveBytes or on any error the staging folder is removed: nothing extracted stays.',
    "Names flagged UTF-8 (general-purpose bit 11) are UTF-8, as is an Info-ZIP Unicode Path field whose CRC matches; other names are decoded with the first encoding of `detect_order` in which they are valid (PHP's mbstring names, case-insensitive: utf8/UTF-8, ASCII, SJIS, SJIS-win, CP932 (all read as Windows-31J), EUC-JP, eucJP-win, JIS, ISO-8859-1).",
    'Symbolic links and device entries of the archive are never created: they are skipped, with a warning each. With `overwrite=0` (the default: the catalog gives none, and Sumi replaces nothing unless asked) a file that already exists is kept and the entry skipped, with an info log entry each.',
    "After a success `callback_batch` is queued on the host's batch queue with `data` as its ext data, and an info log entry says how many files and bytes were written. `var` and `status_var` are Sumi extensions, not in the catalog.",
  ].join('\n\n'),
  attributes: ATTRS,
  result:
    'Files below `dest`. The catalog names no result variable; with the Sumi extensions `var` gets the list of written paths (false on failure) and `status_var` 1 or 0. Every run logs an info entry with the counts, or an error entry with its code.',
  errors: [
    'IO_MISSING_ATTRIBUTE: `src` or `dest` is empty',
    'IO_PATH_INVALID, IO_PATH_TRAVERSAL, IO_PATH_OUTSIDE, IO_AREA_DENIED: a path outside the allowed areas, or a symbolic link in `dest` leading out of its area',
    'IO_NOT_FOUND, IO_IS_DIR, IO_NOT_DIR: `src` is missing or a folder; `dest` (or a folder the archive needs) is a file; a file of the archive is a folder in `dest`',
    'IO_FETCH_FAILED: the URL could not be fetched or answered other than 2xx',
    'IO_ARCHIVE_INVALID: not a zip file, truncated, damaged (a size or CRC that does not match), encrypted, an unsupported compression method, duplicate names, a name both a file and a folder',
    'IO_ARCHIVE_SLIP: an entry name that would land outside `dest`; the whole archive is refused before anything is written',
    'IO_ARCHIVE_LIMIT: more entries than limits.maxArchiveEntries, or more bytes (declared, or really coming out) than limits.maxArchiveBytes; nothing extracted stays',
    'Each failure logs an error with its code, sets `var` to false and `status_var` to 0, and leaves the site as it was (a failure while moving the files into place, after every check passed, can leave the files moved so far)',
  ],
  limits: [
    'limits.maxArchiveEntries: entries of the archive (checked first)',
    'limits.maxArchiveBytes: bytes extracted, counted as they are decompressed; also the size of the archive itself',
    'limits.maxFileBytes: every extracted byte counts (LIMIT_COST stops the render; the staging folder is removed)',
    'limits.maxListedEntries: one per entry read',
  ],
  examples: [
    {
      description:
        'An archive made by Info-ZIP zip with one Shift_JIS (cp932) name: detect_order reads it as 使い方.txt',
      template:
        '{unzip src="/files/g/archives/guide.zip" dest="/files/user/guide/" var=written}{foreach from=$written item=p}{$p}\n{/foreach}',
      output: '/files/user/guide/guide/readme.txt\n/files/user/guide/guide/使い方.txt\n',
    },
    {
      description: 'overwrite=0 keeps a file that exists (the entry is skipped and logged)',
      template:
        '{unzip src="/files/g/archives/guide.zip" dest="/files/user/guide/" status_var=ok}{unzip src="/files/g/archives/guide.zip" dest="/files/user/guide/" var=again status_var=ok2}{$ok} {$ok2} {$again|@count}',
      output: '1 1 0',
    },
  ],
  async: true,
  async run(ctx, a) {
    let written: string[] = [];
    const ok = await attempt(ctx, NAME, async () => {
      written = await extract(ctx, a);
    });
    setResult(ctx, a.var, a.status_var, ok ? PhpArray.fromList(written) : false);
    if (ok) await queueCallbackBatch(ctx, NAME, a.callback_batch, a.data, 'IO_ERROR');
  },
});

async function extract(ctx: RenderContext, a: AttrsOf<typeof ATTRS>): Promise<string[]> {
  const site = siteOf(ctx);
  const src = a.src == null ? '' : toStr(a.src);
  const destIn = a.dest == null ? '' : toStr(a.dest);
  if (src === '')
    throw failure('IO_MISSING_ATTRIBUTE', "'src' is required: the archive's URL or storage path");
  if (destIn === '') throw failure('IO_MISSING_ATTRIBUTE', "'dest' is required: the folder to extract into");
  const bucket = bucketOf(a.bucket);
  const overwrite = toInt(a.overwrite) !== 0;
  const order = a.detect_order.values().map((v) => toStr(v));
  const fs = site.fs;

  const dest = await storagePath(site, destIn, ['user', 'temp', 'ltd', 'g', 'a'], 'dest', bucket);
  const destStat = await fs.stat(dest.path);
  if (destStat && !destStat.isDir)
    throw failure('IO_NOT_DIR', `'dest' ${JSON.stringify(dest.display)} is a file, not a folder`);

  const limit = ctx.limits.maxArchiveBytes;
  const capText = `limits.maxArchiveBytes (${limit} bytes)`;
  const url = parseUrl(src, 'src');
  let srcShown: string;
  let bytes: Uint8Array;
  if (url) {
    srcShown = shownUrl(url.href);
    bytes = await readWhole(ctx, { url }, limit, capText);
  } else {
    const p = await storagePath(site, src, ['g', 'a'], 'src', bucket);
    srcShown = p.display;
    bytes = await readWhole(ctx, { site, path: p, attribute: 'src' }, limit, capText);
  }

  const entries = readCentralDirectory(bytes, ctx.limits.maxArchiveEntries);
  const p = plan(ctx, entries, order);

  // where everything lands, checked against the site as it is now: links, files in the way
  for (const dir of [...p.allDirs].sort()) {
    const target = await checkReal(site, childPath(dest, dir), 'dest');
    const st = await fs.stat(target.path);
    if (st && !st.isDir)
      throw failure(
        'IO_NOT_DIR',
        `${JSON.stringify(target.display)} is a file; the archive needs a folder there`,
      );
  }
  const files: FileItem[] = [];
  for (const f of p.files) {
    const target = await checkReal(site, childPath(dest, f.path), 'dest');
    const st = await fs.stat(target.path);
    if (st?.isDir)
      throw failure('IO_IS_DIR', `${JSON.stringify(target.display)} is a folder; ${f.label} is a file`);
    files.push({ ...f, target, keep: st !== null && !overwrite });
  }

  for (const s of p.skipped) ctx.log('warn', `skipped ${s}: links and special files are never created`, NAME);
  const staging = stagingName('unzip');
  let total = 0;
  let count = 0;
  const written: string[] = [];
  try {
    for (const f of files) {
      if (f.keep) continue;
      const tmp = `${staging}/${f.entry.index}`;
      let pieces: Uint8Array[] = [];
      let pending = 0;
      let started = false;
      const flush = async () => {
        const chunk = concat(pieces, pending);
        pieces = [];
        pending = 0;
        ctx.spend('maxFileBytes', chunk.length);
        if (started) await fs.append(tmp, chunk);
        else await fs.write(tmp, chunk);
        started = true;
      };
      await inflateEntry(bytes, f.entry, f.label, async (piece) => {
        total += piece.length;
        if (total > limit) {
          throw failure(
            'IO_ARCHIVE_LIMIT',
            `${f.label}: more than limits.maxArchiveBytes (${limit}) bytes came out of the archive; nothing was extracted`,
          );
        }
        pieces.push(piece);
        pending += piece.length;
        if (pending >= FLUSH_BYTES) await flush();
      });
      if (pending > 0 || !started) await flush();
    }
    // every entry came out whole: now into place
    for (const dir of p.dirs) await fs.mkdir(childPath(dest, dir).path);
    for (const f of files) {
      if (f.keep) {
        ctx.log('info', `kept ${f.target.display}: it exists and overwrite=0 (${f.label} skipped)`, NAME);
        continue;
      }
      await fs.rename(`${staging}/${f.entry.index}`, f.target.path);
      written.push(f.target.display);
      count++;
    }
  } finally {
    if (await fs.stat(staging).catch(() => null)) await fs.removeDir(staging).catch(() => {});
  }
  const kept = files.length - count;
  ctx.log(
    'info',
    `extracted ${count} file${count === 1 ? '' : 's'} (${showBytes(total)}) from ${srcShown} into ${dest.display}` +
      (kept ? `; kept ${kept} existing file${kept === 1 ? '' : 's'} (overwrite=0)` : ''),
    NAME,
  );
  return written;
}
