/**
 * Attribute helpers for core tags: find an attribute, require it, and read
 * the literal names Smarty 2 insists on (`item=v`, not `item=$v`).
 */
import type { Attribute, BlockNode, Expr, TagNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import type { CompilerTagDef } from '../../plugin/types';
import { nearestName } from '../nearest-name';
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

/** reports each attribute of `n` that `def` does not declare, as an error ({section}: Smarty 2 refuses them) */
export function checkKnownAttrs(st: CodegenState, n: TagNode | BlockNode, def: CompilerTagDef): void {
  for (const a of n.attrs) {
    if (!Object.hasOwn(def.attributes, a.name))
      st.error(ErrorCodes.UNKNOWN_ATTRIBUTE, { tag: n.name, attribute: a.name }, a.nameSpan);
  }
}

/**
 * Warns of each attribute of `n` not among `known`: Smarty 2 and the CMS ignore an attribute a tag does
 * not take (real templates carry typos such as `staus_var` and run), so Sumi renders too, and says so.
 * The hint names the nearest known attribute, or lists them all. `checkValue` (core tags, whose code
 * never reads the attribute) compiles its value all the same, for the errors Smarty's compiler reports
 * there (a modifier that is not allowed); a plugin call compiles every attribute anyway.
 */
export function warnUnknownAttrs(
  st: CodegenState,
  n: TagNode | BlockNode,
  known: readonly string[],
  checkValue?: (e: Expr) => unknown,
): void {
  for (const a of n.attrs) {
    if (known.includes(a.name)) continue;
    checkValue?.(a.value);
    const near = nearestName(a.name, known);
    const hint = near
      ? `did you mean ${near}?`
      : known.length
        ? `${n.name} takes: ${known.join(', ')}`
        : `${n.name} takes no attributes`;
    st.warn(
      ErrorCodes.UNKNOWN_ATTRIBUTE,
      { tag: n.name, attribute: a.name, ignored: true },
      a.nameSpan,
      hint,
    );
  }
}

/** a name written literally: `item=v`, `item="v"`, `item='v'` */
export function literalName(e: Expr): string | null {
  if (e.type === 'String' && /^\w+$/.test(e.value)) return e.value;
  // Smarty takes the attribute's text: `key=0`, `item=5` name the variables "0" and "5"
  if (e.type === 'Number' && /^\w+$/.test(e.raw)) return e.raw;
  return null;
}

/**
 * Reports each of `names` that `n` writes as a bare `0`, as missing: Smarty 2 checks them with PHP's
 * empty() on the attribute's compiled text, and "0" is empty (`{foreach from=0}` is its "missing
 * 'from' attribute"); false when one is.
 */
export function refuseZeroAttrs(st: CodegenState, n: TagNode | BlockNode, names: readonly string[]): boolean {
  let ok = true;
  for (const name of names) {
    const a = attr(n, name);
    if (a?.value.type === 'Number' && a.value.raw === '0') {
      st.error(ErrorCodes.MISSING_ATTRIBUTE, { tag: n.name, attribute: name }, a.span);
      ok = false;
    }
  }
  return ok;
}

/** `{...}` span of the opening tag */
export function openSpan(n: TagNode | BlockNode) {
  return n.type === 'Block' ? n.openSpan : n.span;
}
