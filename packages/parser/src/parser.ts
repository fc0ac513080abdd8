/**
 * Structure: walks the segments (text, comments, literal blocks, tags) in order,
 * keeps Smarty 2's tag stack, and builds the tree. Every error is reported and
 * parsing goes on with the next tag.
 */
import type { Attribute, BlockNode, IfNode, Modifier, Node, Span, Template, TextNode } from './ast';
import { attributeTokens, parseAttributes } from './attributes';
import { type Ctx, tok } from './context';
import { type Diagnostic, DiagnosticBag, DiagnosticCode } from './errors';
import { parseModifiers, valueFromScannedVar, valueFromToken } from './expressions';
import { parseIfCondition } from './if-expression';
import type { ParseOptions } from './options';
import { type Segment, segment } from './segments';
import { adviseUnrecognized, CORE_BLOCK_TAGS, splitTag, type TagHead } from './tags';
import { settleTokens, type Token } from './tokens';
import { textEmptied, textValue } from './whitespace';

/** `textformat` is Smarty's block plugin (the core blocks are CORE_BLOCK_TAGS). */
const DEFAULT_PLUGIN_BLOCKS = ['textformat'];
/** Function-form tags that compile to non-printing PHP (compiler functions and include). */
const SILENT_TAGS = new Set(['assign', 'include', 'break', 'continue']);
const LOOP_BLOCKS = new Set(['foreach', 'section']);
const ELSE_OF = new Map([
  ['foreachelse', 'foreach'],
  ['sectionelse', 'section'],
]);

const SMARTY3_TAGS = new Map<string, string>([
  [
    'for',
    'there is no {for} in Smarty 2: loop with {section name=i start=1 loop=4} or {foreach from=$list item=v}',
  ],
  ['while', 'there is no {while} in Smarty 2: loop with {section} or {foreach} and leave early with {break}'],
  ['block', 'template inheritance ({block}/{extends}) is Smarty 3 and is not available'],
  ['extends', 'template inheritance ({block}/{extends}) is Smarty 3 and is not available'],
]);

/** `{function name=x var=r}` calls a CMS custom function; only the Smarty 3 block form is rejected */
const SMARTY3_CLOSERS = new Map<string, string>([
  [
    'function',
    'template function definitions ({function}...{/function}) are Smarty 3: register a custom function and call it with {function name=... var=...}, or build the markup with {capture}',
  ],
]);

interface Frame {
  kind: 'if' | 'block';
  name: string;
  /** offset of the opening tag (its line goes into messages) */
  at: number;
  node: IfNode | BlockNode;
  /** the list new nodes go into */
  body: Node[];
  /** if: which part we are in; block: in the else branch */
  phase: 'if' | 'elseif' | 'else' | 'body' | 'alt';
}

interface PendingText {
  start: number;
  end: number;
  /** the segment before compiles to nothing (a comment): Smarty drops this text's first newline */
  afterEmptyTag: boolean;
  inStrip: boolean;
  firstInStrip: boolean;
}

export interface ParseResult {
  ast: Template;
  diagnostics: Diagnostic[];
}

type NameHead = Extract<TagHead, { kind: 'name' }>;
type TagSegment = Extract<Segment, { kind: 'tag' }>;

/**
 * Everything one parse keeps while it walks the segments. The steps below are plain
 * functions over it (no closures over locals), so a parse allocates no functions per
 * template or per tag.
 */
interface ParseState {
  src: string;
  ld: string;
  rd: string;
  diags: DiagnosticBag;
  /** what the expression and attribute parsers get; its `tokens` is one tag's scratch list */
  ctx: Ctx;
  /** the template's token stream; null unless `tokenize` asked for tokens */
  tokens: Token[] | null;
  blockNames: Set<string>;
  /** blocks whose body `{break}`/`{continue}` may end: foreach, section and the repeating plugins */
  loopNames: Set<string>;
  root: Node[];
  stack: Frame[];
  /** open Smarty 3 `{for}`, `{while}`, ... by name, so their closers are reported once */
  smarty3Open: Map<string, number>;
  /** the last text segment: how it is trimmed depends on the segment after it */
  pending: PendingText | null;
  /** the segment before compiles to nothing (a comment, `{assign}` without value) */
  afterEmpty: boolean;
  /** set by the segment being handled when it compiles to nothing */
  emptyTag: boolean;
  /**
   * the compiled template so far ends with a non-printing tag's `?>` (comments and
   * emptied text after it do not count): PHP eats the next newline of the output
   */
  afterCode: boolean;
  stripDepth: number;
  firstInStrip: boolean;
  /**
   * the last Text node, while only tags that compile to nothing (comments) follow it: the compiled
   * template then ends with its text, and Smarty drops one final `\n` of the compiled template
   */
  lastText: { body: Node[]; index: number } | null;
}

