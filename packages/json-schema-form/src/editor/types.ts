/** The rich-text editor behind a `format: html` field; a site can plug in its own licensed editor. */
export interface HtmlEditorInit {
  /** Sanitized HTML (or Markdown text when `format_options.use_markdown` is '1'). */
  value: string;
  /** The field's raw `format_options` from the schema. */
  options: Record<string, unknown>;
  locale: 'ja' | 'en';
  /** Accessible name of the editor (the field's title). */
  label: string;
  /** Called with the new sanitized value after each edit. */
  onChange(value: string): void;
}
export interface HtmlEditorHandle {
  getValue(): string;
  setValue(value: string): void;
  focus(): void;
  destroy(): void;
}
export type HtmlEditorAdapter = (
  host: HTMLElement,
  init: HtmlEditorInit,
) => HtmlEditorHandle | Promise<HtmlEditorHandle>;
