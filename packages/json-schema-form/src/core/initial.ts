import { allowsNull, isPlainObject, itemSchema, type JsonSchema, mainType } from './schema';

/**
 * The value a field starts with, by the spec's rules:
 * 1. `default` when set; 2. otherwise null when null is among the `enum` values; 3. otherwise the first
 * `enum` value (numbers too).
 * Where the spec is silent: null when the type allows null; an object gathers its properties' initial
 * values; an array of objects starts with `minItems` new items; a string starts as '', a boolean as false;
 * a number starts empty, which leaves its key out (`undefined`).
 */
export function initialValue(schema: JsonSchema): unknown {
  if (schema.default !== undefined) {
    const d = structuredClone(schema.default);
    // An object's default keeps its own keys; properties it lacks get their own initial values.
    return mainType(schema) === 'object' && isPlainObject(d) ? { ...propertiesInitial(schema), ...d } : d;
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum.includes(null) ? null : structuredClone(schema.enum[0]);
  }
  if (allowsNull(schema)) return null;
  switch (mainType(schema)) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'object':
      return propertiesInitial(schema);
    case 'array': {
      const item = itemSchema(schema);
      const count = item && mainType(item) === 'object' ? (schema.minItems ?? 0) : 0;
      return Array.from({ length: count }, () => initialValue(item!));
    }
    default:
      return undefined;
  }
}

function propertiesInitial(schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const v = initialValue(sub);
    if (v !== undefined) out[key] = v;
  }
  return out;
}
