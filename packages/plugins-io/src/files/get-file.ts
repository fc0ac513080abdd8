/**
 * {get_file}: fetches an object of storage (or a file of the site) or a URL, and saves it in the
 * temporary area (the default) or puts its content in a variable (`save=false`). URLs go through
 * the runtime's fetch service (`ctx.services.fetch`), so this package never imports plugins-net
 * and a host decides what the network is.
 */
import { fromBytes } from '@sumi/php';
import { definePlugin, type FunctionPluginDef, type RenderContext } from '@sumi/runtime';
import { concat } from '../bytes';
import { attempt, failure } from '../failure';
import { fetchInto, parseUrl } from '../fetch';
import { sitePath } from '../paths';
import { siteOf } from '../site';
import { shownUrl } from '../url-text';
import { extensionOf, notRoot, pathIn, shown, textOf, uniqueTempPath } from './common';

const NAME = 'get_file';

/** how long a URL may take, in ms, before get_file gives up (the render's own time budget still applies) */
export const GET_FILE_TIMEOUT_MS = 60_000;

/** the content longer than a string may be: fetched or read, it is refused before it is held */
const tooLong = (size: number | string) =>
  failure(
    'IO_BAD_VALUE',
    `${NAME}: the content (${size} bytes) is longer than a string may be (limits.maxStringLength); save it instead`,
  );

/**
 * The body of `url`, read as it arrives: to be saved, every chunk counts against maxFileBytes as it
 * comes (past it the render stops, LIMIT_COST); for `save=false`, more than maxStringLength bytes
 * (said by Content-Length, or arriving) is refused. A body without end never fills the memory.
 */
async function fetchBytes(ctx: RenderContext, input: string, save: boolean): Promise<Uint8Array> {
  const url = parseUrl(input, 'url');
  if (url === null)
    throw failure(
      'IO_BAD_VALUE',
      `${NAME}: 'url' must be an http:// or https:// URL, got ${JSON.stringify(shownUrl(input).slice(0, 100))}`,
    );
  const chunks: Uint8Array[] = [];
  const cap = save ? Number.POSITIVE_INFINITY : ctx.limits.maxStringLength;
  const total = await fetchInto(
    ctx,
    url,
    { cap, tooBig: (_, declared) => tooLong(declared ?? `more than ${cap}`), timeoutMs: GET_FILE_TIMEOUT_MS },
    (chunk) => {
      if (save) ctx.spend('maxFileBytes', chunk.length);
      chunks.push(chunk);
    },
  );
  return concat(chunks, total);
}

