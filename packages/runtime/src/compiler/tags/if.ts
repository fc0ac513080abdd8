/**
 * `{if}...{elseif}...{else}...{/if}`: the parser has read the conditions
 * (if-expression.ts there); each branch's test records its tag's position.
 */
import type { IfNode } from '@sumi/parser';
import { compileNodes } from '../codegen';
import { compileBool } from '../expressions';
import type { CodegenState, CoreTag } from '../state';
import { coreTagDef } from './define';

export const ifTag: CoreTag = {
  def: coreTagDef('if', {
    description:
      'Conditions with `{elseif}` and `{else}`. Operators: == != === !== > < >= <= eq ne neq gt lt gte ge lte le mod not and or && || ! %, `is [not] even/odd [by N]`, `is [not] div by N`, parentheses. Only is_null, count, is_array, in_array, isset and is_object may be called.',
    attributes: {},
    examples: [{ template: '{if $n is even}even{else}odd{/if}', data: { n: 4 }, output: 'even' }],
  }),
  compileIf,
};

/**
 * Up to this many branches compile to `if … else if …`; JS engines parse that chain recursively, so
 * a longer one (a generated template with thousands of `{elseif}`) becomes flat `if`s in a labelled
 * block, each leaving the block once its branch has run.
 */
const MAX_ELSE_IF = 32;

function compileIf(st: CodegenState, n: IfNode): string {
  if (n.branches.length > MAX_ELSE_IF) return compileFlatIf(st, n);
  let out = '';
  n.branches.forEach((b, i) => {
    const pos = st.position(b.tagSpan);
    const test = compileBool(st, b.test);
    out += `${i === 0 ? '' : ' else '}if ((p = ${pos}, ${test})) {\n${compileNodes(st, b.body)}}`;
  });
  if (n.alternate) out += ` else {\n${compileNodes(st, n.alternate)}}`;
  return `${out}\n`;
}

function compileFlatIf(st: CodegenState, n: IfNode): string {
  const label = st.id('I');
  let out = `${label}: {\n`;
  for (const b of n.branches) {
    const pos = st.position(b.tagSpan);
    const test = compileBool(st, b.test);
    out += `if ((p = ${pos}, ${test})) {\n${compileNodes(st, b.body)}break ${label};\n}\n`;
  }
  if (n.alternate) out += compileNodes(st, n.alternate);
  return `${out}}\n`;
}
