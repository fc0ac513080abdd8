/**
 * Compile-time attribute checks from a plugin's metadata: required
 * attributes must be written, unknown ones are errors unless the plugin
 * takes extra attributes. Types are checked at run time (values are dynamic).
 */
import type { BlockNode, TagNode } from '@sumi/parser';
import { ErrorCodes } from '../../errors';
import type { BlockPluginDef, FunctionPluginDef } from '../../plugin/types';
import type { CodegenState } from '../state';

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
  if (!def.extraAttributes) {
    for (const a of n.attrs) {
      if (!Object.hasOwn(def.attributes, a.name)) {
        const known = Object.keys(def.attributes);
        st.error(
          ErrorCodes.UNKNOWN_ATTRIBUTE,
          { tag: n.name, attribute: a.name },
          a.nameSpan,
          known.length ? `${n.name} takes: ${known.join(', ')}` : `${n.name} takes no attributes`,
        );
        ok = false;
      }
    }
  }
  return ok;
}
