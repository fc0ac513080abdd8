/**
 * Hover documentation: over a tag name, an attribute name, a modifier name or a `$smarty.*`
 * reference, the parser's token under the pointer says which, and the plugin metadata what to show.
 */

import { hoverTooltip, type Tooltip } from '@codemirror/view';
import type { Token } from '@sumi/parser';
import { analyze, loadFacts, loadParser } from './analysis';
import { attributeDoc, pluginDoc, smartyDoc } from './docs';

/** The token containing `pos` (a token ending at `pos` counts when the pointer is on its last character's right). */
function tokenAt(tokens: readonly Token[], pos: number, side: -1 | 1): number {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = tokens[mid];
    if (pos < t.start || (pos === t.start && side < 0)) hi = mid - 1;
    else if (pos > t.end || (pos === t.end && side > 0)) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** The name of the tag a token is in: the tag name after the nearest `{` before it. */
function enclosingTag(source: string, tokens: readonly Token[], i: number): string | null {
  for (let j = i; j >= 0; j--) {
    const t = tokens[j];
    if (t.type === 'tagName') return source.slice(t.start, t.end);
    if (t.type === 'ldelim' || t.type === 'rdelim') return null;
  }
  return null;
}

export const templateHover = hoverTooltip(async (view, pos, side): Promise<Tooltip | null> => {
  const [parser, facts] = await Promise.all([loadParser(), loadFacts()]);
  if (!parser) return null;
  const source = view.state.doc.toString();
  const { tokens } = analyze(source, parser, facts);
  const i = tokenAt(tokens, pos, side);
  if (i < 0) return null;
  const t = tokens[i];
  const text = source.slice(t.start, t.end);
  let dom: HTMLElement | null = null;
  if (facts && (t.type === 'tagName' || t.type === 'closeTagName')) {
    const name = text.replace(/^\//, '');
    const p = facts.tags.get(name);
    if (p) dom = pluginDoc(p, name);
  } else if (facts && t.type === 'modifierName') {
    const name = text.replace(/^@/, '');
    const p = facts.modifiers.get(name);
    if (p) dom = pluginDoc(p, name);
  } else if (facts && t.type === 'attrName') {
    const tag = enclosingTag(source, tokens, i);
    const p = tag ? facts.tags.get(tag) : undefined;
    const a = p?.attributes?.[text];
    if (p && a) dom = attributeDoc(p, text, a);
  } else if (t.type === 'variable' && text.startsWith('$smarty.')) {
    const [, entry, name, prop] = text.slice(1).split(/[.[\]]/);
    const own =
      entry !== undefined && Object.hasOwn(parser.SMARTY_VARS, entry) ? parser.SMARTY_VARS[entry] : null;
    if (own) {
      const p = prop !== undefined && own.props && Object.hasOwn(own.props, prop) ? own.props[prop] : null;
      dom = p
        ? smartyDoc(`$smarty.${entry}.${name}.${prop}`, p.description)
        : smartyDoc(`$smarty.${entry}`, own.description);
    }
  }
  if (!dom) return null;
  const shown = dom;
  return { pos: t.start, end: t.end, above: true, create: () => ({ dom: shown }) };
});
