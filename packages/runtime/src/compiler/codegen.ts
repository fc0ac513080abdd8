/**
 * Template codegen: AST nodes → JavaScript statements appending to `o`.
 * Core tags live in `tags/`, one file each, and reach this dispatch through
 * `st.tags`; plugin tags are calls through their definition
 * (`tags/plugin-call.ts`).
 */
import type { BlockNode, Node, TagNode } from '@sumi/parser';
import { ErrorCodes } from '../errors';
import { compileExpr, compileModifiers } from './expressions';
import { type CodegenState, OUTPUT_CHECK } from './state';
import { compilePluginBlock, compilePluginTag } from './tags/plugin-call';

/** deeper block nesting than any real template has; beyond it the JS engine's own stack is at risk */
export const MAX_NESTING = 200;

export function compileNodes(st: CodegenState, nodes: readonly Node[]): string {
  if (st.depth >= MAX_NESTING) {
    const first = nodes[0];
    if (first) {
      st.error(
        ErrorCodes.LIMIT_DEPTH,
        { what: `blocks nested deeper than ${MAX_NESTING} levels` },
        first.span,
        'flatten the template',
      );
    }
    return '';
  }
  st.depth++;
  try {
    return compileNodesAt(st, nodes);
  } finally {
    st.depth--;
  }
}

function compileNodesAt(st: CodegenState, nodes: readonly Node[]): string {
  const statements = compileStatements(st, nodes);
  // `+`, not `join`: the pieces stay unflattened until the JS engine reads the whole code
  let code = '';
  for (const s of statements) code += s.code;
  // inside a capture or a block plugin `o` is a private buffer: those bodies stay whole
  return code.length > PART_SIZE && st.buffered === 0 ? splitBody(statements, st.options.async) : code;
}

/** the statements of `nodes`, one per node (adjacent text merged): the units a long template is split at */
export function compileStatements(st: CodegenState, nodes: readonly Node[]): Statement[] {
  const out: Statement[] = [];
  let text = '';
  const flush = () => {
    if (text)
      out.push({ code: `o += ${JSON.stringify(text)};\n`, leaves: NONE, labels: NONE, slots: NO_SLOTS });
    text = '';
  };
  for (const n of nodes) {
    if (n.type === 'Text') {
      text += n.value;
      continue;
    }
    if (n.type === 'Comment') continue;
    flush();
    const labels = st.labels.length;
    const jumps = st.jumps.length;
    const slots = st.slotUses.length;
    const code = compileNode(st, n);
    // most statements neither define nor leave a loop: they share one empty list
    out.push({
      code,
      leaves: st.jumps.length === jumps ? NONE : st.jumps.slice(jumps),
      labels: st.labels.length === labels ? NONE : st.labels.slice(labels),
      slots: st.slotUses.length === slots ? NO_SLOTS : st.slotUses.slice(slots),
    });
  }
  flush();
  return out;
}

const NONE: readonly string[] = Object.freeze([]);
const NO_SLOTS: readonly number[] = Object.freeze([]);

/**
 * A compiled statement, with the loop labels it jumps to and those it defines, and the variable
 * slots its code uses (CodegenState.slot; repeats allowed)
 */
export interface Statement {
  code: string;
  leaves: readonly string[];
  labels: readonly string[];
  slots: readonly number[];
}

/** generated source per function; V8 stops optimizing functions of about 60 KB of bytecode */
export const PART_SIZE = 24 * 1024;

/** consecutive statements grouped into parts of about PART_SIZE characters */
export function splitParts(statements: readonly Statement[]): Part[] {
  const parts: Part[] = [];
  let cur: Part = { code: '', leaves: false, slots: [] };
  let labels = new Set<string>();
  let jumps: string[] = [];
  const close = () => {
    cur.leaves = jumps.some((l) => !labels.has(l));
    parts.push(cur);
  };
  for (const s of statements) {
    if (cur.code.length > 0 && cur.code.length + s.code.length > PART_SIZE) {
      close();
      cur = { code: '', leaves: false, slots: [] };
      labels = new Set();
      jumps = [];
    }
    cur.code += s.code;
    for (const i of s.slots) cur.slots.push(i);
    for (const l of s.labels) labels.add(l);
    jumps.push(...s.leaves);
  }
  close();
  return parts;
}

