import { expect, test } from 'vitest';
import { toValidationSchema } from '../src/core/normalize';

test('UI keywords are dropped, labels stay in the original', () => {
  const original = {
    type: 'object',
    properties: {
      k: { type: 'string', enum: ['a'], enumNames: ['A'] },
      t: { type: 'string', format: 'textarea', rows: 4 },
      h: { type: 'string', format: 'html', format_options: { toolbar: 'basic' } },
      f: { type: 'string', format: 'file-manager' },
    },
  };
  expect(toValidationSchema(original)).toEqual({
    type: 'object',
    properties: {
      k: { type: 'string', enum: ['a'] },
      t: { type: 'string' },
      h: { type: 'string' },
      f: { type: 'string' },
    },
  });
  expect(original.properties.k.enumNames).toEqual(['A']);
});

test('nullable:true allows null; nullable:false joins the required list', () => {
  expect(
    toValidationSchema({
      type: 'object',
      required: ['x'],
      properties: {
        x: { type: 'array' },
        n: { type: 'number', nullable: true },
        e: { type: 'string', enum: ['a'], nullable: true },
        m: { type: 'integer', nullable: false },
        s: { type: 'string', minLength: 1 },
      },
    }),
  ).toEqual({
    type: 'object',
    required: ['x', 'm', 's'],
    properties: {
      x: { type: 'array' },
      n: { type: ['number', 'null'] },
      e: { type: ['string', 'null'], enum: ['a', null] },
      m: { type: 'integer' },
      s: { type: 'string', minLength: 1 },
    },
  });
});

test('an optional date checks its format only when non-empty; a required one always', () => {
  const out = toValidationSchema({
    type: 'object',
    properties: {
      d: { type: 'string', format: 'date', errorMessage: 'bad' },
      r: { type: 'string', format: 'date-time', nullable: false },
    },
  });
  expect(out.properties!.d).toEqual({
    type: 'string',
    errorMessage: 'bad',
    if: { minLength: 1 },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword
    then: { format: 'date', errorMessage: 'bad' },
  });
  expect(out.properties!.r).toEqual({ type: 'string', format: 'date-time' });
});

test('nested schemas (items, combinators, definitions) are normalised; the root $schema is dropped', () => {
  const out = toValidationSchema({
    $schema: 'http://json-schema.org/draft-04/schema#',
    type: 'array',
    items: { type: 'object', properties: { a: { type: 'string', format: 'html', enumNames: [] } } },
    definitions: { x: { anyOf: [{ type: 'string', rows: 3 }] } },
  });
  expect(out).toEqual({
    type: 'array',
    items: { type: 'object', properties: { a: { type: 'string' } } },
    definitions: { x: { anyOf: [{ type: 'string' }] } },
  });
});
