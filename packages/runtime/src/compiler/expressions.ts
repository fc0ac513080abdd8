/**
 * Expression codegen: AST expressions → JavaScript expression strings over
 * the helpers in `render/helpers.ts` (bound as locals of the generated
 * module, so every call is a direct call).
 */
import {
  type Accessor,
  type BinaryExpr,
  type Expr,
  isSmartyVar,
  locate,
  type Modifier,
  type NumberLit,
  smartyVarForm,
  type VarExpr,
} from '@sumi/parser';
import {
  arityMessage,
  arityOf,
  asciiUpper,
  makeFloat,
  type ParamSpec,
  phpNumberLiteral,
  stringKey,
  type Value,
} from '@sumi/php';
import { ErrorCodes } from '../errors';
import type { ModifierDef } from '../plugin/types';
import { IF_FUNCTION_SIGNATURES } from '../render/if-functions';
import { PropStep } from '../render/scope';
import { pipedModifier } from './analysis';
import { jsString } from './js-string';
import { literalOf, phpCaller } from './php-calls';
import type { CodegenState } from './state';

const COMPARE_HELPERS: readonly [string, string][] = [
  ['==', 'eq'],
  ['!=', 'neq'],
  ['===', 'seq'],
  ['!==', 'sneq'],
  ['<', 'lt'],
  ['>', 'gt'],
  ['<=', 'le'],
  ['>=', 'ge'],
];
/** the operators whose helper returns a JS boolean */
const COMPARE: ReadonlySet<string> = new Set(COMPARE_HELPERS.map(([op]) => op));
/** the helper of each binary operator but `&&` and `||` */
const HELPER_OF: ReadonlyMap<string, string> = new Map([
  ['+', 'add'],
  ['-', 'sub'],
  ['*', 'mul'],
  ['/', 'div'],
  ['%', 'mod'],
  ['&', 'band'],
  ['|', 'bor'],
  ['^', 'bxor'],
  ['<<', 'shl'],
  ['>>', 'shr'],
  ...COMPARE_HELPERS,
]);

/**
 * Generated code nests at most this deep per operator chain or access path: JS engines parse nested
 * calls recursively, and a flat `{if $a + $a + ...}` of thousands of terms must still compile.
 * Longer chains run as a sequence of statements (see `sequence`).
 */
const MAX_NESTED = 64;

/** `first`, then each step applied to the value so far, as an expression that does not nest */
function sequence(first: string, steps: readonly ((t: string) => string)[]): string {
  if (steps.length <= MAX_NESTED) {
    let out = first;
    for (const step of steps) out = step(out);
    return out;
  }
  return `(() => { let t = ${first};\n${steps.map((step) => `t = ${step('t')};\n`).join('')}return t; })()`;
}

export function compileExpr(st: CodegenState, e: Expr): string {
  switch (e.type) {
    case 'Var':
      return compileVar(st, e);
    case 'String':
      return jsString(e.value);
    case 'Interp': {
      const lone = loneInterpolation(e);
      if (lone !== null) return compileExpr(st, lone);
      const parts = e.parts.map((part) =>
        typeof part === 'string' ? JSON.stringify(part) : `str(${compileExpr(st, part)})`,
      );
      // joining values can build a string longer than any of them: its cap is checked
      const grows = parts.length > 1 && e.parts.some((part) => typeof part !== 'string');
      const joined = parts.join(' + ') || '""';
      return grows ? `keep(${joined})` : `(${joined})`;
    }
    case 'Number':
      return numberLiteral(st, e);
    case 'Bool':
      return e.value ? 'true' : 'false';
    case 'Null':
      return 'null';
    case 'Group':
      return compileExpr(st, e.expr);
    case 'Unary':
      if (e.op === '!') return `!${compileBool(st, e.arg)}`;
      if (e.op === '-') return `neg(${compileExpr(st, e.arg)})`;
      return `bnot(${compileExpr(st, e.arg)})`;
    case 'Binary':
      return compileBinary(st, e);
    case 'Is': {
      const by = e.by ? compileExpr(st, e.by) : 'null';
      const call = `isTest(${JSON.stringify(e.test)}, ${compileExpr(st, e.value)}, ${by})`;
      return e.negated ? `!${call}` : call;
    }
    case 'Call':
      return compileCall(st, e.name, e.args);
    case 'Modified':
      return compileModifiers(st, e.value, e.modifiers);
  }
}

