import { describe, expect, test } from 'vitest';
import { createValidator, type JsonSchema, validateValue } from '../src/index';

const schema: JsonSchema = {
  type: 'object',
  required: ['tags', 'rows'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 5 },
    code: { type: 'string', pattern: '^[A-Z]+$' },
    kind: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'], nullable: false },
    day: { type: 'string', format: 'date' },
    due: { type: 'string', format: 'date-time', nullable: false },
    maybe: { type: 'string', format: 'date-time', nullable: true },
    count: { type: 'integer', minimum: 1, maximum: 10, nullable: false },
    ratio: { type: ['number', 'null'], exclusiveMaximum: 1 },
    body: { type: 'string', format: 'html', format_options: { toolbar: 'basic' } },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 },
    colors: { type: 'array', items: { type: 'string', enum: ['r', 'g'] }, uniqueItems: true },
    rows: {
      type: 'array',
      maxItems: 3,
      items: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 2 }, size: { type: 'number', nullable: false } },
      },
    },
  },
};

const valid = {
  title: 'Hi',
  code: 'AB',
  kind: 'a',
  day: '',
  due: '2024-05-01T10:30:00+09:00',
  maybe: null,
  count: 3,
  ratio: null,
  body: '<p>x</p>',
  tags: ['x'],
  colors: ['r'],
  rows: [{ name: 'ok', size: 1, extra: 'unknown keys are allowed' }],
};

/** [case, value, expected failures as 'pointer keyword'] */
const cases: [string, unknown, string[]][] = [
  ['a valid value', valid, []],
  [
    'an optional empty date is fine; a filled one is checked',
    { ...valid, day: '2024-13-01' },
    ['/day format'],
  ],
  ['a valid date', { ...valid, day: '2024-02-29' }, []],
  ['too short and too long', { ...valid, title: 'abcdefg' }, ['/title maxLength']],
  ['an emptied minLength field is one "required"', { ...valid, title: '' }, ['/title required']],
  ['pattern', { ...valid, code: 'ab' }, ['/code pattern']],
  ['enum', { ...valid, kind: 'c' }, ['/kind enum']],
  ['nullable:false enum left out', { ...valid, kind: undefined }, ['/kind required']],
  ['date-time without an offset', { ...valid, due: '2024-05-01T10:30:00' }, ['/due format']],
  ['required date-time emptied', { ...valid, due: '' }, ['/due required']],
  ['nullable date-time takes null', { ...valid, maybe: null }, []],
  ['range', { ...valid, count: 11 }, ['/count maximum']],
  ['integer', { ...valid, count: 1.5 }, ['/count type']],
  ['required number left out', { ...valid, count: undefined }, ['/count required']],
  ['required number given null', { ...valid, count: null }, ['/count required']],
  ['exclusiveMaximum', { ...valid, ratio: 1 }, ['/ratio exclusiveMaximum']],
  ['minItems', { ...valid, tags: [] }, ['/tags minItems']],
  ['maxItems', { ...valid, tags: ['a', 'b', 'c'] }, ['/tags maxItems']],
  ['a required array left out', { ...valid, tags: undefined }, ['/tags required']],
  ['uniqueItems', { ...valid, colors: ['r', 'r'] }, ['/colors uniqueItems']],
  ['multi-select value outside the enum', { ...valid, colors: ['x'] }, ['/colors/0 enum']],
  [
    'card fields, per item',
    { ...valid, rows: [{ name: 'ok', size: 1 }, { name: 'x' }] },
    ['/rows/1/name minLength', '/rows/1/size required'],
  ],
  ['type of the whole value', 'nope', [' type']],
];

const withoutUndefined = (v: unknown) => JSON.parse(JSON.stringify(v));

describe.each(['ajv', 'strict-csp'] as const)('validator %s', (validator) => {
  test.each(cases)('%s', async (_name, value, expected) => {
    const errors = await validateValue(schema, withoutUndefined(value), { validator });
    expect(errors.map((e) => `${e.path} ${e.keyword}`).sort()).toEqual([...expected].sort());
  });
});

test('both validators give the same messages on every case', async () => {
  const ajv = await createValidator(schema, 'ajv');
  const csp = await createValidator(schema, 'strict-csp');
  for (const [, value] of cases) {
    for (const locale of ['ja', 'en'] as const) {
      const sort = (e: { path: string; keyword: string; message: string }[]) =>
        e.map((x) => `${x.path} ${x.keyword} ${x.message}`).sort();
      expect(sort(csp(withoutUndefined(value), locale))).toEqual(sort(ajv(withoutUndefined(value), locale)));
    }
  }
});