export function parseInternal(source: string, options: ParseOptions, tokens: Token[] | null): ParseResult {
  // a string built by concatenation is a rope; flatten it once so charCodeAt stays O(1)
  flatten(source);
  const st = createState(source, options, tokens);
  segment(source, st.ld, st.rd, (seg) => onSegment(st, seg));
  flushText(st, false);
  dropFinalNewline(st);
  closeUnclosed(st);
  return { ast: { type: 'Template', body: st.root, span: sp(0, source.length) }, diagnostics: st.diags.list };
}

function createState(source: string, options: ParseOptions, tokens: Token[] | null): ParseState {
  const ld = options.leftDelimiter || '{';
  const rd = options.rightDelimiter || '}';
  const diags = new DiagnosticBag(source);
  // tags record their tokens in `scratch`, which settleTokens sorts into `tokens`
  const scratch: Token[] | null = tokens ? [] : null;
  return {
    src: source,
    ld,
    rd,
    diags,
    ctx: { src: source, diags, tokens: scratch, ld, rd },
    tokens,
    blockNames: new Set([...CORE_BLOCK_TAGS, ...DEFAULT_PLUGIN_BLOCKS, ...(options.blockTags ?? [])]),
    loopNames: new Set([...LOOP_BLOCKS, ...(options.loopTags ?? [])]),
    root: [],
    stack: [],
    smarty3Open: new Map<string, number>(),
    pending: null,
    afterEmpty: false,
    emptyTag: false,
    afterCode: false,
    stripDepth: 0,
    firstInStrip: false,
    lastText: null,
  };
}

function sp(start: number, end: number): Span {
  return { start, end };
}

/** The list new nodes go into. */
function current(st: ParseState): Node[] {
  return st.stack.length ? st.stack[st.stack.length - 1].body : st.root;
}

function top(st: ParseState): Frame | undefined {
  return st.stack[st.stack.length - 1];
}

/* ---------------------------------------------------------------- */
/* The walk: one segment at a time                                   */
/* ---------------------------------------------------------------- */

/** Text waits in `pending`; any other segment first settles the text before it. */
function onSegment(st: ParseState, seg: Segment): void {
  if (seg.kind === 'text') {
    if (st.tokens) st.tokens.push({ type: 'text', start: seg.start, end: seg.end });
    st.pending = {
      start: seg.start,
      end: seg.end,
      afterEmptyTag: st.afterEmpty,
      inStrip: st.stripDepth > 0,
      firstInStrip: st.firstInStrip,
    };
    return;
  }
  const head = seg.kind === 'tag' && !seg.broken ? splitTag(st.src, seg.innerStart, seg.innerEnd) : null;
  const outerStripClose =
    head?.kind === 'name' && head.closing && head.name === 'strip' && st.stripDepth === 1;
  flushText(st, outerStripClose);
  st.firstInStrip = false;
  st.emptyTag = false;
  const silent = handleSegment(st, seg, head);
  st.afterEmpty = st.emptyTag;
  if (!st.emptyTag) {
    st.afterCode = silent;
    st.lastText = null;
  }
  const scratch = st.ctx.tokens;
  if (st.tokens && scratch) {
    settleTokens(st.src, scratch, st.tokens, seg.start, seg.end);
    // a new list for the next tag: emptying this one (`length = 0`) is a slow call into the engine
    st.ctx.tokens = [];
  }
}

