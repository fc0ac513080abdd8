/**
 * Compile-time attribute checks from a plugin's metadata: required
 * attributes must be written; unknown ones (unless the plugin takes extra
 * attributes) are warnings, as the CMS ignores them. Types are checked at run
 * time (values are dynamic).
 */
import type { BlockNode, TagNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import type { BlockPluginDef, FunctionPluginDef } from '../../plugin/types';
import type { CodegenState } from '../state';
import { warnUnknownAttrs } from './attrs';

export function checkStaticAttrs(
  st: CodegenState,
  def: FunctionPluginDef | BlockPluginDef,
  n: TagNode | BlockNode,
): boolean {
  let ok = true;
  const seen = new Set(n.attrs.map((a) => a.name));
  for (const [name, spec] of Object.entries(def.attributes)) {
    if (spec.required && !seen.has(name)) {
      st.error(ErrorCodes.MISSING_ATTRIBUTE, { tag: n.name, attribute: name }, n.nameSpan, spec.description);
      ok = false;
    }
  }
  if (!def.extraAttributes) warnUnknownAttrs(st, n, Object.keys(def.attributes));
  return ok;
}
