/** The loose shape of a CMS extension-field schema: standard JSON Schema plus the CMS's keywords. */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  enumNames?: string[];
  default?: unknown;
  format?: string;
  rows?: number;
  format_options?: Record<string, unknown>;
  nullable?: boolean;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  errorMessage?: unknown;
  [keyword: string]: unknown;
}

/** The schema's types as a list (`type: 'string'` and `type: ['string','null']` alike). */
export function typesOf(schema: JsonSchema): string[] {
  const t = schema.type;
  if (Array.isArray(t)) return t;
  if (typeof t === 'string') return [t];
  // No `type`: infer from the shape, as the CMS does for hand-written schemas.
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  if (Array.isArray(schema.enum)) {
    const kinds = new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
    return [...kinds].map((k) => (k === 'object' ? 'array' : k));
  }
  return [];
}

/** The type the control edits: the first one that is not `null`. */
export function mainType(schema: JsonSchema): string | undefined {
  return typesOf(schema).find((t) => t !== 'null');
}

/** Whether the value may be null: a `null` type, `nullable: true`, or null among the enum values. */
export function allowsNull(schema: JsonSchema): boolean {
  return (
    typesOf(schema).includes('null') ||
    schema.nullable === true ||
    (Array.isArray(schema.enum) && schema.enum.includes(null))
  );
}

/** The single item schema of an array (the first one of a tuple form). */
export function itemSchema(schema: JsonSchema): JsonSchema | undefined {
  const items = schema.items;
  if (Array.isArray(items)) return items[0];
  return items && typeof items === 'object' ? items : undefined;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
