/**
 * `{foreach from=$a item=v key=k name=n}...{foreachelse}...{/foreach}`,
 * as Smarty 2.6 compiles it: `from` is cast to an array (a scalar loops
 * once), the item and key stay set after the loop, and the named
 * `$smarty.foreach.n` properties live in one table per run
 * (`rt.foreachStart`, render/loops.ts).
 */
import type { BlockNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import { hasNamedLoop, mayWrite } from '../analysis';
import { compileNodes } from '../codegen';
import { compileExpr } from '../expressions';
import type { CodegenState, CoreTag } from '../state';
import { attr, literalName, openSpan, refuseZeroAttrs, requireAttrs, warnUnknownAttrs } from './attrs';
import { coreTagDef } from './define';

const def = coreTagDef('foreach', {
  description:
    'Loops over an array. `{foreachelse}` runs when it is empty. With `name`, `$smarty.foreach.NAME.index/iteration/first/last/show/total` describe the loop. A scalar `from` loops once; item and key stay set after the loop.',
  attributes: {
    from: { type: 'array', required: true, description: 'the array to loop over' },
    item: {
      type: 'varname',
      required: true,
      description: 'variable receiving each value (a literal name: item=v)',
    },
    key: { type: 'varname', description: 'variable receiving each key (a literal name)' },
    name: { type: 'string', description: 'loop name for $smarty.foreach.NAME' },
  },
  examples: [
    {
      template: '{foreach from=$a item=v name=n}{$smarty.foreach.n.iteration}:{$v} {/foreach}',
      data: { a: ['x', 'y'] },
      output: '1:x 2:y ',
    },
  ],
});

export const foreachTag: CoreTag = { def, writes: ['item', 'key'], compileBlock: compileForeach };

function compileForeach(st: CodegenState, n: BlockNode): string {
  const from = attr(n, 'from');
  const item = attr(n, 'item');
  if (!requireAttrs(st, n, def) || !from || !item || !refuseZeroAttrs(st, n, ['from', 'item'])) return '';
  const itemName = literalName(item.value);
  if (!itemName) {
    st.error(
      ErrorCodes.INVALID_ATTRIBUTE,
      { tag: 'foreach', problem: "'item' must be a variable name (literal string)" },
      item.span,
      'write item=v, not item=$v',
    );
    return '';
  }
  const keyAttr = attr(n, 'key');
  const keyName = keyAttr ? literalName(keyAttr.value) : null;
  if (keyAttr && !keyName) {
    st.error(
      ErrorCodes.INVALID_ATTRIBUTE,
      { tag: 'foreach', problem: "'key' must be a variable name (literal string)" },
      keyAttr.span,
    );
    return '';
  }
  // Smarty 2 ignores the attributes foreach does not take
  warnUnknownAttrs(st, n, Object.keys(def.attributes), (e) => compileExpr(st, e));
  const nameAttr = attr(n, 'name');
  const pos = st.position(openSpan(n));
  const arr = st.id('a');
  const i = st.id('i');
  const len = st.id('n');
  const state = st.id('f');
  const label = st.id('L');

  // when nothing in the body can reassign item/key, they live in JS locals and
  // reach the variable table once, when the loop ends (Smarty leaves them set)
  const names = new Set(keyName ? [itemName, keyName] : [itemName]);
  const cached =
    !mayWrite(n.body, names, st) && !st.locals.has(itemName) && !(keyName && st.locals.has(keyName));
  const itemLocal = st.id('x');
  const keyLocal = st.id('y');
  if (cached) {
    st.locals.set(itemName, itemLocal);
    if (keyName) st.locals.set(keyName, keyLocal);
  }
  const frame = st.loopFrame(label, 'foreach', n.body, names);
  st.loops.push(frame);
  const body = compileNodes(st, n.body);
  st.loops.pop();
  if (cached) for (const name of names) st.locals.delete(name);
  const alt = n.alt ? compileNodes(st, n.alt) : '';

  // a foreach of the same name inside takes the table entry over: this loop then counts on that one
  const shared =
    nameAttr !== undefined &&
    hasNamedLoop(n.body, 'foreach', nameAttr.value.type === 'String' ? nameAttr.value.value : null);
  const named = nameAttr
    ? `${shared ? 'let' : 'const'} ${state} = rt.foreachStart(${nameExpr(st, nameAttr.value)}, ${len});`
    : '';
  const count = !nameAttr
    ? ''
    : shared
      ? `${state} = rt.foreachEntry(${state}); ${state}.iteration++;`
      : `${state}.iteration++;`;
  const head = `p = ${pos};
{
const ${arr} = iter(${compileExpr(st, from.value)});
const ${len} = ${arr}.size;
${named}
if (${len} > 0) {
`;
  // the loop's copy is dropped: its share goes back, so later writes to the source need not copy
  const tail = `}${alt ? ` else {\n${alt}}` : ''}
${arr}.release();
}
`;
  const tick = `${st.loopTick()}\n${count}`;
  if (cached) {
    // read-only views of the (copied) array: no per-row copies; the item reaches the
    // variable table, as its own copy, once the loop is left
    const key = keyName ? ` ${keyLocal} = ${arr}.keyAt(${i});` : '';
    // (the array is not empty here, so the first iteration has set the locals)
    const leave = `ws(${st.slot(itemName)}, own(${itemLocal}));${
      keyName ? ` ws(${st.slot(keyName)}, ${keyLocal});` : ''
    }\n`;
    // an item the body reads only by field never leaves its iteration (CodegenState.wholeItems): the
    // rows of the caller's plain data are then read through one array, pointed at each row in turn
    // (PhpArray.rowAt); the last one is the item's value after the loop
    const cursor = st.wholeItems.has(itemLocal) ? null : st.id('w');
    const row = cursor === null ? `${arr}.peekAt(${i})` : `${arr}.rowAt(${i}, ${cursor})`;
    return `${head}let ${itemLocal} = null${keyName ? `, ${keyLocal} = null` : ''};
${cursor === null ? '' : `const ${cursor} = rowCursor();\n`}${frame.decls.join('\n')}
${label}: for (let ${i} = 0; ${i} < ${len}; ${i}++) {
${tick}
${itemLocal} = ${row};${key}
${body}}
${leave}${tail}`;
  }
  // (the loop's array is its own copy: nothing in the body can change it; valueAt copies nested arrays)
  const setKey = keyName ? `ws(${st.slot(keyName)}, ${arr}.keyAt(${i}));` : '';
  return `${head}${frame.decls.join('\n')}
${label}: for (let ${i} = 0; ${i} < ${len}; ${i}++) {
${tick}
ws(${st.slot(itemName)}, ${arr}.valueAt(${i}));${setKey}
${body}}
${tail}`;
}

/** `name=n` is a literal name; `name=$x` takes the variable's value at run time */
function nameExpr(st: CodegenState, e: import('@sumi/parser').Expr): string {
  const lit = e.type === 'String' ? e.value : null;
  // a key of Smarty's foreach table: 1.5 names "1", an array is PHP's TypeError
  return lit !== null ? JSON.stringify(lit) : `keyName(${compileExpr(st, e)})`;
}
