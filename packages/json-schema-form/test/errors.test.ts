// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest';
import { createForm, type FormOptions, type JsonSchema } from '../src/index';

vi.mock('../src/render/default-editor', () => ({
  defaultHtmlEditor: () => Promise.reject(new Error('no built-in editor in these tests')),
}));

let host: HTMLElement;
afterEach(() => host?.remove());

const schema: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    code: {
      type: 'string',
      pattern: '^[A-Z]+$',
      errorMessage: { pattern: { ja: '大文字で', en: 'Capitals only' } },
    },
    rows: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', properties: { n: { type: 'integer', minimum: 1, nullable: false } } },
    },
  },
};

function mount(value: unknown, options: Partial<FormOptions> = {}, into?: HTMLElement) {
  host = document.createElement('div');
  (into ?? document.body).append(host);
  return createForm(host, { schema, value, locale: 'en', ...options });
}
const errorOf = (path: string) => {
  const field = host.querySelector(`[data-path="${path}"]`)!;
  const control = field.querySelector('input, textarea, select') ?? field;
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('sjf-error'))!;
};

test('errors show after blur, tied to the field with aria-describedby', async () => {
  mount({ name: 'x', code: 'ab', rows: [{ n: 1 }] });
  const input = host.querySelector<HTMLInputElement>('[data-path="/name"] input')!;
  await new Promise((r) => setTimeout(r, 20));
  expect(errorOf('/name').textContent).toBe(''); // nothing before the user leaves the field
  input.focus();
  input.blur();
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  await vi.waitFor(() => expect(errorOf('/name').textContent).toBe('Enter at least 2 characters.'));
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(errorOf('/code').textContent).toBe(''); // not touched yet
  input.value = 'xy';
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await vi.waitFor(() => expect(errorOf('/name').textContent).toBe(''));
  expect(input.getAttribute('aria-invalid')).toBe('false');
});

test('validate() is a submit: every error shows, custom messages and card fields included, in ja', async () => {
  const form = mount({ name: 'x', code: 'ab', rows: [{ n: 1 }, { n: 0 }] }, { locale: 'ja' });
  const errors = await form.validate();
  expect(errors.map((e) => [e.path, e.message])).toEqual([
    ['/name', '2文字以上で入力してください。'],
    ['/code', '大文字で'],
    ['/rows/1/n', '1以上の値を入力してください。'],
  ]);
  expect(errorOf('/name').textContent).toBe('2文字以上で入力してください。');
  expect(errorOf('/code').textContent).toBe('大文字で');
  const second = host.querySelectorAll('.sjf-card')[1].querySelector('input')!;
  expect(document.getElementById(second.getAttribute('aria-describedby')!)!.textContent).toBe(
    '1以上の値を入力してください。',
  );
});

test('array-level errors show on the cards', async () => {
  const form = mount({ name: 'xy', code: 'A', rows: [] });
  await form.validate();
  const cards = host.querySelector('[data-path="/rows"]')!;
  const err = document.getElementById(cards.getAttribute('aria-describedby')!)!;
  expect(err.textContent).toBe('Add at least 1 item.');
});

test('strict-CSP validator in the form', async () => {
  const form = mount({ name: 'x', code: 'A', rows: [{ n: 1 }] }, { validator: 'strict-csp' });
  expect((await form.validate()).map((e) => e.path)).toEqual(['/name']);
});

test('a surrounding <form> is stopped on submit while errors remain', async () => {
  const outer = document.createElement('form');
  document.body.append(outer);
  const submitted = vi.fn((e: Event) => e.defaultPrevented || e.preventDefault());
  outer.addEventListener('submit', submitted);
  const form = mount({ name: 'x', code: 'A', rows: [{ n: 1 }] }, {}, outer);
  await form.validate(); // the validator is loaded
  const event = new Event('submit', { cancelable: true }) as SubmitEvent;
  outer.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(true);
  expect(document.activeElement).toBe(host.querySelector('[data-path="/name"] input'));
  outer.remove();
});

test('adding or deleting cards lets the list’s own errors show without a submit', async () => {
  host = document.createElement('div');
  document.body.append(host);
  createForm(host, {
    schema: {
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          uniqueItems: true,
          items: { type: 'object', properties: { n: { type: 'string' } } },
        },
      },
    },
    value: { rows: [{ n: '' }] },
    locale: 'en',
  });
  const cards = host.querySelector('[data-path="/rows"]')!;
  const err = () => document.getElementById(cards.getAttribute('aria-describedby')!)!.textContent;
  host.querySelector<HTMLButtonElement>('.sjf-card .sjf-add')!.click();
  await vi.waitFor(() => expect(err()).toBe('Remove the duplicate items.'));
});
