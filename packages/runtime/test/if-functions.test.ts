/**
 * Calls in {if} and the `is` tests are real PHP 8 operations (Smarty 2 pastes them into PHP):
 * a bad type or argument count fails the template, at the call, when the call runs.
 */
import { describe, expect, test } from 'vitest';
import { render, renderError } from './helpers';

const DATA = '{"a": [1, [2, 3]], "s": "x", "n": 3, "z": null}';

describe('functions in {if}', () => {
  test('count() takes arrays only', () => {
    expect(render('{if count($a)}Y{/if}{if count($a, 1) == 4}R{/if}', DATA)).toBe('YR');
    for (const [arg, type] of [
      ['$z', 'null'],
      ['$undefined', 'null'],
      ['$s', 'string'],
      ['$n', 'int'],
      ['count($a)', 'int'],
    ]) {
      const e = renderError(`{if count(${arg})}Y{/if}`, DATA);
      expect(e.code).toBe('TYPE_ERROR');
      expect(e.message).toContain(
        `TypeError: count(): Argument #1 ($value) must be of type Countable|array, ${type} given`,
      );
    }
  });

  test("count()'s mode: an int, 0 or 1", () => {
    expect(renderError('{if count($a, 2)}Y{/if}', DATA).message).toContain(
      'ValueError: count(): Argument #2 ($mode) must be either COUNT_NORMAL or COUNT_RECURSIVE',
    );
    expect(renderError('{if count($a, "x")}Y{/if}', DATA).message).toContain(
      'count(): Argument #2 ($mode) must be of type int, string given',
    );
    expect(render('{if count($a, true) == 4}Y{/if}', DATA)).toBe('Y');
    // PHP checks the mode before the value
    expect(renderError('{if count($z, 2)}Y{/if}', DATA).message).toContain(
      'ValueError: count(): Argument #2',
    );
  });

  test('in_array() needs an array haystack; strict is a bool', () => {
    expect(render('{if in_array(1, $a)}Y{/if}{if in_array("1", $a, "yes")}N{/if}', DATA)).toBe('Y');
    expect(renderError('{if in_array(1, $z)}Y{/if}', DATA).message).toContain(
      'in_array(): Argument #2 ($haystack) must be of type array, null given',
    );
    expect(renderError('{if in_array(1, $a, $a)}Y{/if}', DATA).message).toContain(
      'in_array(): Argument #3 ($strict) must be of type bool, array given',
    );
  });

  test("a wrong argument count is PHP's ArgumentCountError when the call runs", () => {
    expect(renderError('{if count()}Y{/if}').message).toContain(
      'count() expects at least 1 argument, 0 given',
    );
    expect(renderError('{if is_null($a, $a)}Y{/if}').message).toContain(
      'is_null() expects exactly 1 argument, 2 given',
    );
    expect(renderError('{if in_array(1)}Y{/if}').message).toContain(
      'in_array() expects at least 2 arguments, 1 given',
    );
    // a call that never runs never fails
    expect(render('{if false && count($z)}Y{else}N{/if}', DATA)).toBe('N');
    expect(render('{if false && count()}Y{else}N{/if}')).toBe('N');
  });

  test('isset() without a variable is a syntax error, even where it never runs', () => {
    expect(renderError('{if false && isset()}Y{/if}').message).toContain(
      'isset() needs at least one variable',
    );
  });
});

describe('is even / is odd', () => {
  test("PHP's `1 & $x`: numbers and numeric strings", () => {
    expect(
      render('{if $n is odd}o{/if}{if "4" is even}e{/if}{if 3.5 is odd}f{/if}{if $z is even}z{/if}', DATA),
    ).toBe('oefz');
    // a numeric string beyond int64 saturates to PHP_INT_MAX, which is odd
    expect(render('{if "99999999999999999999" is odd}Y{/if}')).toBe('Y');
  });

  test('an array or a non-numeric string is a TypeError', () => {
    const e = renderError('{if $a is even}Y{/if}', DATA);
    expect(e.code).toBe('TYPE_ERROR');
    expect(e.message).toContain('TypeError: Unsupported operand types: array & int');
    expect(renderError('{if $s is not odd}Y{/if}', DATA).message).toContain(
      'Unsupported operand types: string & int',
    );
    expect(renderError('{if $a is even by 2}Y{/if}', DATA).message).toContain(
      'Unsupported operand types: array / int',
    );
  });
});
