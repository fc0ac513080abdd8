/**
 * The engine: a plugin registry, compiled-template cache, custom functions,
 * and `render` / `renderSync`.
 */

import type { Value } from '@sumi/php';
import {
  BoundedCache,
  CyclicDataError,
  copyValue,
  enterHost,
  fromJS,
  isPlainData,
  leaveHost,
  PHP_CONSTANTS,
  PhpArray,
} from '@sumi/php';
import { type CompiledTemplate, compileTemplate } from './compiler/compile';
import { coreTagDefs } from './compiler/tags';
import { ErrorCodes, errorMessage, fail, SumiError } from './errors';
import { PluginRegistry } from './plugin/registry';
import type { PluginDef } from './plugin/types';
import type { LogEntry, Services } from './render/context';
import { RenderHost } from './render/host';
import { DEFAULT_LIMITS, type Limits } from './render/limits';
import { RUN_CONTEXTS, type RunContextName } from './render/run-contexts';
import { Scope } from './render/scope';
import { defaultServices } from './render/services';
import { checkTime, type RenderShared, RenderState, type RequestData, ReturnSignal } from './render/state';

export interface RequestInput {
  get?: unknown;
  post?: unknown;
  server?: Record<string, unknown>;
  memberId?: number | null;
}

export interface EngineOptions {
  plugins?: readonly PluginDef[];
  /** IANA zone for dates; default Asia/Tokyo */
  timezone?: string;
  limits?: Partial<Limits>;
  services?: Partial<Services>;
  /** site constants for `$smarty.const.NAME` (SITE_KEY, TEMP_DIR2, ...) */
  constants?: Record<string, unknown>;
  /** `$smarty.get/post/request/server/session` */
  request?: RequestInput;
  leftDelimiter?: string;
  rightDelimiter?: string;
  /** compiled templates kept by source (oldest first out); default 500 */
  cacheSize?: number;
  /**
   * estimated bytes of the compiled templates kept (each about ten times its source: the source,
   * its spans and the generated function); default 64 MiB
   */
  templateCacheBytes?: number;
  /**
   * bytes of compiled patterns and other derived data the engine's PHP functions keep between
   * renders (least recently used first out); default 16 MiB
   */
  cacheBytes?: number;
}

export interface RenderOptions {
  name?: string;
  context?: RunContextName;
  /** per-render service overrides (clock, random, ...) */
  services?: Partial<Services>;
  request?: RequestInput;
  /**
   * Streams the output: loops hand it over in chunks as they go (at least 16 K characters each, the
   * last one at the end), so a batch printing a million lines never holds them all. The result's
   * `output` is then ''. Output inside `{capture}` and block plugins stays buffered until it is
   * printed. On an error, what was written stays written.
   */
  write?: (chunk: string) => void;
}

export interface RenderResult {
  /** what the template printed ('' when it went to RenderOptions.write) */
  output: string;
  /** the run context's result (see RUN_CONTEXTS) */
  result: Value;
  log: LogEntry[];
  /** the variables after the run */
  vars: PhpArray;
  /** compile warnings of the template */
  warnings: CompiledTemplate['warnings'];
}

/** a class, not a literal with a getter: cheap to create on every render */
class Result implements RenderResult {
  constructor(
    readonly output: string,
    readonly result: Value,
    readonly log: LogEntry[],
    private readonly scope: Scope,
    readonly warnings: CompiledTemplate['warnings'],
  ) {}

  /** the variables after the run, built on demand: most callers only want the output */
  get vars(): PhpArray {
    return PhpArray.fromEntries(this.scope.entries());
  }
}

export interface FunctionDefinition {
  name: string;
  id?: number;
  source: string;
}

/** server keys the CMS removes from $smarty.server */
const HIDDEN_SERVER_KEYS = [
  'DOCUMENT_ROOT',
  'SCRIPT_FILENAME',
  'SERVER_SOFTWARE',
  'SERVER_ADDR',
  'SERVER_PORT',
  'REMOTE_PORT',
  'REDIRECT_STATUS',
];

/**
 * The variables of a render: a plain JS object (`{ name: 'Ann', rows: [1, 2] }`), a PHP array, or
 * what `fromJSONText` returns. Each top-level key becomes a variable. Data that is not an object
 * (a string, a number, a list-less scalar from JSON) fails with INVALID_DATA.
 *
 * Plain objects and arrays are read in place, not converted first: leave them unchanged until the
 * render ends (an async render included). The render never writes them. Data that contain
 * themselves fail with INVALID_DATA: where the template reaches the cycle, or before the render
 * when a top-level value is the data themselves.
 */
