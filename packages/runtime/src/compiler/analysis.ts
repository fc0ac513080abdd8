/**
 * Static facts the codegen uses to keep hot loops lean: can anything in a
 * loop body write the loop's item or key variable? If nothing can, reads of
 * `$item` compile to a JS local instead of a variable-table lookup. Plugin
 * calls may assign anything (ctx.assign), so a plugin makes a body unsafe
 * unless its definition says which attribute names the one variable it
 * writes (`writes`) and that attribute is a literal naming another variable.
 * A core tag says the same in its module (`writes`, a list).
 */
import type { Attribute, BlockNode, Expr, Node, TagNode } from '@sumi/parser';
import type { PluginRegistry } from '../plugin/registry';

/**
 * What the analysis reads of the tags: plugin definitions, and the core tags' `writes`
 * (CodegenState has both).
 */
export interface WriteFacts {
  readonly registry: PluginRegistry;
  readonly tags: ReadonlyMap<string, CoreTagWrites>;
}

/** the part of a core tag (state.ts CoreTag) the analysis reads */
interface CoreTagWrites {
  readonly writes?: readonly string[];
  readonly compileTag?: unknown;
  readonly compileBlock?: unknown;
}

/**
 * `refs`: also count a by-reference PHP function applied to one of the variables (`{$list|@sort}`
 * changes `$list` in place) as a write. Loops that keep their item in a local handle those calls
 * themselves (they change a copy of the local) and leave it off.
 */
export function mayWrite(
  nodes: readonly Node[],
  names: ReadonlySet<string>,
  facts: WriteFacts,
  refs = false,
): boolean {
  const { registry } = facts;
  const exprWrites = (e: Expr) => refs && changesByReference(e, names, registry);
  const attrsWrite = (attrs: readonly Attribute[]) => refs && attrs.some((a) => exprWrites(a.value));
  for (const n of nodes) {
    switch (n.type) {
      case 'Text':
      case 'Comment':
        break;
      case 'Print':
        if (exprWrites(n.expr)) return true;
        break;
      case 'If':
        for (const b of n.branches) {
          if (exprWrites(b.test) || mayWrite(b.body, names, facts, refs)) return true;
        }
        if (n.alternate && mayWrite(n.alternate, names, facts, refs)) return true;
        break;
      case 'Tag': {
        const core = facts.tags.get(n.name);
        if (core?.compileTag) {
          if (attrsWrite(n.attrs) || setsAny(n, core.writes, names)) return true;
          break;
        }
        if (attrsWrite(n.attrs)) return true;
        const def = registry.tag(n.name);
        const writes = def?.kind === 'function' ? def.writes : undefined;
        if (writes === undefined) return true;
        const v = n.attrs.find((a) => a.name === writes)?.value;
        if (!v || v.type !== 'String' || touches(v.value, names)) return true;
        break;
      }
      case 'Block': {
        if (attrsWrite(n.attrs)) return true;
        // a block plugin may set anything
        const core = facts.tags.get(n.name);
        if (!core?.compileBlock || setsAny(n, core.writes, names)) return true;
        if (mayWrite(n.body, names, facts, refs) || (n.alt !== null && mayWrite(n.alt, names, facts, refs)))
          return true;
        break;
      }
    }
  }
  return false;
}

/**
 * Can a core tag set one of `names`? Each of its `writes` attributes that is written must be a
 * literal naming another variable (undefined `writes`: it may set any).
 */
function setsAny(n: TagNode | BlockNode, writes: readonly string[] | undefined, names: ReadonlySet<string>) {
  if (writes === undefined) return true;
  for (const a of n.attrs) {
    if (writes.includes(a.name) && (a.value.type !== 'String' || touches(a.value.value, names))) return true;
  }
  return false;
}

/** does `e` apply a by-reference PHP function (`|@sort`, `|@array_push`...) directly to one of `names`? */
function changesByReference(e: Expr, names: ReadonlySet<string>, registry?: PluginRegistry): boolean {
  const any = (list: readonly Expr[]) => list.some((x) => changesByReference(x, names, registry));
  switch (e.type) {
    case 'Modified': {
      const first = e.modifiers[0];
      if (first?.whole && e.value.type === 'Var' && names.has(e.value.name)) {
        // without the registry, any `|@` modifier might be one
        if (registry === undefined || registry.modifier(first.name)?.byReference) return true;
      }
      return changesByReference(e.value, names, registry) || e.modifiers.some((m) => any(m.args));
    }
    case 'Var':
      return e.path.some((a) => a.kind === 'var' && changesByReference(a.expr, names, registry));
    case 'Interp':
      return e.parts.some((p) => typeof p !== 'string' && changesByReference(p, names, registry));
    case 'Binary':
      return changesByReference(e.left, names, registry) || changesByReference(e.right, names, registry);
    case 'Unary':
      return changesByReference(e.arg, names, registry);
    case 'Call':
      return any(e.args);
    case 'Is':
      return (
        changesByReference(e.value, names, registry) ||
        (e.by !== null && changesByReference(e.by, names, registry))
      );
    case 'Group':
      return changesByReference(e.expr, names, registry);
    default:
      return false;
  }
}

/** `r`, `r.x` and `r.` all write variable r */
function touches(path: string, names: ReadonlySet<string>): boolean {
  const dot = path.indexOf('.');
  return names.has(dot < 0 ? path : path.slice(0, dot));
}

/** does a section named `name` (or one whose name is only known at run time) start inside these nodes? */
export function hasSection(nodes: readonly Node[], name: string): boolean {
  for (const n of nodes) {
    if (n.type === 'If') {
      if (n.branches.some((b) => hasSection(b.body, name)) || (n.alternate && hasSection(n.alternate, name)))
        return true;
    } else if (n.type === 'Block') {
      if (n.name === 'section') {
        const a = n.attrs.find((x) => x.name === 'name');
        if (!a || a.value.type !== 'String' || a.value.value === name) return true;
      }
      if (hasSection(n.body, name) || (n.alt && hasSection(n.alt, name))) return true;
    }
  }
  return false;
}
