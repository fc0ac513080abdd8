/**
 * Codegen state for one template: the tables the generated function closes
 * over (constants, modifier and plugin definitions, spans) and the
 * diagnostics found while generating; and the shape of a core tag, which
 * compiles against this state.
 */
import { type BlockNode, type IfNode, locate, type Node, type Span, type TagNode } from '@sumi/parser';
import { stringKey } from '@sumi/php';
import {
  type ErrorCode,
  type ErrorParams,
  errorMessage,
  type RuntimeErrorCode,
  type SumiDiagnostic,
} from '../errors';
import type { PluginRegistry } from '../plugin/registry';
import type { CompilerTagDef } from '../plugin/types';
import { type WriteSummary, writeSummary } from './analysis';
import { jsString } from './js-string';

/**
 * Follows every print of a value of unknown size: a print can add a string of up to
 * limits.maxStringLength characters with no loop in between, so the output budget is checked here
 * too (RenderState.outAt / output; a comparison unless the output is near its budget).
 */
export const OUTPUT_CHECK = ' if (o.length > rt.outAt) rt.outputOver();';

export interface CompileOptions {
  name: string;
  /** the template's source, for the positions of warnings */
  source: string;
  /** the template's top-level nodes, for messages that name what encloses a tag */
  body?: readonly Node[];
  /** generate an async function (await at async plugin calls) */
  async: boolean;
  /** the engine's delimiters (`$smarty.ldelim` prints them) */
  leftDelimiter: string;
  rightDelimiter: string;
}

/**
 * A core tag: one module in `tags/`, registered in `tags/index.ts`. The parser's CORE_TAGS says
 * which node it makes of the tag; the module compiles that node (none when the parser turns the
 * tag into text).
 */
export interface CoreTag {
  /** metadata for the reference, the CLI and editors; `attributes` are the ones the tag takes */
  readonly def: CompilerTagDef;
  /** the attributes naming the variables the tag sets (dotted paths allowed); absent: it may set any */
  readonly writes?: readonly string[];
  readonly compileTag?: (st: CodegenState, n: TagNode) => string;
  readonly compileBlock?: (st: CodegenState, n: BlockNode) => string;
  readonly compileIf?: (st: CodegenState, n: IfNode) => string;
}

export interface CompileError {
  code: ErrorCode;
  message: string;
  span: Span;
  hint?: string;
}

export interface LoopFrame {
  label: string;
  /** `block`: the body of a block plugin that repeats it (`loop: true`), left with a labelled break */
  kind: 'foreach' | 'section' | 'block';
  /** the loop's body, for the write analysis of hoisted reads */
  body: readonly Node[];
  /** variables the loop itself sets on every iteration (a foreach's item and key) */
  sets: ReadonlySet<string>;
  /** variable → the JS local read once before the loop (see CodegenState.hoistedRead) */
  hoisted: Map<string, string>;
  /** variable → the hoisted local code in this loop's body reads it from (this loop's or an outer one's), or null */
  reads: Map<string, string | null>;
  /** the declarations of those locals, emitted before the loop */
  decls: string[];
  /** what the body may write (by-reference calls included), found on the first hoisting question */
  writes: WriteSummary | null;
  /** `{capture}` blocks open around the loop (a jump out of one inside it leaves it open) */
  captures: number;
  /** a section's state local (`s1`), whose `.index` names the current row; null for other loops */
  section: string | null;
  /** a loop-invariant value's name → the local caching its current row, for one iteration (sectionRow) */
  rows: Map<string, RowLocal>;
}

/** a section row's local (sectionRow) */
interface RowLocal {
  name: string;
  /** its cursor (PhpArray.rowAt), made when the loop starts unless the row is read whole */
  cursor: string;
  /** some code reads the row whole, not only by field: it has no cursor */
  whole: boolean;
}