describe('messages in ja and en', () => {
  const rows: [JsonSchema, unknown, string, string][] = [
    [{ type: 'string', minLength: 3 }, 'ab', 'Enter at least 3 characters.', '3文字以上で入力してください。'],
    [{ type: 'string', maxLength: 1 }, 'ab', 'Enter at most 1 character.', '1文字以内で入力してください。'],
    [{ type: 'number', minimum: 2 }, 1, 'Enter 2 or more.', '2以上の値を入力してください。'],
    [{ type: 'number', maximum: 2 }, 3, 'Enter 2 or less.', '2以下の値を入力してください。'],
    [{ type: 'integer' }, 'x', 'Enter a whole number.', '整数で入力してください。'],
    [
      { type: 'string', format: 'date' },
      '2024-1-1',
      'Enter a date (YYYY-MM-DD).',
      '日付（YYYY-MM-DD）の形式で入力してください。',
    ],
    [{ type: 'array', minItems: 2 }, [1], 'Add at least 2 items.', '2件以上にしてください。'],
    [{ type: 'array', maxItems: 1 }, [1, 2], 'Keep at most 1 item.', '1件以下にしてください。'],
    [{ enum: ['a'] }, 'b', 'Choose one of the allowed values.', '選択肢から選んでください。'],
    [
      { type: 'string', pattern: '^a' },
      'b',
      'This value does not have the expected form.',
      '形式が正しくありません。',
    ],
    [
      { anyOf: [{ type: 'string' }, { type: 'number' }] },
      true,
      'This value is not valid.',
      '値が正しくありません。',
    ],
  ];
  test.each(rows)('%j with %j', async (s, value, en, ja) => {
    expect((await validateValue(s, value, { locale: 'en' })).map((e) => e.message)).toEqual([en]);
    expect((await validateValue(s, value, { locale: 'ja' })).map((e) => e.message)).toEqual([ja]);
    expect(
      (await validateValue(s, value, { locale: 'ja', validator: 'strict-csp' })).map((e) => e.message),
    ).toEqual([ja]);
  });
  test('required, on the missing property', async () => {
    const s: JsonSchema = { type: 'object', required: ['a'], properties: { a: { type: 'object' } } };
    expect(await validateValue(s, {}, { locale: 'ja' })).toEqual([
      { path: '/a', keyword: 'required', message: '入力してください。' },
    ]);
  });
});

describe('custom messages: errorMessage', () => {
  const base = (errorMessage: unknown): JsonSchema => ({
    type: 'object',
    required: ['code'],
    properties: { code: { type: 'string', pattern: '^[A-Z]+$', minLength: 2, errorMessage } },
  });
  test.each(['ajv', 'strict-csp'] as const)(
    '%s: a string for every failure of the field',
    async (validator) => {
      const errors = await validateValue(base('Capitals only'), { code: 'a' }, { validator });
      expect(errors.map((e) => e.message)).toEqual(['Capitals only', 'Capitals only']);
    },
  );
  test('per language', async () => {
    const errors = await validateValue(
      base({ ja: '大文字で', en: 'Capitals' }),
      { code: 'AAb' },
      { locale: 'ja' },
    );
    expect(errors).toEqual([{ path: '/code', keyword: 'pattern', message: '大文字で' }]);
  });
  test('per keyword, with `_` for the rest, and on a missing property', async () => {
    const s = base({
      pattern: { ja: '大文字のみ', en: 'Capitals only' },
      required: 'Give a code',
      _: 'Bad code',
    });
    expect((await validateValue(s, { code: 'AAb' })).map((e) => e.message)).toEqual(['Capitals only']);
    expect((await validateValue(s, { code: 'A' })).map((e) => e.message)).toEqual(['Bad code']);
    expect((await validateValue(s, {})).map((e) => e.message)).toEqual(['Give a code']);
    expect((await validateValue(s, {}, { validator: 'strict-csp' })).map((e) => e.message)).toEqual([
      'Give a code',
    ]);
  });
  test('on an optional date (checked inside the normalised if/then)', async () => {
    const s: JsonSchema = {
      type: 'object',
      properties: { d: { type: 'string', format: 'date', errorMessage: '日付で' } },
    };
    expect((await validateValue(s, { d: 'x' }, { locale: 'ja' })).map((e) => e.message)).toEqual(['日付で']);
  });
});

test('a site’s own validator plugs in', async () => {
  const seen: unknown[] = [];
  const check = await createValidator({ type: 'string', minLength: 2 }, (normalised) => {
    seen.push(normalised);
    return (value) =>
      value === 'x' ? [{ instancePath: '', keyword: 'minLength', schemaPath: '/minLength' }] : [];
  });
  expect(check('x', 'en')).toEqual([
    { path: '', keyword: 'minLength', message: 'Enter at least 2 characters.' },
  ]);
  expect(seen).toEqual([{ type: 'string', minLength: 2 }]);
});
