/**
 * The plugin API: one definition per plugin, carrying its metadata.
 * The same object drives argument checks at render time, the generated
 * reference (docs), `sumi plugins --json` and editor completion, so every
 * fact about a plugin is written exactly once, here in its definition.
 *
 * Everything except `run` is JSON-serialisable (see `pluginMeta()`).
 */
import type { ParamSpec, PhpArray, Value } from '@sumi/php';
import type { RenderContext } from '../render/context';
import type { PluginGroup } from './groups';

/** The attribute types of the catalog, plus `varname` for `var`-like targets. */
export type AttrType =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'array'
  | 'mixed'
  /** a template variable name, dotted paths allowed (`a.b.c`, `list.`) */
  | 'varname';

export interface AttributeSpec {
  type: AttrType;
  required?: boolean;
  /** default value, applied when the attribute is absent */
  default?: unknown;
  /** allowed values (compared as strings) */
  enum?: readonly (string | number)[];
  description: string;
  deprecated?: boolean;
  /**
   * How the plugin's PHP code reads the value, only where that is not the cast of `type` (see
   * plugin/attributes.ts): `raw`, used as given (compared loosely, or handed to a PHP function that
   * raises its own TypeError); `assign`, a name handed to Smarty's assign(), where an array assigns
   * each of its entries and another scalar is an array key (1.5 names "1"; see `assignTo`).
   */
  read?: 'raw' | 'assign';
  /**
   * The plugin's PHP sees this attribute given as null as given (it checks array_keys(), not isset()):
   * null is then cast like any value instead of meaning absent. `nullIsGiven` of the definition sets it
   * for every attribute.
   */
  nullIsGiven?: boolean;
}

/**
 * A modifier argument (after the piped value), as the reference and completion show it. `type` is
 * PHP's spelling (`string`, `int`, `float`, `bool`, `array`, `mixed`, `?int`, `array|string`,
 * `int|float`): a modifier is a PHP function, built in or userland.
 */
export interface ArgSpec {
  name: string;
  type: string;
  optional?: boolean;
  /** takes every remaining argument (`...$values`) */
  variadic?: boolean;
  default?: unknown;
  description: string;
}

/** One parameter of a modifier's PHP signature, with what its `args` entry documents. */
export interface ModifierParam extends ParamSpec {
  /** required for every parameter but the first (the piped value) */
  description?: string;
  default?: unknown;
}

export interface Example {
  template: string;
  /** JSON-like data the example runs with */
  data?: Record<string, unknown>;
  /** exact output */
  output: string;
  description?: string;
}

interface CommonMeta {
  name: string;
  /** other spellings served by the same definition (`rcms_match` for `cms_match`) */
  aliases?: readonly string[];
  /** the catalog group ("Variables and arrays", "Smarty built-in", "PHP function", ...): one of PLUGIN_GROUPS */
  group: PluginGroup;
  description: string;
  /** what the plugin produces (printed text, the value stored in `var`, ...) */
  result?: string;
  /** conditions that make it fail, and how */
  errors?: readonly string[];
  /** budgets and clamps it applies */
  limits?: readonly string[];
  examples?: readonly Example[];
  /** true when `run` may return a Promise (api, files, ...) */
  async?: boolean;
}

/** `{name attr=value ...}` */
export interface FunctionPluginDef extends CommonMeta {
  kind: 'function';
  attributes: Record<string, AttributeSpec>;
  /** accepts attributes that are not declared (function, sendmail); text says what they mean */
  extraAttributes?: string;
  /** forbidden or required combinations, checked before run: returns an error message or null */
  check?: (attrs: Record<string, Value>) => string | null;
  /**
   * The plugin's PHP reads every attribute given, null included (Smarty's `foreach ($params ...)`), so
   * an attribute given as null is cast like any value ((int) 0, (string) "") instead of meaning absent.
   */
  nullIsGiven?: boolean;
  /**
   * The attribute naming the one variable this plugin assigns (dotted paths allowed), when that is
   * all it writes. The compiler then knows a loop calling it leaves other variables alone and may keep
   * them in JS locals. Omitted: the plugin may assign any variable.
   */
  writes?: string;
  /** the returned string (if any) is printed */
  run(
    ctx: RenderContext,
    attrs: Record<string, Value>,
  ): string | undefined | void | Promise<string | undefined | void>;
}

