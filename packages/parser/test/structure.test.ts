import { describe, expect, it } from 'vitest';
import { parse } from '../src/index';
import { codes, diags, errors, tree } from './helpers';

describe('blocks and branches', () => {
  it('builds if/elseif/else', () => {
    expect(tree('{if $a}A{elseif $b}B{elseif $c}C{else}D{/if}')).toBe(
      '{if $a: ["A"] elseif $b: ["B"] elseif $c: ["C"] else ["D"]}',
    );
  });

  it('builds foreach/foreachelse, section/sectionelse, capture, nested', () => {
    expect(tree('{foreach from=$a item=v key=k name=n}{$v}{foreachelse}none{/foreach}')).toBe(
      '{foreach from=$a item=bare("v") key=bare("k") name=bare("n")}[{$v}]else["none"]',
    );
    expect(tree('{section name=i loop=$a}{$a[i]}{sectionelse}-{/section}')).toBe(
      '{section name=bare("i") loop=$a}[{$a[section i.index]}]else["-"]',
    );
    expect(tree('{capture name=c}{foreach from=$l item=x}{if $x}{$x}{/if}{/foreach}{/capture}')).toBe(
      '{capture name=bare("c")}[{foreach from=$l item=bare("x")}[{if $x: [{$x}]}]]',
    );
  });

  it('knows textformat and the block tags it is given', () => {
    expect(tree('{textformat wrap=10}abc{/textformat}')).toBe('{textformat wrap=10}["abc"]');
    expect(
      tree('{read_dir path="/files/user" file_var=f}{$f.path}{/read_dir}', { blockTags: ['read_dir'] }),
    ).toBe('{read_dir path="/files/user" file_var=bare("f")}[{$f.path}]');
    expect(errors('{read_dir}x{/read_dir}')).toEqual(["UNKNOWN_TAG: unrecognized tag '/read_dir'"]);
  });

  it('keeps modifiers written on a closing block tag', () => {
    const n = parse('{textformat}a{/textformat|upper}').ast.body[0];
    if (n.type !== 'Block') throw new Error();
    expect(n.closeModifiers?.map((m) => m.name)).toEqual(['upper']);
  });

  it('gives function tags, assign and break as Tag nodes', () => {
    expect(tree('{foreach from=$a item=v}{if $v}{break}{/if}{continue}{/foreach}')).toBe(
      '{foreach from=$a item=bare("v")}[{if $v: [{break}]} {continue}]',
    );
    expect(tree('{assign var=x value=1}{counter start=5}{true}{nosuchtag foo=1}')).toBe(
      '{assign var=bare("x") value=1} {counter start=5} {true} {nosuchtag foo=1}',
    );
  });

  it('has exact spans for blocks', () => {
    const src = 'a{foreach from=$l item=v}x{foreachelse}y{/foreach}b';
    const n = parse(src).ast.body[1];
    if (n.type !== 'Block') throw new Error();
    const cut = (s: { start: number; end: number } | null) => (s ? src.slice(s.start, s.end) : null);
    expect(cut(n.openSpan)).toBe('{foreach from=$l item=v}');
    expect(cut(n.altSpan)).toBe('{foreachelse}');
    expect(cut(n.closeSpan)).toBe('{/foreach}');
    expect(cut(n.span)).toBe('{foreach from=$l item=v}x{foreachelse}y{/foreach}');
    expect(cut(n.nameSpan)).toBe('foreach');
  });

  it('turns {ldelim}, {rdelim} and {literal} into text', () => {
    expect(tree('{ldelim}$x{rdelim} {literal}{a}{/literal}{ literal }b{ /literal }')).toBe(
      'ldelim("{") "$x" rdelim("}") " " literal("{a}") literal("b")',
    );
  });

  it('keeps comments, including a `{*}` tag', () => {
    expect(tree('a{* x } y *}b{**}c')).toBe('"a" comment "b" comment "c"');
    // no `*}` follows, so `{*}` is an ordinary tag whose content starts and ends with `*`
    expect(tree('a{*}b')).toBe('"a" comment "b"');
    // the first `*}` ends a comment, even one that started as `{*}`
    expect(tree('{*}c{**}d')).toBe('comment "d"');
  });

  it('reads {else if} as a plain else, with a warning', () => {
    expect(tree('{if $a}A{else if $b}B{/if}')).toBe('{if $a: ["A"] else ["B"]}');
    expect(codes('{if $a}A{else if $b}B{/if}')).toEqual(['ELSE_IF_IS_ELSE']);
  });
});

