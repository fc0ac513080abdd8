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
  // the values as given: assign and append go to Smarty's assign() and append(), which take any
  // value (see rt.captureEnd); the name is a key of $smarty.capture
  const js = (k: string) => {
    const a = attr(n, k);
    return a ? compileExpr(st, a.value) : 'undefined';
  };
  const nameAttr = attr(n, 'name');
  const name = !nameAttr
    ? '"default"'
    : nameAttr.value.type === 'String'
      ? JSON.stringify(nameAttr.value.value)
      : `keyName(${js('name')})`;
  // the output so far goes below, and comes back at the end (see rt.startCapture: a {break} or
  // {continue} that leaves the capture early leaves its buffer on top, as PHP does)
  st.buffered++;
  st.captures++;
  const body = compileNodes(st, n.body);
  st.captures--;
  st.buffered--;
  return `o = rt.startCapture(o);
${body}rt.captureEnd(${name}, ${js('assign')}, ${js('append')}, o); o = rt.endCapture();
`;
}
