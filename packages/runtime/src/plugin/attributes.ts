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

export function resolveAttrs(
  def: FunctionPluginDef | BlockPluginDef,
  raw: Record<string, Value>,
  _ctx: unknown,
): Record<string, Value> {
  const out: Record<string, Value> = Object.create(null);
  for (const k in raw) out[k] = raw[k] as Value;
  for (const [name, spec] of Object.entries(def.attributes)) {
    // an attribute given as null counts as not given, as PHP's isset() sees it
    if (out[name] === null) delete out[name];
    if (!(name in out)) {
      if (spec.default !== undefined) out[name] = fromJS(spec.default);
      continue;
    }
    out[name] = coerce(def.name, name, spec, out[name] as Value);
  }
  if (def.check) {
    const problem = def.check(out);
    if (problem) throw new RenderFailure(ErrorCodes.INVALID_ATTRIBUTE, `${def.name}: ${problem}`);
  }
  return out;
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
