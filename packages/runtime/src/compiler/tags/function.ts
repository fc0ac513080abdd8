/**
 * The CMS's custom functions: `{function name=x var=r arg=...}` runs another
 * registered template in its own scope, and `{return value=...}` hands a
 * value back (a bare `{return}` ends the run).
 */
import type { TagNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import { compileExpr } from '../expressions';
import type { CodegenState } from '../state';
import { attr } from './attrs';
import { attrsObject } from './plugin-call';

export function compileFunctionCall(st: CodegenState, n: TagNode): string {
  const v = attr(n, 'var');
  if (!attr(n, 'name') && !attr(n, 'id')) {
    st.error(
      ErrorCodes.MISSING_ATTRIBUTE,
      { tag: 'function', attribute: ['name', 'id'] },
      n.nameSpan,
      'e.g. {function name="my_func" var=result}',
    );
    return '';
  }
  if (!v) {
    st.error(ErrorCodes.MISSING_ATTRIBUTE, { tag: 'function', attribute: 'var' }, n.nameSpan);
    return '';
  }
  const pos = st.position(n.span);
  st.usesAsync = true;
  const call = `rt.callFunction(${pos}, ${attrsObject(st, n.attrs)})`;
  return `p = ${pos}; ${st.options.async ? `await ${call}` : call};\n`;
}

export function compileReturn(st: CodegenState, n: TagNode): string {
  const v = attr(n, 'value');
  const pos = st.position(n.span);
  return `p = ${pos}; throw rt.returnSignal(${v ? `own(${compileExpr(st, v.value)})` : 'undefined'});\n`;
}
