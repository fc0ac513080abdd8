/**
 * The runtime's one message table and one formatter: every code has a template, errors carry
 * real positions, and the messages say "attribute" for a tag's name=value pairs.
 */
import { describe, expect, test } from 'vitest';
import {
  createEngine,
  definePlugin,
  ErrorCodes,
  errorMessage,
  errorMessages,
  formatError,
  type PluginGroup,
  SumiError,
  type TemplateData,
} from '../src/index';
import { renderError } from './helpers';

describe('the message table', () => {
  test('every code has exactly one template', () => {
    expect(Object.keys(errorMessages).sort()).toEqual(Object.values(ErrorCodes).sort());
  });

  test('templates fill in named parameters', () => {
    expect(errorMessage('MISSING_ATTRIBUTE', { tag: 'foreach', attribute: 'from' })).toBe(
      "foreach: missing 'from' attribute",
    );
    expect(errorMessage('MISSING_ATTRIBUTE', { tag: 'function', attribute: ['name', 'id'] })).toBe(
      "function: missing 'name' or 'id' attribute",
    );
    // PHP's own messages stay verbatim, after the error class
    expect(
      errorMessage('TYPE_ERROR', {
        kind: 'TypeError',
        message: 'Argument #1 ($array) must be of type array',
      }),
    ).toBe('TypeError: Argument #1 ($array) must be of type array');
  });

  test('tag attributes are "attributes" in every message', () => {
    for (const [tpl, message] of [
      ['{cms_hash var=h}', "cms_hash: missing 'data' attribute"],
      ['{section loop=3}{/section}', "section: missing 'name' attribute"],
      ['{section name=i loop=3 nope=1}{/section}', "unknown section attribute - 'nope'"],
      ['{foreach from=$a}{/foreach}', "foreach: missing 'item' attribute"],
      ['{function var=x}', "function: missing 'name' or 'id' attribute"],
      ['{append var=x}', "append: missing 'value' attribute"],
    ] as const) {
      expect(renderError(tpl).message, tpl).toBe(message);
    }
  });
});

describe('positions', () => {
  test('{break} inside a block plugin inside a loop names the block', () => {
    const e = renderError(
      '{foreach from=$a item=x}\n  {textformat}{break}{/textformat}{/foreach}',
      '{"a":[1]}',
    );
    expect(e.code).toBe('LOOP_CONTROL_IN_BLOCK');
    expect(e.message).toBe(
      '{break} cannot leave {textformat}: a block plugin renders its content on its own, so the loop around the block is out of reach',
    );
    expect([e.line, e.column]).toEqual([2, 15]);
  });

  test('{break} in a capture inside a loop still works', () => {
    const out = createEngine().renderSync(
      '{foreach from=$a item=x}{capture}{break}{/capture}{$x}{/foreach}.',
      {
        a: [1, 2],
      },
    ).output;
    expect(out).toBe('.');
  });

  test('the {assign} warning has its code and a real position', () => {
    const { warnings } = createEngine().compile('x\n  {assign var=a values=1}');
    expect(warnings.map((w) => [w.code, w.line, w.column, w.hint])).toEqual([
      ['ASSIGN_WITHOUT_VALUE', 2, 3, "write value='' to assign an empty string"],
    ]);
  });
});

describe('data', () => {
  test('data that is not an object is INVALID_DATA', () => {
    const engine = createEngine();
    for (const [data, got] of [
      ['text', 'a string'],
      [3, 'a number'],
      [true, 'a boolean'],
    ] as const) {
      let err: unknown;
      try {
        engine.renderSync('{$x}', data);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(SumiError);
      expect((err as SumiError).code).toBe('INVALID_DATA');
      expect((err as SumiError).message).toBe(
        `template data must be an object (its keys become variables), got ${got}`,
      );
    }
  });

  test('data that contain themselves are INVALID_DATA, at the tag that reaches the cycle', () => {
    const engine = createEngine();
    const fail = (source: string, data: TemplateData): SumiError => {
      try {
        engine.renderSync(source, data);
      } catch (e) {
        return e as SumiError;
      }
      throw new Error('rendered');
    };
    const top: Record<string, unknown> = { a: 1 };
    top.self = top;
    const err = fail('{$a}', top as TemplateData);
    expect(err).toBeInstanceOf(SumiError);
    expect(err.code).toBe('INVALID_DATA');
    expect(err.message).toMatch(/^template data cannot be read: .*a cycle/);
    const node: Record<string, unknown> = { name: 'n' };
    node.kids = [{ up: node }];
    const deep = fail('{$n.name}\n{$n.kids[0].up.name}', { n: node });
    expect(deep.code).toBe('INVALID_DATA');
    expect([deep.line, deep.column]).toEqual([2, 1]);
    expect(engine.renderSync('{$n.name}', { n: node }).output).toBe('n');
  });

  test('plain objects, PHP arrays and JSON values are all template data', () => {
    const plain: TemplateData = { a: [1, 2], b: { c: 'x' } };
    expect(createEngine().renderSync('{$a.1}{$b.c}', plain).output).toBe('2x');
  });
});

describe('the formatter', () => {
  test('file:line:col CODE message, the frame and the hint', () => {
    const e = renderError('{$a|nosuch}');
    const text = formatError(e, { file: 'fallback.tpl' });
    expect(text.split('\n')[0]).toBe(
      "template.tpl:1:5 UNKNOWN_MODIFIER [plugin] (secure mode) modifier 'nosuch' is not allowed",
    );
    expect(text).toContain(e.frame);
    expect(text).toMatch(/\nhint: .+\n$/);
  });

  test('anything else is INTERNAL; its text and stack only with debug', () => {
    const text = formatError(new TypeError('boom'), { file: 'a.tpl' });
    expect(text).toBe('a.tpl:1:1 INTERNAL internal error in Sumi (a bug in Sumi: please report it)\n');
    const debug = formatError(new TypeError('boom'), { file: 'a.tpl', debug: true });
    expect(debug.startsWith(`${text}cause: TypeError: boom\n    at `)).toBe(true);
  });

  test('debug adds the stacks of a SumiError and of its cause', () => {
    const e = renderError('{$a|nosuch}');
    expect(formatError(e)).not.toContain('    at ');
    expect(formatError(e, { debug: true })).toMatch(/\nstack: SumiError: .+\n {4}at /);
  });
});

describe('plugin groups', () => {
  test('a group outside PLUGIN_GROUPS is rejected when registered', () => {
    const def = definePlugin({
      kind: 'function',
      name: 'typo',
      // a plain-JS definition: TypeScript would have caught it
      group: 'Variabels and arrays' as PluginGroup,
      description: 'x',
      attributes: {},
      run: () => 'x',
    });
    expect(() => createEngine({ plugins: [def] })).toThrow(
      /plugin 'typo': unknown group "Variabels and arrays"; use one of: Core tags, /,
    );
  });
});

describe('syntax errors list their diagnostics in source order', () => {
  test('the error is the first found; an unclosed block found at the end is listed at its tag', () => {
    let err: SumiError | undefined;
    try {
      createEngine().compile('{if $a}\n{foo bar=}');
    } catch (e) {
      err = e as SumiError;
    }
    expect(err).toBeInstanceOf(SumiError);
    const at = err!.diagnostics!.map((d) => d.span.start);
    expect(at.length).toBeGreaterThan(1);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // the one thrown stays the parser's first find, as Smarty stops at it
    expect(err!.span!.start).toBeGreaterThan(at[0]!);
  });
});