export class CodegenState {
  readonly constants: unknown[] = [];
  /** per-site caches of constant-key reads (`C[n]`, see render/access.ts keyC) */
  readonly sites: { i: number; sh: object | null }[] = [];
  readonly spans: Span[] = [];
  readonly errors: CompileError[] = [];
  readonly warnings: SumiDiagnostic[] = [];
  readonly loops: LoopFrame[] = [];
  /** template variables held in JS locals inside the current loop body: name → identifier */
  readonly locals = new Map<string, string>();
  /**
   * The loop item locals (`locals`' values) that some code reads whole: given to a function, printed,
   * compared, passed by reference... An item read only through field readers (`$row.name`) never
   * leaves its iteration, so its loop may read every row through one array (PhpArray.rowAt).
   */
  readonly wholeItems = new Set<string>();
  /** sections with a literal name whose state object is a JS local here: name → identifier */
  readonly sections = new Map<string, string>();
  /** current block nesting while generating */
  depth = 0;
  /** true once the template calls something that may return a promise */
  usesAsync = false;
  /** > 0 inside a capture or a block plugin's body: `o` is a private buffer there, never flushed */
  buffered = 0;
  /** `{capture}` blocks being compiled around the current node */
  captures = 0;
  /** every loop label made so far, and every label a `{break}`/`{continue}` jumped to, in order */
  readonly labels: string[] = [];
  readonly jumps: string[] = [];
  private counter = 0;

  constructor(
    readonly registry: PluginRegistry,
    readonly options: CompileOptions,
    /** the core tags by name (tags/index.ts), handed in so that tags and codegen need not import each other */
    readonly tags: ReadonlyMap<string, CoreTag>,
  ) {}

  /** a fresh JS identifier */
  id(prefix: string): string {
    return `${prefix}${++this.counter}`;
  }

  /** each constant's index in `constants` (a scan of the list made compiling quadratic) */
  private readonly constantIndex = new Map<unknown, number>();

  /** index into the constants table `K` */
  constant(value: unknown): string {
    let i = this.constantIndex.get(value);
    if (i === undefined) {
      i = this.constants.push(value) - 1;
      this.constantIndex.set(value, i);
    }
    return `K[${i}]`;
  }

  /** module-level declarations emitted before the render function (modifier callers) */
  private readonly preludeLines: string[] = [];
  private readonly callers = new Map<string, string>();

  /**
   * A caller of one modifier with `argc` arguments, as a module-level function of this template. Each
   * template gets its own copy, so the `run` call inside sees one modifier only and V8 can inline it;
   * a shared helper would see every modifier of every template.
   */
  modifierCaller(def: unknown, argc: number): string {
    const k = this.constant(def);
    return this.caller(`${k}/${argc}`, 'M', (name) => {
      const params = Array.from({ length: argc }, (_, i) => `a${i}`);
      const list = params.join(', ');
      return [
        `const ${name}d = ${k};`,
        `function ${name}(ctx, v${params.map((x) => `, ${x}`).join('')}) {`,
        `return v instanceof PA ? mapped(${name}d, ctx, v, [${list}]) : ${name}d.run(ctx, v${params.map((x) => `, ${x}`).join('')});`,
        '}',
      ];
    });
  }

  /**
   * A caller of a modifier with `onString` written with no argument: a string goes to `onString`
   * directly, anything else to the modifier's usual caller with its context (`p`: the call's place).
   */
  stringCaller(def: { onString?: (s: string) => string }): string {
    const k = this.constant(def);
    const general = this.modifierCaller(def, 0);
    return this.caller(`${k}/string`, 'S', (name) => [
      `const ${name}s = ${k}.onString;`,
      `function ${name}(rt, p, v) {`,
      `return typeof v === 'string' ? ${name}s(v) : ${general}(rt.at(p), v);`,
      '}',
    ]);
  }

