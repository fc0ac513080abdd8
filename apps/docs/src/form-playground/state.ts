/**
 * The form playground's state in the URL fragment: `#schema=…&value=…&locale=…&validator=…&ui=0`, the
 * texts in the template playground's encoding (base64url of UTF-8, ../playground/share.ts). The fragment
 * never reaches a server.
 */
import type { Locale } from '@sumi/json-schema-form';
import { encode, fragmentValues } from '../playground/share';

export interface FormState {
  schema: string;
  /** JSON text of the value; '' when the form starts from its initial values. */
  value: string;
  locale: Locale;
  validator: 'ajv' | 'strict-csp';
  buildUi: boolean;
}

export function writeState(s: FormState): string {
  const parts = [`schema=${encode(s.schema)}`];
  if (s.value) parts.push(`value=${encode(s.value)}`);
  parts.push(`locale=${s.locale}`, `validator=${s.validator}`);
  if (!s.buildUi) parts.push('ui=0');
  return `#${parts.join('&')}`;
}

/** The state in a fragment; what is missing or unreadable is left out. */
export function readState(hash: string): Partial<FormState> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const text = fragmentValues(hash);
  const out: Partial<FormState> = {};
  const schema = text('schema');
  if (schema !== undefined) out.schema = schema;
  const value = text('value');
  if (value !== undefined) out.value = value;
  const locale = params.get('locale');
  if (locale === 'ja' || locale === 'en') out.locale = locale;
  const validator = params.get('validator');
  if (validator === 'ajv' || validator === 'strict-csp') out.validator = validator;
  if (params.get('ui') === '0') out.buildUi = false;
  return out;
}
