/**
 * Static facts the codegen uses to keep hot loops lean: can anything in a
 * loop body write the loop's item or key variable? If nothing can, reads of
 * `$item` compile to a JS local instead of a variable-table lookup. Plugin
 * calls may assign anything (ctx.assign), so a plugin makes a body unsafe
 * unless its definition says which attribute names the one variable it
 * writes (`writes`) and that attribute is a literal naming another variable.
 */
import type { BlockNode, Node } from '@sumi/parser';
import type { PluginRegistry } from '../plugin/registry';

export function mayWrite(
  nodes: readonly Node[],
  names: ReadonlySet<string>,
  registry?: PluginRegistry,
): boolean {
  for (const n of nodes) {
    switch (n.type) {
      case 'Text':
      case 'Comment':
      case 'Print':
        break;
      case 'If':
        for (const b of n.branches) if (mayWrite(b.body, names, registry)) return true;
        if (n.alternate && mayWrite(n.alternate, names, registry)) return true;
        break;
      case 'Tag':
        if (n.name === 'break' || n.name === 'continue') break;
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
        if (blockMayWrite(n, names, registry)) return true;
        break;
    }
  }
  return false;
}

function blockMayWrite(n: BlockNode, names: ReadonlySet<string>, registry?: PluginRegistry): boolean {
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
  return mayWrite(n.body, names, registry) || (n.alt !== null && mayWrite(n.alt, names, registry));
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
