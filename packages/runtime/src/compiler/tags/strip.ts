/** `{strip}...{/strip}`: the parser has already stripped the text inside; the body compiles as is. */
import type { BlockNode } from '@sumi/parser';
import { compileNodes } from '../codegen';
import type { CodegenState, CoreTag } from '../state';
import { coreTagDef } from './define';

export const stripTag: CoreTag = {
  def: coreTagDef('strip', {
    description:
      'Removes line breaks and the indentation around them from the template text inside (at compile time, as Smarty 2 does).',
    attributes: {},
    examples: [{ template: '{strip}\n<a>\n  x\n</a>\n{/strip}', output: '<a>x</a>' }],
  }),
  writes: [],
  compileBlock: (st: CodegenState, n: BlockNode) => compileNodes(st, n.body),
};