/**
 * A binary operator and the chain it heads. The parser builds `a && b && c` and `a + b - c` as trees
 * deep on their left; they are walked in a loop here, so a flat chain of thousands of operands costs
 * no recursion: `&&`/`||` chains become one flat JS chain, the others nested helper calls up to
 * MAX_NESTED and statements beyond.
 */
function compileBinary(st: CodegenState, e: BinaryExpr): string {
  if (e.op === '&&' || e.op === '||') {
    const operands: Expr[] = [];
    let cur: Expr = e;
    while (cur.type === 'Binary' && cur.op === e.op) {
      operands.push(cur.right);
      cur = cur.left;
    }
    operands.push(cur);
    operands.reverse();
    return `(${operands.map((x) => compileBool(st, x)).join(` ${e.op} `)})`;
  }
  const chain: BinaryExpr[] = [];
  let cur: Expr = e;
  while (cur.type === 'Binary' && cur.op !== '&&' && cur.op !== '||') {
    chain.push(cur);
    cur = cur.left;
  }
  const first = compileExpr(st, cur);
  // the value so far is a constant while every operand so far is (PHP folds `2 * 3` when it compiles)
  let leftConst = isConstant(cur);
  // operands compile left to right, the order the generated code evaluates them in
  const steps = chain.reverse().map((b) => {
    const right = compileExpr(st, b.right);
    const fn = HELPER_OF.get(b.op)!;
    const rightConst = isConstant(b.right);
    const swapped = leftConst && !rightConst && COMMUTATIVE.has(b.op);
    leftConst &&= rightConst;
    // PHP's VM runs a commutative operator with a constant first operand as if it were written
    // second (`null * $s` fails as "string * null"); a constant has no effect to reorder
    if (swapped) return (t: string) => `${fn}(${right}, ${t})`;
    return (t: string) => `${fn}(${t}, ${right})`;
  });
  return sequence(first, steps);
}

/** the operators PHP's VM treats as commutative (`+` is not: it is also the union of arrays) */
const COMMUTATIVE: ReadonlySet<string> = new Set(['*', '&', '|', '^']);

/**
 * An operand PHP compiles to a constant: a literal, `true`/`false`/`null`, and an operator on
 * constants, which PHP folds when it compiles (`-2`, `(2 + 3)`)
 */
function isConstant(e: Expr): boolean {
  switch (e.type) {
    case 'String':
    case 'Number':
    case 'Bool':
    case 'Null':
      return true;
    case 'Group':
      return isConstant(e.expr);
    case 'Unary':
      return isConstant(e.arg);
    case 'Binary':
      return HELPER_OF.has(e.op) && isConstant(e.left) && isConstant(e.right);
    default:
      return false;
  }
}

/** an expression known to produce a JS boolean */
export function compileBool(st: CodegenState, e: Expr): string {
  switch (e.type) {
    case 'Bool':
      return e.value ? 'true' : 'false';
    case 'Group':
      return compileBool(st, e.expr);
    case 'Unary':
      if (e.op === '!') return `!${compileBool(st, e.arg)}`;
      break;
    case 'Binary':
      if (e.op === '&&' || e.op === '||' || COMPARE.has(e.op)) return compileBinary(st, e);
      break;
    case 'Is':
      // `is odd` is an int (see isTest); its negation and the other tests are booleans
      return e.test === 'odd' && !e.negated ? `(${compileExpr(st, e)} !== 0)` : compileExpr(st, e);
    case 'Call':
      if (e.name !== 'count') return compileExpr(st, e);
      break;
  }
  return `bool(${compileExpr(st, e)})`;
}

