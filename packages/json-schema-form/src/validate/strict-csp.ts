import { Validator } from '@cfworker/json-schema';
import { escapeKey, parsePointer } from '../core/pointer';
import type { CheckFn, RawError } from './types';

/**
 * The strict-CSP validator: @cfworker/json-schema interprets the schema, so it runs under a
 * Content-Security-Policy without 'unsafe-eval'. Draft-07, all errors, as the ajv one.
 */
export default function strictCspValidator(schema: Record<string, unknown>): CheckFn {
  const validator = new Validator(schema as any, '7', false);
  return (value) => {
    const result = validator.validate(value);
    if (result.valid) return [];
    return result.errors.map((e): RawError => {
      const raw: RawError = {
        instancePath: plain(e.instanceLocation),
        keyword: e.keyword,
        schemaPath: plain(e.keywordLocation),
      };
      if (e.keyword === 'required') raw.missing = /property "(.*)"\.$/.exec(e.error)?.[1] ?? '';
      return raw;
    });
  };
}

/** '#/a%20b/0' → '/a b/0' */
function plain(fragment: string): string {
  return parsePointer(fragment)
    .map((k) => `/${escapeKey(k)}`)
    .join('');
}
