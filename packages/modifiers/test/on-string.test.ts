/**
 * ModifierDef.onString: the compiler hands a string written with no argument straight to it, so it
 * must give exactly what `run` gives for that string, and `run` must neither warn nor fail on it.
 * Checked for every modifier that has one, on random strings made of the pieces that take the
 * uncommon paths (HTML specials, line breaks, non-ASCII letters, surrogate pairs, escaped bytes).
 */

import { fromJSONText, PhpArray } from '@sumi/php';
import { createEngine, type ModifierDef } from '@sumi/runtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modifiers } from '../src/index';
import { fakeCtx } from './helpers';

const PIECES = [
  'a',
  'Z',
  ' ',
  '\n',
  '\r\n',
  '\t',
  '\0',
  '&',
  '<b>',
  '"',
  "'",
  'é',
  'É',
  'ß',
  'ÿ',
  'µ',
  'İ',
  'Σ',
  '日本',
  'ｶﾅ',
  'Ａ',
  '😀',
  '\udcc3\udca9',
  '\udcff',
  '\ud800',
  '\u00a0',
  '\v',
  '\f',
  '  \t ',
];

const withString = modifiers.filter((d) => d.onString !== undefined);

describe('onString', () => {
  it('is defined for the everyday string modifiers', () => {
    expect(withString.map((d) => d.name).sort()).toEqual([
      'escape',
      'lower',
      'nl2br',
      'strip',
      'trim',
      'upper',
    ]);
  });

  it.each(withString.map((d) => [d.name, d] as const))(
    '%s: gives what run gives, with no warning',
    (_n, def) => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((p) => p.join('')),
          (s) => {
            const ctx = fakeCtx();
            const expected = def.run(ctx, s);
            expect(def.onString!(s)).toBe(expected);
            expect(ctx.warnings).toEqual([]);
          },
        ),
        { numRuns: 500 },
      );
    },
  );
});

/** arguments written as literals, per modifier with onStringWith: the ones it takes and the ones it leaves to run */
const LITERAL_ARGS: Record<string, { taken: unknown[][]; left: unknown[][] }> = {
  cat: {
    taken: [[' - suffix'], [''], ['日本'], [1.5], [-0], [42], [true], [false], [null], [2n ** 63n - 1n]],
    left: [[], [new PhpArray()], [PhpArray.fromList(['a'])]],
  },
  replace: {
    taken: [
      ['o', '0'],
      ['', 'x'],
      ['a', '$&'],
      ['日本', 'X'],
      ['\n', '<br>'],
      ['\udcc3', '?'],
      ['ab', ''],
    ],
    left: [
      [1, 'x'],
      ['a', true],
      ['a', null],
    ],
  },
  string_format: {
    taken: [['%s'], ['%s様'], ['x%%y%s'], ['%%'], ['abc'], ['100%%%s%%'], ['']],
    left: [['%d'], ['%5s'], ['%s%s'], ['%'], ['%1$s'], ['%.2f'], [3]],
  },
  truncate: {
    taken: [
      [],
      [0],
      [5],
      [20],
      [5, ''],
      [8, '…'],
      [10, '...', true],
      [10, '..', false, true],
      [3, 'abcdef'],
      [-4],
    ],
    left: [['5'], [5.5], [5, 3]],
  },
  strip: {
    taken: [[' '], [''], ['-'], ['<br>'], ['\t\n']],
    left: [['$0'], ['\\1'], [3], [null], ['x'.repeat(65)]],
  },
  substr: {
    taken: [[0], [2, 10], [-3], [1, -1], [5, 0], [-2, null], [100], [-100, 3]],
    left: [['2'], [1.5], [true], [1, 2, 3]],
  },
  mb_substr: {
    taken: [[0], [2, 10], [-3], [1, -1], [5, 0], [-2, null], [100], [-100, 3]],
    left: [[1, 2, 'UTF-8'], ['2'], [1.5], [1, 2, null, 4]],
  },
};

/**
 * The checks of a modifier hook made once from literal arguments (onStringWith, onNumberWith): the
 * modifiers that have it are the table's; it refuses the table's `left` arguments and, for its
 * `taken` ones, gives what `run` gives for any value `values` makes, with no warning.
 */
function literalHookTests<T>(
  hook: 'onStringWith' | 'onNumberWith',
  table: Record<string, { taken: unknown[][]; left: unknown[][] }>,
  values: fc.Arbitrary<T>,
  which: string,
): void {
  const withHook = modifiers.filter((d) => d[hook] !== undefined);
  const made = (def: ModifierDef, args: unknown[]) => def[hook]!(args as never) as ((v: T) => string) | null;

  describe(hook, () => {
    it(`is defined for ${which}`, () => {
      expect(withHook.map((d) => d.name).sort()).toEqual(Object.keys(table).sort());
    });

    it.each(withHook.map((d) => [d.name, d] as const))('%s: leaves other arguments to run', (name, def) => {
      for (const args of table[name]!.left) expect(made(def, args)).toBeNull();
    });

    it.each(withHook.map((d) => [d.name, d] as const))(
      '%s: gives what run gives for those arguments, with no warning',
      (name, def) => {
        const { taken } = table[name]!;
        for (const args of taken) expect(made(def, args)).toBeTypeOf('function');
        fc.assert(
          fc.property(fc.constantFrom(...taken), values, (args, v) => {
            const ctx = fakeCtx();
            const expected = def.run(ctx, v as never, ...(args as never[]));
            expect(made(def, args)!(v)).toBe(expected);
            expect(ctx.warnings).toEqual([]);
          }),
          { numRuns: 2000 },
        );
      },
    );
  });
}

