import { toValidationSchema } from '../core/normalize';
import type { JsonSchema } from '../core/schema';
import { toFormErrors } from './messages';
import type { CheckFn, FormError, Locale, ValidatorFactory } from './types';

export type ValidatorChoice = 'ajv' | 'strict-csp' | ValidatorFactory;

/** The built-in validators, each loaded only when chosen, so neither weighs on the form itself. */
const BUILT_IN: Record<'ajv' | 'strict-csp', () => Promise<{ default: ValidatorFactory }>> = {
  ajv: () => import('./ajv'),
  'strict-csp': () => import('./strict-csp'),
};

/**
 * A validator for the form's schema: normalises it (the CMS's keywords → standard JSON Schema), builds the
 * chosen check once, and gives messages in `locale`.
 */
export async function createValidator(
  schema: JsonSchema,
  choice: ValidatorChoice = 'ajv',
): Promise<(value: unknown, locale?: Locale) => FormError[]> {
  const normalized = toValidationSchema(schema);
  const factory = typeof choice === 'function' ? choice : (await BUILT_IN[choice]()).default;
  const check: CheckFn = await factory(normalized);
  return (value, locale = 'en') => toFormErrors(check(value), normalized, value, locale);
}

/** Validates one value once; for repeated checks keep the function `createValidator` gives. */
export async function validateValue(
  schema: JsonSchema,
  value: unknown,
  options: { locale?: Locale; validator?: ValidatorChoice } = {},
): Promise<FormError[]> {
  return (await createValidator(schema, options.validator))(value, options.locale);
}
