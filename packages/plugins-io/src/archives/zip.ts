/** {zip}: builds a zip archive from URLs and site files, streaming, and stores it in the site. */
import { PhpArray, phpDate, toStr, type Value } from '@sumi/php';
import {
  type AttributeSpec,
  type AttrsOf,
  definePlugin,
  type FunctionPluginDef,
  queueCallbackBatch,
  type RenderContext,
} from '@sumi/runtime';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { concat } from '../bytes';
import { attempt, failure } from '../failure';
import { fetchInto, parseUrl } from '../fetch';
import { checkReal, type SitePath, sitePath } from '../paths';
import { siteOf } from '../site';
import { archiveCap, bucketOf, childPath, setResult, showBytes, stagingName, storagePath } from './common';
import { safeEntryName } from './names';
import { streamSiteFile } from './read-source';

const NAME = 'zip';
/** archive bytes kept in memory before they are appended to the staging file */
const FLUSH_BYTES = 8 * 1024 * 1024;
/** the most a zip without Zip64 records can hold (fflate writes none) */
const ZIP32_MAX = 0xfffffffe;
/** already compressed: stored as they are */
const STORED =
  /\.(?:zip|gz|tgz|bz2|xz|zst|7z|rar|png|jpe?g|gif|webp|avif|heic|mp3|mp4|m4a|mov|webm|ogg|woff2?|docx|xlsx|pptx)$/i;
/** DOS times (the zip format's) run from 1980 to 2107 */
const DOS_MIN = Date.UTC(1980, 0, 2);
const DOS_MAX = Date.UTC(2107, 11, 30);

const ATTRS = {
  entries: {
    type: 'array',
    required: true,
    description:
      "the files of the archive: a list of items, each with `name` (the path inside the archive, `/`-separated; default: the last segment of `url`) and `url` (an http(s) URL fetched through the host's fetch service, or a site path: /files/user/, /files/ltd/, /files/temp/, /files/g/, /files/a/, `$smarty.const.TEMP_DIR2`/..., or a path relative to the temporary area as write_file's `var` gives it)",
  },
  dest: {
    type: 'string',
    required: true,
    description:
      "where the archive goes: a path ending in `.zip` is the archive itself (replaced if it exists); any other path is a folder that receives `archive_<YmdHis>.zip` (the render clock, in the site's time zone; `_2`, `_3`... when taken). In /files/user/, /files/temp/, /files/ltd/, or cloud storage /files/g/, /files/a/ (a key in `bucket` when given)",
  },
  bucket: {
    type: 'string',
    description:
      'the object-storage bucket of a cloud `dest`; when omitted, the default storage. Paths in /files/user/, /files/temp/, /files/ltd/ are never in a bucket',
  },
  callback_batch: {
    type: 'string',
    description: "a batch queued on the host's batch queue after the archive is written",
  },
  data: {
    type: 'mixed',
    description: 'passed to `callback_batch` as its ext data',
  },
  var: {
    type: 'varname',
    description:
      'Sumi extension: receives the path of the written archive (as `dest` names it), or false on failure',
  },
  status_var: {
    type: 'varname',
    description: 'Sumi extension: receives 1 on success, 0 on failure',
  },
} as const satisfies Record<string, AttributeSpec>;

