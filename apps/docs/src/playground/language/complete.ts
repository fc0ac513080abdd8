/**
 * Completion for templates: tag names, the attributes of the tag being written, attribute values
 * with a fixed set, modifiers, variables in scope (data, run context, assigned above) and
 * `$smarty.*`. Every fact comes from the plugin metadata (meta.ts) and the parser.
 */
import type {
  Completion,
  CompletionContext,
  CompletionResult,
  CompletionSource,
} from '@codemirror/autocomplete';
import { analyze, loadFacts, loadParser, type Parser } from './analysis';
import { cursorContext } from './cursor';
import { argsSignature, attributeDoc, attributeSummary, pluginDoc, smartyDoc } from './docs';
import type { Facts, PluginMeta } from './meta';
import { isBlockTag } from './meta';
import { keysOf, scopeAt, tagFacts, valueAt } from './scope';
import { BRANCH_TAGS, openBlocksAt } from './tags';

export interface CompletionInputs {
  /** the data editor's JSON text */
  data(): string;
  /** the selected run context's name */
  context(): string;
}

const CM_TYPE: Record<PluginMeta['kind'], string> = {
  compiler: 'keyword',
  function: 'function',
  block: 'namespace',
  modifier: 'function',
};

function parseData(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return {};
  }
}

function tagOptions(facts: Facts, closing: boolean, open: string[]): Completion[] {
  const out: Completion[] = [];
  const innermost = open[open.length - 1];
  for (const [name, p] of facts.tags) {
    if (closing && !isBlockTag(p)) continue;
    const boost = closing ? (name === innermost ? 99 : open.includes(name) ? 50 : 0) : 0;
    out.push({
      label: name,
      type: CM_TYPE[p.kind],
      detail: name === p.name ? p.group : `alias of ${p.name}`,
      info: () => pluginDoc(p, name),
      boost,
    });
  }
  if (!closing && innermost) {
    // the branches of the block the cursor is in: {else} in {if}, {foreachelse} in {foreach}
    for (const [name, owner] of Object.entries(BRANCH_TAGS)) {
      if (owner !== innermost) continue;
      const p = facts.tags.get(owner);
      out.push({
        label: name,
        type: 'keyword',
        detail: `branch of {${owner}}`,
        info: p && (() => pluginDoc(p)),
        boost: 20,
      });
    }
  }
  return out;
}

function modifierOptions(facts: Facts): Completion[] {
  const out: Completion[] = [];
  for (const [name, p] of facts.modifiers) {
    out.push({
      label: name,
      type: 'function',
      detail: `${p.wholeArray ? '@' : ''}${name}${argsSignature(p.args)}`,
      info: () => pluginDoc(p, name),
    });
  }
  return out;
}

function attributeOptions(facts: Facts, tag: string, written: string[]): Completion[] {
  const p = facts.tags.get(tag);
  if (!p?.attributes) return [];
  const out: Completion[] = [];
  for (const [name, a] of Object.entries(p.attributes)) {
    if (written.includes(name)) continue;
    out.push({
      label: name,
      apply: `${name}=`,
      type: 'property',
      detail: attributeSummary(a),
      info: () => attributeDoc(p, name, a),
      boost: a.required ? 10 : a.deprecated ? -10 : 0,
    });
  }
  return out;
}

function valueOptions(facts: Facts, tag: string, attribute: string): Completion[] {
  const a = facts.tags.get(tag)?.attributes?.[attribute];
  if (!a) return [];
  const values = a.enum?.length ? a.enum.map(String) : a.type === 'boolean' ? ['true', 'false'] : [];
  return values.map((v) => ({
    label: v,
    type: 'enum',
    detail: a.default !== undefined && String(a.default) === v ? 'default' : undefined,
  }));
}

function smartyOptions(parser: Parser, path: string[], named: Map<string, string[]>): Completion[] {
  const [, entry, name] = path;
  if (path.length === 1) {
    return Object.entries(parser.SMARTY_VARS).map(([key, v]) => ({
      label: key,
      type: 'variable',
      detail: v.key ? `.${v.key.replace(/ /g, '_')}` : undefined,
      info: () => smartyDoc(`$smarty.${key}`, v.description),
    }));
  }
  const own =
    entry !== undefined && Object.hasOwn(parser.SMARTY_VARS, entry) ? parser.SMARTY_VARS[entry] : null;
  if (!own) return [];
  if (path.length === 2) {
    return (named.get(entry) ?? []).map((n) => ({
      label: n,
      type: 'variable',
      detail: `{${entry} name=${n}}`,
    }));
  }
  if (path.length === 3 && own.props && name !== undefined) {
    return Object.entries(own.props).map(([key, p]) => ({
      label: key,
      type: 'property',
      info: () => smartyDoc(`$smarty.${entry}.${name}.${key}`, p.description),
    }));
  }
  return [];
}

/** The completion source; `inputs` reads the playground's data and run context when asked. */
export function completeTemplate(inputs: CompletionInputs): CompletionSource {
  return async (cx: CompletionContext): Promise<CompletionResult | null> => {
    const source = cx.state.doc.toString();
    const at = cursorContext(source, cx.pos);
    if (!at) return null;
    const [parser, facts] = await Promise.all([loadParser(), loadFacts()]);
    if (!parser) return null;
    let options: Completion[] = [];
    let validFor: RegExp | undefined = /^\w*$/;
    if (at.kind === 'variable') {
      const analysis = analyze(source, parser, facts);
      const context = inputs.context();
      const scope = scopeAt(
        analysis.ast,
        source,
        cx.pos,
        tagFacts(facts, parser.SMARTY_VARS),
        parseData(inputs.data()),
        facts?.contexts[context]?.inputs,
        context,
      );
      if (at.path[0] === 'smarty') options = smartyOptions(parser, at.path, scope.named);
      else if (at.path.length === 0) {
        options = scope.variables.map((v) => ({ label: v.name, type: 'variable', detail: v.source }));
        options.push({ label: 'smarty', type: 'variable', detail: '$smarty.*', boost: -1 });
      } else {
        const root = scope.variables.find((v) => v.name === at.path[0]);
        options = keysOf(valueAt(root?.sample, at.path.slice(1))).map((k) => ({
          label: k,
          type: 'property',
        }));
      }
    } else if (!facts) return null;
    else if (at.kind === 'tag') {
      const open = openBlocksAt(analyze(source, parser, facts).tags, at.from - (at.closing ? 2 : 1)).map(
        (t) => t.name,
      );
      options = tagOptions(facts, at.closing, open);
    } else if (at.kind === 'modifier') options = modifierOptions(facts);
    else if (at.kind === 'attribute') options = attributeOptions(facts, at.tag, at.written);
    else if (at.kind === 'value') {
      options = valueOptions(facts, at.tag, at.attribute);
      validFor = /^[\w-]*$/;
    }
    if (!options.length) return null;
    return { from: at.from, options, validFor };
  };
}
