import { describe, expect, test } from 'vitest';
import { seededRandom } from '../../src/index';
import { err, logOf, out } from '../plugins/render';

const m = (attrs: string, json = '{}') => out(`{math ${attrs}}`, json);

describe('math: evaluation like PHP eval()', () => {
  test.each([
    ['equation="x + y" x=1 y=2', '3'],
    ['equation="(w*h)/2" w=10 h=3', '15'],
    ['equation="x / y" x=1 y=3', '0.33333333333333'],
    ['equation="x / y" x=10 y=5', '2'],
    ['equation="x * 1.0" x=2', '2'],
    ['equation="2 + 3 * 4"', '14'],
    ['equation="(2 + 3) * 4"', '20'],
    ['equation="2 ** 3 ** 2"', '512'],
    ['equation="-2 ** 2"', '-4'],
    ['equation="2 ** -1"', '0.5'],
    ['equation="10 % 3"', '1'],
    ['equation="-7 % 3"', '-1'],
    ['equation="7.5 % 2"', '1'],
    ['equation="1 + 2 . 3"', '33'],
    ['equation="x > y" x=1 y=2', ''],
    ['equation="x < y" x=1 y=2', '1'],
    ['equation="x <=> y" x=1 y=2', '-1'],
    ['equation="x == y" x="1.0" y=1', '1'],
    ['equation="x === y" x="1" y=1', ''],
    ['equation="7 & 3"', '3'],
    ['equation="5 | 2"', '7'],
    ['equation="6 ^ 3"', '5'],
    ['equation="1 << 3"', '8'],
    ['equation="~5"', '-6'],
    ['equation="!x" x=0', '1'],
    ['equation="x && y" x=1 y=0', ''],
    ['equation="x || y" x=1 y=0', '1'],
    ['equation="x ?: 5" x=0', '5'],
    ['equation="x ? 10 : 20" x=1', '10'],
    ['equation="x ?? 3" x=4', '4'],
    ['equation="(int)x" x=2.7', '2'],
    ['equation="( int ) x * 2" x=2.7', '4'],
    ['equation="0x1F + 1"', '32'],
    ['equation="010"', '8'],
    ['equation="1_000 + 1"', '1001'],
    ['equation=".5 + 1."', '1.5'],
    ['equation="x" x="1e3"', '1e3'],
    ['equation="x + 0" x="1e3"', '1000'],
    ['equation="x + y" x=" 1" y="2 "', '3'],
    ['equation="x * y" x=$big y=2', '1.844674407371E+19'],
    ['equation="x - 1" x=$f', '0.5'],
  ])('%s', (attrs, expected) => {
    expect(m(attrs, '{"big":9223372036854775807,"f":1.5}')).toBe(expected);
  });

  test.each([
    ['floor(7/2)', '3'],
    ['ceil(7/2)', '4'],
    ['round(2.5)', '3'],
    ['round(-2.5)', '-3'],
    ['round(1.955, 2)', '1.96'],
    ['round(1234.5678, -2)', '1200'],
    ['abs(-5)', '5'],
    ['abs(-5.5)', '5.5'],
    ['sqrt(16)', '4'],
    ['sqrt(2)', '1.4142135623731'],
    ['sqrt(-1)', 'NAN'],
    ['pow(2, 10)', '1024'],
    ['pow(2, 0.5)', '1.4142135623731'],
    ['pow(2, 63)', '9.2233720368548E+18'],
    ['pow(-8, 1/3)', 'NAN'],
    ['max(1, 5, 3)', '5'],
    ['min(4, 2, 8)', '2'],
    ['max(2, 2.0)', '2'],
    ['pi()', '3.1415926535898'],
    ['log(1)', '0'],
    ['log(8, 2)', '3'],
    ['log(100, 10)', '2'],
    ['log(27, 3)', '3'],
    ['log(5, 1)', 'NAN'],
    ['log10(1000)', '3'],
    ['exp(0)', '1'],
    ['exp(1)', '2.718281828459'],
    ['sin(0) + cos(0) + tan(0)', '1'],
    ['srand()', ''],
    ['srand(5)', ''],
    ['rand(5, 5)', '5'],
    ['1/0.0 > 1', ''],
  ])('%s', (eq, expected) => {
    if (eq === '1/0.0 > 1') {
      expect(err(`{math equation="${eq}"}`).code).toBe('DIVISION_BY_ZERO');
      return;
    }
    expect(m(`equation="${eq}"`)).toBe(expected);
  });

  test('rand() draws from the random service', () => {
    const seeded = { services: { random: seededRandom(1) } };
    const a = out(
      '{math equation="rand(1, 6)"}{math equation="rand(1, 6)"}{math equation="rand(6, 1)"}',
      '{}',
      seeded,
    );
    expect(a).toMatch(/^[1-6]{3}$/);
    expect(
      out('{math equation="rand(1, 6)"}{math equation="rand(1, 6)"}{math equation="rand(6, 1)"}', '{}', {
        services: { random: seededRandom(1) },
      }),
    ).toBe(a);
    expect(Number(out('{math equation="rand()"}'))).toBeLessThanOrEqual(2147483647);
  });

  test('format is sprintf; assign stores the (formatted) result', () => {
    expect(m('equation="x / y" x=10 y=4 format="%.2f"')).toBe('2.50');
    expect(m('equation="x" x=7.9 format="%d"')).toBe('7');
    expect(m('equation="x" x=3.14159 format="%05.1f"')).toBe('003.1');
    expect(out('{math equation="x*2" x=4 assign=r}[{$r}]')).toBe('[8]');
    expect(out('{math equation="x/3" x=1 format="%.3f" assign=r}{$r}')).toBe('0.333');
    expect(out('{math equation="x/4" x=1 assign="s.q"}{$s.q}')).toBe('0.25');
  });

  test('the result goes through modifiers like any function tag', () => {
    expect(out('{math|cat:"!" equation="x+1" x=1}')).toBe('2!');
  });
});