/** The pending text becomes a Text node, trimmed as Smarty's compiler trims it. */
function flushText(st: ParseState, lastInStrip: boolean): void {
  const p = st.pending;
  if (!p) return;
  st.pending = null;
  const raw = st.src.slice(p.start, p.end);
  checkPhpTags(st.ctx, raw, p.start);
  const value = textValue(raw, {
    afterEmptyTag: p.afterEmptyTag,
    afterCode: st.afterCode,
    inStrip: p.inStrip,
    firstInStrip: p.firstInStrip,
    lastInStrip: lastInStrip && p.inStrip,
  });
  // the first output after `?>` takes PHP's newline-eating, whether it began with a newline or not
  if (st.afterCode && !textEmptied(raw, p.afterEmptyTag, p.inStrip)) st.afterCode = false;
  if (value === '') return;
  const body = current(st);
  body.push({ type: 'Text', value, origin: 'text', span: sp(p.start, p.end) });
  // text inside {strip} compiles to an echo: the compiled template does not end with its bytes
  st.lastText = p.inStrip ? null : { body, index: body.length - 1 };
}

/**
 * Smarty removes one `\n` at the very end of the compiled template: the end of the last text when
 * nothing but comments follows it (`x\n{* c *}` prints `x`, `x\n{$a}` keeps its newline).
 */
function dropFinalNewline(st: ParseState): void {
  const last = st.lastText;
  if (!last) return;
  const node = last.body[last.index] as Extract<Node, { type: 'Text' }>;
  if (!node.value.endsWith('\n')) return;
  const value = node.value.slice(0, -1);
  if (value === '') last.body.splice(last.index, 1);
  else last.body[last.index] = { ...node, value };
}

/** Tags still open at the end of the template: reported, and ended there. */
function closeUnclosed(st: ParseState): void {
  const { stack, diags } = st;
  for (let k = stack.length - 1; k >= 0; k--) {
    const f = stack[k];
    const open = f.node.type === 'If' ? f.node.branches[0].tagSpan : f.node.openSpan;
    diags.add(
      DiagnosticCode.UNCLOSED_TAG,
      open,
      { name: f.name, line: diags.line(f.at) },
      `add {/${f.name}}`,
    );
    finish(f, null, st.src.length);
  }
}

/** Handles one non-text segment; returns whether the newline after it is swallowed. */
function handleSegment(
  st: ParseState,
  seg: Exclude<Segment, { kind: 'text' }>,
  head: TagHead | null,
): boolean {
  if (seg.kind === 'comment') {
    tok(st.ctx, 'comment', seg.start, seg.end);
    current(st).push({ type: 'Comment', span: sp(seg.start, seg.end) });
    st.emptyTag = true;
    return false;
  }
  if (seg.kind === 'tag') return tagSegment(st, seg, head);
  return literalBlock(st, seg);
}

/** `{literal}...{/literal}` and `{php}...{/php}`, found before any tag. */
function literalBlock(st: ParseState, seg: Extract<Segment, { kind: 'literal' | 'php' }>): boolean {
  const { ctx, ld, rd } = st;
  tok(ctx, 'ldelim', seg.start, seg.start + ld.length);
  delimitedName(st, 'tagName', seg.start + ld.length, seg.openEnd - rd.length);
  tok(ctx, 'rdelim', seg.openEnd - rd.length, seg.openEnd);
  tok(ctx, 'literalBody', seg.openEnd, seg.closeStart);
  tok(ctx, 'ldelim', seg.closeStart, seg.closeStart + ld.length);
  delimitedName(st, 'closeTagName', seg.closeStart + ld.length, seg.end - rd.length);
  tok(ctx, 'rdelim', seg.end - rd.length, seg.end);
  if (seg.kind === 'php') {
    st.diags.add(
      DiagnosticCode.PHP_TAG,
      sp(seg.start, seg.openEnd),
      { content: '{php}' },
      'PHP code cannot run in templates',
    );
    return true;
  }
  const value = st.src.slice(seg.openEnd, seg.closeStart);
  if (value !== '')
    current(st).push({ type: 'Text', value, origin: 'literal', span: sp(seg.start, seg.end) });
  return false;
}

