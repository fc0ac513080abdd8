/**
 * The budgets of issue #10 at the runtime's level (the hostile corpus in packages/cli runs the
 * attacks end to end in child processes): memory, output bytes, the clock, the log cap, the
 * compile budget, per-engine caches and per-render state.
 */
import { DEFAULT_HOST, enterHost, leaveHost, pregLastError, pregMatch } from '@sumi/php';
import { describe, expect, test } from 'vitest';
import { createEngine, SumiError } from '../src/index';

function failure(f: () => unknown): SumiError {
  try {
    f();
  } catch (e) {
    if (e instanceof SumiError) return e;
    throw e;
  }
  throw new Error('did not fail');
}

describe('memory', () => {
  test('a string past maxStringLength fails where it is built, with a position and a hint', () => {
    const engine = createEngine({ limits: { maxStringLength: 1000 } });
    const e = failure(() =>
      engine.renderSync(
        '{assign var=s value="0123456789"}\n{section name=i loop=10}{assign var=s value="$s$s"}{/section}',
      ),
    );
    expect(e.code).toBe('LIMIT_MEMORY');
    expect(e.message).toBe(
      'memory budget exceeded: a string of 1280 characters (limits.maxStringLength is 1000)',
    );
    expect([e.line, e.column]).toEqual([2, 25]);
    expect(e.hint).toMatch(/maxStringLength/);
  });

  test('a capture past maxStringLength fails', () => {
    const engine = createEngine({ limits: { maxStringLength: 100 } });
    const e = failure(() =>
      engine.renderSync('{section name=i loop=200}{capture assign=c}{$c}x{/capture}{/section}'),
    );
    expect(e.code).toBe('LIMIT_MEMORY');
  });

  test('an array past maxArrayLength fails before the element is added', () => {
    const engine = createEngine({ limits: { maxArrayLength: 50 } });
    const e = failure(() => engine.renderSync('{section name=i loop=100}{append var=a value=1}{/section}'));
    expect(e.code).toBe('LIMIT_MEMORY');
    expect(e.message).toMatch(/an array of 51 elements \(limits.maxArrayLength is 50\)/);
    expect(
      engine.renderSync('{section name=i loop=50}{append var=a value=1}{/section}{if count($a) == 50}50{/if}')
        .output,
    ).toBe('50');
  });

  test('the total: many values, each under the caps, together over maxMemoryBytes', () => {
    const engine = createEngine({ limits: { maxMemoryBytes: 1_000_000 } });
    const src =
      '{capture assign=s}{section name=i loop=5000}0123456789{/section}{/capture}' +
      '{section name=i loop=200}{append var=list value="$s-`$smarty.section.i.index`"}{/section}done';
    const e = failure(() => engine.renderSync(src));
    expect(e.code).toBe('LIMIT_MEMORY');
    expect(e.message).toMatch(
      /^memory budget exceeded: about \d+ bytes in use \(the memory budget is 1000000\)$/,
    );
    expect(e.hint).toMatch(/set_memory/);
  });

  test('{set_memory} raises the total for the run, up to maxSetMemoryBytes', () => {
    const engine = createEngine({
      limits: { maxMemoryBytes: 1_000_000, maxSetMemoryBytes: 300 * 1024 * 1024 },
    });
    const src =
      '{capture assign=s}{section name=i loop=5000}0123456789{/section}{/capture}' +
      '{section name=i loop=200}{append var=list value="$s-`$smarty.section.i.index`"}{/section}done';
    expect(engine.renderSync(`{set_memory memory_limit=256M}${src}`).output).toBe('done');
    // the next render starts from the engine's budget again
    expect(failure(() => engine.renderSync(src)).code).toBe('LIMIT_MEMORY');
    // above the ceiling: only up to maxSetMemoryBytes
    const capped = createEngine({ limits: { maxMemoryBytes: 1_000_000, maxSetMemoryBytes: 1_000_000 } });
    expect(failure(() => capped.renderSync(`{set_memory memory_limit=768M}${src}`)).code).toBe(
      'LIMIT_MEMORY',
    );
  });

  test('the data passed in counts, as in PHP', () => {
    const engine = createEngine({ limits: { maxMemoryBytes: 500_000 } });
    const rows = Array.from({ length: 20_000 }, (_, i) => `row ${i}`);
    const e = failure(() =>
      engine.renderSync(
        '{section name=i loop=100000}{append var=a value=$smarty.section.i.index}{/section}',
        { rows },
      ),
    );
    expect(e.code).toBe('LIMIT_MEMORY');
  });
});

