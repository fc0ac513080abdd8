/**
 * `{capture name=c assign=x append=list}...{/capture}`: renders the body
 * into a buffer, stores it as `$smarty.capture.c` (name defaults to
 * `default`), and assigns or appends it (dotted names allowed).
 */
import type { BlockNode } from '@sumi/parser';
import { compileNodes } from '../codegen';
import { compileExpr } from '../expressions';
import type { CodegenState } from '../state';
import { attr } from './attrs';

export function compileCapture(st: CodegenState, n: BlockNode): string {
  const js = (k: string) => {
    const a = attr(n, k);
    return a ? `str(${compileExpr(st, a.value)})` : 'null';
  };
  const saved = st.id('c');
  const name = attr(n, 'name') ? js('name') : '"default"';
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