/** `{...}`: a comment, a printed value, or a named tag that opens or closes. */
function tagSegment(st: ParseState, seg: TagSegment, head: TagHead | null): boolean {
  const { ctx } = st;
  tok(ctx, 'ldelim', seg.start, seg.start + st.ld.length);
  tok(ctx, 'rdelim', seg.end - st.rd.length, seg.end);
  const a = seg.innerStart;
  const b = seg.innerEnd;
  const tagSpan = sp(seg.start, seg.end);
  if (seg.broken || !head || head.kind === 'invalid') {
    unrecognized(st, a, b, tagSpan);
    return false;
  }
  switch (head.kind) {
    case 'comment':
      tok(ctx, 'comment', seg.start, seg.end);
      current(st).push({ type: 'Comment', span: tagSpan });
      st.emptyTag = true;
      return false;
    case 'regobj':
      st.diags.add(DiagnosticCode.REGISTERED_OBJECT, tagSpan, { content: st.src.slice(a, b) });
      return false;
    case 'print': {
      const expr =
        head.varEnd < 0
          ? valueFromToken(ctx, a, head.valueEnd, 'print')
          : valueFromScannedVar(ctx, a, head.valueEnd, head.varEnd, head.mathAt, 'print');
      current(st).push({ type: 'Print', expr, span: tagSpan });
      if (head.restStart < b) ignoredAfterSpace(st, head.restStart, b);
      return false;
    }
    default:
      return head.closing ? closeTag(st, head, a, b, tagSpan) : openTag(st, head, a, b, tagSpan);
  }
}

/* ---------------------------------------------------------------- */
/* Opening tags                                                       */
/* ---------------------------------------------------------------- */

/**
 * A named tag without `/`, in Smarty's order: the compiler's own tags, Smarty 3
 * forms, block tags, and last function tags (core or plugin). Returns whether the
 * newline after it is swallowed.
 */
function openTag(st: ParseState, head: NameHead, a: number, b: number, tagSpan: Span): boolean {
  const name = head.name;
  nameToken(st, head, a);
  if (name === 'if') return openIf(st, head.argsStart, b, tagSpan);
  if (name === 'elseif') return elseifBranch(st, head.argsStart, b, tagSpan);
  if (name === 'else') return elseBranch(st, head.argsStart, b, tagSpan);
  if (name === 'ldelim' || name === 'rdelim') return delimiterTag(st, name, head.argsStart, b, tagSpan);
  const owner = ELSE_OF.get(name);
  if (owner) return loopElse(st, name, owner, head.argsStart, b, tagSpan);
  const smarty3 = SMARTY3_TAGS.get(name);
  if (smarty3) {
    tok(st.ctx, 'invalid', head.argsStart, b);
    st.smarty3Open.set(name, (st.smarty3Open.get(name) ?? 0) + 1);
    st.diags.add(DiagnosticCode.SMARTY3_FORM, tagSpan, { message: `unrecognized tag '${name}'` }, smarty3);
    return false;
  }
  if (name === 'literal') {
    // a {literal} with its {/literal} was a segment of its own
    st.diags.add(
      DiagnosticCode.UNCLOSED_TAG,
      tagSpan,
      { name: 'literal', line: st.diags.line(tagSpan.start) },
      'add {/literal}',
    );
    return false;
  }
  if (name === 'php') {
    st.diags.add(DiagnosticCode.PHP_TAG, tagSpan, { content: '{php}' }, 'PHP code cannot run in templates');
    return true;
  }
  if (st.blockNames.has(name)) return openBlock(st, head, b, tagSpan);
  return functionTag(st, head, b, tagSpan);
}

function openIf(st: ParseState, argsStart: number, b: number, tagSpan: Span): boolean {
  const test = parseIfCondition(st.ctx, argsStart, b, 'if', tagSpan);
  const node: IfNode = {
    type: 'If',
    branches: [{ test, body: [], tagSpan }],
    alternate: null,
    span: { ...tagSpan },
  };
  current(st).push(node);
  st.stack.push({
    kind: 'if',
    name: 'if',
    at: tagSpan.start,
    node,
    body: node.branches[0].body,
    phase: 'if',
  });
  return true;
}

function elseifBranch(st: ParseState, argsStart: number, b: number, tagSpan: Span): boolean {
  const f = top(st);
  const test = parseIfCondition(st.ctx, argsStart, b, 'elseif', tagSpan);
  if (f && f.kind === 'if' && f.phase !== 'else') {
    const branch = { test, body: [] as Node[], tagSpan };
    (f.node as IfNode).branches.push(branch);
    f.body = branch.body;
    f.phase = 'elseif';
  } else st.diags.add(DiagnosticCode.UNEXPECTED_TAG, tagSpan, { name: 'elseif' }, elseHint(st, f));
  return true;
}

