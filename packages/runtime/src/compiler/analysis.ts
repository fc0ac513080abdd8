/**
 * Static facts the codegen uses to keep hot loops lean: can anything in a
 * loop body write the loop's item or key variable? If nothing can, reads of
 * `$item` compile to a JS local instead of a variable-table lookup. Plugin
 * calls may assign anything (ctx.assign), so any plugin makes a body unsafe.
 */
import type { BlockNode, Node } from '@sumi/parser';

export function mayWrite(nodes: readonly Node[], names: ReadonlySet<string>): boolean {
  for (const n of nodes) {
    switch (n.type) {
      case 'Text':
      case 'Comment':
      case 'Print':
        break;
      case 'If':
        for (const b of n.branches) if (mayWrite(b.body, names)) return true;
        if (n.alternate && mayWrite(n.alternate, names)) return true;
        break;
      case 'Tag':
        if (n.name === 'break' || n.name === 'continue') break;
        if (n.name === 'assign') {
          const v = n.attrs.find((a) => a.name === 'var')?.value;
          if (!v || v.type !== 'String' || touches(v.value, names)) return true;
          break;
        }
        return true;
      case 'Block':
        if (blockMayWrite(n, names)) return true;
        break;
    }
  }
  return false;
}

function blockMayWrite(n: BlockNode, names: ReadonlySet<string>): boolean {
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
  return mayWrite(n.body, names) || (n.alt !== null && mayWrite(n.alt, names));
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
