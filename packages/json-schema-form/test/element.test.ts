// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest';
import { defineSumiJsonForm, type SumiJsonFormElement } from '../src/element';

vi.mock('../src/render/default-editor', () => ({
  defaultHtmlEditor: () => Promise.reject(new Error('no built-in editor in these tests')),
}));

afterEach(() => {
  document.body.replaceChildren();
});

const schema = { type: 'object', properties: { title: { type: 'string', minLength: 2 } } };

test('importing defines nothing; defineSumiJsonForm() does, once', () => {
  expect(customElements.get('sumi-json-form')).toBeUndefined();
  defineSumiJsonForm();
  defineSumiJsonForm();
  expect(customElements.get('sumi-json-form')).toBeDefined();
});

test('attributes build the form; edits fire valuechange; value reads back', () => {
  defineSumiJsonForm();
  const el = document.createElement('sumi-json-form') as SumiJsonFormElement;
  el.setAttribute('schema', JSON.stringify(schema));
  el.setAttribute('value', JSON.stringify({ title: 'Hi', keep: 1 }));
  el.setAttribute('locale', 'ja');
  document.body.append(el);
  const input = el.querySelector('input')!;
  expect(input.value).toBe('Hi');
  const seen: unknown[] = [];
  el.addEventListener('valuechange', (e) => seen.push((e as CustomEvent).detail.value));
  input.value = 'Hey';
  input.dispatchEvent(new Event('input', { bubbles: true }));
  expect(seen).toEqual([{ title: 'Hey', keep: 1 }]);
  expect(el.value).toEqual({ title: 'Hey', keep: 1 });
});

test('properties: schema, value, alert, validator; validate() in the chosen language', async () => {
  defineSumiJsonForm();
  const el = document.createElement('sumi-json-form') as SumiJsonFormElement;
  el.setAttribute('locale', 'ja');
  el.validator = 'strict-csp';
  document.body.append(el);
  el.schema = schema;
  el.value = { title: 'x' };
  expect(el.querySelector('input')!.value).toBe('x');
  expect((await el.validate()).map((e) => e.message)).toEqual(['2文字以上で入力してください。']);
  el.setAttribute('value', JSON.stringify({ title: 'abc' }));
  expect(el.querySelector('input')!.value).toBe('abc');
});

test('build-ui="false" gives the JSON editor', () => {
  defineSumiJsonForm();
  const el = document.createElement('sumi-json-form') as SumiJsonFormElement;
  el.setAttribute('build-ui', 'false');
  el.setAttribute('schema', JSON.stringify(schema));
  document.body.append(el);
  expect(el.querySelector('.sjf-field')!.getAttribute('data-control')).toBe('json');
});
