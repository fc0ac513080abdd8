/**
 * The playground: a template editor and a JSON data editor; every edit re-renders (debounced)
 * in a Web Worker (render-worker.ts, driven by worker-client.ts) and fills the output,
 * diagnostics, log, variables and timings panes. Diagnostics are buttons that move the editor's
 * cursor. The page's thread only edits and displays: no render can hold it.
 */
import { json } from '@codemirror/lang-json';
import { type Diagnostic as LintDiagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState, type Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { basicSetup, EditorView } from 'codemirror';
import { deadlineFrom, describeBudgets } from './budgets';
import { copyText } from './clipboard';
import { saveDraft, startingState } from './drafts';
import { type Diagnostic, type LogEntry, loadTokenizer } from './engine';
import { examples } from './examples';
import { showApiLog, showFakeCalls } from './fake-calls';
import { filesPane } from './files-pane';
import { sumiHighlighting } from './highlight';
import { jsonHighlighting } from './json-highlighting';
import { byPosition, rangeOf, sumiLanguage } from './language';
import type { Ready, Routes } from './protocol';
import { writeFragment } from './share';
import { startRenderWorker } from './worker-client';

/**
 * The runtime's run contexts (RUN_CONTEXTS); the names below are only used while the runtime
 * is not loaded, so the selector is never empty.
 */
const FALLBACK_CONTEXTS: [string, string][] = [
  ['batch', 'batch'],
  ['function', 'function'],
  ['pre', 'pre'],
  ['post', 'post'],
  ['endpoint', 'endpoint'],
  ['trigger', 'trigger'],
];

const DEBOUNCE_MS = 250;
/** the Example selector's value while the editors hold no example as it is */
const CUSTOM = 'custom';

interface Shown {
  severity: 'error' | 'warning' | 'info';
  where: 'template' | 'data';
  code?: string;
  message: string;
  line?: number;
  column?: number;
  /** the parser's or compiler's exact span in the template */
  span?: { start: number; end: number } | null;
  frame?: string;
  hint?: string;
}

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`playground: #${id} is missing`);
  return el;
}

function contextOptions(ready: Ready): [string, string][] {
  if (!ready.contexts.length) return FALLBACK_CONTEXTS;
  return ready.contexts.map((c): [string, string] => [c.name, c.name]);
}

/** Offset of a 1-based line:column in a document, clamped to the document. */
function offsetOf(state: EditorState, line: number, column: number): number {
  const l = state.doc.line(Math.min(Math.max(1, line), state.doc.lines));
  return Math.min(l.from + Math.max(0, column - 1), l.to);
}

function severityOf(d: { severity?: string; level?: string }): Shown['severity'] {
  const s = (d.severity ?? d.level ?? 'error').toLowerCase();
  if (s.startsWith('warn')) return 'warning';
  if (s === 'info' || s === 'debug' || s === 'hint') return 'info';
  return 'error';
}

function fromDiagnostic(d: Diagnostic): Shown {
  return {
    severity: severityOf(d),
    where: 'template',
    code: d.code,
    message: d.message,
    line: d.line,
    column: d.column,
    span: d.span,
    hint: d.hint,
  };
}