export type TemplateData = Value | { readonly [name: string]: unknown } | null | undefined;

export class Engine {
  readonly registry = new PluginRegistry();
  readonly limits: Limits;
  private readonly cache = new Map<string, CompiledTemplate>();
  private cachedBytes = 0;
  private readonly functionsByName = new Map<string, FunctionDefinition>();
  private readonly functionsById = new Map<number, FunctionDefinition>();
  private readonly constants: Map<string, Value>;
  /** the PHP functions' caches (compiled patterns, ...): per engine, bounded in bytes */
  private readonly phpCache: BoundedCache;

  constructor(readonly options: EngineOptions = {}) {
    for (const def of coreTagDefs) this.registry.register(def);
    for (const def of options.plugins ?? []) this.registry.register(def);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.constants = new Map(PHP_CONSTANTS);
    for (const [k, v] of Object.entries(options.constants ?? {})) this.constants.set(k, fromJS(v));
    this.phpCache = new BoundedCache(options.cacheBytes ?? 16 * 1024 * 1024);
  }

  register(...defs: PluginDef[]): this {
    for (const def of defs) this.registry.register(def);
    this.cache.clear();
    this.cachedBytes = 0;
    return this;
  }

  plugins(): readonly PluginDef[] {
    return this.registry.definitions();
  }

  defineFunction(fn: FunctionDefinition): this {
    this.functionsByName.set(fn.name, fn);
    if (fn.id !== undefined) this.functionsById.set(fn.id, fn);
    return this;
  }

