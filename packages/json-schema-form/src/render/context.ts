import type { FieldDescriptor } from '../core/describe';
import type { HtmlEditorAdapter } from '../editor/types';
import type { Locale } from '../validate/types';
import type { Strings } from './strings';

/** What a file picker is told: which field asks, its current path, and the form's language. */
export interface FileManagerContext {
  path: string;
  value: string | null;
  title: string;
  locale: Locale;
}

/** Opens the site's file manager; resolves with the chosen file's path, or null when cancelled. */
export type FileManager = (ctx: FileManagerContext) => Promise<string | null>;

/** One rendered field, as the form tracks it for errors and clean-up. */
export interface FieldView {
  /** The field's current pointer (a card's fields move with their card). */
  at(): string;
  /** Set by blur: errors show once a field was left, or after submit. */
  touched: boolean;
  showErrors(messages: string[]): void;
  destroy?(): void;
}

/** What the form gives every control. */
export interface RenderContext {
  t: Strings;
  locale: Locale;
  zone: string;
  get(pointer: string): unknown;
  set(pointer: string, value: unknown): void;
  uid(): string;
  /** A field was left: errors may show. */
  touch(view: FieldView): void;
  announce(message: string): void;
  alert(message: string): void;
  fileManager?: FileManager;
  htmlEditor: HtmlEditorAdapter;
  /** Destroys rendered fields (a deleted card's) and forgets them. */
  drop(views: FieldView[]): void;
  /** Cards drawn after the form was built (long arrays draw in batches): their errors may show now. */
  drawn(): void;
  /** Renders any field (cards recurse through it); its views join `scope`. */
  field(desc: FieldDescriptor, at: () => string, scope: FieldView[]): HTMLElement;
}
