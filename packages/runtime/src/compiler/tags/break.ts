/**
 * `{break}`: leaves the innermost foreach/section, or the body of a repeating block plugin
 * (read_dir, read_file); a CMS extension. `{continue}` shares its code.
 */
import type { TagNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import type { CodegenState, CoreTag } from '../state';
import { coreTagDef } from './define';

export const breakTag: CoreTag = {
  def: coreTagDef('break', {
    description: 'Leaves the innermost {foreach} or {section} (CMS extension).',
    attributes: {},
  }),
  writes: [],
  compileTag: compileLoopJump,
};

/** `break L;` or `continue L;` to the label of the innermost loop */
export function compileLoopJump(st: CodegenState, n: TagNode): string {
  const loop = st.loops[st.loops.length - 1];
  if (!loop) {
    const block = st.enclosingBlockPlugin(n.span);
    if (block) st.error(ErrorCodes.LOOP_CONTROL_IN_BLOCK, { name: n.name, block }, n.span);
    else st.error(ErrorCodes.BREAK_OUTSIDE_LOOP, { name: n.name }, n.span);
    return '';
  }
  // Smarty's PHP leaves the capture's ob_start() open (rt.startCapture): legal, and a trap
  if (st.captures > loop.captures) st.warn(ErrorCodes.JUMP_LEAVES_CAPTURE, { name: n.name }, n.span);
  st.jumps.push(loop.label);
  // a repeating block's body is a function: it ends, and tells its plugin what ended it (BlockBody.jump)
  if (loop.kind === 'block') return `rt.jumped = ${n.name === 'break' ? 1 : 2}; break ${loop.label};\n`;
  return `${n.name} ${loop.label};\n`;
}
