/**
 * The engine: a plugin registry, compiled-template cache, custom functions,
 * and `render` / `renderSync`.
 */

import type { Value } from '@sumi/php';
import { copyValue, fromJS, PHP_CONSTANTS, PhpArray } from '@sumi/php';
import { type CompiledTemplate, compileTemplate } from './compiler/compile';
import { coreTagDefs } from './compiler/tags';
import { ErrorCodes, errorMessage, fail, SumiError } from './errors';
import { PluginRegistry } from './plugin/registry';
import type { PluginDef } from './plugin/types';
import type { LogEntry, Services } from './render/context';
import { DEFAULT_LIMITS, type Limits } from './render/limits';
import { RUN_CONTEXTS, type RunContextName } from './render/run-contexts';
import { Scope } from './render/scope';
import { defaultServices } from './render/services';
import { type RenderShared, RenderState, type RequestData, ReturnSignal } from './render/state';

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
  /** compiled templates kept by source (LRU by insertion); default 500 */
  cacheSize?: number;
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
 */
export type TemplateData = Value | { readonly [name: string]: unknown } | null | undefined;

export class Engine {
  readonly registry = new PluginRegistry();
  readonly limits: Limits;
  private readonly cache = new Map<string, CompiledTemplate>();
  private readonly functionsByName = new Map<string, FunctionDefinition>();
  private readonly functionsById = new Map<number, FunctionDefinition>();
  private readonly constants: Map<string, Value>;

  constructor(readonly options: EngineOptions = {}) {
    for (const def of coreTagDefs) this.registry.register(def);
    for (const def of options.plugins ?? []) this.registry.register(def);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.constants = new Map(PHP_CONSTANTS);
    for (const [k, v] of Object.entries(options.constants ?? {})) this.constants.set(k, fromJS(v));
  }

  register(...defs: PluginDef[]): this {
    for (const def of defs) this.registry.register(def);
    this.cache.clear();
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
    const compiled = compileTemplate({
      source,
      name,
      registry: this.registry,
      leftDelimiter: this.options.leftDelimiter,
      rightDelimiter: this.options.rightDelimiter,
    });
    if (this.cache.size >= (this.options.cacheSize ?? 500)) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(cacheKey, compiled);
    return compiled;
  }

  async render(
    template: string | CompiledTemplate,
    data?: TemplateData,
    opts: RenderOptions = {},
  ): Promise<RenderResult> {
    const tpl = typeof template === 'string' ? this.compile(template, { name: opts.name }) : template;
    const { rt, vars, shared } = this.start(tpl, data, opts, true);
    let output: string;
    let returned: Value | undefined;
    try {
      output = tpl.async ? await tpl.async(rt, vars) : tpl.sync(rt, vars);
    } catch (e) {
      if (!(e instanceof ReturnSignal)) throw e;
      output = e.output ?? '';
      returned = e.value;
    }
    return this.finish(tpl, output, returned, vars, shared, opts);
  }

  renderSync(
    template: string | CompiledTemplate,
    data?: TemplateData,
    opts: RenderOptions = {},
  ): RenderResult {
    const tpl = typeof template === 'string' ? this.compile(template, { name: opts.name }) : template;
    const { rt, vars, shared } = this.start(tpl, data, opts, false);
    let output: string;
    let returned: Value | undefined;
    try {
      output = tpl.sync(rt, vars);
    } catch (e) {
      if (!(e instanceof ReturnSignal)) throw e;
      output = e.output ?? '';
      returned = e.value;
    }
    return this.finish(tpl, output, returned, vars, shared, opts);
  }

  private start(tpl: CompiledTemplate, data: TemplateData, opts: RenderOptions, isAsync: boolean) {
    let services: Services | null = null;
    let request: RequestData | null = null;
    const getServices = () =>
      (services ??= defaultServices({
        timezone: this.options.timezone ?? 'Asia/Tokyo',
        ...this.options.services,
        ...opts.services,
      }));
    const shared: RenderShared = {
      services: getServices,
      request: () =>
        (request ??= this.requestData(opts.request ?? this.options.request ?? {}, getServices())),
      limits: this.limits,
      log: [],
      constants: this.constants,
      pluginState: null,
      startedAt: 0,
      depth: 0,
      isAsync,
      callFunction: (rt, attrs) => this.callFunction(rt, attrs),
    };
    const vars = initialVars(data);
    const rt = new RenderState(shared, tpl.name, tpl.source, tpl.spans, vars);
    if (opts.write !== undefined) rt.sink = opts.write;
    return { rt, vars, shared };
  }

  private finish(
    tpl: CompiledTemplate,
    output: string,
    returned: Value | undefined,
    vars: Scope,
    shared: RenderShared,
    opts: RenderOptions,
  ): RenderResult {
    const ctx = RUN_CONTEXTS[opts.context ?? 'batch'];
    const result = ctx.result(vars, output, returned);
    if (opts.write !== undefined) {
      if (output !== '') opts.write(output);
      output = '';
    }
    return new Result(output, result, shared.log, vars, tpl.warnings);
  }

  private requestData(req: RequestInput, services: Services): RequestData {
    const get = toArray(req.get);
    const post = toArray(req.post);
    const server = toArray(req.server);
    for (const k of HIDDEN_SERVER_KEYS) server.delete(k);
    const request = get.clone();
    for (const [k, v] of post.entries()) request.set(k, v);
    const memberId = req.memberId !== undefined ? req.memberId : services.session.memberId;
    return { get, post, request, server, session: PhpArray.fromEntries([['member_id', memberId ?? null]]) };
  }

  /** `{function name=… var=… arg=…}` */
  private callFunction(rt: RenderState, attrs: Record<string, Value>): Value | Promise<Value> {
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
    const target = String(attrs.var);
    const done = (returned: Value | undefined) => {
      shared.depth--;
      // the function's loop iterations and plugin calls count against the caller's step budget
      rt.steps = Math.max(rt.steps, child.steps);
      rt.assign(target, returned ?? null);
      return null;
    };
    shared.depth++;
    const onError = (e: unknown) => {
      if (e instanceof ReturnSignal) return done(e.value);
      shared.depth--;
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

function toArray(v: unknown): PhpArray {
  const r = fromJS(v ?? null);
  return r instanceof PhpArray ? r.clone() : new PhpArray();
}

function initialVars(data: TemplateData): Scope {
  if (data == null) return new Scope();
  const arr = data instanceof PhpArray ? data : fromJS(data);
  if (!(arr instanceof PhpArray)) {
    throw new SumiError({
      code: ErrorCodes.INVALID_DATA,
      message: errorMessage(ErrorCodes.INVALID_DATA, { got: describeData(arr) }),
      template: '',
      source: '',
      span: null,
    });
  }
  // the caller keeps its data: the run reads them in place and copies an array only to change it;
  // its own handle (O(1), copy-on-write) also keeps the run's view if the caller changes the data
  // while an async render is waiting
  return new Scope(arr.clone());
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
