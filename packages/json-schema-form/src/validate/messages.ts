import { getAt, parsePointer } from '../core/pointer';
import { isPlainObject, type JsonSchema } from '../core/schema';
import type { FormError, Locale, RawError } from './types';

type Template = string | ((limit: any) => string);

const TYPE_NAMES: Record<Locale, Record<string, string>> = {
  en: {
    string: 'text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    null: 'empty',
  },
  ja: {
    string: '文字列',
    number: '数値',
    integer: '整数',
    boolean: '真偽値',
    array: '配列',
    object: 'オブジェクト',
    null: '空',
  },
};
const FORMAT_NAMES: Record<Locale, Record<string, string>> = {
  en: {
    date: 'a date (YYYY-MM-DD)',
    'date-time': 'a date and time with its offset',
    email: 'an email address',
    uri: 'a URI',
    time: 'a time',
  },
  ja: {
    date: '日付（YYYY-MM-DD）',
    'date-time': 'タイムゾーン付きの日時',
    email: 'メールアドレス',
    uri: 'URI',
    time: '時刻',
  },
};

function typeList(locale: Locale, t: unknown): string {
  const names = (Array.isArray(t) ? t : [t]).map((x) => TYPE_NAMES[locale][String(x)] ?? String(x));
  return names.join(locale === 'ja' ? '・' : ' or ');
}

/** Built-in messages, one per keyword; `limit` is the failed keyword's value in the schema. */
const MESSAGES: Record<Locale, Record<string, Template>> = {
  en: {
    required: 'This field is required.',
    type: (t) => `Enter ${typeList('en', t)}.`,
    enum: 'Choose one of the allowed values.',
    const: 'This value is not allowed.',
    format: (f) => `Enter ${FORMAT_NAMES.en[f] ?? `a valid ${f}`}.`,
    minLength: (n) => `Enter at least ${n} character${n === 1 ? '' : 's'}.`,
    maxLength: (n) => `Enter at most ${n} character${n === 1 ? '' : 's'}.`,
    minimum: (n) => `Enter ${n} or more.`,
    maximum: (n) => `Enter ${n} or less.`,
    exclusiveMinimum: (n) => `Enter more than ${n}.`,
    exclusiveMaximum: (n) => `Enter less than ${n}.`,
    multipleOf: (n) => `Enter a multiple of ${n}.`,
    minItems: (n) => `Add at least ${n} item${n === 1 ? '' : 's'}.`,
    maxItems: (n) => `Keep at most ${n} item${n === 1 ? '' : 's'}.`,
    uniqueItems: 'Remove the duplicate items.',
    pattern: 'This value does not have the expected form.',
    additionalProperties: 'This value has a key that is not allowed.',
    _: 'This value is not valid.',
  },
  ja: {
    required: '入力してください。',
    type: (t) => `${typeList('ja', t)}で入力してください。`,
    enum: '選択肢から選んでください。',
    const: 'この値は使えません。',
    format: (f) => `${FORMAT_NAMES.ja[f] ?? f}の形式で入力してください。`,
    minLength: (n) => `${n}文字以上で入力してください。`,
    maxLength: (n) => `${n}文字以内で入力してください。`,
    minimum: (n) => `${n}以上の値を入力してください。`,
    maximum: (n) => `${n}以下の値を入力してください。`,
    exclusiveMinimum: (n) => `${n}より大きい値を入力してください。`,
    exclusiveMaximum: (n) => `${n}より小さい値を入力してください。`,
    multipleOf: (n) => `${n}の倍数を入力してください。`,
    minItems: (n) => `${n}件以上にしてください。`,
    maxItems: (n) => `${n}件以下にしてください。`,
    uniqueItems: '重複した項目を取り除いてください。',
    pattern: '形式が正しくありません。',
    additionalProperties: '使えない項目が含まれています。',
    _: '値が正しくありません。',
  },
};

/** Keywords that only report that something inside failed: the inner failure is the one shown. */
const WRAPPERS = new Set([
  'properties',
  'items',
  'additionalItems',
  'if',
  'then',
  'else',
  'allOf',
  '$ref',
  'dependencies',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
  'prefixItems',
]);

/**
 * Validator failures as the form's messages, in `locale`:
 * - a `required` failure is reported on the missing property's own pointer;
 * - any failure of an emptied required field ('' or null) is one "required" message;
 * - failures inside `anyOf`/`oneOf`/`not` branches give way to the combinator's own message;
 * - a custom message in the schema wins (see `customMessage`);
 * - one message per pointer and keyword.
 */
export function toFormErrors(
  raw: RawError[],
  schema: JsonSchema,
  value: unknown,
  locale: Locale,
): FormError[] {
  const out: FormError[] = [];
  const seen = new Set<string>();
  for (const e of raw) {
    if (WRAPPERS.has(e.keyword) || /\/(anyOf|oneOf|not)\//.test(e.schemaPath)) continue;
    const owner = e.schemaPath.slice(0, e.schemaPath.lastIndexOf('/'));
    let path = e.instancePath;
    let keyword = e.keyword;
    let fieldSchemaPath = owner;
    if (keyword === 'required' && e.missing !== undefined) {
      const key = e.missing.replace(/~/g, '~0').replace(/\//g, '~1');
      path = `${path}/${key}`;
      fieldSchemaPath = `${owner}/properties/${key}`;
    } else if (isEmpty(getAt(value, path)) && requiredByParent(schema, owner)) {
      keyword = 'required';
    }
    const id = `${path} ${keyword}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const message =
      customMessage(getAt(schema, fieldSchemaPath), keyword, locale) ??
      (fieldSchemaPath !== owner ? customMessage(getAt(schema, owner), keyword, locale) : undefined) ??
      builtIn(keyword, keyword === e.keyword ? getAt(schema, e.schemaPath) : undefined, locale);
    out.push({ path, keyword, message });
  }
  return out;
}

function isEmpty(v: unknown): boolean {
  return v === '' || v === null || v === undefined;
}

/** Whether the schema at `fieldSchemaPath` is a property its object lists in `required`. */
function requiredByParent(schema: JsonSchema, fieldSchemaPath: string): boolean {
  const keys = parsePointer(fieldSchemaPath);
  if (keys.length < 2 || keys[keys.length - 2] !== 'properties') return false;
  const parent = getAt(
    schema,
    fieldSchemaPath.slice(0, fieldSchemaPath.lastIndexOf('/properties/')),
  ) as JsonSchema;
  return Array.isArray(parent?.required) && parent.required.includes(keys[keys.length - 1]);
}

function builtIn(keyword: string, limit: unknown, locale: Locale): string {
  const t = MESSAGES[locale][keyword] ?? MESSAGES[locale]._;
  return typeof t === 'function' ? t(limit) : t;
}

/**
 * A schema's own message for a failure, from its `errorMessage` keyword:
 * - a string, or `{ ja, en }`: the message for every failure of this field;
 * - an object by keyword (`{ pattern: '…', required: { ja: '…', en: '…' }, _: '…' }`): per keyword,
 *   `_` for the others.
 */
export function customMessage(fieldSchema: unknown, keyword: string, locale: Locale): string | undefined {
  if (!isPlainObject(fieldSchema)) return undefined;
  const m = fieldSchema.errorMessage;
  const whole = localized(m, locale);
  if (whole !== undefined || !isPlainObject(m)) return whole;
  return localized(m[keyword], locale) ?? localized(m._, locale);
}

function localized(m: unknown, locale: Locale): string | undefined {
  if (typeof m === 'string') return m;
  if (isPlainObject(m) && typeof m[locale] === 'string') return m[locale] as string;
  return undefined;
}
