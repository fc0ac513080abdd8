/**
 * Metadata of the tags the compiler handles itself. Codegen lives in
 * `tags/`; these definitions exist so the reference, the CLI and editors
 * describe core tags from the same kind of data as plugins.
 */
import type { PluginGroup } from '../plugin/groups';
import { type CompilerTagDef, definePlugin } from '../plugin/types';

const core = (def: Omit<CompilerTagDef, 'kind' | 'group'> & { group?: PluginGroup }): CompilerTagDef =>
  definePlugin({ kind: 'compiler', group: 'Core tags', ...def });

export const coreTagDefs: readonly CompilerTagDef[] = [
  core({
    name: 'foreach',
    block: true,
    description:
      'Loops over an array. `{foreachelse}` runs when it is empty. With `name`, `$smarty.foreach.NAME.index/iteration/first/last/show/total` describe the loop. A scalar `from` loops once; item and key stay set after the loop.',
    attributes: {
      from: { type: 'array', required: true, description: 'the array to loop over' },
      item: {
        type: 'varname',
        required: true,
        description: 'variable receiving each value (a literal name: item=v)',
      },
      key: { type: 'varname', description: 'variable receiving each key (a literal name)' },
      name: { type: 'string', description: 'loop name for $smarty.foreach.NAME' },
    },
    examples: [
      {
        template: '{foreach from=$a item=v name=n}{$smarty.foreach.n.iteration}:{$v} {/foreach}',
        data: { a: ['x', 'y'] },
        output: '1:x 2:y ',
      },
    ],
  }),
  core({
    name: 'section',
    block: true,
    description:
      'Loops over indexes: `$list[NAME]` is the current element. `{sectionelse}` runs when nothing is shown. `$smarty.section.NAME.index/index_prev/index_next/iteration/rownum/first/last/total/loop/show`.',
    attributes: {
      name: { type: 'string', required: true, description: 'section name' },
      loop: { type: 'mixed', required: true, description: 'an array (its count) or a number of iterations' },
      start: { type: 'integer', default: 0, description: 'first index; negative counts from the end' },
      step: { type: 'integer', default: 1, description: 'index step; negative loops backwards; 0 means 1' },
      max: { type: 'integer', description: 'at most this many iterations' },
      show: { type: 'boolean', default: true, description: 'false runs {sectionelse} instead' },
    },
    examples: [
      {
        template: '{section name=i loop=$a step=-1}{$a[i]}{/section}',
        data: { a: ['a', 'b', 'c'] },
        output: 'cba',
      },
    ],
  }),
  core({
    name: 'if',
    block: true,
    description:
      'Conditions with `{elseif}` and `{else}`. Operators: == != === !== > < >= <= eq ne neq gt lt gte ge lte le mod not and or && || ! %, `is [not] even/odd [by N]`, `is [not] div by N`, parentheses. Only is_null, count, is_array, in_array, isset and is_object may be called.',
    attributes: {},
    examples: [{ template: '{if $n is even}even{else}odd{/if}', data: { n: 4 }, output: 'even' }],
  }),
  core({
    name: 'assign',
    description:
      'Sets a variable. `var="a.b.c"` creates nested keys and `var="list."` appends (CMS extensions). Without `value` nothing is assigned (with a warning).',
    attributes: {
      var: { type: 'varname', required: true, description: 'variable name, dotted paths allowed' },
      value: { type: 'mixed', description: 'the value' },
    },
    examples: [{ template: '{assign var="a.b" value=1}{$a|@json_encode}', output: '{"b":1}' }],
  }),
  core({
    name: 'capture',
    block: true,
    description:
      'Renders its body into `$smarty.capture.NAME` (default `default`), and optionally a variable (`assign`) or the end of a list (`append`).',
    attributes: {
      name: { type: 'string', default: 'default', description: 'capture name' },
      assign: { type: 'varname', description: 'also assign the text to this variable (dotted allowed)' },
      append: { type: 'varname', description: 'also append the text to this array variable' },
    },
    examples: [{ template: '{capture name=c}hi{/capture}[{$smarty.capture.c}]', output: '[hi]' }],
  }),
  core({
    name: 'strip',
    block: true,
    description:
      'Removes line breaks and the indentation around them from the template text inside (at compile time, as Smarty 2 does).',
    attributes: {},
    examples: [{ template: '{strip}\n<a>\n  x\n</a>\n{/strip}', output: '<a>x</a>' }],
  }),
  core({
    name: 'literal',
    block: true,
    description: 'Outputs its body without reading tags: use it around inline CSS and JavaScript.',
    attributes: {},
  }),
  core({ name: 'ldelim', description: 'Prints the left delimiter `{`.', attributes: {} }),
  core({ name: 'rdelim', description: 'Prints the right delimiter `}`.', attributes: {} }),
  core({
    name: 'break',
    description: 'Leaves the innermost {foreach} or {section} (CMS extension).',
    attributes: {},
  }),
  core({
    name: 'continue',
    description: 'Skips to the next iteration of the innermost {foreach} or {section} (CMS extension).',
    attributes: {},
  }),
  core({
    name: 'function',
    group: 'Calls and API access',
    description:
      'Calls a custom function (another registered template) in its own scope; every other attribute becomes one of its variables. It hands a value back with {return}.',
    attributes: {
      var: { type: 'varname', required: true, description: 'receives the returned value' },
      name: { type: 'string', description: 'function identifier' },
      id: { type: 'integer', description: 'function id' },
    },
  }),
  core({
    name: 'return',
    group: 'Calls and API access',
    description: 'Ends a custom function (or the run) and hands `value` back to the caller.',
    attributes: { value: { type: 'mixed', description: 'the value returned' } },
  }),
];

/** the attribute names a core tag declares (its compiler rejects others) */
export function coreAttributes(name: string): readonly string[] {
  const def = coreTagDefs.find((d) => d.name === name);
  return def ? Object.keys(def.attributes) : [];
}
