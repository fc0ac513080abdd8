/** `{break}` and `{continue}`: leave or skip the innermost foreach/section. */
import type { TagNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import type { CodegenState } from '../state';

export function compileLoopControl(st: CodegenState, n: TagNode): string {
  const loop = st.loops[st.loops.length - 1];
  if (!loop) {
    const block = st.enclosingBlockPlugin(n.span);
    if (block) st.error(ErrorCodes.LOOP_CONTROL_IN_BLOCK, { name: n.name, block }, n.span);
    else st.error(ErrorCodes.BREAK_OUTSIDE_LOOP, { name: n.name }, n.span);
    return '';
  }
  st.jumps.push(loop.label);
  return `${n.name} ${loop.label};\n`;
}
