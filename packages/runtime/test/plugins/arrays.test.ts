import { describe, expect, test } from 'vitest';
import { err, out } from './render';

describe('append', () => {
  test.each([
    ["{append var=l value='a'}{append var=l value='b'}{$l|@json_encode}", '{}', '["a","b"]'],
    ["{append var=s value='b'}{$s|@json_encode}", '{"s":"a"}', '["a","b"]'],
    ["{append var=s value='b'}{$s|@json_encode}", '{"s":0}', '[0,"b"]'],
    ["{append var=s value='b'}{$s|@json_encode}", '{"s":false}', '[false,"b"]'],
    ["{append var=n value='y'}{$n|@json_encode}", '{"n":null}', '["y"]'],
    ['{append var=m value=2 index=k}{$m|@json_encode}', '{"m":{"k":1,"j":0}}', '{"k":2,"j":0}'],
    [
      "{append var=l value='a' index='5'}{append var=l value='b'}{$l|@json_encode}",
      '{}',
      '{"5":"a","6":"b"}',
    ],
    ["{append var=l value='a' index=''}{$l|@json_encode}", '{}', '["a"]'],
    ["{append var=l value='a' index=true}{$l|@json_encode}", '{}', '{"1":"a"}'],
    ['{append var=l value=$v}{$l|@json_encode}', '{"v":{"x":[1]}}', '[{"x":[1]}]'],
    ["{append var='a.b.c' value=1}{append var='a.b.c' value=2}{$a|@json_encode}", '{}', '{"b":{"c":[1,2]}}'],
  ])('%s with %s', (tpl, json, expected) => {
    expect(out(tpl, json)).toBe(expected);
  });

  test('the appended array is a copy', () => {
    expect(out('{append var=l value=$a}{assign var="a.0" value=9}{$l.0.0}{$a.0}', '{"a":[1]}')).toBe('19');
  });

  test('value is required', () => {
    const e = err('{append var=l}');
    expect(e.code).toBe('MISSING_ATTRIBUTE');
    expect(e.message).toBe("append: missing 'value' attribute");
  });
});

describe('assign_array', () => {
  test.each([
    ['{assign_array var=a values="x,y,z"}{$a|@json_encode}', '["x","y","z"]'],
    ['{assign_array var=a values="1|2" delimiter="|"}{$a|@json_encode}', '["1","2"]'],
    ["{assign_array var=a values=''}{$a|@json_encode}", '[]'],
    ['{assign_array var=a}{$a|@json_encode}', '[]'],
    ['{assign_array var=a values="a,,b"}{$a|@json_encode}', '["a","","b"]'],
    ['{assign_array var=a values="東京、大阪" delimiter="、"}{$a.1}', '大阪'],
    ['{assign_array var=a values="x,y" keys="k1,k2"}{$a|@json_encode}', '{"k1":"x","k2":"y"}'],
    ['{assign_array var=a values="x,y" keys="1,2"}{$a|@json_encode}', '{"1":"x","2":"y"}'],
    ['{assign_array var=a values="x,y" keys="0,1"}{$a|@json_encode}', '["x","y"]'],
    ['{assign_array var=a values="x,y" keys="k,k"}{$a|@json_encode}', '{"k":"y"}'],
    ["{assign_array var=a values='' keys=''}{$a|@json_encode}", '[]'],
    ['{assign_array var="d.list" values="p,q"}{$d|@json_encode}', '{"list":["p","q"]}'],
  ])('%s', (tpl, expected) => {
    expect(out(tpl)).toBe(expected);
  });

  test('keys and values of different lengths is an error at the tag', () => {
    const e = err('ok\n{assign_array var=a values="x,y,z" keys="a,b"}');
    expect(e.code).toBe('PLUGIN_ERROR');
    expect([e.line, e.column]).toEqual([2, 1]);
    expect(e.message).toBe('assign_array: 2 keys for 3 values');
    expect(e.hint).toBe('keys and values must have the same number of items');
  });

  test('keys without values is a mismatch too', () => {
    expect(err("{assign_array var=a values='' keys='k'}").code).toBe('PLUGIN_ERROR');
  });
});

