/**
 * {storage_url}: a signed read URL of an object of storage, valid until `expire`. The URL is real:
 * `sumi serve` answers it after verifyStorageUrl (storage/signed-url.ts) has checked the signature
 * and the time.
 */
import { strtotime } from '@sumi/php';
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { siteOf } from '../site';
import { signStorageUrl } from '../storage/signed-url';
import { notRoot, pathIn, requiredText, shown, textOf } from './common';

const NAME = 'storage_url';

/** the longest a URL may stay valid: 7 days, as cloud storage's V4 signed URLs */
export const STORAGE_URL_MAX_SECONDS = 7 * 24 * 3600;

export const storageUrl: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Files and storage',
  async: true,
  description:
    'Makes a signed read URL of an object of storage (`/files/g/…`, `/files/a/…`, or a key of `bucket`), valid until `expire`: `<storage base URL>/storage/<bucket or _default>/<key>?expires=<Unix time>&signature=<HMAC-SHA256>`. Anyone with the URL can read the object until then; a changed byte or a passed time makes it fail. `sumi serve` answers these URLs for a site folder.',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the URL, false on failure' },
    path: {
      type: 'string',
      required: true,
      description:
        'the object: /files/g/…, /files/a/… (default bucket), or with `bucket` its key in that bucket',
    },
    expire: {
      type: 'string',
      default: '+167 hour',
      description:
        "when the URL stops working, a strtotime() expression read at the render's clock and time zone (`+1 hour`, `tomorrow`, `2026-11-08 00:00`); at most 7 days ahead",
    },
    bucket: {
      type: 'string',
      description:
        "Sumi's addition, as get_file's: the object-storage bucket, `path` being a key inside it (`buckets/<bucket>/` of the site folder)",
    },
  },
  writes: 'var',
  result:
    '`var` gets the URL, or false on failure. The object need not exist yet (a warning is logged when it does not): the URL is a permission, as in cloud storage.',
  errors: [
    'an `expire` that strtotime() cannot read, that is not in the future, or that is more than 7 days ahead: IO_BAD_VALUE, `var` false',
    'a path outside object storage (/files/user and the other file manager areas are not served by URL), with `..`, a NUL byte, a backslash, percent-encoded traversal, or a symbolic link leading out: IO_AREA_DENIED / IO_PATH_*, `var` false',
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: ["`expire` defaults to '+167 hour' and may be at most 7 days (604800 seconds) ahead"],
  examples: [
    {
      description:
        'the URL up to its signature (a 64-digit hex HMAC follows): the clock is 2026-11-01 09:00 JST',
      template:
        '{storage_url path="/files/g/public/brochure.txt" var=url}{$url|regex_replace:"/&signature=[0-9a-f]+$/":""}',
      output: 'http://localhost:8787/storage/_default/g/public/brochure.txt?expires=1794092400',
    },
    {
      description: 'an expiry in the past is refused',
      template:
        '{storage_url path="/files/g/public/brochure.txt" expire="-1 hour" var=url}{if $url === false}refused{/if}',
      output: 'refused',
    },
  ],
  async run(ctx, a) {
    let url = '';
    const ok = await attempt(ctx, NAME, async () => {
      const site = siteOf(ctx);
      const bucket = textOf(a.bucket);
      const p = notRoot(
        await pathIn(site, requiredText(NAME, 'path', a.path), ['g', 'a'], 'path', bucket),
        'path',
      );
      const now = Math.floor(ctx.services.clock.now() / 1000);
      const expireText = textOf(a.expire);
      const expires = strtotime(expireText, now, ctx.services.timezone);
      if (expires === false)
        throw failure(
          'IO_BAD_VALUE',
          `${NAME}: expire ${JSON.stringify(expireText)} is not a time strtotime() reads`,
        );
      if (expires <= now)
        throw failure('IO_BAD_VALUE', `${NAME}: expire ${JSON.stringify(expireText)} is not in the future`);
      if (expires - now > STORAGE_URL_MAX_SECONDS)
        throw failure(
          'IO_BAD_VALUE',
          `${NAME}: expire ${JSON.stringify(expireText)} is more than 7 days ahead (the most a signed URL may last)`,
        );
      if ((await site.fs.stat(p.path)) === null)
        ctx.log(
          'warn',
          `${NAME}: ${shown(p)} does not exist (yet): the URL will answer 404 until it does`,
          NAME,
        );
      url = signStorageUrl(site, {
        bucket: p.area === 'bucket' ? bucket : null,
        path: p.area === 'bucket' ? p.sub : `${p.area}/${p.sub}`,
        expires,
      });
    });
    if (a.var) ctx.assign(a.var, ok ? url : false);
  },
});
