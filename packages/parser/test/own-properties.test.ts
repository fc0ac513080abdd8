/**
 * The parser's fixed tables (core tags, `$smarty` variables and loop properties, {if} functions,
 * operator precedence, string escapes) answer with their own entries only: names that
 * Object.prototype has are unknown names, reported like any other, never a JS function.
 */
import { describe, expect, it } from 'vitest';
import { CORE_TAGS, isSmartyVar, parse } from '../src/index';

const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

const errors = (src: string) => parse(src).diagnostics.filter((d) => d.severity === 'error');

describe.each(PROTO_NAMES)('%s', (name) => {
  it('is not a core tag or a $smarty variable', () => {
    expect(Object.hasOwn(CORE_TAGS, name)).toBe(false);
    expect(isSmartyVar(name)).toBe(false);
    const [d] = errors(`{$smarty.${name}}`);
    expect(d?.code).toBe('UNKNOWN_SMARTY_VAR');
    expect(d?.message).not.toContain('native code');
  });

  it('is a plain unknown function in {if}, with the list of allowed ones as the hint', () => {
    const [d] = errors(`{if ${name}(1)}x{/if}`);
    expect(d?.code).toBe('IF_FUNCTION_NOT_ALLOWED');
    expect(d?.message).toBe(`(secure mode) '${name}' not allowed in if statement`);
    // not "true, false and null are allowed in lower case only": that is for `TRUE`, `Null`, ...
    expect(d?.hint).toBe(
      'allowed in {if}: is_null, count, is_array, in_array, isset, is_object, true, false, null',
    );
  });

  it('is an ordinary key as a foreach or section property', () => {
    expect(errors(`{foreach from=$a item=v name=n}{/foreach}{$smarty.foreach.n.${name}}`)).toEqual([]);
    expect(errors(`{section name=s loop=3}{/section}{$smarty.section.s.${name}}`)).toEqual([]);
  });
});

describe('case variants of true/false/null keep their hint', () => {
  it.each(['TRUE', 'False', 'NULL'])('%s', (word) => {
    const [d] = errors(`{if ${word}}x{/if}`);
    expect(d?.hint).toBe('true, false and null are allowed in lower case only');
  });
});

describe('string escapes', () => {
  it('a backslash before any other character stays as written', () => {
    const { ast } = parse('{assign var=x value="\\c\\o\\n\\s\\t"}');
    const node = ast.body[0] as unknown as { attrs: { name: string; value: { value: string } }[] };
    expect(node.attrs.find((a) => a.name === 'value')?.value.value).toBe('\\c\\o\n\\s\t');
  });
});
