/**
 * The state of one render: loop tables (`$smarty.foreach`, `$smarty.section`,
 * kept in loops.ts), captures, budgets, the position of the tag being run,
 * and the plugin-facing RenderContext (this object is that context:
 * `rt.at(p)` returns it).
 *
 * The generated code's contract (compiler/compile.ts writes it; a compiled
 * template's `code` shows it). Renaming anything here means changing the
 * compiler in step:
 *   module scope  H     helpers.ts `helpers`, destructured into locals of the same names
 *                 K     constants (definitions, split key paths); C: key-read caches (`keyC`)
 *                 Mn    a modifier's caller, Mnd its definition; An: an attribute-object constructor
 *   render(rt, V) rt    this RenderState; V: the template's variables (scope.ts Scope)
 *                 o     the output so far; p: index of the span being run, for errors
 *                 partN(rt, V, o) and `o = ((o) => {...})(o)`: the parts of a long template or body
 *   locals        aN iN nN fN xN yN (foreach), sN (section), Ln (loop labels), cN dN (capture),
 *                 rN (a plugin's result), hN (a variable read once before a loop)
 *   rt methods    at, call, callAsync, callFunction, returnSignal, positioned, steps, checkAt,
 *                 tick, budget, now, smartyStatic, constant, request, foreachStart, foreachProp,
 *                 foreachProps, sectionStart, sectionProp, sectionProps, captureEnd, capture,
 *                 captures
 */
import { locate, type Span } from '@sumi/parser';
import type { Value } from '@sumi/php';
import { copyValue, PhpArray, PhpError } from '@sumi/php';
import {
  type ErrorCode,
  ErrorCodes,
  type ErrorParams,
  errorMessage,
  fail,
  placeLabel,
  RenderFailure,
  type RuntimeErrorCode,
  SumiError,
  thrownError,
} from '../errors';
import { resolveAttrs } from '../plugin/attributes';
import type { BlockBody, BlockPluginDef, FunctionPluginDef } from '../plugin/types';
import type { CoreServices, LogEntry, RenderContext } from './context';
import type { Limits } from './limits';
import {
  type ForeachState,
  type ForeachTable,
  foreachProp,
  foreachProps,
  foreachStart,
  type SectionState,
  type SectionTable,
  sectionProp,
  sectionProps,
  sectionStart,
} from './loops';
import { arrayAt, assignPath, readPath, type Scope } from './scope';

/** a streaming render writes in chunks of at least this many characters */
const FLUSH_AT = 16 * 1024;

/** thrown by `{return}`; caught by the function call or the top-level render */
export class ReturnSignal {
  /** what the run had printed when it returned (set where it is caught) */
  output: string | null = null;
  constructor(readonly value: Value | undefined) {}
}

/** What a render shares with the custom functions it calls */
export interface RenderShared {
  /** made on first use: most renders never touch a service */
  services(): CoreServices;
  limits: Limits;
  log: LogEntry[];
  constants: ReadonlyMap<string, Value>;
  /** `$smarty.get/post/...`, made on first use */
  request(): RequestData;
  /** per-render plugin state (counter, cycle, ...) */
  pluginState: Map<string, unknown> | null;
  /** when the first budget check ran (0 before): short renders never read the clock */
  startedAt: number;
  depth: number;
  /** rendering through render() (async plugins allowed) rather than renderSync() */
  isAsync: boolean;
  callFunction(rt: RenderState, attrs: Record<string, Value>): Value | Promise<Value>;
}

export interface RequestData {
  get: Value;
  post: Value;
  request: Value;
  server: Value;
  session: Value;
}

export class RenderState implements RenderContext {
  steps = 0;
  checkAt = 0;
  pos = -1;
  // made on first use: most renders need none of these tables
  private foreachTable: ForeachTable | null = null;
  private sectionTable: SectionTable | null = null;
  private captureTable: Map<string, string> | null = null;

  constructor(
    readonly shared: RenderShared,
    readonly templateName: string,
    readonly source: string,
    readonly spans: readonly Span[],
    readonly vars: Scope,
    /** steps already spent (a custom function continues its caller's count) */
    steps = 0,
  ) {
    this.steps = steps;
    this.checkAt = this.nextCheck();
  }

