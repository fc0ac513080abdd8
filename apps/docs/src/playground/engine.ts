/**
 * Loads the engine packages in the browser. They are imported dynamically so the page still
 * works (and says why) when a package is not built yet: see scripts/vite-sumi-guard.mjs.
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

export type Loaded =
  | { ok: true; engine: Engine; runtime: RuntimeModule; tokenize: ParserModule['tokenize'] | null }
  | { ok: false; message: string; tokenize: ParserModule['tokenize'] | null };

type MaybeMissing = { __sumiMissing?: string } & Record<string, unknown>;

/** @sumi/plugins-io's options for an in-memory copy of the example site; {} while it is not built */
async function exampleSiteOptions(io: MaybeMissing): Promise<Record<string, unknown>> {
  if (io.__sumiMissing || typeof io.memorySite !== 'function' || typeof io.siteOptions !== 'function')
    return {};
  const files = (io.exampleSiteFiles as (now?: number) => unknown)(Date.now());
  const site = await (io.memorySite as (files: unknown) => Promise<unknown>)(files);
  return (io.siteOptions as (site: unknown) => Record<string, unknown>)(site);
}

/**
 * @sumi/plugins-net's options on its fakes (`fakeNet()`), with the example secrets and sendmail's
 * templates rendered by the playground's own engine; {} while the package is not built.
 */
function fakeNetOptions(
  mod: MaybeMissing,
  renderTemplate: (source: string, vars: unknown) => Promise<string>,
): Record<string, unknown> {
  if (mod.__sumiMissing || typeof mod.fakeNet !== 'function' || typeof mod.netOptions !== 'function')
    return {};
  const fakes = (mod.fakeNet as () => { mail?: object })();
  const net = { ...fakes, mail: { ...fakes.mail, renderTemplate } };
  const options = (mod.netOptions as (net: unknown) => { plugins: unknown[]; services: object })(net);
  const secrets = (mod.EXAMPLE_SECRETS ?? {}) as Record<string, string>;
  return { ...options, services: { ...options.services, secrets: { get: (name: string) => secrets[name] } } };
}

export async function loadEngine(): Promise<Loaded> {
  const [parser, php, runtime, mods, io, netMod] = (await Promise.all([
    import('@sumi/parser'),
    import('@sumi/php'),
    import('@sumi/runtime'),
    import('@sumi/modifiers'),
    import('@sumi/plugins-io'),
    import('@sumi/plugins-net'),
  ])) as unknown as [MaybeMissing, MaybeMissing, MaybeMissing, MaybeMissing, MaybeMissing, MaybeMissing];
  const tokenize =
    !parser.__sumiMissing && typeof parser.tokenize === 'function'
      ? (parser.tokenize as ParserModule['tokenize'])
      : null;
  const missing = [php, runtime, mods].map((m) => m.__sumiMissing).filter(Boolean);
  if (missing.length) return { ok: false, message: `${missing.join('; ')}.`, tokenize };
  if (typeof runtime.createEngine !== 'function') {
    return { ok: false, message: '@sumi/runtime does not export createEngine yet.', tokenize };
  }
  const modifiers = Array.isArray(mods.modifiers) ? mods.modifiers : [];
  // the value classes and fromJSONText are PHP's (@sumi/php); the engine is the runtime's
  const rt = { ...php, ...runtime } as unknown as RuntimeModule;
  // the file and data plugins run on the example site (the one `sumi init` writes), in memory:
  // what a run writes stays until the page is reloaded
  const siteOptions = await exampleSiteOptions(io);
  // the network plugins answer from their fakes, which record what would have been sent
  const net = fakeNetOptions(netMod, (source, vars) => engine.render(source, vars).then((r) => r.output));
  const engine = rt.createEngine({
    ...siteOptions,
    plugins: [
      ...modifiers,
      ...((siteOptions.plugins as unknown[] | undefined) ?? []),
      ...((net.plugins as unknown[] | undefined) ?? []),
    ],
    services: { ...(siteOptions.services as object | undefined), ...(net.services as object | undefined) },
  });
  return { ok: true, engine, runtime: rt, tokenize };
}
