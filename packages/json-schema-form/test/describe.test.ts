import { describe, expect, test } from 'vitest';
import { CONTROLS, describeForm, type FieldDescriptor, type JsonSchema } from '../src/index';

function field(schema: JsonSchema, options?: { maxDepth?: number }): FieldDescriptor {
  return describeForm({ type: 'object', properties: { f: schema } }, options).children![0];
}

describe('controls: one row per line of the spec table, in its order', () => {
  const rows: [string, JsonSchema, string][] = [
    ['string', { type: 'string' }, 'text'],
    ['string + enum', { type: 'string', enum: ['a', 'b'] }, 'select'],
    ['string + format date', { type: 'string', format: 'date' }, 'date'],
    ['string + format date-time', { type: 'string', format: 'date-time' }, 'datetime'],
    ['string + format file-manager', { type: 'string', format: 'file-manager' }, 'file'],
    ['string + format html', { type: 'string', format: 'html' }, 'html'],
    ['string + format textarea', { type: 'string', format: 'textarea' }, 'textarea'],
    ['number', { type: 'number' }, 'number'],
    ['integer', { type: 'integer' }, 'number'],
    ['number + enum', { type: 'number', enum: [1, 2] }, 'number-select'],
    ['integer + enum', { type: 'integer', enum: [1, 2] }, 'number-select'],
    ['boolean', { type: 'boolean' }, 'checkbox'],
    ['array + items.type string', { type: 'array', items: { type: 'string' } }, 'comma-list'],
    ['array + items.enum', { type: 'array', items: { type: 'string', enum: ['x', 'y'] } }, 'multi-select'],
    [
      'array + items.type object',
      { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } },
      'cards',
    ],
    ['object', { type: 'object', properties: { a: { type: 'string' } } }, 'json'],
  ];
  test.each(rows)('%s → %s', (_name, schema, control) => {
    expect(field(schema).control).toBe(control);
  });
  test('the table covers every control, in the order CONTROLS lists them', () => {
    const seen = [...new Set(rows.map((r) => r[2]))];
    expect(seen).toEqual([...CONTROLS]);
  });
  test('a nullable union picks the control of its non-null type', () => {
    expect(field({ type: ['null', 'string'], format: 'date' }).control).toBe('date');
    expect(field({ type: ['integer', 'null'], enum: [1, 2, null] }).control).toBe('number-select');
  });
  test('array of numbers is a comma list of numbers; other arrays are JSON', () => {
    expect(field({ type: 'array', items: { type: 'integer' } })).toMatchObject({
      control: 'comma-list',
      itemType: 'integer',
    });
    expect(field({ type: 'array', items: { type: 'boolean' } }).control).toBe('json');
    expect(field({ type: 'array' }).control).toBe('json');
  });
});

describe('labels, rows, options', () => {
  test('enumNames label the enum values; the values stay', () => {
    expect(field({ type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] })).toMatchObject({
      enum: ['a', 'b'],
      labels: ['Alpha', 'Beta'],
    });
  });
  test('without enumNames the value is its label; null is blank', () => {
    expect(field({ type: ['integer', 'null'], enum: [null, 1, 2] }).labels).toEqual(['', '1', '2']);
  });
  test('items.enumNames label a multi-select', () => {
    expect(
      field({ type: 'array', items: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] } })
        .labels,
    ).toEqual(['Red', 'Green']);
  });
  test('rows of a textarea, format_options of html', () => {
    expect(field({ type: 'string', format: 'textarea', rows: 6 }).rows).toBe(6);
    expect(field({ type: 'string', format: 'html', format_options: { toolbar: 'basic' } }).options).toEqual({
      toolbar: 'basic',
    });
  });
  test('title, else the property name; description', () => {
    const form = describeForm({
      type: 'object',
      properties: { a: { type: 'string', title: 'Name', description: 'help' }, b: { type: 'string' } },
    });
    expect(form.children!.map((c) => [c.title, c.description])).toEqual([
      ['Name', 'help'],
      ['b', undefined],
    ]);
  });
});

