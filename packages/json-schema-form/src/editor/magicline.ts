// `use_magicline`: CKEditor 4's magic line lets the pointer add a paragraph where the caret cannot go,
// between two lists, quotes or rules. Here the same spots get a dashed line with a "+" button while the
// pointer is near them; the keyboard reaches them through ProseMirror's gap cursor (enabled alongside).

import { Extension } from '@tiptap/core';
import { Plugin, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** How close (CSS px) the pointer must be to a boundary for its insertion point to show. */
const reach = 12;

function insertionPoints(view: EditorView, label: string) {
  const mount = view.dom.parentElement as HTMLElement;
  const doc = mount.ownerDocument;
  const line = doc.createElement('div');
  line.className = 'insertion';
  line.hidden = true;
  const button = doc.createElement('button');
  button.type = 'button';
  button.textContent = '+';
  button.setAttribute('aria-label', label);
  button.title = label;
  line.append(button);
  mount.append(line);
  let boundary = -1;

  const hide = () => {
    line.hidden = true;
    boundary = -1;
  };
  /** Boundary i sits before top-level block i; one side must be a block the caret cannot enter by typing. */
  const onMove = (event: MouseEvent) => {
    const top = view.state.doc;
    const rects: DOMRect[] = [];
    let pos = 0;
    for (let i = 0; i < top.childCount; i++) {
      const dom = view.nodeDOM(pos) as HTMLElement | null;
      rects.push(dom?.getBoundingClientRect?.() ?? new DOMRect());
      pos += top.child(i).nodeSize;
    }
    let best = -1;
    let bestY = 0;
    for (let i = 0; i <= top.childCount; i++) {
      const before = i > 0 ? top.child(i - 1) : null;
      const after = i < top.childCount ? top.child(i) : null;
      const hard = (n: typeof before) => n !== null && !n.isTextblock;
      if (!hard(before) && !hard(after)) continue;
      const y =
        before && after
          ? (rects[i - 1].bottom + rects[i].top) / 2
          : before
            ? rects[i - 1].bottom
            : rects[i].top;
      if (
        Math.abs(y - event.clientY) <= reach &&
        (best < 0 || Math.abs(y - event.clientY) < Math.abs(bestY - event.clientY))
      ) {
        best = i;
        bestY = y;
      }
    }
    if (best < 0) return hide();
    boundary = best;
    line.style.top = `${bestY - mount.getBoundingClientRect().top}px`;
    line.hidden = false;
  };
  const onDown = (event: MouseEvent) => event.preventDefault();
  const onClick = () => {
    if (boundary < 0) return;
    const { state } = view;
    let pos = 0;
    for (let i = 0; i < boundary; i++) pos += state.doc.child(i).nodeSize;
    const tr = state.tr.insert(pos, state.schema.nodes.paragraph.create());
    view.dispatch(tr.setSelection(TextSelection.create(tr.doc, pos + 1)).scrollIntoView());
    view.focus();
    hide();
  };
  mount.addEventListener('mousemove', onMove);
  mount.addEventListener('mouseleave', hide);
  button.addEventListener('mousedown', onDown);
  button.addEventListener('click', onClick);
  return {
    update: hide,
    destroy() {
      mount.removeEventListener('mousemove', onMove);
      mount.removeEventListener('mouseleave', hide);
      button.removeEventListener('mousedown', onDown);
      button.removeEventListener('click', onClick);
      line.remove();
    },
  };
}

/** The insertion points as an editor extension; `label` is the "+" button's accessible name. */
export function magicline(label: string) {
  return Extension.create({
    name: 'magicline',
    addProseMirrorPlugins() {
      return [new Plugin({ view: (view) => insertionPoints(view, label) })];
    },
  });
}
