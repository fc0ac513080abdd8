/**
 * `{section name=i loop=$a start= step= max= show=}...{sectionelse}...{/section}`
 * with Smarty 2.6's arithmetic for start/step/max/total (`rt.sectionStart`,
 * render/loops.ts).
 */
import type { BlockNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import { hasNamedLoop } from '../analysis';
import { compileNodes } from '../codegen';
import { compileExpr } from '../expressions';
import type { CodegenState, CoreTag } from '../state';
import { attr, checkKnownAttrs, openSpan, refuseZeroAttrs } from './attrs';
import { coreTagDef } from './define';

const def = coreTagDef('section', {
  description:
    'Loops over indexes: `$list[NAME]` is the current element. `{sectionelse}` runs when nothing is shown. `$smarty.section.NAME.index/index_prev/index_next/iteration/rownum/first/last/total/loop/show`.',
  attributes: {
    name: { type: 'string', required: true, description: 'section name' },
    loop: { type: 'mixed', required: true, description: 'an array (its count) or a number of iterations' },
    start: { type: 'integer', default: 0, description: 'first index; negative counts from the end' },
    step: { type: 'integer', default: 1, description: 'index step; negative loops backwards; 0 means 1' },
    max: { type: 'integer', description: 'at most this many iterations' },
    show: { type: 'boolean', default: true, description: 'false runs {sectionelse} instead' },
  },
  examples: [
    {
      template: '{section name=i loop=$a step=-1}{$a[i]}{/section}',
      data: { a: ['a', 'b', 'c'] },
      output: 'cba',
    },
  ],
});

export const sectionTag: CoreTag = { def, writes: [], compileBlock: compileSection };

/** the attributes whose values a section's entry stores, in sectionStart's order */
const SECTION_VALUES = ['loop', 'start', 'step', 'max', 'show'];

/**
 * whether compiled attribute values read the entry of the section named `name` (null: a name known
 * at run time only, which may be any section's)
 */
function readsOwnEntry(values: readonly string[], name: string | null): boolean {
  const reads =
    name === null
      ? ['rt.sectionProp']
      : [`rt.sectionProp(${JSON.stringify(name)}`, `rt.sectionProps(${JSON.stringify(name)}`];
  return values.some((js) => reads.some((r) => js.includes(r)));
}

function compileSection(st: CodegenState, n: BlockNode): string {
  // Smarty 2.6 checks the name only (a missing `loop` loops once), in its own words
  const name = attr(n, 'name');
  if (!name) {
    st.error(ErrorCodes.MISSING_ATTRIBUTE, { tag: 'section', attribute: 'name' }, n.nameSpan);
    return '';
  }
  if (!refuseZeroAttrs(st, n, ['name'])) return '';
  checkKnownAttrs(st, n, def);
  const opt = (k: string) => {
    const a = attr(n, k);
    return a ? compileExpr(st, a.value) : 'undefined';
  };
  const pos = st.position(openSpan(n));
  const sc = st.id('s');
  const label = st.id('L');
  const nameJs =
    name.value.type === 'String'
      ? JSON.stringify(name.value.value)
      : // a key of Smarty's section table, which it unsets first: an array is PHP's TypeError
        `keyName(${compileExpr(st, name.value)}, ' in unset')`;
  // the entry's first keys, in source order (unknown attributes are errors above)
  const attrOrder = JSON.stringify(n.attrs.map((a) => a.name).join(','));

  // `$a[i]` and `$smarty.section.i.*` inside the body read the local state directly
  // (not when a section of the same name inside would take over Smarty's one table entry)
  const inner = name.value.type !== 'String' || hasNamedLoop(n.body, 'section', name.value.value);
  const literal = inner ? null : (name.value as { value: string }).value;
  const outer = literal === null ? undefined : st.sections.get(literal);
  if (literal !== null) st.sections.set(literal, sc);
  const frame = st.loopFrame(label, 'section', n.body, new Set());
  // `$a[i]` names this loop's row only while no inner section of the same name takes `i` over
  if (literal !== null) frame.section = sc;
  st.loops.push(frame);
  const body = compileNodes(st, n.body);
  st.loops.pop();
  if (literal !== null) {
    if (outer === undefined) st.sections.delete(literal);
    else st.sections.set(literal, outer);
  }
  const alt = n.alt ? compileNodes(st, n.alt) : '';
  // Smarty's loop steps on whatever entry holds the name now: a section of the same name inside takes it over
  const refetch = inner ? `${sc} = rt.sectionEntry(${sc}), ` : '';

  const values = SECTION_VALUES.map(opt);
  let setup = '';
  let nameArg = nameJs;
  let args = values;
  if (readsOwnEntry(values, name.value.type === 'String' ? name.value.value : null)) {
    // Smarty unsets the entry and sets its name, then stores each attribute in source order: an
    // attribute that reads the section's entry reads that partial one (`{section name=i loop=$a[i]}`
    // inside section i reads index null; `max=$smarty.section.i.loop` reads the loop just set)
    const nm = st.id('m');
    const entry = st.id('e');
    setup = `const ${nm} = ${nameJs};\nconst ${entry} = rt.sectionBegin(${nm});\n`;
    args = values.map(() => 'undefined');
    for (const a of n.attrs) {
      const k = SECTION_VALUES.indexOf(a.name);
      if (k < 0) continue;
      args[k] = st.id('v');
      setup += `const ${args[k]} = rt.sectionSet(${entry}, ${JSON.stringify(a.name)}, ${values[k]});\n`;
    }
    nameArg = nm;
  }

  return `p = ${pos};
{
${setup}${inner ? 'let' : 'const'} ${sc} = rt.sectionStart(${nameArg}, ${attrOrder}, ${args.join(', ')});
if (${sc}.show) {
${[...frame.decls, ...st.cursorDecls(frame)].join('\n')}
${label}: for (${sc}.index = ${sc}.start, ${sc}.iteration = 1; ${sc}.iteration <= ${sc}.total; ${refetch}${sc}.index += ${sc}.step, ${sc}.iteration++) {
${sc}.row = ${sc}.iteration;
${st.loopTick()}
${st.rowResets(frame)}${body}}
}${alt ? ` else {\n${alt}}` : ''}
}
`;
}
