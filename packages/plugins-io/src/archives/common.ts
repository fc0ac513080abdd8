/** What `zip` and `unzip` share: storage paths with `bucket`, capped fetches, staging, the batch callback. */
import { toStr, type Value } from '@sumi/php';
import type { RenderContext } from '@sumi/runtime';
import { failure } from '../failure';
import type { FetchLimits } from '../fetch';
import { type Area, type SitePath, sitePath } from '../paths';
import type { Site } from '../site';

/** the file manager's areas: a path in one of them stays in the site even when `bucket` is given */
const FILE_AREA = /^\/?files\/+(?:user|ltd|temp|topics|member)(?:\/|$)/;

/**
 * A path attribute that may name object storage. Without `bucket` (or with an empty one) it is read
 * as every io path is (`/files/user/...`, `/files/g/...`). With `bucket`, a path outside the file
 * manager's areas is a key in that bucket (`buckets/<bucket>/<key>` in the site folder), as for
 * every plugin of this package.
 */
export function storagePath(
  site: Site,
  input: string,
  allowed: readonly Area[],
  attribute: string,
  bucket: string | undefined,
): Promise<SitePath> {
  if (bucket && !FILE_AREA.test(input) && !input.startsWith(`${site.tempDir}/`)) {
    return sitePath(site, input, ['bucket'], { attribute, bucket });
  }
  return sitePath(site, input, allowed, { attribute });
}

/** a SitePath below `parent` (`sub` already checked: no `..`, no empty segment) */
export function childPath(parent: SitePath, sub: string): SitePath {
  const join = (a: string, b: string) => (a === '' ? b : `${a}/${b}`);
  const display =
    parent.display === '' || parent.display.endsWith('/') ? parent.display : `${parent.display}/`;
  return {
    area: parent.area,
    path: join(parent.path, sub),
    sub: join(parent.sub, sub),
    display: display + sub,
  };
}

/** a fresh name for a staging file or folder in the temporary area: `.sumi-<kind>-<24 hex>` */
/** the download limits of an archive plugin: past `cap` (what `capText` says), IO_ARCHIVE_LIMIT */
export function archiveCap(cap: number, capText: string): FetchLimits {
  return { cap, tooBig: (shown) => failure('IO_ARCHIVE_LIMIT', `${shown} is larger than ${capText}`) };
}

export function stagingName(kind: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `temp/.sumi-${kind}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** `bucket` as given: an empty value means the default storage */
export function bucketOf(value: Value | undefined): string | undefined {
  const s = value == null ? '' : toStr(value);
  return s === '' ? undefined : s;
}

/** sets the Sumi extensions `var` and `status_var` (each only when named) */
export function setResult(
  ctx: RenderContext,
  varName: string | undefined,
  statusVar: string | undefined,
  value: Value,
): void {
  if (varName) ctx.assign(varName, value);
  if (statusVar) ctx.assign(statusVar, value === false ? 0 : 1);
}

/** bytes, readable: `1.5 MiB` */
export function showBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${units[u]}`;
}
