import { describe, expect, it } from 'vitest';
import { tokenize } from '../src/index';

function show(src: string): string[] {
  return tokenize(src).map((t) => `${t.type}:${src.slice(t.start, t.end)}`);
}

describe('tokenize', () => {
  it('splits a print tag', () => {
    expect(show('a{$x.y|default:"z":1}b')).toEqual([
      'text:a',
      'ldelim:{',
      'variable:$x.y',
      'modifierBar:|',
      'modifierName:default',
      'modifierColon::',
      'string:"z"',
      'modifierColon::',
      'number:1',
      'rdelim:}',
      'text:b',
    ]);
  });

  it('splits function tags, attributes and closing tags', () => {
    expect(show('{foreach from=$a item=v}{/foreach}')).toEqual([
      'ldelim:{',
      'tagName:foreach',
      'whitespace: ',
      'attrName:from',
      'equals:=',
      'variable:$a',
      'whitespace: ',
      'attrName:item',
      'equals:=',
      'string:v',
      'rdelim:}',
      'ldelim:{',
      'closeTagName:/foreach',
      'rdelim:}',
    ]);
  });

  it('splits conditions', () => {
    expect(show('{if !$a eq 1 and is_null($b)}')).toEqual([
      'ldelim:{',
      'tagName:if',
      'whitespace: ',
      'operator:!',
      'variable:$a',
      'whitespace: ',
      'operator:eq',
      'whitespace: ',
      'number:1',
      'whitespace: ',
      'operator:and',
      'whitespace: ',
      'word:is_null',
      'operator:(',
      'variable:$b',
      'operator:)',
      'rdelim:}',
    ]);
  });

  it('covers comments, literal blocks and invalid tags', () => {
    expect(show('{* c *}{ literal }{x}{/literal}{5+3}')).toEqual([
      'comment:{* c *}',
      'ldelim:{',
      'whitespace: ',
      'tagName:literal',
      'whitespace: ',
      'rdelim:}',
      'literalBody:{x}',
      'ldelim:{',
      'closeTagName:/literal',
      'rdelim:}',
      'ldelim:{',
      'invalid:5+3',
      'rdelim:}',
    ]);
  });

  it('marks the ignored part of a variable tag', () => {
    expect(show('{ $a + 1 }')).toEqual([
      'ldelim:{',
      'whitespace: ',
      'variable:$a',
      'whitespace: ',
      'invalid:+ 1',
      'whitespace: ',
      'rdelim:}',
    ]);
  });

  it('is lossless', () => {
    const src = 'x{if $a}\n{$b|f:"q `$c` r"}{else if}{/if} {"unterminated}{$x->_p}{ldelim}{php}1{/php}';
    expect(
      tokenize(src)
        .map((t) => src.slice(t.start, t.end))
        .join(''),
    ).toBe(src);
  });
});
