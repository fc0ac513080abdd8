/**
 * The CMS's custom functions: `{function name=x var=r arg=...}` runs another
 * registered template in its own scope (`rt.callFunction`); it hands a value
 * back with `{return}` (return.ts).
 */
import type { TagNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import type { CodegenState, CoreTag } from '../state';
import { attr } from './attrs';
import { coreTagDef } from './define';
import { attrsObject } from './plugin-call';

// (no `writes`: the call assigns `var`, and the function may change what it was handed)
export const functionTag: CoreTag = {
  def: coreTagDef('function', {
    group: 'Calls and API access',
    description:
      'Calls a custom function (another registered template) in its own scope; every other attribute becomes one of its variables. It hands a value back with {return}.',
    attributes: {
      var: { type: 'varname', required: true, description: 'receives the returned value' },
      name: { type: 'string', description: 'function identifier' },
      id: { type: 'integer', description: 'function id' },
    },
  }),
  compileTag: compileFunctionCall,
};

function compileFunctionCall(st: CodegenState, n: TagNode): string {
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
  return `p = ${pos}; ${st.options.async ? `rt.back(await ${call})` : call};\n`;
}
