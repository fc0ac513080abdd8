/**
 * What every validator reports, before messages: where the value failed (`instancePath`, a JSON pointer),
 * which keyword failed, and where that keyword sits in the validated schema (`schemaPath`, a pointer).
 * `missing` names the absent property of a `required` failure.
 */
export interface RawError {
  instancePath: string;
  keyword: string;
  schemaPath: string;
  missing?: string;
}

/** A compiled check of one (normalised, standard) schema. */
export type CheckFn = (value: unknown) => RawError[];

/**
 * Builds the check for a schema. The built-in ones are `'ajv'` (the default) and `'strict-csp'` (no
 * `new Function`, for a strict Content-Security-Policy); a site can pass its own, e.g. a precompiled one.
 */
export type ValidatorFactory = (schema: Record<string, unknown>) => CheckFn | Promise<CheckFn>;

/** A validation failure as the form shows it: the value's pointer and a message in the form's language. */
export interface FormError {
  path: string;
  keyword: string;
  message: string;
}

export type Locale = 'ja' | 'en';
