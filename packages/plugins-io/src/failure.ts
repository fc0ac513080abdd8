/**
 * How an io plugin fails. The CMS's file and data plugins never stop a template: they set their
 * status or result variable and log. So a failure here is an `IoFailure` with a code from one table,
 * caught by `attempt`, which writes one positioned log entry (level error, with the code) and tells
 * the plugin to set its result as the catalog says. Budgets (LIMIT_*) and the template's own errors
 * still stop the render, as everywhere.
 */
import { PluginFailure, type RenderContext, attempt as runAttempt } from '@sumi/runtime';
import { FsError, type FsErrorCode } from './fs/types';

/**
 * Every code a failure can carry, with what it means: the log entry's `code`, and the docs' table
 * (the site folder guide reads this object).
 */
export const IO_CODE_INFO = {
  IO_NO_SITE:
    'No site is configured: the engine was made without `siteOptions(site)` (the CLI always has one).',
  IO_MISSING_ATTRIBUTE:
    'A required attribute is missing or empty, or an attribute needs another (`is_append` without `path`).',
  IO_PATH_INVALID:
    "The path has a NUL byte, a control character, a backslash, percent-encoded `.`, `/` or `\\`, an empty or over-long segment, a lone surrogate, or names one of Sumi's own temporary files.",
  IO_PATH_TRAVERSAL: 'The path has a `..` segment.',
  IO_PATH_OUTSIDE:
    "An absolute path outside the site's areas, or a symbolic link leading out of the area or the site.",
  IO_AREA_DENIED:
    'A real area the plugin may not use (`read_dir` on /files/topics/, `write_file` outside the temporary area).',
  IO_PERMISSION_DENIED:
    'A file attached to content that is not open, or to another member (`read_file` without `ignore_permission`).',
  IO_NOT_FOUND: 'The file, folder or object does not exist.',
  IO_EXISTS: 'Something is already there (no unused temporary name was found).',
  IO_NOT_DIR: 'A folder was needed and a file is there.',
  IO_IS_DIR: 'A file was needed and a folder is there, or an area itself was named.',
  IO_NOT_EMPTY: 'The folder is not empty.',
  IO_AREA_ROOT: 'The root of an area (`remove_dir path=/files/user/`): never removed.',
  IO_ERROR: 'The disk or the adapter failed (a device or pipe instead of a file, a read error).',
  IO_BAD_PATTERN: "`read_dir`'s `pattern` is not a valid PHP regular expression.",
  IO_ARCHIVE_INVALID:
    'Not a zip archive, or a damaged one (truncated, bad CRC, a size that lies, encrypted, an unsupported method, two entries of one name).',
  IO_ARCHIVE_SLIP:
    'An entry name that would land outside the destination (zip slip): nothing of the archive is written.',
  IO_ARCHIVE_LIMIT:
    'An archive past `limits.maxArchiveBytes` or `maxArchiveEntries` (a zip bomb): nothing of it stays.',
  IO_FETCH_FAILED: 'A URL could not be fetched (network error, timeout, a status outside 2xx).',
  IO_PARSE:
    'A content fixture, a JSON line or a CSV record that cannot be read (also a line over 16 Mi characters).',
  IO_ROW_LIMIT:
    '`read_file` stopped at 100,000 rows, as the CMS does (a warning: the rows before it were read).',
  IO_NO_RECORD: 'The content store has no such record, table or column (a warning).',
  IO_NOT_VISIBLE:
    'The record exists but is closed, outside its open period, or hidden from the viewer (info).',
  IO_BAD_VALUE:
    'A value the plugin cannot use (an `expire` that `strtotime` does not read, an index outside the columns).',
} as const satisfies Record<string, string>;

export type IoCode = keyof typeof IO_CODE_INFO;

/** a failure the plugin survives: logged with its code, then the plugin sets its result */
export class IoFailure extends PluginFailure {
  override name = 'IoFailure';
  declare readonly code: IoCode;
  constructor(code: IoCode, message: string) {
    super(code, message);
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
 * The runtime's `attempt` with the folder adapters' errors as failures: on a failure it logs the
 * message and code at the tag and returns false; a budget, a template error or a bug goes on up.
 */
export function attempt(ctx: RenderContext, plugin: string, work: () => Promise<void>): Promise<boolean> {
  return runAttempt(ctx, plugin, work, asFailure);
}
