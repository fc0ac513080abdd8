import { describeForm, type FieldDescriptor } from '../core/describe';
import { getAt, setAt } from '../core/pointer';
import type { JsonSchema } from '../core/schema';
import { defaultTimeZone } from '../core/zone';
import type { HtmlEditorAdapter } from '../editor/types';
import { createValidator, type ValidatorChoice } from '../validate/load';
import type { FormError, Locale } from '../validate/types';
import { renderCards } from './cards';
import type { FieldView, FileManager, RenderContext } from './context';
import { defaultHtmlEditor } from './default-editor';
import { h, VISUALLY_HIDDEN } from './dom';
import { renderField } from './fields';
import { STRINGS } from './strings';

export interface FormOptions {
  schema: JsonSchema;
  /** The value to edit; kept whole (unknown keys survive). Without it the form starts from the initial values. */
  value?: unknown;
  /** Called after every change with the new value (treat it as read-only; `getValue()` gives a copy). */
  onChange?: (value: unknown) => void;
  /** false: a JSON editor only (the CMS's "Build UI from JSON schema" off). Default true. */
  buildUi?: boolean;
  /** Default: 'ja' when the page's `<html lang>` is Japanese, else 'en'. */
  locale?: Locale;
  /** Deepest level edited as a form; default 3 (object → array → object). */
  maxDepth?: number;
  /** IANA zone in which date-times are shown and whose offset they are stored with; default the browser's. */
  timezone?: string;
  /** The site's file picker for `format: file-manager`; without it the path is typed. */
  fileManager?: FileManager;
  /** The rich-text editor for `format: html`; default the built-in one, loaded when first needed. */
  htmlEditor?: HtmlEditorAdapter;
  /** Tells the user an action was refused (maxItems/minItems); default `window.alert`. */
  alert?: (message: string) => void;
  /** 'ajv' (default), 'strict-csp' (no `new Function`), or a site's own factory. */
  validator?: ValidatorChoice;
}

export interface FormHandle {
  getValue(): unknown;
  /** Replaces the value and redraws the form. */
  setValue(value: unknown): void;
  /** Validates as a submit does: every error shows; resolves with them all. */
  validate(): Promise<FormError[]>;
  destroy(): void;
}

let ids = 0;

