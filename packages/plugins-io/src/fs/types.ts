/**
 * The one file-system contract a site lives on. The plugins never touch `node:fs` or a browser
 * API: they call a `SiteFs`, and the two implementations (a folder on disk in `node.ts`, memory in
 * `memory.ts`) pass the same suite (test/fs-suite.ts).
 *
 * Paths are site-relative, '/'-separated and already checked by `paths.ts` (`files/user/a.csv`,
 * `temp/x.csv`, `content/topics.json`). The implementations check them again, so a bug in a plugin
 * still cannot leave the site: a path with `..`, a NUL byte, a backslash or a leading '/' is refused
 * with FsError('INVALID') (so is one naming an adapter's temporary file, see TEMP_FILE), and one
 * that a symbolic link leads out of the site with FsError('OUTSIDE').
 */

export interface FileStat {
  size: number;
  /** content modification time (PHP's filemtime), ms since the epoch */
  mtimeMs: number;
  /** inode change time (PHP's filectime), ms since the epoch */
  ctimeMs: number;
  isDir: boolean;
}

export interface SiteFs {
  /** how `sumi render --verbose` names it: `site folder /home/me/site`, `in-memory site` */
  readonly label: string;
  /** null when nothing is there */
  stat(path: string): Promise<FileStat | null>;
  /** entry names of a folder, sorted by code point; FsError NOT_FOUND / NOT_DIR */
  list(dir: string): Promise<string[]>;
  read(path: string): Promise<Uint8Array>;
  /** the file's bytes as a stream, read in chunks: a big file never sits in memory */
  readStream(path: string): Promise<ReadableStream<Uint8Array>>;
  /** replaces the file atomically (a temporary file, then a rename); creates missing folders */
  write(path: string, data: Uint8Array): Promise<void>;
  /** appends, creating the file and missing folders */
  append(path: string, data: Uint8Array): Promise<void>;
  /** a file (not a folder); a symbolic link is removed itself, never the file it leads to */
  remove(path: string): Promise<void>;
  /** a folder and everything in it; a symbolic link to a folder is removed itself, never the folder */
  removeDir(path: string): Promise<void>;
  /**
   * moves a file, replacing the destination; creates missing folders. A symbolic link is moved
   * itself, never the file it leads to
   */
  rename(from: string, to: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  /**
   * The site-relative path that `path` names once symbolic links are resolved (the part that
   * exists; the rest is appended as written). FsError OUTSIDE when a link leads out of the site.
   */
  realPath(path: string): Promise<string>;
}

export type FsErrorCode =
  | 'NOT_FOUND'
  | 'EXISTS'
  | 'NOT_DIR'
  | 'IS_DIR'
  | 'NOT_EMPTY'
  | 'INVALID'
  | 'OUTSIDE'
  | 'IO';

/** what a `SiteFs` throws: a code and a message naming the site-relative path, never a host path */
export class FsError extends Error {
  override name = 'FsError';
  constructor(
    readonly code: FsErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The name of the folder adapter's temporary file while it writes (`.sumi-<12 hex>.tmp`, then
 * renamed over the target). Listings leave such files out, and no path may name one: a site file
 * of that name would be invisible on disk and visible in memory.
 */
export const TEMP_FILE = /^\.sumi-[0-9a-f]{12}\.tmp$/;

/** the longest name of one file or folder, in UTF-8 bytes: what file systems take (NAME_MAX) */
export const MAX_NAME_BYTES = 255;

const utf8 = new TextEncoder();

/** a name longer than MAX_NAME_BYTES (a disk refuses it; memory would keep it) */
export function tooLong(name: string): boolean {
  return name.length * 3 > MAX_NAME_BYTES && utf8.encode(name).length > MAX_NAME_BYTES;
}

/** half of a UTF-16 surrogate pair on its own: not a character, and no file system's name */
export const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The implementations' own check of a site-relative path (paths.ts has already given the user a
 * precise error; this is the second wall).
 */
export function checkSitePath(path: string): string {
  // trailing slashes are dropped; an empty segment elsewhere ('a//b', '/a') is refused: a disk
  // reads 'a//b' as 'a/b', memory would keep two names
  const p = typeof path === 'string' ? path.replace(/\/+$/, '') : '';
  if (
    typeof path !== 'string' ||
    p.includes('\0') ||
    p.includes('\\') ||
    // a lone UTF-16 surrogate: a disk writes it as U+FFFD, so two different names would be one file
    LONE_SURROGATE.test(p) ||
    (p !== '' &&
      p.split('/').some((s) => s === '' || s === '..' || s === '.' || TEMP_FILE.test(s) || tooLong(s))) ||
    (p === '' && path !== '')
  ) {
    throw new FsError('INVALID', String(path), `not a site-relative path: ${JSON.stringify(path)}`);
  }
  return p;
}
