import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { CheckFn, RawError } from './types';

/** The default validator: ajv (draft-07) with ajv-formats, all errors. It compiles with `new Function`. */
export default function ajvValidator(schema: Record<string, unknown>): CheckFn {
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
  (addFormats as unknown as (a: Ajv) => Ajv)(ajv);
  const validate = ajv.compile(schema);
  return (value) => {
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e): RawError => {
      const raw: RawError = {
        instancePath: e.instancePath,
        keyword: e.keyword,
        schemaPath: e.schemaPath.slice(1),
      };
      if (e.keyword === 'required') raw.missing = String(e.params.missingProperty);
      return raw;
    });
  };
}