function numberLiteral(st: CodegenState, e: NumberLit): string {
  const value = e.value;
  if (e.float) {
    const f = makeFloat(value);
    return typeof f === 'number' ? String(f) : st.constant(f);
  }
  // an int beyond 2^53 keeps its exact value (PHP's int64)
  if (e.big !== undefined) return st.constant(e.big);
  if (!Number.isSafeInteger(value)) return st.constant(value);
  return Object.is(value, -0) ? '0' : String(value);
}

/** A call in `{if}`: a real PHP call (render/if-functions.ts), its argument count checked here. */
function compileCall(st: CodegenState, name: string, args: Expr[]): string {
  if (name === 'isset') {
    // PHP's isset() reads its variables quietly: a missing offset is not set, it never throws
    const a = args.map((x) => (x.type === 'Var' ? compileVar(st, x, true) : compileExpr(st, x)));
    return `(${a.map((x) => `${x} !== null`).join(' && ') || 'false'})`;
  }
  const a = args.map((x) => compileExpr(st, x));
  const signature = IF_FUNCTION_SIGNATURES[name];
  const wrongCount = signature ? arityMessage(name, arityOf(signature), a.length) : null;
  // PHP evaluates the arguments, then raises its ArgumentCountError when the call runs
  if (wrongCount !== null) return `argc(${JSON.stringify(wrongCount)}, [${a.join(', ')}])`;
  switch (name) {
    case 'is_null':
      return `(${a[0]} === null)`;
    case 'is_array':
      return `isArray(${a[0]})`;
    case 'is_object':
      return `isObject(${a[0]})`;
    case 'count':
      return a.length === 1 ? `count(${a[0]})` : `countMode(${a[0]}, ${a[1]})`;
    case 'in_array':
      return `inArray(${a.join(', ')})`;
    default:
      // the parser rejects other names; keep the compiler total anyway
      return 'null';
  }
}

/* ------------------------------------------------------------------ */
/* variables                                                           */
/* ------------------------------------------------------------------ */

/** `quiet`: read as isset() does (see render/access.ts keyQ); the keys themselves are read as usual */
export function compileVar(st: CodegenState, v: VarExpr, quiet = false): string {
  if (v.name === 'smarty') return compileSmartyVar(st, v, quiet);
  const item = st.locals.get(v.name);
  if (item !== undefined) return compilePath(st, item, v.path, quiet, null, true);
  const hoisted = st.hoistedRead(v.name);
  return compilePath(st, hoisted ?? st.readVar(v.name), v.path, quiet, hoisted);
}

/**
 * `hoisted`: the hoisted local `base` is (CodegenState.hoistedRead), or null. While the path below
 * it has constant keys only, what it reads is the same for the whole loop, and that path (the local
 * and the keys) names it: `$list[i]` and `$data.list[i]` after it are then the loop's current row
 * (CodegenState.sectionRow). `item`: `base` is a loop item's local, which a path that does not
 * start with a field reader reads whole (CodegenState.wholeItems).
 */