function elseBranch(st: ParseState, argsStart: number, b: number, tagSpan: Span): boolean {
  const f = top(st);
  if (argsStart < b) {
    if (/^if\b/.test(st.src.slice(argsStart, b))) {
      tok(st.ctx, 'invalid', argsStart, b);
      st.diags.add(DiagnosticCode.ELSE_IF_IS_ELSE, sp(argsStart, b), {}, 'write {elseif ...}');
    } else ignoredArgs(st, 'else', argsStart, b);
  }
  if (f && f.kind === 'if' && f.phase !== 'else') {
    const node = f.node as IfNode;
    node.alternate = [];
    f.body = node.alternate;
    f.phase = 'else';
  } else st.diags.add(DiagnosticCode.UNEXPECTED_TAG, tagSpan, { name: 'else' }, elseHint(st, f));
  return true;
}

/** `{ldelim}` / `{rdelim}` print the delimiters. */
function delimiterTag(
  st: ParseState,
  name: 'ldelim' | 'rdelim',
  argsStart: number,
  b: number,
  tagSpan: Span,
): boolean {
  ignoredArgs(st, name, argsStart, b);
  const text: TextNode = {
    type: 'Text',
    value: name === 'ldelim' ? st.ld : st.rd,
    origin: name,
    span: tagSpan,
  };
  current(st).push(text);
  return false;
}

/** `{foreachelse}` / `{sectionelse}`: the branch of a loop that ran zero times. */
function loopElse(
  st: ParseState,
  name: string,
  owner: string,
  argsStart: number,
  b: number,
  tagSpan: Span,
): boolean {
  const f = top(st);
  ignoredArgs(st, name, argsStart, b);
  if (f && f.kind === 'block' && f.name === owner && f.phase === 'body') {
    const node = f.node as BlockNode;
    node.alt = [];
    node.altSpan = tagSpan;
    f.body = node.alt;
    f.phase = 'alt';
  } else {
    st.diags.add(
      DiagnosticCode.UNEXPECTED_TAG,
      tagSpan,
      { name },
      `{${name}} belongs inside {${owner}}...{/${owner}}, once`,
    );
  }
  return true;
}

function openBlock(st: ParseState, head: NameHead, b: number, tagSpan: Span): boolean {
  const { name, argsStart } = head;
  let attrs: Attribute[] = [];
  if (name === 'strip') ignoredArgs(st, name, argsStart, b);
  else if (name === 'foreach' && /^\$\S+\s+as\s/.test(st.src.slice(argsStart, b)))
    smarty3Foreach(st, argsStart, b);
  else attrs = parseAttributes(st.ctx, argsStart, b);
  if (head.modsEnd > head.nameEnd) modifiersOf(st, head);
  const node: BlockNode = {
    type: 'Block',
    name,
    attrs,
    body: [],
    alt: null,
    nameSpan: sp(head.nameStart, head.nameEnd),
    openSpan: tagSpan,
    altSpan: null,
    closeSpan: null,
    span: { ...tagSpan },
  };
  current(st).push(node);
  st.stack.push({ kind: 'block', name, at: tagSpan.start, node, body: node.body, phase: 'body' });
  if (name === 'strip' && st.stripDepth++ === 0) st.firstInStrip = true;
  return true;
}

/** A function tag: core (assign, include, break, continue, ...) or a plugin. */
function functionTag(st: ParseState, head: NameHead, b: number, tagSpan: Span): boolean {
  const name = head.name;
  const modifiers = modifiersOf(st, head);
  const attrs = parseAttributes(st.ctx, head.argsStart, b);
  if ((name === 'break' || name === 'continue') && !insideLoop(st)) {
    st.diags.add(DiagnosticCode.BREAK_OUTSIDE_LOOP, tagSpan, { name });
  }
  const nameSpan = sp(head.nameStart, head.nameEnd);
  current(st).push({ type: 'Tag', name, attrs, modifiers, nameSpan, span: tagSpan });
  // Smarty's {assign} without `var` or without `value` compiles to nothing at all (a warning)
  if (name === 'assign' && !(attrs.some((x) => x.name === 'var') && attrs.some((x) => x.name === 'value'))) {
    st.emptyTag = true;
  }
  return SILENT_TAGS.has(name);
}

