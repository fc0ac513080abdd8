/**
 * Run-time attribute checks from a plugin's metadata: defaults, types and
 * allowed values. A wrong type stops the render with a positioned error
 * naming the attribute; values are never echoed (they may be secrets).
 */
import { ErrorCodes, RenderFailure } from '../errors';
import { PhpArray } from '../php/array';
import { isNumericString, toBool, toInt, toStr } from '../php/convert';
import { fromJS } from '../php/json';
import type { Value } from '../php/value';
import { isInt, PhpFloat } from '../php/value';
import type { AttributeSpec, BlockPluginDef, FunctionPluginDef } from './types';

interface ResolvedSpec {
  name: string;
  spec: AttributeSpec;
  /** the default as a PHP value (converted once) */
  fallback: Value | undefined;
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
  _ctx: unknown,
): Record<string, Value> {
  for (const { name, spec, fallback } of specs(def)) {
    const v = raw[name];
    // an attribute given as null counts as not given, as PHP's isset() sees it
    if (v === undefined || v === null) {
      raw[name] = fallback instanceof PhpArray ? fallback.clone() : (fallback as Value);
      continue;
    }
    raw[name] = coerce(def.name, name, spec, v);
  }
  if (def.check) {
    const problem = def.check(raw);
    if (problem) throw new RenderFailure(ErrorCodes.INVALID_ATTRIBUTE, `${def.name}: ${problem}`);
  }
  return raw;
}

function coerce(plugin: string, name: string, spec: AttributeSpec, v: Value): Value {
  const bad = (what: string): never => {
    throw new RenderFailure(
      ErrorCodes.ATTRIBUTE_TYPE,
      `${plugin}: '${name}' must be ${what}, got ${describe(v)}`,
    );
  };
  let out: Value = v;
  switch (spec.type) {
    case 'string':
      if (v instanceof PhpArray) bad('a string');
      break;
    case 'varname':
      if (typeof v !== 'string' || v === '') bad('a variable name');
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
      bad('an integer');
      break;
    case 'number':
      if (v instanceof PhpArray || (typeof v === 'string' && !isNumericString(v))) bad('a number');
      break;
    case 'boolean':
      if (v instanceof PhpArray) bad('a boolean');
      out = toBool(v);
      break;
    case 'array':
      if (v !== null && !(v instanceof PhpArray)) bad('an array');
      break;
    case 'mixed':
      break;
  }
  if (spec.enum && out !== null && !spec.enum.map(String).includes(toStr(out as Value))) {
    bad(`one of ${spec.enum.join(', ')}`);
  }
  return out;
}

function describe(v: Value): string {
  if (v === null) return 'null';
  if (v instanceof PhpArray) return 'an array';
  if (typeof v === 'boolean') return 'a boolean';
  if (typeof v === 'string') return 'a string';
  return 'a number';
}
