import type { HtmlEditorAdapter } from '../editor/types';

/**
 * The built-in rich-text editor, loaded with import() the first time an html field is shown, so its code
 * (TipTap, the sanitizer, Markdown) never weighs on forms without one.
 */
export const defaultHtmlEditor: HtmlEditorAdapter = async (host, init) => {
  // @ts-expect-error: src/editor/index.ts comes with the editor's own change; this file types against its contract.
  const mod: { default: HtmlEditorAdapter } = await import('../editor/index.js');
  return mod.default(host, init);
};