function insideLoop(st: ParseState): boolean {
  for (const x of st.stack) if (x.kind === 'block' && st.loopNames.has(x.name)) return true;
  return false;
}

/** `{foreach $list as $k => $v}`: reported with the Smarty 2 form to write instead. */
function smarty3Foreach(st: ParseState, a: number, b: number): void {
  const { ctx, src } = st;
  const text = src.slice(a, b);
  const m = /^(\$\S+)\s+as\s+(?:\$(\w+)\s*=>\s*)?\$(\w+)/.exec(text);
  const from = m ? m[1] : text.split(/\s/)[0];
  const form = m
    ? `{foreach from=${from}${m[2] ? ` key=${m[2]}` : ''} item=${m[3]}}`
    : `{foreach from=${from} item=v}`;
  for (const t of attributeTokens({ ...ctx, diags: new DiagnosticBag(src) }, a, b))
    tok(ctx, 'invalid', t.start, t.end);
  st.diags.add(
    DiagnosticCode.SMARTY3_FORM,
    sp(a, b),
    { message: `invalid attribute name: '${from}'` },
    `{foreach ... as ...} is Smarty 3: write ${form}`,
  );
}

/* ---------------------------------------------------------------- */
/* Closing tags and the tag stack                                     */
/* ---------------------------------------------------------------- */

function closeTag(st: ParseState, head: NameHead, a: number, b: number, tagSpan: Span): boolean {
  const name = head.name;
  const { diags } = st;
  nameToken(st, head, a);
  const mods = modifiersOf(st, head);
  if (head.argsStart < b) ignoredArgs(st, `/${name}`, head.argsStart, b);
  const closer = SMARTY3_CLOSERS.get(name);
  if (closer) {
    diags.add(DiagnosticCode.SMARTY3_FORM, tagSpan, { message: `unrecognized tag '/${name}'` }, closer);
    return false;
  }
  const smarty3 = SMARTY3_TAGS.get(name);
  if (smarty3) {
    const open = st.smarty3Open.get(name) ?? 0;
    if (open > 0) st.smarty3Open.set(name, open - 1);
    else diags.add(DiagnosticCode.SMARTY3_FORM, tagSpan, { message: `unrecognized tag '/${name}'` }, smarty3);
    return false;
  }
  if (name === 'if' || st.blockNames.has(name)) {
    const isOuterStrip = name === 'strip' && st.stripDepth === 1;
    if (name === 'strip' && st.stripDepth > 0) st.stripDepth--;
    closeFrame(st, name, tagSpan, mods);
    // the outermost {/strip} compiles to "\n", which PHP eats instead of the text's newline
    return !isOuterStrip;
  }
  if (name === 'php' || name === 'literal') {
    diags.add(DiagnosticCode.UNKNOWN_TAG, tagSpan, { name: `/${name}` }, `{/${name}} without {${name}}`);
    return false;
  }
  diags.add(
    DiagnosticCode.UNKNOWN_TAG,
    tagSpan,
    { name: `/${name}` },
    `{/${name}} closes nothing: '${name}' is not a block tag`,
  );
  return false;
}

/** Pops the frame `{/name}` closes; frames opened inside it and left open end here too. */
function closeFrame(st: ParseState, name: string, tagSpan: Span, mods: Modifier[]): void {
  const { stack, diags } = st;
  const t = top(st);
  if (!t) {
    diags.add(DiagnosticCode.MISMATCHED_TAG, tagSpan, { name, expected: '' }, `there is no open {${name}}`);
    return;
  }
  let idx = -1;
  for (let k = stack.length - 1; k >= 0; k--) {
    if (stack[k].name === name) {
      idx = k;
      break;
    }
  }
  if (t.name !== name) {
    diags.add(DiagnosticCode.MISMATCHED_TAG, tagSpan, {
      name,
      expected: ` expected {/${t.name}} (opened line ${diags.line(t.at)}).`,
    });
    if (idx < 0) return;
    while (stack.length - 1 > idx) finish(stack.pop()!, null, tagSpan.start);
  }
  const f = stack.pop()!;
  if (f.kind === 'block' && mods.length) (f.node as BlockNode).closeModifiers = mods;
  finish(f, tagSpan, tagSpan.end);
}