  /**
   * A reader of `$x.name` for a constant key `name` (see isFieldName), as a module-level function of
   * this template, used in loops. On a view of the caller's plain object (PhpArray.view: plain data
   * read in place) it loads the field itself: V8 then keeps an inline cache per key of this
   * template, which sees the few shapes of its rows, where keyC's keyed load sees every object of
   * every template. So a row is neither built nor looked up by name to read a field.
   * - The load is made only when `name` is in the object's key list (viewShape: its own enumerable
   *   names, shared by the rows of one table; `c.sh` is the list the site found it in last), so it
   *   reads what the converted data would have, never a non-enumerable property or anything on the
   *   prototype. A name not in the list is a missing key: null.
   * - A string, number or boolean is the value itself; anything else (a nested object or array, a
   *   Map...) is read as the view reads it (viewField).
   * - On an array of Sumi's own, the key at the position the site found last is checked first, as
   *   keyC does (inlined: this is the read of every converted row); any other value goes to keyC.
   */
  fieldReader(name: string): string {
    const key = jsString(name);
    return this.caller(`F:${name}`, 'F', (fn) => [
      `function ${fn}(x, c) {`,
      'if (x instanceof PA) {',
      'const s = x.st, w = s.view;',
      'if (w === null) {',
      'const keys = s.keys;',
      `if (keys !== null && keys[c.i] === ${key}) return s.vals[c.i];`,
      '} else if (!w.list) {',
      'const sh = w.shape ?? viewShape(w);',
      `if (sh !== c.sh && !shapeHas(sh, ${key}, c)) return null;`,
      `const y = w.src.${name};`,
      "if (typeof y === 'string' || typeof y === 'number' || typeof y === 'boolean') return y;",
      `return viewField(w, ${key});`,
      '}',
      '}',
      `return keyC(x, ${key}, c);`,
      '}',
    ]);
  }

  /**
   * A reader of `$x.name.sub` for two constant keys that are field names (see isFieldName), as a
   * module-level function of this template, used in loops: where `$x` is a view of the caller's
   * plain object, `name` one of its fields holding a plain object, and `sub` one of that object's own
   * fields holding a string, number or boolean (`$row.author.name`, `$item.image.url`), it loads
   * the two fields itself, so no view is made of the object in between (three objects for every
   * row). Anything else is read by the two field readers, one after the other (`c`, `d`: their sites).
   */
  pathReader(name: string, sub: string): string {
    const first = this.fieldReader(name);
    const second = this.fieldReader(sub);
    return this.caller(`G:${name}.${sub}`, 'G', (fn) => [
      `function ${fn}(x, c, d) {`,
      'if (x instanceof PA) {',
      'const w = x.st.view;',
      'if (w !== null && !w.list) {',
      'const sh = w.shape ?? viewShape(w);',
      `if (sh === c.sh || shapeHas(sh, ${jsString(name)}, c)) {`,
      `const y = w.src.${name};`,
      `if (childHas(y, w, ${jsString(sub)})) {`,
      `const z = y.${sub};`,
      "if (typeof z === 'string' || typeof z === 'number' || typeof z === 'boolean') return z;",
      '}',
      '}',
      '}',
      '}',
      `return ${second}(${first}(x, c), d);`,
      '}',
    ]);
  }

  /**
   * The module-level function known by `id`, declared on first use: `declare` gets its name
   * (`prefix` and a number) and returns the lines of its declaration.
   */
  caller(id: string, prefix: string, declare: (name: string) => readonly string[]): string {
    let name = this.callers.get(id);
    if (name === undefined) {
      name = `${prefix}${this.callers.size}`;
      this.callers.set(id, name);
      this.preludeLines.push(...declare(name));
    }
    return name;
  }

