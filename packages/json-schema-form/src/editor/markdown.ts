// `use_markdown`: the value is Markdown text, edited in a plain textarea with a live preview. The
// preview's HTML is sanitized; the stored Markdown is text, so the site sanitizes it again when it
// renders it.

import { Marked } from 'marked';
import { createFrame } from './frame.js';
import { messages } from './messages.js';
import type { EditorConfig } from './options.js';
import { createSanitizer, markdownMarkup } from './sanitize.js';
import type { HtmlEditorHandle, HtmlEditorInit } from './types.js';

const marked = new Marked({ gfm: true });

/** Markdown → sanitized HTML, as the preview shows it. */
export function renderMarkdown(markdown: string, sanitize: (html: string) => string): string {
  return sanitize(marked.parse(markdown, { async: false }));
}

export function mountMarkdown(
  host: HTMLElement,
  init: HtmlEditorInit,
  config: EditorConfig,
): HtmlEditorHandle {
  const doc = host.ownerDocument;
  const win = doc.defaultView as Window & typeof globalThis;
  const t = messages[init.locale];
  const sanitize = createSanitizer(markdownMarkup, win);
  const { wrapper, frame } = createFrame(host, config, 'markdown');

  const textarea = doc.createElement('textarea');
  textarea.className = 'markdown';
  textarea.setAttribute('aria-label', t.markdownSource(init.label));
  textarea.spellcheck = true;
  if (config.height) textarea.style.height = config.height;
  const preview = doc.createElement('section');
  preview.className = 'preview';
  preview.setAttribute('aria-label', t.preview);
  const title = doc.createElement('p');
  title.className = 'preview-title';
  title.setAttribute('aria-hidden', 'true');
  title.textContent = t.preview;
  const body = doc.createElement('div');
  body.className = 'preview-body';
  preview.append(title, body);
  frame.append(textarea, preview);

  const render = () => {
    body.innerHTML = renderMarkdown(textarea.value, sanitize);
  };
  const onInput = () => {
    render();
    init.onChange(textarea.value);
  };
  textarea.value = init.value ?? '';
  render();
  textarea.addEventListener('input', onInput);

  let destroyed = false;
  return {
    getValue: () => textarea.value,
    setValue(value) {
      if (destroyed) return;
      textarea.value = value ?? '';
      render();
    },
    focus() {
      if (!destroyed) textarea.focus();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      textarea.removeEventListener('input', onInput);
      wrapper.remove();
    },
  };
}
