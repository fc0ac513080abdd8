/**
 * Block plugins that repeat their body (`loop: true`, as read_dir and read_file): `{break}` and
 * `{continue}` inside end the body's pass and tell the plugin which one ran, sync and async, while
 * loops inside the body keep their own. A block without `loop` still refuses them.
 */
import { fromJS } from '@sumi/php';
import { expect, test } from 'vitest';
import { type BlockPluginDef, createEngine, definePlugin } from '../src/index';

const repeat = (async: boolean): BlockPluginDef =>
  definePlugin({
    kind: 'block',
    name: async ? 'repeat_async' : 'repeat',
    group: 'Custom',
    description: 'repeats its body `times` times, with $n set',
    loop: true,
    async,
    attributes: { times: { type: 'integer', default: 3, description: 'how many' } },
    run(ctx, a, body) {
      if (!async) {
        let out = '';
        for (let n = 1; n <= Number(a.times); n++) {
          ctx.assign('n', n);
          out += body.render() as string;
          if (body.jump === 'break') break;
        }
        return out;
      }
      return (async () => {
        let out = '';
        for (let n = 1; n <= Number(a.times); n++) {
          await Promise.resolve();
          ctx.assign('n', n);
          out += await body.render();
          if (body.jump === 'break') break;
        }
        return out;
      })();
    },
  });

const once: BlockPluginDef = definePlugin({
  kind: 'block',
  name: 'once',
  group: 'Custom',
  description: 'its body, once',
  attributes: {},
  run: (_ctx, _a, body) => body.render() as string,
});

const engine = createEngine({ plugins: [repeat(false), repeat(true), once] });
const TPL = '{NAME times=5}{if $n == 2}{continue}{/if}<{$n}{if $n == 4}{break}{/if}>{/NAME}|end';

test('break and continue end the pass of a repeating block, sync and async', async () => {
  expect(engine.renderSync(TPL.replaceAll('NAME', 'repeat')).output).toBe('<1><3><4|end');
  expect((await engine.render(TPL.replaceAll('NAME', 'repeat_async'))).output).toBe('<1><3><4|end');
});

test('a loop inside the body keeps its own break; a repeating block inside a foreach is left alone', () => {
  const r = engine.renderSync(
    '{foreach from=$xs item=x}{repeat times=3}{foreach from=$ys item=y}{if $y == 2}{break}{/if}{$x}{$y}{/foreach}{if $n == 2}{break}{/if}{/repeat};{/foreach}',
    fromJS({ xs: ['a', 'b'], ys: [1, 2] }),
  );
  expect(r.output).toBe('a1a1;b1b1;');
});

test('a jump inside {capture} in the body ends the pass; the capture keeps what it had', () => {
  const r = engine.renderSync(
    '{repeat}{capture assign=c}{$n}{if $n == 2}{break}{/if}{/capture}[{$c}]{/repeat}',
  );
  expect(r.output).toBe('[1]2');
});

test('a block that does not repeat refuses them, as before', () => {
  expect(() => engine.compile('{once}{break}{/once}')).toThrow(/not inside \{foreach\} or \{section\}/);
  expect(() => engine.compile('{foreach from=$a item=x}{once}{continue}{/once}{/foreach}')).toThrow(
    /\{once\}/,
  );
});

test('a body long enough to be compiled in parts still jumps out of the right pass', () => {
  const filler = `{if $n > 100}${'x'.repeat(2000)}{/if}`.repeat(40);
  const tpl = `{repeat times=4}${filler}{if $n == 2}{continue}{/if}[{$n}]${filler}{if $n == 3}{break}{/if}${filler}{/repeat}`;
  expect(engine.renderSync(tpl).output).toBe('[1][3]');
});
