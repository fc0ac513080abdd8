/**
 * @sumi/json-schema-form/editor: the built-in rich-text editor for a site that wires it itself
 * (`createHtmlEditor({ promptLink })` with its own link dialog) and the format_options mapping
 * (`editorConfig`, no DOM: what each option becomes, with notes on what is approximate). The form
 * loads the editor by itself when an html field is shown; nothing here is needed for that.
 */
export { createHtmlEditor, default as htmlEditor, type HtmlEditorHooks } from './editor/index';
export type { LinkRequest, PromptLink } from './editor/link-dialog';
export { type EditorConfig, editorConfig, type OptionNote } from './editor/options';
export type { HtmlEditorAdapter, HtmlEditorHandle, HtmlEditorInit } from './editor/types';
