/**
 * Loads the engine packages in the render worker (and the parser's tokenizer in the page). They
 * are imported dynamically so the page still works (and says why) when a package is not built
 * yet: see scripts/vite-sumi-guard.mjs.
 *
 * The shapes below are the parts of the public API the playground uses; they are declared here
 * structurally so the playground type-checks against the documented API, not internals.
 */

export interface Position {
  line?: number;
  column?: number;
}

export interface LogEntry extends Position {
  level: string;
  message: string;
  source?: string;
  template?: string;
  /** a failure the plugin survived: IO_NOT_FOUND, IO_PATH_TRAVERSAL, ... */
  code?: string;
}

export interface Diagnostic extends Position {
  severity?: string;
  level?: string;
  code?: string;
  message: string;
  hint?: string;
  span?: { start: number; end: number };
}

export interface SumiErrorLike extends Position {
  name: string;
  code?: string;
  message: string;
  template?: string;
  frame?: string;
  hint?: string;
  span?: { start: number; end: number } | null;
  diagnostics?: Diagnostic[];
}

export interface RenderResult {
  output: string;
  result: unknown;
  log: LogEntry[];
  vars: unknown;
  /** compile warnings of the template */
  warnings?: Diagnostic[];
}

export interface Compiled {
  warnings?: readonly Diagnostic[];
}

export interface Engine {
  compile(source: string, options?: { name?: string }): Compiled;
  render(
    source: string | Compiled,
    data?: unknown,
    options?: { name?: string; context?: string },
  ): Promise<RenderResult>;
}

export interface RuntimeModule {
  createEngine(options: Record<string, unknown>): Engine;
  fromJSONText?(text: string): unknown;
  SumiError?: new (...args: never[]) => Error;
  /** the one error formatter (the CLI prints with it): `file:line:col CODE message`, frame, hint */
  formatError?(err: unknown, options?: { file?: string }): string;
  /** the named run contexts (render/run-contexts.ts) */
  RUN_CONTEXTS?: Record<string, { name: string; description?: string }>;
  /** value classes, to show floats like 1.0 and objects faithfully */
  PhpFloat?: new (
    ...args: never[]
  ) => { value: number };
  PhpObject?: new (...args: never[]) => { props: unknown; className: string };
}

/** @sumi/parser's lossless token: `source.slice(start, end)` is its text. */
export interface Token {
  type: string;
  start: number;
  end: number;
}

export interface ParserModule {
  tokenize(source: string): Token[];
}

/** the parts of plugins-io's in-memory file system the playground reads and edits */
export interface SiteFsHandle {
  snapshot(): Map<string, Uint8Array>;
  stat(path: string): Promise<{ mtimeMs: number; isDir: boolean } | null>;
  write(path: string, data: Uint8Array): Promise<void>;
  remove(path: string): Promise<void>;
  touch(path: string, mtimeMs: number): void;
}

/** the fakes of plugins-net whose calls the playground shows ("would have been sent") */
export interface NetHandle {
  http: { routes: Record<string, unknown>; calls: unknown[] };
  mail?: { sent: unknown[] };
  chat?: { calls: unknown[] };
  social?: { calls: unknown[] };
  cms?: { calls: unknown[] };
  apiLog: unknown[];
}

export type Loaded =
  | {
      ok: true;
      engine: Engine;
      runtime: RuntimeModule;
      /** null while @sumi/plugins-io is not built */
      fs: SiteFsHandle | null;
      /** null while @sumi/plugins-net is not built */
      net: NetHandle | null;
      /** the fake HTTP's routes as the package ships them */
      exampleRoutes: Record<string, unknown>;
    }
  | { ok: false; message: string };

type MaybeMissing = { __sumiMissing?: string } & Record<string, unknown>;

/** a site file to start from: its bytes and modification time */
export interface FileInit {
  data: Uint8Array;
  mtimeMs: number;
}

/**
 * @sumi/plugins-io's options for an in-memory site: the example site (the one `sumi init`
 * writes) or, after a restart, the files the page kept; {} while the package is not built.
 */