  /** the step at which the next budget check runs: every 1024 steps, and right past the limit */
  private nextCheck(): number {
    return Math.min(this.steps + 1024, this.shared.limits.maxSteps);
  }

  /* ---------------- RenderContext ---------------- */

  get services(): CoreServices {
    return this.shared.services();
  }

  get constants(): ReadonlyMap<string, Value> {
    return this.shared.constants;
  }

  get state(): Map<string, unknown> {
    return (this.shared.pluginState ??= new Map());
  }

  at(pos: number): this {
    this.pos = pos;
    return this;
  }

  get(name: string): Value {
    return readPath(this.vars, name);
  }

  assign(path: string, value: Value): void {
    assignPath(this.vars, path, copyValue(value));
  }

  arrayAt(path: string): PhpArray {
    return arrayAt(this.vars, path);
  }

  warn(message: string): void {
    this.log('warn', message);
  }

  private warned: Set<string> | null = null;

  /** a warning logged once per tag and message (for traps inside loops) */
  warnOnce(message: string): void {
    const key = `${this.pos}\0${message}`;
    if (!this.warned) this.warned = new Set();
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warn(message);
  }

  log(level: LogEntry['level'], message: string, source?: string): void {
    const span = this.spans[this.pos];
    const entry: LogEntry = { level, message, source, template: this.templateName };
    if (span) {
      const { line, column } = locate(this.source, span.start);
      entry.line = line;
      entry.column = column;
    }
    this.shared.log.push(entry);
    this.shared.services().log.write(entry);
  }

  fail<C extends RuntimeErrorCode>(code: C, params: ErrorParams<C>, hint?: string): never {
    return fail(code, params, hint);
  }

  /* ---------------- budgets ---------------- */

  /** where a streaming render hands its output (RenderOptions.write); null: output is returned whole */
  sink: ((chunk: string) => void) | null = null;
  /** characters already handed to `sink` */
  written = 0;

  /**
   * A loop's periodic check (every 1024 steps): the budgets, and for a streaming render the output so
   * far goes to the sink once it is big enough to be worth a write. Returns what stays buffered.
   */
  tick(o: string): string {
    this.budget(this.written + o.length);
    if (this.sink === null || o.length < FLUSH_AT) return o;
    this.sink(o);
    this.written += o.length;
    return '';
  }

  budget(outputLength: number): void {
    const { limits } = this.shared;
    if (this.steps > limits.maxSteps) {
      fail(
        ErrorCodes.LIMIT_STEPS,
        { limit: limits.maxSteps },
        'raise limits.maxSteps if this run is legitimate',
      );
    }
    const now = Date.now();
    if (this.shared.startedAt === 0) this.shared.startedAt = now;
    else if (now - this.shared.startedAt > limits.timeoutMs) {
      fail(ErrorCodes.LIMIT_TIME, { limit: limits.timeoutMs });
    }
    if (outputLength > limits.maxOutputBytes) {
      fail(ErrorCodes.LIMIT_OUTPUT, { limit: limits.maxOutputBytes });
    }
    this.checkAt = this.nextCheck();
  }

  /* ---------------- $smarty ---------------- */

  now(): Value {
    return Math.floor(this.shared.services().clock.now() / 1000);
  }

  /** `$smarty.version/template/config` (`ldelim`/`rdelim` compile to the engine's delimiters) */
  smartyStatic(name: string): Value {
    switch (name) {
      case 'version':
        return '2.6.28';
      case 'template':
        return this.templateName;
      default:
        return null;
    }
  }

  constant(name: string): Value {
    const v = this.shared.constants.get(name);
    return v === undefined ? null : v;
  }

  request(name: string): Value {
    const r = this.shared.request();
    switch (name) {
      case 'get':
      case 'post':
      case 'request':
      case 'server':
      case 'session':
        return r[name];
      default:
        return null; // cookies, env: always empty in the CMS
    }
  }

  foreachStart(name: string, total: number): ForeachState {
    return foreachStart((this.foreachTable ??= new Map()), name, total);
  }

  foreachProp(name: string, prop: string): Value {
    return foreachProp(this.foreachTable, name, prop);
  }

  foreachProps(name: string): Value {
    return foreachProps(this.foreachTable, name);
  }

