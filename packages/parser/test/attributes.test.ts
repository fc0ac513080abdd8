import { describe, expect, it } from 'vitest';
import { parse } from '../src/index';
import { codes, diags, errors, tree } from './helpers';
import { showAttrs } from './show';

function attrs(tag: string): string {
  const n = parse(tag).ast.body[0];
  if (!n || (n.type !== 'Tag' && n.type !== 'Block')) throw new Error(`no tag in ${tag}`);
  return showAttrs(n.attrs);
}

describe('attribute values (Smarty _parse_attrs + _parse_var_props)', () => {
  it('types bare words as the reference does', () => {
    expect(attrs('{f a=yes b=on c=true d=off e=no g=false h=null}')).toBe(
      'a=true b=true c=true d=false e=false g=false h=null',
    );
    expect(attrs('{f a=TRUE b=Null}')).toBe('a=bare("TRUE") b=bare("Null")');
    expect(attrs('{f a=1.50 b=007 c=1e3 d=-3 e=0x1A f=foo.bar g=[1,2] h=12abc}')).toBe(
      'a=1.5f b=7 c=1000f d=-3 e=bare("0x1A") f=bare("foo.bar") g=bare("[1,2]") h=bare("12abc")',
    );
    expect(attrs('{f a="yes" b=\'1\'}')).toBe('a="yes" b="1"');
  });

  it('reads variables, modifiers and interpolation', () => {
    expect(attrs('{f a=$x b=$x.y|default:"z" c=$a+1 d="n=`$a*2`" e=5|abs f="s"|upper}')).toBe(
      'a=$x b=$x.y|default:"z" c=(+ $a 1) d=interp("n=" (* $a 2)) e=5|abs f="s"|upper',
    );
    expect(attrs('{f a=x$y}')).toBe('a=interp("x" $y)');
    expect(attrs('{f from=$a item=$v}')).toBe('from=$a item=$v');
  });

  it('allows spaces around = and quoted spaces', () => {
    expect(attrs('{f a = "b c"  d=\n e}')).toBe('a="b c" d=bare("e")');
  });

  it('has exact spans', () => {
    const src = '{f name="x" value=$y|upper}';
    const n = parse(src).ast.body[0];
    if (n.type !== 'Tag') throw new Error();
    expect(n.attrs.map((a) => src.slice(a.span.start, a.span.end))).toEqual(['name="x"', 'value=$y|upper']);
    expect(n.attrs.map((a) => src.slice(a.nameSpan.start, a.nameSpan.end))).toEqual(['name', 'value']);
    expect(src.slice(n.nameSpan.start, n.nameSpan.end)).toBe('f');
  });

  it('reports bad attribute syntax with Smarty messages', () => {
    expect(errors('{f $m}')).toEqual(["INVALID_ATTRIBUTE: invalid attribute name: '$m'"]);
    expect(errors('{f a}')).toEqual(["ATTRIBUTE_EXPECTING_EQUALS: expecting '=' after attribute name 'a'"]);
    expect(errors('{f a=}')).toEqual(['MISSING_ATTRIBUTE_VALUE: missing attribute value']);
    expect(errors('{f a==b}')).toEqual(["EQUALS_AS_VALUE: '=' cannot be an attribute value"]);
  });

  it('warns where Smarty silently does something odd', () => {
    expect(codes('{f a="b}')).toEqual(['UNTERMINATED_QUOTE']);
    expect(attrs('{f a="b}')).toBe('a=bare("b")');
    expect(codes('{f a=1 a=2}')).toEqual(['DUPLICATE_ATTRIBUTE']);
    expect(attrs('{f a=1 b=0 a=2}')).toBe('a=2 b=0');
    expect(codes('{assign var=a value=[1,2]}')).toEqual(['ARRAY_LITERAL_IS_STRING']);
  });

  it('names the Smarty 2 form for {foreach $a as $k => $v}', () => {
    const d = diags('{foreach $m as $k => $v}{$k}={$v}{/foreach}');
    expect(d.map((x) => [x.code, x.message])).toEqual([['SMARTY3_FORM', "invalid attribute name: '$m'"]]);
    expect(d[0].hint).toContain('{foreach from=$m key=k item=v}');
    expect(tree('{foreach $m as $v}x{/foreach}')).toBe('{foreach}["x"]');
  });
});
