/** What the file plugins share: required attributes, unique temporary names, counted writes. */
import { PhpArray, toBytes, toStr, type Value } from '@sumi/php';
import type { RenderContext } from '@sumi/runtime';
import { failure } from '../failure';
import { type Area, resolvePath, type SitePath, sitePath } from '../paths';
import type { Site } from '../site';
import { csvRow } from '../text/csv-row';

/** the file manager's areas and the default bucket: where files may be put, moved and removed */
export const WRITABLE_AREAS: readonly Area[] = ['user', 'ltd', 'temp', 'g', 'a'];

/** an attribute's text: '' when it is absent, null or empty (PHP's empty() on a path) */
export const textOf = (value: Value | undefined): string =>
  value === undefined || value === null ? '' : toStr(value);

/** a value as a path attribute: absent (undefined, null, '') throws IO_MISSING_ATTRIBUTE */
export function requiredText(plugin: string, attribute: string, value: Value | undefined): string {
  const text = textOf(value);
  if (text === '') throw failure('IO_MISSING_ATTRIBUTE', `${plugin}: '${attribute}' is missing or empty`);
  return text;
}

/** a path that must name a file, not an area's root */
export function notRoot(p: SitePath, attribute: string): SitePath {
  if (p.sub === '')
    throw failure('IO_IS_DIR', `'${attribute}' names ${areaWord(p)} itself, not a file in it`);
  return p;
}

/** how messages name a resolved path: `"/files/ltd/a.csv"`, `"a.csv" in the temporary area` */
export function shown(p: SitePath): string {
  if (p.area === 'tmp') return `${JSON.stringify(p.sub)} in the temporary area`;
  if (p.area === 'bucket')
    return `${JSON.stringify(p.sub)} in bucket ${JSON.stringify(p.path.split('/')[1])}`;
  return JSON.stringify(p.display);
}

function areaWord(p: SitePath): string {
  return p.area === 'tmp' ? 'the temporary area' : p.area === 'bucket' ? 'the bucket' : `/${p.path}/`;
}

/** 8 lower-case hex digits from the render's random service (seedable, so tests are repeatable) */
function hex8(ctx: RenderContext): string {
  return ctx.services.random.int(0, 0xffffffff).toString(16).padStart(8, '0');
}

/**
 * A name in the temporary area that nothing uses yet: `sumi_<8 hex digits><ext>` (`ext` such as
 * `.csv`, kept only when it is a plain extension).
 */
export async function uniqueTempPath(ctx: RenderContext, site: Site, ext = ''): Promise<SitePath> {
  const suffix = /^\.[A-Za-z0-9]{1,10}$/.test(ext) ? ext.toLowerCase() : '';
  for (let i = 0; i < 64; i++) {
    const p = resolvePath(site, `sumi_${hex8(ctx)}${suffix}`, ['tmp'], {
      attribute: 'path',
      relativeTo: 'tmp',
    });
    if ((await site.fs.stat(p.path)) === null) return p;
  }
  throw failure('IO_EXISTS', 'no unused name was found in the temporary area');
}

/** the extension of a path's last segment (`.csv`), or '' */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/**
 * Writes `data` to a site path: counted against maxFileBytes first (past the budget the render
 * stops and nothing is written), then an atomic replace, or an append.
 */
export async function writeCounted(
  ctx: RenderContext,
  site: Site,
  path: string,
  data: Uint8Array,
  append = false,
): Promise<void> {
  ctx.spend('maxFileBytes', data.length);
  if (append) await site.fs.append(path, data);
  else await site.fs.write(path, data);
}

/**
 * Copies a file: its size is counted against maxFileBytes before it is read, so an oversized file
 * stops the render without being loaded. A missing source is IO_NOT_FOUND, a folder IO_IS_DIR.
 */
export async function copyCounted(
  ctx: RenderContext,
  site: Site,
  from: SitePath,
  to: SitePath,
): Promise<void> {
  const stat = await site.fs.stat(from.path);
  if (stat === null) throw failure('IO_NOT_FOUND', `${shown(from)} does not exist`);
  if (stat.isDir) throw failure('IO_IS_DIR', `${shown(from)} is a folder, not a file`);
  ctx.spend('maxFileBytes', stat.size);
  await site.fs.write(to.path, await site.fs.read(from.path));
}

/** a string value's bytes (PHP strings are bytes: see @sumi/php binary-string) */
export function textBytes(ctx: RenderContext, value: Value | undefined): Uint8Array {
  return toBytes(value === undefined ? '' : toStr(value, (m) => ctx.warn(m)));
}

/**
 * What write_file writes for `value`: a string as it is, an array as one CSV row as fputcsv writes
 * it (values in order, keys ignored, each converted as PHP's (string): null and false empty, true
 * "1", a nested array "Array" with PHP's warning), without a line break.
 */
export function valueBytes(ctx: RenderContext, value: Value | undefined): Uint8Array {
  if (!(value instanceof PhpArray)) return textBytes(ctx, value);
  const fields = value.values().map((v) => toStr(v, (m) => ctx.warn(m)));
  return toBytes(csvRow(fields));
}

/**
 * A path attribute that may name an object of a bucket: with `bucket` (non-empty) the path is a key
 * inside `buckets/<bucket>/`, otherwise one of `areas`. Checked for links (sitePath).
 */
export async function pathIn(
  site: Site,
  input: string,
  areas: readonly Area[],
  attribute: string,
  bucket: string,
  relativeTo?: Area,
): Promise<SitePath> {
  if (bucket !== '') return sitePath(site, input, ['bucket'], { attribute, bucket });
  return sitePath(site, input, areas, relativeTo ? { attribute, relativeTo } : { attribute });
}