  sectionStart(name: string, loop: Value, start: Value, step: Value, max: Value, show: Value): SectionState {
    return sectionStart((this.sectionTable ??= new Map()), name, loop, start, step, max, show);
  }

  sectionProp(name: string, prop: string): Value {
    return sectionProp(this.sectionTable, name, prop);
  }

  sectionProps(name: string): Value {
    return sectionProps(this.sectionTable, name);
  }

  captureEnd(name: string, assign: string | null, append: string | null, buffer: string): void {
    (this.captureTable ??= new Map()).set(name, buffer);
    if (assign !== null) assignPath(this.vars, assign, buffer);
    if (append !== null) {
      const cur = this.vars.owned(append) ?? null;
      const arr = cur instanceof PhpArray ? cur : cur === null ? new PhpArray() : PhpArray.fromList([cur]);
      arr.push(buffer);
      this.vars.set(append, arr);
    }
  }

  capture(name: string): Value {
    const v = this.captureTable?.get(name);
    return v === undefined ? null : v;
  }

  captures(): Value {
    return PhpArray.fromEntries(this.captureTable?.entries() ?? []);
  }

  /* ---------------- plugins ---------------- */

  /**
   * Runs a function plugin, or a block plugin with its `body`: one path for both. The sync render
   * refuses a promise; `callAsync` (in the async variant, for async plugins or bodies) awaits it.
   */
  call(
    def: FunctionPluginDef | BlockPluginDef,
    pos: number,
    raw: Record<string, Value>,
    body?: BlockBody,
  ): string | null {
    this.pos = pos;
    this.countStep();
    const r = (def as BlockPluginDef).run(this, resolveAttrs(def, raw), body as BlockBody);
    if (r instanceof Promise) {
      r.catch(() => {});
      fail(ErrorCodes.ASYNC_IN_SYNC, { name: def.name });
    }
    return r == null ? null : r;
  }

  async callAsync(
    def: FunctionPluginDef | BlockPluginDef,
    pos: number,
    raw: Record<string, Value>,
    body?: BlockBody,
  ): Promise<string | null> {
    this.pos = pos;
    this.countStep();
    if (this.shared.startedAt === 0) this.shared.startedAt = Date.now();
    const r = await (def as BlockPluginDef).run(this, resolveAttrs(def, raw), body as BlockBody);
    this.pos = pos;
    // time spent waiting counts against the time budget
    this.budget(0);
    return r == null ? null : r;
  }

  callFunction(pos: number, attrs: Record<string, Value>): Value | Promise<Value> {
    this.pos = pos;
    this.countStep();
    return this.shared.callFunction(this, attrs);
  }

  returnSignal(value: Value | undefined): ReturnSignal {
    return new ReturnSignal(value);
  }

  private countStep(): void {
    if (++this.steps > this.checkAt) this.budget(0);
  }

  /* ---------------- errors ---------------- */

  /** turns anything thrown inside the template into a positioned SumiError */
  positioned(e: unknown, pos: number, output: string): unknown {
    if (e instanceof ReturnSignal) {
      if (e.output === null) e.output = output;
      return e;
    }
    if (e instanceof SumiError) return e;
    const p = this.pos >= 0 && pos < 0 ? this.pos : pos;
    const span = this.spans[p] ?? null;
    let code: ErrorCode;
    let message: string;
    let hint: string | undefined;
    if (e instanceof RenderFailure) {
      code = e.code;
      message = e.message;
      hint = e.hint;
    } else if (e instanceof PhpError) {
      const php =
        e.kind === 'DivisionByZeroError'
          ? ErrorCodes.DIVISION_BY_ZERO
          : e.kind === 'TypeError'
            ? ErrorCodes.TYPE_ERROR
            : ErrorCodes.PHP_ERROR;
      code = php;
      message = errorMessage(php, { kind: e.kind, message: e.message });
    } else {
      // JS errors: never quoted (see thrownError); the place named is the modifier or tag being run
      const inner = this.spans[this.pos];
      const at = inner && span && inner.start >= span.start && inner.end <= span.end ? inner : span;
      ({ code, message } = thrownError(e, placeLabel(at ? this.source.slice(at.start, at.start + 64) : '')));
    }
    return new SumiError({
      code,
      message,
      template: this.templateName,
      source: this.source,
      span,
      hint,
      cause: e,
    });
  }
}
