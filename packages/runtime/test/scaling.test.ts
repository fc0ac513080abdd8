/**
 * Compiling is linear in the size of the template: four times the template takes about four times as
 * long. The bound below is loose (a quadratic step would take sixteen times as long, and each of these
 * shapes once did: a scan of the constants table per constant, a walk of the loop body per variable,
 * a pass over the whole source per diagnostic, recursion per operator). Times are the best of five
 * runs, compared as a ratio: no assertion depends on the speed of the machine.
 */
import { describe, expect, test } from 'vitest';
import { best, growth, LINEAR } from '../../../test-support/scaling';
import { createEngine } from '../src/index';

/** how much longer compiling `make(4n)` takes than `make(n)` */
function compileGrowth(make: (n: number) => string, n: number): number {
  // the sources are made before timing: only compiling is timed
  const sources = new Map([n, 4 * n].map((k) => [k, make(k)]));
  return growth((k) => {
    const src = sources.get(k)!;
    try {
      createEngine().compile(src);
    } catch {
      // templates full of errors are timed too: reporting them must be linear as well
    }
  }, n);
}

describe('compile time grows linearly', () => {
  test.each<[string, (n: number) => string, number]>([
    ['{$a} printed n times', (n) => '{$a}'.repeat(n), 25_000],
    ['{ldelim} n times', (n) => '{ldelim}'.repeat(n), 50_000],
    ['n distinct variables', (n) => Array.from({ length: n }, (_, i) => `{$v${i}}`).join(''), 20_000],
    [
      'n distinct variables inside a loop',
      (n) => `{foreach from=$l item=i}${Array.from({ length: n }, (_, i) => `{$v${i}}`).join('')}{/foreach}`,
      10_000,
    ],
    [
      'n integer constants too big for a JS number',
      (n) => Array.from({ length: n }, (_, i) => `{$a+${9007199254740993n + BigInt(i * 2)}}`).join(''),
      10_000,
    ],
    ['n warnings', (n) => '{$a + $b}\n'.repeat(n), 10_000],
    ['n unknown tags (errors)', (n) => '{nosuch}\n'.repeat(n), 10_000],
    ['an {if} of n conditions', (n) => `{if ${Array(n).fill('$a').join(' && ')}}y{/if}`, 10_000],
    ['a sum of n terms', (n) => `{if ${Array(n).fill('$a').join(' + ')} > 1}y{/if}`, 10_000],
    ['n {elseif}', (n) => `{if $a}x${'{elseif $a}x'.repeat(n)}{/if}`, 5_000],
  ])(
    '%s',
    (_name, make, n) => {
      expect(compileGrowth(make, n)).toBeLessThan(LINEAR);
    },
    60_000,
  );
});

describe('run time grows linearly', () => {
  test.each<[string, (n: number) => string, number]>([
    ['xmltojson of n elements', (n) => `<r>${'<a/>'.repeat(n)}</r>`, 50_000],
    ['xmltojson of a text of n entities', (n) => `<r>${'&amp;x'.repeat(n)}</r>`, 50_000],
  ])(
    '%s',
    (_name, make, n) => {
      const engine = createEngine();
      const run = (xml: string) => () => {
        engine.renderSync('{xmltojson var=x xml=$xml}', { xml });
      };
      const small = best(run(make(n)));
      const big = best(run(make(4 * n)));
      expect(big / Math.max(small, 1)).toBeLessThan(LINEAR);
    },
    60_000,
  );
});
