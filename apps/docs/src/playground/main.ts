/**
 * The playground: a template editor and a JSON data editor; every edit re-renders (debounced)
 * in the browser with @sumi/runtime + @sumi/modifiers and fills the output, diagnostics, log,
 * variables and timings panes. Diagnostics are buttons that move the editor's cursor.
 */
import { json } from '@codemirror/lang-json';
import { type Diagnostic as LintDiagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState, type Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { basicSetup, EditorView } from 'codemirror';
import {
  type Compiled,
  type Diagnostic,
  type Engine,
  type Loaded,
  type LogEntry,
  loadEngine,
  type RenderResult,
  type RuntimeModule,
  type SumiErrorLike,
} from './engine';
import { examples } from './examples';
import { formatValue, formatVars, type ValueKinds } from './format';
import { sumiHighlighting } from './highlight';
import { byPosition, rangeOf, sumiLanguage } from './language';
import { readFragment, writeFragment } from './share';

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
const TEMPLATE_NAME = 'playground.tpl';

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

function contextOptions(runtime: RuntimeModule | null): [string, string][] {
  const listed = runtime?.RUN_CONTEXTS;
  if (!listed || typeof listed !== 'object') return FALLBACK_CONTEXTS;
  return Object.values(listed).map((c): [string, string] => [c.name, c.name]);
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

  status.textContent = 'loading the engine…';
  let loaded: Loaded;
  try {
    loaded = await loadEngine();
  } catch (e) {
    loaded = { ok: false, message: `could not load the engine: ${(e as Error).message}`, tokenize: null };
  }
  const runtime = loaded.ok ? loaded.runtime : null;
  const valueKinds: ValueKinds = { PhpFloat: runtime?.PhpFloat, PhpObject: runtime?.PhpObject };

  for (const [value, label] of contextOptions(runtime)) {
    const option = new Option(label, value);
    option.title = runtime?.RUN_CONTEXTS?.[value]?.description ?? '';
    contextSel.add(option);
  }
  for (const ex of examples) exampleSel.add(new Option(ex.title, ex.id));

  // a shared link (#src=…&data=…&ctx=…) wins over the first example
  const shared = readFragment(location.hash);
  let touched = shared.template !== undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(run, DEBOUNCE_MS);
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
      extensions: [basicSetup, json(), runKey, onChange],
    }),
  });
  if (shared.context && [...contextSel.options].some((o) => o.value === shared.context)) {
    contextSel.value = shared.context;
  }
  /** Keep the address shareable once the user has changed something. */
  const saveFragment = () => {
    if (!touched) return;
    const fragment = writeFragment({
      template: templateView.state.doc.toString(),
      data: dataView.state.doc.toString(),
      context: contextSel.value,
    });
    history.replaceState(null, '', fragment);
  };

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

  const clearRun = () => {
    outputEl.textContent = '';
    resultEl.textContent = '';
    varsEl.textContent = '';
    logEl.replaceChildren();
  };

  let generation = 0;
  async function run(): Promise<void> {
    clearTimeout(timer);
    const mine = ++generation;
    const source = templateView.state.doc.toString();
    const dataText = dataView.state.doc.toString();
    const context = contextSel.value || undefined;
    saveFragment();
    status.textContent = 'rendering…';
    status.dataset.state = 'busy';

    const times: [string, number][] = [];
    let t = performance.now();
    let data: unknown;
    try {
      // parsed once, untrimmed, so an error's line and column are the editor's
      if (dataText.trim() === '') data = {};
      else data = runtime?.fromJSONText ? runtime.fromJSONText(dataText) : JSON.parse(dataText);
    } catch (e) {
      const message = (e as Error).message;
      // the runtime's JsonParseError carries its position; JSON.parse's is read from V8's message
      const { line, column } = e as { line?: unknown; column?: unknown };
      const pos =
        typeof line === 'number' && typeof column === 'number'
          ? { line, column }
          : jsonErrorPosition(dataText, message);
      clearRun();
      status.textContent = 'data is not valid JSON';
      status.dataset.state = 'error';
      showDiagnostics([{ severity: 'error', where: 'data', message: `data: ${message}`, ...pos }]);
      return;
    }
    times.push(['data', performance.now() - t]);

    if (!loaded.ok) {
      clearRun();
      status.textContent = 'engine unavailable';
      status.dataset.state = 'error';
      showDiagnostics([{ severity: 'error', where: 'template', message: loaded.message }]);
      return;
    }
    const engine: Engine = loaded.engine;

    const shown: Shown[] = [];
    let r: RenderResult | null = null;
    try {
      t = performance.now();
      const compiled: Compiled = engine.compile(source, { name: TEMPLATE_NAME });
      times.push(['compile', performance.now() - t]);
      for (const d of compiled.warnings ?? []) shown.push(fromDiagnostic(d));
      t = performance.now();
      r = await engine.render(compiled, data, { name: TEMPLATE_NAME, context });
      times.push(['render', performance.now() - t]);
    } catch (e) {
      const err = e as SumiErrorLike;
      if (mine !== generation) return;
      clearRun();
      // the error as the CLI prints it (position, code, message, frame, hint), under its headline
      const text = loaded.runtime.formatError?.(e, { file: TEMPLATE_NAME });
      const main: Shown = {
        severity: 'error',
        where: 'template',
        code: err.code,
        message: err.message,
        line: err.line,
        column: err.column,
        span: err.span,
        frame: text ?? err.frame,
        hint: text === undefined ? err.hint : undefined,
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
      timingsEl.textContent = times.map(([k, v]) => `${k}: ${ms(v)}`).join('\n');
      return;
    }
    if (mine !== generation) return;
    outputEl.textContent = r.output;
    outputEl.dataset.empty = r.output === '' ? 'true' : 'false';
    resultEl.textContent =
      r.result === null || r.result === undefined ? '(none)' : formatValue(r.result, valueKinds);
    varsEl.textContent = formatVars(r.vars, valueKinds);
    showLog(r.log ?? []);
    for (const entry of r.log ?? []) {
      if (entry.line !== undefined && (entry.level === 'warn' || entry.level === 'error')) {
        const s = fromDiagnostic({ ...entry, severity: entry.level });
        if (!shown.some((x) => x.message === s.message && x.line === s.line && x.column === s.column))
          shown.push(s);
      }
    }
    showDiagnostics(shown);
    const total = times.reduce((a, [, v]) => a + v, 0);
    timingsEl.textContent = [...times, ['total', total] as [string, number]]
      .map(([k, v]) => `${k}: ${ms(v)}`)
      .join('\n');
    status.textContent = shown.some((d) => d.severity === 'warning') ? 'rendered, with warnings' : 'rendered';
    status.dataset.state = 'ok';
  }

  const loadExample = (id: string) => {
    const ex = examples.find((e) => e.id === id);
    if (!ex) return;
    templateView.dispatch({ changes: { from: 0, to: templateView.state.doc.length, insert: ex.template } });
    dataView.dispatch({ changes: { from: 0, to: dataView.state.doc.length, insert: ex.data } });
    if ([...contextSel.options].some((o) => o.value === ex.context)) contextSel.value = ex.context;
    void run();
  };
  exampleSel.addEventListener('change', () => loadExample(exampleSel.value));
  contextSel.addEventListener('change', () => {
    touched = true;
    void run();
  });
  $('pg-run').addEventListener('click', () => void run());

  root.dataset.ready = 'true';
  await run();
}

const root = document.getElementById('playground');
if (root) void start(root);
