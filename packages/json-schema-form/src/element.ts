import type { JsonSchema } from './core/schema';
import type { HtmlEditorAdapter } from './editor/types';
import type { FileManager } from './render/context';
import { createForm, type FormHandle } from './render/form';
import type { ValidatorChoice } from './validate/load';
import type { FormError, Locale } from './validate/types';

/** The properties of `<sumi-json-form>` besides its attributes. */
export interface SumiJsonFormElement extends HTMLElement {
  schema: JsonSchema | undefined;
  value: unknown;
  fileManager?: FileManager;
  htmlEditor?: HtmlEditorAdapter;
  alert?: (message: string) => void;
  validator?: ValidatorChoice;
  validate(): Promise<FormError[]>;
}

const ATTRIBUTES = ['schema', 'value', 'locale', 'build-ui', 'max-depth', 'timezone', 'validator'];

/**
 * Defines `<sumi-json-form>` (or `name`): attributes `schema` and `value` (JSON), `locale`, `build-ui="false"`,
 * `max-depth`, `timezone`, `validator` ('ajv' | 'strict-csp'); properties `schema`, `value`, `fileManager`,
 * `htmlEditor`, `alert`, `validator`. It fires `valuechange` (detail: `{ value }`) after each edit and takes
 * part in a `<form>` under its `name`, with the value as JSON. Defining is opt-in: importing defines nothing.
 */
export function defineSumiJsonForm(name = 'sumi-json-form'): void {
  if (customElements.get(name)) return;
  customElements.define(
    name,
    class extends HTMLElement implements SumiJsonFormElement {
      static formAssociated = true;
      static observedAttributes = ATTRIBUTES;
      fileManager?: FileManager;
      htmlEditor?: HtmlEditorAdapter;
      alert?: (message: string) => void;
      #schema: JsonSchema | undefined;
      #value: unknown;
      #validator?: ValidatorChoice;
      #handle: FormHandle | undefined;
      #internals = typeof this.attachInternals === 'function' ? this.attachInternals() : undefined;

      get schema() {
        return this.#schema ?? parse(this.getAttribute('schema'));
      }
      set schema(s) {
        this.#schema = s;
        this.#mount();
      }
      get value() {
        return this.#handle ? this.#handle.getValue() : (this.#value ?? parse(this.getAttribute('value')));
      }
      set value(v) {
        this.#value = v;
        if (this.#handle) this.#handle.setValue(v);
        this.#sync(v);
      }
      get validator() {
        return this.#validator ?? ((this.getAttribute('validator') as ValidatorChoice | null) || undefined);
      }
      set validator(v) {
        this.#validator = v;
        this.#mount();
      }
      validate() {
        return this.#handle ? this.#handle.validate() : Promise.resolve([]);
      }
      connectedCallback() {
        this.#mount();
      }
      disconnectedCallback() {
        this.#handle?.destroy();
        this.#handle = undefined;
      }
      attributeChangedCallback(attr: string, _old: string | null, next: string | null) {
        if (attr === 'value') this.value = parse(next);
        else this.#mount();
      }
      #mount() {
        const schema = this.schema;
        if (!this.isConnected || !schema) return;
        const value = this.value;
        this.#handle?.destroy();
        const a = (n: string) => this.getAttribute(n) ?? undefined;
        this.#handle = createForm(this, {
          schema,
          value,
          locale: a('locale') as Locale | undefined,
          buildUi: a('build-ui') !== 'false',
          maxDepth: a('max-depth') ? Number(a('max-depth')) : undefined,
          timezone: a('timezone'),
          fileManager: this.fileManager,
          htmlEditor: this.htmlEditor,
          alert: this.alert,
          validator: this.validator,
          onChange: (v) => {
            this.#sync(v);
            this.dispatchEvent(new CustomEvent('valuechange', { detail: { value: v }, bubbles: true }));
          },
        });
        this.#sync(this.#handle.getValue());
      }
      #sync(v: unknown) {
        this.#internals?.setFormValue?.(v === undefined ? null : JSON.stringify(v));
      }
    },
  );
}

function parse(json: string | null): any {
  return json ? JSON.parse(json) : undefined;
}
