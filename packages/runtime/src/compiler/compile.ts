/**
 * Source → parsed AST → generated JavaScript → a render function.
 *
 * The generated code is built only from the AST (user text enters it through
 * JSON.stringify), and it reaches values only through the helpers, so a
 * template cannot touch host objects.
 */
import { type Diagnostic, locate, parse, type Span, type Template } from '@sumi/parser';
import {
  type ErrorCode,
  ErrorCodes,
  errorMessage,
  isStackOverflow,
  type SumiDiagnostic,
  SumiError,
} from '../errors';
import type { PluginRegistry } from '../plugin/registry';
import { helpers } from '../render/helpers';
import type { Scope } from '../render/scope';
import { type RenderState, ReturnSignal } from '../render/state';
import { writeSummary } from './analysis';
import { awaits, compileStatements, guarded, splitParts } from './codegen';
import { CodegenState, type CompileOptions } from './state';
import { coreTags } from './tags';

export type RenderFn = (rt: RenderState, vars: Scope) => string;
export type AsyncRenderFn = (rt: RenderState, vars: Scope) => Promise<string>;

export interface CompiledTemplate {
  readonly name: string;
  readonly source: string;
  readonly spans: readonly Span[];
  /** warnings found while compiling (errors throw) */
  readonly warnings: readonly SumiDiagnostic[];
  readonly sync: RenderFn;
  /** null when nothing in the template can be async: `render` then runs `sync` */
  readonly async: AsyncRenderFn | null;
  /** the generated JavaScript, for debugging */
  readonly code: string;
}

export interface CompileInput {
  source: string;
  name: string;
  registry: PluginRegistry;
  leftDelimiter?: string;
  rightDelimiter?: string;
}

/**
 * Compiles, or throws a SumiError: a JS error escaping the compiler (a bug, or a stack overflow on a
 * shape no limit foresaw) becomes INTERNAL or LIMIT_DEPTH, with the JS error as `cause`.
 */
export function compileTemplate(input: CompileInput): CompiledTemplate {
  let compiled: CompiledTemplate;
  try {
    compiled = compileChecked(input);
  } catch (e) {
    if (e instanceof SumiError) throw e;
    throw unexpected(e, input.source, input.name, 'the compiler');
  }
  return {
    ...compiled,
    sync: guardEntry(compiled.sync, compiled),
    async: compiled.async && guardEntry(compiled.async, compiled),
  };
}

/** a JS error outside any tag, as a SumiError at the start of the template */
function unexpected(e: unknown, source: string, name: string, where: string): SumiError {
  const depth = isStackOverflow(e);
  return new SumiError({
    code: depth ? ErrorCodes.LIMIT_DEPTH : ErrorCodes.INTERNAL,
    message: depth
      ? errorMessage(ErrorCodes.LIMIT_DEPTH, { what: TOO_DEEP })
      : errorMessage(ErrorCodes.INTERNAL, { where }),
    template: name,
    source,
    span: { start: 0, end: 0 },
    cause: e,
  });
}

const TOO_DEEP = 'the template is too deeply nested to compile';

/**
 * A JS engine compiles the render function's body when it is first called, and may only then find it
 * too deep for its parser: that error is thrown by the call itself, before the body's own error handling
 * runs. It comes out as LIMIT_DEPTH like the same error at compile time.
 */
function guardEntry<F extends RenderFn | AsyncRenderFn>(fn: F, tpl: CompiledTemplate): F {
  const unguarded = fn as (rt: RenderState, vars: Scope) => string | Promise<string>;
  const guarded = (rt: RenderState, vars: Scope) => {
    try {
      return unguarded(rt, vars);
    } catch (e) {
      if (e instanceof SumiError || e instanceof ReturnSignal) throw e;
      throw unexpected(e, tpl.source, tpl.name, 'the template');
    }
  };
  return guarded as F;
}