  compile(source: string, opts: { name?: string } = {}): CompiledTemplate {
    const name = opts.name ?? 'template.tpl';
    const cacheKey = `${name}\0${source}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    // compiling is linear in the source: its length bounds the time and memory it takes
    if (source.length > this.limits.maxTemplateLength) {
      throw new SumiError({
        code: ErrorCodes.LIMIT_TEMPLATE,
        message: errorMessage(ErrorCodes.LIMIT_TEMPLATE, {
          length: source.length,
          limit: this.limits.maxTemplateLength,
        }),
        template: name,
        source: '',
        span: null,
        hint: 'raise limits.maxTemplateLength if this template is legitimate',
      });
    }
    const compiled = compileTemplate({
      source,
      name,
      registry: this.registry,
      leftDelimiter: this.options.leftDelimiter,
      rightDelimiter: this.options.rightDelimiter,
    });
    const bytes = templateBytes(compiled);
    const maxBytes = this.options.templateCacheBytes ?? 64 * 1024 * 1024;
    if (bytes > maxBytes / 4) return compiled;
    for (const [key, old] of this.cache) {
      if (this.cache.size < (this.options.cacheSize ?? 500) && this.cachedBytes + bytes <= maxBytes) break;
      this.cache.delete(key);
      this.cachedBytes -= templateBytes(old);
    }
    this.cache.set(cacheKey, compiled);
    this.cachedBytes += bytes;
    return compiled;
  }

  async render(
    template: string | CompiledTemplate,
    data?: TemplateData,
    opts: RenderOptions = {},
  ): Promise<RenderResult> {
    const startedAt = Date.now();
    const tpl = typeof template === 'string' ? this.compile(template, { name: opts.name }) : template;
    const { rt, vars, shared } = this.start(tpl, data, opts, true, startedAt);
    let output: string;
    let returned: Value | undefined;
    try {
      let run: string | Promise<string>;
      // the synchronous stretch runs on this render's host; after each await the generated code
      // makes it current again (RenderState.back)
      const prev = enterHost(shared.host);
      try {
        run = tpl.async ? tpl.async(rt, vars) : tpl.sync(rt, vars);
      } finally {
        leaveHost(prev);
      }
      output = await run;
    } catch (e) {
      if (!(e instanceof ReturnSignal)) {
        shared.host.done = true;
        throw e;
      }
      output = e.output ?? '';
      returned = e.value;
    }
    return this.finish(tpl, output, returned, vars, rt, opts);
  }

  renderSync(
    template: string | CompiledTemplate,
    data?: TemplateData,
    opts: RenderOptions = {},
  ): RenderResult {
    const startedAt = Date.now();
    const tpl = typeof template === 'string' ? this.compile(template, { name: opts.name }) : template;
    const { rt, vars, shared } = this.start(tpl, data, opts, false, startedAt);
    let output: string;
    let returned: Value | undefined;
    const prev = enterHost(shared.host);
    try {
      output = tpl.sync(rt, vars);
    } catch (e) {
      if (!(e instanceof ReturnSignal)) {
        shared.host.done = true;
        throw e;
      }
      output = e.output ?? '';
      returned = e.value;
    } finally {
      leaveHost(prev);
    }
    return this.finish(tpl, output, returned, vars, rt, opts);
  }

  private start(
    tpl: CompiledTemplate,
    data: TemplateData,
    opts: RenderOptions,
    isAsync: boolean,
    startedAt: number,
  ) {
    const shared = new Run(this, opts, this.limits, this.constants, this.phpCache, startedAt, isAsync);
    const vars = initialVars(data);
    const rt = new RenderState(shared, tpl.name, tpl.source, tpl.spans, vars);
    shared.frames.push(rt);
    if (opts.write !== undefined) rt.sink = opts.write;
    return { rt, vars, shared };
  }

  private finish(
    tpl: CompiledTemplate,
    output: string,
    returned: Value | undefined,
    vars: Scope,
    rt: RenderState,
    opts: RenderOptions,
  ): RenderResult {
    const shared = rt.shared;
    shared.host.done = true;
    // the budgets hold at the end too: time spent since the last check, the exact bytes of output
    try {
      checkTime(shared);
      // a character is at most 3 UTF-8 bytes: far from the budget, counting them is not needed
      if (rt.writtenBytes + output.length * 3 > shared.limits.maxOutputBytes) rt.spendOutput(output);
    } catch (e) {
      throw rt.positioned(e, -1, output);
    }
    if (shared.logDropped > 0) {
      shared.log.push({
        level: 'warn',
        message: `${shared.logDropped} more log entries were dropped (limits.maxLogEntries ${shared.limits.maxLogEntries}, limits.maxLogBytes ${shared.limits.maxLogBytes})`,
        template: tpl.name,
      });
    }
    const ctx = RUN_CONTEXTS[opts.context ?? 'batch'];
    const result = ctx.result(vars, output, returned);
    if (opts.write !== undefined) {
      if (output !== '') opts.write(output);
      output = '';
    }
    return new Result(output, result, shared.log, vars, tpl.warnings);
  }

  /** @internal `{function name=… var=… arg=…}` (through the render's RenderShared) */
  callFunction(rt: RenderState, attrs: Record<string, Value>): Value | Promise<Value> {
    const name = attrs.name;
    const id = attrs.id;
    const fn =
      name !== undefined && name !== null
        ? this.functionsByName.get(String(name))
        : this.functionsById.get(Number(id));
    if (!fn) {
      fail(
        ErrorCodes.UNKNOWN_FUNCTION,
        { attribute: name != null ? 'name' : 'id' },
        'register it with engine.defineFunction({ name, source }) or `sumi render --functions DIR`',
      );
    }
    const shared = rt.shared;
    if (shared.depth >= shared.limits.maxDepth) {
      fail(ErrorCodes.LIMIT_DEPTH, { what: `custom functions nested deeper than ${shared.limits.maxDepth}` });
    }
    const tpl = this.compile(fn.source, { name: fn.name });
    const vars = new Scope();
    for (const [k, v] of Object.entries(attrs)) {
      if (k !== 'var' && k !== 'name' && k !== 'id') vars.set(k, copyValue(v));
    }
    const child = new RenderState(shared, tpl.name, tpl.source, tpl.spans, vars, rt.steps);
    child.writtenBytes = rt.writtenBytes;
    child.outAt = rt.outAt;
    const target = String(attrs.var);
    const done = (returned: Value | undefined) => {
      shared.depth--;
      shared.frames.pop();
      // the function's loop iterations and plugin calls count against the caller's step budget
      rt.steps = Math.max(rt.steps, child.steps);
      rt.assign(target, returned ?? null);
      return null;
    };
    shared.depth++;
    shared.frames.push(child);
    const onError = (e: unknown) => {
      if (e instanceof ReturnSignal) return done(e.value);
      shared.depth--;
      shared.frames.pop();
      rt.steps = Math.max(rt.steps, child.steps);
      throw e;
    };
    if (shared.isAsync && tpl.async) {
      return tpl.async(child, vars).then(() => done(undefined), onError);
    }
    try {
      tpl.sync(child, vars);
    } catch (e) {
      return onError(e);
    }
    return done(undefined);
  }
}

/** what a compiled template costs in the cache, estimated: its source, name and spans, and its code */
function templateBytes(t: CompiledTemplate): number {
  return (t.source.length + t.name.length) * 4 + t.spans.length * 48 + t.code.length * 4;
}

function toArray(v: unknown): PhpArray {
  const r = fromJS(v ?? null);
  return r instanceof PhpArray ? r.clone() : new PhpArray();
}

/**
 * One render's shared state. A class rather than an object literal with arrow functions: starting a
 * render, which every small page pays for, makes no closures.
 */
class Run implements RenderShared {
  readonly host: RenderHost;
  memoryLimit: number;
  readonly frames: RenderState[] = [];
  readonly log: LogEntry[] = [];
  logBytes = 0;
  logDropped = 0;
  spent: RenderShared['spent'] = null;
  pluginState: Map<string, unknown> | null = null;
  depth = 0;
  private servicesMade: Services | null = null;
  private requestMade: RequestData | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly opts: RenderOptions,
    readonly limits: Limits,
    readonly constants: ReadonlyMap<string, Value>,
    cache: BoundedCache,
    readonly startedAt: number,
    readonly isAsync: boolean,
  ) {
    this.memoryLimit = limits.maxMemoryBytes;
    this.host = new RenderHost(limits, cache, this, limits.maxMemoryBytes);
  }

  /** made on first use: most renders never touch a service */
  services(): Services {
    return (this.servicesMade ??= defaultServices({
      timezone: this.engine.options.timezone ?? 'Asia/Tokyo',
      ...this.engine.options.services,
      ...this.opts.services,
    }));
  }

  request(): RequestData {
    return (this.requestMade ??= requestData(
      this.opts.request ?? this.engine.options.request ?? {},
      this.services(),
    ));
  }

  callFunction(rt: RenderState, attrs: Record<string, Value>): Value | Promise<Value> {
    return this.engine.callFunction(rt, attrs);
  }
}

/** `$smarty.get/post/request/server/session` of a render, from RenderOptions.request or the engine's */
function requestData(req: RequestInput, services: Services): RequestData {
  const get = toArray(req.get);
  const post = toArray(req.post);
  const server = toArray(req.server);
  for (const k of HIDDEN_SERVER_KEYS) server.delete(k);
  const request = get.clone();
  for (const [k, v] of post.entries()) request.set(k, v);
  const memberId = req.memberId !== undefined ? req.memberId : services.session.memberId;
  return { get, post, request, server, session: PhpArray.fromEntries([['member_id', memberId ?? null]]) };
}

/**
 * The data's PHP array. Plain objects and arrays are not converted: the render reads them in place
 * (PhpArray.view) and builds an array of its own only where the template changes one, so a render
 * pays for the data it reads, not for all of them. The caller must not change them until it ends.
 */
function dataArray(data: object): Value {
  if (data instanceof PhpArray) return data;
  if (!isPlainData(data)) return fromJS(data);
  // the top level is built at once: every variable the template reads is looked up in it, and
  // built, a lookup is a scan of a few keys (the values below stay the caller's until read)
  return PhpArray.view(data, fromJS).materialize();
}

function initialVars(data: TemplateData): Scope {
  if (data == null) return new Scope();
  let arr: Value;
  try {
    arr = typeof data === 'object' ? dataArray(data) : fromJS(data);
  } catch (e) {
    // a top-level value that is the data themselves: found while the top level is built
    if (!(e instanceof CyclicDataError)) throw e;
    throw invalidData({ reason: e.message });
  }
  if (!(arr instanceof PhpArray)) throw invalidData({ got: describeData(arr) });
  // the caller keeps its data: the run reads them in place and copies an array only to change it
  // (its own handle is an O(1) copy-on-write copy)
  return new Scope(arr.clone());
}

function invalidData(params: { got?: string; reason?: string }): SumiError {
  return new SumiError({
    code: ErrorCodes.INVALID_DATA,
    message: errorMessage(ErrorCodes.INVALID_DATA, params),
    template: '',
    source: '',
    span: null,
  });
}

/** what non-object data is, for the message */
function describeData(v: Value): string {
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'boolean') return 'a boolean';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'an object that is not an array' : 'a number';
}

/**
 * An engine with the core tags only: add plugin groups through `plugins`.
 * `createEngine` from '@sumi/runtime' also registers Smarty's functions and
 * the catalog's variable plugins; this one keeps browser bundles small.
 */
export function createCoreEngine(options: EngineOptions = {}): Engine {
  return new Engine(options);
}