export const zip: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Files and storage',
  description: [
    "Builds a zip archive from `entries` and stores it at `dest`. Each entry's `url` is an http(s) URL, fetched through the host's fetch service (this package never fetches by itself), or a path of the site (/files/user/, /files/ltd/, /files/temp/, /files/g/, /files/a/, the temporary area). `dest` ending in `.zip` is the archive's own path; any other `dest` is a folder that receives a generated name, `archive_<YmdHis>.zip` at the render's clock in the site's time zone.",
    "Entries are read and compressed as they stream in (deflate; files that are already compressed, such as .png, .jpg, .zip or .docx, are stored), into a staging file in the temporary area that is renamed into place at the end: the archive appears whole or not at all. Names with characters beyond ASCII are flagged UTF-8 (general-purpose bit 11), so Info-ZIP `unzip` and other tools show them right; entries carry Unix permissions 0644 and the source file's modification time (the render clock for URLs).",
    'Entry names are checked as `unzip` checks them (no absolute name, drive letter, backslash, `..` segment or control character: IO_ARCHIVE_SLIP), and two entries may not share a name.',
    "After a success `callback_batch` is queued on the host's batch queue with `data` as its ext data, and an info log entry names the archive with its size. `var` and `status_var` are Sumi extensions, not in the catalog.",
  ].join('\n\n'),
  attributes: ATTRS,
  result:
    "The archive at `dest`. The catalog names no result variable; with the Sumi extensions `var` gets the archive's path (false on failure) and `status_var` 1 or 0. Every run logs an info entry with the path and size, or an error entry with its code.",
  errors: [
    'IO_MISSING_ATTRIBUTE: `entries` is empty, an item has no `url`, or no name can be derived; `dest` is empty',
    'IO_BAD_VALUE: an item that is not an array, a URL scheme other than http(s), two entries with one name, a name that is both a file and a folder',
    'IO_ARCHIVE_SLIP: an entry name that would land outside the folder it is extracted into',
    'IO_PATH_INVALID, IO_PATH_TRAVERSAL, IO_PATH_OUTSIDE, IO_AREA_DENIED: a path outside the allowed areas',
    'IO_NOT_FOUND, IO_IS_DIR, IO_NOT_DIR: a site file that is missing or a folder; a `dest` folder that is a file, a `dest` archive that is a folder',
    'IO_FETCH_FAILED: a URL that could not be fetched or answered other than 2xx',
    'IO_ARCHIVE_LIMIT: more entries than limits.maxArchiveEntries, more bytes than limits.maxArchiveBytes, or what only Zip64 can hold (more than 65535 entries, an entry or archive past 4 GiB), which Sumi does not write',
    'Each failure logs an error with its code, sets `var` to false and `status_var` to 0; no archive is left behind',
  ],
  limits: [
    'limits.maxArchiveEntries: entries',
    'limits.maxArchiveBytes: bytes read into the archive (uncompressed), counted as they arrive',
    "limits.maxFileBytes: the archive's bytes, counted as they are written",
  ],
  examples: [
    {
      description: 'two site files into a generated name in a folder',
      template: '{zip entries=$entries dest="/files/temp/exports/" var=archive}{$archive}',
      data: {
        entries: [
          { name: 'readme.txt', url: '/files/user/readme.txt' },
          { name: 'reports/2026-10.csv', url: '/files/user/reports/2026-10.csv' },
        ],
      },
      output: '/files/temp/exports/archive_20261101090000.zip',
    },
    {
      description: 'a path ending in .zip names the archive itself; `name` defaults to the last segment',
      template:
        '{zip entries=$entries dest="/files/ltd/prices.zip" var=archive status_var=ok}{$ok} {$archive}',
      data: { entries: [{ url: '/files/ltd/prices.csv' }] },
      output: '1 /files/ltd/prices.zip',
    },
  ],
  async: true,
  async run(ctx, a) {
    let path = '';
    const ok = await attempt(ctx, NAME, async () => {
      path = await build(ctx, a);
    });
    setResult(ctx, a.var, a.status_var, ok ? path : false);
    if (ok) await queueCallbackBatch(ctx, NAME, a.callback_batch, a.data, 'IO_ERROR');
  },
});

interface Item {
  label: string;
  name: string;
  source: { url: URL } | { path: SitePath };
}

const lastSegment = (s: string) => s.replace(/\/+$/, '').split('/').pop() ?? '';

