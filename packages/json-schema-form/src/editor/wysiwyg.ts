// The rich-text mode: TipTap (on ProseMirror) with the extensions the configuration names, our toolbar,
// and the editing area in a shadow root of its own, where `custom_css` applies and nothing else does.

import { Editor, type Extensions } from '@tiptap/core';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import { BackgroundColor, Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';
import { createFrame } from './frame.js';
import type { PromptLink } from './link-dialog.js';
import { magicline } from './magicline.js';
import { messages } from './messages.js';
import type { EditorConfig, ExtensionName } from './options.js';
import { allowedMarkup, createSanitizer } from './sanitize.js';
import { contentCss } from './styles.js';
import { createToolbar } from './toolbar.js';
import type { HtmlEditorHandle, HtmlEditorInit } from './types.js';

function extensionsFor(config: EditorConfig, insertLabel: string): Extensions {
  const on = (name: ExtensionName) => config.extensions.includes(name);
  const kit = (name: ExtensionName) => (on(name) ? {} : false);
  const list: Extensions = [
    StarterKit.configure({
      heading: kit('heading'),
      codeBlock: kit('codeBlock'),
      bold: kit('bold'),
      italic: kit('italic'),
      underline: kit('underline'),
      strike: kit('strike'),
      bulletList: kit('bulletList'),
      orderedList: kit('orderedList'),
      listItem: kit('listItem'),
      listKeymap: kit('listKeymap'),
      blockquote: kit('blockquote'),
      horizontalRule: kit('horizontalRule'),
      undoRedo: kit('undoRedo'),
      // Links keep the target and rel they were loaded with and get none by default, as in CKEditor,
      // so loading a value does not change it.
      link: on('link')
        ? { openOnClick: false, HTMLAttributes: { target: null, rel: null, class: null } }
        : false,
      code: false,
      // A trailing empty paragraph would change every value that ends in a list or a rule.
      trailingNode: false,
      ...(on('gapcursor') ? {} : { gapcursor: false as const }),
    }),
  ];
  if (on('textStyle')) list.push(TextStyle);
  if (on('color')) list.push(Color);
  if (on('backgroundColor')) list.push(BackgroundColor);
  if (on('fontSize')) list.push(FontSize);
  if (on('subscript')) list.push(Subscript);
  if (on('superscript')) list.push(Superscript);
  if (config.magicline) list.push(magicline(insertLabel));
  return list;
}

export function mountWysiwyg(
  host: HTMLElement,
  init: HtmlEditorInit,
  config: EditorConfig,
  promptLink: PromptLink,
): HtmlEditorHandle {
  const doc = host.ownerDocument;
  const win = doc.defaultView as Window & typeof globalThis;
  const t = messages[init.locale];
  const sanitize = createSanitizer(allowedMarkup(config), win);
  const { wrapper, frame } = createFrame(host, config, 'wysiwyg');

  const surface = doc.createElement('div');
  surface.className = 'surface';
  if (config.height) surface.style.height = config.height;
  const inner = surface.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = contentCss;
  inner.append(style);
  if (config.customCss) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = config.customCss;
    inner.append(link);
  }
  const mount = doc.createElement('div');
  mount.className = 'mount';
  inner.append(mount);
  frame.append(surface);

  const editor = new Editor({
    element: mount,
    extensions: extensionsFor(config, t.insertParagraph),
    content: sanitize(init.value ?? ''),
    injectCSS: false,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': init.label },
    },
  });
  const getValue = () => (editor.isEmpty ? '' : sanitize(editor.getHTML()));
  const toolbar = createToolbar({
    editor,
    config,
    t,
    label: init.label,
    locale: init.locale,
    promptLink,
    frame,
  });
  if (config.toolbar.length) frame.prepend(toolbar.element);
  const onUpdate = () => init.onChange(getValue());
  const onTransaction = () => toolbar.update();
  editor.on('update', onUpdate);
  editor.on('transaction', onTransaction);

  let destroyed = false;
  return {
    getValue,
    setValue(value) {
      if (destroyed) return;
      editor.commands.setContent(sanitize(value ?? ''), { emitUpdate: false });
    },
    focus() {
      if (!destroyed) editor.commands.focus();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      editor.off('update', onUpdate);
      editor.off('transaction', onTransaction);
      toolbar.destroy();
      editor.destroy();
      wrapper.remove();
    },
  };
}
