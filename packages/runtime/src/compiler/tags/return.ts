/**
 * `{return value=...}`: ends a custom function (function.ts) and hands the
 * value back; a bare `{return}` ends the run. It throws `rt.returnSignal`,
 * caught by the call or the top-level render.
 */
import type { TagNode } from '@sumi/parser';
import { compileExpr } from '../expressions';
import type { CodegenState, CoreTag } from '../state';
import { attr } from './attrs';
import { coreTagDef } from './define';

// (no `writes`: a body with {return} counts as writing anything, which costs nothing worth keeping)
export const returnTag: CoreTag = {
  def: coreTagDef('return', {
    group: 'Calls and API access',
    description: 'Ends a custom function (or the run) and hands `value` back to the caller.',
    attributes: { value: { type: 'mixed', description: 'the value returned' } },
  }),
  compileTag: compileReturn,
};

function compileReturn(st: CodegenState, n: TagNode): string {
  const v = attr(n, 'value');
  const pos = st.position(n.span);
  return `p = ${pos}; throw rt.returnSignal(${v ? `own(${compileExpr(st, v.value)})` : 'undefined'});\n`;
}