describe('structure errors, Smarty-worded, with recovery', () => {
  it('reports mismatched and stray closing tags', () => {
    expect(errors('{if true}{/foreach}')[0]).toBe(
      'MISMATCHED_TAG: mismatched tag {/foreach}. expected {/if} (opened line 1).',
    );
    expect(errors('text{/if}')).toEqual(['MISMATCHED_TAG: mismatched tag {/if}.']);
  });

  it('reports unclosed tags with their line', () => {
    expect(errors('\n{foreach from=$a item=v}{$v}')).toEqual([
      'UNCLOSED_TAG: unclosed tag {foreach} (opened line 2).',
    ]);
    expect(errors('{strip}abc')).toEqual(['UNCLOSED_TAG: unclosed tag {strip} (opened line 1).']);
    expect(errors('{literal}abc')).toEqual(['UNCLOSED_TAG: unclosed tag {literal} (opened line 1).']);
  });

  it('reports misplaced else branches', () => {
    expect(errors('{else}')).toEqual(['UNEXPECTED_TAG: unexpected {else}']);
    expect(errors('{elseif $a}')).toEqual(['UNEXPECTED_TAG: unexpected {elseif}']);
    expect(errors('{if $a}{else}{else}{/if}')).toEqual(['UNEXPECTED_TAG: unexpected {else}']);
    expect(errors('{if $a}{else}{elseif $b}{/if}')).toEqual(['UNEXPECTED_TAG: unexpected {elseif}']);
    expect(errors('{sectionelse}')).toEqual(['UNEXPECTED_TAG: unexpected {sectionelse}']);
    expect(errors('{foreach from=$a item=v}{sectionelse}{/foreach}')).toEqual([
      'UNEXPECTED_TAG: unexpected {sectionelse}',
    ]);
  });

  it('requires a loop around {break} and {continue}', () => {
    expect(errors('{break}')).toEqual(['BREAK_OUTSIDE_LOOP: {break} is not inside {foreach} or {section}']);
    expect(errors('{if $a}{continue}{/if}')).toEqual([
      'BREAK_OUTSIDE_LOOP: {continue} is not inside {foreach} or {section}',
    ]);
    expect(errors('{section name=i loop=3}{capture}{break}{/capture}{/section}')).toEqual([]);
  });

  it('rejects Smarty 3 tags once, with a hint', () => {
    for (const name of ['for', 'while', 'block']) {
      const d = diags(`{${name} x=1}body{/${name}}`);
      expect(d.map((x) => [x.code, x.message])).toEqual([['SMARTY3_FORM', `unrecognized tag '${name}'`]]);
      expect(d[0].hint).toBeTruthy();
    }
  });

  it('reads {function name=...} as the CMS call, and rejects the Smarty 3 definition at its {/function}', () => {
    expect(tree('{function name=calc var=r a=1}')).toBe('{function name=bare("calc") var=bare("r") a=1}');
    const d = diags('{function name=greet}Hi{/function}');
    expect(d.map((x) => [x.code, x.message])).toEqual([['SMARTY3_FORM', "unrecognized tag '/function'"]]);
  });

  it('rejects unrecognized tags with the CMS message and a hint', () => {
    const d = diags('<script>var o = { a: 1 };</script>');
    expect(d.map((x) => [x.code, x.message])).toEqual([['UNRECOGNIZED_TAG', 'unrecognized tag: a: 1']]);
    expect(d[0].hint).toContain('{literal}');
    expect(errors("{$s|regex_replace:'/\\d{4}/':'#'}")).toEqual([
      "UNRECOGNIZED_TAG: unrecognized tag: $s|regex_replace:'/\\d{4",
    ]);
    for (const t of ['5+3', '$a-(-1)', '$list[$i+1]', "$map['k']", '.5', '0x1A', '#conf#', '']) {
      expect(codes(`{${t}}`), t).toEqual(['UNRECOGNIZED_TAG']);
    }
    for (const t of ['$v@index', "($n > 1) ? 'a' : 'b'", '"x{$y', '[1,2]|count']) {
      expect(codes(`{${t}}`), t).toEqual(['SMARTY3_FORM']);
    }
  });

  it('rejects PHP', () => {
    expect(codes('{php}echo 1;{/php}')).toEqual(['PHP_TAG']);
    expect(codes('a <?php echo 1; ?> b')).toEqual(['PHP_TAG']);
    expect(codes('{literal}<?php{/literal}')).toEqual([]);
  });

  it('prints the variable and warns about what follows its first space', () => {
    expect(tree('{$a + $b}')).toBe('{$a}');
    expect(tree('{$x foo=1 bar}')).toBe('{$x}');
    const [d] = diags('{$x = 1}');
    expect([d.code, d.severity, d.message]).toEqual([
      'IGNORED_AFTER_SPACE',
      'warning',
      "everything after the first space of a variable tag is ignored: '= 1'",
    ]);
    expect(d.hint).toContain('{assign');
  });

  it('goes on after every error', () => {
    const r = parse('{5+3}a{if}b{/if}{$ok}{/foreach}{else}c');
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual([
      'UNRECOGNIZED_TAG',
      'IF_NO_ARGS',
      'MISMATCHED_TAG',
      'UNEXPECTED_TAG',
    ]);
    expect(tree('{5+3}a{if}b{/if}{$ok}{/foreach}{else}c')).toBe('"a" {if null: ["b"]} {$ok} "c"');
  });

  it('closes inner blocks when an outer one closes', () => {
    expect(tree('{foreach from=$a item=v}{if $v}x{/foreach}y')).toBe(
      '{foreach from=$a item=bare("v")}[{if $v: ["x"]}] "y"',
    );
    expect(codes('{foreach from=$a item=v}{if $v}x{/foreach}y')).toEqual(['MISMATCHED_TAG']);
  });
});