/** the last segment of a URL's path, for the saved file's extension */
const urlPathOf = (url: string) => url.replace(/[?#].*$/s, '').replace(/^[a-z]+:\/\/[^/]*/i, '');

export const getFile: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Files and storage',
  async: true,
  description:
    "Gets an object of storage (`path`, with `bucket` for a named bucket) or the body of a URL (`url`, through the host's fetch), and saves it in the temporary area, where `var` gets its relative path (the form put_file, unzip and api `files` accept). With `save=false` `var` gets the content itself instead.",
  attributes: {
    var: {
      type: 'varname',
      description:
        "receives the saved file's path relative to the temporary area, or with `save=false` the content (a binary-safe string); false on failure",
    },
    path: {
      type: 'string',
      description:
        'what to get: /files/g/…, /files/a/… (object storage, default bucket), with `bucket` a key of that bucket; also /files/user/…, /files/ltd/…, /files/temp/… and a path of the temporary area (relative or `TEMP_DIR2/…`). Content attachments (/files/topics, /files/member) are read with read_file',
    },
    url: {
      type: 'string',
      description: 'an http(s) URL to fetch instead of `path` (GET; a status other than 2xx is a failure)',
    },
    bucket: {
      type: 'string',
      description:
        'object-storage bucket: `path` is then a key inside it (`buckets/<bucket>/` of the site folder)',
    },
    save: {
      type: 'boolean',
      default: true,
      description:
        'true (default) saves the file in the temporary area; false puts the content in `var` instead',
    },
    save_path: {
      type: 'string',
      description:
        "where to save in the temporary area (relative, or `TEMP_DIR2/…`); replaced if it exists. Omitted: a new `sumi_<8 hex digits>` name keeping the source's extension",
    },
  },
  writes: 'var',
  result:
    '`var` gets the saved path relative to the temporary area (e.g. `sumi_1a2b3c4d.pdf`, or `save_path` as given relative), with `save=false` the content; false on failure. Nothing is printed.',
  errors: [
    'neither or both of `path` and `url`: IO_MISSING_ATTRIBUTE / IO_BAD_VALUE, `var` false',
    'a missing object or file: IO_NOT_FOUND; a folder: IO_IS_DIR; `var` false',
    'a `url` that is not http(s), that fails, times out (60 s) or answers a status other than 2xx: IO_BAD_VALUE / IO_FETCH_FAILED, `var` false',
    'a path or `save_path` outside its areas, with `..`, a NUL byte, a backslash, percent-encoded traversal, or a symbolic link leading out: IO_AREA_DENIED / IO_PATH_*, `var` false',
    'with `save=false`, content longer than limits.maxStringLength: IO_BAD_VALUE (save it instead), `var` false',
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: [
    'saved bytes count against limits.maxFileBytes before they are written; past it the render stops (LIMIT_COST)',
  ],
  examples: [
    {
      description: 'the content of an object of the default bucket',
      template: '{get_file path="/files/g/public/brochure.txt" save=false var=text}{$text}',
      output: 'A public object in the default bucket.\n',
    },
    {
      description: 'saved in the temporary area under a name of your choice',
      template:
        '{get_file bucket="archive" path="2025/summary.txt" save_path="copies/summary.txt" var=p}{$p}',
      output: 'copies/summary.txt',
    },
  ],
  async run(ctx, a) {
    let result: string = '';
    const ok = await attempt(ctx, NAME, async () => {
      const site = siteOf(ctx);
      const path = textOf(a.path);
      const url = textOf(a.url);
      if (path !== '' && url !== '') throw failure('IO_BAD_VALUE', `${NAME}: give 'path' or 'url', not both`);
      if (path === '' && url === '')
        throw failure('IO_MISSING_ATTRIBUTE', `${NAME}: 'path' or 'url' is needed: what to get`);
      const savePath = textOf(a.save_path);
      // the destination is checked before anything is fetched
      const dest = !a.save
        ? null
        : savePath !== ''
          ? notRoot(
              await sitePath(site, savePath, ['tmp'], { attribute: 'save_path', relativeTo: 'tmp' }),
              'save_path',
            )
          : undefined;

      let data: Uint8Array;
      let ext: string;
      if (url !== '') {
        data = await fetchBytes(ctx, url, a.save);
        ext = extensionOf(urlPathOf(url));
      } else {
        const src = notRoot(
          await pathIn(site, path, ['g', 'a', 'user', 'ltd', 'temp', 'tmp'], 'path', textOf(a.bucket), 'tmp'),
          'path',
        );
        const stat = await site.fs.stat(src.path);
        if (stat === null) throw failure('IO_NOT_FOUND', `${NAME}: ${shown(src)} does not exist`);
        if (stat.isDir) throw failure('IO_IS_DIR', `${NAME}: ${shown(src)} is a folder, not a file`);
        if (a.save) ctx.spend('maxFileBytes', stat.size);
        else if (stat.size > ctx.limits.maxStringLength) throw tooLong(stat.size);
        data = await site.fs.read(src.path);
        ext = extensionOf(src.sub);
      }

      if (!a.save) {
        if (data.length > ctx.limits.maxStringLength) throw tooLong(data.length);
        result = fromBytes(data);
        return;
      }
      const target = dest ?? (await uniqueTempPath(ctx, site, ext));
      // counted already: as the file was stat'ed, or as the body arrived
      await site.fs.write(target.path, data);
      result = target.sub;
    });
    if (a.var) ctx.assign(a.var, ok ? result : false);
  },
});
