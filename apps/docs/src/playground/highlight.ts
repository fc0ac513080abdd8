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

export type Tokenize = (source: string) => Token[];

/**
 * Highlight category of each of the parser's token types (TOKEN_TYPES in @sumi/parser);
 * text, whitespace and literal bodies stay plain.
 */
const CATEGORY: Record<string, string> = {
  comment: 'comment',
  ldelim: 'delimiter',
  rdelim: 'delimiter',
  tagName: 'tag',
  closeTagName: 'tag',
  variable: 'variable',
  string: 'string',
  number: 'number',
  operator: 'operator',
  equals: 'operator',
  modifierColon: 'operator',
  modifierBar: 'modifier',
  modifierName: 'modifier',
  attrName: 'attribute',
  word: 'keyword',
  invalid: 'error',
};

export function tokenCategory(type: string): string | null {
  return Object.hasOwn(CATEGORY, type) ? CATEGORY[type] : null;
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
    tokens = tokenize(source);
  } catch {
    // the tokenizer recovers from every input; if it ever throws, show the text plain
    return Decoration.none;
  }
  const ranges: [number, number, string][] = [];
  for (const t of tokens) {
    const category = tokenCategory(t.type);
    if (!category || t.end <= t.start) continue;
    ranges.push([Math.max(0, t.start), Math.min(source.length, t.end), category]);
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
