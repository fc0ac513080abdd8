/**
 * PHP 8.2's rules where a template reads into, tests, writes into or passes by reference a value
 * that is not an array: the differential cases (differential/string_offset_read,
 * dotted_assign_into_scalar) pin down the reference's behaviour; these check the codes, messages
 * and positions Sumi gives. By-reference modifiers: @sumi/modifiers' by-reference.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { render, renderError } from './helpers';

const failure = (source: string, json = '{}') => {
  const e = renderError(source, json);
  return `${e.code} ${e.message} @${e.line}:${e.column}`;
};

describe('reading an offset of a string', () => {
  test('integer keys read bytes; out of range is the empty string', () => {
    expect(render('[{$s.0}][{$s.01}][{$s.1x}][{$s.$k}][{$s.9}]', '{"s":"abc","k":"-1"}')).toBe(
      '[a][b][b][c][]',
    );
    expect(render('{if $s.9 === ""}empty{/if}', '{"s":"abc"}')).toBe('empty');
  });
  test("a non-integer key is PHP's TypeError, at the tag", () => {
    expect(failure('ok\n {$s.x}', '{"s":"abc"}')).toBe(
      'TYPE_ERROR TypeError: Cannot access offset of type string on string @2:2',
    );
    expect(failure('{$s.$k}', '{"s":"abc","k":"1.5"}')).toBe(
      'TYPE_ERROR TypeError: Cannot access offset of type string on string @1:1',
    );
    expect(failure('{$s.$k}', '{"s":"abc","k":[1]}')).toBe(
      'TYPE_ERROR TypeError: Cannot access offset of type array on string @1:1',
    );
  });
  test('other scalars read as null', () => {
    expect(render('[{$n.x}][{$t.x}][{$z.x.y}]', '{"n":5,"t":true,"z":null}')).toBe('[][][]');
  });
  test('isset() never throws on a string and wants an integer key', () => {
    expect(
      render(
        '{if isset($s.x)}1{/if}{if isset($s.0)}2{/if}{if isset($s.1x)}3{/if}{if isset($s.9)}4{/if}{if isset($a.b.c)}5{/if}',
        '{"s":"abc","a":{"b":"xyz"}}',
      ),
    ).toBe('2');
  });
  test('an array key is illegal, in isset() too', () => {
    expect(failure('{$a.$k}', '{"a":{"1":2},"k":[1]}')).toBe(
      'TYPE_ERROR TypeError: Illegal offset type @1:1',
    );
    expect(failure('{if isset($a.$k)}y{/if}', '{"a":{"1":2},"k":[1]}')).toBe(
      'TYPE_ERROR TypeError: Illegal offset type in isset or empty @1:1',
    );
  });
  test('isset() refuses what Smarty compiles to an expression', () => {
    for (const v of ['$smarty.now', '$smarty.const.E_ALL', '$smarty.version', '$smarty.foreach.f.index']) {
      expect(renderError(`{if isset(${v})}y{/if}`).code).toBe('IF_SYNTAX');
    }
    expect(render('{if isset($smarty.foreach.f.total)}y{else}n{/if}')).toBe('n');
  });
});

describe('dotted assignment into a scalar', () => {
  test('null, false and unset variables become arrays', () => {
    expect(
      render('{assign var="f.a" value=1}{assign var="u.b.c" value=2}{$f.a}{$u.b.c}', '{"f":false}'),
    ).toBe('12');
  });
  test("other scalars are PHP's Error, for every way of assigning", () => {
    const scalar = 'PHP_ERROR Error: Cannot use a scalar value as an array @1:1';
    expect(failure('{assign var="n.a" value=1}', '{"n":5}')).toBe(scalar);
    expect(failure('{assign var="n." value=1}', '{"n":true}')).toBe(scalar);
    expect(failure('{capture assign="n.a"}x{/capture}', '{"n":1.5}')).toBe(scalar);
    expect(failure('{append var="n.a" value=1}', '{"n":5}')).toBe(scalar);
    expect(failure('{counter assign="n.a"}', '{"n":5}')).toBe(scalar);
  });
  test('strings refuse keys, [] and references to their bytes', () => {
    expect(failure('{assign var="n.a" value=1}', '{"n":""}')).toBe(
      'TYPE_ERROR TypeError: Cannot access offset of type string on string @1:1',
    );
    expect(failure('{assign var="n.0" value=1}', '{"n":"abc"}')).toBe(
      'PHP_ERROR Error: Cannot create references to/from string offsets @1:1',
    );
    expect(failure('{assign var="n." value=1}', '{"n":"abc"}')).toBe(
      'PHP_ERROR Error: [] operator not supported for strings @1:1',
    );
  });
  test('an empty part in the middle is the key ""', () => {
    expect(render('{assign var="a..b" value=1}{foreach from=$a key=k item=v}[{$k}]{$v.b}{/foreach}')).toBe(
      '[]1',
    );
  });
});