/** Builds the CMS's form for `schema` inside `element`. */
export function createForm(element: HTMLElement, options: FormOptions): FormHandle {
  const locale: Locale = options.locale ?? (document.documentElement.lang.startsWith('ja') ? 'ja' : 'en');
  const t = STRINGS[locale];
  const described = describeForm(options.schema, { maxDepth: options.maxDepth });
  const root: FieldDescriptor =
    options.buildUi === false
      ? {
          ...described,
          control: 'json',
          children: undefined,
          editable: true,
          title: described.title || t.json,
        }
      : described;
  let value: unknown = structuredClone(options.value !== undefined ? options.value : root.initial);
  const views = new Set<FieldView>();
  let submitted = false;
  let check: ((v: unknown, l: Locale) => FormError[]) | undefined;
  const checking = createValidator(options.schema, options.validator).then((c) => (check = c));
  checking.catch(() => {}); // a schema the validator rejects shows up when validate() is called
  const live = h('div', { className: 'sjf-live', 'aria-live': 'polite' });
  live.setAttribute('style', VISUALLY_HIDDEN);
  const formError = h('div', { className: 'sjf-error sjf-form-error', role: 'alert' });
  let scheduled = false;
  let pointerDown = false;
  let touchedWhileDown = false;
  const doc = element.ownerDocument;
  const onPointerDown = () => {
    pointerDown = true;
  };
  const onPointerUp = () => {
    pointerDown = false;
    if (!touchedWhileDown) return;
    touchedWhileDown = false;
    setTimeout(schedule); // after the click this release completes
  };
  doc.addEventListener('pointerdown', onPointerDown, true);
  doc.addEventListener('pointerup', onPointerUp, true);
  doc.addEventListener('pointercancel', onPointerUp, true);

  const ctx: RenderContext = {
    t,
    locale,
    zone: options.timezone ?? defaultTimeZone(),
    get: (p) => getAt(value, p),
    set: (p, v) => {
      value = setAt(value, p, v);
      options.onChange?.(value);
      schedule();
    },
    uid: () => `sjf${++ids}`,
    touch: (view) => {
      view.touched = true;
      // Leaving a field by pressing a button (Save, Add…): errors shown now would shift the layout between
      // mousedown and mouseup, and the click would miss. They show once the pointer is released.
      if (pointerDown) touchedWhileDown = true;
      else schedule();
    },
    announce: (m) => {
      live.textContent = m;
    },
    alert: options.alert ?? ((m) => window.alert(m)),
    fileManager: options.fileManager,
    htmlEditor: options.htmlEditor ?? defaultHtmlEditor,
    drop: (list) => {
      for (const v of list) {
        v.destroy?.();
        views.delete(v);
      }
    },
    drawn: () => schedule(),
    field: (d, at, scope) => {
      const start = scope.length;
      const el = d.control === 'cards' ? renderCards(ctx, d, at, scope) : renderField(ctx, d, at, scope);
      for (const v of scope.slice(start)) views.add(v);
      return el;
    },
  };

  /** Shows each error on the field whose pointer is its longest prefix; the rest at the form's foot. */
  function show(errors: FormError[]) {
    const paths = [...views].map((v) => [v, v.at()] as const);
    const byView = new Map<FieldView, string[]>();
    const rest: string[] = [];
    for (const e of errors) {
      let best: FieldView | undefined;
      let length = -1;
      for (const [v, p] of paths) {
        if ((e.path === p || e.path.startsWith(`${p}/`)) && p.length > length) [best, length] = [v, p.length];
      }
      if (best) byView.set(best, [...(byView.get(best) ?? []), e.message]);
      else rest.push(e.message);
    }
    for (const [v] of paths) v.showErrors(submitted || v.touched ? (byView.get(v) ?? []) : []);
    formError.textContent = submitted ? rest.join(' ') : '';
  }

  async function run(): Promise<FormError[]> {
    await checking;
    const errors = check!(value, locale);
    show(errors);
    return errors;
  }

  function schedule() {
    if (scheduled || !(submitted || [...views].some((v) => v.touched))) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      run().catch(() => {});
    });
  }

  function render() {
    ctx.drop([...views]);
    const scope: FieldView[] = [];
    const fields =
      root.control === 'fields'
        ? (root.children ?? []).map((c) => ctx.field(c, () => c.path, scope))
        : [ctx.field(root, () => '', scope)];
    element.replaceChildren(h('div', { className: 'sjf-form', lang: locale }, ...fields, formError, live));
    if (submitted) void run().catch(() => {});
  }

  // Inside a <form>, submitting validates first and is stopped while errors remain.
  const form = element.closest('form');
  const onSubmit = (e: SubmitEvent) => {
    submitted = true;
    if (!check) {
      e.preventDefault();
      void run().then((errors) => errors.length === 0 && form?.requestSubmit?.());
      return;
    }
    const errors = check(value, locale);
    show(errors);
    if (errors.length) {
      e.preventDefault();
      element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  };
  form?.addEventListener('submit', onSubmit);
  render();

  return {
    getValue: () => structuredClone(value),
    setValue(v) {
      value = structuredClone(v);
      render();
    },
    validate() {
      submitted = true;
      return run();
    },
    destroy() {
      form?.removeEventListener('submit', onSubmit);
      doc.removeEventListener('pointerdown', onPointerDown, true);
      doc.removeEventListener('pointerup', onPointerUp, true);
      doc.removeEventListener('pointercancel', onPointerUp, true);
      ctx.drop([...views]);
      element.replaceChildren();
    },
  };
}
