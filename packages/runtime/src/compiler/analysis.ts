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
 * What a loop body may write, found in one pass: `any` when something in it may assign any
 * variable (a plugin without `writes`, a `writes` attribute that is not a literal), else the
 * variables it names. Asking "may it write X?" for each variable of a body is then a set lookup
 * (a walk of the whole body per variable made compiling quadratic).
 */
export interface WriteSummary {
  any: boolean;
  names: Set<string>;
}

/**
 * `refs`: also count a by-reference PHP function applied to one of the variables (`{$list|@sort}`
 * changes `$list` in place) as a write. Loops that keep their item in a local handle those calls
 * themselves (they change a copy of the local) and leave it off.
 */
export function writeSummary(
  nodes: readonly Node[],
  facts: WriteFacts,
  refs = false,
  /** go on past a write of any variable: every name written by name is listed (`any` is set too) */
  allNames = false,
): WriteSummary {
  const out: WriteSummary = { any: false, names: new Set() };
  const { registry } = facts;
  const exprWrites = (e: Expr) => {
    if (refs) byReferenceTargets(e, registry, out.names);
  };
  const attrsWrite = (attrs: readonly Attribute[]) => {
    if (refs) for (const a of attrs) exprWrites(a.value);
  };
  // an explicit stack instead of recursion: nesting depth costs no JS stack
  const stack: (readonly Node[])[] = [nodes];
  while (stack.length > 0 && (allNames || !out.any)) {
    for (const n of stack.pop()!) {
      switch (n.type) {
        case 'Text':
        case 'Comment':
          break;
        case 'Print':
          exprWrites(n.expr);
          break;
        case 'If':
          for (const b of n.branches) {
            exprWrites(b.test);
            stack.push(b.body);
          }
          if (n.alternate) stack.push(n.alternate);
          break;
        case 'Tag': {
          attrsWrite(n.attrs);
          const core = facts.tags.get(n.name);
          if (core?.compileTag) {
            addSets(n, core.writes, out);
            break;
          }
          const def = registry.tag(n.name);
          const writes = def?.kind === 'function' ? def.writes : undefined;
          const v = writes === undefined ? undefined : n.attrs.find((a) => a.name === writes)?.value;
          if (!v || v.type !== 'String') out.any = true;
          else out.names.add(head(v.value));
          break;
        }
        case 'Block': {
          attrsWrite(n.attrs);
          // a block plugin may set anything
          const core = facts.tags.get(n.name);
          if (!core?.compileBlock) out.any = true;
          else addSets(n, core.writes, out);
          stack.push(n.body);
          if (n.alt !== null) stack.push(n.alt);
          break;
        }
      }
    }
  }
  return out;
}

/** may `nodes` write one of `names`? (see writeSummary; `refs` as there) */
export function mayWrite(
  nodes: readonly Node[],
  names: ReadonlySet<string>,
  facts: WriteFacts,
  refs = false,
): boolean {
  return summaryWrites(writeSummary(nodes, facts, refs), names);
}

export function summaryWrites(summary: WriteSummary, names: ReadonlySet<string>): boolean {
  if (summary.any) return true;
  for (const n of names) if (summary.names.has(n)) return true;
  return false;
}

/**
 * What a core tag can set: each of its `writes` attributes that is written must be a literal naming
 * a variable (undefined `writes`: it may set any).
 */
function addSets(n: TagNode | BlockNode, writes: readonly string[] | undefined, out: WriteSummary): void {
  if (writes === undefined) {
    out.any = true;
    return;
  }
  for (const a of n.attrs) {
    if (!writes.includes(a.name)) continue;
    if (a.value.type !== 'String') out.any = true;
    else out.names.add(head(a.value.value));
  }
}

/**
 * The variables `e` applies a by-reference PHP function (`|@sort`, `|@array_push`...) to directly,
 * added to `into`. Iterative over operator chains: a flat `a && b && ...` is deep on its left.
 */
function byReferenceTargets(root: Expr, registry: PluginRegistry | undefined, into: Set<string>): void {
  const todo: Expr[] = [root];
  while (todo.length > 0) {
    const e = todo.pop()!;
    switch (e.type) {
      case 'Modified': {
        const first = pipedModifier(e.modifiers);
        // without the registry, any `|@` modifier might be one
        if (
          first?.whole &&
          e.value.type === 'Var' &&
          (registry === undefined || registry.modifier(first.name)?.byReference)
        ) {
          into.add(e.value.name);
        }
        todo.push(e.value);
        for (const m of e.modifiers) todo.push(...m.args);
        break;
      }
      case 'Var':
        for (const a of e.path) if (a.kind === 'var') todo.push(a.expr);
        break;
      case 'Interp':
        for (const p of e.parts) if (typeof p !== 'string') todo.push(p);
        break;
      case 'Binary':
        todo.push(e.left, e.right);
        break;
      case 'Unary':
        todo.push(e.arg);
        break;
      case 'Call':
        todo.push(...e.args);
        break;
      case 'Is':
        todo.push(e.value);
        if (e.by !== null) todo.push(e.by);
        break;
      case 'Group':
        todo.push(e.expr);
        break;
    }
  }
}

/**
 * The modifier a piped value goes to first: `|smarty:nodefaults` is no call (Smarty drops it), so in
 * `{$a|smarty:nodefaults|@sort}` the variable itself goes to sort.
 */
export function pipedModifier<M extends { name: string }>(modifiers: readonly M[]): M | undefined {
  return modifiers.find((m) => m.name !== 'smarty');
}

/** `r`, `r.x` and `r.` all write variable r */
function head(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}

/**
 * Does a `tag` loop that takes Smarty's table entry of `name` (null: a name known at run time only)
 * start inside these nodes: one named `name`, or one whose name is known at run time only? (A
 * foreach without a name has no entry.)
 */
export function hasNamedLoop(
  nodes: readonly Node[],
  tag: 'section' | 'foreach',
  name: string | null,
): boolean {
  const stack: (readonly Node[])[] = [nodes];
  while (stack.length > 0) {
    for (const n of stack.pop()!) {
      if (n.type === 'If') {
        for (const b of n.branches) stack.push(b.body);
        if (n.alternate) stack.push(n.alternate);
      } else if (n.type === 'Block') {
        if (n.name === tag) {
          const a = n.attrs.find((x) => x.name === 'name');
          if (
            a === undefined
              ? tag === 'section'
              : a.value.type !== 'String' || name === null || a.value.value === name
          )
            return true;
        }
        stack.push(n.body);
        if (n.alt) stack.push(n.alt);
      }
    }
  }
  return false;
}
