// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { HtmlEditorAdapter } from '../src/editor/types';
import { createForm, type FormOptions, type JsonSchema } from '../src/index';

// The built-in editor (src/editor) is tested on its own; every form here gets a fake adapter or none.
vi.mock('../src/render/default-editor', () => ({
  defaultHtmlEditor: () => Promise.reject(new Error('no built-in editor in these tests')),
}));

let host: HTMLElement;
afterEach(() => host?.remove());

function mount(schema: JsonSchema, options: Partial<FormOptions> = {}) {
  host = document.createElement('div');
  document.body.append(host);
  const changes: unknown[] = [];
  const form = createForm(host, {
    schema,
    locale: 'en',
    timezone: 'Asia/Tokyo',
    onChange: (v) => changes.push(v),
    ...options,
  });
  return {
    form,
    changes,
    field: (path: string) => host.querySelector<HTMLElement>(`[data-path="${path}"]`)!,
  };
}

function type(el: HTMLInputElement | HTMLTextAreaElement, text: string) {
  el.value = text;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function choose(select: HTMLSelectElement, ...labels: string[]) {
  for (const o of select.options) o.selected = labels.includes(o.textContent!);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const obj = (properties: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  properties,
  ...extra,
});

describe('simple controls', () => {
  test('text: input, label, required mark and aria', () => {
    const { form, field } = mount(
      obj({ name: { type: 'string', title: 'Name', minLength: 1, description: 'Your name' } }),
    );
    const input = field('/name').querySelector('input')!;
    expect(input.type).toBe('text');
    expect(field('/name').querySelector('label')!.textContent).toBe('Name *');
    expect(field('/name').querySelector('label')!.getAttribute('for')).toBe(input.id);
    expect(input.getAttribute('aria-required')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)!.className)).toEqual(['sjf-help', 'sjf-error']);
    type(input, 'Ann');
    expect(form.getValue()).toEqual({ name: 'Ann' });
  });

  test('select: enumNames label the options, the enum value is saved', () => {
    const { form, field } = mount(
      obj({ k: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] } }),
    );
    const select = field('/k').querySelector('select')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Alpha', 'Beta']);
    expect(select.selectedOptions[0].textContent).toBe('Alpha');
    choose(select, 'Beta');
    expect(form.getValue()).toEqual({ k: 'b' });
  });

  test('number-select keeps numbers; a value outside the enum is shown, not lost', () => {
    const { form, field } = mount(obj({ n: { type: 'integer', enum: [1, 2] } }), { value: { n: 9 } });
    const select = field('/n').querySelector('select')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(['1', '2', '9']);
    expect(form.getValue()).toEqual({ n: 9 });
    choose(select, '2');
    expect(form.getValue()).toEqual({ n: 2 });
  });

  test('date: native input, empty saves null only where null is allowed', () => {
    const { form, field } = mount(
      obj({ d: { type: 'string', format: 'date' }, n: { type: ['string', 'null'], format: 'date' } }),
    );
    const [d, n] = [field('/d'), field('/n')].map((f) => f.querySelector('input')!);
    expect(d.type).toBe('date');
    type(d, '2024-05-01');
    type(n, '2024-05-02');
    expect(form.getValue()).toEqual({ d: '2024-05-01', n: '2024-05-02' });
    type(d, '');
    type(n, '');
    expect(form.getValue()).toEqual({ d: '', n: null });
  });

  test('datetime: datetime-local in the form’s zone, stored with its offset, zone shown beside', () => {
    const { form, field } = mount(obj({ at: { type: 'string', format: 'date-time' } }), {
      value: { at: '2024-05-01T01:30:00Z' },
    });
    const input = field('/at').querySelector('input')!;
    expect(input.type).toBe('datetime-local');
    expect(input.value).toMatch(/^2024-05-01T10:30(:00)?$/); // browsers drop ':00'
    expect(field('/at').querySelector('.sjf-zone')!.textContent).toBe('Asia/Tokyo (UTC+09:00)');
    expect(form.getValue()).toEqual({ at: '2024-05-01T01:30:00Z' }); // untouched stays as stored
    type(input, '2024-05-01T11:00');
    expect(form.getValue()).toEqual({ at: '2024-05-01T11:00:00+09:00' });
  });

  test('textarea with rows', () => {
    const { form, field } = mount(obj({ t: { type: 'string', format: 'textarea', rows: 7 } }));
    const ta = field('/t').querySelector('textarea')!;
    expect(ta.getAttribute('rows')).toBe('7');
    type(ta, 'a\nb');
    expect(form.getValue()).toEqual({ t: 'a\nb' });
  });

  test('number: numeric input; empty leaves the key out, or saves null where allowed', () => {
    const { form, field } = mount(
      obj({ n: { type: 'integer', minimum: 1 }, m: { type: ['number', 'null'] } }),
    );
    const [n, m] = [field('/n'), field('/m')].map((f) => f.querySelector('input')!);
    expect([n.type, n.step, n.min]).toEqual(['number', '1', '1']);
    type(n, '5');
    type(m, '2.5');
    expect(form.getValue()).toEqual({ n: 5, m: 2.5 });
    type(n, '');
    type(m, '');
    expect(form.getValue()).toEqual({ m: null });
  });

  test('checkbox', () => {
    const { form, field } = mount(obj({ b: { type: 'boolean' } }));
    const box = field('/b').querySelector('input')!;
    expect(box.type).toBe('checkbox');
    box.click();
    expect(form.getValue()).toEqual({ b: true });
  });

  test('comma-list: a comma-separated textarea', () => {
    const { form, field } = mount(obj({ tags: { type: 'array', items: { type: 'string' } } }), {
      value: { tags: ['a', 'b'] },
    });
    const ta = field('/tags').querySelector('textarea')!;
    expect(ta.value).toBe('a, b');
    type(ta, 'x, y ,z');
    expect(form.getValue()).toEqual({ tags: ['x', 'y', 'z'] });
  });

  test('multi-select: items.enum with enumNames', () => {
    const { form, field } = mount(
      obj({
        c: {
          type: 'array',
          items: { type: 'string', enum: ['r', 'g', 'b'], enumNames: ['Red', 'Green', 'Blue'] },
        },
      }),
    );
    const select = field('/c').querySelector('select')!;
    expect(select.multiple).toBe(true);
    choose(select, 'Red', 'Blue');
    expect(form.getValue()).toEqual({ c: ['r', 'b'] });
  });

  test('file: the picker callback stores the path and a preview link shows', async () => {
    const fileManager = vi.fn(async () => '/files/a.pdf');
    const { form, field } = mount(obj({ f: { type: 'string', format: 'file-manager', title: 'Doc' } }), {
      fileManager,
    });
    const link = field('/f').querySelector('a')!;
    expect(link.hidden).toBe(true);
    const button = field('/f').querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('Choose a file for Doc');
    button.click();
    await vi.waitFor(() => expect(form.getValue()).toEqual({ f: '/files/a.pdf' }));
    expect(fileManager).toHaveBeenCalledWith({ path: '/f', value: '', title: 'Doc', locale: 'en' });
    expect(link.hidden).toBe(false);
    expect(link.getAttribute('href')).toBe('/files/a.pdf');
  });

  test('file: a cancelled pick changes nothing', async () => {
    const { form, field } = mount(obj({ f: { type: 'string', format: 'file-manager' } }), {
      value: { f: '/x.png' },
      fileManager: async () => null,
    });
    field('/f').querySelector('button')!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(form.getValue()).toEqual({ f: '/x.png' });
  });

  test('json: objects below the top level; bad JSON leaves the value alone', () => {
    const { form, field } = mount(obj({ meta: { type: 'object', properties: { a: { type: 'string' } } } }), {
      value: { meta: { a: 'x', other: 1 } },
    });
    const ta = field('/meta').querySelector('textarea')!;
    expect(JSON.parse(ta.value)).toEqual({ a: 'x', other: 1 });
    type(ta, '{"a": ');
    expect(form.getValue()).toEqual({ meta: { a: 'x', other: 1 } });
    type(ta, '{"a": "y"}');
    expect(form.getValue()).toEqual({ meta: { a: 'y' } });
  });

  test('too-deep levels are a JSON textarea with a notice', () => {
    const leaf: JsonSchema = { type: 'object', properties: { n: { type: 'string' } } };
    const { field } = mount(
      obj({ rows: { type: 'array', items: obj({ sub: { type: 'array', items: leaf } }) } }),
      { value: { rows: [{ sub: [{ n: 'deep' }] }] } },
    );
    const sub = field('/rows/0/sub');
    expect(sub.dataset.control).toBe('json');
    expect(sub.querySelector('.sjf-notice')!.textContent).toContain('too deeply');
    expect(JSON.parse(sub.querySelector('textarea')!.value)).toEqual([{ n: 'deep' }]);
  });

  test('buildUi:false is a JSON editor only', () => {
    const { form } = mount(obj({ a: { type: 'string' } }), { buildUi: false, value: { a: 'x' } });
    const fields = host.querySelectorAll('.sjf-field');
    expect(fields.length).toBe(1);
    expect((fields[0] as HTMLElement).dataset.control).toBe('json');
    type(fields[0].querySelector('textarea')!, '{"a": "y", "z": 1}');
    expect(form.getValue()).toEqual({ a: 'y', z: 1 });
  });
});

