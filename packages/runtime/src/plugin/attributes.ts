/**
 * Run-time attribute checks from a plugin's metadata: defaults, types and
 * allowed values. A wrong type stops the render with a positioned error
 * naming the attribute; values are never echoed (they may be secrets).
 */

import type { Value } from '@sumi/php';
import {
  fromJS,
  isInt,
  isNumericString,
  PhpArray,
  PhpFloat,
  scanNumber,
  PhpObject,
  toBool,
  toInt,
  toStr,
} from '@sumi/php';
import { ErrorCodes, fail } from '../errors';
import type { AttributeSpec, BlockPluginDef, FunctionPluginDef } from './types';

interface ResolvedSpec {
  name: string;
  spec: AttributeSpec;
  /** the default as a PHP value (converted once) */
  fallback: Value | undefined;
  /** the allowed values as strings, or null */
  allowed: string[] | null;
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
    }));
    specsOf.set(def, list);
  }
  return list;
}

/**
 * `raw` is the fresh attribute object the compiled call built; it is
 * completed in place (defaults, coercions) and handed to `run`.
 */
export function resolveAttrs(
  def: FunctionPluginDef | BlockPluginDef,
  raw: Record<string, Value>,
): Record<string, Value> {
  const list = specs(def);
  for (let i = 0; i < list.length; i++) {
    const r = list[i]!;
    const v = raw[r.name];
    // an attribute given as null counts as not given, as PHP's isset() sees it
    if (v === undefined || (v === null && r.spec.keepNull !== true)) {
      // `{add var=$undefined}`: the CMS's "missing 'var' parameter"; the plugin never gets a null name
      if (r.spec.required && r.spec.type === 'varname') {
        fail(
          ErrorCodes.MISSING_ATTRIBUTE,
          { tag: def.name, attribute: r.name },
          `'${r.name}' is null here: an undefined variable? It must name the variable to assign`,
        );
      }
      const fallback = r.fallback;
      raw[r.name] = fallback instanceof PhpArray ? fallback.clone() : (fallback as Value);
      continue;
    }
    if (r.spec.type === 'varname') raw[r.name] = varName(def.name, r, v);
    else if (r.spec.type !== 'mixed' || r.allowed !== null) raw[r.name] = coerce(def.name, r, v);
  }
  if (def.check) {
    const problem = def.check(raw);
    if (problem) fail(ErrorCodes.INVALID_ATTRIBUTE, { tag: def.name, problem });
  }
  return raw;
}

/**
 * A variable name, as the CMS's plugins take it: the string form of a scalar, so the bare word `yes` (true)
 * names the variable "1" and a number its digits. No name (false, "") is an error where one is required;
 * elsewhere "" is handed on and means "assign nothing" (`{counter assign=no}` prints instead).
 */
function varName(plugin: string, r: ResolvedSpec, v: Value): string {
  if (typeof v === 'string' && v !== '') return v;
  if (v instanceof PhpArray || v instanceof PhpObject) badAttribute(plugin, r.name, 'a variable name', v);
  const name = toStr(v);
  if (name === '' && r.spec.required) {
    fail(
      ErrorCodes.MISSING_ATTRIBUTE,
      { tag: plugin, attribute: r.name },
      `'${r.name}' is empty or false here: it must name the variable to assign`,
    );
  }
  return name;
}

function coerce(plugin: string, r: ResolvedSpec, v: Value): Value {
  let out: Value = v;
  switch (r.spec.type) {
    case 'string':
      if (v instanceof PhpArray) badAttribute(plugin, r.name, 'a string', v);
      break;
    case 'integer':
      if (v === null || v === '') break;
      if (isInt(v)) break;
      if (
        typeof v === 'boolean' ||
        (typeof v === 'string' && isNumericString(v)) ||
        typeof v === 'number' ||
        v instanceof PhpFloat
      ) {
        out = toInt(v);
        break;
      }
      badAttribute(plugin, r.name, 'an integer', v);
      break;
    case 'number':
      // what PHP arithmetic takes: a leading-numeric string ("12abc") too, with a warning there
      if (v instanceof PhpArray || (typeof v === 'string' && scanNumber(v, true) === null))
        badAttribute(plugin, r.name, 'a number', v);
      break;
    case 'boolean':
      if (v instanceof PhpArray) badAttribute(plugin, r.name, 'a boolean', v);
      out = toBool(v);
      break;
    case 'array':
      if (v !== null && !(v instanceof PhpArray)) badAttribute(plugin, r.name, 'an array', v);
      break;
    case 'mixed':
      break;
  }
  if (r.allowed !== null && out !== null && !r.allowed.includes(toStr(out as Value))) {
    badAttribute(plugin, r.name, `one of ${r.allowed.join(', ')}`, v);
  }
  return out;
}

function badAttribute(plugin: string, name: string, what: string, v: Value): never {
  fail(ErrorCodes.ATTRIBUTE_TYPE, { tag: plugin, attribute: name, expected: what, got: describe(v) });
}

export function describe(v: Value): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof PhpArray) return 'an array';
  if (typeof v === 'boolean') return 'a boolean';
  if (typeof v === 'string') return 'a string';
  return 'a number';
}