describe('initial values: rules 1–3', () => {
  const rows: [string, JsonSchema, unknown][] = [
    ['1. default is the initial value', { type: 'string', default: 'x', enum: ['y', 'x'] }, 'x'],
    ['1. default wins over null in enum', { type: ['string', 'null'], enum: [null, 'a'], default: 'a' }, 'a'],
    ['1. default of a number', { type: 'number', default: 3 }, 3],
    ['1. default of an array', { type: 'array', items: { type: 'string' }, default: ['a'] }, ['a']],
    ['2. null in enum → null', { type: ['string', 'null'], enum: ['a', null] }, null],
    ['2. null in a number enum → null', { type: ['integer', 'null'], enum: [1, null] }, null],
    ['3. first enum value (string)', { type: 'string', enum: ['b', 'a'] }, 'b'],
    ['3. first enum value (number)', { type: 'number', enum: [2.5, 1] }, 2.5],
    ['3. first enum value (integer)', { type: 'integer', enum: [7, 1] }, 7],
  ];
  test.each(rows)('%s', (_n, schema, initial) => {
    expect(field(schema).initial).toEqual(initial);
  });
  test('where the rules are silent: null if allowed, "" for strings, false for booleans, empty number', () => {
    expect(field({ type: ['string', 'null'] }).initial).toBeNull();
    expect(field({ type: 'string', nullable: true }).initial).toBeNull();
    expect(field({ type: 'string' }).initial).toBe('');
    expect(field({ type: 'boolean' }).initial).toBe(false);
    expect('initial' in field({ type: 'number' })).toBe(false);
    expect(field({ type: 'array', items: { type: 'string' } }).initial).toEqual([]);
  });
  test('the root gathers the initial values; a root default keeps its keys and fills the rest', () => {
    const form = describeForm({
      type: 'object',
      properties: { a: { type: 'string', default: 'x' }, n: { type: 'number' }, e: { enum: [1, 2] } },
      default: { a: 'y', extra: true },
    });
    expect(form.initial).toEqual({ a: 'y', e: 1, extra: true });
  });
  test('cards start with minItems new items, each from its fields’ initial values', () => {
    const d = field({
      type: 'array',
      minItems: 2,
      items: { type: 'object', properties: { k: { enum: ['p', 'q'] }, t: { type: 'string' } } },
    });
    expect(d.itemInitial).toEqual({ k: 'p', t: '' });
    expect(d.initial).toEqual([
      { k: 'p', t: '' },
      { k: 'p', t: '' },
    ]);
  });
});

describe('required marks, per kind', () => {
  const rows: [string, JsonSchema, boolean, boolean][] = [
    // [name, schema, in the required list, marked]
    ['enum + nullable:false', { type: 'string', enum: ['a'], nullable: false }, false, true],
    ['enum without nullable', { type: 'string', enum: ['a'] }, false, false],
    [
      'enum + nullable:false, null in enum',
      { type: ['string', 'null'], enum: ['a', null], nullable: false },
      false,
      false,
    ],
    ['date + nullable:false', { type: 'string', format: 'date', nullable: false }, false, true],
    [
      'date + nullable:false, type allows null',
      { type: ['string', 'null'], format: 'date', nullable: false },
      false,
      false,
    ],
    ['date-time + nullable:false', { type: 'string', format: 'date-time', nullable: false }, false, true],
    ['date-time without nullable', { type: 'string', format: 'date-time' }, false, false],
    ['number + nullable:false', { type: 'number', nullable: false }, false, true],
    [
      'number + nullable:false, type allows null',
      { type: ['number', 'null'], nullable: false },
      false,
      false,
    ],
    ['integer + nullable:false', { type: 'integer', nullable: false }, false, true],
    ['integer without nullable', { type: 'integer' }, false, false],
    [
      'nullable:false on a plain string: not a nullable kind',
      { type: 'string', nullable: false },
      false,
      false,
    ],
    ['string minLength 1', { type: 'string', minLength: 1 }, false, true],
    ['string minLength 3', { type: 'string', minLength: 3 }, false, true],
    ['string minLength 0', { type: 'string', minLength: 0 }, false, false],
    ['string in the required list only', { type: 'string' }, true, false],
    ['textarea minLength 1', { type: 'string', format: 'textarea', minLength: 1 }, false, true],
    ['array in the required list', { type: 'array', items: { type: 'string' } }, true, true],
    [
      'array not in the list, even with minItems',
      { type: 'array', items: { type: 'string' }, minItems: 1 },
      false,
      false,
    ],
    ['object in the required list', { type: 'object', properties: {} }, true, true],
    ['object not in the list', { type: 'object', properties: {} }, false, false],
    ['boolean is never marked', { type: 'boolean', nullable: false }, true, false],
  ];
  test.each(rows)('%s', (_n, schema, listed, marked) => {
    const form = describeForm({ type: 'object', properties: { f: schema }, required: listed ? ['f'] : [] });
    expect(form.children![0].required).toBe(marked);
  });
});

