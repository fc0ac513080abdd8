import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Expr, locate, type Node, parse, type Span, tokenize } from '../src/index';

/** Real fragments, good and bad, that random templates are built from. */
const FRAGMENTS = [
  'text ',
  '\n',
  '\r\n',
  '  ',
  '<div class="a">',
  '{$a}',
  '{$a.b[0]->c|upper}',
  '{$x|default:"y z":1.5|@count}',
  '{$a+$b*2}',
  '{"q `$a.b` $c"}',
  "{'s'}",
  '{5|cat:"x"}',
  '{if $a eq 1 and !$b is even}',
  '{elseif count($l) > 0}',
  '{else}',
  '{/if}',
  '{foreach from=$list item=v key=k name=n}',
  '{foreachelse}',
  '{/foreach}',
  '{section name=i loop=$a}',
  '{sectionelse}',
  '{/section}',
  '{capture name=c assign=x}',
  '{/capture}',
  '{strip}',
  '{/strip}',
  '{assign var="a.b" value=$x|trim}',
  '{append var=l value=1 index=k}',
  '{counter start=1 print=false}',
  '{break}',
  '{continue}',
  '{* comment } *}',
  '{literal}{a}{/literal}',
  '{ldelim}',
  '{rdelim}',
  '{textformat wrap=5}',
  '{/textformat}',
  '{php}x{/php}',
  '<?php',
  '{',
  '}',
  '{$',
  '"',
  "'",
  '`',
  '|',
  ':',
  '$a',
  '{if (',
  ')}',
  '{*',
  '*}',
  '{literal}',
  '{/literal}',
  '{5+3}',
  '{$a + $b}',
  '{foreach $a as $v}',
  '{for $i=1 to 3}',
  '{/for}',
  '{$smarty.foreach.n.index}',
  '{$smarty.nope}',
  '{if $a is div by 3}',
  '{if $a = 1}',
  '{f a=}',
  '{f a="b}',
  '{$s->_p}',
];

const fragment = fc.constantFrom(...FRAGMENTS);
const template = fc.array(fragment, { maxLength: 40 }).map((xs) => xs.join(''));
/** Templates with random characters inserted, deleted or replaced. */
const mutated = fc
  .tuple(
    template,
    fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.constantFrom(...'{}$"\'`|:=()[].-+* \n\\@#?!<>abc0')), {
      maxLength: 8,
    }),
  )
  .map(([src, edits]) => {
    let s = src;
    for (const [pos, kind, ch] of edits) {
      const p = s.length ? pos % (s.length + 1) : 0;
      if (kind === 0) s = s.slice(0, p) + ch + s.slice(p);
      else if (kind === 1) s = s.slice(0, p) + s.slice(p + 1);
      else s = s.slice(0, p) + ch + s.slice(p + 1);
    }
    return s;
  });
const anything = fc.oneof(
  template,
  mutated,
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
);

function spansOf(nodes: Node[], out: Span[]): void {
  for (const n of nodes) {
    out.push(n.span);
    switch (n.type) {
      case 'Print':
        exprSpans(n.expr, out);
        break;
      case 'Tag':
        out.push(n.nameSpan);
        for (const a of n.attrs) {
          out.push(a.span, a.nameSpan);
          exprSpans(a.value, out);
        }
        break;
      case 'Block':
        out.push(n.nameSpan, n.openSpan);
        if (n.closeSpan) out.push(n.closeSpan);
        if (n.altSpan) out.push(n.altSpan);
        for (const a of n.attrs) {
          out.push(a.span);
          exprSpans(a.value, out);
        }
        spansOf(n.body, out);
        if (n.alt) spansOf(n.alt, out);
        break;
      case 'If':
        for (const b of n.branches) {
          out.push(b.tagSpan);
          exprSpans(b.test, out);
          spansOf(b.body, out);
        }
        if (n.alternate) spansOf(n.alternate, out);
        break;
    }
  }
}

