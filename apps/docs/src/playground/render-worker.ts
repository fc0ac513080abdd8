/**
 * The render worker: compiles and renders the playground's template off the page's thread, on
 * the in-memory example site and the fake network, within PLAYGROUND_LIMITS. The page
 * (worker-client.ts) terminates it when a render overruns its deadline and starts another with
 * the site files it kept, so the only state here is a cache of what the page already has.
 */
/// <reference lib="webworker" />
import { PLAYGROUND_LIMITS } from './budgets';
import { type Diagnostic, type Loaded, type LogEntry, loadEngine, type SumiErrorLike } from './engine';
import { formatValue, formatVars, type ValueKinds } from './format';
import type { ErrorInfo, FakeCalls, FileChanges, FromWorker, Rendered, ToWorker } from './protocol';

const TEMPLATE_NAME = 'playground.tpl';

declare const self: DedicatedWorkerGlobalScope;

let loading: Promise<Loaded> | null = null;
/** the data of every file as last reported to the page: a render's changes are the differences */
let known = new Map<string, Uint8Array>();

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

/** structured-clone-safe copy of what the fakes recorded (they may hold class instances) */
function plain<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value ?? [])) as T;
}

/** The files that changed since the page last heard (all of them when `full`). */
async function fileChanges(loaded: Loaded, full = false): Promise<FileChanges> {
  const changes: FileChanges = { set: {}, removed: [] };
  if (!loaded.ok || !loaded.fs) return changes;
  const now = loaded.fs.snapshot();
  for (const [path, data] of now) {
    // the in-memory fs stores a fresh array on every write, so identity says "unchanged"
    if (!full && known.get(path) === data) continue;
    const mtimeMs = (await loaded.fs.stat(path))?.mtimeMs ?? Date.now();
    changes.set[path] = { data, mtimeMs };
  }
  if (!full) for (const path of known.keys()) if (!now.has(path)) changes.removed.push(path);
  known = now;
  return changes;
}

function callCounts(loaded: Loaded): number[] {
  const net = loaded.ok ? loaded.net : null;
  if (!net) return [0, 0, 0, 0, 0, 0];
  return [
    net.http.calls.length,
    net.mail?.sent.length ?? 0,
    net.chat?.calls.length ?? 0,
    net.social?.calls.length ?? 0,
    net.cms?.calls.length ?? 0,
    net.apiLog.length,
  ];
}

/** what the fakes received since `before` (callCounts at the start of the render) */
function callsSince(loaded: Loaded, before: number[]): FakeCalls {
  const net = loaded.ok ? loaded.net : null;
  const empty: FakeCalls = { http: [], mail: [], chat: [], social: [], cms: [], apiLog: [] };
  if (!net) return empty;
  const [http, mail, chat, social, cms, api] = before as [number, number, number, number, number, number];
  return {
    http: plain(net.http.calls.slice(http)),
    mail: plain(net.mail?.sent.slice(mail)),
    chat: plain(net.chat?.calls.slice(chat)),
    social: plain(net.social?.calls.slice(social)),
    cms: plain(net.cms?.calls.slice(cms)),
    apiLog: plain(net.apiLog.slice(api)),
  };
}

function errorInfo(e: unknown, loaded: Loaded): ErrorInfo {
  const err = e as SumiErrorLike;
  const text = loaded.ok ? loaded.runtime.formatError?.(e, { file: TEMPLATE_NAME }) : undefined;
  return {
    name: String(err?.name ?? 'Error'),
    code: err?.code,
    message: String(err?.message ?? e),
    line: err?.line,
    column: err?.column,
    span: err?.span ? { start: err.span.start, end: err.span.end } : null,
    text: text ?? err?.frame,
    hint: text === undefined ? err?.hint : undefined,
    diagnostics: plain<Diagnostic[]>(err?.diagnostics ?? []),
  };
}

function logOf(log: readonly LogEntry[] | undefined): LogEntry[] {
  return (log ?? []).map((e) => ({
    level: String(e.level),
    message: String(e.message),
    source: e.source,
    template: e.template,
    line: e.line,
    column: e.column,
    code: e.code,
  }));
}

/** a result with nothing in it yet */
function emptyResult(id: number): Rendered {
  return {
    type: 'result',
    id,
    output: '',
    result: null,
    vars: '',
    log: [],
    warnings: [],
    timings: {},
    calls: { http: [], mail: [], chat: [], social: [], cms: [], apiLog: [] },
    files: { set: {}, removed: [] },
  };
}

