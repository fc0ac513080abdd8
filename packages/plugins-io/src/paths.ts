/**
 * Template paths → site paths. Every io plugin hands its path attributes to `resolvePath` with the
 * areas it may use; what comes back is a site-relative path inside one of them, or an IoFailure
 * that says exactly what was wrong. `checkReal` then follows symbolic links and checks the area
 * again, so a link cannot carry a path into another area or out of the site.
 *
 * The forms a template writes:
 *   /files/user/a.csv, files/user/a.csv           the file manager's areas: user, ltd, topics, member, temp
 *   /files/g/public/a.pdf, /files/a/x             object storage (default bucket)
 *   `$smarty.const.TEMP_DIR2`/x.csv               the temporary area, absolute
 *   x.csv                                         relative: the temporary area, for plugins that say so
 */
import { failure } from './failure';
import { LONE_SURROGATE, MAX_NAME_BYTES, tooLong } from './fs/types';
import type { Site } from './site';

export type Area = 'user' | 'ltd' | 'topics' | 'member' | 'temp' | 'g' | 'a' | 'tmp' | 'bucket';

/** where each area lives in the site (`bucket` is `buckets/<name>`) */
export const AREA_DIR: Readonly<Record<Exclude<Area, 'bucket'>, string>> = {
  user: 'files/user',
  ltd: 'files/ltd',
  topics: 'files/topics',
  member: 'files/member',
  temp: 'files/temp',
  g: 'files/g',
  a: 'files/a',
  tmp: 'temp',
};

/** how messages name an area */
export const AREA_NAME: Readonly<Record<Area, string>> = {
  user: '/files/user/',
  ltd: '/files/ltd/',
  topics: '/files/topics/',
  member: '/files/member/',
  temp: '/files/temp/',
  g: '/files/g/',
  a: '/files/a/',
  tmp: 'the temporary area (TEMP_DIR2)',
  bucket: 'a storage bucket',
};

export interface SitePath {
  area: Area;
  /** site-relative, normalised: `files/user/a/b.csv` */
  path: string;
  /** the part inside the area ('' for the area's root) */
  sub: string;
  /** how templates see it: `/files/user/a/b.csv`, or for the temporary area the relative `b.csv` */
  display: string;
}

export interface ResolveOptions {
  /** the attribute, for messages */
  attribute: string;
  /** the area a path without `/files/` is relative to (`tmp` for write_file's `path`) */
  relativeTo?: Area;
  /** object-storage bucket name: then the path is a key inside `buckets/<bucket>/` */
  bucket?: string;
}

/**
 * Sumi's own temporary names: the folder adapter's `.sumi-<12 hex>.tmp` (TEMP_FILE) and the
 * archive plugins' staging `.sumi-<kind>-<24 hex>` (stagingName). No template path names one.
 */
const RESERVED = /^\.sumi-(?:[0-9a-f]{12}\.tmp|[a-z]+-[0-9a-f]{24}(?:\.zip)?)$/;

const FILE_AREAS = new Set(['user', 'ltd', 'topics', 'member', 'temp', 'g', 'a']);
// %2e %2f %5c %00, also double-encoded (%252e): encoded dots and slashes are how traversal hides
const ENCODED = /%(?:25)*(?:2e|2f|5c|00)/i;

function areaDir(area: Area, bucket?: string): string {
  return area === 'bucket' ? `buckets/${bucket}` : AREA_DIR[area];
}

function displayOf(area: Area, sub: string): string {
  // the temporary area and a bucket are seen relative; the file areas by their absolute path
  if (area === 'tmp' || area === 'bucket') return sub;
  return `/${AREA_DIR[area]}${sub ? `/${sub}` : '/'}`;
}

/** checks a bucket name: one plain segment */
export function checkBucket(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(name) || name.includes('..')) {
    throw failure('IO_PATH_INVALID', `bucket ${JSON.stringify(name)} is not a valid bucket name`);
  }
  return name;
}

/**
 * Reads `input` as a path for a plugin allowed `allowed`. Refuses, each with its own message: an
 * empty path, a NUL byte or other control character, a backslash, percent-encoded `.`/`/`/`\`, a
 * `..` segment, an absolute path outside the site's areas, an area the plugin may not use.
 */
