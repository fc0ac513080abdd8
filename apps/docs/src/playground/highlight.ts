/**
 * Template highlighting from @sumi/parser's tokenize(): the playground has no grammar of its
 * own, so what is coloured is exactly what the parser sees.
 */
import { type Extension, RangeSetBuilder } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  type EditorView,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import type { Token } from './engine';

export type Tokenize = (source: string) => unknown;

/** Highlight category of a token kind (the parser's kind names, matched by what they say). */
export function tokenCategory(kind: string): string | null {
  const k = kind.toLowerCase();
  if (k.includes('comment')) return 'comment';
  if (k.includes('error') || k.includes('invalid') || k.includes('unknown')) return 'error';
  if (k === 'text' || (k.includes('literal') && !k.includes('string') && !k.includes('number'))) return null;
  if (k.includes('string') || k.includes('quote') || k.includes('backtick')) return 'string';
  if (k.includes('number') || k.includes('int') || k.includes('float')) return 'number';
  if (k.includes('bool') || k.includes('null') || k.includes('keyword')) return 'keyword';
  if (k.includes('var') || k.includes('dollar')) return 'variable';
  if (k.includes('modifier') || k.includes('pipe') || k === 'at') return 'modifier';
  if (k.includes('attr')) return 'attribute';
  if (k.includes('delim') || k.includes('brace') || k.includes('open') || k.includes('close'))
    return 'delimiter';
  if (k.includes('tag') || k.includes('name') || k.includes('ident') || k.includes('word')) return 'tag';
  if (k.includes('op') || k.includes('punct') || k.includes('dot') || k.includes('colon')) return 'operator';
  return null;
}

function tokenRange(t: Token): [number, number] | null {
  const start = t.span?.start ?? t.start;
  const end = t.span?.end ?? t.end;
  if (typeof start !== 'number' || typeof end !== 'number' || end <= start) return null;
  return [start, end];
}

function tokenList(result: unknown): Token[] {
  if (Array.isArray(result)) return result as Token[];
  if (result && typeof result === 'object' && Array.isArray((result as { tokens?: unknown }).tokens)) {
    return (result as { tokens: Token[] }).tokens;
  }
  return [];
}

const marks = new Map<string, Decoration>();
function mark(category: string): Decoration {
  let m = marks.get(category);
  if (!m) marks.set(category, (m = Decoration.mark({ class: `sumi-tok sumi-tok-${category}` })));
  return m;
}

/** Decorations for the whole document: sorted, clamped, overlaps dropped. */
export function buildDecorations(source: string, tokenize: Tokenize): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  let tokens: Token[];
  try {
    tokens = tokenList(tokenize(source));
  } catch {
    return Decoration.none;
  }
  const ranges: [number, number, string][] = [];
  for (const t of tokens) {
    const range = tokenRange(t);
    const category = tokenCategory(String(t.type ?? t.kind ?? ''));
    if (!range || !category) continue;
    ranges.push([Math.max(0, range[0]), Math.min(source.length, range[1]), category]);
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let last = 0;
  for (const [from, to, category] of ranges) {
    if (from < last || to <= from) continue;
    builder.add(from, to, mark(category));
    last = to;
  }
  return builder.finish();
}

export function sumiHighlighting(tokenize: Tokenize): Extension {
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = buildDecorations(view.state.doc.toString(), tokenize);
      }
      update(update: ViewUpdate) {
        if (update.docChanged) this.decorations = buildDecorations(update.state.doc.toString(), tokenize);
      }
    },
    { decorations: (v) => v.decorations },
  );
}