/** the entries attribute, checked: names, sources, duplicates, the count */
async function readItems(ctx: RenderContext, entries: PhpArray): Promise<Item[]> {
  const site = siteOf(ctx);
  if (entries.size === 0)
    throw failure('IO_MISSING_ATTRIBUTE', "'entries' is empty: give a list of items with name and url");
  // 65535: the most a zip without Zip64 records can count
  const max = Math.min(ctx.limits.maxArchiveEntries, 0xffff);
  if (entries.size > max)
    throw failure(
      'IO_ARCHIVE_LIMIT',
      max < ctx.limits.maxArchiveEntries
        ? `'entries' has ${entries.size} items: Sumi writes no Zip64 archives, which hold at most 65535`
        : `'entries' has ${entries.size} items, more than limits.maxArchiveEntries (${max})`,
    );
  const items: Item[] = [];
  const names = new Map<string, string>();
  const folders = new Set<string>();
  for (const [key, value] of entries) {
    const label = `entries[${typeof key === 'string' ? JSON.stringify(key) : key}]`;
    let urlValue: Value | undefined;
    let nameValue: Value | undefined;
    if (value instanceof PhpArray) {
      urlValue = value.get('url');
      nameValue = value.get('name');
    } else if (typeof value === 'string') {
      urlValue = value;
    } else {
      throw failure('IO_BAD_VALUE', `${label} must be an item with name and url`);
    }
    const url = urlValue == null || urlValue instanceof PhpArray ? '' : toStr(urlValue);
    if (url === '') throw failure('IO_MISSING_ATTRIBUTE', `${label} has no url`);
    const parsed = parseUrl(url, `${label}.url`);
    let source: Item['source'];
    let fallback: string;
    if (parsed) {
      source = { url: parsed };
      const seg = lastSegment(parsed.pathname);
      try {
        fallback = decodeURIComponent(seg);
      } catch {
        fallback = seg;
      }
    } else {
      const path = await sitePath(site, url, ['user', 'ltd', 'temp', 'g', 'a', 'tmp'], {
        attribute: `${label}.url`,
        relativeTo: 'tmp',
      });
      source = { path };
      fallback = lastSegment(path.sub);
    }
    const given = nameValue == null || nameValue instanceof PhpArray ? '' : toStr(nameValue);
    const name = given === '' ? fallback : given;
    if (name === '')
      throw failure('IO_MISSING_ATTRIBUTE', `${label} has no name, and none follows from its url`);
    const safe = safeEntryName(name, `${label}.name`);
    if (safe.isDir)
      throw failure('IO_BAD_VALUE', `${label}.name ${JSON.stringify(name)} names a folder, not a file`);
    const twin = names.get(safe.path);
    if (twin !== undefined)
      throw failure('IO_BAD_VALUE', `${twin} and ${label} are both named ${JSON.stringify(safe.path)}`);
    names.set(safe.path, label);
    for (let i = safe.path.indexOf('/'); i !== -1; i = safe.path.indexOf('/', i + 1))
      folders.add(safe.path.slice(0, i));
    items.push({ label, name: safe.path, source });
  }
  for (const [name, label] of names) {
    if (folders.has(name))
      throw failure(
        'IO_BAD_VALUE',
        `${label}: ${JSON.stringify(name)} is both a file and a folder of the archive`,
      );
  }
  return items;
}

/** where the archive goes: `dest` itself, or a generated name in the folder `dest` */
async function archiveTarget(
  ctx: RenderContext,
  destIn: string,
  bucket: string | undefined,
): Promise<SitePath> {
  const site = siteOf(ctx);
  const dest = await storagePath(site, destIn, ['user', 'temp', 'ltd', 'g', 'a'], 'dest', bucket);
  const st = await site.fs.stat(dest.path);
  if (/\.zip$/i.test(dest.sub) && !destIn.endsWith('/')) {
    if (st?.isDir) throw failure('IO_IS_DIR', `'dest' ${JSON.stringify(dest.display)} is a folder`);
    return dest;
  }
  if (st && !st.isDir)
    throw failure(
      'IO_NOT_DIR',
      `'dest' ${JSON.stringify(dest.display)} is a file, not a folder (end it in .zip to replace it)`,
    );
  const stamp = phpDate('YmdHis', Math.floor(ctx.services.clock.now() / 1000), ctx.services.timezone);
  for (let n = 1; n <= 1000; n++) {
    const target = await checkReal(
      site,
      childPath(dest, `archive_${stamp}${n === 1 ? '' : `_${n}`}.zip`),
      'dest',
    );
    if (!(await site.fs.stat(target.path))) return target;
  }
  throw failure(
    'IO_EXISTS',
    `'dest' ${JSON.stringify(dest.display)} already has 1000 archives named archive_${stamp}`,
  );
}

