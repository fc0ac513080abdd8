/**
 * `{capture name=c assign=x append=list}...{/capture}`: renders the body
 * into a buffer, stores it as `$smarty.capture.c` (name defaults to
 * `default`; `rt.captureEnd`), and assigns or appends it (dotted names allowed).
 */
import type { BlockNode } from '@sumi/parser';
import { compileNodes } from '../codegen';
import { compileExpr } from '../expressions';
import type { CodegenState, CoreTag } from '../state';
import { attr, warnUnknownAttrs } from './attrs';
import { coreTagDef } from './define';

export const captureTag: CoreTag = {
  def: coreTagDef('capture', {
    description:
      'Renders its body into `$smarty.capture.NAME` (default `default`), and optionally a variable (`assign`) or the end of a list (`append`).',
    attributes: {
      name: { type: 'string', default: 'default', description: 'capture name' },
      assign: { type: 'varname', description: 'also assign the text to this variable (dotted allowed)' },
      append: { type: 'varname', description: 'also append the text to this array variable' },
    },
    examples: [{ template: '{capture name=c}hi{/capture}[{$smarty.capture.c}]', output: '[hi]' }],
  }),
  writes: ['assign', 'append'],
  compileBlock: compileCapture,
};

function compileCapture(st: CodegenState, n: BlockNode): string {
  // Smarty 2 ignores the attributes capture does not take
  warnUnknownAttrs(st, n, Object.keys(captureTag.def.attributes), (e) => compileExpr(st, e));
  const js = (k: string) => {
    const a = attr(n, k);
    return a ? `str(${compileExpr(st, a.value)})` : 'null';
  };
  const saved = st.id('c');
  const nameAttr = attr(n, 'name');
  const name = nameAttr ? `captureKey(${compileExpr(st, nameAttr.value)})` : '"default"';
  // a {break}/{continue} inside leaves the block early: the outer output comes back all the same
  const done = st.id('d');
  st.buffered++;
  const body = compileNodes(st, n.body);
  st.buffered--;
  return `{
const ${saved} = o; o = ''; let ${done} = false;
try {
${body}rt.captureEnd(${name}, ${js('assign')}, ${js('append')}, o); ${done} = true;
} finally { if (!${done}) o = ${saved} + o; else o = ${saved}; }
}
`;
}