describe('names that are Object.prototype members', () => {
  it('are ordinary tag names, words and attributes', () => {
    expect(tree('{constructor a=1}{toString}{__proto__ x=y}{hasOwnProperty}')).toBe(
      '{constructor a=1} {toString} {__proto__ x=bare("y")} {hasOwnProperty}',
    );
    expect(errors('{/constructor}')).toEqual(["UNKNOWN_TAG: unrecognized tag '/constructor'"]);
    expect(errors('{if constructor}x{/if}')).toEqual([
      "IF_FUNCTION_NOT_ALLOWED: (secure mode) 'constructor' not allowed in if statement",
    ]);
    expect(tree('{f constructor=1 __proto__=2}')).toBe('{f constructor=1 __proto__=2}');
  });
});

describe('delimiters', () => {
  it('supports custom delimiters', () => {
    const o = { leftDelimiter: '<{', rightDelimiter: '}>' };
    expect(tree('{a} <{$x}> <{*c*}> <{ldelim}><{if $a}>y<{/if}>', o)).toBe(
      '"{a} " {$x} " " comment " " ldelim("<{") {if $a: ["y"]}',
    );
  });

  it('leaves a { without a } as text, and reads { $x } as a tag', () => {
    expect(tree('a { b')).toBe('"a { b"');
    expect(tree('{ $x }')).toBe('{$x}');
  });
});
