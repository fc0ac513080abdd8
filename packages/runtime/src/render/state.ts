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
 *                 P     those functions by name, handed to the parts of a long template (compiled on first call)
 *   render(rt, V) rt    this RenderState; V: the template's variables (scope.ts Scope)
 *                 o     the output so far; p: index of the span being run, for errors
 *                 partN(rt, V, o) and `o = ((o) => {...})(o)`: the parts of a long template or body
 *   locals        $N: the slot of a variable the template writes by name (scope.ts Slot; `rs`, `ws`)
 *                 aN iN nN fN xN yN wN (foreach), sN (section), Ln (loop labels), cN dN (capture),
 *                 rN (a plugin's result), hN (a variable read once before a loop)
 *   rt methods    at, back, call, callAsync, callFunction, returnSignal, positioned, loopStep,
 *                 bufferedStep, jumped, outAt, outputOver, now, smartyStatic, constant, request, foreachStart,
 *                 foreachEntry, foreachProp, foreachProps, sectionBegin, sectionSet, sectionStart, sectionEntry, sectionProp,
 *                 sectionProps, captureEnd,
 *                 capture, captures
 */
import { locate, type Span } from '@sumi/parser';
import type { Value } from '@sumi/php';
import {
  byteLength,
  CyclicDataError,
  copyValue,
  DEFAULT_HOST,
  enterHost,
  errorTypeName,
  keepString,
  LimitError,
  lookupConstant,
  PhpArray,
  PhpError,
  PhpObject,
  toStr,
} from '@sumi/php';
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
import type { CoreServices, LogEntry, RenderContext, SpentBudget } from './context';
import type { RenderHost } from './host';
import type { Limits } from './limits';
import {
  type ForeachState,
  type ForeachTable,
  foreachEntry,
  foreachProp,
  foreachProps,
  foreachStart,
  type SectionState,
  type SectionTable,
  sectionBegin,
  sectionEntry,
  sectionProp,
  sectionProps,
  sectionSet,
  sectionStart,
} from './loops';
import { arrayAt, assignPath, readPath, type Scope, smartyAppend, smartyAssign } from './scope';

const SPENT_WHAT: Record<SpentBudget, string> = {
  maxFileBytes: 'bytes written to files',
  maxListedEntries: 'directory entries and file rows read',
};

/** the most steps between two budget checks (see RenderState.stride) */
const MAX_STRIDE = 1024;

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
  /** what PHP functions see of this render (budgets, caches, preg_last_error): made current while it runs */
  host: RenderHost;
  /** the memory budget of this run (`{set_memory}` raises it) */
  memoryLimit: number;
  /** the running template and the custom functions it called: what the memory budget measures */
  frames: RenderState[];
  log: LogEntry[];
  /** what `ctx.spend` counted so far, per budget (made on first use) */
  spent: Partial<Record<SpentBudget, number>> | null;
  /** bytes of the kept log messages, and the entries dropped past the log's limits */
  logBytes: number;
  logDropped: number;
  constants: ReadonlyMap<string, Value>;
  /** `$smarty.get/post/...`, made on first use */
  request(): RequestData;
  /** per-render plugin state (counter, cycle, ...) */
  pluginState: Map<string, unknown> | null;
  /** when the render started (Date.now()), compiling included */
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

/** a compiled call site's `resolveAttrs` for its own attribute object */
export type AttrsResolver = (rt: RenderState, raw: Record<string, Value>) => Record<string, Value>;

export class RenderState implements RenderContext {
  steps = 0;
  checkAt = 0;
  pos = -1;
  // made on first use: most renders need none of these tables
  private foreachTable: ForeachTable | null = null;
  private sectionTable: SectionTable | null = null;
  private captureTable: Map<string, string> | null = null;
  /** the output below the captures being rendered (and those a `{break}` left open), bottom first */
  private captureBuffers: string[] | null = null;
  /** their characters */
  private belowChars = 0;
  /**
   * Output length (characters) past which a print checks the output budget: a character is at
   * least one UTF-8 byte, so below it the budget cannot be exceeded. Exact bytes are counted when
   * output is streamed and when the render ends.
   */
  outAt: number;

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
    this.checkedAt = shared.startedAt;
    this.checkAt = this.nextCheck();
    this.outAt = shared.limits.maxOutputBytes;
  }

  /**
   * Steps between two budget checks. It adapts so that a check comes about every 20 ms whatever a
   * step costs: 1024 cheap steps take microseconds, but 1024 steps that each sort a big array or
   * scan one would run for seconds past the time budget.
   */
  private stride = 8;
  private checkedAt = 0;

  /** the step at which the next budget check runs: `stride` steps on, and right past the limit */
  private nextCheck(): number {
    return Math.min(this.steps + this.stride, this.shared.limits.maxSteps);
  }

  /* ---------------- RenderContext ---------------- */

  get services(): CoreServices {
    return this.shared.services();
  }

  get constants(): ReadonlyMap<string, Value> {
    return this.shared.constants;
  }

  get memoryLimit(): number {
    return this.shared.memoryLimit;
  }

  set memoryLimit(bytes: number) {
    const { limits } = this.shared;
    this.shared.memoryLimit = Math.max(limits.maxMemoryBytes, Math.min(bytes, limits.maxSetMemoryBytes));
  }

  get state(): Map<string, unknown> {
    return (this.shared.pluginState ??= new Map());
  }

  /**
   * Before a modifier runs: its position and a step (so the budgets are checked among modifier
   * calls too). The host is already current: the render enters it, and `back` after every await.
   */
  at(pos: number): this {
    this.pos = pos;
    if (++this.steps > this.checkAt) this.budget(0);
    return this;
  }

  /** after an `await` in the generated code: this render's host is current again */
  back<T>(value: T): T {
    enterHost(this.shared.host);
    return value;
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

  get limits(): Readonly<Limits> {
    return this.shared.limits;
  }

  spend(budget: SpentBudget, amount: number): void {
    const shared = this.shared;
    const spent = (shared.spent ??= {});
    const total = (spent[budget] ?? 0) + amount;
    spent[budget] = total;
    const limit = shared.limits[budget];
    if (total > limit) {
      fail(
        ErrorCodes.LIMIT_COST,
        { what: SPENT_WHAT[budget], limit },
        `raise limits.${budget} if this run is legitimate`,
      );
    }
    checkTime(shared);
  }

  log(level: LogEntry['level'], message: string, source?: string, code?: string): void {
    const shared = this.shared;
    const bytes = message.length + (source?.length ?? 0);
    if (
      shared.logDropped > 0 ||
      shared.log.length >= shared.limits.maxLogEntries ||
      shared.logBytes + bytes > shared.limits.maxLogBytes
    ) {
      // the engine adds one entry counting these when the render ends
      shared.logDropped++;
      return;
    }
    shared.logBytes += bytes;
    const span = this.spans[this.pos];
    const entry: LogEntry = { level, message, source, template: this.templateName };
    if (code !== undefined) entry.code = code;
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
  /** characters already handed to `sink`, and their UTF-8 bytes */
  written = 0;
  writtenBytes = 0;

  /**
   * A loop iteration's step, with the periodic check when it is due (see `tick`); returns what stays
   * buffered. The generated loops call this every iteration rather than testing `steps` themselves:
   * when the check falls due depends on the clock (the stride adapts), so an inline call to `tick`
   * in a loop where it had not run yet would be code the JS engine optimized without ever seeing it
   * run, and reaching it then throws the whole part back to the interpreter. Here, one call site
   * serves every loop, and it has run after the first check of the first render.
   */
  loopStep(o: string): string {
    return ++this.steps > this.checkAt ? this.tick(o) : o;
  }

  /** `loopStep` inside a capture or a block plugin's body, where `o` is a private buffer of `length` characters */
  bufferedStep(length: number): void {
    if (++this.steps > this.checkAt) this.budget(length);
  }

  /**
   * The periodic check: the budgets, and for a streaming render the output so far goes to the sink
   * once it is big enough to be worth a write. Returns what stays buffered.
   */
  tick(o: string): string {
    this.budget(this.writtenBytes + o.length);
    if (this.sink === null || o.length < FLUSH_AT || this.underCapture) return o;
    this.spendOutput(o);
    this.sink(o);
    this.written += o.length;
    this.outAt = this.shared.limits.maxOutputBytes - this.writtenBytes;
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
    const now = checkTime(this.shared);
    if (outputLength + this.belowChars > limits.maxOutputBytes) failOutput(limits);
    const elapsed = now - this.checkedAt;
    if (elapsed < 5) this.stride = Math.min(this.stride * 2, MAX_STRIDE);
    else if (elapsed > 20) this.stride = Math.max(1, Math.floor((this.stride * 20) / elapsed));
    this.checkedAt = now;
    this.checkAt = this.nextCheck();
  }

  /** a print took the output past `outAt` characters: over the budget for sure (see outAt) */
  outputOver(): never {
    return failOutput(this.shared.limits);
  }

  /** a chunk of output leaves (streamed, or the whole output at the end): its exact UTF-8 bytes count */
  spendOutput(chunk: string): void {
    const limits = this.shared.limits;
    const n = chunk.length;
    this.writtenBytes += n > limits.maxOutputBytes ? n : byteLength(chunk);
    if (this.writtenBytes > limits.maxOutputBytes) failOutput(limits);
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

  /** `$smarty.const.NAME`: PHP's Error for a name defined nowhere */
  constant(name: string): Value {
    return lookupConstant(this.shared.constants, name);
  }

  /** `$smarty.const.$name`, PHP's `constant($name)`: the name is converted to a string, an array refused */
  constantOf(name: Value): Value {
    if (name instanceof PhpArray || name instanceof PhpObject) {
      throw new PhpError(
        'TypeError',
        `constant(): Argument #1 ($name) must be of type string, ${errorTypeName(name)} given`,
      );
    }
    return lookupConstant(this.shared.constants, toStr(name));
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

  foreachEntry(own: ForeachState): ForeachState {
    return foreachEntry(this.foreachTable, own);
  }

  foreachProp(name: string, prop: string): Value {
    return foreachProp(this.foreachTable, name, prop);
  }

  foreachProps(name: string): Value {
    return foreachProps(this.foreachTable, name);
  }

  sectionStart(
    name: Value,
    attrs: string,
    loop: Value,
    start: Value,
    step: Value,
    max: Value,
    show: Value,
  ): SectionState {
    return sectionStart((this.sectionTable ??= new Map()), name, attrs, loop, start, step, max, show);
  }

  sectionEntry(own: SectionState): SectionState {
    return sectionEntry(this.sectionTable, own);
  }

  sectionBegin(name: Value): SectionState {
    return sectionBegin((this.sectionTable ??= new Map()), name);
  }

  sectionSet(entry: SectionState, attr: string, v: Value): Value {
    return sectionSet(entry, attr, v);
  }

  sectionProp(name: string, prop: string): Value {
    return sectionProp(this.sectionTable, name, prop);
  }

  sectionProps(name: string): Value {
    return sectionProps(this.sectionTable, name);
  }

  /**
   * `{capture}` starts: the output so far goes below, as PHP's ob_start() puts a new buffer on top;
   * the capture's text is printed from empty. Its end takes the buffer back (`endCapture`). A
   * `{break}`/`{continue}` that leaves the capture before its end leaves the buffer where it is, as
   * Smarty's compiled PHP does: what follows is printed into the capture's buffer, and the next
   * capture end takes the buffer below it, whoever's it was. The render's result is then the top
   * buffer, what Smarty's fetch() reads (PHP flushes the ones below when the request ends, outside
   * the template's result); the compiler warns where this can happen (JUMP_LEAVES_CAPTURE).
   */
  startCapture(o: string): string {
    (this.captureBuffers ??= []).push(o);
    // the checks see the top buffer: what lies below counts against the output budget all the same
    // (a loop that leaves a capture open on every pass would pile buffers up)
    this.belowChars += o.length;
    this.outAt -= o.length;
    return '';
  }

  /** `{/capture}`: the buffer below the capture's, which becomes the output again */
  endCapture(): string {
    const below = this.captureBuffers!.pop()!;
    this.belowChars -= below.length;
    this.outAt += below.length;
    return below;
  }

  /** whether captures left buffers below the output (a streamed render then holds its output back) */
  private get underCapture(): boolean {
    return this.captureBuffers !== null && this.captureBuffers.length > 0;
  }

  /**
   * `{/capture}`: the buffer goes under `name` in $smarty.capture, then Smarty's assign() and append()
   * get the names as given (see smartyAssign, smartyAppend).
   */
  captureEnd(name: string, assign: Value | undefined, append: Value | undefined, buffer: string): void {
    (this.captureTable ??= new Map()).set(name, keepString(buffer));
    if (assign !== undefined) smartyAssign(this.vars, assign, buffer);
    if (append !== undefined) smartyAppend(this.vars, append, buffer);
  }

  /** what this frame holds for the memory budget: its variables and captures */
  held(): Value[] {
    const out = this.vars.roots();
    if (this.captureTable !== null) for (const v of this.captureTable.values()) out.push(v);
    return out;
  }

  capture(name: string): Value {
    const v = this.captureTable?.get(name);
    return v === undefined ? null : v;
  }

  /** `$smarty.capture`: null until a capture ends (Smarty creates the table then) */
  captures(): Value {
    return this.captureTable ? PhpArray.fromEntries(this.captureTable.entries()) : null;
  }

  /* ---------------- plugins ---------------- */

  /**
   * Runs a function plugin, or a block plugin with its `body`: one path for both. The sync render
   * refuses a promise; `callAsync` (in the async variant, for async plugins or bodies) awaits it.
   * `resolve`: the call site's resolver of the attributes (a compiled `resolveAttrs` for its
   * attribute object, see CodegenState.attrsResolver).
   */
  call(
    def: FunctionPluginDef | BlockPluginDef,
    pos: number,
    raw: Record<string, Value>,
    body?: BlockBody,
    resolve?: AttrsResolver,
  ): string | null {
    this.pos = pos;
    this.countStep();
    enterHost(this.shared.host);
    const attrs = resolve === undefined ? resolveAttrs(def, raw, this) : resolve(this, raw);
    const r = (def as BlockPluginDef).run(this, attrs, this.bodyOf(body, pos));
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
    resolve?: AttrsResolver,
  ): Promise<string | null> {
    this.pos = pos;
    this.countStep();
    enterHost(this.shared.host);
    const attrs = resolve === undefined ? resolveAttrs(def, raw, this) : resolve(this, raw);
    const pending = (def as BlockPluginDef).run(this, attrs, this.bodyOf(body, pos));
    // while it waits, code that is not this render's must not run on this render's budgets
    enterHost(DEFAULT_HOST);
    const r = await pending;
    enterHost(this.shared.host);
    this.pos = pos;
    // time spent waiting counts against the time budget
    this.budget(0);
    return r == null ? null : r;
  }

  /**
   * A block's body as its plugin sees it: every render is a step of the render (a block that
   * repeats its body is a loop), and comes back to this render's host and position, since the
   * plugin may call it after an await of its own (a streamed file, a listed folder).
   */
  private bodyOf(body: BlockBody | undefined, pos: number): BlockBody {
    if (body === undefined) return undefined as unknown as BlockBody;
    const wrapped = {
      jump: null as BlockBody['jump'],
      render: (): string | Promise<string> => {
        enterHost(this.shared.host);
        this.pos = pos;
        this.countStep();
        this.jumped = 0;
        const r = body.render();
        if (r instanceof Promise) return r.then((out) => this.tookJump(wrapped, out));
        return this.tookJump(wrapped, r);
      },
    };
    return wrapped;
  }

  /** set by a `{break}` (1) or `{continue}` (2) that ends a repeating block's body */
  jumped = 0;

  private tookJump(body: { jump: BlockBody['jump'] }, out: string): string {
    body.jump = this.jumped === 1 ? 'break' : this.jumped === 2 ? 'continue' : null;
    this.jumped = 0;
    return out;
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
    } else if (e instanceof CyclicDataError) {
      // the data are read where they are (PhpArray.view): a cycle shows where the template reaches it
      code = ErrorCodes.INVALID_DATA;
      message = errorMessage(ErrorCodes.INVALID_DATA, { reason: e.message });
    } else if (e instanceof LimitError) {
      code = ErrorCodes.LIMIT_MEMORY;
      message = errorMessage(ErrorCodes.LIMIT_MEMORY, { what: limitWhat(e) });
      hint = limitHint(e);
    } else {
      // JS errors: never quoted (see thrownError); the place named is the modifier or tag being run
      const inner = this.spans[this.pos];
      const at = inner && span && inner.start >= span.start && inner.end <= span.end ? inner : span;
      ({ code, message } = thrownError(e, placeLabel(at ? this.source.slice(at.start, at.start + 64) : '')));
      if (code === ErrorCodes.LIMIT_MEMORY) hint = 'lower limits.maxStringLength / limits.maxArrayLength';
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

function limitWhat(e: LimitError): string {
  switch (e.what) {
    case 'string':
      return `a string of ${e.size} characters (limits.maxStringLength is ${e.limit})`;
    case 'array':
      return `an array of ${e.size} elements (limits.maxArrayLength is ${e.limit})`;
    default:
      return `about ${e.size} bytes in use (the memory budget is ${e.limit})`;
  }
}

function limitHint(e: LimitError): string {
  return e.what === 'memory'
    ? 'raise it with {set_memory memory_limit=512M} or limits.maxMemoryBytes'
    : `raise limits.${e.what === 'string' ? 'maxStringLength' : 'maxArrayLength'} if this run is legitimate`;
}

/** the time budget, counted from the start of the render */
export function checkTime(shared: RenderShared): number {
  const now = Date.now();
  if (now - shared.startedAt > shared.limits.timeoutMs) {
    fail(ErrorCodes.LIMIT_TIME, { limit: shared.limits.timeoutMs });
  }
  return now;
}

function failOutput(limits: Limits): never {
  return fail(ErrorCodes.LIMIT_OUTPUT, { limit: limits.maxOutputBytes });
}