async function render(msg: Extract<ToWorker, { type: 'render' }>): Promise<void> {
  const loaded = await (loading ?? Promise.reject(new Error('not initialised')));
  const reply = emptyResult(msg.id);
  if (!loaded.ok) {
    reply.failed = 'engine';
    reply.error = { name: 'Error', message: loaded.message };
    return post(reply);
  }
  if (loaded.net) loaded.net.http.routes = msg.routes;
  const kinds: ValueKinds = { PhpFloat: loaded.runtime.PhpFloat, PhpObject: loaded.runtime.PhpObject };

  let t = performance.now();
  let data: unknown;
  try {
    // parsed once, untrimmed, so an error's line and column are the editor's
    const text = msg.dataText;
    data = text.trim() === '' ? {} : (loaded.runtime.fromJSONText?.(text) ?? JSON.parse(text));
  } catch (e) {
    const { line, column } = e as { line?: unknown; column?: unknown };
    reply.failed = 'data';
    reply.error = {
      name: 'JsonParseError',
      message: (e as Error).message,
      line: typeof line === 'number' ? line : undefined,
      column: typeof column === 'number' ? column : undefined,
    };
    return post(reply);
  }
  reply.timings.data = performance.now() - t;

  const before = callCounts(loaded);
  try {
    t = performance.now();
    const compiled = loaded.engine.compile(msg.source, { name: TEMPLATE_NAME });
    reply.timings.compile = performance.now() - t;
    reply.warnings = plain(compiled.warnings ?? []);
    t = performance.now();
    const r = await loaded.engine.render(compiled, data, {
      name: TEMPLATE_NAME,
      context: msg.context,
    });
    reply.timings.render = performance.now() - t;
    reply.output = r.output;
    reply.result = r.result === null || r.result === undefined ? null : formatValue(r.result, kinds);
    reply.vars = formatVars(r.vars, kinds);
    reply.log = logOf(r.log);
  } catch (e) {
    reply.failed = 'template';
    reply.error = errorInfo(e, loaded);
    if (reply.timings.compile !== undefined && reply.timings.render === undefined)
      reply.timings.render = performance.now() - t;
  }
  reply.calls = callsSince(loaded, before);
  reply.files = await fileChanges(loaded);
  post(reply);
}

async function init(msg: Extract<ToWorker, { type: 'init' }>): Promise<void> {
  const files = msg.files
    ? Object.fromEntries(Object.entries(msg.files).map(([p, f]) => [p, { data: f.data, mtimeMs: f.mtimeMs }]))
    : undefined;
  loading = loadEngine({ ...PLAYGROUND_LIMITS }, files).catch(
    (e): Loaded => ({ ok: false, message: `could not load the engine: ${(e as Error).message}` }),
  );
  const loaded = await loading;
  if (!loaded.ok) return post({ type: 'ready', ok: false, message: loaded.message, contexts: [] });
  const listed = loaded.runtime.RUN_CONTEXTS ?? {};
  const contexts = Object.values(listed).map((c) => ({ name: c.name, description: c.description }));
  const all = await fileChanges(loaded, true);
  post({
    type: 'ready',
    ok: true,
    contexts,
    // the page already has the files it handed over; on the first start it gets the example site
    files: msg.files ? undefined : all.set,
    routes: msg.files ? undefined : plain(loaded.exampleRoutes),
  });
}

async function editFile(msg: Extract<ToWorker, { type: 'write-file' | 'remove-file' }>): Promise<void> {
  const loaded = await (loading ?? Promise.reject(new Error('not initialised')));
  if (!loaded.ok || !loaded.fs) return;
  try {
    if (msg.type === 'write-file') await loaded.fs.write(msg.path, msg.data);
    else await loaded.fs.remove(msg.path);
    // the page made this change itself: it is not news to report after the next render
    known = loaded.fs.snapshot();
  } catch (e) {
    post({ type: 'file-error', path: msg.path, message: (e as Error).message });
  }
}

// messages are handled in order: a render never starts before the init or a file edit before it
let queue: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  queue = queue
    .then(() => {
      if (msg.type === 'init') return init(msg);
      if (msg.type === 'render') return render(msg);
      return editFile(msg);
    })
    .catch((e: unknown) => {
      // a failure of the worker's own (not the template's): the page says so instead of waiting
      if (msg.type !== 'render') return;
      post({
        ...emptyResult(msg.id),
        failed: 'engine',
        error: { name: 'Error', message: `the render worker failed: ${(e as Error)?.message ?? e}` },
      });
    });
};
