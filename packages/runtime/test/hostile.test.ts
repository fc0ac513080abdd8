import { fromJSONText, type PhpArray } from '@sumi/php';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../src/index';
import { render, renderError } from './helpers';

describe('no JS internals are reachable', () => {
  test('prototype keys are ordinary, empty keys', () => {
    expect(
      render('[{$a.constructor}][{$a.__proto__}][{$a.prototype}][{$a.toString}]', '{"a":{"x":1},"s":"str"}'),
    ).toBe('[][][][]');
    // on a string, a name is PHP's illegal string offset, not a JS property
    expect(renderError('{$s.constructor}', '{"s":"str"}').message).toBe(
      'TypeError: Cannot access offset of type string on string',
    );
  });
  test('prototype keys can be assigned and read back as data', () => {
    expect(
      render(
        '{assign var="a.__proto__" value=1}{assign var="a.constructor" value=2}{$a.__proto__}{$a.constructor}{foreach from=$a key=k item=v}[{$k}={$v}]{/foreach}',
      ),
    ).toBe('12[__proto__=1][constructor=2]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  test('__proto__ as a plugin attribute is just an attribute', () => {
    // unknown: ignored with a warning, as the CMS ignores it
    expect(render('{counter __proto__=1}')).toBe('1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  test('prototype names as custom-function attributes are plain variables of the function', () => {
    const engine = createEngine();
    engine.defineFunction({
      name: 'echo',
      source: '{return value="`$__proto__`/`$constructor`/`$toString`/`$hasOwnProperty`"}',
    });
    const out = engine.renderSync(
      '{function name=echo var=r __proto__="p" constructor="c" toString="t"}{$r}',
    ).output;
    expect(out).toBe('p/c/t/');
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });
  test('JSON data with __proto__ keys stays data', () => {
    expect(render('{$d.__proto__.x}', '{"d":{"__proto__":{"x":"ok"}}}')).toBe('ok');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('budgets stop runaway templates', () => {
  test('steps', () => {
    const e = renderError(
      '{section name=i loop=100000}{section name=j loop=100000}x{/section}{/section}',
      '{}',
      { limits: { maxSteps: 10_000 } },
    );
    expect(e.code).toBe('LIMIT_STEPS');
  });
  test('output', () => {
    const e = renderError(
      '{section name=i loop=100000}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{/section}',
      '{}',
      {
        limits: { maxOutputBytes: 100_000 },
      },
    );
    expect(e.code).toBe('LIMIT_OUTPUT');
  });
  test('time', () => {
    const e = renderError('{section name=i loop=100000000}{/section}', '{}', { limits: { timeoutMs: 50 } });
    expect(e.code).toBe('LIMIT_TIME');
  });
  test('recursion of custom functions', async () => {
    const engine = createEngine({ limits: { maxDepth: 10 } });
    engine.defineFunction({ name: 'loop', source: '{function name="loop" var=r}' });
    await expect(engine.render('{function name="loop" var=r}', fromJSONText('{}'))).rejects.toMatchObject({
      code: 'LIMIT_DEPTH',
    });
  });
});

describe('the caller keeps its data', () => {
  test('a template that changes its variables does not change the data passed in', () => {
    const engine = createEngine();
    const data = fromJSONText('{"rows":[{"x":1}],"m":{"k":"v"}}');
    const out = engine.renderSync(
      '{assign var="rows.0.x" value=9}{assign var="m.k" value="w"}{$rows.0.x}{$m.k}',
      data,
    ).output;
    expect(out).toBe('9w');
    expect(engine.renderSync('{$rows.0.x}{$m.k}', data).output).toBe('1v');
  });

  test('no way of changing a variable in place reaches the data (they are read, not copied, at the start)', () => {
    const engine = createEngine();
    const json = '{"rows":[1,2],"m":{"k":"v"},"n":5,"list":["a"]}';
    const data = fromJSONText(json);
    const changes = [
      '{append var=rows value=3}',
      '{append var="m.k2" value=1}',
      '{assign var="rows." value=4}',
      '{capture append=list}x{/capture}',
      '{add var=n value=1}',
      '{assign_array var=m values="a,b"}',
      '{foreach from=$rows item=r}{append var=rows value=$r}{/foreach}',
      '{append var="dataSet.emptyArray" value=1}',
    ];
    for (const change of changes) {
      const r = engine.renderSync(`${change}{foreach from=$rows item=x}{$x}{/foreach}`, data);
      expect(r.output, change).not.toBe('');
    }
    const each = (v: string) => `{foreach from=${v} key=k item=x}{$k}={$x},{/foreach};`;
    const check = engine.renderSync(
      `${each('$rows')}${each('$m')}{$n};${each('$list')}${each('$dataSet.emptyArray')}`,
      data,
    );
    expect(check.output).toBe('0=1,1=2,;k=v,;5;0=a,;;');
  });

  test('the data a render started with stay its view while the caller changes them during an await', async () => {
    const { definePlugin } = await import('../src/index');
    let release: () => void = () => {};
    const pause = definePlugin({
      kind: 'function',
      name: 'pause',
      group: 'Variables and arrays',
      description: 'waits until released',
      async: true,
      attributes: {},
      run: () => new Promise<undefined>((r) => (release = () => r(undefined))),
    });
    const engine = createEngine({ plugins: [pause] });
    const data = fromJSONText('{"a":1}') as PhpArray;
    const running = engine.render('{$a}{pause}{$a}', data);
    await new Promise((r) => setTimeout(r, 5));
    data.set('a', 2);
    release();
    expect((await running).output).toBe('11');
  });

  test("a run's variables and results are copies: changing them leaves the data alone", () => {
    const engine = createEngine();
    const data = fromJSONText('{"json":{"a":[1]},"rows":[1]}');
    const r = engine.renderSync('{assign var=processed_json value=$json}', data, {
      context: 'post',
    });
    const vars = r.vars;
    (vars.get('rows') as PhpArray).push(2);
    ((r.result as PhpArray).get('processed_json') as PhpArray).set('b', 1);
    expect(
      engine.renderSync(
        '{foreach from=$rows item=x}{$x}{/foreach};{foreach from=$json key=k item=x}{$k}{/foreach}',
        data,
      ).output,
    ).toBe('1;a');
    expect(vars.keys()).toEqual(['dataSet', 'json', 'rows', 'processed_json']);
  });
});

describe('deep nesting is a positioned error, never a crash', () => {
  test('thousands of nested blocks', () => {
    const n = 5000;
    const e = renderError(`${'{if 1}'.repeat(n)}x${'{/if}'.repeat(n)}`);
    expect(e.code).toBe('LIMIT_DEPTH');
    expect(e.line).toBe(1);
  });
  test('an absurd modifier chain', () => {
    expect(renderError(`{$a${'|nl2br'.repeat(5000)}}`).code).toBe('LIMIT_DEPTH');
  });
});

describe('time spent in async plugins counts', () => {
  test('a slow async plugin hits the time budget', async () => {
    const { createEngine, definePlugin } = await import('../src/index');
    const slow = definePlugin({
      kind: 'function',
      name: 'slow',
      group: 'Variables and arrays',
      description: 'waits',
      async: true,
      attributes: {},
      run: () => new Promise<undefined>((r) => setTimeout(() => r(undefined), 30)),
    });
    const engine = createEngine({ plugins: [slow], limits: { timeoutMs: 50 } });
    await expect(engine.render('{slow}{slow}{slow}{slow}', null)).rejects.toMatchObject({
      code: 'LIMIT_TIME',
    });
  });
});

describe('block plugins and async templates', () => {
  test('a sync block plugin works in a template that also uses an async plugin', async () => {
    const { createEngine, definePlugin } = await import('../src/index');
    const wait = definePlugin({
      kind: 'function',
      name: 'wait',
      group: 'Variables and arrays',
      description: 'resolves later',
      async: true,
      attributes: {},
      run: () => Promise.resolve('w'),
    });
    const engine = createEngine({ plugins: [wait] });
    const out = await engine.render(
      '{textformat wrap=5}aa bb cc{/textformat}|{wait}|{textformat}x{wait}{/textformat}',
      null,
    );
    expect(out.output).toBe('aa bb\ncc|w|xw');
  });
  test('text at the nesting limit is an error, not silently dropped', () => {
    expect(renderError(`${'{if 1}'.repeat(200)}x${'{/if}'.repeat(200)}`).code).toBe('LIMIT_DEPTH');
  });
});

describe('custom functions share the step budget', () => {
  test('many small calls add up', () => {
    const engine = createEngine({ limits: { maxSteps: 5_000 } });
    engine.defineFunction({ name: 'tiny', source: '{section name=i loop=10}{/section}{return value=1}' });
    expect(() =>
      engine.renderSync('{section name=j loop=2000}{function name="tiny" var=r}{/section}', null),
    ).toThrow(expect.objectContaining({ code: 'LIMIT_STEPS' }));
  });
});