export function resolvePath(
  site: Site,
  input: string,
  allowed: readonly Area[],
  options: ResolveOptions,
): SitePath {
  const { attribute } = options;
  const quoted = JSON.stringify(input.length > 200 ? `${input.slice(0, 200)}…` : input);
  if (input === '') throw failure('IO_PATH_INVALID', `'${attribute}' is empty`);
  if (input.includes('\0')) throw failure('IO_PATH_INVALID', `'${attribute}' contains a NUL byte`);
  if (/[\u0001-\u001f\u007f]/u.test(input))
    throw failure('IO_PATH_INVALID', `'${attribute}' ${quoted} contains a control character`);
  if (LONE_SURROGATE.test(input))
    throw failure(
      'IO_PATH_INVALID',
      `'${attribute}' ${quoted} contains a lone UTF-16 surrogate, which is not a character`,
    );
  if (input.includes('\\'))
    throw failure('IO_PATH_INVALID', `'${attribute}' ${quoted} contains a backslash; paths use /`);
  if (ENCODED.test(input))
    throw failure('IO_PATH_INVALID', `'${attribute}' ${quoted} contains a percent-encoded '.', '/' or '\\'`);

  if (input.split('/').includes('..'))
    throw failure('IO_PATH_TRAVERSAL', `'${attribute}' ${quoted} contains a '..' segment`);

  let area: Area;
  let rest: string;
  const temp = site.tempDir.replace(/\/+$/, '');
  if (options.bucket !== undefined) {
    checkBucket(options.bucket);
    area = 'bucket';
    rest = input.replace(/^\/+/, '');
  } else if (input === temp || input.startsWith(`${temp}/`)) {
    area = 'tmp';
    rest = input.slice(temp.length);
  } else if (
    /^\/?files(?:\/|$)/.test(input) &&
    // relative to an area, `files/list.csv` is a folder named files there; `files/user/…` is still the area
    (input.startsWith('/') ||
      !options.relativeTo ||
      FILE_AREAS.has(/^files\/+([^/]*)/.exec(input)?.[1] ?? ''))
  ) {
    const m = /^\/?files\/+([^/]*)(.*)$/.exec(input);
    const name = m?.[1] ?? '';
    if (!FILE_AREAS.has(name)) {
      throw failure(
        'IO_AREA_DENIED',
        `'${attribute}' ${quoted} is not in a file area (${allowed.map((a) => AREA_NAME[a]).join(', ')})`,
      );
    }
    area = name as Area;
    rest = m?.[2] ?? '';
  } else if (input.startsWith('/')) {
    throw failure(
      'IO_PATH_OUTSIDE',
      `'${attribute}' ${quoted} is outside the site: use ${allowed.map((a) => AREA_NAME[a]).join(', ')}`,
    );
  } else if (options.relativeTo) {
    area = options.relativeTo;
    rest = input;
  } else {
    throw failure('IO_PATH_INVALID', `'${attribute}' ${quoted} must start with /files/<area>/`);
  }

  const segments: string[] = [];
  for (const s of rest.split('/')) {
    if (s !== '' && s !== '.') segments.push(s);
  }
  const long = segments.find(tooLong);
  if (long !== undefined)
    throw failure(
      'IO_PATH_INVALID',
      `'${attribute}' ${quoted} has a name longer than ${MAX_NAME_BYTES} bytes, more than a disk takes`,
    );
  const reserved = segments.find((s) => RESERVED.test(s));
  if (reserved !== undefined)
    throw failure(
      'IO_PATH_INVALID',
      `'${attribute}' ${quoted}: ${JSON.stringify(reserved)} is the name of one of Sumi's temporary files`,
    );
  if (!allowed.includes(area)) {
    throw failure(
      'IO_AREA_DENIED',
      `'${attribute}' ${quoted}: this plugin may only use ${allowed.map((a) => AREA_NAME[a]).join(', ')}`,
    );
  }
  const sub = segments.join('/');
  const dir = areaDir(area, options.bucket);
  return { area, path: sub ? `${dir}/${sub}` : dir, sub, display: displayOf(area, sub) };
}

/**
 * Follows symbolic links: the real path must still be inside the same area (a link from
 * /files/user to /files/ltd is refused, as is one out of the site).
 */
export async function checkReal(site: Site, p: SitePath, attribute: string): Promise<SitePath> {
  const real = await site.fs.realPath(p.path);
  if (real === p.path) return p;
  const dir = p.path.slice(0, p.path.length - p.sub.length).replace(/\/$/, '');
  if (real !== dir && !real.startsWith(`${dir}/`)) {
    throw failure(
      'IO_PATH_OUTSIDE',
      `'${attribute}' ${JSON.stringify(p.display)} is a symbolic link leading outside ${AREA_NAME[p.area]}`,
    );
  }
  return p;
}

/** resolvePath, then checkReal */
export async function sitePath(
  site: Site,
  input: string,
  allowed: readonly Area[],
  options: ResolveOptions,
): Promise<SitePath> {
  return checkReal(site, resolvePath(site, input, allowed, options), options.attribute);
}
