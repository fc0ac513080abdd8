import { allowsNull, type JsonSchema, mainType } from './schema';

/**
 * Whether a field shows the required mark (*), per kind, as the spec's table says:
 * - enum, date, date-time, number, integer: `nullable: false`, and only when the type does not allow null;
 * - strings: `minLength` of 1 or more;
 * - arrays and objects: the field's name is in its object's `required` list.
 * `inRequiredList` is whether the containing object lists the field's name in `required`.
 */
export function isRequired(schema: JsonSchema, inRequiredList: boolean): boolean {
  const type = mainType(schema);
  if (type === 'array' || type === 'object') return inRequiredList;
  if (isNullableKind(schema) && schema.nullable === false && !allowsNull(schema)) return true;
  return type === 'string' && (schema.minLength ?? 0) >= 1;
}

/** The kinds on which `nullable` means something: enum, date, date-time, number and integer. */
export function isNullableKind(schema: JsonSchema): boolean {
  const type = mainType(schema);
  return (
    Array.isArray(schema.enum) ||
    type === 'number' ||
    type === 'integer' ||
    (type === 'string' && (schema.format === 'date' || schema.format === 'date-time'))
  );
}