function compilePath(
  st: CodegenState,
  base: string,
  path: readonly Accessor[],
  quiet = false,
  hoisted: string | null = null,
  item = false,
): string {
  // each accessor's field key (fieldKey), found once: the next one's decides how a section row is read
  let field = path.length > 0 ? fieldKey(st, path[0]!, quiet) : null;
  if (item && field === null) st.wholeItems.add(base);
  if (path.length <= MAX_NESTED) {
    let out = base;
    // the accessors before `i` are constant keys (then the value `out` reads is loop-invariant)
    let constant = hoisted !== null;
    for (let i = 0; i < path.length; i++) {
      const a = path[i]!;
      const invariant = constant && a.kind === 'section' ? invariantName(hoisted!, path, i) : null;
      const next = i + 1 < path.length ? fieldKey(st, path[i + 1]!, quiet) : null;
      if (field !== null && next !== null && i + 2 === path.length) {
        // the last two keys, `$row.author.name`: one reader loads both (CodegenState.pathReader)
        return `${st.pathReader(field, next)}(${out}, ${st.site()}, ${st.site()})`;
      }
      out = compileAccess(st, out, a, quiet, field, invariant, next !== null);
      field = next;
      constant &&= a.kind === 'key';
    }
    return out;
  }
  // `$a.b.c...` of thousands of keys: compiled once each, then applied in sequence
  const steps = path.map((a) => {
    // a NUL never occurs in generated code (JSON.stringify escapes it): it marks the target
    const [before, after] = compileAccess(st, '\u0000', a, quiet, fieldKey(st, a, quiet)).split('\u0000');
    return (t: string) => `${before}${t}${after}`;
  });
  return sequence(base, steps);
}

/** the name of what the hoisted local and the constant keys `path[0..end)` read (see compilePath) */
function invariantName(hoisted: string, path: readonly Accessor[], end: number): string {
  let name = hoisted;
  for (let i = 0; i < end; i++)
    name += `.${JSON.stringify((path[i] as Extract<Accessor, { kind: 'key' }>).key)}`;
  return name;
}

/**
 * A key a field reader may load as a JS property (see CodegenState.fieldReader): an identifier (never
 * integer-like, nothing to escape), and none of Object.prototype's names (`constructor`,
 * `__proto__`...), which keyC reads as the data's keys they are.
 */
function isFieldName(k: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) && !(k in Object.prototype);
}

/**
 * The key of accessor `a` when it is read by a field reader (CodegenState.fieldReader), else null: a
 * constant key that is a field name, read in a loop, where a read runs once per row. Outside,
 * keyC's build of the record serves the few reads it gets, and a template of many one-off keys
 * (`$sections.s1` ... `.s40`) does not get a reader for each.
 */
function fieldKey(st: CodegenState, a: Accessor, quiet: boolean): string | null {
  if (quiet || a.kind !== 'key' || st.loops.length === 0) return null;
  const k = typeof a.key === 'string' ? stringKey(a.key) : a.key;
  return typeof k === 'string' && isFieldName(k) ? k : null;
}

/**
 * `field`: `fieldKey(st, a, quiet)`; `invariant`: the name of the loop-invariant value `target` reads
 * (see compilePath), or null; `byField`: the value read is read by a field reader next (see
 * CodegenState.sectionRow)
 */
function compileAccess(
  st: CodegenState,
  target: string,
  a: Accessor,
  quiet: boolean,
  field: string | null,
  invariant: string | null = null,
  byField = false,
): string {
  const read = quiet ? 'keyQ' : 'key';
  switch (a.kind) {
    case 'key': {
      if (field !== null) return `${st.fieldReader(field)}(${target}, ${st.site()})`;
      // a constant key is normalised here ("5" is 5, as PHP has it), not on every read
      const k = typeof a.key === 'string' ? stringKey(a.key) : a.key;
      return !quiet && (typeof k === 'string' || Number.isSafeInteger(k))
        ? `keyC(${target}, ${typeof k === 'string' ? jsString(k) : String(k)}, ${st.site()})`
        : `${read}(${target}, ${JSON.stringify(quiet ? k : a.key)})`;
    }
    case 'var':
      return `${read}(${target}, ${compileVar(st, a.expr)})`;
    case 'section': {
      // a key may be a bigint (key() normalises it): the running index goes in as it is
      const index = sectionProp(st, a.section, a.prop, true);
      const row = quiet || invariant === null ? null : st.sectionRow(invariant, target, index, byField);
      return row ?? `${read}(${target}, ${index})`;
    }
    case 'prop':
      return `prop(${target}, ${JSON.stringify(a.name)})`;
  }
}