literalHookTests(
  'onStringWith',
  LITERAL_ARGS,
  fc.array(fc.constantFrom(...PIECES, 'o', 'の', 'word ', '  '), { maxLength: 16 }).map((p) => p.join('')),
  'the modifiers whose literal arguments can be decided once',
);

/** literal arguments per modifier with onNumberWith, as LITERAL_ARGS */
const NUMBER_ARGS: Record<string, { taken: unknown[][]; left: unknown[][] }> = {
  string_format: {
    taken: [['%.2f'], ['%05d'], ['%s'], ['%s様'], ['<%x>'], ['%+.3e'], ['%-8.1f|'], ['%u'], ['%05.1f%%']],
    left: [['abc'], ['%d %d'], ['%1$s'], ['%c'], ['%'], [3], []],
  },
};

literalHookTests(
  'onNumberWith',
  NUMBER_ARGS,
  fc.oneof(
    fc.integer(),
    fc.maxSafeInteger(),
    fc.double({ noDefaultInfinity: false, noNaN: false }).filter((n) => !Number.isInteger(n)),
    fc.constantFrom(0.5, 1.005, -0.0001, 2.675, 1e21 + 0.5, Number.NaN, -Infinity),
  ),
  'the modifiers numbers are piped to with literal arguments',
);

describe('onStringWith in a template', () => {
  const engine = createEngine({ plugins: modifiers });
  const render = (tpl: string, data: Record<string, unknown>) => {
    const r = engine.renderSync(tpl, data);
    return [r.output, r.log.map((e) => e.message)];
  };

  it('takes strings; other values still go through run (mapped arrays, casts, warnings)', () => {
    const tpl =
      '{$x|replace:"o":"0"}|{$x|string_format:"<%s>"}|{$x|truncate:5:""}|{$x|substr:1:2}|{$x|mb_substr:1:2}|{$x|cat:1.50}';
    expect(render(tpl, { x: 'foo bar' })).toEqual(['f00 bar|<foo bar>|foo|oo|oo|foo bar1.5', []]);
    expect(render(tpl, { x: 1234567 })).toEqual(['1234567|<1234567>|12345|23|23|12345671.5', []]);
    expect(render('{$x|@cat:"!"}', { x: ['a'] })).toEqual(['Array!', ['Array to string conversion']]);
    expect(render('{$x|replace:"o":"0"|@json_encode}', { x: ['of', 'to'] })).toEqual(['["0f","t0"]', []]);
    expect(render('{$x|substr:1}', { x: [1] })[0]).toBe('Array');
  });

  it('takes numbers for onNumberWith; floats without a fraction, strings and arrays go their own ways', () => {
    const tpl = '{$x|string_format:"%.2f"}|{$x|string_format:"[%5d]"}|{$x|string_format:"%s様"}';
    expect(render(tpl, { x: 12.34567 })).toEqual(['12.35|[   12]|12.34567様', []]);
    expect(render(tpl, { x: -7 })).toEqual(['-7.00|[   -7]|-7様', []]);
    expect(render(tpl, { x: '2.5' })).toEqual(['2.50|[    2]|2.5様', []]);
    expect(render('{$x|string_format:"%.1f"}', { x: 2 ** 53 + 2 })).toEqual(['9007199254740994.0', []]);
    expect(engine.renderSync('{$x|string_format:"%.2f"}', fromJSONText('{"x":2.0}')).output).toBe('2.00');
    expect(render('{$x|string_format:"%.2f"|@json_encode}', { x: [1, 2.5] })).toEqual([
      '["1.00","2.50"]',
      [],
    ]);
  });

  it('keeps apart call sites whose fallback differs (a literal piped value skips the checks)', () => {
    const tpl = '{"abc"|substr:1}|{$x|substr:1}|{"abc"|mb_substr:1}|{$x|mb_substr:1}';
    expect(render(tpl, { x: ['hello', 'world'] })).toEqual(['bc|Array|bc|Array', []]);
    expect(render(tpl, { x: 12345 })).toEqual(['bc|2345|bc|2345', []]);
  });

  it('holds the string cap as run does', () => {
    const small = createEngine({ plugins: modifiers, limits: { maxStringLength: 200 } });
    const outcome = (tpl: string) => {
      try {
        return small.renderSync(tpl, { s: 'a '.repeat(90), r: '----------' }).output;
      } catch (e) {
        return (e as Error).message;
      }
    };
    const literal = outcome("{$s|strip:'----------'|strlen}");
    expect(literal).toBe(outcome('{$s|strip:$r|strlen}'));
    expect(literal).toMatch(/exceeded/);
  });

  it('leaves a PHP function called with too many arguments to run, which logs the error', () => {
    expect(render('{$x|substr:1:2:3}', { x: 'abc' })).toEqual([
      '',
      ['substr() expects at most 3 arguments, 4 given'],
    ]);
  });
});