/** A JSON.parse syntax error's position (the engine did not load), from the message V8 gives ("... at position N" / "line L column C"). */
function jsonErrorPosition(text: string, message: string): { line: number; column: number } | null {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/.exec(message);
  if (!pos) return null;
  const before = text.slice(0, Number(pos[1]));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

function ms(t: number): string {
  return t < 10 ? `${t.toFixed(2)} ms` : `${t.toFixed(1)} ms`;
}

async function start(root: HTMLElement): Promise<void> {
  const status = $('pg-status');
  const outputEl = $('pg-output');
  const resultEl = $('pg-result');
  const diagEl = $('pg-diagnostics');
  const logEl = $('pg-log');
  const varsEl = $('pg-vars');
  const timingsEl = $('pg-timings');
  const cursorEl = $('pg-cursor');
  const contextSel = $('pg-context') as HTMLSelectElement;
  const exampleSel = $('pg-example') as HTMLSelectElement;
  const exampleDesc = $('pg-example-desc');
  const htmlEl = $('pg-html') as HTMLIFrameElement;
  const apiLogEl = $('pg-apilog');
  const fakesEl = $('pg-fakes');

  status.textContent = 'loading the engine…';
  const fileStatus = $('pg-file-status');
  let files: { refresh(): void } | undefined;
  const deadlineMs = deadlineFrom(location.search);
  const client = startRenderWorker({
    deadlineMs,
    onFiles: () => files?.refresh(),
    onFileError: (path, message) => {
      fileStatus.textContent = `${path}: ${message}`;
    },
  });
  const [ready, tokenize] = await Promise.all([client.ready, loadTokenizer().catch(() => null)]);
  const loaded = { tokenize };
  // the fake HTTP service's canned answers; the next render uses them
  let routes: Routes = ready.routes ?? {};

  for (const [value, label] of contextOptions(ready)) {
    const option = new Option(label, value);
    option.title = ready.contexts.find((c) => c.name === value)?.description ?? '';
    contextSel.add(option);
  }
  // the gallery: one group of options per section
  for (const section of new Set(examples.map((e) => e.section))) {
    const group = document.createElement('optgroup');
    group.label = section;
    for (const ex of examples.filter((e) => e.section === section)) {
      const option = new Option(ex.title, ex.id);
      option.title = ex.description;
      group.append(option);
    }
    exampleSel.append(group);
  }
  // what the Example selector says once the editors hold something no example has
  const custom = new Option('Custom', CUSTOM);
  custom.disabled = true;
  exampleSel.add(custom);

  // a shared link (#src=…&data=…&ctx=…) wins over the draft, the draft over the first example
  const shared = startingState(location.hash);
  let touched = shared.template !== undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(run, DEBOUNCE_MS);
    showExample();
  };
  const onChange = EditorView.updateListener.of((u) => {
    if (!u.docChanged) return;
    touched = true;
    schedule();
  });
  const showCursor = EditorView.updateListener.of((u) => {
    if (!u.selectionSet && !u.docChanged && !u.focusChanged) return;
    const head = u.state.selection.main.head;
    const line = u.state.doc.lineAt(head);
    cursorEl.textContent = `Ln ${line.number}, Col ${head - line.from + 1}`;
  });
  const runKey = keymap.of([
    {
      key: 'Mod-Enter',
      run: () => {
        void run();
        return true;
      },
    },
  ]);

  const templateExtensions: Extension[] = [basicSetup, runKey, onChange, showCursor, lintGutter()];
  if (loaded.tokenize) templateExtensions.push(sumiHighlighting(loaded.tokenize));
  templateExtensions.push(
    sumiLanguage({ data: () => dataView.state.doc.toString(), context: () => contextSel.value }),
  );
  const first = examples[0];
  const templateView = new EditorView({
    parent: $('pg-template'),
    state: EditorState.create({ doc: shared.template ?? first.template, extensions: templateExtensions }),
  });
  const dataView = new EditorView({
    parent: $('pg-data'),
    state: EditorState.create({
      doc: shared.data ?? (shared.template !== undefined ? '{}' : first.data),
      extensions: [basicSetup, json(), jsonHighlighting, runKey, onChange],
    }),
  });
  const routesStatus = $('pg-routes-status');
  const onRoutes = EditorView.updateListener.of((u) => {
    if (!u.docChanged) return;
    const text = u.state.doc.toString();
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('expected an object of "METHOD URL": response');
      routes = parsed as Routes;
      routesStatus.textContent = 'the next render uses these responses';
      schedule();
    } catch (e) {
      routesStatus.textContent = `not used: ${(e as Error).message}`;
    }
  });
  new EditorView({
    parent: $('pg-routes'),
    state: EditorState.create({
      doc: `${JSON.stringify(routes, null, 2)}\n`,
      extensions: [basicSetup, json(), jsonHighlighting, onRoutes],
    }),
  });
  files = filesPane(client, () => schedule());
  files.refresh();

  const startContext = shared.context ?? (shared.template === undefined ? first.context : undefined);
  if (startContext && [...contextSel.options].some((o) => o.value === startContext)) {
    contextSel.value = startContext;
  }
  const currentState = () => ({
    template: templateView.state.doc.toString(),
    data: dataView.state.doc.toString(),
    context: contextSel.value,
  });
  /** The Example selector names the example the editors hold, or says "Custom". */
  function showExample(): void {
    const { template, data, context } = currentState();
    const same = examples.find((e) => e.template === template && e.data === data && e.context === context);
    exampleSel.value = same ? same.id : CUSTOM;
    exampleDesc.textContent = same ? same.description : '';
  }
  showExample();
  /** Keep the address shareable and the draft saved once the user has changed something. */
  const saveFragment = () => {
    if (!touched) return;
    const state = currentState();
    history.replaceState(null, '', writeFragment(state));
    saveDraft(state);
  };

  const copyStatus = $('pg-copy-status');
  const linkField = $('pg-link') as HTMLInputElement;
  let copyTimer: ReturnType<typeof setTimeout> | undefined;
  $('pg-copy').addEventListener('click', async () => {
    const link = new URL(writeFragment(currentState()), location.href).href;
    history.replaceState(null, '', link);
    const copied = await copyText(link);
    clearTimeout(copyTimer);
    linkField.value = link;
    // when nothing could copy, the link stays on show, selected, for Ctrl+C
    linkField.hidden = copied;
    if (!copied) linkField.select();
    copyStatus.textContent = copied ? 'Link copied' : 'Copy the selected link';
    copyStatus.dataset.state = copied ? 'ok' : 'manual';
    copyTimer = setTimeout(() => {
      copyStatus.textContent = '';
      delete copyStatus.dataset.state;
    }, 4000);
  });

  const jumpTo = (where: Shown['where'], line: number, column: number) => {
    const view = where === 'data' ? dataView : templateView;
    const pos = offsetOf(view.state, line, column);
    view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
    view.focus();
  };

  const showDiagnostics = (unsorted: Shown[]) => {
    // in source order, whatever order the parser, the compiler and the run reported them in
    const list = byPosition(unsorted);
    diagEl.replaceChildren();
    const lint: LintDiagnostic[] = [];
    if (!list.length) {
      diagEl.textContent = 'No problems.';
      diagEl.dataset.count = '0';
    } else diagEl.dataset.count = String(list.length);
    for (const d of list) {
      const item = document.createElement('li');
      item.className = `pg-diag pg-diag-${d.severity}`;
      const head = document.createElement('div');
      if (d.line !== undefined) {
        const btn = document.createElement('button');
        btn.type = 'button';
        btn.className = 'pg-loc';
        btn.textContent = `${d.where === 'data' ? 'data ' : ''}${d.line}:${d.column ?? 1}`;
        btn.title = 'Move the cursor there';
        btn.addEventListener('click', () => jumpTo(d.where, d.line ?? 1, d.column ?? 1));
        head.append(btn, ' ');
      }
      const sev = document.createElement('span');
      sev.className = 'pg-sev';
      sev.textContent = d.severity;
      head.append(sev, ' ');
      if (d.code) {
        const code = document.createElement('code');
        code.textContent = d.code;
        head.append(code, ' ');
      }
      head.append(d.message);
      item.append(head);
      if (d.hint) {
        const hint = document.createElement('div');
        hint.className = 'pg-hint';
        hint.textContent = `hint: ${d.hint}`;
        item.append(hint);
      }
      if (d.frame) {
        const frame = document.createElement('pre');
        frame.className = 'pg-frame';
        frame.textContent = d.frame;
        item.append(frame);
      }
      diagEl.append(item);
      const range =
        d.where === 'template'
          ? rangeOf(d, (l, c) => offsetOf(templateView.state, l, c), templateView.state.doc.length)
          : null;
      if (range) lint.push({ ...range, severity: d.severity, message: d.message });
    }
    templateView.dispatch(setDiagnostics(templateView.state, lint));
  };

  const showLog = (log: LogEntry[]) => {
    logEl.replaceChildren();
    if (!log.length) {
      logEl.textContent = '(empty)';
      return;
    }
    for (const entry of log) {
      const li = document.createElement('li');
      li.className = `pg-log-${entry.level}`;
      const where = entry.line !== undefined ? ` ${entry.line}:${entry.column ?? 1}` : '';
      const source = entry.source ? ` [${entry.source}]` : '';
      const code = entry.code ? ` ${entry.code}` : '';
      li.textContent = `${entry.level}${where}${code}${source} ${entry.message}`;
      logEl.append(li);
    }
  };

  /** the output as text, or as HTML in the sandboxed frame (no scripts, no same-origin access) */
  let view: 'text' | 'html' = 'text';
  let lastOutput = '';
  const showOutput = (text: string) => {
    lastOutput = text;
    outputEl.textContent = text;
    outputEl.dataset.empty = text === '' ? 'true' : 'false';
    outputEl.hidden = view === 'html';
    htmlEl.hidden = view !== 'html';
    if (view === 'html') htmlEl.srcdoc = text;
  };
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="pg-view"]')) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      view = radio.value === 'html' ? 'html' : 'text';
      showOutput(lastOutput);
    });
  }

  const clearRun = () => {
    showOutput('');
    apiLogEl.replaceChildren();
    fakesEl.replaceChildren();
    resultEl.textContent = '';
    varsEl.textContent = '';
    logEl.replaceChildren();
  };

  const showTimings = (timings: [string, number | undefined][], note?: string) => {
    const lines = timings.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}: ${ms(v as number)}`);
    if (note) lines.push(note);
    lines.push(`budgets: ${describeBudgets(deadlineMs)}`);
    timingsEl.textContent = lines.join('\n');
  };

  let generation = 0;
  let finished = 0;
  /** the page's counters, for its tests and the curious: runs finished, worker restarts */
  const count = () => {
    root.dataset.runs = String(++finished);
    root.dataset.restarts = String(client.restarts());
  };
  async function run(): Promise<void> {
    if (await runOnce()) count();
  }
  /** false when a newer run replaced this one */
  async function runOnce(): Promise<boolean> {
    clearTimeout(timer);
    const mine = ++generation;
    const source = templateView.state.doc.toString();
    const dataText = dataView.state.doc.toString();
    const context = contextSel.value || undefined;
    saveFragment();
    status.textContent = 'rendering…';
    status.dataset.state = 'busy';

    const outcome = await client.render({ source, dataText, context, routes });
    if (mine !== generation || outcome.kind === 'superseded') return false;
    if (outcome.kind === 'stopped' || outcome.kind === 'crashed') {
      clearRun();
      const stopped = outcome.kind === 'stopped';
      status.textContent = stopped ? `stopped after ${deadlineMs / 1000} s` : 'the render worker failed';
      status.dataset.state = 'error';
      showDiagnostics([
        {
          severity: 'error',
          where: 'template',
          message: stopped
            ? `The render ran past the playground's ${deadlineMs / 1000} s deadline, so the page stopped its worker and started a fresh one. Files this run wrote were discarded; the site is as the last finished run left it.`
            : `The render worker failed: ${outcome.message}`,
        },
      ]);
      showTimings(stopped ? [['stopped after', outcome.elapsedMs]] : []);
      return true;
    }
    const r = outcome.reply;
    const times: [string, number | undefined][] = [
      ['data', r.timings.data],
      ['compile', r.timings.compile],
      ['render', r.timings.render],
      ['round trip', outcome.elapsedMs],
    ];

    if (r.failed === 'data') {
      const message = r.error?.message ?? 'invalid JSON';
      // the runtime's JsonParseError carries its position; JSON.parse's is read from V8's message
      const pos =
        r.error?.line !== undefined && r.error.column !== undefined
          ? { line: r.error.line, column: r.error.column }
          : jsonErrorPosition(dataText, message);
      clearRun();
      status.textContent = 'data is not valid JSON';
      status.dataset.state = 'error';
      showDiagnostics([{ severity: 'error', where: 'data', message: `data: ${message}`, ...pos }]);
      return true;
    }
    if (r.failed === 'engine') {
      clearRun();
      status.textContent = 'engine unavailable';
      status.dataset.state = 'error';
      showDiagnostics([{ severity: 'error', where: 'template', message: r.error?.message ?? 'no engine' }]);
      return true;
    }

    const shown: Shown[] = r.warnings.map(fromDiagnostic);
    const showCalls = () => {
      showApiLog(apiLogEl, r.calls);
      showFakeCalls(fakesEl, r.calls);
    };
    if (r.failed === 'template' && r.error) {
      const err = r.error;
      clearRun();
      // the error as the CLI prints it (position, code, message, frame, hint), under its headline
      const main: Shown = {
        severity: 'error',
        where: 'template',
        code: err.code,
        message: err.message,
        line: err.line,
        column: err.column,
        span: err.span,
        frame: err.text,
        hint: err.hint,
      };
      shown.push(main);
      for (const d of err.diagnostics ?? []) {
        const s = fromDiagnostic(d);
        if (s.message === main.message && s.line === main.line && s.column === main.column) continue;
        shown.push(s);
      }
      status.textContent = err.name === 'SumiError' || err.code ? 'error' : 'internal error';
      status.dataset.state = 'error';
      showDiagnostics(shown);
      showCalls();
      showTimings(times);
      return true;
    }
    showOutput(r.output);
    resultEl.textContent = r.result ?? '(none)';
    varsEl.textContent = r.vars;
    showLog(r.log);
    showCalls();
    for (const entry of r.log) {
      if (entry.line !== undefined && (entry.level === 'warn' || entry.level === 'error')) {
        const s = fromDiagnostic({ ...entry, severity: entry.level });
        if (!shown.some((x) => x.message === s.message && x.line === s.line && x.column === s.column))
          shown.push(s);
      }
    }
    showDiagnostics(shown);
    showTimings(times);
    status.textContent = shown.some((d) => d.severity === 'warning') ? 'rendered, with warnings' : 'rendered';
    status.dataset.state = 'ok';
    return true;
  }

  const loadExample = (id: string) => {
    const ex = examples.find((e) => e.id === id);
    if (!ex) return;
    templateView.dispatch({ changes: { from: 0, to: templateView.state.doc.length, insert: ex.template } });
    dataView.dispatch({ changes: { from: 0, to: dataView.state.doc.length, insert: ex.data } });
    if ([...contextSel.options].some((o) => o.value === ex.context)) contextSel.value = ex.context;
    showExample();
    void run();
  };
  exampleSel.addEventListener('change', () => {
    if (exampleSel.value !== CUSTOM) loadExample(exampleSel.value);
  });
  contextSel.addEventListener('change', () => {
    touched = true;
    showExample();
    void run();
  });
  $('pg-run').addEventListener('click', () => void run());

  root.dataset.ready = 'true';
  await run();
}

const root = document.getElementById('playground');
if (root) void start(root);