/**
 * Section properties that are a plain field of the section's state (render/loops.ts SectionState):
 * `loop`, `step` and `max` print as PHP keeps them (an int beyond 2^53 stays exact), as
 * rt.sectionProp gives them outside the section. `index` and `start` may be bigints, small ones
 * included (a section with an attribute past 2^53 counts in bigints): `intOf` makes them values.
 */
const SECTION_FIELDS: ReadonlyMap<string, string> = new Map([
  ['index', 'intOf(#.index)'],
  ['iteration', '#.iteration'],
  ['loop', '#.loopV'],
  ['show', '#.show'],
  ['start', 'intOf(#.start)'],
  ['step', '#.stepV'],
  ['max', '#.maxV'],
  ['name', '#.name'],
]);

/**
 * `$smarty.section.NAME.PROP` (and `$a[NAME.PROP]`): inside that section's
 * body its state is a JS local and the loop is running, so the common
 * properties are plain reads.
 */
function sectionProp(st: CodegenState, section: string, prop: string, asKey = false): string {
  const sc = st.sections.get(section);
  if (sc) {
    if (asKey && prop === 'index') return `${sc}.index`;
    const field = SECTION_FIELDS.get(prop);
    if (field !== undefined) return field.replace('#', sc);
    switch (prop) {
      case 'total':
        return `${sc}.totalV`;
      case 'rownum':
        return `${sc}.iteration`;
      // PHP's int arithmetic: exact past 2^53 (a section's bigints), a float past the int range
      case 'index_prev':
        return `sub(${sc}.index, ${sc}.step)`;
      case 'index_next':
        return `add(${sc}.index, ${sc}.step)`;
      case 'first':
        return `(${sc}.iteration === 1)`;
      case 'last':
        return `(${sc}.iteration === ${sc}.total)`;
    }
  }
  return `rt.sectionProp(${JSON.stringify(section)}, ${JSON.stringify(prop)})`;
}

/** the name in `.name` or `.$var` position, as a JS expression */
function keyExpr(st: CodegenState, a: Accessor | undefined): string | null {
  if (!a) return null;
  if (a.kind === 'key') return JSON.stringify(String(a.key));
  if (a.kind === 'var') return `str(${compileVar(st, a.expr)})`;
  return null;
}

function compileSmartyVar(st: CodegenState, v: VarExpr, quiet: boolean): string {
  const [first, second, third, ...rest] = v.path;
  if (!first || first.kind !== 'key') {
    st.error(ErrorCodes.INVALID_SMARTY_REF, { ref: '' }, v.span, 'write a name after it, e.g. $smarty.now');
    return 'null';
  }
  const name = String(first.key);
  if (!isSmartyVar(name)) {
    // the parser reports these first
    st.error(ErrorCodes.UNKNOWN_SMARTY_VAR, { name }, v.span);
    return 'null';
  }
  switch (name) {
    case 'now':
      return compilePath(st, 'rt.now()', v.path.slice(1));
    case 'ldelim':
      // the delimiters are the engine's, known now (as Smarty compiles them)
      return compilePath(st, JSON.stringify(st.options.leftDelimiter), v.path.slice(1));
    case 'rdelim':
      return compilePath(st, JSON.stringify(st.options.rightDelimiter), v.path.slice(1));
    case 'version':
    case 'template':
    case 'config':
      return compilePath(st, `rt.smartyStatic(${JSON.stringify(name)})`, v.path.slice(1));
    case 'const':
      // the parser allows nothing after the name (Smarty's `$_max_index`)
      if (second?.kind === 'var') return `rt.constantOf(${compileVar(st, second.expr)})`;
      // `{$smarty.const}` alone is compiled to `constant('')` by Smarty
      return second?.kind === 'key' ? constantName(st, String(second.key), v) : 'rt.constant("")';
    case 'capture': {
      const k = keyExpr(st, second);
      if (!k) return compilePath(st, 'rt.captures()', v.path.slice(1), quiet);
      return compilePath(st, `rt.capture(${k})`, v.path.slice(2), quiet);
    }
    case 'foreach':
    case 'section': {
      const n = keyExpr(st, second);
      const fn = name === 'foreach' ? 'foreachProp' : 'sectionProp';
      if (!n) return 'null';
      const p = keyExpr(st, third);
      if (!p) return `rt.${name}Props(${n})`;
      if (name === 'section' && second?.kind === 'key' && third?.kind === 'key') {
        return compilePath(st, sectionProp(st, String(second.key), String(third.key)), rest, quiet);
      }
      return compilePath(st, `rt.${fn}(${n}, ${p})`, rest, quiet);
    }
    case 'get':
    case 'post':
    case 'request':
    case 'server':
    case 'session':
    case 'cookies':
    case 'env':
      return compilePath(st, `rt.request(${JSON.stringify(name)})`, v.path.slice(1), quiet);
    default:
      return name satisfies never;
  }
}

