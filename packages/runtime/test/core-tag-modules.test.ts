import { CORE_TAGS, type CoreTagName, FOREACH_PROPS, SECTION_PROPS } from '@sumi/parser';
import { describe, expect, test } from 'vitest';
import { coreTags } from '../src/compiler/tags';
import { createEngine } from '../src/index';

describe('core tag modules', () => {
  test('every core tag the parser knows has a module compiling the node the parser makes of it', () => {
    expect([...coreTags.keys()]).toEqual(Object.keys(CORE_TAGS));
    for (const [name, tag] of coreTags) {
      const { node, block } = CORE_TAGS[name as CoreTagName];
      expect(tag.def.name).toBe(name);
      expect(tag.def.block ?? false).toBe(block);
      expect(
        [tag.compileTag && 'Tag', tag.compileBlock && 'Block', tag.compileIf && 'If'].filter(Boolean),
      ).toEqual(node === 'Text' ? [] : [node]);
    }
  });
});

describe('$smarty.ldelim and $smarty.rdelim', () => {
  test('print the engine delimiters, as {ldelim} and {rdelim} do', () => {
    const e = createEngine({ leftDelimiter: '<{', rightDelimiter: '}>' });
    expect(e.renderSync('<{$smarty.ldelim}>x<{$smarty.rdelim}>|<{ldelim}>x<{rdelim}>').output).toBe(
      '<{x}>|<{x}>',
    );
    expect(createEngine().renderSync('{$smarty.ldelim}x{$smarty.rdelim}|{ldelim}x{rdelim}').output).toBe(
      '{x}|{x}',
    );
  });
});

describe('loop tables', () => {
  test('a whole loop table reads as an array of its stored properties, in table order', () => {
    const e = createEngine();
    const out = e.renderSync(
      '{foreach from=$a item=v name=n}{/foreach}{foreach from=$smarty.foreach.n key=k item=x}{$k}={$x} {/foreach}|' +
        '{section name=s loop=$a}{/section}{foreach from=$smarty.section.s key=k item=x}{$k} {/foreach}',
      { a: [1, 2] },
    ).output;
    const stored = (t: Record<string, { stored?: true }>) => Object.keys(t).filter((k) => t[k]?.stored);
    expect(out).toBe(
      `${stored(FOREACH_PROPS)
        .map((k) => `${k}=2 `)
        .join('')}|${stored(SECTION_PROPS)
        .map((k) => `${k} `)
        .join('')}`,
    );
  });

  test('a section entry is keyed in attribute order and holds the loop keys only once it ran', () => {
    const e = createEngine();
    const dump = '{foreach from=$smarty.section.s key=k item=x}{$k}={$x} {/foreach}';
    expect(e.renderSync(`{section loop=$a name=s max=5}{/section}${dump}`, { a: [1, 2] }).output).toBe(
      'loop=2 name=s max=5 show=1 step=1 start=0 total=2 index=2 iteration=3 rownum=2 index_prev=0 index_next=2 first= last=1 ',
    );
    expect(e.renderSync(`{section name=s loop=$a}{/section}${dump}`, { a: [] }).output).toBe(
      'name=s loop=0 show= max=0 step=1 start=0 total=0 ',
    );
  });
});
