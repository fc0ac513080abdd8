// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createForm, type FormOptions, type JsonSchema } from '../src/index';

vi.mock('../src/render/default-editor', () => ({
  defaultHtmlEditor: () => Promise.reject(new Error('no built-in editor in these tests')),
}));

let host: HTMLElement;
afterEach(() => host?.remove());

const item: JsonSchema = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' }, kind: { type: 'string', enum: ['a', 'b'] } },
};
const people = (extra: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  properties: { people: { type: 'array', title: 'People', items: item, ...extra } },
});

function mount(schema: JsonSchema, value: unknown, options: Partial<FormOptions> = {}) {
  host = document.createElement('div');
  document.body.append(host);
  const alerts: string[] = [];
  const form = createForm(host, { schema, value, locale: 'en', alert: (m) => alerts.push(m), ...options });
  const cards = () => [...host.querySelectorAll<HTMLElement>('.sjf-card')];
  const button = (card: HTMLElement, label: RegExp) =>
    [...card.querySelectorAll('button')].find((b) => label.test(b.getAttribute('aria-label') ?? ''))!;
  const live = () => host.querySelector('[aria-live]')!.textContent;
  return { form, alerts, cards, button, live };
}

const three = {
  people: [
    { name: 'A', kind: 'a' },
    { name: 'B', kind: 'b' },
    { name: 'C', kind: 'a', x: 1 },
  ],
};

