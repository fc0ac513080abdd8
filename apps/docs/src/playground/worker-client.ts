/**
 * The page's side of the render worker: one render at a time, each with a wall-clock deadline.
 * A render that overruns it, or that a newer one supersedes, is stopped by terminating the worker;
 * a fresh worker starts at once from the site files the page keeps, so the next render finds the
 * site as the last finished render left it.
 */
import { DEADLINE_MS } from './budgets';
import type { FromWorker, Ready, Rendered, Routes, SiteFiles, ToWorker } from './protocol';

export type RenderOutcome =
  | { kind: 'rendered'; reply: Rendered; elapsedMs: number }
  /** the deadline passed: the worker was terminated and restarted */
  | { kind: 'stopped'; elapsedMs: number }
  /** a newer render replaced this one before it finished */
  | { kind: 'superseded' }
  /** the worker itself failed (its script did not load, or it crashed) */
  | { kind: 'crashed'; message: string };

export interface RenderRequest {
  source: string;
  dataText: string;
  context?: string;
  routes: Routes;
}

export interface RenderWorker {
  /** the first start: the run contexts, the example site's files and the fake routes */
  readonly ready: Promise<Ready>;
  render(request: RenderRequest): Promise<RenderOutcome>;
  /** the site's files as the last finished render (or edit) left them */
  files(): SiteFiles;
  writeFile(path: string, data: Uint8Array): void;
  removeFile(path: string): void;
  /** how many times the worker was replaced */
  restarts(): number;
}

interface Pending {
  id: number;
  started: number;
  timer: ReturnType<typeof setTimeout>;
  resolve: (outcome: RenderOutcome) => void;
}

export function startRenderWorker(handlers: {
  /** how long a render may take before its worker is replaced; DEADLINE_MS by default */
  deadlineMs?: number;
  /** the site's files changed (a render wrote or removed some) */
  onFiles?: () => void;
  onFileError?: (path: string, message: string) => void;
}): RenderWorker {
  let worker: Worker;
  let files: SiteFiles = {};
  let pending: Pending | null = null;
  let nextId = 1;
  let restarts = 0;

  const settle = (outcome: RenderOutcome) => {
    if (!pending) return;
    clearTimeout(pending.timer);
    const { resolve } = pending;
    pending = null;
    resolve(outcome);
  };

  function spawn(first: boolean): Promise<Ready> {
    worker = new Worker(new URL('./render-worker.ts', import.meta.url), {
      type: 'module',
      name: 'sumi-render',
    });
    const send = (msg: ToWorker) => worker.postMessage(msg);
    return new Promise<Ready>((resolveReady) => {
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const msg = event.data;
        if (msg.type === 'ready') {
          if (msg.files) files = msg.files;
          resolveReady(msg);
        } else if (msg.type === 'result') {
          if (!pending || pending.id !== msg.id) return;
          const changed = Object.keys(msg.files.set).length > 0 || msg.files.removed.length > 0;
          for (const [path, f] of Object.entries(msg.files.set)) files[path] = f;
          for (const path of msg.files.removed) delete files[path];
          settle({ kind: 'rendered', reply: msg, elapsedMs: performance.now() - pending.started });
          if (changed) handlers.onFiles?.();
        } else if (msg.type === 'file-error') handlers.onFileError?.(msg.path, msg.message);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const message = event.message || 'the render worker failed to start';
        resolveReady({ type: 'ready', ok: false, message, contexts: [] });
        settle({ kind: 'crashed', message });
      };
      send({ type: 'init', files: first ? undefined : files });
    });
  }

  function restart(): void {
    worker.terminate();
    restarts++;
    void spawn(false);
  }

  const ready = spawn(true);

  return {
    ready,
    render(request) {
      if (pending) {
        // the running render is stale: stop it rather than wait for it
        settle({ kind: 'superseded' });
        restart();
      }
      const id = nextId++;
      return new Promise<RenderOutcome>((resolve) => {
        const started = performance.now();
        const timer = setTimeout(() => {
          if (pending?.id !== id) return;
          settle({ kind: 'stopped', elapsedMs: performance.now() - started });
          restart();
        }, handlers.deadlineMs ?? DEADLINE_MS);
        pending = { id, started, timer, resolve };
        worker.postMessage({ type: 'render', id, ...request } satisfies ToWorker);
      });
    },
    files: () => files,
    writeFile(path, data) {
      files[path] = { data, mtimeMs: Date.now() };
      worker.postMessage({ type: 'write-file', path, data } satisfies ToWorker);
    },
    removeFile(path) {
      delete files[path];
      worker.postMessage({ type: 'remove-file', path } satisfies ToWorker);
    },
    restarts: () => restarts,
  };
}
