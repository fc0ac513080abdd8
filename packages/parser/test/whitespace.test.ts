import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Node, parse } from '../src/index';

/** All text values in document order (ignoring which branch they belong to). */
function texts(nodes: Node[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.type === 'Text') out.push(n.value);
    else if (n.type === 'Block') {
      texts(n.body, out);
      if (n.alt) texts(n.alt, out);
    } else if (n.type === 'If') {
      for (const b of n.branches) texts(b.body, out);
      if (n.alternate) texts(n.alternate, out);
    }
  }
  return out;
}

const t = (src: string) => texts(parse(src).ast.body);
const conformance = (name: string) =>
  readFileSync(new URL(`../../../conformance/${name}.tpl`, import.meta.url), 'utf8');

describe('the newline after a tag', () => {
  it('after a comment is dropped by Smarty, and PHP still eats one after the code tag before it', () => {
    expect(t('{assign var=x value=1}{* c *}\n\nX')).toEqual(['X']);
    expect(t('{assign var=x value=1}{* c *}{* d *}\r\n\r\nX')).toEqual(['X']);
    // the first text that is not emptied takes PHP's eating, newline or not
    expect(t('{assign var=x value=1}{* c *}\n\n{* d *}\n\nX')).toEqual(['\nX']);
    expect(t('{assign var=x value=1}{* c *}Y{* d *}\n\nX')).toEqual(['Y', '\nX']);
    // {assign} without value compiles to nothing, like a comment
    expect(t('{if 1}{assign var=x}\n\nX{/if}')).toEqual(['X']);
    expect(t('{* c *}\n\nX')).toEqual(['\nX']);
  });

  it('is removed after non-printing tags', () => {
    for (const tag of [
      '{* c *}',
      '{if $a}',
      '{/if}',
      '{else}',
      '{elseif $b}',
      '{foreach from=$a item=v}',
      '{/foreach}',
      '{foreachelse}',
      '{section name=i loop=1}',
      '{/section}',
      '{capture}',
      '{/capture}',
      '{assign var=a value=1}',
      '{textformat}',
      '{/textformat}',
      '{strip}{/strip}{strip}',
    ]) {
      expect(t(`x${tag}\ny`).join('|'), tag).toBe('x|y');
    }
  });

  it('is kept after printing tags, function tags, {ldelim} and {/literal}', () => {
    expect(t('{$a}\nb')).toEqual(['\nb']);
    expect(t('{"s"}\nb')).toEqual(['\nb']);
    expect(t('{counter}\nb')).toEqual(['\nb']);
    expect(t('{append var=a value=1}\nb')).toEqual(['\nb']);
    expect(t('{ldelim}\nb')).toEqual(['{', '\nb']);
    expect(t('{literal}a{/literal}\nb')).toEqual(['a', '\nb']);
  });

  it('handles \\r\\n and \\r, and only one newline', () => {
    expect(t('{if $a}\r\nx{/if}')).toEqual(['x']);
    expect(t('{if $a}\rx{/if}')).toEqual(['x']);
    expect(t('{if $a}\n\nx{/if}')).toEqual(['\nx']);
    expect(t('{if $a}  \nx{/if}')).toEqual(['  \nx']);
  });

  it('drops one final \\n of the template', () => {
    expect(t('a\n')).toEqual(['a']);
    expect(t('a\n\n')).toEqual(['a\n']);
    expect(t('a\r\n')).toEqual(['a\r']);
    expect(t('{$x}\n')).toEqual([]);
  });

  it('matches the conformance whitespace cases', () => {
    expect(t(conformance('syntax/ws_after_block_tags'))).toEqual([
      'inside\n',
      'after\n',
      'item ',
      '\n',
      'done',
    ]);
    expect(t(conformance('syntax/ws_crlf'))).toEqual(['line1\r\n', '\r\nline2\r']);
    expect(t(conformance('syntax/ws_indented_tags'))).toEqual(['<ul>\n  ', '  <li>', '</li>\n  ', '</ul>']);
    expect(t(conformance('syntax/ws_spaces_before_newline'))).toEqual(['   \na\n', '\t\nb']);
    expect(t(conformance('foreach/whitespace_in_loop'))).toEqual([
      '<ul>\n',
      '  <li>',
      '</li>\n',
      '  <li>none</li>\n',
      '</ul>',
    ]);
    expect(t(conformance('extensions/real_csv_row_building'))).toEqual(['  ', '  ', '\n  ', '\n  ', '\n']);
  });
});

describe('{strip}', () => {
  it('trims the text between tags', () => {
    expect(t('{strip}\n  <a>\n    {$x}  \n  </a>\n{/strip}')).toEqual(['<a>', '</a>']);
    expect(t('{strip}a  b\tc{/strip}')).toEqual(['a  b\tc']);
    expect(t('{strip} a \n\n b \r\n c {/strip}')).toEqual(['abc']);
  });

  it('leaves tag output and literal blocks alone', () => {
    expect(t('{strip}\n{literal} a \n b {/literal}\n{/strip}')).toEqual([' a \n b ']);
    expect(t('{strip}\n{ldelim}\n{/strip}')).toEqual(['{']);
  });

  it('keeps the newline after the outermost {/strip}', () => {
    expect(t('{strip}a{/strip}\nb')).toEqual(['a', '\nb']);
    expect(t('{strip}a{strip}b{/strip}\nc{/strip}\nd')).toEqual(['a', 'b', 'c', '\nd']);
  });

  it('keeps a Block node named strip', () => {
    const n = parse('{strip} x {/strip}').ast.body[0];
    expect(n.type === 'Block' && n.name).toBe('strip');
  });
});