/** a part's code, whether it breaks or continues a loop outside it, and the slots its code uses */
export interface Part {
  code: string;
  leaves: boolean;
  slots: number[];
}

/**
 * A long block body (a page inside `{if}` or `{foreach}`) runs in parts, each a function of its own
 * for V8 to optimize, called where the statements stood: the parts see the loop's locals, and `o`
 * goes in and comes back (it is the render's whole output here, so an error or `{return}` inside a
 * part reports it whole). A part with a `{break}`/`{continue}` for a loop outside it stays inline.
 */
function splitBody(statements: readonly Statement[], isAsync: boolean): string {
  let out = '';
  for (const part of splitParts(statements)) {
    if (part.leaves) {
      out += part.code;
      continue;
    }
    const wait = awaits(part.code, isAsync);
    const fn = `(${wait ? 'async ' : ''}(o) => {\n${guarded(part.code)}\n})(o)`;
    out += wait ? `o = rt.back(await ${fn});\n` : `o = ${fn};\n`;
  }
  return out;
}

/**
 * A function body running `code` on the output `o` and returning it: its own position `p`, and an
 * error leaves positioned with the output so far. The render function and every part use it.
 */
export function guarded(code: string): string {
  return `let p = -1;\ntry {\n${code}return o;\n} catch (e) { throw rt.positioned(e, p, o); }`;
}

/** must a part be async? (a false positive, `await` in a text literal, only makes it async) */
export function awaits(code: string, isAsync: boolean): boolean {
  return isAsync && /\bawait\b/.test(code);
}

function compileNode(st: CodegenState, n: Exclude<Node, { type: 'Text' | 'Comment' }>): string {
  switch (n.type) {
    case 'Print':
      return `p = ${st.position(n.span)}; o += str(${compileExpr(st, n.expr)});${OUTPUT_CHECK}\n`;
    case 'If': {
      const compileIf = st.tags.get('if')?.compileIf;
      if (!compileIf) throw new Error('the core tags lack {if}');
      return compileIf(st, n);
    }
    case 'Tag':
      return compileTag(st, n);
    case 'Block':
      return compileBlock(st, n);
  }
}

function compileTag(st: CodegenState, n: TagNode): string {
  const core = st.tags.get(n.name)?.compileTag;
  if (core) return core(st, n);
  // the parser rejects {php} and Smarty 3's tags; {include_php} reaches this far
  if (n.name === 'include_php') {
    st.error(
      ErrorCodes.PHP_FORBIDDEN,
      { name: n.name },
      n.nameSpan,
      '{include_php} is not allowed: templates cannot run PHP code',
    );
    return '';
  }
  const def = st.registry.tag(n.name);
  if (!def || def.kind === 'compiler') {
    st.error(ErrorCodes.UNKNOWN_TAG, { name: n.name }, n.nameSpan, unknownTagHint(n.name));
    return '';
  }
  if (def.kind === 'block') {
    st.error(ErrorCodes.NOT_A_BLOCK, { name: n.name }, n.span);
    return '';
  }
  return compilePluginTag(st, n, def, (value) => compileModifiers(st, value, n.modifiers));
}

function compileBlock(st: CodegenState, n: BlockNode): string {
  const core = st.tags.get(n.name)?.compileBlock;
  if (core) return core(st, n);
  const def = st.registry.tag(n.name);
  if (!def || def.kind !== 'block') {
    st.error(ErrorCodes.UNKNOWN_TAG, { name: n.name }, n.nameSpan, unknownTagHint(n.name));
    return '';
  }
  return compilePluginBlock(st, n, def, (nodes) => compileNodes(st, nodes));
}

function unknownTagHint(name: string): string | undefined {
  if (name === 'true' || name === 'false' || name === 'null') return `to print a value use a variable: {$x}`;
  return undefined;
}
