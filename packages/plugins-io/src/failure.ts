/**
 * How an io plugin fails. The CMS's file and data plugins never stop a template: they set their
 * status or result variable and log. So a failure here is an `IoFailure` with a code from one table,
 * caught by `attempt`, which writes one positioned log entry (level error, with the code) and tells
 * the plugin to set its result as the catalog says. Budgets (LIMIT_*) and the template's own errors
 * still stop the render, as everywhere.
 */
import type { RenderContext } from '@sumi/runtime';
import { FsError, type FsErrorCode } from './fs/types';

export const IoCodes = {
  /** no site service: the engine was made without `siteOptions()` */
  IO_NO_SITE: 'IO_NO_SITE',
  /** a required attribute is missing or empty */
  IO_MISSING_ATTRIBUTE: 'IO_MISSING_ATTRIBUTE',
  /** NUL byte, backslash, percent-encoded traversal, control character, empty */
  IO_PATH_INVALID: 'IO_PATH_INVALID',
  /** a `..` segment */
  IO_PATH_TRAVERSAL: 'IO_PATH_TRAVERSAL',
  /** an absolute path outside the site's areas, or a symbolic link leading out */
  IO_PATH_OUTSIDE: 'IO_PATH_OUTSIDE',
  /** a real area this plugin may not use (read_dir on /files/topics) */
  IO_AREA_DENIED: 'IO_AREA_DENIED',
  /** a file attached to content that is not open, or to another member (read_file without ignore_permission) */
  IO_PERMISSION_DENIED: 'IO_PERMISSION_DENIED',
  IO_NOT_FOUND: 'IO_NOT_FOUND',
  IO_EXISTS: 'IO_EXISTS',
  IO_NOT_DIR: 'IO_NOT_DIR',
  IO_IS_DIR: 'IO_IS_DIR',
  IO_NOT_EMPTY: 'IO_NOT_EMPTY',
  /** the root of an area itself (remove_dir /files/user): never removed */
  IO_AREA_ROOT: 'IO_AREA_ROOT',
  /** the disk or the adapter failed */
  IO_ERROR: 'IO_ERROR',
  /** `pattern` is not a valid regular expression */
  IO_BAD_PATTERN: 'IO_BAD_PATTERN',
  /** not a zip archive, or a damaged one */
  IO_ARCHIVE_INVALID: 'IO_ARCHIVE_INVALID',
  /** an entry name that would land outside the destination (zip slip) */
  IO_ARCHIVE_SLIP: 'IO_ARCHIVE_SLIP',
  /** limits.maxArchiveBytes or maxArchiveEntries */
  IO_ARCHIVE_LIMIT: 'IO_ARCHIVE_LIMIT',
  /** a URL could not be fetched */
  IO_FETCH_FAILED: 'IO_FETCH_FAILED',
  /** a line that is not valid JSON, a CSV that cannot be parsed */
  IO_PARSE: 'IO_PARSE',
  /** read_file stopped at its row cap (100,000, as the CMS): a warning, the rows before it were read */
  IO_ROW_LIMIT: 'IO_ROW_LIMIT',
  /** a signed URL that is expired, tampered with or unsigned */
  IO_URL_INVALID: 'IO_URL_INVALID',
  /** the content store has no such record, table or column */
  IO_NO_RECORD: 'IO_NO_RECORD',
  /** the record exists but is closed, outside its open period or hidden from the viewer (info level) */
  IO_NOT_VISIBLE: 'IO_NOT_VISIBLE',
  /** a value the plugin cannot use (an expire that strtotime does not read, ...) */
  IO_BAD_VALUE: 'IO_BAD_VALUE',
} as const;

export type IoCode = keyof typeof IoCodes;

/** a failure the plugin survives: logged with its code, then the plugin sets its result */
export class IoFailure extends Error {
  override name = 'IoFailure';
  constructor(
    readonly code: IoCode,
    message: string,
  ) {
    super(message);
  }
}

const FROM_FS: Record<FsErrorCode, IoCode> = {
  NOT_FOUND: 'IO_NOT_FOUND',
  EXISTS: 'IO_EXISTS',
  NOT_DIR: 'IO_NOT_DIR',
  IS_DIR: 'IO_IS_DIR',
  NOT_EMPTY: 'IO_NOT_EMPTY',
  INVALID: 'IO_PATH_INVALID',
  OUTSIDE: 'IO_PATH_OUTSIDE',
  IO: 'IO_ERROR',
};

/** an adapter's error as the failure a template sees, or null when it is not one (a bug, a budget) */
export function asFailure(err: unknown): IoFailure | null {
  if (err instanceof IoFailure) return err;
  if (err instanceof FsError) return new IoFailure(FROM_FS[err.code], err.message);
  return null;
}

export function failure(code: IoCode, message: string): IoFailure {
  return new IoFailure(code, message);
}

/**
 * Runs a plugin's work. On a failure it logs `[CODE] message` at the tag and returns false; on
 * success true. Anything that is not a failure (a budget, a template error, a bug) goes on up.
 */
export async function attempt(
  ctx: RenderContext,
  plugin: string,
  work: () => Promise<void>,
): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (err) {
    const f = asFailure(err);
    if (f === null) throw err;
    ctx.log('error', f.message, plugin, f.code);
    return false;
  }
}
