// The toolbar, built from the configuration's groups: toggle buttons with aria-pressed, actions that are
// disabled when they cannot run, the paragraph-format and font-size selects, and the colour pickers.
// It follows the WAI-ARIA toolbar pattern: one tab stop, arrow keys move between controls.

import type { ChainedCommands, Editor } from '@tiptap/core';
import type { PromptLink } from './link-dialog.js';
import type { EditorMessages } from './messages.js';
import type { EditorConfig, ToolbarItem } from './options.js';

type Chain = (c: ChainedCommands) => ChainedCommands;

/** Buttons whose pressed state is a mark or node being active. */
const toggles: Partial<Record<ToolbarItem, { glyph: string; active: string; run: Chain }>> = {
  bold: { glyph: 'B', active: 'bold', run: (c) => c.toggleBold() },
  italic: { glyph: 'I', active: 'italic', run: (c) => c.toggleItalic() },
  underline: { glyph: 'U', active: 'underline', run: (c) => c.toggleUnderline() },
  strike: { glyph: 'S', active: 'strike', run: (c) => c.toggleStrike() },
  subscript: { glyph: 'x₂', active: 'subscript', run: (c) => c.toggleSubscript() },
  superscript: { glyph: 'x²', active: 'superscript', run: (c) => c.toggleSuperscript() },
  bulletList: { glyph: '•≡', active: 'bulletList', run: (c) => c.toggleBulletList() },
  orderedList: { glyph: '1≡', active: 'orderedList', run: (c) => c.toggleOrderedList() },
  blockquote: { glyph: '❝', active: 'blockquote', run: (c) => c.toggleBlockquote() },
};

/** Buttons that do one thing and are disabled when it cannot be done here. */
const actions: Partial<Record<ToolbarItem, { glyph: string; run: Chain }>> = {
  undo: { glyph: '↶', run: (c) => c.undo() },
  redo: { glyph: '↷', run: (c) => c.redo() },
  removeFormat: { glyph: 'T̸', run: (c) => c.unsetAllMarks().clearNodes() },
  outdent: { glyph: '⇤', run: (c) => c.liftListItem('listItem') },
  indent: { glyph: '⇥', run: (c) => c.sinkListItem('listItem') },
  horizontalRule: { glyph: '―', run: (c) => c.setHorizontalRule() },
  unlink: { glyph: '⛓̸', run: (c) => c.extendMarkRange('link').unsetLink() },
};

const colourItems = {
  textColor: {
    glyph: 'A',
    attribute: 'color',
    set: (c: ChainedCommands, v: string) => c.setColor(v),
    unset: (c: ChainedCommands) => c.unsetColor(),
  },
  bgColor: {
    glyph: 'A',
    attribute: 'backgroundColor',
    set: (c: ChainedCommands, v: string) => c.setBackgroundColor(v),
    unset: (c: ChainedCommands) => c.unsetBackgroundColor(),
  },
} as const;

export interface ToolbarContext {
  editor: Editor;
  config: EditorConfig;
  t: EditorMessages;
  label: string;
  locale: 'ja' | 'en';
  promptLink: PromptLink;
  /** The editor's frame: the link form and the pickers' outside-click watch live there. */
  frame: HTMLElement;
}

export interface Toolbar {
  element: HTMLElement;
  update(): void;
  destroy(): void;
}