function finish(f: Frame, close: Span | null, end: number): void {
  const node = f.node;
  if (node.type === 'Block') node.closeSpan = close;
  node.span = { start: node.span.start, end: close ? close.end : end };
}

function elseHint(st: ParseState, f: Frame | undefined): string {
  if (!f) return 'there is no open {if}';
  if (f.kind === 'if') return 'the {if} already has its {else}';
  return `the innermost open tag is {${f.name}} (line ${st.diags.line(f.at)}); close it first`;
}

/* ---------------------------------------------------------------- */
/* Small pieces shared by the steps                                   */
/* ---------------------------------------------------------------- */

/** `literal` inside `{ literal }`: the whitespace around it becomes whitespace tokens */
function delimitedName(st: ParseState, type: 'tagName' | 'closeTagName', a: number, b: number): void {
  const source = st.src;
  let i = a;
  let j = b;
  while (i < j && source.charCodeAt(i) <= 32) i++;
  while (j > i && source.charCodeAt(j - 1) <= 32) j--;
  tok(st.ctx, type, i, j);
}

function unrecognized(st: ParseState, a: number, b: number, tagSpan: Span): void {
  const content = st.src.slice(a, b);
  const advice = adviseUnrecognized(content);
  tok(st.ctx, 'invalid', a, b);
  st.diags.add(
    advice.smarty3 ? DiagnosticCode.SMARTY3_FORM : DiagnosticCode.UNRECOGNIZED_TAG,
    a < b ? sp(a, b) : tagSpan,
    advice.smarty3 ? { message: `unrecognized tag: ${content}` } : { content },
    advice.hint,
  );
}

/** What follows a printed value after a space: Smarty ignores it, we say why it is there. */
function ignoredAfterSpace(st: ParseState, start: number, end: number): void {
  const rest = st.src.slice(start, end);
  tok(st.ctx, 'invalid', start, end);
  let hint = 'a variable tag prints its value only; remove the rest';
  if (/^=(?!=)/.test(rest)) hint = 'to assign, write {assign var=name value=...}';
  else if (/^(?:[-+*/%]|==|!=|[<>]|&&|\|\|)/.test(rest))
    hint = 'write math without spaces ({$a+$b}) or use {math equation="..."}';
  else if (rest.startsWith('?')) hint = 'ternaries are Smarty 3: use {if}...{else}...{/if}';
  st.diags.add(DiagnosticCode.IGNORED_AFTER_SPACE, sp(start, end), { content: rest }, hint);
}

function ignoredArgs(st: ParseState, name: string, start: number, end: number): void {
  if (start >= end) return;
  tok(st.ctx, 'invalid', start, end);
  st.diags.add(DiagnosticCode.IGNORED_TAG_ARGS, sp(start, end), { name, content: st.src.slice(start, end) });
}

function nameToken(st: ParseState, head: NameHead, a: number): void {
  tok(st.ctx, head.closing ? 'closeTagName' : 'tagName', a, head.nameEnd);
}

function modifiersOf(st: ParseState, head: NameHead): Modifier[] {
  return head.modsEnd > head.nameEnd ? parseModifiers(st.ctx, head.nameEnd, head.modsEnd) : [];
}

/** ToNumber flattens a rope string in V8 (one linear pass); the number itself is not needed. */
function flatten(s: string): number {
  return Number(s);
}

/** Raw PHP tags in text are rejected (the CMS forbids PHP in templates). */
function checkPhpTags(ctx: Ctx, raw: string, offset: number): void {
  let i = raw.indexOf('<?');
  while (i >= 0) {
    let e = i + 2;
    while (e < raw.length && /\w|=/.test(raw[e]) && e < i + 7) e++;
    ctx.diags.add(
      DiagnosticCode.PHP_TAG,
      { start: offset + i, end: offset + e },
      { content: raw.slice(i, e) },
      'PHP code cannot run in templates; to print "<?", write {"<?"}',
    );
    i = raw.indexOf('<?', i + 2);
  }
}
