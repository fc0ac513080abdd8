/**
 * A site on a folder of the local disk (`sumi render --site DIR`). Node only: it is exported from
 * `@sumi/plugins-io/node`, never from the package root, so browsers never load `node:fs`.
 *
 * Every operation first resolves the path's symbolic links and refuses one that leads out of the
 * site's folder: the folder itself is the wall, whatever link a user or an unzipped archive left in
 * it. Writes go to a temporary file beside the target and are renamed over it, so a failed or
 * interrupted write never leaves half a file.
 */
import { randomBytes } from 'node:crypto';
import { constants, realpathSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { checkSitePath, type FileStat, FsError, type FsErrorCode, type SiteFs, TEMP_FILE } from './types';

const CODES: Record<string, FsErrorCode> = {
  ENOENT: 'NOT_FOUND',
  EEXIST: 'EXISTS',
  ENOTDIR: 'NOT_DIR',
  EISDIR: 'IS_DIR',
  ENOTEMPTY: 'NOT_EMPTY',
  ELOOP: 'OUTSIDE',
};

const WHAT: Record<FsErrorCode, string> = {
  NOT_FOUND: 'does not exist',
  EXISTS: 'already exists',
  NOT_DIR: 'is not a folder',
  IS_DIR: 'is a folder',
  NOT_EMPTY: 'is not empty',
  INVALID: 'is not a valid path',
  OUTSIDE: 'leads outside the site',
  IO: 'could not be accessed',
};

/** a Node error as an FsError naming the site-relative path (a host path never reaches a template) */
function fsError(err: unknown, path: string): FsError {
  if (err instanceof FsError) return err;
  const code = CODES[(err as NodeJS.ErrnoException).code ?? ''] ?? 'IO';
  const detail = code === 'IO' ? ` (${(err as NodeJS.ErrnoException).code ?? 'error'})` : '';
  return new FsError(code, path, `${path || 'the site folder'} ${WHAT[code]}${detail}`);
}

// opening a pipe (FIFO) would wait for a writer forever; non-blocking, it opens at once and is refused
const NONBLOCK = constants.O_NONBLOCK ?? 0;
const CHUNK = 65536;
/** dangling links followed one after the other at most (Linux's own limit) */
const MAX_LINK_HOPS = 40;

/**
 * Opens a regular file of the site (`full` already checked). A folder is IS_DIR; a pipe, socket or
 * device is refused before anything waits on it.
 */
async function openFile(full: string, path: string, flags: number): Promise<fsp.FileHandle> {
  const handle = await fsp.open(full, flags | NONBLOCK, 0o666);
  try {
    const s = await handle.stat();
    if (s.isDirectory()) throw new FsError('IS_DIR', path, `${path} is a folder`);
    if (!s.isFile())
      throw new FsError('IO', path, `${path} is not a regular file (a pipe, socket or device)`);
    return handle;
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

/** the file's bytes in chunks; a read error is an FsError naming the site path, never a host path */
function streamOf(handle: fsp.FileHandle, path: string): ReadableStream<Uint8Array> {
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const buffer = new Uint8Array(CHUNK);
        const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
        if (bytesRead === 0) {
          await close();
          controller.close();
          return;
        }
        controller.enqueue(bytesRead === CHUNK ? buffer : buffer.slice(0, bytesRead));
      } catch (err) {
        await close();
        controller.error(fsError(err, path));
      }
    },
    cancel: close,
  });
}

