import { isRequired } from './required';
import { isPlainObject, type JsonSchema, mainType, typesOf } from './schema';

/** The CMS's UI keywords: kept in the form's description, dropped from the schema validators see. */
const UI_KEYWORDS = ['enumNames', 'nullable', 'rows', 'format_options'];
/** Formats that name a control, not a value format. */
const UI_FORMATS = new Set(['file-manager', 'html', 'textarea']);
/** Keywords whose value is one subschema / a list of them / a map of them. */
const ONE = [
  'items',
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
];
const LIST = ['items', 'anyOf', 'allOf', 'oneOf'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];

/**
 * The schema as standard JSON Schema (draft-07) for a validator:
 * - `enumNames`, `rows`, `format_options` and `nullable` are dropped (the UI reads them from the original);
 * - `nullable: true` adds null to `type` (and to `enum`), as OpenAPI means it;
 * - the formats `file-manager`, `html` and `textarea` are dropped (they name controls);
 * - a field marked required (`nullable: false`, `minLength` ≥ 1) joins its object's `required` list, so an
 *   absent value fails as the mark promises;
 * - an optional `date`/`date-time` accepts '' (an empty picker), checking the format only when non-empty;
 * - a root `$schema` is dropped: the validators run draft-07 and the CMS's schemas use no later keyword.
 * `errorMessage` (custom messages) stays: validators ignore it and the message lookup reads it.
 */
export function toValidationSchema(schema: JsonSchema): JsonSchema {
  const out = normalizeNode(schema);
  delete out.$schema;
  return out;
}

function normalizeNode(schema: JsonSchema): JsonSchema {
  if (!isPlainObject(schema)) return schema;
  const out: JsonSchema = { ...schema };
  for (const k of UI_KEYWORDS) delete out[k];
  if (schema.nullable === true && !typesOf(schema).includes('null')) {
    if (schema.type !== undefined) out.type = [...typesOf(schema), 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
  }
  if (typeof schema.format === 'string' && UI_FORMATS.has(schema.format)) delete out.format;
  for (const k of ONE) if (isPlainObject(out[k])) out[k] = normalizeNode(out[k] as JsonSchema);
  for (const k of LIST) if (Array.isArray(out[k])) out[k] = (out[k] as JsonSchema[]).map(normalizeNode);
  for (const k of MAP) {
    const map = out[k];
    if (isPlainObject(map)) {
      out[k] = Object.fromEntries(
        Object.entries(map).map(([key, sub]) => [
          key,
          Array.isArray(sub) ? sub : normalizeNode(sub as JsonSchema),
        ]),
      );
    }
  }
  if (isPlainObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (
        isPlainObject(sub) &&
        mainType(sub) !== 'array' &&
        mainType(sub) !== 'object' &&
        isRequired(sub, false)
      ) {
        required.add(key);
      }
    }
    if (required.size) out.required = [...required];
  }
  return optionalDate(schema, out);
}

/** `{format: 'date'}` on an optional field → `{if: {minLength: 1}, then: {format: 'date'}}`. */
function optionalDate(original: JsonSchema, out: JsonSchema): JsonSchema {
  const f = original.format;
  if ((f !== 'date' && f !== 'date-time') || isRequired(original, false)) return out;
  if (out.if !== undefined) return out; // the author's own condition wins; do not nest ours around it
  const { format, ...rest } = out;
  const then: JsonSchema = { format };
  if (out.errorMessage !== undefined) then.errorMessage = out.errorMessage;
  return { ...rest, if: { minLength: 1 }, then };
}