function compileChecked(input: CompileInput): CompiledTemplate {
  const { source, name, registry } = input;
  const { ast, diagnostics } = parse(source, {
    templateName: name,
    blockTags: registry.blockNames(),
    loopTags: registry.loopBlockNames(),
    leftDelimiter: input.leftDelimiter,
    rightDelimiter: input.rightDelimiter,
  });
  // a failed compile still reports the warnings, in source order, beside its errors
  if (diagnostics.some((d) => d.severity === 'error')) throw syntaxError(source, name, diagnostics);

  const delimiters = {
    leftDelimiter: input.leftDelimiter || '{',
    rightDelimiter: input.rightDelimiter || '}',
  };
  // a part compiled on its first call that is too deep for the JS engine fails as this compile would.
  // The compiled template keeps this until then: it holds the root's span and the warnings, never
  // the syntax tree or the code generator's state (a template kept in the cache would keep them)
  const rootSpan = ast.span;
  const tooDeep = (warnings: SumiDiagnostic[]): SumiError =>
    compileFailure(
      {
        errors: [
          {
            code: ErrorCodes.LIMIT_DEPTH,
            message: errorMessage(ErrorCodes.LIMIT_DEPTH, { what: TOO_DEEP }),
            span: rootSpan,
          },
        ],
        warnings,
      },
      source,
      name,
      diagnostics,
    )!;
  const sync = generate(
    ast,
    registry,
    { name, source, body: ast.body, async: false, ...delimiters },
    tooDeep,
  );
  throwIfErrors(sync.state, source, name, diagnostics);
  const asyncGen = sync.state.usesAsync
    ? generate(ast, registry, { ...sync.state.options, async: true }, tooDeep)
    : null;
  if (asyncGen) throwIfErrors(asyncGen.state, source, name, diagnostics);
  const warnings: SumiDiagnostic[] = [
    ...diagnostics.filter((d) => d.severity === 'warning'),
    ...sync.state.warnings,
  ];
  return {
    name,
    source,
    spans: sync.state.spans,
    warnings,
    sync: sync.fn as RenderFn,
    async: asyncGen ? (asyncGen.fn as AsyncRenderFn) : null,
    code: asyncGen ? asyncGen.code : sync.code,
  };
}

function generate(
  ast: Template,
  registry: PluginRegistry,
  options: CompileOptions,
  tooDeep: (warnings: SumiDiagnostic[]) => SumiError,
) {
  const isAsync = options.async;
  const state = new CodegenState(registry, options, coreTags);
  state.written = writeSummary(ast.body, state, false, true).names;
  state.depth++;
  const statements = compileStatements(state, ast.body);
  state.depth--;
  const parts = splitParts(statements);
  const helperNames = `"use strict";\nconst { ${Object.keys(helpers).join(', ')} } = H;\n`;
  const header = `${helperNames}${state.prelude()}`;
  let body: string;
  let lazy = '';
  let partsCode = '';
  /** each lazily compiled part: its constant's slot, and where its source lies in `partsCode` */
  const partPlaces: [slot: number, start: number, end: number][] = [];
  if (parts.length === 1)
    body = `let o = '';\n${state.slotDeclarations(parts[0]!.slots)}${guarded(parts[0]!.code)}`;
  else {
    // a long template runs as a chain of functions, each small enough for V8 to optimize (one
    // function of ~60 KB of bytecode or more never is); each keeps its own position for errors.
    // Each part is handed to the JS engine on its first call: compiling the template then costs no
    // JS parsing of its parts (the engine would only pre-parse them now and parse them again when
    // they first run), and a part that never runs is never parsed.
    // The prelude's functions are declared once, in the render's module, and handed to the parts
    // (P): a part's source is only its own code, and every part calls the same functions (one
    // optimized copy of each, where declaring them in every part made a copy per part).
    const names = state.preludeNames().join(', ');
    const partHeader = `${helperNames}const { ${names} } = P;\n`;
    const sources = parts.map(
      ({ code, slots }, i) =>
        `${partHeader}return (${awaits(code, isAsync) ? 'async ' : ''}function part${i}(rt, V, o) {\n${state.slotDeclarations(slots)}${guarded(code)}\n});`,
    );
    const calls = parts.map(({ code }, i) =>
      awaits(code, isAsync) ? `o = rt.back(await part${i}(rt, V, o));\n` : `o = part${i}(rt, V, o);\n`,
    );
    const failed = state.constant(tooDeepOnce(tooDeep, state.warnings));
    // the sources are joined with `+`, never `join` or a Map key (constant() would hash them); each
    // part's constant is set below to its place in the one flat copy of the whole code
    for (let i = 0; i < sources.length; i++) {
      const k = state.constants.push(null) - 1;
      lazy += `let part${i} = (rt, V, o) => (part${i} = part(K[${k}]))(rt, V, o);\n`;
      partsCode += `\n/* part${i}, compiled on its first call */\n`;
      const start = partsCode.length;
      partsCode += sources[i];
      partPlaces.push([k, start, partsCode.length]);
    }
    lazy += `const P = { ${names} };
function part(src) {
try { return new Function('H', 'K', 'C', 'P', src)(H, K, C, P); } catch { throw ${failed}(); }
}
`;
    body = `let o = '';\n${calls.join('')}return o;`;
  }
  const code = `${header}${lazy}return ${isAsync ? 'async ' : ''}function render(rt, V) {
${body}
};`;
  // The code was built piece by piece (a rope of thousands of nodes): a compiled template keeps it
  // (for debugging, and the parts until their first call), so it is flattened once, and the parts'
  // sources are slices of that one copy. A kept rope would cost a cached template ten times its text.
  const whole = code + partsCode;
  whole.charCodeAt(0); // flattens in place
  for (const [k, start, end] of partPlaces)
    state.constants[k] = whole.slice(code.length + start, code.length + end);
  if (state.errors.length) return { state, code: whole, fn: null };
  let factory: (h: typeof helpers, k: unknown[], c: { i: number }[]) => RenderFn | AsyncRenderFn;
  try {
    factory = new Function('H', 'K', 'C', code) as typeof factory;
  } catch {
    // the nesting limits keep generated code shallow; this is the last guard.
    // The JS error's own text (a stack overflow, say) is not shown: it says nothing about the template
    state.error(ErrorCodes.LIMIT_DEPTH, { what: TOO_DEEP }, ast.span);
    return { state, code: whole, fn: null };
  }
  return { state, code: whole, fn: factory(helpers, state.constants, state.sites) };
}

