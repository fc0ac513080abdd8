import type { HtmlEditorAdapter } from '../editor/types';

/**
 * The built-in rich-text editor, loaded with import() the first time an html field is shown, so its code
 * (TipTap, the sanitizer, Markdown) never weighs on forms without one.
 */
export const defaultHtmlEditor: HtmlEditorAdapter = async (host, init) => {
  const mod = await import('../editor/index');
  return mod.default(host, init);
};