describe("math: Smarty's checks warn and print nothing", () => {
  test.each([
    ['{math}', 'math: missing equation parameter'],
    ['{math equation=""}', 'math: missing equation parameter'],
    ['{math equation="0"}', 'math: missing equation parameter'],
    ['{math equation="(x" x=1}', 'math: unbalanced parenthesis'],
    ['{math equation="foo(1)"}', "math: 'equation' calls a function that is not allowed"],
    ['{math equation="x + z" x=1}', "math: 'equation' calls a function that is not allowed"],
    // format and assign are math's own attributes: not given, they are no variables of the equation
    ['{math equation="format + 1"}', "math: 'equation' calls a function that is not allowed"],
    ['{math equation="SQRT(4)"}', "math: 'equation' calls a function that is not allowed"],
    ['{math equation="1e5"}', "math: 'equation' calls a function that is not allowed"],
    ['{math equation="true"}', "math: 'equation' calls a function that is not allowed"],
    ['{math equation="x" x=""}', 'math: parameter x is empty'],
    ['{math equation="x" x=$none}', 'math: parameter x is empty'],
    ['{math equation="x" x=false}', 'math: parameter x is empty'],
    ['{math equation="x" x="abc"}', 'math: parameter x: is not numeric'],
    ['{math equation="x" x="5px"}', 'math: parameter x: is not numeric'],
    ['{math equation="x" x=true}', 'math: parameter x: is not numeric'],
    ['{math equation="1+1" unused="a"}', 'math: parameter unused: is not numeric'],
    ['{math equation="z" unused="a"}', "math: 'equation' calls a function that is not allowed"],
  ])('%s', (tpl, warning) => {
    const r = logOf(tpl);
    expect(r).toEqual([warning]);
    expect(out(tpl)).toBe('');
  });

  test('backticks are ignored', () => {
    expect(out("{math equation='`x` + 1' x=1}")).toBe('2');
  });
});

