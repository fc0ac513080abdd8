/**
 * Structure: walks the segments (text, comments, literal blocks, tags) in order,
 * keeps Smarty 2's tag stack, and builds the tree. Every error is reported and
 * parsing goes on with the next tag.
 */
import type { Attribute, BlockNode, IfNode, Modifier, Node, Span, Template, TextNode } from './ast';
import { attributeTokens, parseAttributes } from './attributes';
import { type Ctx, tok } from './context';
import { type Diagnostic, DiagnosticBag, DiagnosticCode } from './errors';
import { parseModifiers, valueFromToken } from './expressions';
import { parseIfCondition } from './if-expression';
import type { ParseOptions } from './options';
import { type Segment, segment } from './scanner';
import { adviseUnrecognized, CORE_BLOCK_TAGS, splitTag, type TagHead } from './tags';
import { settleTokens, type Token } from './tokenizer';
import { textValue } from './whitespace';

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
  afterSilentTag: boolean;
  inStrip: boolean;
  firstInStrip: boolean;
}

export interface ParseResult {
  ast: Template;
  diagnostics: Diagnostic[];
}

export function parseInternal(source: string, options: ParseOptions, tokens: Token[] | null): ParseResult {
  // a string built by concatenation is a rope; flatten it once so charCodeAt stays O(1)
  flatten(source);
  const ld = options.leftDelimiter || '{';
  const rd = options.rightDelimiter || '}';
  const diags = new DiagnosticBag(source);
  // tags record their tokens in `scratch`, which settleTokens sorts into `tokens`
  const scratch: Token[] | null = tokens ? [] : null;
  const ctx: Ctx = { src: source, diags, tokens: scratch, ld, rd };
  const blockNames = new Set([...CORE_BLOCK_TAGS, ...DEFAULT_PLUGIN_BLOCKS, ...(options.blockTags ?? [])]);
  const root: Node[] = [];
  const stack: Frame[] = [];
  const smarty3Open = new Map<string, number>();

  let pending: PendingText | null = null;
  let afterSilent = false;
  let stripDepth = 0;
  let firstInStrip = false;

  const current = (): Node[] => (stack.length ? stack[stack.length - 1].body : root);
  const top = (): Frame | undefined => stack[stack.length - 1];
  const sp = (start: number, end: number): Span => ({ start, end });

  const flushText = (lastInStrip: boolean, atEnd: boolean) => {
    if (!pending) return;
    const p = pending;
    pending = null;
    const raw = source.slice(p.start, p.end);
    checkPhpTags(ctx, raw, p.start);
    const value = textValue(raw, {
      afterSilentTag: p.afterSilentTag,
      inStrip: p.inStrip,
      firstInStrip: p.firstInStrip,
      lastInStrip: lastInStrip && p.inStrip,
      atEnd: atEnd && !p.inStrip,
    });
    if (value !== '') current().push({ type: 'Text', value, origin: 'text', span: sp(p.start, p.end) });
  };

  segment(source, ld, rd, (seg) => {
    if (seg.kind === 'text') {
      if (tokens) tokens.push({ type: 'text', start: seg.start, end: seg.end });
      pending = {
        start: seg.start,
        end: seg.end,
        afterSilentTag: afterSilent,
        inStrip: stripDepth > 0,
        firstInStrip,
      };
      return;
    }
    const head = seg.kind === 'tag' && !seg.broken ? splitTag(source, seg.innerStart, seg.innerEnd) : null;
    const outerStripClose =
      head?.kind === 'name' && head.closing && head.name === 'strip' && stripDepth === 1;
    flushText(outerStripClose, false);
    firstInStrip = false;
    afterSilent = handleSegment(seg, head);
    if (tokens && scratch) {
      settleTokens(source, scratch, tokens, seg.start, seg.end);
      scratch.length = 0;
    }
  });
  flushText(false, true);

  for (let k = stack.length - 1; k >= 0; k--) {
    const f = stack[k];
    const open = f.node.type === 'If' ? f.node.branches[0].tagSpan : f.node.openSpan;
    diags.add(
      DiagnosticCode.UNCLOSED_TAG,
      open,
      { name: f.name, line: diags.line(f.at) },
      `add {/${f.name}}`,
    );
    finish(f, null, source.length);
  }

  return { ast: { type: 'Template', body: root, span: sp(0, source.length) }, diagnostics: diags.list };

  /* ---------------------------------------------------------------- */

  /** Handles one non-text segment; returns whether the newline after it is swallowed. */
  function handleSegment(seg: Exclude<Segment, { kind: 'text' }>, head: TagHead | null): boolean {
    if (seg.kind === 'comment') {
      tok(ctx, 'comment', seg.start, seg.end);
      current().push({ type: 'Comment', span: sp(seg.start, seg.end) });
      return true;
    }
    if (seg.kind === 'literal' || seg.kind === 'php') {
      tok(ctx, 'ldelim', seg.start, seg.start + ld.length);
      delimitedName('tagName', seg.start + ld.length, seg.openEnd - rd.length);
      tok(ctx, 'rdelim', seg.openEnd - rd.length, seg.openEnd);
      tok(ctx, 'literalBody', seg.openEnd, seg.closeStart);
      tok(ctx, 'ldelim', seg.closeStart, seg.closeStart + ld.length);
      delimitedName('closeTagName', seg.closeStart + ld.length, seg.end - rd.length);
      tok(ctx, 'rdelim', seg.end - rd.length, seg.end);
      if (seg.kind === 'php') {
        diags.add(
          DiagnosticCode.PHP_TAG,
          sp(seg.start, seg.openEnd),
          { content: '{php}' },
          'PHP code cannot run in templates',
        );
        return true;
      }
      const value = source.slice(seg.openEnd, seg.closeStart);
      if (value !== '')
        current().push({ type: 'Text', value, origin: 'literal', span: sp(seg.start, seg.end) });
      return false;
    }
    if (seg.kind !== 'tag') return false;
    tok(ctx, 'ldelim', seg.start, seg.start + ld.length);
    tok(ctx, 'rdelim', seg.end - rd.length, seg.end);
    const a = seg.innerStart;
    const b = seg.innerEnd;
    const tagSpan = sp(seg.start, seg.end);
    if (seg.broken || !head || head.kind === 'invalid') {
      unrecognized(a, b, tagSpan);
      return false;
    }
    switch (head.kind) {
      case 'comment':
        tok(ctx, 'comment', seg.start, seg.end);
        current().push({ type: 'Comment', span: tagSpan });
        return true;
      case 'regobj':
        diags.add(DiagnosticCode.REGISTERED_OBJECT, tagSpan, { content: source.slice(a, b) });
        return false;
      case 'print': {
        const expr = valueFromToken(ctx, a, head.valueEnd, 'print');
        current().push({ type: 'Print', expr, span: tagSpan });
        if (head.restStart < b) ignoredAfterSpace(head.restStart, b);
        return false;
      }
      default:
        return head.closing ? closeTag(head, a, b, tagSpan) : openTag(head, a, b, tagSpan);
    }
  }

  /** `literal` inside `{ literal }`: the whitespace around it becomes whitespace tokens */
  function delimitedName(type: 'tagName' | 'closeTagName', a: number, b: number) {
    let i = a;
    let j = b;
    while (i < j && source.charCodeAt(i) <= 32) i++;
    while (j > i && source.charCodeAt(j - 1) <= 32) j--;
    tok(ctx, type, i, j);
  }

  function unrecognized(a: number, b: number, tagSpan: Span) {
    const content = source.slice(a, b);
    const advice = adviseUnrecognized(content);
    tok(ctx, 'invalid', a, b);
    diags.add(
      advice.smarty3 ? DiagnosticCode.SMARTY3_FORM : DiagnosticCode.UNRECOGNIZED_TAG,
      a < b ? sp(a, b) : tagSpan,
      advice.smarty3 ? { message: `unrecognized tag: ${content}` } : { content },
      advice.hint,
    );
  }

  function ignoredAfterSpace(start: number, end: number) {
    const rest = source.slice(start, end);
    tok(ctx, 'invalid', start, end);
    let hint = 'a variable tag prints its value only; remove the rest';
    if (/^=(?!=)/.test(rest)) hint = 'to assign, write {assign var=name value=...}';
    else if (/^(?:[-+*/%]|==|!=|[<>]|&&|\|\|)/.test(rest))
      hint = 'write math without spaces ({$a+$b}) or use {math equation="..."}';
    else if (rest.startsWith('?')) hint = 'ternaries are Smarty 3: use {if}...{else}...{/if}';
    diags.add(DiagnosticCode.IGNORED_AFTER_SPACE, sp(start, end), { content: rest }, hint);
  }

  function ignoredArgs(name: string, start: number, end: number) {
    if (start >= end) return;
    tok(ctx, 'invalid', start, end);
    diags.add(DiagnosticCode.IGNORED_TAG_ARGS, sp(start, end), { name, content: source.slice(start, end) });
  }

  function nameToken(head: Extract<TagHead, { kind: 'name' }>, a: number) {
    tok(ctx, head.closing ? 'closeTagName' : 'tagName', a, head.nameEnd);
  }

  function modifiersOf(head: Extract<TagHead, { kind: 'name' }>): Modifier[] {
    return head.modsEnd > head.nameEnd ? parseModifiers(ctx, head.nameEnd, head.modsEnd) : [];
  }

  function openTag(head: Extract<TagHead, { kind: 'name' }>, a: number, b: number, tagSpan: Span): boolean {
    const name = head.name;
    const argsStart = head.argsStart;
    const nameSpan = sp(head.nameStart, head.nameEnd);
    nameToken(head, a);
    const at = tagSpan.start;
    const f = top();

    if (name === 'if') {
      const test = parseIfCondition(ctx, argsStart, b, 'if', tagSpan);
      const node: IfNode = {
        type: 'If',
        branches: [{ test, body: [], tagSpan }],
        alternate: null,
        span: { ...tagSpan },
      };
      current().push(node);
      stack.push({ kind: 'if', name: 'if', at, node, body: node.branches[0].body, phase: 'if' });
      return true;
    }
    if (name === 'elseif') {
      const test = parseIfCondition(ctx, argsStart, b, 'elseif', tagSpan);
      if (f && f.kind === 'if' && f.phase !== 'else') {
        const branch = { test, body: [] as Node[], tagSpan };
        (f.node as IfNode).branches.push(branch);
        f.body = branch.body;
        f.phase = 'elseif';
      } else diags.add(DiagnosticCode.UNEXPECTED_TAG, tagSpan, { name: 'elseif' }, elseHint(f));
      return true;
    }
    if (name === 'else') {
      if (argsStart < b) {
        if (/^if\b/.test(source.slice(argsStart, b))) {
          tok(ctx, 'invalid', argsStart, b);
          diags.add(DiagnosticCode.ELSE_IF_IS_ELSE, sp(argsStart, b), {}, 'write {elseif ...}');
        } else ignoredArgs('else', argsStart, b);
      }
      if (f && f.kind === 'if' && f.phase !== 'else') {
        const node = f.node as IfNode;
        node.alternate = [];
        f.body = node.alternate;
        f.phase = 'else';
      } else diags.add(DiagnosticCode.UNEXPECTED_TAG, tagSpan, { name: 'else' }, elseHint(f));
      return true;
    }
    if (name === 'ldelim' || name === 'rdelim') {
      ignoredArgs(name, argsStart, b);
      const text: TextNode = {
        type: 'Text',
        value: name === 'ldelim' ? ld : rd,
        origin: name,
        span: tagSpan,
      };
      current().push(text);
      return false;
    }
    const owner = ELSE_OF.get(name);
    if (owner) {
      ignoredArgs(name, argsStart, b);
      if (f && f.kind === 'block' && f.name === owner && f.phase === 'body') {
        const node = f.node as BlockNode;
        node.alt = [];
        node.altSpan = tagSpan;
        f.body = node.alt;
        f.phase = 'alt';
      } else {
        diags.add(
          DiagnosticCode.UNEXPECTED_TAG,
          tagSpan,
          { name },
          `{${name}} belongs inside {${owner}}...{/${owner}}, once`,
        );
      }
      return true;
    }
    const smarty3 = SMARTY3_TAGS.get(name);
    if (smarty3) {
      tok(ctx, 'invalid', argsStart, b);
      smarty3Open.set(name, (smarty3Open.get(name) ?? 0) + 1);
      diags.add(DiagnosticCode.SMARTY3_FORM, tagSpan, { message: `unrecognized tag '${name}'` }, smarty3);
      return false;
    }
    if (name === 'literal') {
      diags.add(
        DiagnosticCode.UNCLOSED_TAG,
        tagSpan,
        { name: 'literal', line: diags.line(at) },
        'add {/literal}',
      );
      return false;
    }
    if (name === 'php') {
      diags.add(DiagnosticCode.PHP_TAG, tagSpan, { content: '{php}' }, 'PHP code cannot run in templates');
      return true;
    }
    if (blockNames.has(name)) {
      let attrs: Attribute[] = [];
      if (name === 'strip') ignoredArgs(name, argsStart, b);
      else if (name === 'foreach' && /^\$\S+\s+as\s/.test(source.slice(argsStart, b)))
        smarty3Foreach(argsStart, b);
      else attrs = parseAttributes(ctx, argsStart, b);
      if (head.modsEnd > head.nameEnd) modifiersOf(head);
      const node: BlockNode = {
        type: 'Block',
        name,
        attrs,
        body: [],
        alt: null,
        nameSpan,
        openSpan: tagSpan,
        altSpan: null,
        closeSpan: null,
        span: { ...tagSpan },
      };
      current().push(node);
      stack.push({ kind: 'block', name, at, node, body: node.body, phase: 'body' });
      if (name === 'strip' && stripDepth++ === 0) firstInStrip = true;
      return true;
    }
    // a function tag: core (assign, include, break, continue, ...) or a plugin
    const modifiers = modifiersOf(head);
    const attrs = parseAttributes(ctx, argsStart, b);
    if (
      (name === 'break' || name === 'continue') &&
      !stack.some((x) => x.kind === 'block' && LOOP_BLOCKS.has(x.name))
    ) {
      diags.add(DiagnosticCode.BREAK_OUTSIDE_LOOP, tagSpan, { name });
    }
    current().push({ type: 'Tag', name, attrs, modifiers, nameSpan, span: tagSpan });
    return SILENT_TAGS.has(name);
  }

  function closeTag(head: Extract<TagHead, { kind: 'name' }>, a: number, b: number, tagSpan: Span): boolean {
    const name = head.name;
    nameToken(head, a);
    const mods = modifiersOf(head);
    ignoredArgs(`/${name}`, head.argsStart, b);
    const closer = SMARTY3_CLOSERS.get(name);
    if (closer) {
      diags.add(DiagnosticCode.SMARTY3_FORM, tagSpan, { message: `unrecognized tag '/${name}'` }, closer);
      return false;
    }
    const smarty3 = SMARTY3_TAGS.get(name);
    if (smarty3) {
      const open = smarty3Open.get(name) ?? 0;
      if (open > 0) smarty3Open.set(name, open - 1);
      else
        diags.add(DiagnosticCode.SMARTY3_FORM, tagSpan, { message: `unrecognized tag '/${name}'` }, smarty3);
      return false;
    }
    if (name === 'if' || blockNames.has(name)) {
      const isOuterStrip = name === 'strip' && stripDepth === 1;
      if (name === 'strip' && stripDepth > 0) stripDepth--;
      closeFrame(name, tagSpan, mods);
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

  function closeFrame(name: string, tagSpan: Span, mods: Modifier[]) {
    const t = top();
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

  function finish(f: Frame, close: Span | null, end: number) {
    const node = f.node;
    if (node.type === 'Block') node.closeSpan = close;
    node.span = { start: node.span.start, end: close ? close.end : end };
  }

  function elseHint(f: Frame | undefined): string {
    if (!f) return 'there is no open {if}';
    if (f.kind === 'if') return 'the {if} already has its {else}';
    return `the innermost open tag is {${f.name}} (line ${diags.line(f.at)}); close it first`;
  }

  function smarty3Foreach(a: number, b: number) {
    const text = source.slice(a, b);
    const m = /^(\$\S+)\s+as\s+(?:\$(\w+)\s*=>\s*)?\$(\w+)/.exec(text);
    const from = m ? m[1] : text.split(/\s/)[0];
    const form = m
      ? `{foreach from=${from}${m[2] ? ` key=${m[2]}` : ''} item=${m[3]}}`
      : `{foreach from=${from} item=v}`;
    for (const t of attributeTokens({ ...ctx, diags: new DiagnosticBag(source) }, a, b))
      tok(ctx, 'invalid', t.start, t.end);
    diags.add(
      DiagnosticCode.SMARTY3_FORM,
      sp(a, b),
      { message: `invalid attribute name: '${from}'` },
      `{foreach ... as ...} is Smarty 3: write ${form}`,
    );
  }
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