describe('nesting levels', () => {
  const leaf = { type: 'object', properties: { name: { type: 'string' } } } as JsonSchema;
  const arrayOf = (item: JsonSchema): JsonSchema => ({ type: 'array', items: item });
  const objectWith = (key: string, sub: JsonSchema): JsonSchema => ({
    type: 'object',
    properties: { [key]: sub },
  });

  test('object (1 level): its properties are the fields', () => {
    const form = describeForm(leaf);
    expect(form).toMatchObject({ path: '', control: 'fields', editable: true });
    expect(form.children![0]).toMatchObject({ path: '/name', control: 'text' });
  });
  test('array → object (2 levels): cards at the root', () => {
    const form = describeForm(arrayOf(leaf));
    expect(form).toMatchObject({ path: '', control: 'cards', editable: true });
    expect(form.children![0].path).toBe('/0/name');
  });
  test('object → array → object (3 levels): cards with fields, first item’s pointer', () => {
    const form = describeForm(objectWith('rows', arrayOf(leaf)));
    expect(form.children![0]).toMatchObject({ path: '/rows', control: 'cards', editable: true });
    expect(form.children![0].children![0]).toMatchObject({
      path: '/rows/0/name',
      control: 'text',
      editable: true,
    });
  });
  test('array → object → array → object (4 levels): the inner array is JSON, not editable', () => {
    const form = describeForm(arrayOf(objectWith('inner', arrayOf(leaf))));
    expect(form.children![0]).toMatchObject({ path: '/0/inner', control: 'json', editable: false });
    expect(form.children![0].children).toBeUndefined();
  });
  test('object → array → object → array → object (5 levels): JSON with notice', () => {
    const form = describeForm(objectWith('rows', arrayOf(objectWith('sub', arrayOf(leaf)))));
    expect(form.children![0].children![0]).toMatchObject({
      path: '/rows/0/sub',
      control: 'json',
      editable: false,
    });
  });
  test('maxDepth lifts the limit', () => {
    const form = describeForm(objectWith('rows', arrayOf(objectWith('sub', arrayOf(leaf)))), { maxDepth: 5 });
    const sub = form.children![0].children![0];
    expect(sub).toMatchObject({ path: '/rows/0/sub', control: 'cards', editable: true });
    expect(sub.children![0].path).toBe('/rows/0/sub/0/name');
  });
  test('maxDepth 1 makes even top-level cards JSON', () => {
    expect(describeForm(objectWith('rows', arrayOf(leaf)), { maxDepth: 1 }).children![0]).toMatchObject({
      control: 'json',
      editable: false,
    });
  });
  test('an object below the top level is a JSON textarea (editable as JSON)', () => {
    expect(describeForm(objectWith('meta', leaf)).children![0]).toMatchObject({
      control: 'json',
      editable: true,
    });
  });
  test('pointer escaping of property names', () => {
    expect(describeForm(objectWith('a/b~c', { type: 'string' })).children![0].path).toBe('/a~1b~0c');
  });
});

test('the description is plain JSON', () => {
  const schema: JsonSchema = {
    type: 'object',
    required: ['rows'],
    properties: {
      title: { type: 'string', minLength: 1 },
      kind: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'], nullable: false },
      rows: {
        type: 'array',
        items: { type: 'object', properties: { body: { type: 'string', format: 'html' } } },
      },
    },
  };
  const d = describeForm(schema);
  expect(JSON.parse(JSON.stringify(d))).toEqual(d);
});