  /**
   * `resolveAttrs` of definition `def` for the attribute objects of class `cls` (see attrsClass,
   * which gives them every declared attribute), as a module-level function of this template: each
   * attribute is read and written by its own name, where the generic walk reads them by a name held
   * in a variable (a slow lookup in V8 once it has seen many attribute objects). `fixed`: the
   * attributes resolved at compile time (tags/plugin-call.ts), each with the JS of the value to store,
   * or "" when the object already holds it.
   */
  attrsResolver(
    def: { attributes: Record<string, unknown> },
    cls: string,
    fixed: ReadonlyMap<string, string> = new Map(),
  ): string {
    const k = this.constant(def);
    const id = `R:${k}:${cls}:${JSON.stringify([...fixed].sort())}`;
    return this.caller(id, 'R', (name) => [
      `const ${name}d = ${k};`,
      `const ${name}s = attrSpecs(${name}d);`,
      `function ${name}(rt, a) {`,
      ...Object.keys(def.attributes).flatMap((attr, i) => {
        const prop = `a[${JSON.stringify(attr)}]`;
        const js = fixed.get(attr);
        // resolved at compile time: a literal is in the object already, an attribute left out is its default
        if (js !== undefined) return js === '' ? [] : [`${prop} = ${js};`];
        return [`${prop} = resolveAttr(${name}d, ${name}s[${i}], ${prop}, rt);`];
      }),
      `return checkAttrs(${name}d, a);`,
      '}',
    ]);
  }

  /**
   * A constructor of attribute objects with these names, as a module-level function of this template.
   * Its instances inherit from a frozen empty null-prototype object, so `__proto__=` or `constructor=`
   * stay plain attributes, as with a `{ __proto__: null }` literal; unlike such a literal (which V8
   * makes in dictionary mode, several times slower) they get fast properties.
   */
  attrsClass(names: readonly string[], absent: readonly string[] = []): string {
    const id = `A:${JSON.stringify(names)}:${JSON.stringify(absent)}`;
    let name = this.callers.get(id);
    if (name === undefined) {
      name = `A${this.callers.size}`;
      this.callers.set(id, name);
      const params = names.map((_, i) => `v${i}`);
      this.preludeLines.push(
        `function ${name}(${params.join(', ')}) { ${[
          ...names.map((n, i) => `this[${JSON.stringify(n)}] = v${i};`),
          ...absent.map((n) => `this[${JSON.stringify(n)}] = undefined;`),
        ].join(' ')} }`,
        `${name}.prototype = NOPROTO;`,
      );
    }
    return name;
  }

  /** the declarations `modifierCaller` asked for */
  prelude(): string {
    return this.preludeLines.length ? `${this.preludeLines.join('\n')}\n` : '';
  }

  /** the names the compiled statements call the prelude's declarations by (the rest are their own constants) */
  preludeNames(): string[] {
    return [...this.callers.values()];
  }

  /**
   * A loop's per-iteration budget check. Where `o` is the render's own output it may also hand the
   * output so far to a streaming `write` (RenderOptions.write) and continue with an empty buffer.
   */
  loopTick(): string {
    return this.buffered > 0 ? 'rt.bufferedStep(o.length);' : 'o = rt.loopStep(o);';
  }

  /** a loop frame for `st.loops` */
  loopFrame(
    label: string,
    kind: LoopFrame['kind'],
    body: readonly Node[],
    sets: ReadonlySet<string>,
  ): LoopFrame {
    // recorded for splitBody: a part that defines the loop may jump to it
    this.labels.push(label);
    return {
      label,
      kind,
      body,
      sets,
      hoisted: new Map(),
      reads: new Map(),
      decls: [],
      writes: null,
      captures: this.captures,
      section: null,
      rows: new Map(),
    };
  }

