/**
 * The plugin API: one definition per plugin, carrying its metadata.
 * The same object drives argument checks at render time, the generated
 * reference (docs), `sumi plugins --json` and editor completion, so every
 * fact about a plugin is written exactly once, here in its definition.
 *
 * Everything except `run` is JSON-serialisable (see `pluginMeta()`).
 */
import type { Value } from '@sumi/php';
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
}

export interface ArgSpec {
  name: string;
  type: AttrType;
  optional?: boolean;
  default?: unknown;
  description: string;
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
}

/** `{name attr=value}...{/name}` */
export interface BlockPluginDef extends CommonMeta {
  kind: 'block';
  attributes: Record<string, AttributeSpec>;
  extraAttributes?: string;
  check?: (attrs: Record<string, Value>) => string | null;
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

export function definePlugin<T extends PluginDef>(def: T): T {
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
