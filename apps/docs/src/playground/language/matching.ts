/**
 * Tag matching: with the cursor on a tag, its `{` and `}` are marked, and so are the names of
 * every tag of its block ({foreach}…{foreachelse}…{/foreach}, {if}…{elseif}…{else}…{/if});
 * a block tag without its partner is marked as unmatched. Pairs come from the parser's tokens
 * (tags.ts).
 */
import { type Extension, RangeSetBuilder } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  type EditorView,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { analyze, loadFacts, loadParser, type Parser } from './analysis';
import type { Facts } from './meta';
import { type TagRef, tagAt } from './tags';

const delim = Decoration.mark({ class: 'cm-sumi-matchingDelim' });
const matched = Decoration.mark({ class: 'cm-sumi-matchingTag' });
const unmatched = Decoration.mark({ class: 'cm-sumi-nonmatchingTag' });

/** The marks for the cursor at `pos`: [from, to, mark], in document order. */
export function matchMarks(tags: readonly TagRef[], pos: number): [number, number, Decoration][] {
  const here = tagAt(tags, pos);
  if (!here) return [];
  const marks: [number, number, Decoration][] = [];
  const add = (t: TagRef) => {
    if (t === here) marks.push([t.start, t.start + 1, delim]);
    if (t.nameEnd > t.nameStart && t.role !== 'single')
      marks.push([t.nameStart, t.nameEnd, t.matched ? matched : unmatched]);
    if (t === here) marks.push([t.end - 1, t.end, delim]);
  };
  if (here.group < 0) add(here);
  else for (const t of tags) if (t.group === here.group) add(t);
  return marks;
}

function build(view: EditorView, parser: Parser | null, facts: Facts | null): DecorationSet {
  if (!parser) return Decoration.none;
  const { tags } = analyze(view.state.doc.toString(), parser, facts);
  const builder = new RangeSetBuilder<Decoration>();
  for (const [from, to, mark] of matchMarks(tags, view.state.selection.main.head))
    builder.add(from, to, mark);
  return builder.finish();
}

export function tagMatching(): Extension {
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet = Decoration.none;
      parser: Parser | null = null;
      facts: Facts | null = null;
      factsAsked = false;
      constructor(readonly view: EditorView) {
        void loadParser().then((parser) => {
          this.parser = parser;
          this.refresh();
        });
      }
      /** The facts (which plugin tags are blocks) are fetched once the user is in the editor, not with the page. */
      askFacts() {
        if (this.factsAsked) return;
        this.factsAsked = true;
        void loadFacts().then((facts) => {
          this.facts = facts;
          this.refresh();
        });
      }
      refresh() {
        this.decorations = build(this.view, this.parser, this.facts);
        // repaint without changing the document
        if (this.view.dom.isConnected) this.view.dispatch({});
      }
      update(u: ViewUpdate) {
        if (u.docChanged || u.selectionSet || u.focusChanged) this.askFacts();
        this.decorations = build(u.view, this.parser, this.facts);
      }
    },
    { decorations: (v) => v.decorations },
  );
}
