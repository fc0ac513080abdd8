/**
 * A site held in memory: for browsers, the playground and tests. It has no symbolic links, so
 * `realPath` is the path itself; everything else behaves as the folder implementation does (the
 * shared suite in test/fs-suite.ts runs on both).
 */
import { checkSitePath, type FileStat, FsError, type SiteFs } from './types';

interface MemFile {
  data: Uint8Array;
  mtimeMs: number;
  ctimeMs: number;
}

export interface MemoryFsOptions {
  /** the clock for modification times (tests pin it); Date.now by default */
  now?: () => number;
  label?: string;
}

/** A file's initial content: text (written as UTF-8), bytes, or either with its modification time. */
export type MemoryFileInit = string | Uint8Array | { data: string | Uint8Array; mtimeMs?: number };

export interface MemoryFs extends SiteFs {
  /** every file, path → bytes (for the playground's file tree and for tests) */
  snapshot(): Map<string, Uint8Array>;
  /** sets a file's modification time, as `touch -d` does */
  touch(path: string, mtimeMs: number): void;
}

const encoder = new TextEncoder();
const bytesOf = (d: string | Uint8Array) => (typeof d === 'string' ? encoder.encode(d) : d);
const parentOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** `files` maps site-relative paths to their content; folders are made as needed. */
export function memoryFs(
  files: Record<string, MemoryFileInit> = {},
  options: MemoryFsOptions = {},
): MemoryFs {
  const now = options.now ?? Date.now;
  const fileMap = new Map<string, MemFile>();
  const dirs = new Map<string, number>([['', now()]]);

  const isDir = (p: string) => dirs.has(p);
  function mkdirs(p: string): void {
    if (p === '' || dirs.has(p)) return;
    if (fileMap.has(p)) throw new FsError('NOT_DIR', p, `${p} is a file, not a folder`);
    mkdirs(parentOf(p));
    dirs.set(p, now());
  }
  function needParent(p: string): void {
    const parent = parentOf(p);
    if (fileMap.has(parent)) throw new FsError('NOT_DIR', parent, `${parent} is a file, not a folder`);
    mkdirs(parent);
  }
  function file(p: string): MemFile {
    const f = fileMap.get(p);
    if (f) return f;
    if (isDir(p)) throw new FsError('IS_DIR', p, `${p} is a folder`);
    throw new FsError('NOT_FOUND', p, `${p} does not exist`);
  }
  function put(p: string, data: Uint8Array, mtimeMs = now()): void {
    if (isDir(p)) throw new FsError('IS_DIR', p, `${p} is a folder`);
    needParent(p);
    fileMap.set(p, { data, mtimeMs, ctimeMs: now() });
  }
  const children = (dir: string) => {
    const prefix = dir === '' ? '' : `${dir}/`;
    const names = new Set<string>();
    for (const key of [...fileMap.keys(), ...dirs.keys()]) {
      if (key !== dir && key.startsWith(prefix)) names.add(key.slice(prefix.length).split('/')[0]!);
    }
    names.delete('');
    return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  };

  for (const [path, init] of Object.entries(files)) {
    const p = checkSitePath(path);
    if (typeof init === 'object' && !(init instanceof Uint8Array)) put(p, bytesOf(init.data), init.mtimeMs);
    else put(p, bytesOf(init));
  }

  return {
    label: options.label ?? 'in-memory site',
    async stat(path): Promise<FileStat | null> {
      const p = checkSitePath(path);
      const f = fileMap.get(p);
      if (f) return { size: f.data.length, mtimeMs: f.mtimeMs, ctimeMs: f.ctimeMs, isDir: false };
      const d = dirs.get(p);
      return d === undefined ? null : { size: 0, mtimeMs: d, ctimeMs: d, isDir: true };
    },
    async list(dir) {
      const p = checkSitePath(dir);
      if (fileMap.has(p)) throw new FsError('NOT_DIR', p, `${p} is a file, not a folder`);
      if (!isDir(p)) throw new FsError('NOT_FOUND', p, `${p} does not exist`);
      return children(p);
    },
    async read(path) {
      return file(checkSitePath(path)).data.slice();
    },
    async readStream(path) {
      const data = file(checkSitePath(path)).data;
      let offset = 0;
      // chunks of 64 KiB, as a disk read would come
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= data.length) return controller.close();
          controller.enqueue(data.slice(offset, offset + 65536));
          offset += 65536;
        },
      });
    },
    async write(path, data) {
      put(checkSitePath(path), data.slice());
    },
    async append(path, data) {
      const p = checkSitePath(path);
      const old = fileMap.get(p);
      if (!old) return put(p, data.slice());
      const joined = new Uint8Array(old.data.length + data.length);
      joined.set(old.data);
      joined.set(data, old.data.length);
      put(p, joined);
    },
    async remove(path) {
      const p = checkSitePath(path);
      file(p);
      fileMap.delete(p);
    },
    async removeDir(path) {
      const p = checkSitePath(path);
      if (fileMap.has(p)) throw new FsError('NOT_DIR', p, `${p} is a file, not a folder`);
      if (!isDir(p)) throw new FsError('NOT_FOUND', p, `${p} does not exist`);
      if (p === '') throw new FsError('INVALID', p, 'the site itself cannot be removed');
      const prefix = `${p}/`;
      for (const key of [...fileMap.keys()]) if (key.startsWith(prefix)) fileMap.delete(key);
      for (const key of [...dirs.keys()]) if (key === p || key.startsWith(prefix)) dirs.delete(key);
    },
    async rename(from, to) {
      const a = checkSitePath(from);
      const b = checkSitePath(to);
      const f = file(a);
      put(b, f.data, f.mtimeMs);
      if (a !== b) fileMap.delete(a);
    },
    async mkdir(path) {
      mkdirs(checkSitePath(path));
    },
    async realPath(path) {
      return checkSitePath(path);
    },
    snapshot() {
      return new Map([...fileMap].map(([k, f]) => [k, f.data]));
    },
    touch(path, mtimeMs) {
      file(checkSitePath(path)).mtimeMs = mtimeMs;
    },
  };
}
