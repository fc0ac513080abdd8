import { describe, expect, test } from 'vitest';
import { engine, err, out } from './render';

describe('add and subtract', () => {
  test.each([
    ['{assign var=n value=5}{add var=n value=3}{$n}', '{}', '8'],
    ['{add var=n value=2}{$n}', '{}', '2'],
    ['{add var=n}{$n}', '{}', '0'],
    ['{add var=n value="10"}{$n|@json_encode}', '{}', '10'],
    ['{add var=n value="1.5"}{$n|@json_encode}', '{"n":1}', '2.5'],
    ['{add var=n value=0.1}{add var=n value=0.2}{$n}', '{}', '0.3'],
    ['{add var=n value=1}{$n}', '{"n":"41"}', '42'],
    ['{add var=n value=1}{$n}', '{"n":9223372036854775807}', '9.2233720368548E+18'],
    ['{add var=n value=$x}{$n|@json_encode}', '{"n":2,"x":null}', '2'],
    ['{add var=n value=true}{$n}', '{"n":2}', '3'],
    ['{subtract var=k value=1}{$k}', '{}', '-1'],
    ['{assign var=n value=10}{subtract var=n value=0.5}{$n}', '{}', '9.5'],
    ['{subtract var=n value=-3}{$n}', '{"n":1}', '4'],
    // PHP arithmetic reads a leading-numeric string's number (and warns)
    ['{add var=n value="12abc"}{$n}', '{"n":5}', '17'],
    ['{subtract var=n value=" 1.5x"}{$n}', '{"n":"7y"}', '5.5'],
  ])('%s with %s', (tpl, json, expected) => {
    expect(out(tpl, json)).toBe(expected);
  });

  test('dotted names read and write nested keys', () => {
    expect(
      out(
        '{add var="a.b" value=1}{add var="a.b" value=2}{subtract var="a.c" value=1}{$a|@json_encode}',
        '{"a":{"b":2}}',
      ),
    ).toBe('{"b":5,"c":-1}');
  });

  test('the name of the variable can come from a variable', () => {
    expect(out('{add var=$name value=4}{$total}', '{"name":"total","total":1}')).toBe('5');
  });

  test('a non-numeric value is the TypeError of PHP arithmetic, at the tag', () => {
    const e = err("x\n  {add var=n value='abc'}");
    expect(e.code).toBe('TYPE_ERROR');
    expect([e.line, e.column]).toEqual([2, 3]);
    expect(e.message).toBe('TypeError: Unsupported operand types: null + string');
    expect(e.frame).toContain("{add var=n value='abc'}");
    expect(err("{subtract var=n value=''}", '{"n":1}').message).toBe(
      'TypeError: Unsupported operand types: int - string',
    );
  });

  test('a leading-numeric value counts its number, with PHP warning', () => {
    const r = engine().renderSync(
      "{assign var=n value=5}{add var=n value='12abc'}{subtract var=n value='0x1F'}{$n}",
    );
    expect(r.output).toBe('17');
    expect(r.log.map((l) => l.message)).toEqual([
      'A non-numeric value encountered',
      'A non-numeric value encountered',
    ]);
  });

  test('adding to an array is a PHP TypeError', () => {
    const e = err('{subtract var=a value=1}', '{"a":[1]}');
    expect(e.code).toBe('TYPE_ERROR');
    expect(e.message).toBe('TypeError: Unsupported operand types: array - int');
  });

  test('var is required', () => {
    expect(err('{add value=1}').code).toBe('MISSING_ATTRIBUTE');
  });
});