async function build(ctx: RenderContext, a: AttrsOf<typeof ATTRS>): Promise<string> {
  const site = siteOf(ctx);
  const fs = site.fs;
  const destIn = a.dest == null ? '' : toStr(a.dest);
  if (destIn === '')
    throw failure('IO_MISSING_ATTRIBUTE', "'dest' is required: the archive's path or its folder");
  const items = await readItems(ctx, a.entries ?? new PhpArray());
  const target = await archiveTarget(ctx, destIn, bucketOf(a.bucket));

  const limit = ctx.limits.maxArchiveBytes;
  const staging = `${stagingName('zip')}.zip`;
  let out: Uint8Array[] = [];
  let pending = 0;
  let archiveBytes = 0;
  let started = false;
  let zipError: Error | null = null;
  const archive = new Zip((err, chunk) => {
    if (err) zipError = err;
    else {
      out.push(chunk);
      pending += chunk.length;
    }
  });
  const flush = async (force: boolean) => {
    if (zipError) throw failure('IO_ERROR', `the archive could not be built: ${(zipError as Error).message}`);
    if (!force && pending < FLUSH_BYTES) return;
    const chunk = concat(out, pending);
    out = [];
    pending = 0;
    archiveBytes += chunk.length;
    if (archiveBytes > ZIP32_MAX)
      throw failure('IO_ARCHIVE_LIMIT', 'the archive would pass 4 GiB, and Sumi writes no Zip64 archives');
    ctx.spend('maxFileBytes', chunk.length);
    if (started) await fs.append(staging, chunk);
    else await fs.write(staging, chunk);
    started = true;
  };

  let total = 0;
  try {
    for (const item of items) {
      const file = STORED.test(item.name)
        ? new ZipPassThrough(item.name)
        : new ZipDeflate(item.name, { level: 6 });
      let mtime = ctx.services.clock.now();
      if ('path' in item.source) {
        const st = await fs.stat(item.source.path.path);
        if (st && !st.isDir) mtime = st.mtimeMs;
      }
      file.mtime = Math.min(DOS_MAX, Math.max(DOS_MIN, mtime));
      file.os = 3;
      file.attrs = 0o100644 << 16;
      archive.add(file);
      let size = 0;
      const sink = async (chunk: Uint8Array) => {
        total += chunk.length;
        size += chunk.length;
        if (total > limit)
          throw failure(
            'IO_ARCHIVE_LIMIT',
            `${item.label}: the entries hold more than limits.maxArchiveBytes (${limit} bytes)`,
          );
        if (size > ZIP32_MAX)
          throw failure(
            'IO_ARCHIVE_LIMIT',
            `${item.label} is larger than 4 GiB, and Sumi writes no Zip64 archives`,
          );
        file.push(chunk);
        await flush(false);
      };
      const room = limit - total;
      const capText = `what is left of limits.maxArchiveBytes (${room} of ${limit} bytes)`;
      if ('url' in item.source) await fetchInto(ctx, item.source.url, archiveCap(room, capText), sink);
      else await streamSiteFile(site, item.source.path, `${item.label}.url`, room, capText, sink);
      file.push(new Uint8Array(0), true);
      await flush(false);
    }
    archive.end();
    await flush(true);
    await fs.rename(staging, target.path);
  } finally {
    archive.terminate();
    if (await fs.stat(staging).catch(() => null)) await fs.remove(staging).catch(() => {});
  }
  ctx.log(
    'info',
    `wrote ${target.display}: ${items.length} entr${items.length === 1 ? 'y' : 'ies'}, ${showBytes(archiveBytes)} (${showBytes(total)} uncompressed)`,
    NAME,
  );
  return target.display;
}