describe('math: what PHP 8 fails on stops the render', () => {
  test.each([
    ['equation="int(x)" x=2.5', 'PHP_ERROR', 'math: Error: Call to undefined function int()'],
    ['equation="x +" x=1', 'PHP_ERROR', 'math: ParseError: syntax error, unexpected token ";"'],
    ['equation="x y" x=1 y=2', 'PHP_ERROR', 'math: ParseError: syntax error, unexpected token "y"'],
    ['equation="1 < 2 < 3"', 'PHP_ERROR', 'math: ParseError: syntax error, unexpected token "<"'],
    ['equation="08"', 'PHP_ERROR', 'math: ParseError: Invalid numeric literal'],
    ['equation="()"', 'PHP_ERROR', 'math: ParseError: syntax error, unexpected token ")"'],
    ['equation="pi"', 'PHP_ERROR', 'Error: Undefined constant "pi"'],
    ['equation="x(1)" x=2', 'PHP_ERROR', 'Error: Value not callable'],
    ['equation="sqrt()"', 'TYPE_ERROR', 'TypeError: sqrt() expects exactly 1 argument, 0 given'],
    ['equation="round(1, 2, 3)"', 'TYPE_ERROR', 'TypeError: round() expects at most 2 arguments, 3 given'],
    [
      'equation="max(x)" x=1',
      'TYPE_ERROR',
      'TypeError: max(): Argument #1 ($value) must be of type array, int given',
    ],
    ['equation="rand(1)"', 'TYPE_ERROR', 'TypeError: rand() expects exactly 2 arguments, 1 given'],
    ['equation="x / 0" x=1', 'DIVISION_BY_ZERO', 'DivisionByZeroError: Division by zero'],
    ['equation="x % 0" x=1', 'DIVISION_BY_ZERO', 'DivisionByZeroError: Modulo by zero'],
    [
      'equation="log(x, 0)" x=2',
      'PHP_ERROR',
      'ValueError: log(): Argument #2 ($base) must be greater than 0',
    ],
    ['equation="1 << -1"', 'PHP_ERROR', 'ArithmeticError: Bit shift by negative number'],
    [
      'equation="x" x=$list',
      'TYPE_ERROR',
      'TypeError: strlen(): Argument #1 ($string) must be of type string, array given',
    ],
  ])('%s', (attrs, code, message) => {
    const e = err(`x\n  {math ${attrs}}`, '{"list":[1]}');
    expect([e.code, e.message, e.line, e.column]).toEqual([code, message, 2, 3]);
  });

  test('text PHP would read as something else than arithmetic is refused, not guessed', () => {
    for (const eq of [`'"1" + 2'`, '"x = 1" x=2', "'$x' x=1", '"1; 2"', '"x[0]" x=1']) {
      expect(err(`{math equation=${eq}}`).code).toBe('PLUGIN_ERROR');
    }
    expect(err(`{math equation='"1" + 2'}`).message).toBe(
      'math: a string literal is not supported in an equation',
    );
  });

  test('int() gets a hint', () => {
    expect(err('{math equation="int(x)" x=1}').hint).toBe(
      'Smarty 2 lists int() as allowed but PHP has no such function: write floor(x) or (int)x',
    );
  });
});

describe('math: an equation checked and parsed once, run many times', () => {
  test('the same equation with other attributes is checked again', () => {
    const tpl =
      '{foreach from=$rows item=r}[{if $r.y === null}{math equation="x + y" x=$r.x}{else}{math equation="x + y" x=$r.x y=$r.y}{/if}]{/foreach}';
    expect(out(tpl, '{"rows":[{"x":1,"y":2},{"x":3,"y":null},{"x":5,"y":6}]}')).toBe('[3][][11]');
    expect(logOf(tpl, '{"rows":[{"x":1,"y":null}]}')).toEqual([
      "math: 'equation' calls a function that is not allowed",
    ]);
  });

  test('values are checked on every call, and a parse error fails every time', () => {
    const tpl = '{foreach from=$xs item=x}[{math equation="x * 2" x=$x}]{/foreach}';
    expect(out(tpl, '{"xs":[1,"a",3,""]}')).toBe('[2][][6][]');
    expect(logOf(tpl, '{"xs":["a",""]}')).toEqual([
      'math: parameter x: is not numeric',
      'math: parameter x is empty',
    ]);
    for (let i = 0; i < 2; i++) expect(err('{math equation="x +* 2" x=1}').message).toMatch(/syntax error/);
  });
});

test('math: more equations than are kept are each right', () => {
  const eqs = Array.from({ length: 600 }, (_, i) => `x + ${i}`);
  const expected = eqs.map((_, i) => String(1 + i)).join(',');
  const tpl =
    '{foreach from=$eqs item=q name=l}{math equation=$q x=1}{if !$smarty.foreach.l.last},{/if}{/foreach}';
  for (let round = 0; round < 2; round++) expect(out(tpl, JSON.stringify({ eqs }))).toBe(expected);
});
