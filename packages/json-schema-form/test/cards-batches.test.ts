// @vitest-environment happy-dom
// Long arrays draw their cards in batches (no long task); any action first draws the rest.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createForm, type JsonSchema } from '../src/index';

let host: HTMLElement;
afterEach(() => {
  host?.remove();
  vi.useRealTimers();
});

const schema: JsonSchema = {
  type: 'object',
  properties: {
    rows: {
      type: 'array',
      title: 'Rows',
      items: { type: 'object', properties: { name: { type: 'string', title: 'Name', minLength: 1 } } },
    },
  },
};
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `R${i + 1}` }));

function mount(n: number) {
  vi.useFakeTimers();
  host = document.createElement('div');
  document.body.append(host);
  const form = createForm(host, { schema, value: { rows: rows(n) }, locale: 'en', alert: () => {} });
  const cards = () => [...host.querySelectorAll<HTMLElement>('.sjf-card')];
  const names = () => cards().map((c) => c.querySelector('input')!.value);
  const button = (label: string) => host.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`)!;
  return { form, cards, names, button };
}

describe('cards of a long array', () => {
  test('the first 40 are drawn at once, the rest in later tasks, in order', () => {
    const { cards, names, button } = mount(100);
    expect(cards().length).toBe(40);
    // the last drawn card is not the array's last: it can still move down
    expect(button('Move item 40 of Rows down').disabled).toBe(false);
    vi.advanceTimersByTime(0);
    expect(cards().length).toBe(80);
    vi.runAllTimers();
    expect(cards().length).toBe(100);
    expect(names()).toEqual(rows(100).map((r) => r.name));
    expect(button('Move item 100 of Rows down').disabled).toBe(true);
    expect(cards()[99].querySelector('h3')!.textContent).toBe('Item 100');
  });

  test('an action before all are drawn draws the rest first', () => {
    const { form, cards, names, button } = mount(100);
    button('Move item 40 of Rows down').click();
    expect(cards().length).toBe(100);
    expect(names().slice(38, 42)).toEqual(['R39', 'R41', 'R40', 'R42']);
    expect((form.getValue() as any).rows[39]).toEqual({ name: 'R41' });
    vi.runAllTimers(); // nothing drawn twice
    expect(cards().length).toBe(100);
  });

  test('an add at the end before all are drawn lands after the real last item', () => {
    const { form, cards, button } = mount(90);
    button('Add an item to Rows after item 40').click();
    expect(cards().length).toBe(91);
    expect((form.getValue() as any).rows.length).toBe(91);
    expect((form.getValue() as any).rows[40]).toEqual({ name: '' });
    expect(cards()[90].querySelector('input')!.value).toBe('R90');
  });

  test('errors of late cards show once they are drawn', async () => {
    const { form, cards } = mount(100);
    vi.useRealTimers();
    const bad = rows(100);
    bad[95].name = '';
    form.setValue({ rows: bad });
    const errors = await form.validate();
    expect(errors.map((e) => e.path)).toEqual(['/rows/95/name']);
    // the late batches are drawn in later tasks: waited for, not for a fixed time (a loaded machine
    // runs them later)
    await vi.waitFor(() => expect(cards().length).toBe(100), { timeout: 5000, interval: 5 });
    await new Promise((r) => setTimeout(r, 0));
    const input = cards()[95].querySelector('input')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${input.id}-e`)!.textContent).toBe('This field is required.');
    expect(host.querySelector('.sjf-cards > .sjf-error')!.textContent).toBe('');
  });

  test('destroying the form stops the drawing', () => {
    const { form } = mount(100);
    form.destroy();
    vi.runAllTimers();
    expect(host.querySelectorAll('.sjf-card').length).toBe(0);
  });
});