describe('cards', () => {
  test('one card per item, with its fields at the item’s pointer', () => {
    const { cards } = mount(people(), three);
    expect(cards().length).toBe(3);
    expect(cards()[2].querySelector('input')!.value).toBe('C');
    expect(cards()[2].querySelector('[data-path="/people/0/name"]')).not.toBeNull(); // descriptor path
    expect(cards().map((c) => c.querySelector('h3')!.textContent)).toEqual(['Item 1', 'Item 2', 'Item 3']);
  });

  test('repeated buttons have unique accessible names', () => {
    mount(people(), three);
    const names = [...host.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Move item 2 of People up');
    expect(names).toContain('Delete item 3 of People');
    expect(names).toContain('Add an item to People after item 1');
  });

  test('up/down reorder, keep focus, announce, and leave the other items alone', () => {
    const { form, cards, button, live } = mount(people(), three);
    const down = button(cards()[0], /Move item 1 of People down/);
    down.focus();
    down.click();
    expect(form.getValue()).toEqual({ people: [three.people[1], three.people[0], three.people[2]] });
    expect(cards().map((c) => c.querySelector('input')!.value)).toEqual(['B', 'A', 'C']);
    expect(document.activeElement).toBe(down);
    expect(down.getAttribute('aria-label')).toBe('Move item 2 of People down');
    expect(live()).toBe('People: item 1 moved to position 2.');
    const up = button(cards()[1], /up/);
    up.click();
    expect(cards().map((c) => c.querySelector('input')!.value)).toEqual(['A', 'B', 'C']);
    // at the top the up button is disabled and focus moves to the down button of the same card
    expect(up.disabled).toBe(true);
    expect(document.activeElement).toBe(button(cards()[0], /down/));
  });

  test('Alt+ArrowDown / Alt+ArrowUp move the card from the keyboard, focus stays in the field', () => {
    const { form, cards } = mount(people(), three);
    const input = cards()[0].querySelector('input')!;
    input.focus();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true }));
    expect((form.getValue() as any).people.map((p: any) => p.name)).toEqual(['B', 'A', 'C']);
    expect(document.activeElement).toBe(input);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', altKey: true, bubbles: true }));
    expect((form.getValue() as any).people.map((p: any) => p.name)).toEqual(['A', 'B', 'C']);
  });

  test('moved cards write to their new place', () => {
    const { form, cards, button } = mount(people(), three);
    button(cards()[2], /up/).click();
    const input = cards()[1].querySelector('input')!;
    input.value = 'C2';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect((form.getValue() as any).people[1]).toEqual({ name: 'C2', kind: 'a', x: 1 });
  });

  test('an Add button under each card inserts after it, from the items’ initial values', () => {
    const { form, cards, button, live } = mount(people(), three);
    expect(cards().map((c) => c.lastElementChild!.textContent)).toEqual(['Add', 'Add', 'Add']);
    button(cards()[0], /after item 1/).click();
    expect((form.getValue() as any).people.map((p: any) => p.name)).toEqual(['A', '', 'B', 'C']);
    expect((form.getValue() as any).people[1]).toEqual({ name: '', kind: 'a' });
    expect(document.activeElement).toBe(cards()[1].querySelector('input'));
    expect(live()).toBe('People: item 2 added.');
    expect(cards().map((c) => c.querySelector('h3')!.textContent)).toEqual([
      'Item 1',
      'Item 2',
      'Item 3',
      'Item 4',
    ]);
  });

  test('with no items only one Add button shows', () => {
    const { form, cards } = mount(people(), { people: [] });
    const adds = [...host.querySelectorAll<HTMLButtonElement>('.sjf-add')].filter((b) => !b.hidden);
    expect(adds.length).toBe(1);
    expect(adds[0].getAttribute('aria-label')).toBe('Add the first item to People');
    adds[0].click();
    expect(cards().length).toBe(1);
    expect(adds[0].hidden).toBe(true);
    expect(form.getValue()).toEqual({ people: [{ name: '', kind: 'a' }] });
  });

  test('deleting', () => {
    const { form, cards, button, live } = mount(people(), three);
    button(cards()[1], /Delete/).click();
    expect((form.getValue() as any).people.map((p: any) => p.name)).toEqual(['A', 'C']);
    expect(document.activeElement).toBe(button(cards()[1], /Delete item 2/));
    expect(live()).toBe('People: item 2 deleted.');
    button(cards()[1], /Delete/).click();
    button(cards()[0], /Delete/).click();
    expect(form.getValue()).toEqual({ people: [] });
    expect(document.activeElement).toBe(host.querySelector('.sjf-add'));
  });

  test('maxItems: an alert and no change', () => {
    const { form, cards, button, alerts } = mount(people({ maxItems: 3 }), three);
    button(cards()[0], /Add/).click();
    expect(alerts).toEqual(['People can have at most 3 items.']);
    expect(cards().length).toBe(3);
    expect(form.getValue()).toEqual(three);
  });

  test('minItems: an alert and no change', () => {
    const { form, cards, button, alerts } = mount(people({ minItems: 3 }), three);
    button(cards()[0], /Delete/).click();
    expect(alerts).toEqual(['People needs at least 3 items.']);
    expect(cards().length).toBe(3);
    expect(form.getValue()).toEqual(three);
  });

  test('the JSON Preview is a read-only modal of the current value', () => {
    const { cards, button } = mount(people(), three);
    button(cards()[0], /Delete/).click();
    const open = [...host.querySelectorAll('button')].find(
      (b) => b.getAttribute('aria-label') === 'JSON Preview of People',
    )!;
    open.click();
    const dialog = host.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(JSON.parse(dialog.querySelector('pre')!.textContent!)).toEqual(three.people.slice(1));
    expect(dialog.querySelector('textarea, input')).toBeNull();
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Close')!.click();
    expect(dialog.open).toBe(false);
  });

  test('cards at the root (array → object)', () => {
    const { form, cards, button } = mount({ type: 'array', items: item }, [{ name: 'A', kind: 'a' }]);
    button(cards()[0], /Add/).click();
    expect(form.getValue()).toEqual([
      { name: 'A', kind: 'a' },
      { name: '', kind: 'a' },
    ]);
  });

  test('cards in cards when maxDepth lifts the limit', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          items: { type: 'object', properties: { sub: { type: 'array', items: item } } },
        },
      },
    };
    const { form, button } = mount(schema, { rows: [{ sub: [{ name: 'x', kind: 'b' }] }] }, { maxDepth: 5 });
    const inner = host.querySelector<HTMLElement>('[data-path="/rows/0/sub"]')!;
    expect(inner.dataset.control).toBe('cards');
    button(inner.querySelector('.sjf-card')!, /Add/).click();
    expect(form.getValue()).toEqual({
      rows: [
        {
          sub: [
            { name: 'x', kind: 'b' },
            { name: '', kind: 'a' },
          ],
        },
      ],
    });
  });

  test('ja labels', () => {
    const { cards, button } = mount(people(), three, { locale: 'ja' });
    expect(button(cards()[0], /下へ/).getAttribute('aria-label')).toBe('Peopleの項目 1 を下へ移動');
  });
});
