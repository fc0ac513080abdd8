// The built-in editor behind `format: html`. The renderer loads this module with import() only when
// such a field is shown, so TipTap, DOMPurify and marked stay out of the main bundle; and each mode
// loads only its own part: a Markdown field never downloads TipTap, a rich-text field never marked.

import { type PromptLink, promptLinkInline } from './link-dialog.js';
import { editorConfig } from './options.js';
import type { HtmlEditorAdapter } from './types.js';

export interface HtmlEditorHooks {
  /** Asks for a link's address; the default is a small form under the toolbar. */
  promptLink?: PromptLink;
}

/** The built-in adapter with a site's own hooks. */
export function createHtmlEditor(hooks: HtmlEditorHooks = {}): HtmlEditorAdapter {
  const promptLink = hooks.promptLink ?? promptLinkInline;
  return async (host, init) => {
    const config = editorConfig(init.options ?? {});
    if (config.mode === 'markdown') return (await import('./markdown.js')).mountMarkdown(host, init, config);
    return (await import('./wysiwyg.js')).mountWysiwyg(host, init, config, promptLink);
  };
}

const htmlEditor: HtmlEditorAdapter = createHtmlEditor();
export default htmlEditor;
export type { LinkRequest, PromptLink } from './link-dialog.js';
