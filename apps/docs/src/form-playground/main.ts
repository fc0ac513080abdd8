/**
 * The form playground: a schema editor (CodeMirror, JSON, completion of the schema keywords) beside the
 * live form of @sumi/json-schema-form, its current value and its validation errors. Every schema edit
 * (debounced) rebuilds the form and keeps the value; the address holds schema and value once edited.
 */
import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import {
  createForm,
  createValidator,
  type FormError,
  type FormHandle,
  type JsonSchema,
  type Locale,
} from '@sumi/json-schema-form';
import { basicSetup, EditorView } from 'codemirror';
import { schemaCompletion } from './complete';
import { examples } from './examples';
import { exampleFileManager } from './files';
import { type FormState, readState, writeState } from './state';

const DEBOUNCE_MS = 300;

function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`form playground: #${id} is missing`);
  return el as T;
}

/** Whether `value` has the root shape `schema` asks for (object or array); other roots are not checked. */
function fitsRoot(value: unknown, schema: JsonSchema): boolean {
  if (value === undefined) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('array')) return Array.isArray(value) || (value === null && types.includes('null'));
  if (types.includes('object'))
    return (
      (value !== null && typeof value === 'object' && !Array.isArray(value)) ||
      (value === null && types.includes('null'))
    );
  return true;
}

const pretty = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));