  /**
   * `$items[i]` read inside section `i` (in its body, or in a loop inside it), where `$items` (or
   * `$data.items`) is the same for the whole loop (read from a hoisted local, one the body cannot
   * write, through constant keys): the row is the same for the whole iteration, so it is read once,
   * on first use, into a local the section clears at the top of every iteration (`$items[i].qty`,
   * `.price`, `.sku` read one row, not three; `$items[i].tags[j]` one row per row of section i).
   * `invariant` names what `target` reads (see expressions.ts compilePath); `index`: the compiled key.
   * Null when the read is not of that kind.
   */
  sectionRow(invariant: string, target: string, index: string, byField: boolean): string | null {
    // the section whose row it is: this loop, or one around it ($rows[i].tags[j] in section j)
    let at = this.loops.length - 1;
    for (; at >= 0; at--) {
      const section = this.loops[at]!.section;
      if (section !== null && index === `${section}.index`) break;
    }
    // what it reads must be the same for that section's whole iteration: read before that loop
    // starts or outside it (a local read again inside it may change between reads of the row)
    const hoistedAt = at < 0 ? undefined : this.hoistedAt.get(invariant.split('.', 1)[0]!);
    if (hoistedAt === undefined || hoistedAt > at) return null;
    const frame = this.loops[at]!;
    let row = frame.rows.get(invariant);
    if (row === undefined) {
      row = { name: this.id('r'), cursor: this.id('w'), whole: false };
      frame.rows.set(invariant, row);
      frame.decls.push(`let ${row.name};`);
    }
    if (!byField) row.whole = true;
    const { name, cursor } = row;
    // rowIn is key() (through the row's cursor, when it has one: see cursorDecls); it never gives
    // undefined (a missing row is null), so undefined means "not read yet"
    return `(${name} !== undefined ? ${name} : (${name} = rowIn(${target}, ${index}, ${cursor})))`;
  }

  /**
   * The declarations of a section frame's row cursors, once its body is compiled: a row read only by
   * field (`$items[i].name`) never leaves its iteration, and is read through one array pointed at
   * each row in turn (PhpArray.rowAt); a row read whole has none (null).
   */
  cursorDecls(frame: LoopFrame): string[] {
    return [...frame.rows.values()].map(
      ({ cursor, whole }) => `const ${cursor} = ${whole ? 'null' : 'rowCursor()'};`,
    );
  }

  /** the statement clearing a loop frame's cached rows (sectionRow), run at the top of each iteration */
  rowResets(frame: LoopFrame): string {
    return frame.rows.size === 0
      ? ''
      : `${[...frame.rows.values()].map((r) => r.name).join(' = ')} = undefined;\n`;
  }

  /**
   * Inside a loop whose body cannot write variable `name`, its value is read once before the loop into
   * a JS local (`$items[i].qty` read five times per row adds up). Returns the local, or null when the
   * variable must be read where it is used.
   */
  hoistedRead(name: string): string | null {
    const inner = this.loops[this.loops.length - 1];
    if (inner === undefined) return null;
    const known = inner.reads.get(name);
    if (known !== undefined) return known;
    // read before the outermost of the loops around here that none writes: in a loop inside a loop,
    // a variable neither writes is read once, not once per run of the inner loop
    let at = -1;
    for (let i = this.loops.length - 1; i >= 0 && this.invariantIn(this.loops[i]!, name); i--) at = i;
    let local: string | null = null;
    if (at >= 0) {
      const frame = this.loops[at]!;
      local = frame.hoisted.get(name) ?? null;
      if (local === null) {
        local = this.id('h');
        frame.hoisted.set(name, local);
        this.hoistedAt.set(local, at);
        frame.decls.push(`const ${local} = ${this.readVar(name)};`);
      }
    }
    inner.reads.set(name, local);
    return local;
  }

  /** each hoisted local's loop, by its place in `loops` (see sectionRow) */
  private readonly hoistedAt = new Map<string, number>();

  /** whether loop `frame` (its own item and key, its body) cannot write variable `name` */
  private invariantIn(frame: LoopFrame, name: string): boolean {
    if (frame.sets.has(name)) return false;
    const writes = (frame.writes ??= writeSummary(frame.body, this, true));
    return !writes.any && !writes.names.has(name);
  }

  /** the number of each variable's slot local (`$N`), by name, and the names by number */
  private readonly slotNumbers = new Map<string, number>();
  private readonly slotNames: string[] = [];

