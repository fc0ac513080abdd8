/**
 * A long template runs as parts, each handed to the JS engine on its first call (compiler/compile.ts):
 * the parts work as one function would, every render after the first reuses them, and a part the
 * engine refuses fails as the compile would have.
 */
import { describe, expect, test } from 'vitest';
import { createEngine, SumiError } from '../src/index';

const lines = Array.from({ length: 2500 }, (_, i) => `<p>{$x}-${i}</p>{assign var=n value=$n+1}\n`).join('');
const src = `{assign var=n value=0}${lines}|{$n}`;

describe('parts compiled on their first call', () => {
  test('render the same, sync and async, on every render', async () => {
    const engine = createEngine();
    const tpl = engine.compile(src);
    expect(tpl.code).toContain('part2, compiled on its first call');
    const first = engine.renderSync(tpl, { x: 'a' }).output;
    expect(first.startsWith('<p>a-0</p><p>a-1</p>')).toBe(true);
    expect(first.endsWith('<p>a-2499</p>|2500')).toBe(true);
    expect(engine.renderSync(tpl, { x: 'a' }).output).toBe(first);
    expect((await engine.render(tpl, { x: 'a' })).output).toBe(first);
    expect((await engine.render(tpl, { x: 'b' })).output).toBe(first.replaceAll('<p>a-', '<p>b-'));
  });

  test('a part the JS engine cannot compile is the LIMIT_DEPTH the compile would report', async () => {
    const engine = createEngine();
    const tpl = engine.compile(src);
    const real = globalThis.Function;
    // stands in for the engine's own refusal (a stack overflow on code nested too deeply for it)
    globalThis.Function = function refuse() {
      throw new RangeError('Maximum call stack size exceeded');
    } as unknown as FunctionConstructor;
    try {
      for (const run of [() => engine.renderSync(tpl, {}), () => engine.render(tpl, {})]) {
        const e = await Promise.resolve()
          .then(run)
          .then(
            () => null,
            (err: unknown) => err,
          );
        expect(e).toBeInstanceOf(SumiError);
        const err = e as SumiError;
        expect(err.code).toBe('LIMIT_DEPTH');
        expect(err.message).toBe('the template is too deeply nested to compile');
        expect(err.span).toEqual({ start: 0, end: src.length });
      }
    } finally {
      globalThis.Function = real;
    }
  });
});
