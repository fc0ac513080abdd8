/**
 * Run-time attribute handling from a plugin's metadata: defaults, and the value each attribute's PHP
 * code sees. The CMS's plugins (and Smarty's) are PHP functions that read `$params` with PHP's casts,
 * so a value of another type is cast, never refused: `(string)` gives "Array" for an array (with PHP's
 * warning), `(int)` gives 12 for "12abc", `(bool)` and `(array)` accept anything. Where the PHP code
 * fails instead (an array used as a key, a non-numeric operand), the plugin raises PHP's error. Only a
 * value outside an attribute's `enum` is refused here (ATTRIBUTE_TYPE). Values are never echoed in
 * errors (they may be secrets).
 */

import type { Value } from '@sumi/php';
import {
  copyValue,
  fromJS,
  PhpArray,
  PhpFloat,
  PhpObject,
  type Reporter,
  toArray,
  toBool,
  toInt,
  toStr,
} from '@sumi/php';
import { ErrorCodes, fail } from '../errors';
import type { RenderContext } from '../render/context';
import { assignName } from '../render/scope';
import type { AttributeSpec, BlockPluginDef, FunctionPluginDef } from './types';

export interface ResolvedSpec {
  name: string;
  spec: AttributeSpec;
  /** the default as a PHP value (converted once) */
  fallback: Value | undefined;
  /** the allowed values as strings, or null */
  allowed: string[] | null;
  /** a null value is cast, not absent (see AttributeSpec.nullIsGiven) */
  nullIsGiven: boolean;
}

/** per definition, its attribute table in a form that is cheap to walk on every call */
const specsOf = new WeakMap<FunctionPluginDef | BlockPluginDef, ResolvedSpec[]>();

function specs(def: FunctionPluginDef | BlockPluginDef): ResolvedSpec[] {
  let list = specsOf.get(def);
  if (!list) {
    list = Object.entries(def.attributes).map(([name, spec]) => ({
      name,
      spec,
      fallback: spec.default === undefined ? undefined : fromJS(spec.default),
      allowed: spec.enum ? spec.enum.map(String) : null,
      nullIsGiven: def.nullIsGiven === true || spec.nullIsGiven === true,
    }));
    specsOf.set(def, list);
  }
  return list;
}

/**
 * `raw` is the fresh attribute object the compiled call built; it is completed in place (defaults,
 * casts) and handed to `run`. `ctx` receives PHP's warnings of the casts ("Array to string conversion").
 * A compiled call site uses an `attrsResolver` of its template instead, which does the same.
 */
export function resolveAttrs(
  def: FunctionPluginDef | BlockPluginDef,
  raw: Record<string, Value>,
  ctx: Reporter,
): Record<string, Value> {
  const list = specs(def);
  for (let i = 0; i < list.length; i++) {
    const r = list[i]!;
    raw[r.name] = resolveAttr(def, r, raw[r.name], ctx);
  }
  return checkAttrs(def, raw);
}

/** the value attribute `r` of `def` takes, given `v` (undefined when not written) */
export function resolveAttr(
  def: FunctionPluginDef | BlockPluginDef,
  r: ResolvedSpec,
  v: Value | undefined,
  ctx: Reporter,
): Value {
  // an attribute given as null counts as not given, as PHP's isset() sees it (unless the plugin sees
  // every given attribute, null included: then null is cast like any value)
  if (v === undefined || (v === null && !r.nullIsGiven)) {
    // `{add var=$undefined}`: the CMS's "missing 'var' parameter"; the plugin never gets a null name
    if (v === null && r.spec.required && r.spec.type === 'varname') {
      fail(
        ErrorCodes.MISSING_ATTRIBUTE,
        { tag: def.name, attribute: r.name },
        `'${r.name}' is null here: an undefined variable? It must name the variable to assign`,
      );
    }
    const fallback = r.fallback;
    return fallback instanceof PhpArray ? fallback.clone() : (fallback as Value);
  }
  const out = r.spec.read === undefined ? cast(def.name, r, v, ctx) : read(r, v);
  if (r.allowed !== null && out !== null && !r.allowed.includes(toStr(out))) {
    fail(ErrorCodes.ATTRIBUTE_TYPE, {
      tag: def.name,
      attribute: r.name,
      expected: `one of ${r.allowed.join(', ')}`,
      got: describe(v),
    });
  }
  return out;
}

