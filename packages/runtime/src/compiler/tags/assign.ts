/**
 * `{assign var=x value=...}` with the CMS's dotted `var="a.b.c"` and
 * appending `var="list."`. Without `value` the CMS assigns nothing (a common
 * slip, e.g. `values=''`): we do the same and warn.
 */
import type { TagNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import { compileExpr } from '../expressions';
import type { CodegenState, CoreTag } from '../state';
import { attr, warnUnknownAttrs } from './attrs';
import { coreTagDef } from './define';

export const assignTag: CoreTag = {
  def: coreTagDef('assign', {
    description:
      'Sets a variable. `var="a.b.c"` creates nested keys and `var="list."` appends (CMS extensions). Without `var` or `value` nothing is assigned (with a warning).',
    attributes: {
      var: {
        type: 'varname',
        required: true,
        description: 'variable name, dotted paths allowed (without it: a warning, nothing assigned)',
      },
      value: { type: 'mixed', description: 'the value' },
    },
    examples: [{ template: '{assign var="a.b" value=1}{$a|@json_encode}', output: '{"b":1}' }],
  }),
  writes: ['var'],
  compileTag: compileAssign,
};

function compileAssign(st: CodegenState, n: TagNode): string {
  const v = attr(n, 'var');
  if (!v) {
    // Smarty 2 only warns and assigns nothing; the value is still compiled (a forbidden modifier in it
    // is still an error)
    st.warn(ErrorCodes.MISSING_ATTRIBUTE, { tag: 'assign', attribute: 'var' }, n.nameSpan);
    for (const a of n.attrs) compileExpr(st, a.value);
    return '';
  }
  const value = attr(n, 'value');
  if (!value) {
    const other = n.attrs.find((a) => a.name !== 'var');
    st.warn(
      ErrorCodes.ASSIGN_WITHOUT_VALUE,
      { other: other?.name },
      n.span,
      other?.name === 'values' ? "write value='' to assign an empty string" : undefined,
    );
    return '';
  }
  // Smarty 2 ignores the attributes assign does not take (without value, the warning above names them)
  warnUnknownAttrs(st, n, Object.keys(assignTag.def.attributes), (e) => compileExpr(st, e));
  const pos = st.position(n.span);
  const val = `own(${compileExpr(st, value.value)})`;
  if (v.value.type === 'String' && v.value.value.includes('.')) {
    // a literal dotted path is split here, once, not on every run
    const parts = v.value.value.split('.');
    const keys = st.constant(Object.freeze(parts));
    // through the variable's slot ("" and ".x" name no variable: assignKeys assigns nothing)
    if (parts[0] !== '') return `p = ${pos}; assignSlotKeys(${st.slot(parts[0]!)}, ${keys}, ${val});\n`;
    return `p = ${pos}; assignKeys(V, ${keys}, ${val});\n`;
  }
  if (v.value.type === 'String') return `p = ${pos}; ws(${st.slot(v.value.value)}, ${val});\n`;
  // a name computed at run time goes to Smarty's assign() as it is (an array assigns its entries)
  return `p = ${pos}; smartyAssign(V, ${compileExpr(st, v.value)}, ${val});\n`;
}