function start(root: HTMLElement) {
  const exampleSel = $<HTMLSelectElement>('fp-example');
  const localeSel = $<HTMLSelectElement>('fp-locale');
  const validatorSel = $<HTMLSelectElement>('fp-validator');
  const buildUiBox = $<HTMLInputElement>('fp-build-ui');
  const status = $('fp-status');
  const host = $('fp-host');
  const formEl = $<HTMLFormElement>('fp-form');
  const valueEl = $('fp-value');
  const errorsEl = $('fp-errors');
  const errorsCount = $('fp-errors-count');
  const fileManager = exampleFileManager($<HTMLDialogElement>('fp-files'));
  for (const ex of examples) exampleSel.add(new Option(ex.title, ex.id));

  const shared = readState(location.hash);
  const first = examples[0];
  let edited = shared.schema !== undefined;
  let schemaText = shared.schema ?? pretty(first.schema);
  let schema: JsonSchema = {};
  let value: unknown = parseValue(shared.schema !== undefined ? shared.value : pretty(first.value));
  let form: FormHandle | undefined;
  let check: ((v: unknown, l: Locale) => FormError[]) | undefined;
  let checkToken = 0;
  localeSel.value = shared.locale ?? 'en';
  validatorSel.value = shared.validator ?? 'ajv';
  buildUiBox.checked = shared.buildUi ?? true;
  if (shared.schema === undefined) exampleSel.value = first.id;
  else exampleSel.value = '';

  function parseValue(text: string | undefined): unknown {
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  const say = (text: string, state: 'ok' | 'error' | '' = '') => {
    status.textContent = text;
    status.dataset.state = state;
  };

  const state = (): FormState => ({
    schema: schemaText,
    value: value === undefined ? '' : JSON.stringify(value),
    locale: localeSel.value as Locale,
    validator: validatorSel.value as FormState['validator'],
    buildUi: buildUiBox.checked,
  });
  /** Keep the address shareable once the user has changed something. */
  const save = () => {
    if (edited) history.replaceState(null, '', writeState(state()));
  };

  function showErrors(errors: FormError[] | string) {
    errorsEl.replaceChildren();
    if (typeof errors === 'string') {
      const li = document.createElement('li');
      li.className = 'fp-problem';
      li.textContent = errors;
      errorsEl.append(li);
      errorsCount.textContent = '';
      errorsEl.dataset.count = '-1';
      return;
    }
    errorsEl.dataset.count = String(errors.length);
    errorsCount.textContent = `(${errors.length})`;
    if (!errors.length) {
      const li = document.createElement('li');
      li.className = 'fp-none';
      li.textContent = localeSel.value === 'ja' ? 'エラーはありません。' : 'No errors.';
      errorsEl.append(li);
    }
    for (const e of errors) {
      const li = document.createElement('li');
      const path = document.createElement('code');
      path.textContent = e.path || '(root)';
      const keyword = document.createElement('span');
      keyword.className = 'fp-keyword';
      keyword.textContent = e.keyword;
      li.append(path, ' ', keyword, ' ', e.message);
      errorsEl.append(li);
    }
  }

  const refreshErrors = () => {
    if (check) showErrors(check(value, localeSel.value as Locale));
  };

  const showValue = () => {
    valueEl.textContent = value === undefined ? '(no value)' : pretty(value);
  };

  async function loadValidator() {
    const token = ++checkToken;
    check = undefined;
    try {
      const made = await createValidator(schema, validatorSel.value as FormState['validator']);
      if (token !== checkToken) return;
      check = made;
      refreshErrors();
    } catch (e) {
      if (token === checkToken) showErrors(`The validator refused the schema: ${(e as Error).message}`);
    }
  }

  function mount() {
    form?.destroy();
    try {
      form = createForm(host, {
        schema,
        value,
        locale: localeSel.value as Locale,
        validator: validatorSel.value as FormState['validator'],
        buildUi: buildUiBox.checked,
        fileManager,
        alert: (message) => say(message, 'error'),
        onChange: (v) => {
          value = v;
          edited = true;
          showValue();
          refreshErrors();
          save();
        },
      });
      value = form.getValue();
    } catch (e) {
      form = undefined;
      host.replaceChildren();
      showErrors(`The form could not be built: ${(e as Error).message}`);
      return;
    }
    showValue();
    void loadValidator();
  }

  /** Reads the schema editor: a JSON error keeps the current form and says where. */
  function applySchema(): boolean {
    try {
      const parsed = JSON.parse(schemaText);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        showErrors('The schema must be a JSON object.');
        return false;
      }
      schema = parsed;
      // A value of another shape (an array kept from an array schema, now an object's) starts afresh.
      if (!fitsRoot(value, schema)) value = undefined;
      return true;
    } catch (e) {
      showErrors(`The schema is not valid JSON: ${(e as Error).message}`);
      return false;
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const onSchemaEdit = EditorView.updateListener.of((u) => {
    if (!u.docChanged) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      schemaText = u.state.doc.toString();
      edited = true;
      exampleSel.value = '';
      if (applySchema()) mount();
      save();
    }, DEBOUNCE_MS);
  });
  const schemaView = new EditorView({
    parent: $('fp-schema'),
    state: EditorState.create({
      doc: schemaText,
      extensions: [
        basicSetup,
        json(),
        jsonLanguage.data.of({ autocomplete: schemaCompletion }),
        linter(jsonParseLinter()),
        lintGutter(),
        onSchemaEdit,
      ],
    }),
  });
  const setSchemaText = (text: string) => {
    schemaText = text;
    schemaView.dispatch({ changes: { from: 0, to: schemaView.state.doc.length, insert: text } });
    clearTimeout(timer); // the dispatch's own update is applied here, now
  };

  exampleSel.addEventListener('change', () => {
    const ex = examples.find((x) => x.id === exampleSel.value);
    if (!ex) return;
    value = ex.value === undefined ? undefined : structuredClone(ex.value);
    setSchemaText(pretty(ex.schema));
    if (applySchema()) mount();
    say('');
    save();
  });
  for (const control of [localeSel, validatorSel, buildUiBox]) {
    control.addEventListener('change', () => {
      edited = true;
      if (applySchema()) mount();
      save();
    });
  }
  $('fp-reset').addEventListener('click', () => {
    value = undefined;
    if (applySchema()) mount();
    edited = true;
    save();
  });
  $('fp-share').addEventListener('click', async () => {
    edited = true;
    save();
    try {
      await navigator.clipboard.writeText(location.href);
      say('Link copied: it restores this schema and value.', 'ok');
    } catch {
      say('The address bar holds the link: copy it from there.', 'ok');
    }
  });
  // "Validate" submits the form: createForm validates, shows every error in place and stops a submit
  // with errors. This listener runs after it (bubbling to the document) and keeps the page here.
  document.addEventListener('submit', (e) => {
    if (e.target !== formEl) return;
    if (!e.defaultPrevented)
      say(
        localeSel.value === 'ja' ? '送信できます（エラーなし）。' : 'Valid: the value would be saved.',
        'ok',
      );
    else say(localeSel.value === 'ja' ? 'エラーがあります。' : 'Fix the errors shown in the form.', 'error');
    e.preventDefault();
  });

  if (applySchema()) mount();
  root.dataset.ready = 'true';
}

const root = document.getElementById('form-playground');
if (root) start(root);