export interface BlockBody {
  /** renders the block's content once, in the current scope; may be called any number of times */
  render(): string | Promise<string>;
  /**
   * For a plugin with `loop: true`, after a render: 'break' when the body ran `{break}` (stop
   * repeating it), 'continue' when it ran `{continue}` (it ended early; go on), null otherwise.
   */
  readonly jump: 'break' | 'continue' | null;
}

/** `{name attr=value}...{/name}` */
export interface BlockPluginDef extends CommonMeta {
  kind: 'block';
  attributes: Record<string, AttributeSpec>;
  extraAttributes?: string;
  check?: (attrs: Record<string, Value>) => string | null;
  /** as FunctionPluginDef's */
  nullIsGiven?: boolean;
  /**
   * The plugin repeats its body (once per file, per row): `{break}` and `{continue}` inside it end
   * the body's pass, and `body.jump` tells the plugin which one ran.
   */
  loop?: boolean;
  run(
    ctx: RenderContext,
    attrs: Record<string, Value>,
    body: BlockBody,
  ): string | undefined | void | Promise<string | undefined | void>;
}

/** `value|name:arg1:arg2` */
export interface ModifierDef extends CommonMeta {
  kind: 'modifier';
  args: readonly ArgSpec[];
  /**
   * The PHP signature of a built-in PHP function, the piped value first (`substr($string, $offset,
   * $length)`): `args` and the coercion of `run`'s arguments derive from it (see `phpModifier` in
   * @sumi/modifiers), and the compiler warns when a call has a count PHP refuses with
   * ArgumentCountError. Absent for userland functions (Smarty's and the CMS's modifiers): PHP ignores
   * extra arguments to those.
   */
  signature?: readonly ModifierParam[];
  /**
   * With `signature`: the function itself, taking its arguments already coerced to the signature's
   * types (`run` coerces, then calls it). A call written with a count PHP accepts is compiled to a
   * direct call of `body`, each argument's coercion chosen when the template compiles.
   */
  body?: (ctx: RenderContext, ...args: any[]) => Value;
  /**
   * Without `@` Smarty 2 maps a modifier over an array's elements; with `@`
   * the modifier gets the whole array. The runtime does that mapping; `run`
   * receives one value. `wholeArray: true` documents modifiers that are
   * meant to be written with `@` (count, json_encode, cms_sort, ...).
   */
  wholeArray?: boolean;
  /** allowlisted PHP function (subject to DIALECT.md's allowlist) rather than a plugin */
  php?: boolean;
  /**
   * PHP takes the argument by reference (sort, shuffle, array_push, ...): written with `@` on a
   * variable (`{$a.list|@sort}`), the modifier gets that variable's own array and may change it.
   */
  byReference?: boolean;
  /**
   * What `run` gives for a string value and no arguments, when for such a call it can neither warn
   * nor fail (`upper`, `|escape`...): the compiler calls it directly on a string, without the call's
   * context; any other value still goes through `run`.
   */
  onString?: (s: string) => string;
  /**
   * `onString` for a call whose arguments are all written as literals (`|replace:"o":"0"`,
   * `|truncate:20`): the compiler calls it once, with those values, and gets what `run` gives for a
   * string value with these arguments, when for such a call it can neither warn nor fail; or null,
   * when it cannot say for these arguments (then every call goes through `run`). The arguments'
   * checks and coercions are thus made once, at compile time.
   */
  onStringWith?: (args: readonly Value[]) => ((s: string) => string) | null;
  /**
   * `onStringWith` for a number value (a PHP int, or a float with a fraction: a JS number), for the
   * modifiers numbers are piped to (`|string_format:"%.2f"`): called once at compile time with the
   * literal arguments, it gives what `run` gives for a number with these arguments, when for such a
   * call it can neither warn nor fail; or null.
   */
  onNumberWith?: (args: readonly Value[]) => ((n: number) => string) | null;
  run(ctx: RenderContext, value: Value, ...args: Value[]): Value;
}