async function siteOptionsOf(
  io: MaybeMissing,
  files: Record<string, FileInit> | undefined,
): Promise<{ options: Record<string, unknown>; fs: SiteFsHandle | null }> {
  if (io.__sumiMissing || typeof io.memorySite !== 'function' || typeof io.siteOptions !== 'function')
    return { options: {}, fs: null };
  const init = files ?? (io.exampleSiteFiles as (now?: number) => unknown)(Date.now());
  const site = (await (io.memorySite as (files: unknown) => Promise<unknown>)(init)) as { fs: SiteFsHandle };
  const options = (io.siteOptions as (site: unknown) => Record<string, unknown>)(site);
  return { options, fs: site.fs };
}

/**
 * @sumi/plugins-net's options on its fakes (`fakeNet()`), with the example secrets and sendmail's
 * templates rendered by the playground's own engine; {} while the package is not built.
 */
function fakeNetOptions(
  mod: MaybeMissing,
  renderTemplate: (source: string, vars: unknown) => Promise<string>,
): { options: Record<string, unknown>; net: NetHandle | null } {
  if (mod.__sumiMissing || typeof mod.fakeNet !== 'function' || typeof mod.netOptions !== 'function')
    return { options: {}, net: null };
  const fakes = (mod.fakeNet as () => NetHandle & { mail?: object })();
  const net = { ...fakes, mail: { ...fakes.mail, renderTemplate } } as NetHandle;
  const options = (mod.netOptions as (net: unknown) => { plugins: unknown[]; services: object })(net);
  const secrets = (mod.EXAMPLE_SECRETS ?? {}) as Record<string, string>;
  return {
    options: {
      ...options,
      services: { ...options.services, secrets: { get: (name: string) => secrets[name] } },
    },
    net,
  };
}

/** The engine with every plugin group, on the in-memory site and the fake network. */
export async function loadEngine(
  limits: Record<string, number>,
  files?: Record<string, FileInit>,
): Promise<Loaded> {
  const [php, runtime, mods, io, netMod] = (await Promise.all([
    import('@sumi/php'),
    import('@sumi/runtime'),
    import('@sumi/modifiers'),
    import('@sumi/plugins-io'),
    import('@sumi/plugins-net'),
  ])) as unknown as [MaybeMissing, MaybeMissing, MaybeMissing, MaybeMissing, MaybeMissing];
  const missing = [php, runtime, mods].map((m) => m.__sumiMissing).filter(Boolean);
  if (missing.length) return { ok: false, message: `${missing.join('; ')}.` };
  if (typeof runtime.createEngine !== 'function') {
    return { ok: false, message: '@sumi/runtime does not export createEngine yet.' };
  }
  const modifiers = Array.isArray(mods.modifiers) ? mods.modifiers : [];
  // the value classes and fromJSONText are PHP's (@sumi/php); the engine is the runtime's
  const rt = { ...php, ...runtime } as unknown as RuntimeModule;
  // the file and data plugins run on the example site, in memory: what a run writes stays
  const site = await siteOptionsOf(io, files);
  // the network plugins answer from their fakes, which record what would have been sent
  const net = fakeNetOptions(netMod, (source, vars) => engine.render(source, vars).then((r) => r.output));
  const siteOpts = site.options;
  const netOpts = net.options;
  const engine = rt.createEngine({
    ...siteOpts,
    limits,
    plugins: [
      ...modifiers,
      ...((siteOpts.plugins as unknown[] | undefined) ?? []),
      ...((netOpts.plugins as unknown[] | undefined) ?? []),
    ],
    services: { ...(siteOpts.services as object | undefined), ...(netOpts.services as object | undefined) },
  });
  const exampleRoutes = (netMod.EXAMPLE_ROUTES ?? {}) as Record<string, unknown>;
  return { ok: true, engine, runtime: rt, fs: site.fs, net: net.net, exampleRoutes };
}

/** @sumi/parser's tokenizer for the page's highlighting; null while the parser is not built. */
export async function loadTokenizer(): Promise<ParserModule['tokenize'] | null> {
  const parser = (await import('@sumi/parser')) as unknown as MaybeMissing;
  return !parser.__sumiMissing && typeof parser.tokenize === 'function'
    ? (parser.tokenize as ParserModule['tokenize'])
    : null;
}