describe('output', () => {
  test('maxOutputBytes counts UTF-8 bytes', () => {
    const engine = createEngine({ limits: { maxOutputBytes: 100 } });
    // 40 characters, 120 bytes
    expect(failure(() => engine.renderSync('{$s}', { s: 'あ'.repeat(40) })).code).toBe('LIMIT_OUTPUT');
    expect(engine.renderSync('{$s}', { s: 'あ'.repeat(33) }).output).toBe('あ'.repeat(33));
  });

  test('a print of a big value is checked at once, with no loop in between', () => {
    const engine = createEngine({ limits: { maxOutputBytes: 1000 } });
    const e = failure(() => engine.renderSync('{$x}\n{$x}\n{$x}', { x: 'a'.repeat(400) }));
    expect(e.code).toBe('LIMIT_OUTPUT');
    expect(e.line).toBe(3);
  });

  test('streamed output counts bytes too', () => {
    const engine = createEngine({ limits: { maxOutputBytes: 50_000 } });
    const chunks: string[] = [];
    const e = failure(() =>
      engine.renderSync('{section name=i loop=100000}é{/section}', {}, { write: (c) => chunks.push(c) }),
    );
    expect(e.code).toBe('LIMIT_OUTPUT');
    const written = chunks.join('');
    expect(new TextEncoder().encode(written).length).toBeLessThanOrEqual(50_000);
  });
});

describe('time', () => {
  test('the clock starts with the render, before compiling, not at the first check', () => {
    const realNow = Date.now;
    // the render's start reads 0; every later reading is 2 s on
    let readings = 0;
    Date.now = () => (readings++ === 0 ? 0 : 2000);
    try {
      const engine = createEngine({ limits: { timeoutMs: 1000 } });
      expect(failure(() => engine.renderSync('short')).code).toBe('LIMIT_TIME');
    } finally {
      Date.now = realNow;
    }
  });

  test('a render past its budget never returns normally, even with few steps', () => {
    const realNow = Date.now;
    let now = 0;
    Date.now = () => now;
    try {
      const engine = createEngine({ limits: { timeoutMs: 1000 } });
      engine.register({
        kind: 'function',
        name: 'slow',
        group: 'Custom',
        description: 'takes 600 ms',
        attributes: {},
        run() {
          now += 600;
        },
      });
      expect(failure(() => engine.renderSync('{slow}{slow}')).code).toBe('LIMIT_TIME');
    } finally {
      Date.now = realNow;
    }
  });
});

describe('the log', () => {
  test('is capped per render and ends with one entry counting what was dropped', () => {
    const engine = createEngine({ limits: { maxLogEntries: 100 } });
    const r = engine.renderSync('{section name=i loop=1000}{logger msg1="step"}{/section}ok');
    expect(r.output).toBe('ok');
    expect(r.log).toHaveLength(101);
    expect(r.log.at(-1)!.message).toMatch(/^900 more log entries were dropped/);
    // the next render has its own log
    expect(engine.renderSync('{logger msg1="once"}').log).toHaveLength(1);
  });

  test('is capped in bytes', () => {
    const engine = createEngine({ limits: { maxLogBytes: 1000 } });
    const r = engine.renderSync(
      '{section name=i loop=100}{logger msg1="0123456789012345678901234567890123456789"}{/section}',
    );
    expect(r.log.length).toBeLessThan(30);
    expect(r.log.at(-1)!.message).toMatch(/more log entries were dropped/);
  });
});

describe('compiling', () => {
  test('a template over maxTemplateLength fails before compiling', () => {
    const engine = createEngine({ limits: { maxTemplateLength: 100 } });
    const e = failure(() => engine.compile('x'.repeat(101), { name: 'big.tpl' }));
    expect(e.code).toBe('LIMIT_TEMPLATE');
    expect(e.message).toBe('template too long: 101 characters, the limit is 100');
    expect(e.template).toBe('big.tpl');
    expect(engine.compile('x'.repeat(100)).source).toHaveLength(100);
  });

  test('the compiled-template cache is bounded in bytes', () => {
    const engine = createEngine({ templateCacheBytes: 2_000_000 });
    const first = engine.compile(`a${'x'.repeat(20_000)}`);
    expect(engine.compile(`a${'x'.repeat(20_000)}`)).toBe(first);
    for (let i = 0; i < 40; i++) engine.compile(`${i}${'x'.repeat(20_000)}`);
    // evicted: compiled again
    expect(engine.compile(`a${'x'.repeat(20_000)}`)).not.toBe(first);
  });
});

describe('per render and per engine', () => {
  test("preg_last_error() is the render's own", () => {
    const prev = enterHost(DEFAULT_HOST);
    try {
      pregMatch('/(a+)+$/', `${'a'.repeat(40)}b`);
      expect(pregLastError()).toBe(2);
      // a render starts with no error, and leaves the outside's as it was
      const engine = createEngine();
      engine.register({
        kind: 'function',
        name: 'last_error',
        group: 'Custom',
        description: 'prints preg_last_error()',
        attributes: {},
        run: () => String(pregLastError()),
      });
      expect(engine.renderSync('{last_error}').output).toBe('0');
      expect(pregLastError()).toBe(2);
    } finally {
      leaveHost(prev);
    }
  });

  test('a failed render leaves the engine as it was', () => {
    const engine = createEngine({ limits: { maxArrayLength: 10 } });
    expect(
      failure(() => engine.renderSync('{section name=i loop=100}{append var=a value=1}{/section}')).code,
    ).toBe('LIMIT_MEMORY');
    // the same engine, a normal render: nothing of the failed one's budget is left
    expect(
      engine.renderSync('{section name=i loop=10}{append var=a value=1}{/section}{if count($a) == 10}10{/if}')
        .output,
    ).toBe('10');
  });
});
