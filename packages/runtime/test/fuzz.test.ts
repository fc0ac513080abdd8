/**
 * Random and mutated templates through compile and render: whatever the
 * input, the engine either renders or throws a SumiError with a position —
 * never another exception, never a hang (small budgets).
 */

import { fromJSONText } from '@sumi/php';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createEngine, SumiError } from '../src/index';

const FRAGMENTS = [
  'text ',
  '\n',
  '{$a}',
  '{$a.b[0]}',
  '{$m.$k}',
  '{$a+$b*2}',
  '{$a/$z}',
  '{$s|count}',
  '{"x`$a`y"}',
  "{'q'}",
  '{if $a > 1}',
  '{elseif $b}',
  '{else}',
  '{/if}',
  '{foreach from=$l item=v key=k name=n}',
  '{foreachelse}',
  '{/foreach}',
  '{section name=i loop=$l}',
  '{sectionelse}',
  '{/section}',
  '{$l[i]}',
  '{$smarty.foreach.n.index}',
  '{$smarty.section.i.index_next}',
  '{capture name=c}',
  '{/capture}',
  '{$smarty.capture.c}',
  '{assign var="x.y" value=$a}',
  '{assign var="l." value=1}',
  '{break}',
  '{continue}',
  '{counter}',
  '{cycle values="a,b"}',
  '{math equation="x*2" x=$a}',
  '{append var=l value=$a}',
  '{add var=a value=1}',
  '{literal}{x}{/literal}',
  '{* c *}',
  '{strip}',
  '{/strip}',
  '{',
  '}',
  '{$',
  '{if',
  '{/',
  '{$a|}',
  '{$a.__proto__.constructor}',
  '{assign var="__proto__.x" value=1}',
];

const engine = createEngine({ limits: { maxSteps: 20_000, timeoutMs: 2_000, maxOutputBytes: 200_000 } });
const data = fromJSONText('{"a":3,"b":"7","z":0,"s":"str","l":[1,2,3],"m":{"k":"v"},"k":"k"}');

function check(source: string): void {
  try {
    engine.renderSync(source, data);
  } catch (e) {
    if (!(e instanceof SumiError)) throw e;
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(typeof e.code).toBe('string');
  }
}

describe('the engine never crashes on bad input', () => {
  test('random sequences of fragments', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }), (parts) =>
        check(parts.join('')),
      ),
      { numRuns: 1500 },
    );
  });
  test('random text with template characters', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('{', '}', '$', 'a', '|', '.', '"', "'", '`', ' ', '\n', '*', '/', 'if', '1'),
        }),
        (s) => check(s),
      ),
      { numRuns: 1500 },
    );
  });
});
