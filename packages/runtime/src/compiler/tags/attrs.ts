/**
 * Attribute helpers for core tags: find an attribute, require it, and read
 * the literal names Smarty 2 insists on (`item=v`, not `item=$v`).
 */
import type { Attribute, BlockNode, Expr, TagNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import type { CompilerTagDef } from '../../plugin/types';
import type { CodegenState } from '../state';

export function attr(n: TagNode | BlockNode, name: string): Attribute | undefined {
  return n.attrs.find((a) => a.name === name);
}

export function requireAttr(st: CodegenState, n: TagNode | BlockNode, name: string): Attribute | null {
  const a = attr(n, name);
  if (!a) {
    st.error(ErrorCodes.MISSING_ATTRIBUTE, { tag: n.name, attribute: name }, n.nameSpan);
    return null;
  }
  return a;
}

/** reports each required attribute of `def` that `n` lacks; false when one is missing */
export function requireAttrs(st: CodegenState, n: TagNode | BlockNode, def: CompilerTagDef): boolean {
  let ok = true;
  for (const [name, spec] of Object.entries(def.attributes)) {
    if (spec.required && !requireAttr(st, n, name)) ok = false;
  }
  return ok;
}

/** reports each attribute of `n` that `def` does not declare */
export function checkKnownAttrs(st: CodegenState, n: TagNode | BlockNode, def: CompilerTagDef): void {
  for (const a of n.attrs) {
    if (!Object.hasOwn(def.attributes, a.name))
      st.error(ErrorCodes.UNKNOWN_ATTRIBUTE, { tag: n.name, attribute: a.name }, a.nameSpan);
  }
}

/** a name written literally: `item=v`, `item="v"`, `item='v'` */
export function literalName(e: Expr): string | null {
  if (e.type === 'String' && /^\w+$/.test(e.value)) return e.value;
  return null;
}

/** `{...}` span of the opening tag */
export function openSpan(n: TagNode | BlockNode) {
  return n.type === 'Block' ? n.openSpan : n.span;
}
