/**
 * Modifiers on long hostile input run in linear time and end with PHP's answer, not a hang or a JS
 * error: four times the input takes about four times as long (a quadratic step: sixteen). Best of
 * five runs, compared as a ratio.
 */
import { createEngine, type SumiError } from '@sumi/runtime';
import { describe, expect, test } from 'vitest';
import { growth, LINEAR } from '../../../test-support/scaling';
import { modifiers } from '../src/index';
import { filterVar } from '../src/php/filter';

const engine = createEngine({ plugins: [...modifiers] });

describe('linear on long input', () => {
  test('filter_var trims spaces by scanning (a regex /^\\s+|\\s+$/g was quadratic on inner spaces)', () => {
    const FILTER_VALIDATE_INT = 257;
    const warn = () => {};
    expect(filterVar(' 42 ', FILTER_VALIDATE_INT, undefined, warn)).toBe(42);
    expect(filterVar(`1${' '.repeat(1000)}2`, FILTER_VALIDATE_INT, undefined, warn)).toBe(false);
    expect(
      growth((n) => filterVar(`1${' '.repeat(n)}2`, FILTER_VALIDATE_INT, undefined, warn), 20_000),
    ).toBeLessThan(LINEAR);
  }, 60_000);

  test('regex_replace with a long unterminated pattern: a warning, in linear time', () => {
    const run = (n: number) =>
      engine.renderSync('{$s|regex_replace:$p:"x"}', { s: 'a', p: `/[${'a'.repeat(n)}/` });
    expect(run(100).log.map((l) => l.message)).toEqual([
      'preg_replace(): Compilation failed: missing terminating ] for character class at offset 101',
    ]);
    expect(growth(run, 20_000)).toBeLessThan(LINEAR);
  }, 60_000);

  test('a pattern too large for the JS regex engine is PCRE\'s "too large" compile error, not a JS error', () => {
    for (const tpl of [
      '{$s|regex_replace:$p:"x"}',
      '{cms_match var=m pattern=$p subject=$s}{if $m === null}null{/if}',
    ]) {
      let result: ReturnType<typeof engine.renderSync> | undefined;
      try {
        result = engine.renderSync(tpl, { s: 'aaa', p: `/${'a'.repeat(100_000)}/` });
      } catch (e) {
        throw new Error(`${(e as SumiError).code}: ${(e as Error).message}`);
      }
      // an engine whose regexes can be that large simply runs the pattern
      for (const m of result.log.map((l) => l.message)) {
        expect(m).toMatch(
          /^preg_(replace|match)\(\): Compilation failed: regular expression is too large at offset 0$/,
        );
      }
    }
  });
});