export function nodeFs(root: string): SiteFs {
  // the folder as the disk knows it: a site reached through a link is still one folder
  const realRoot = realpathSync(root);

  /** the real absolute path of `path`, checked to stay inside the site */
  async function inside(path: string): Promise<string> {
    const p = checkSitePath(path);
    const full = p === '' ? realRoot : join(realRoot, ...p.split('/'));
    let existing = full;
    const rest: string[] = [];
    // dangling links followed by hand; a cycle of them (`a` → `x/../a`) the kernel never sees
    let hops = 0;
    // the deepest part that exists decides where links lead; the rest is appended as written
    for (;;) {
      try {
        existing = await fsp.realpath(existing);
        break;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ELOOP') throw new FsError('OUTSIDE', p, `${p} is a symbolic link loop`);
        if (code !== 'ENOENT' && code !== 'ENOTDIR') throw fsError(err, p);
        // a dangling link counts as leading where it points: a relative target from the folder the
        // link really is in (the path may reach it through a linked folder)
        const link = await fsp.readlink(existing).catch(() => null);
        if (link !== null) {
          if (++hops > MAX_LINK_HOPS) throw new FsError('OUTSIDE', p, `${p} is a symbolic link loop`);
          const parent = dirname(existing);
          existing = resolve(await fsp.realpath(parent).catch(() => parent), link);
          continue;
        }
        if (existing === realRoot || dirname(existing) === existing) break;
        rest.unshift(existing.slice(dirname(existing).length + 1));
        existing = dirname(existing);
      }
    }
    const resolved = rest.length ? join(existing, ...rest) : existing;
    if (resolved !== realRoot && !resolved.startsWith(realRoot + sep)) {
      throw new FsError('OUTSIDE', p, `${p} leads outside the site through a symbolic link`);
    }
    return resolved;
  }

  const run = async <T>(path: string, f: (full: string) => Promise<T>): Promise<T> => {
    const full = await inside(path);
    try {
      return await f(full);
    } catch (err) {
      throw fsError(err, checkSitePath(path));
    }
  };

  /**
   * For removals and moves: a symbolic link is removed or moved itself, never what it leads to (as
   * PHP's unlink and rename). Its folder is resolved and checked; what the link leads to is checked
   * too (the path never names a place out of the site), but `full` is the link's own path and
   * `link` true.
   */
  async function itself(p: string): Promise<{ full: string; link: boolean }> {
    const target = await inside(p);
    const cut = p.lastIndexOf('/');
    const own = p === '' ? realRoot : join(await inside(cut === -1 ? '' : p.slice(0, cut)), p.slice(cut + 1));
    try {
      const link = own !== target && (await fsp.lstat(own)).isSymbolicLink();
      return link ? { full: own, link } : { full: target, link };
    } catch (err) {
      throw fsError(err, p);
    }
  }

  const removing = async (path: string, f: (full: string, link: boolean) => Promise<void>): Promise<void> => {
    const p = checkSitePath(path);
    const { full, link } = await itself(p);
    try {
      await f(full, link);
    } catch (err) {
      throw fsError(err, p);
    }
  };

  /** the folders above `full`; a file in the way is NOT_DIR (mkdir says EEXIST) */
  async function mkParent(full: string): Promise<void> {
    try {
      await fsp.mkdir(dirname(full), { recursive: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' || code === 'ENOTDIR') throw Object.assign(new Error(), { code: 'ENOTDIR' });
      throw err;
    }
  }

  async function atomicWrite(full: string, data: Uint8Array): Promise<void> {
    await mkParent(full);
    const tmp = join(dirname(full), `.sumi-${randomBytes(6).toString('hex')}.tmp`);
    try {
      await fsp.writeFile(tmp, data, { flag: 'wx' });
      await fsp.rename(tmp, full);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  return {
    label: `site folder ${realRoot}`,
    async stat(path) {
      const full = await inside(path);
      try {
        const s = await fsp.stat(full);
        return { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, isDir: s.isDirectory() } as FileStat;
      } catch (err) {
        const e = fsError(err, path);
        if (e.code === 'NOT_FOUND' || e.code === 'NOT_DIR') return null;
        throw e;
      }
    },
    list: (dir) =>
      run(dir, async (full) => {
        const names = await fsp.readdir(full);
        // our own temporary files are not the site's
        return names.filter((n) => !TEMP_FILE.test(n)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      }),
    read: (path) =>
      run(path, async (full) => {
        const handle = await openFile(full, checkSitePath(path), constants.O_RDONLY);
        try {
          return new Uint8Array(await handle.readFile());
        } finally {
          await handle.close().catch(() => undefined);
        }
      }),
    readStream: (path) =>
      run(path, async (full) => {
        const p = checkSitePath(path);
        return streamOf(await openFile(full, p, constants.O_RDONLY), p);
      }),
    write: (path, data) => run(path, (full) => atomicWrite(full, data)),
    append: (path, data) =>
      run(path, async (full) => {
        await mkParent(full);
        const handle = await openFile(
          full,
          checkSitePath(path),
          constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT,
        );
        try {
          await handle.writeFile(data);
        } finally {
          await handle.close().catch(() => undefined);
        }
      }),
    remove: (path) =>
      removing(path, async (full, link) => {
        if (!link) {
          const s = await fsp.lstat(full);
          if (s.isDirectory()) throw new FsError('IS_DIR', path, `${path} is a folder`);
        }
        await fsp.unlink(full);
      }),
    removeDir: (path) =>
      removing(path, async (full, link) => {
        if (full === realRoot) throw new FsError('INVALID', path, 'the site folder itself cannot be removed');
        if (link) {
          const s = await fsp.stat(full);
          if (!s.isDirectory()) throw new FsError('NOT_DIR', path, `${path} is a file, not a folder`);
          await fsp.unlink(full);
          return;
        }
        const s = await fsp.stat(full);
        if (!s.isDirectory()) throw new FsError('NOT_DIR', path, `${path} is a file, not a folder`);
        await fsp.rm(full, { recursive: true });
      }),
    async rename(from, to) {
      const { full: a } = await itself(checkSitePath(from));
      const b = await inside(to);
      try {
        const s = await fsp.stat(a);
        if (s.isDirectory()) throw new FsError('IS_DIR', from, `${from} is a folder`);
        await mkParent(b);
        await fsp.rename(a, b);
      } catch (err) {
        throw fsError(err, checkSitePath(from));
      }
    },
    mkdir: (path) =>
      run(path, async (full) => {
        try {
          await fsp.mkdir(full, { recursive: true });
        } catch (err) {
          // a file where the folder (or one above it) should be, as memory says
          const code = (err as NodeJS.ErrnoException).code;
          if (code === 'EEXIST' || code === 'ENOTDIR') throw Object.assign(new Error(), { code: 'ENOTDIR' });
          throw err;
        }
      }),
    async realPath(path) {
      const full = await inside(path);
      return relative(realRoot, full).split(sep).join('/');
    },
  };
}