/** the definition's own check of the resolved attributes (`check`), then the attributes */
export function checkAttrs(
  def: FunctionPluginDef | BlockPluginDef,
  raw: Record<string, Value>,
): Record<string, Value> {
  if (def.check) {
    const problem = def.check(raw);
    if (problem) fail(ErrorCodes.INVALID_ATTRIBUTE, { tag: def.name, problem });
  }
  return raw;
}

/** the resolved attribute table of `def`, in its declared order (what a compiled resolver walks) */
export const attrSpecs = specs;

/** The value as the declared type's PHP cast gives it. */
function cast(plugin: string, r: ResolvedSpec, v: Value, ctx: Reporter): Value {
  switch (r.spec.type) {
    case 'string':
      // (string): scalars stay as given (the plugin tells `false` from "" where the CMS does, then casts)
      return v instanceof PhpArray || v instanceof PhpObject ? toStr(v, warner(ctx)) : v;
    case 'integer':
      return v instanceof PhpObject ? toInt(v, warner(ctx)) : toInt(v);
    case 'boolean':
      return toBool(v);
    case 'array':
      return toArray(v);
    case 'varname':
      return varName(plugin, r, v, ctx);
    // number: an operand of PHP arithmetic, which raises its own TypeError; mixed: as given
    default:
      return v;
  }
}

/** The `read` overrides: how a plugin's PHP uses the value where that is not the type's cast. */
function read(r: ResolvedSpec, v: Value): Value {
  return r.spec.read === 'raw' ? v : assignName(v);
}

/** PHP's warnings of a cast, for the log (made only on the paths where PHP warns) */
function warner(ctx: Reporter): (message: string) => void {
  return (m) => ctx.warn(m);
}

/**
 * A variable name, as the CMS's plugins take it: `(string)`, so the bare word `yes` (true) names the
 * variable "1", a number its digits and an array "Array" (with PHP's warning). No name (false, "") is an
 * error where one is required; elsewhere "" is handed on and means "assign nothing" (`{counter
 * assign=no}` prints instead).
 */
function varName(plugin: string, r: ResolvedSpec, v: Value, ctx: Reporter): string {
  if (typeof v === 'string' && v !== '') return v;
  const name = toStr(v, warner(ctx));
  if (name === '' && r.spec.required) {
    fail(
      ErrorCodes.MISSING_ATTRIBUTE,
      { tag: plugin, attribute: r.name },
      `'${r.name}' is empty or false here: it must name the variable to assign`,
    );
  }
  return name;
}

/**
 * Assigns `value` to an attribute read with `read: 'assign'`, as Smarty's assign() does: a name (dotted
 * forms allowed), or an array whose entries are assigned each under its key ("" keys skipped; unlike
 * Smarty, a key with a dot is a dotted path: Smarty's variable "a.b" could not be read anyway).
 */
export function assignTo(ctx: RenderContext, target: string | PhpArray, value: Value): void {
  if (typeof target === 'string') {
    if (target !== '') ctx.assign(target, value);
    return;
  }
  for (const [k, v] of target.entries()) if (k !== '') ctx.assign(String(k), copyValue(v));
}

export function describe(v: Value): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof PhpArray) return 'an array';
  if (typeof v === 'boolean') return 'a boolean';
  if (typeof v === 'string') return 'a string';
  if (v instanceof PhpFloat || typeof v === 'number' || typeof v === 'bigint') return 'a number';
  return 'an object';
}