function exprSpans(e: Expr, out: Span[]): void {
  out.push(e.span);
  switch (e.type) {
    case 'Var':
      for (const p of e.path) {
        out.push(p.span);
        if (p.kind === 'var') exprSpans(p.expr, out);
      }
      break;
    case 'Interp':
      for (const p of e.parts) if (typeof p !== 'string') exprSpans(p, out);
      break;
    case 'Binary':
      exprSpans(e.left, out);
      exprSpans(e.right, out);
      break;
    case 'Unary':
      exprSpans(e.arg, out);
      break;
    case 'Call':
      for (const a of e.args) exprSpans(a, out);
      break;
    case 'Is':
      exprSpans(e.value, out);
      if (e.by) exprSpans(e.by, out);
      break;
    case 'Modified':
      exprSpans(e.value, out);
      for (const m of e.modifiers) {
        out.push(m.span, m.nameSpan);
        for (const a of m.args) exprSpans(a, out);
      }
      break;
    case 'Group':
      exprSpans(e.expr, out);
      break;
  }
}

describe('properties', () => {
  it('parse never throws and every span lies within the source', () => {
    fc.assert(
      fc.property(anything, (src) => {
        const { ast, diagnostics } = parse(src);
        const spans: Span[] = [];
        spansOf(ast.body, spans);
        for (const s of spans) {
          expect(s.start).toBeGreaterThanOrEqual(0);
          expect(s.end).toBeGreaterThanOrEqual(s.start);
          expect(s.end).toBeLessThanOrEqual(src.length);
        }
        for (const d of diagnostics) {
          expect(d.span.start).toBeGreaterThanOrEqual(0);
          expect(d.span.end).toBeGreaterThanOrEqual(d.span.start);
          expect(d.span.end).toBeLessThanOrEqual(src.length);
          expect({ line: d.line, column: d.column }).toEqual(locate(src, d.span.start));
          expect(d.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('tokens are contiguous and concatenate to the source', () => {
    fc.assert(
      fc.property(anything, (src) => {
        const tokens = tokenize(src);
        let pos = 0;
        for (const t of tokens) {
          expect(t.start).toBe(pos);
          expect(t.end).toBeGreaterThan(t.start);
          pos = t.end;
        }
        expect(pos).toBe(src.length);
      }),
      { numRuns: 3000 },
    );
  });

  it('error-free templates stay error-free when printed text is appended', () => {
    fc.assert(
      fc.property(template, (src) => {
        const before = parse(src).diagnostics.filter((d) => d.severity === 'error').length;
        const after = parse(`${src}plain`).diagnostics.filter((d) => d.severity === 'error').length;
        expect(after).toBe(before);
      }),
      { numRuns: 500 },
    );
  });
});

describe('linear time on pathological input', () => {
  const cases: [string, string][] = [
    ['long math', `{$a${'+1'.repeat(100_000)}}`],
    ['long digit run in math', `{$a+${'1'.repeat(200_000)}x}`],
    ['many open braces', '{'.repeat(200_000)],
    ['many closing braces', '}'.repeat(200_000)],
    ['unclosed comments', '{*'.repeat(100_000)],
    ['unclosed literals', '{literal}'.repeat(30_000)],
    ['unclosed php', '{php}'.repeat(30_000)],
    ['long attribute', `{f a=${'x'.repeat(200_000)}}`],
    ['quotes in attributes', `{f ${'a="b" '.repeat(30_000)}}`],
    ['unterminated quotes', `{f ${'"'.repeat(100_000)}}`],
    ['long modifier chain', `{$x${'|m:1:"a"'.repeat(30_000)}}`],
    ['long if', `{if ${'$a && '.repeat(30_000)}$b}x{/if}`],
    ['deep parentheses', `{if ${'('.repeat(20_000)}$a${')'.repeat(20_000)}}x{/if}`],
    ['deep not', `{if ${'!'.repeat(50_000)}$a}x{/if}`],
    ['deep nesting', '{if $a}'.repeat(20_000)],
    ['long variable path', `{$a${'.b[0]'.repeat(50_000)}}`],
    ['long interpolated string', `{"${'$a `$b.c` '.repeat(20_000)}"}`],
    ['many tags', '{$a}x'.repeat(50_000)],
  ];
  it.each(cases)('%s', { timeout: 30_000 }, (_, src) => {
    const t0 = performance.now();
    const r = parse(src);
    const tokens = tokenize(src);
    const ms = performance.now() - t0;
    expect(r.ast.type).toBe('Template');
    expect(tokens.map((t) => src.slice(t.start, t.end)).join('')).toBe(src);
    // generous for a busy CI machine: a quadratic or exponential path takes minutes at these sizes
    expect(ms).toBeLessThan(15_000);
  });
});