  /** each use of a slot local, by its number, in the order of the code (see Statement.slots) */
  readonly slotUses: number[] = [];

  /** the local holding variable `name`'s slot (render/scope.ts Slot) in the render function and each part */
  slot(name: string): string {
    let i = this.slotNumbers.get(name);
    if (i === undefined) {
      i = this.slotNames.push(name) - 1;
      this.slotNumbers.set(name, i);
    }
    this.slotUses.push(i);
    return `$${i}`;
  }

  /**
   * The variables the template writes by name (`{assign var=x}`, a loop's item...), set by the code
   * generator before the template's nodes are compiled: those are read through their slots.
   */
  written: ReadonlySet<string> = new Set();

  /**
   * A read of variable `name`, as a JS expression: a variable the template writes by name through its
   * slot (a property read); any other by name (most are read from the data once or twice, where
   * taking a slot would cost more than the lookups it saves).
   */
  readVar(name: string): string {
    if (this.written.has(name)) return `rs(${this.slot(name)})`;
    // a name that is a key of its own (not "12", not `$dataSet`, which lies under the data) is read
    // from the data with a position cache
    if (name === 'dataSet' || typeof stringKey(name) !== 'string') return `rv(V, ${JSON.stringify(name)})`;
    return `rd(V, ${JSON.stringify(name)}, ${this.site()})`;
  }

  /**
   * The declaration of the slot locals a function's code uses (`uses`: their numbers, repeats
   * allowed), for the top of the render function or of a part: each gets its variable's slot there,
   * so a read or write is a property access wherever it is. Each part takes only its own (a long
   * template of many variables would otherwise take every slot in every part).
   */
  slotDeclarations(uses: readonly number[]): string {
    if (uses.length === 0) return '';
    const decls = [...new Set(uses)].map((i) => `$${i} = V.slot(${JSON.stringify(this.slotNames[i])})`);
    return `const ${decls.join(', ')};\n`;
  }

  /** a fresh key-read cache, as a JS expression */
  site(): string {
    return `C[${this.sites.push({ i: 0, sh: null }) - 1}]`;
  }

  /** records a span and returns its index, assigned to `p` before risky code */
  position(span: Span): number {
    return this.spans.push(span) - 1;
  }

  /** a compile error: the message is the code's template filled with `params` */
  error<C extends RuntimeErrorCode>(code: C, params: ErrorParams<C>, span: Span, hint?: string): void {
    this.errors.push({ code, message: errorMessage(code, params), span, hint });
  }

  /** the name of the innermost block plugin (`{textformat}`, ...) whose body holds `span`, or null */
  enclosingBlockPlugin(span: Span): string | null {
    let found: string | null = null;
    const visit = (nodes: readonly Node[] | null): void => {
      for (const n of nodes ?? []) {
        if (n.span.start > span.start || n.span.end < span.end) continue;
        if (n.type === 'Block') {
          if (this.registry.tag(n.name)?.kind === 'block') found = n.name;
          visit(n.body);
          visit(n.alt);
        } else if (n.type === 'If') {
          for (const b of n.branches) visit(b.body);
          visit(n.alternate);
        }
      }
    };
    visit(this.options.body ?? null);
    return found;
  }

  /** the warnings given so far, as `CODE@offset` */
  private readonly warned = new Set<string>();

  /** a compile warning, positioned (once, should the same code be generated twice at one place) */
  warn<C extends RuntimeErrorCode>(code: C, params: ErrorParams<C>, span: Span, hint?: string): void {
    const key = `${code}@${span.start}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    const { line, column } = locate(this.options.source, span.start);
    const d: SumiDiagnostic = {
      code,
      severity: 'warning',
      message: errorMessage(code, params),
      span,
      line,
      column,
    };
    if (hint !== undefined) d.hint = hint;
    this.warnings.push(d);
  }
}
