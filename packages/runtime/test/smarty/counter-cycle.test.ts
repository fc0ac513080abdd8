import { describe, expect, test } from 'vitest';
import { engine, err, logOf, out } from '../plugins/render';

describe('counter (Smarty 2.6.28)', () => {
  test.each([
    ['{counter}{counter}{counter}', '123'],
    ['{counter start=5 skip=2}|{counter}|{counter direction=down}|{counter}|{counter skip=1}', '5|7|9|7|5'],
    ['{counter}{counter}{counter start=10}{counter}', '121011'],
    ['{counter skip=1.5}{counter}{counter}', '12.54'],
    ['{counter start=10 skip=-1}{counter}', '109'],
    ['{counter start=0 skip=0}{counter}', '00'],
    ['{counter direction=UP}{counter}', '12'],
    ['{counter direction=down}{counter}{counter direction=up}{counter}', '10-10'],
    ['{counter}{counter name=other}{counter}', '112'],
    ["{counter}{counter name=''}{counter}", '112'],
    ['{counter start="7"}{counter start=2.9}', '72'],
    ['{counter print=false}{counter print=false}{counter}', '3'],
    ['{counter assign=n}{counter}{$n}', '2'],
    ['{counter assign=n print=true}[{$n}]{counter}[{$n}]', '1[1][2]'],
    ['{counter name=a assign=x}{counter name=b}{counter name=a}{$x}', '12'],
  ])('%s', (tpl, expected) => {
    expect(out(tpl)).toBe(expected);
  });

  test('a leading-numeric skip adds its number with a warning, as PHP 8', () => {
    expect(out('{counter skip="2px"}{counter}')).toBe('13');
    expect(logOf('{counter skip="2px"}')).toEqual(['counter: A non-numeric value encountered']);
  });

  test('a non-numeric skip is a PHP TypeError', () => {
    const e = err('\n{counter skip="abc"}');
    expect(e.code).toBe('TYPE_ERROR');
    expect([e.line, e.column]).toEqual([2, 1]);
  });

  test('counters start again in every render', () => {
    const e = engine();
    expect(e.renderSync('{counter}{counter}').output).toBe('12');
    expect(e.renderSync('{counter}{counter}').output).toBe('12');
  });
});

describe('cycle (Smarty 2.6.28)', () => {
  test.each([
    ['{cycle values="odd,even"} {cycle values="odd,even"} {cycle values="odd,even"}', 'odd even odd'],
    ['{cycle values="a,b" advance=false}{cycle values="a,b"}{cycle values="a,b"}', 'aab'],
    ['{cycle values="a,b" print=false}{cycle values="a,b"}', 'b'],
    [
      '{cycle values="a,b,c"}{cycle values="a,b,c"}{cycle values="a,b,c" reset=true}{cycle values="a,b,c"}',
      'abab',
    ],
    ['{cycle values="a,b" assign=x}{$x}{cycle values="a,b"}', 'ab'],
    ['{cycle values="a,b" assign=x print=true}{$x}', 'a'],
    ['{cycle values="a,b"}{cycle values="x,y,z"}{cycle values="x,y,z"}', 'axy'],
    ['{cycle name=r values="a,b"}{cycle name=r}{cycle name=r}', 'aba'],
    ['{cycle values="a,b"}{cycle name="0" values="a,b"}', 'ab'],
    ['{cycle values="1|2|3" delimiter="|"}{cycle values="1|2|3" delimiter="|"}', '12'],
    ['{cycle values=$l}{cycle values=$l}{cycle values=$l}', 'pqp'],
    ['{cycle values="solo"}{cycle values="solo"}', 'solosolo'],
    ['{cycle values=""}[{cycle values=""}]', '[]'],
  ])('%s', (tpl, expected) => {
    expect(out(tpl, '{"l":["p","q"]}')).toBe(expected);
  });

  test('a delimiter stays with its cycle, as in Smarty; another name starts with ","', () => {
    expect(out('{cycle name=c values="a|b" delimiter="|"}[{cycle name=c}]')).toBe('a[b]');
    expect(out('{cycle name=c values="a|b" delimiter="|"}[{cycle name=c values="x,y"}]')).toBe('a[x,y]');
    expect(out('{cycle name=c values="a|b" delimiter="|"}[{cycle name=d values="x,y"}]')).toBe('a[x]');
    expect(logOf('{cycle name=c values="a" delimiter="|"}{cycle name=c}')).toEqual([]);
  });

  test('array values are read by position keys: an associative array gives nulls', () => {
    expect(out('[{cycle values=$m}][{cycle values=$m}]', '{"m":{"a":"x","b":"y"}}')).toBe('[][]');
  });

  test('the first call of a name needs values: warning, nothing printed', () => {
    expect(out('[{cycle}]')).toBe('[]');
    expect(logOf('{cycle name=r}')).toEqual(["cycle: missing 'values' parameter"]);
  });

  test('an empty delimiter is explode()’s ValueError', () => {
    const e = err('{cycle values="a,b" delimiter=""}');
    expect(e.code).toBe('PHP_ERROR');
    expect(e.message).toBe('ValueError: explode(): Argument #1 ($separator) cannot be empty');
  });

  test('inside loops, as in real templates', () => {
    expect(
      out(
        '{foreach from=$l item=v}<tr class="{cycle values="odd,even"}">{$v}</tr>{/foreach}',
        '{"l":[1,2,3]}',
      ),
    ).toBe('<tr class="odd">1</tr><tr class="even">2</tr><tr class="odd">3</tr>');
  });
});
