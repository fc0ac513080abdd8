/**
 * Static facts the codegen uses to keep hot loops lean: can anything in a
 * loop body write the loop's item or key variable? If nothing can, reads of
 * `$item` compile to a JS local instead of a variable-table lookup. Plugin
 * calls may assign anything (ctx.assign), so a plugin makes a body unsafe
 * unless its definition says which attribute names the one variable it
 * writes (`writes`) and that attribute is a literal naming another variable.
 */
import type { Attribute, BlockNode, Expr, Node } from '@sumi/parser';
import type { PluginRegistry } from '../plugin/registry';

/**
 * `refs`: also count a by-reference PHP function applied to one of the variables (`{$list|@sort}`
 * changes `$list` in place) as a write. Loops that keep their item in a local handle those calls
 * themselves (they change a copy of the local) and leave it off.
 */
export function mayWrite(
  nodes: readonly Node[],
  names: ReadonlySet<string>,
  registry?: PluginRegistry,
  refs = false,
): boolean {
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
          if (exprWrites(b.test) || mayWrite(b.body, names, registry, refs)) return true;
        }
        if (n.alternate && mayWrite(n.alternate, names, registry, refs)) return true;
        break;
      case 'Tag':
        if (n.name === 'break' || n.name === 'continue') break;
        if (attrsWrite(n.attrs)) return true;
        if (n.name === 'assign') {
          const v = n.attrs.find((a) => a.name === 'var')?.value;
          if (!v || v.type !== 'String' || touches(v.value, names)) return true;
          break;
        }
        {
          const def = registry?.tag(n.name);
          const writes = def?.kind === 'function' ? def.writes : undefined;
          if (writes === undefined) return true;
          const v = n.attrs.find((a) => a.name === writes)?.value;
          if (!v || v.type !== 'String' || touches(v.value, names)) return true;
        }
        break;
      case 'Block':
        if (attrsWrite(n.attrs) || blockMayWrite(n, names, registry, refs)) return true;
        break;
    }
  }
  return false;
}

function blockMayWrite(
  n: BlockNode,
  names: ReadonlySet<string>,
  registry: PluginRegistry | undefined,
  refs: boolean,
): boolean {
  switch (n.name) {
    case 'foreach':
      for (const a of n.attrs) {
        if (
          (a.name === 'item' || a.name === 'key') &&
          (a.value.type !== 'String' || names.has(a.value.value))
        )
          return true;
      }
      break;
    case 'capture':
      for (const a of n.attrs) {
        if (
          (a.name === 'assign' || a.name === 'append') &&
          (a.value.type !== 'String' || touches(a.value.value, names))
        )
          return true;
      }
      break;
    case 'section':
    case 'strip':
      break;
    default:
      return true;
  }
  return (
    mayWrite(n.body, names, registry, refs) || (n.alt !== null && mayWrite(n.alt, names, registry, refs))
  );
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
