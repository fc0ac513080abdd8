/**
 * `{section name=i loop=$a start= step= max= show=}...{sectionelse}...{/section}`
 * with Smarty 2.6's arithmetic for start/step/max/total (see `rt.sectionStart`).
 */
import type { BlockNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import { hasSection } from '../analysis';
import { compileNodes } from '../codegen';
import { coreAttributes } from '../core-tags';
import { compileExpr } from '../expressions';
import type { CodegenState } from '../state';
import { attr, openSpan } from './attrs';

const KNOWN = coreAttributes('section');

export function compileSection(st: CodegenState, n: BlockNode): string {
  const name = attr(n, 'name');
  if (!name) {
    st.error(ErrorCodes.MISSING_ATTRIBUTE, { tag: 'section', attribute: 'name' }, n.nameSpan);
    return '';
  }
  for (const a of n.attrs) {
    if (!KNOWN.includes(a.name)) {
      st.error(ErrorCodes.UNKNOWN_ATTRIBUTE, { tag: 'section', attribute: a.name }, a.nameSpan);
    }
  }
  const opt = (k: string) => {
    const a = attr(n, k);
    return a ? compileExpr(st, a.value) : 'undefined';
  };
  const pos = st.position(openSpan(n));
  const sc = st.id('s');
  const label = st.id('L');
  const nameJs =
    name.value.type === 'String' ? JSON.stringify(name.value.value) : `str(${compileExpr(st, name.value)})`;

  // `$a[i]` and `$smarty.section.i.*` inside the body read the local state directly
  // (not when a section of the same name inside would take over Smarty's one table entry)
  const literal =
    name.value.type === 'String' && !hasSection(n.body, name.value.value) ? name.value.value : null;
  const outer = literal === null ? undefined : st.sections.get(literal);
  if (literal !== null) st.sections.set(literal, sc);
  const frame = st.loopFrame(label, 'section', n.body, new Set());
  st.loops.push(frame);
  const body = compileNodes(st, n.body);
  st.loops.pop();
  if (literal !== null) {
    if (outer === undefined) st.sections.delete(literal);
    else st.sections.set(literal, outer);
  }
  const alt = n.alt ? compileNodes(st, n.alt) : '';

  return `p = ${pos};
{
const ${sc} = rt.sectionStart(${nameJs}, ${opt('loop')}, ${opt('start')}, ${opt('step')}, ${opt('max')}, ${opt('show')});
if (${sc}.show) {
${frame.decls.join('\n')}
${label}: for (${sc}.index = ${sc}.start, ${sc}.iteration = 1; ${sc}.iteration <= ${sc}.total; ${sc}.index += ${sc}.step, ${sc}.iteration++) {
${st.loopTick()}
${body}}
}${alt ? ` else {\n${alt}}` : ''}
}
`;
}