describe('html through the adapter', () => {
  function fakeEditor() {
    const made: {
      host: HTMLElement;
      init: Parameters<HtmlEditorAdapter>[1];
      value: string;
      destroyed: boolean;
    }[] = [];
    const adapter: HtmlEditorAdapter = async (h, init) => {
      const rec = { host: h, init, value: init.value, destroyed: false };
      made.push(rec);
      const div = document.createElement('div');
      div.contentEditable = 'true';
      h.append(div);
      return {
        getValue: () => rec.value,
        setValue: (v) => {
          rec.value = v;
        },
        focus: () => div.focus(),
        destroy: () => {
          rec.destroyed = true;
        },
      };
    };
    return { adapter, made };
  }

  test('the adapter gets value, options, locale and label; its changes are saved', async () => {
    const { adapter, made } = fakeEditor();
    const { form } = mount(
      obj({ body: { type: 'string', format: 'html', title: 'Body', format_options: { toolbar: 'basic' } } }),
      { htmlEditor: adapter, value: { body: '<p>x</p>' } },
    );
    await vi.waitFor(() => expect(made.length).toBe(1));
    expect(made[0].init).toMatchObject({
      value: '<p>x</p>',
      options: { toolbar: 'basic' },
      locale: 'en',
      label: 'Body',
    });
    made[0].init.onChange('<p>y</p>');
    expect(form.getValue()).toEqual({ body: '<p>y</p>' });
    form.destroy();
    expect(made[0].destroyed).toBe(true);
  });

  test('each card has its own editor', async () => {
    const { adapter, made } = fakeEditor();
    const { form, field } = mount(
      obj({ rows: { type: 'array', items: obj({ body: { type: 'string', format: 'html' } }) } }),
      { htmlEditor: adapter, value: { rows: [{ body: 'a' }, { body: 'b' }] } },
    );
    await vi.waitFor(() => expect(made.length).toBe(2));
    made[1].init.onChange('B');
    expect(form.getValue()).toEqual({ rows: [{ body: 'a' }, { body: 'B' }] });
    // after moving card 2 up, its editor writes to its new place
    field('/rows').querySelectorAll<HTMLButtonElement>('.sjf-card')[1].querySelector('button')!.click();
    made[1].init.onChange('BB');
    expect(form.getValue()).toEqual({ rows: [{ body: 'BB' }, { body: 'a' }] });
  });
});

