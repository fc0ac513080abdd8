/** `{break}` and `{continue}`: leave or skip the innermost foreach/section. */
import type { TagNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import type { CodegenState } from '../state';

export function compileLoopControl(st: CodegenState, n: TagNode): string {
  const loop = st.loops[st.loops.length - 1];
  if (!loop) {
    st.error(ErrorCodes.SYNTAX, `{${n.name}} is not inside {foreach} or {section}`, n.span);
    return '';
  }
  st.jumps.push(loop.label);
  return `${n.name} ${loop.label};\n`;
}
