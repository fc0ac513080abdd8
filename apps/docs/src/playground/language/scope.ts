/**
 * The variables a template can read at a position: the data's keys, the run context's inputs,
 * and the names the template assigns above the position ({assign var=…}, {foreach item=…},
 * {capture assign=…}, any plugin's `varname` attribute), read from the parser's AST. Also the
 * names of loops and captures, for `$smarty.foreach.NAME`. Pure.
 */
import type { Attribute, Expr, Node, Template } from '@sumi/parser';

export interface Variable {
  name: string;
  /** where it comes from: `data`, `context post`, `{assign} line 3` */
  source: string;
  /** a sample of its value, for completing `$name.` (the data's, or a loop's element) */
  sample?: unknown;
}

export interface TagFacts {
  /** the attributes of a tag that name a variable it assigns (type `varname`) */
  varnameAttributes(tag: string): string[];
  /** the tags whose `name` attribute names a `$smarty.TAG.NAME` entry (foreach, section, capture) */
  namedBy(tag: string): boolean;
}

/** TagFacts from the plugin metadata and the parser's `$smarty.*` table. */
export function tagFacts(
  facts: { tags: Map<string, { attributes?: Record<string, { type: string }> }> } | null,
  smartyVars: Record<string, { key?: string }>,
): TagFacts {
  return {
    varnameAttributes: (tag) =>
      Object.entries(facts?.tags.get(tag)?.attributes ?? {})
        .filter(([, a]) => a.type === 'varname')
        .map(([name]) => name),
    // `$smarty.foreach.NAME`: the SMARTY_VARS entries that take a name are named after their tag
    namedBy: (tag) => Object.hasOwn(smartyVars, tag) && smartyVars[tag].key !== undefined,
  };
}

export interface Scope {
  variables: Variable[];
  /** `$smarty.foreach.NAME` and the like: tag -> names */
  named: Map<string, string[]>;
}

function walk(nodes: readonly Node[], visit: (n: Node) => void): void {
  for (const n of nodes) {
    visit(n);
    if (n.type === 'Block') {
      walk(n.body, visit);
      if (n.alt) walk(n.alt, visit);
    } else if (n.type === 'If') {
      for (const b of n.branches) walk(b.body, visit);
      if (n.alternate) walk(n.alternate, visit);
    }
  }
}

/** A literal attribute value (`var=x`, `var="x"`), or null for an expression. */
function literal(value: Expr): string | null {
  if (value.type === 'String') return value.value;
  if (value.type === 'Number') return value.raw;
  return null;
}

/** The data path a `from=$a.b` reads, as keys; null when it is not a plain path. */
function dataPath(value: Expr): string[] | null {
  if (value.type !== 'Var') return null;
  const keys: string[] = [value.name];
  for (const a of value.path) {
    if (a.kind !== 'key') return null;
    keys.push(String(a.key));
  }
  return keys;
}

/** What `keys` reach inside `root` (objects by key, lists by index); undefined when nothing. */
export function valueAt(root: unknown, keys: readonly string[]): unknown {
  let v = root;
  for (const k of keys) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/** A sample element of a list or map: its first value. */
function elementOf(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return undefined;
  return Object.values(v as object)[0];
}

/** The keys a value offers for `$name.`: an object's keys, a list's first element's keys too. */
export function keysOf(v: unknown): string[] {
  if (v === null || typeof v !== 'object') return [];
  return Object.keys(v as object);
}

export function scopeAt(
  ast: Template,
  source: string,
  pos: number,
  facts: TagFacts,
  data: unknown,
  contextInputs: Record<string, string> = {},
  contextName = '',
): Scope {
  const variables = new Map<string, Variable>();
  const add = (v: Variable) => {
    if (!variables.has(v.name)) variables.set(v.name, v);
  };
  const named = new Map<string, string[]>();
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    for (const [name, sample] of Object.entries(data)) add({ name, source: 'data', sample });
  }
  for (const name of Object.keys(contextInputs)) {
    if (/^[A-Za-z_]\w*$/.test(name)) add({ name, source: `context ${contextName}`.trim() });
  }
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  walk(ast.body, (n) => {
    if (n.type !== 'Tag' && n.type !== 'Block') return;
    const start = n.type === 'Block' ? n.openSpan.start : n.span.start;
    if (start >= pos) return;
    const where = `{${n.name}} line ${lineOf(start)}`;
    const attrs = new Map<string, Attribute>(n.attrs.map((a) => [a.name, a]));
    const fromValue = attrs.get('from')?.value;
    const fromKeys = fromValue ? dataPath(fromValue) : null;
    const fromSample = fromKeys ? valueAt(data, fromKeys) : undefined;
    for (const attr of facts.varnameAttributes(n.name)) {
      const a = attrs.get(attr);
      const name = a ? literal(a.value) : null;
      if (!name) continue;
      // `var="a.b"` assigns into $a; `var="list."` appends to $list
      const root = name.split('.')[0];
      if (!/^[A-Za-z_]\w*$/.test(root)) continue;
      // a loop's item is an element of what it loops over; its key, a key of it
      const sample = attr === 'item' ? elementOf(fromSample) : undefined;
      add({ name: root, source: where, sample });
    }
    if (facts.namedBy(n.name)) {
      const a = attrs.get('name');
      const name = a ? literal(a.value) : null;
      if (name) named.set(n.name, [...(named.get(n.name) ?? []), name]);
    }
  });
  return { variables: [...variables.values()], named };
}