/**
 * `tooDeep(warnings)`, made on the first call. Its own function: a closure made inside `generate`
 * would share that call's scope, and with it keep the code generator's state (and through its
 * options, the whole syntax tree) for as long as the compiled template lives.
 */
function tooDeepOnce(
  tooDeep: (warnings: SumiDiagnostic[]) => SumiError,
  warnings: SumiDiagnostic[],
): () => SumiError {
  return once(() => tooDeep(warnings));
}

/** `make()`'s value, made on the first call */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

function throwIfErrors(state: CodegenState, source: string, name: string, parsed: Diagnostic[]): void {
  const failure = compileFailure(state, source, name, parsed);
  if (failure) throw failure;
}

/** the SumiError of a compile with errors (the first error, with every diagnostic), or null */
function compileFailure(
  state: Pick<CodegenState, 'errors' | 'warnings'>,
  source: string,
  name: string,
  parsed: Diagnostic[],
): SumiError | null {
  const errs = state.errors;
  const first = errs[0];
  if (!first) return null;
  const all: SumiDiagnostic[] = [
    ...errs.map((e) => toDiagnostic(source, e.code, e.message, e.span, e.hint)),
    ...parsed,
    ...state.warnings,
  ].sort((a, b) => a.span.start - b.span.start);
  return new SumiError({
    code: first.code,
    message: first.message,
    template: name,
    source,
    span: first.span,
    hint: first.hint,
    diagnostics: all,
  });
}

function syntaxError(source: string, name: string, diagnostics: Diagnostic[]): SumiError {
  // the error is the first the parser found (Smarty stops there too); the list is in source order,
  // so an unclosed block found at the end of the file is shown at its opening tag's place
  const first = diagnostics.find((d) => d.severity === 'error')!;
  return new SumiError({
    code: first.code,
    message: first.message,
    template: name,
    source,
    span: first.span,
    hint: first.hint,
    diagnostics: [...diagnostics].sort((a, b) => a.span.start - b.span.start),
  });
}

function toDiagnostic(
  source: string,
  code: ErrorCode,
  message: string,
  span: Span,
  hint?: string,
): SumiDiagnostic {
  const { line, column } = locate(source, span.start);
  const d: SumiDiagnostic = { code, severity: 'error', message, span, line, column };
  if (hint !== undefined) d.hint = hint;
  return d;
}