test('an editor that fails to load leaves the HTML source editable, with a notice', async () => {
  const { form, field } = mount(obj({ body: { type: 'string', format: 'html', title: 'Body' } }), {
    htmlEditor: () => Promise.reject(new Error('blocked')),
    value: { body: '<p>x</p>' },
  });
  await vi.waitFor(() => expect(field('/body').querySelector('textarea')).not.toBeNull());
  expect(field('/body').querySelector('.sjf-notice')!.textContent).toContain('could not load');
  const source = field('/body').querySelector('textarea')!;
  expect(source.value).toBe('<p>x</p>');
  type(source, '<p>y</p>');
  expect(form.getValue()).toEqual({ body: '<p>y</p>' });
});

describe('null: one control and an explicit "clear to null"', () => {
  test('a nullable field has a clear button; a non-nullable one has none', () => {
    const { form, field } = mount(
      obj({ a: { type: ['string', 'null'], title: 'A' }, b: { type: 'string' } }),
      {
        value: { a: 'x', b: 'y' },
      },
    );
    expect(field('/b').querySelector('button')).toBeNull();
    const clear = field('/a').querySelector<HTMLButtonElement>('.sjf-clear')!;
    expect(clear.getAttribute('aria-label')).toBe('Clear A (set to null)');
    clear.click();
    expect(form.getValue()).toEqual({ a: null, b: 'y' });
    expect(field('/a').querySelector('input')!.value).toBe('');
    expect(clear.disabled).toBe(true);
    expect(host.querySelectorAll('select').length).toBe(0); // never a type switcher
  });
  test('nullable select and number', () => {
    const { form, field } = mount(
      obj({ k: { type: 'string', enum: ['a'], nullable: true }, n: { type: 'number', nullable: true } }),
      {
        value: { k: 'a', n: 1 },
      },
    );
    field('/k').querySelector<HTMLButtonElement>('.sjf-clear')!.click();
    field('/n').querySelector<HTMLButtonElement>('.sjf-clear')!.click();
    expect(form.getValue()).toEqual({ k: null, n: null });
    expect(field('/k').querySelector('select')!.selectedOptions[0].textContent).toBe('—');
  });
});