/** PHP's magic constants that a bare name in Smarty's compiled code can be (case-insensitive) */
const MAGIC_CONSTANTS = new Set([
  '__LINE__',
  '__FILE__',
  '__DIR__',
  '__CLASS__',
  '__FUNCTION__',
  '__METHOD__',
  '__NAMESPACE__',
  '__TRAIT__',
]);

/**
 * `$smarty.const.NAME`: Smarty compiles it to the bare PHP name `NAME`, so a name starting with a
 * digit is a number literal (`$smarty.const.0x1A` is 26; `1x` does not compile), and the magic
 * constants are the compiled file's: `__LINE__` is the tag's line here, the others are ''
 * (Sumi's templates have no file, class or function). Any other name is looked up when run.
 */
function constantName(st: CodegenState, name: string, v: VarExpr): string {
  const c = name.charCodeAt(0);
  if (c >= 48 && c <= 57) {
    const n = phpNumberLiteral(name);
    if (n === null) {
      st.error(
        ErrorCodes.PHP_ERROR,
        {
          kind: 'ParseError',
          message: `$smarty.const.${name} compiles to ${name}, which is not a PHP number`,
        },
        v.span,
        'a constant name starts with a letter or _',
      );
      return 'null';
    }
    return typeof n === 'number' && Number.isFinite(n) ? String(n) : st.constant(n);
  }
  const magic = asciiUpper(name);
  if (MAGIC_CONSTANTS.has(magic)) {
    return magic === '__LINE__' ? String(locate(st.options.source, v.span.start).line) : '""';
  }
  return `rt.constant(${JSON.stringify(name)})`;
}

/** `$a.b[$k]->p` as a writable reference (render/scope.ts reference), or null for `$smarty.*` */
function compileReference(st: CodegenState, v: VarExpr): string | null {
  if (v.name === 'smarty') return null;
  const keys: string[] = [];
  for (const a of v.path) {
    if (a.kind === 'key') keys.push(JSON.stringify(a.key));
    else if (a.kind === 'var') keys.push(compileVar(st, a.expr));
    else if (a.kind === 'section')
      keys.push(`rt.sectionProp(${JSON.stringify(a.section)}, ${JSON.stringify(a.prop)})`);
    else keys.push(st.constant(new PropStep(a.name)));
  }
  // a loop item held in a local is a read-only view of the looped array: change a copy of it
  // (the first key is read twice, to make the holder of the path first: reads have no effect)
  const local = st.locals.get(v.name);
  if (local) st.wholeItems.add(local);
  if (local && keys.length === 0) return `(${local} = own(${local}))`;
  if (local) return `refIn((${local} = refRoot(own(${local}), ${keys[0]})), [${keys.join(', ')}])`;
  return `ref(V, ${JSON.stringify(v.name)}, [${keys.join(', ')}])`;
}

/* ------------------------------------------------------------------ */
/* modifiers                                                           */
/* ------------------------------------------------------------------ */

/**
 * `value` is the piped expression (or already compiled JS). A by-reference
 * PHP function written with `@` directly on a variable gets the variable's
 * own array (copy-on-write separated), as PHP's `sort($a['list'])` would.
 */
