/**
 * {html_options}' selected values are looked up in constant time (a Set of strings and one of
 * numbers), not scanned per option: this checks the lookup against PHP's loose string comparison on
 * the tricky numeric forms, and that a big select stays linear.
 */
import { looseEquals, PhpArray } from '@sumi/php';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../../src/index';

const FORMS = [
  '1',
  '01',
  '1.0',
  '1e0',
  ' 1',
  '1 ',
  'a',
  '',
  '0',
  '-0',
  '00',
  '0.0',
  '1e3',
  '1000',
  '9007199254740993',
  '9007199254740992',
  '1e999',
  'INF',
  'abc1',
];

describe('{html_options} selected', () => {
  const engine = createEngine();
  test("matches PHP's loose comparison of each option with each selected value", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...FORMS), { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom(...FORMS), { maxLength: 5 }),
        (keys, selected) => {
          const options = PhpArray.fromEntries(keys.map((k) => [k, `L${k}`]));
          const out = engine.renderSync('{html_options options=$o selected=$s}', {
            o: options,
            s: PhpArray.fromList(selected),
          }).output;
          const marked = [...out.matchAll(/value="([^"]*)"( selected="selected")?/g)].map(
            (m) => m[2] !== undefined,
          );
          const want = options.keys().map((k) => selected.some((x) => looseEquals(String(k), x)));
          expect(marked).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('20,000 options and 20,000 selected values: no n² comparisons', () => {
    const n = 20_000;
    const keys = Array.from({ length: n }, (_, i) => [`k${i}`, `v${i}`] as const);
    const out = engine.renderSync('{html_options options=$o selected=$s}', {
      o: PhpArray.fromEntries(keys),
      s: PhpArray.fromList(keys.map(([k]) => k)),
    }).output;
    expect(out.split('selected="selected"').length - 1).toBe(n);
  });
});