export function createToolbar(ctx: ToolbarContext): Toolbar {
  const { editor, config, t } = ctx;
  const doc = ctx.frame.ownerDocument;
  const element = doc.createElement('div');
  element.setAttribute('role', 'toolbar');
  element.setAttribute('aria-label', t.toolbar(ctx.label));
  const updates: (() => void)[] = [];
  const cleanups: (() => void)[] = [];
  const run = (chain: Chain) => chain(editor.chain().focus()).run();

  const button = (item: ToolbarItem, glyph: string) => {
    const b = doc.createElement('button');
    b.type = 'button';
    b.textContent = glyph;
    b.setAttribute('aria-label', t.items[item]);
    b.title = t.items[item];
    b.dataset.item = item;
    // Keep the editor's selection: a click on the toolbar must not move the caret.
    b.addEventListener('mousedown', (e) => e.preventDefault());
    return b;
  };

  const makeItem = (item: ToolbarItem): HTMLElement => {
    const toggle = toggles[item];
    if (toggle) {
      const b = button(item, toggle.glyph);
      b.addEventListener('click', () => run(toggle.run));
      updates.push(() => b.setAttribute('aria-pressed', String(editor.isActive(toggle.active))));
      return b;
    }
    const action = actions[item];
    if (action) {
      const b = button(item, action.glyph);
      b.addEventListener('click', () => run(action.run));
      updates.push(() => {
        b.disabled =
          !action.run(editor.can().chain()).run() || (item === 'unlink' && !editor.isActive('link'));
      });
      return b;
    }
    if (item === 'link') return linkButton();
    if (item === 'format') return formatSelect();
    if (item === 'fontSize') return fontSizeSelect();
    return colourPicker(item as keyof typeof colourItems);
  };

  const linkButton = () => {
    const b = button('link', '↗');
    b.addEventListener('click', async () => {
      const current = (editor.getAttributes('link').href as string | undefined) ?? '';
      const href = await ctx.promptLink({ href: current, locale: ctx.locale, container: ctx.frame });
      if (editor.isDestroyed) return;
      if (href === null) editor.commands.focus();
      else if (href === '') run((c) => c.extendMarkRange('link').unsetLink());
      else if (editor.state.selection.empty && !editor.isActive('link'))
        run((c) => c.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }));
      else run((c) => c.extendMarkRange('link').setLink({ href }));
    });
    updates.push(() => b.setAttribute('aria-pressed', String(editor.isActive('link'))));
    return b;
  };

  const select = (item: ToolbarItem, choices: [string, string][]) => {
    const s = doc.createElement('select');
    s.setAttribute('aria-label', t.items[item]);
    s.title = t.items[item];
    s.dataset.item = item;
    for (const [value, text] of choices) {
      const o = doc.createElement('option');
      o.value = value;
      o.textContent = text;
      s.append(o);
    }
    return s;
  };

  const formatSelect = () => {
    const levels = [1, 2, 3, 4, 5, 6] as const;
    const s = select('format', [
      ['p', t.paragraph],
      ...levels.map((l): [string, string] => [`h${l}`, t.heading(l)]),
      ['pre', t.preformatted],
    ]);
    s.addEventListener('change', () => {
      const v = s.value;
      if (v === 'p') run((c) => c.setParagraph());
      else if (v === 'pre') run((c) => c.setCodeBlock());
      else run((c) => c.setHeading({ level: Number(v.slice(1)) as (typeof levels)[number] }));
    });
    updates.push(() => {
      const level = levels.find((l) => editor.isActive('heading', { level: l }));
      s.value = level ? `h${level}` : editor.isActive('codeBlock') ? 'pre' : 'p';
    });
    return s;
  };

  const fontSizeSelect = () => {
    const s = select('fontSize', [
      ['', t.defaultSize],
      ...config.fontSizes.map((n): [string, string] => [`${n}px`, `${n}px`]),
    ]);
    s.addEventListener('change', () => run((c) => (s.value ? c.setFontSize(s.value) : c.unsetFontSize())));
    updates.push(() => {
      const size = (editor.getAttributes('textStyle').fontSize as string | undefined) ?? '';
      s.value = config.fontSizes.some((n) => `${n}px` === size) ? size : '';
    });
    return s;
  };

  const colourPicker = (item: keyof typeof colourItems) => {
    const spec = colourItems[item];
    const wrap = doc.createElement('span');
    wrap.className = 'picker';
    const trigger = button(item, spec.glyph);
    const mark = doc.createElement('span');
    mark.className = 'swatch-mark';
    mark.setAttribute('aria-hidden', 'true');
    trigger.append(mark);
    trigger.setAttribute('aria-haspopup', 'true');
    trigger.setAttribute('aria-expanded', 'false');
    const panel = doc.createElement('div');
    panel.className = 'palette';
    panel.setAttribute('role', 'group');
    panel.setAttribute('aria-label', t.items[item]);
    panel.hidden = true;
    panel.style.setProperty('--columns', String(config.palette.length > 24 ? 12 : 6));
    const choice = (text: string, value: string | null) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.addEventListener('mousedown', (e) => e.preventDefault());
      if (value === null) {
        b.className = 'auto';
        b.textContent = text;
      } else {
        b.className = 'swatch';
        b.style.background = value;
        b.dataset.colour = value;
        b.setAttribute('aria-label', text);
        b.title = value;
      }
      b.addEventListener('click', () => {
        close();
        run((c) => (value === null ? spec.unset(c) : spec.set(c, value)));
      });
      return b;
    };
    panel.append(choice(t.automaticColour, null), ...config.palette.map((hex) => choice(t.colour(hex), hex)));
    const onOutside = (e: Event) => {
      if (!e.composedPath().includes(wrap)) close();
    };
    const open = () => {
      panel.hidden = false;
      trigger.setAttribute('aria-expanded', 'true');
      doc.addEventListener('pointerdown', onOutside, true);
      (panel.querySelector<HTMLElement>('[aria-pressed=true]') ?? panel.querySelector('button'))?.focus();
    };
    function close() {
      panel.hidden = true;
      trigger.setAttribute('aria-expanded', 'false');
      doc.removeEventListener('pointerdown', onOutside, true);
    }
    trigger.addEventListener('click', () => (panel.hidden ? open() : close()));
    panel.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      close();
      trigger.focus();
    });
    cleanups.push(close);
    updates.push(() => {
      const current = (
        (editor.getAttributes('textStyle')[spec.attribute] as string | undefined) ?? ''
      ).toLowerCase();
      mark.style.background = current || 'transparent';
      for (const b of panel.querySelectorAll<HTMLElement>('.swatch'))
        b.setAttribute('aria-pressed', String(b.dataset.colour === current));
    });
    wrap.append(trigger, panel);
    return wrap;
  };

  for (const group of config.toolbar) {
    const g = doc.createElement('div');
    g.className = 'group';
    g.setAttribute('role', 'group');
    for (const item of group) g.append(makeItem(item));
    element.append(g);
  }

  // Roving tab stop over the top-level controls (not the palette swatches).
  const controls = () =>
    [...element.querySelectorAll<HTMLElement>('.group > button, .group > select, .picker > button')].filter(
      (c) => !(c as HTMLButtonElement).disabled,
    );
  const setStop = (target: HTMLElement) => {
    for (const c of element.querySelectorAll<HTMLElement>('[data-item]')) c.tabIndex = c === target ? 0 : -1;
  };
  element.addEventListener('focusin', (e) => {
    const target = e.target as HTMLElement;
    if (target.dataset.item) setStop(target);
  });
  element.addEventListener('keydown', (e) => {
    const list = controls();
    const at = list.indexOf(e.target as HTMLElement);
    if (at < 0) return;
    const next =
      e.key === 'ArrowRight'
        ? list[(at + 1) % list.length]
        : e.key === 'ArrowLeft'
          ? list[(at - 1 + list.length) % list.length]
          : e.key === 'Home'
            ? list[0]
            : e.key === 'End'
              ? list[list.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    next.focus();
  });

  const update = () => {
    for (const u of updates) u();
    // Keep exactly one tab stop, on an enabled control.
    const list = controls();
    const stop = list.find((c) => c.tabIndex === 0) ?? list[0];
    if (stop) setStop(stop);
  };
  update();
  return {
    element,
    update,
    destroy() {
      for (const c of cleanups) c();
      element.remove();
    },
  };
}