/** longer chains are certainly mistakes, and nest the generated calls too deeply */
const MAX_MODIFIERS = 64;

/**
 * A built-in PHP function called with a count of arguments PHP refuses (the piped value is argument #1)
 * gets a warning here; at run time PHP's ArgumentCountError is logged and the value is null, as in the CMS.
 */
function checkArity(st: CodegenState, fname: string, signature: readonly ParamSpec[], m: Modifier): void {
  const message = arityMessage(fname, arityOf(signature), m.args.length + 1);
  if (message === null) return;
  st.warn(
    ErrorCodes.MODIFIER_ARITY,
    { message },
    m.span,
    'PHP raises ArgumentCountError: the modifier logs it and its value is null',
  );
}

/**
 * Smarty drops the empty strings around a lone variable in double quotes (`"".$x.""` → `$x`): "$x" is
 * $x itself (an int or an array as it is, and a variable a by-reference function can change).
 */
function loneInterpolation(e: Expr): Expr | null {
  if (e.type !== 'Interp' || e.parts.length !== 1) return null;
  const part = e.parts[0]!;
  return typeof part === 'string' ? null : part;
}

export function compileModifiers(
  st: CodegenState,
  piped: Expr | string,
  modifiers: readonly Modifier[],
): string {
  const value = typeof piped === 'string' ? piped : (loneInterpolation(piped) ?? piped);
  if (modifiers.length > MAX_MODIFIERS) {
    st.error(
      ErrorCodes.LIMIT_DEPTH,
      { what: `more than ${MAX_MODIFIERS} modifiers in one chain` },
      modifiers[MAX_MODIFIERS]!.span,
    );
    return 'null';
  }
  const first = pipedModifier(modifiers);
  const firstDef = first && first.whole ? st.registry.modifier(first.name) : undefined;
  let out: string;
  // the value the first modifier gets is the variable itself (its own, separated array)
  let reference: string | null = null;
  if (typeof value === 'string') out = value;
  else if (firstDef?.byReference && value.type === 'Var') {
    reference = compileReference(st, value);
    out = reference ?? compileExpr(st, value);
  } else out = compileExpr(st, value);
  // what PHP gets at each step: a compiled plugin tag's result is a call's
  let form: OperandForm = typeof value === 'string' ? 'call' : operandForm(value);
  for (const m of modifiers) {
    // `|smarty:nodefaults` (and its alias `|raw`) only switch off default modifiers, which the CMS has none of.
    // Smarty skips it by its written name, `@` included: `|@smarty` is looked up as a modifier, and none exists.
    if (m.name === 'smarty') {
      if (m.whole)
        st.error(
          ErrorCodes.UNKNOWN_MODIFIER,
          { name: m.name },
          m.nameSpan,
          'write |smarty:nodefaults, without @',
        );
      continue;
    }
    const def = st.registry.modifier(m.name);
    if (!def) {
      const allowed = st.registry.phpModifierNames();
      st.error(
        ErrorCodes.UNKNOWN_MODIFIER,
        { name: m.name },
        m.nameSpan,
        allowed.length
          ? `PHP functions allowed as modifiers: ${allowed.join(', ')}; plugin modifiers are not limited`
          : 'no modifiers are registered: add @sumi/modifiers to the engine',
      );
      continue;
    }
    if (def.signature) checkArity(st, def.name, def.signature, m);
    const d = st.constant(def);
    const pos = st.position(m.span);
    const args = m.args.map((a) => compileExpr(st, a));
    // any other value a by-reference function gets is a temporary, as in PHP: it changes a copy,
    // never an array that is still the value of a variable (or of the data passed in)
    if (def.byReference && !(m === first && reference !== null)) out = `own(${out})`;
    const ctx = `rt.at(${pos})`;
    // PHP refuses a value (not a variable, not a call's result) for a by-reference parameter, once
    // the value is computed; without `@` Smarty passes its own temporary variable
    if (def.byReference && m.whole && form === 'value') {
      const param = def.signature?.[0]?.name ?? 'array';
      const message = `${def.name}(): Argument #1 ($${param}) cannot be passed by reference`;
      out = `notByRef(${out}, ${JSON.stringify(message)})`;
    }
    // a string goes straight to the modifier's own string function (see ModifierDef.onString)
    const onString = def.onString !== undefined && !m.whole && args.length === 0 && !def.byReference;
    const direct = onString ? null : phpCaller(st, def, m.whole, m === modifiers[0] ? value : out, m.args);
    const call = (v: string, at: string) => {
      if (direct !== null) return `${direct}(${[at, v, ...args].join(', ')})`;
      if (m.whole) return `${d}.run(${[at, v, ...args].join(', ')})`;
      if (args.length <= 3) return `${st.modifierCaller(def, args.length)}(${[at, v, ...args].join(', ')})`;
      return `modN(${d}, ${at}, ${v}, [${args.join(', ')}])`;
    };
    const special = onString || m.whole || def.byReference ? null : functionsWith(def, m.args);
    if (onString) out = `${st.stringCaller(def)}(rt, ${pos}, ${out})`;
    else if (special !== null) {
      // the arguments are literals: their functions of a string and of a number were made now
      // (ModifierDef.onStringWith, onNumberWith), keyed by the fallback call itself: the direct
      // caller it names depends on the piped value too
      const fallback = call('v', 'rt.at(p)');
      const { text, number } = special;
      const key = `Q:${d}:${text === null ? '' : 's'}${number === null ? '' : 'n'}:${fallback}`;
      const name = st.caller(key, 'Q', (q) => [
        ...(text === null ? [] : [`const ${q}f = ${st.constant(text)};`]),
        ...(number === null ? [] : [`const ${q}n = ${st.constant(number)};`]),
        `function ${q}(rt, p, v) {`,
        `return ${text === null ? '' : `typeof v === 'string' ? ${q}f(v) : `}${number === null ? '' : `typeof v === 'number' ? ${q}n(v) : `}${fallback};`,
        '}',
      ]);
      out = `${name}(rt, ${pos}, ${out})`;
    } else out = call(out, ctx);
    // Smarty calls a `@` modifier directly; without `@` the call sits in a ternary (an array is mapped)
    form = m.whole ? 'call' : 'value';
  }
  return out;
}

