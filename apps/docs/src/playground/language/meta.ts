/**
 * The editor's facts about tags and modifiers: the plugin metadata scripts/gen-reference.mjs
 * writes to ../generated/editor-meta.json at build time (scripts/editor-meta.mjs), and its index.
 * Pure; analysis.ts loads the file.
 */

export interface AttrMeta {
  type: string;
  required?: boolean;
  default?: unknown;
  enum?: readonly (string | number)[];
  description: string;
  deprecated?: boolean;
}

export interface ArgMeta {
  name: string;
  type: string;
  optional?: boolean;
  variadic?: boolean;
  default?: unknown;
  description: string;
}

export interface PluginMeta {
  name: string;
  kind: 'function' | 'block' | 'compiler' | 'modifier';
  group: string;
  aliases?: string[];
  description: string;
  result?: string;
  attributes?: Record<string, AttrMeta>;
  extraAttributes?: string;
  args?: ArgMeta[];
  block?: boolean;
  loop?: boolean;
  wholeArray?: boolean;
  php?: boolean;
  async?: boolean;
  /** the reference's call form */
  synopsis: string;
  /** the address of its entry in the generated reference */
  url: string;
}

export interface EditorMetaFile {
  plugins: PluginMeta[];
  contexts: Record<string, { description: string; inputs: Record<string, string> }>;
}

/** The facts, indexed: tags and modifiers are separate namespaces (`count` the modifier is no tag). */
export interface Facts {
  tags: Map<string, PluginMeta>;
  modifiers: Map<string, PluginMeta>;
  contexts: EditorMetaFile['contexts'];
}

export function indexFacts(file: EditorMetaFile): Facts {
  const tags = new Map<string, PluginMeta>();
  const modifiers = new Map<string, PluginMeta>();
  for (const p of file.plugins) {
    const table = p.kind === 'modifier' ? modifiers : tags;
    for (const name of [p.name, ...(p.aliases ?? [])]) table.set(name, p);
  }
  return { tags, modifiers, contexts: file.contexts ?? {} };
}

/** Tags written `{name}…{/name}`. */
export function isBlockTag(p: PluginMeta): boolean {
  return p.kind === 'block' || (p.kind === 'compiler' && p.block === true);
}