/**
 * Tags the compiler handles itself (foreach, section, if, assign, capture,
 * strip, literal, ...). Their definitions carry only metadata; codegen lives
 * in `compiler/tags/`.
 */
export interface CompilerTagDef extends CommonMeta {
  kind: 'compiler';
  attributes: Record<string, AttributeSpec>;
  block?: boolean;
}

export type PluginDef = FunctionPluginDef | BlockPluginDef | ModifierDef | CompilerTagDef;

/**
 * What `resolveAttrs` (plugin/attributes.ts) hands `run` for an attribute of this declaration, PHP's
 * cast of the value: a `varname` is a string (non-empty when required; "" means no variable), or with
 * `read: 'assign'` a string or an array of names; a `boolean` a bool, an `integer` an int, an `array`
 * an array; a `string` is any scalar as given (an array became "Array"); a `number`, a `mixed` or a
 * `read: 'raw'` attribute is the value as given.
 */
type AttrValue<S extends AttributeSpec> = S extends { read: 'raw' }
  ? Value
  : S['type'] extends 'varname'
    ? S extends { read: 'assign' }
      ? string | PhpArray
      : string
    : S['type'] extends 'boolean'
      ? boolean
      : S['type'] extends 'integer'
        ? number | bigint
        : S['type'] extends 'array'
          ? PhpArray
          : S['type'] extends 'string'
            ? Exclude<Value, PhpArray>
            : Value;

/**
 * The attribute object `run` receives for these declarations. An attribute without a default may be
 * undefined even when required: the compiler checks that it is written, but a null value counts as
 * absent (PHP's isset()).
 */
export type AttrsOf<A extends Record<string, AttributeSpec>> = {
  -readonly [K in keyof A]:
    | AttrValue<A[K]>
    | (A[K] extends { default: string | number | boolean | object } ? never : undefined);
};

/** `AttrsOf`, plus the undeclared attributes when the plugin accepts them (`extraAttributes`). */
type RunAttrs<A extends Record<string, AttributeSpec>, X> = AttrsOf<A> &
  (X extends string ? Record<string, Value | undefined> : unknown);

type TagInit<D extends FunctionPluginDef | BlockPluginDef, A extends Record<string, AttributeSpec>, X> = Omit<
  D,
  'attributes' | 'extraAttributes' | 'check' | 'run'
> & {
  attributes: A;
  extraAttributes?: X;
  check?: (attrs: RunAttrs<A, X>) => string | null;
};

/** A function plugin whose `run` (and `check`) see the attribute types its declarations give. */
export type FunctionPluginInit<A extends Record<string, AttributeSpec>, X> = TagInit<
  FunctionPluginDef,
  A,
  X
> & {
  run(ctx: RenderContext, attrs: RunAttrs<A, X>): ReturnType<FunctionPluginDef['run']>;
};

/** A block plugin whose `run` (and `check`) see the attribute types its declarations give. */
export type BlockPluginInit<A extends Record<string, AttributeSpec>, X> = TagInit<BlockPluginDef, A, X> & {
  run(ctx: RenderContext, attrs: RunAttrs<A, X>, body: BlockBody): ReturnType<BlockPluginDef['run']>;
};

export function definePlugin<
  const A extends Record<string, AttributeSpec>,
  X extends string | undefined = undefined,
>(def: FunctionPluginInit<A, X>): FunctionPluginDef;
export function definePlugin<
  const A extends Record<string, AttributeSpec>,
  X extends string | undefined = undefined,
>(def: BlockPluginInit<A, X>): BlockPluginDef;
export function definePlugin<T extends ModifierDef | CompilerTagDef>(def: T): T;
export function definePlugin(def: PluginDef): PluginDef {
  return def;
}

/** JSON-serialisable metadata of a definition (everything but code). */
export function pluginMeta(def: PluginDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(def)) {
    if (typeof v !== 'function') out[k] = v;
  }
  return out;
}