describe('assign_array_diff and assign_array_intersect', () => {
  const data = '{"a":{"x":1,"y":2,"z":3},"b":{"x":"1","w":5}}';
  test.each([
    ['{assign_array_diff var=r array1=$a array2=$b}{$r|@json_encode}', '{"y":2,"z":3}'],
    ['{assign_array_diff var=r array1=$a array2=$b diff_mode=key}{$r|@json_encode}', '{"y":2,"z":3}'],
    ['{assign_array_diff var=r array1=$b array2=$a diff_mode=key}{$r|@json_encode}', '{"w":5}'],
    ['{assign_array_diff var=r array1=$a array2=$u}{$r|@json_encode}', '{"x":1,"y":2,"z":3}'],
    ['{assign_array_intersect var=r array1=$a array2=$b}{$r|@json_encode}', '{"x":1}'],
    ['{assign_array_intersect var=r array1=$a array2=$b intersect_mode=assoc}{$r|@json_encode}', '{"x":1}'],
    ['{assign_array_intersect var=r array1=$a array2=$b intersect_mode=key}{$r|@json_encode}', '{"x":1}'],
    ['{assign_array_intersect var=r array1=$b array2=$a intersect_mode=key}{$r|@json_encode}', '{"x":"1"}'],
    ['{assign_array_intersect var=r array1=$a array2=$u}{$r|@json_encode}', '[]'],
  ])('%s', (tpl, expected) => {
    expect(out(tpl, data)).toBe(expected);
  });

  test('values are compared as strings: 1, "1" and 1.0 are equal, "01" is not', () => {
    expect(
      out(
        '{assign_array_diff var=r array1=$a array2=$b}{$r|@json_encode}',
        '{"a":[1,"1","01",1.0,2],"b":["1"]}',
      ),
    ).toBe('{"2":"01","4":2}');
    expect(
      out(
        '{assign_array_intersect var=r array1=$a array2=$b intersect_mode=assoc}{$r|@json_encode}',
        '{"a":[1,2],"b":["1","3"]}',
      ),
    ).toBe('[1]');
  });

  test('an unknown mode is normal; a value that is not an array is cast to one', () => {
    expect(
      out(
        '{assign_array_diff var=r array1=$a array2=$b diff_mode=value}{$r|@json_encode}',
        '{"a":{"x":1,"y":2},"b":{"x":2}}',
      ),
    ).toBe('{"x":1}');
    expect(out('{assign_array_intersect var=r array1="x" array2=$a}{$r|@json_encode}', '{"a":["x"]}')).toBe(
      '["x"]',
    );
    expect(out('{assign_array_diff var=r array1=$a array2=2}{$r|@json_encode}', '{"a":[1,2]}')).toBe('[1]');
    expect(out('{assign_array_intersect var=r array1=yes array2=$n}{$r|@json_encode}', '{"n":null}')).toBe(
      '[]',
    );
  });
});

describe('assign_array_set', () => {
  test.each([
    [
      "{assign_array_set var=r from=$a key='b' value=20}{$r|@json_encode} {$a|@json_encode}",
      '{"a":{"a":1,"b":2}}',
      '{"a":1,"b":20} {"a":1,"b":2}',
    ],
    ["{assign_array_set var=r from=$a value='z'}{$r|@json_encode}", '{"a":["x"]}', '["x","z"]'],
    ["{assign_array_set var=r from=$u key='k' value=1}{$r|@json_encode}", '{}', '{"k":1}'],
    ["{assign_array_set var=r from=$a key='k'}{$r|@json_encode}", '{"a":[]}', '{"k":null}'],
    ['{assign_array_set var=a from=$a key=0 value=$a}{$a|@json_encode}', '{"a":[1]}', '[[1]]'],
  ])('%s with %s', (tpl, json, expected) => {
    expect(out(tpl, json)).toBe(expected);
  });

  test('results never share arrays with their sources', () => {
    expect(
      out(
        '{assign_array_set var=r from=$e key=k value=$v}{assign var="v.0" value=9}{$r.k.0}',
        '{"v":[1],"e":[]}',
      ),
    ).toBe('1');
    expect(
      out(
        '{assign_array_diff var=r array1=$a array2=$e}{assign var="r.0.0" value=9}{$a.0.0}',
        '{"a":[[1]],"e":[]}',
      ),
    ).toBe('1');
    expect(
      out(
        '{assign_array_intersect var=r array1=$a array2=$a}{assign var="a.0.0" value=9}{$r.0.0}',
        '{"a":[[1]]}',
      ),
    ).toBe('1');
  });
});
