/**
 * The messages between the page (worker-client.ts) and the render worker (render-worker.ts).
 * Everything crosses as plain data: PHP values are formatted to text in the worker.
 */
import type { Diagnostic, LogEntry } from './engine';

/** one file of the in-memory example site: its bytes and modification time */
export interface SiteFile {
  data: Uint8Array;
  mtimeMs: number;
}

export type SiteFiles = Record<string, SiteFile>;

/** what a render changed in the site: the page keeps the authoritative copy */
export interface FileChanges {
  set: SiteFiles;
  removed: string[];
}

/** the fake HTTP service's canned answers, `METHOD URL*` → response (plugins-net's fakeHttp) */
export type Routes = Record<string, unknown>;

/** what the fakes received during one render: nothing of it left the page */
export interface FakeCalls {
  http: { method: string; url: string; headers: [string, string][]; body: string }[];
  mail: { from: string; to: string[]; subject: string; text: string }[];
  chat: { method: string; api: string; params: Record<string, unknown> }[];
  social: { method: string; api: string; params: Record<string, unknown> }[];
  cms: { plugin: string; method: string; path: string; query: [string, string][]; body?: unknown }[];
  apiLog: {
    plugin: string;
    method: string;
    url: string;
    status: number;
    durationMs: number;
    error?: string;
  }[];
}

export interface ErrorInfo {
  name: string;
  code?: string;
  message: string;
  line?: number;
  column?: number;
  /** the parser's or compiler's exact span in the template (the editor underlines it) */
  span?: { start: number; end: number } | null;
  /** the error as the CLI prints it (formatError) */
  text?: string;
  hint?: string;
  diagnostics?: Diagnostic[];
}

export type ToWorker =
  | { type: 'init'; files?: SiteFiles }
  | { type: 'render'; id: number; source: string; dataText: string; context?: string; routes: Routes }
  | { type: 'write-file'; path: string; data: Uint8Array }
  | { type: 'remove-file'; path: string };

export interface Ready {
  type: 'ready';
  ok: boolean;
  /** why the engine is unavailable */
  message?: string;
  contexts: { name: string; description?: string }[];
  /** the whole site, when the worker made it (first start) */
  files?: SiteFiles;
  /** the fake HTTP's routes as the package ships them (first start) */
  routes?: Routes;
}

export interface Rendered {
  type: 'result';
  id: number;
  /** data: the JSON did not parse; template: compile or render failed */
  failed?: 'data' | 'template' | 'engine';
  output: string;
  /** the run context's result, formatted; null when it has none */
  result: string | null;
  vars: string;
  log: LogEntry[];
  warnings: Diagnostic[];
  error?: ErrorInfo;
  /** milliseconds spent parsing the data, compiling and rendering */
  timings: { data?: number; compile?: number; render?: number };
  calls: FakeCalls;
  files: FileChanges;
}

export type FromWorker = Ready | Rendered | { type: 'file-error'; path: string; message: string };
