// The link prompt: a hook, so a site can show its own dialog (or a page picker); the default is a small
// form that opens under the toolbar, inside the editor.

import { messages } from './messages.js';

export interface LinkRequest {
  /** The current link's address, '' when the selection has none. */
  href: string;
  locale: 'ja' | 'en';
  /** Where the default form goes: the editor's frame (in its shadow root). */
  container: HTMLElement;
}
/** Resolves with the new address, '' to remove the link, or null when cancelled. */
export type PromptLink = (request: LinkRequest) => Promise<string | null>;

export const promptLinkInline: PromptLink = ({ href, locale, container }) =>
  new Promise((resolve) => {
    const t = messages[locale];
    const doc = container.ownerDocument;
    const form = doc.createElement('form');
    form.className = 'link-form';
    form.setAttribute('role', 'dialog');
    form.setAttribute('aria-label', t.linkDialog);
    const input = doc.createElement('input');
    // Not type=url: site-relative paths such as /about are the most common links in a CMS.
    input.type = 'text';
    input.inputMode = 'url';
    input.value = href;
    input.setAttribute('aria-label', t.linkUrl);
    input.placeholder = 'https://';
    const button = (text: string, type: 'submit' | 'button') => {
      const b = doc.createElement('button');
      b.type = type;
      b.textContent = text;
      return b;
    };
    const apply = button(t.linkApply, 'submit');
    const remove = button(t.linkRemove, 'button');
    const cancel = button(t.cancel, 'button');
    form.append(input, apply, ...(href ? [remove] : []), cancel);
    const close = (result: string | null) => {
      form.remove();
      resolve(result);
    };
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      close(input.value.trim());
    });
    remove.addEventListener('click', () => close(''));
    cancel.addEventListener('click', () => close(null));
    form.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close(null);
      }
    });
    const toolbar = container.querySelector('[role=toolbar]');
    if (toolbar) toolbar.after(form);
    else container.prepend(form);
    input.focus();
  });
