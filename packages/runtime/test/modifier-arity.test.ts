/**
 * A modifier that declares a PHP signature gets its arity checked at compile time: a warning where
 * PHP would raise ArgumentCountError, while the render still gives PHP's outcome (logged, null).
 */
import { phpFunction, toStr } from '@sumi/php';
import { describe, expect, test } from 'vitest';
import { createEngine, type ModifierDef } from '../src/index';

const params = [
  { name: 'string', type: 'string' },
  { name: 'times', type: 'int', description: 'how many copies' },
  { name: 'glue', type: 'string', optional: true, description: 'between the copies' },
] as const;

/** str_repeat-like: 2 to 3 arguments, the piped value first */
const repeat: ModifierDef = {
  kind: 'modifier',
  name: 'repeat',
  group: 'Custom',
  php: true,
  description: 'repeats the value',
  args: [],
  signature: params,
  run: phpFunction('repeat', params, (_ctx, s, times, glue = '') => Array(times).fill(s).join(glue)),
};

/** a userland-style modifier without a signature: extra arguments are ignored, as PHP does */
const loose: ModifierDef = {
  kind: 'modifier',
  name: 'loose',
  group: 'Custom',
  description: 'the value',
  args: [],
  run: (_ctx, v) => toStr(v),
};

const variadic: ModifierDef = {
  ...repeat,
  name: 'many',
  signature: [{ name: 'values', type: 'mixed', variadic: true, description: 'any number' }],
};

const engine = createEngine({ plugins: [repeat, loose, variadic] });

describe('compile-time arity of PHP function modifiers', () => {
  test('too many arguments: a warning at the modifier, with line and column', () => {
    const { warnings } = engine.compile('x\n  {$s|repeat:2:"-":4}', { name: 't.tpl' });
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'MODIFIER_ARITY',
        severity: 'warning',
        message: 'repeat() expects at most 3 arguments, 4 given',
        line: 2,
        column: 6,
      }),
    ]);
  });

  test('too few: the piped value counts as argument #1', () => {
    const { warnings } = engine.compile('{$s|repeat}');
    expect(warnings.map((w) => [w.message, w.line, w.column])).toEqual([
      ['repeat() expects at least 2 arguments, 1 given', 1, 4],
    ]);
  });

  test('counts PHP accepts, variadics and modifiers without a signature: no warning', () => {
    const src = '{$s|repeat:2}{$s|repeat:2:","}{$s|many}{$s|many:1:2:3:4:5}{$s|loose:1:2:3:4:5}';
    expect(engine.compile(src).warnings).toEqual([]);
  });

  test('the render still gives PHP outcome: ArgumentCountError logged, value null', () => {
    const r = engine.renderSync('[{$s|repeat:2:"-":4}] [{$s|repeat:2:"-"}]', { s: 'ab' });
    expect(r.output).toBe('[] [ab-ab]');
    expect(r.warnings.map((w) => w.code)).toEqual(['MODIFIER_ARITY']);
    expect(r.log.map((e) => e.message)).toContainEqual(
      expect.stringContaining('repeat() expects at most 3 arguments, 4 given'),
    );
  });
});
