import { cardsEditable, DEFAULT_MAX_DEPTH } from './depth';
import { initialValue } from './initial';
import { childPointer } from './pointer';
import { isRequired } from './required';
import { allowsNull, isPlainObject, itemSchema, type JsonSchema, mainType } from './schema';

/** The controls, in the order of the spec's table. */
export const CONTROLS = [
  'text',
  'select',
  'date',
  'datetime',
  'file',
  'html',
  'textarea',
  'number',
  'number-select',
  'checkbox',
  'comma-list',
  'multi-select',
  'cards',
  'json',
] as const;
export type Control = (typeof CONTROLS)[number];

/**
 * One field of the form. The root object's descriptor has control `'fields'`: it has no control of its own,
 * its properties are the fields. Plain JSON: it is what the renderer, the playground and other tools read.
 */
export interface FieldDescriptor {
  /** JSON pointer of the value; fields of array items use the first item's pointer (`/rows/0/name`). */
  path: string;
  control: Control | 'fields';
  /** The initial value (rules 1–3); absent when the field starts empty and its key is left out. */
  initial?: unknown;
  /** Whether the field shows the required mark. */
  required: boolean;
  /** Display labels of `enum` (or `items.enum`) values, `enumNames` where given. */
  labels?: string[];
  /** Rows of a textarea. */
  rows?: number;
  /** False on levels deeper than `maxDepth`: edited as JSON, with a notice. */
  editable: boolean;
  /** The fields of the root object, or of each card. */
  children?: FieldDescriptor[];
  /** The property name (absent on the root). */
  key?: string;
  /** The label: `title`, or the property name. */
  title: string;
  description?: string;
  /** Whether the value may be null (the control then offers "clear to null"). */
  nullable: boolean;
  /** The values behind `labels`, in the same order. */
  enum?: unknown[];
  /** Type of the items of a comma list. */
  itemType?: 'string' | 'number' | 'integer';
  /** Type of a number field. */
  numberType?: 'number' | 'integer';
  /** `format_options` of an html field. */
  options?: Record<string, unknown>;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** The value a new card starts with. */
  itemInitial?: unknown;
}

export interface DescribeOptions {
  /** Deepest level edited as a form (default 3: object → array → object). */
  maxDepth?: number;
}

/** The form a schema gives: one descriptor per field, as a tree. */
export function describeForm(schema: JsonSchema, options: DescribeOptions = {}): FieldDescriptor {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (mainType(schema) === 'object' && isPlainObject(schema.properties)) {
    const root = base(schema, '', undefined, false, 'fields');
    root.children = describeProperties(schema, '', 1, maxDepth);
    return root;
  }
  return describeField(schema, '', undefined, false, 0, maxDepth);
}

function describeProperties(schema: JsonSchema, path: string, level: number, maxDepth: number) {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(schema.properties ?? {})
    .filter(([, sub]) => isPlainObject(sub))
    .map(([key, sub]) =>
      describeField(sub, childPointer(path, key), key, required.has(key), level, maxDepth),
    );
}

/** `level` is that of the object holding the field (0 for a root that is not an object). */
function describeField(
  schema: JsonSchema,
  path: string,
  key: string | undefined,
  inRequiredList: boolean,
  level: number,
  maxDepth: number,
): FieldDescriptor {
  const type = mainType(schema);
  const item = itemSchema(schema);
  const enumValues = Array.isArray(schema.enum) ? schema.enum : undefined;
  if (type === 'string') {
    const control: Control = enumValues ? 'select' : (STRING_FORMATS[schema.format ?? ''] ?? 'text');
    const d = base(schema, path, key, inRequiredList, control);
    if (enumValues) withEnum(d, enumValues, schema.enumNames);
    if (control === 'textarea' && typeof schema.rows === 'number') d.rows = schema.rows;
    if (control === 'html') d.options = isPlainObject(schema.format_options) ? schema.format_options : {};
    copy(d, schema, ['minLength', 'maxLength']);
    return d;
  }
  if (type === 'number' || type === 'integer') {
    const d = base(schema, path, key, inRequiredList, enumValues ? 'number-select' : 'number');
    d.numberType = type;
    if (enumValues) withEnum(d, enumValues, schema.enumNames);
    copy(d, schema, ['minimum', 'maximum']);
    return d;
  }
  if (type === 'boolean') return base(schema, path, key, inRequiredList, 'checkbox');
  if (type === 'array' && item) {
    const itemType = mainType(item);
    if (Array.isArray(item.enum)) {
      return withEnum(
        withLimits(base(schema, path, key, inRequiredList, 'multi-select'), schema),
        item.enum,
        item.enumNames,
      );
    }
    if (itemType === 'object' && isPlainObject(item.properties)) {
      const arrayLevel = level + 1;
      if (!cardsEditable(arrayLevel, maxDepth)) return base(schema, path, key, inRequiredList, 'json', false);
      const d = withLimits(base(schema, path, key, inRequiredList, 'cards'), schema);
      d.children = describeProperties(item, childPointer(path, 0), arrayLevel + 1, maxDepth);
      d.itemInitial = initialValue(item);
      return d;
    }
    if (itemType === 'string' || itemType === 'number' || itemType === 'integer') {
      const d = withLimits(base(schema, path, key, inRequiredList, 'comma-list'), schema);
      d.itemType = itemType;
      return d;
    }
  }
  return base(schema, path, key, inRequiredList, 'json');
}

const STRING_FORMATS: Record<string, Control> = {
  date: 'date',
  'date-time': 'datetime',
  'file-manager': 'file',
  html: 'html',
  textarea: 'textarea',
};

function base(
  schema: JsonSchema,
  path: string,
  key: string | undefined,
  inRequiredList: boolean,
  control: Control | 'fields',
  editable = true,
): FieldDescriptor {
  const d: FieldDescriptor = {
    path,
    control,
    required: isRequired(schema, inRequiredList),
    editable,
    title: typeof schema.title === 'string' ? schema.title : (key ?? ''),
    nullable: allowsNull(schema),
  };
  const initial = initialValue(schema);
  if (initial !== undefined) d.initial = initial;
  if (key !== undefined) d.key = key;
  if (typeof schema.description === 'string') d.description = schema.description;
  return d;
}

function withEnum(d: FieldDescriptor, values: unknown[], names: unknown): FieldDescriptor {
  d.enum = values;
  d.labels = values.map((v, i) =>
    Array.isArray(names) && typeof names[i] === 'string' ? names[i] : v === null ? '' : String(v),
  );
  return d;
}

function withLimits(d: FieldDescriptor, schema: JsonSchema): FieldDescriptor {
  return copy(d, schema, ['minItems', 'maxItems']);
}

function copy(d: FieldDescriptor, schema: JsonSchema, keys: (keyof FieldDescriptor & keyof JsonSchema)[]) {
  for (const k of keys) if (typeof schema[k] === 'number') (d as any)[k] = schema[k];
  return d;
}