/**
 * The modifier's functions of a string and of a number for these arguments (ModifierDef.onStringWith,
 * onNumberWith), when every one is a literal and the modifier has one for their values; else null.
 */
function functionsWith(
  def: ModifierDef,
  args: readonly Expr[],
): { text: ((s: string) => string) | null; number: ((n: number) => string) | null } | null {
  if (def.onStringWith === undefined && def.onNumberWith === undefined) return null;
  // a PHP function called with too many or too few arguments fails at run time, as PHP does
  const params = def.signature;
  if (params !== undefined && arityMessage(def.name, arityOf(params), args.length + 1) !== null) return null;
  const values: Value[] = [];
  for (const a of args) {
    const v = literalOf(a);
    if (v === undefined) return null;
    values.push(v);
  }
  const text = def.onStringWith?.(values) ?? null;
  const number = def.onNumberWith?.(values) ?? null;
  return text === null && number === null ? null : { text, number };
}

/**
 * What Smarty hands a modifier, as PHP sees it: a `variable` (a by-reference parameter gets it
 * itself), a function `call`'s result (PHP passes a temporary with a notice) or any other `value`
 * (a literal, a computed expression, a constant: PHP throws Error).
 */
type OperandForm = 'variable' | 'call' | 'value';

function operandForm(e: Expr): OperandForm {
  if (e.type === 'Group') return operandForm(e.expr);
  if (e.type !== 'Var') return 'value';
  return e.name === 'smarty' ? smartyVarForm(e.path) : 'variable';
}