describe('lossless', () => {
  const schema = obj({
    a: { type: 'string' },
    rows: { type: 'array', items: obj({ n: { type: 'string' } }) },
  });
  const value = { a: 'x', unknown: { deep: [1, 2] }, rows: [{ n: '1', extra: true }] };
  test('unknown keys survive edits', () => {
    const { form, field } = mount(schema, { value });
    type(field('/a').querySelector('input')!, 'y');
    type(field('/rows').querySelector('input')!, '2');
    expect(form.getValue()).toEqual({ a: 'y', unknown: { deep: [1, 2] }, rows: [{ n: '2', extra: true }] });
  });
  test('form → raw JSON → form gives back the same value', () => {
    const first = mount(schema, { value });
    const v1 = first.form.getValue();
    first.form.destroy();
    const raw = mount(schema, { value: v1, buildUi: false });
    const v2 = raw.form.getValue();
    raw.form.destroy();
    const again = mount(schema, { value: v2 });
    expect(again.form.getValue()).toEqual(value);
  });
  test('setValue redraws', () => {
    const { form, field } = mount(schema, { value });
    form.setValue({ a: 'z', rows: [] });
    expect(field('/a').querySelector('input')!.value).toBe('z');
    expect(host.querySelectorAll('.sjf-card').length).toBe(0);
  });
  test('without a value the form starts from the initial values', () => {
    const { form } = mount(obj({ k: { enum: ['p', 'q'] }, s: { type: 'string', default: 'hi' } }));
    expect(form.getValue()).toEqual({ k: 'p', s: 'hi' });
  });
});
