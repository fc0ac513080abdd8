import type { FieldDescriptor } from '../core/describe';
import { escapeKey } from '../core/pointer';
import type { FieldView, RenderContext } from './context';
import { h } from './dom';

interface Card {
  index: number;
  el: HTMLElement;
  title: HTMLElement;
  up: HTMLButtonElement;
  down: HTMLButtonElement;
  remove: HTMLButtonElement;
  add: HTMLButtonElement;
  views: FieldView[];
}

/** Cards drawn before the form returns; the rest follow in tasks of this size, so no task grows long. */
const BATCH = 40;

/**
 * The repeating cards of an array of objects. Cards are moved, added and deleted as DOM nodes (never the
 * whole list redrawn), so editors inside keep their state and 1,000 cards stay quick; each card's fields
 * read their pointer from the card's current index.
 */
export function renderCards(
  ctx: RenderContext,
  d: FieldDescriptor,
  at: () => string,
  scope: FieldView[],
): HTMLElement {
  const { t } = ctx;
  const id = ctx.uid();
  const cards: Card[] = [];
  const list = h('div', { className: 'sjf-list' });
  const items = (): unknown[] => {
    const v = ctx.get(at());
    return Array.isArray(v) ? v : [];
  };
  const addFirst = h('button', {
    type: 'button',
    className: 'sjf-add',
    textContent: t.add,
    'aria-label': t.addFirstName(d.title),
    onclick: () => add(0),
  });
  const pre = h('pre', { className: 'sjf-preview-json', tabIndex: 0 });
  const dialog = h(
    'dialog',
    { className: 'sjf-dialog', 'aria-labelledby': `${id}-p` },
    h('h2', { id: `${id}-p` }, t.previewName(d.title)),
    pre,
    h('button', {
      type: 'button',
      textContent: t.close,
      onclick: () => dialog.close?.() ?? dialog.removeAttribute('open'),
    }),
  );
  const preview = h('button', {
    type: 'button',
    className: 'sjf-preview-button',
    textContent: t.preview,
    'aria-label': t.previewName(d.title),
    onclick: () => {
      pre.textContent = JSON.stringify(ctx.get(at()) ?? [], null, 2);
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    },
  });
  const error = h('div', { className: 'sjf-error', id: `${id}-e` });
  const legend = h(
    'legend',
    {},
    d.title,
    d.required && h('span', { className: 'sjf-required', 'aria-hidden': 'true' }, ' *'),
  );
  const help = d.description ? h('div', { className: 'sjf-help', id: `${id}-d` }, d.description) : null;
  const root = h(
    'fieldset',
    {
      className: 'sjf-cards',
      'data-control': 'cards',
      'data-path': d.path,
      'aria-describedby': help ? `${id}-d ${id}-e` : `${id}-e`,
    },
    legend,
    help,
    preview,
    list,
    addFirst,
    error,
    dialog,
  );

  function label(card: Card) {
    const n = card.index + 1;
    card.title.textContent = t.item(n);
    card.up.setAttribute('aria-label', t.upName(d.title, n));
    card.down.setAttribute('aria-label', t.downName(d.title, n));
    card.remove.setAttribute('aria-label', t.removeName(d.title, n));
    card.add.setAttribute('aria-label', t.addName(d.title, n));
    card.up.disabled = card.index === 0;
    card.down.disabled = card.index === items().length - 1;
  }

  function relabel(from = 0) {
    for (let i = from; i < cards.length; i++) {
      cards[i].index = i;
      label(cards[i]);
    }
    if (from > 0) label(cards[from - 1]); // its down button may change
    addFirst.hidden = cards.length > 0;
  }

  function makeCard(index: number): Card {
    const card = { index, views: [] as FieldView[] } as Card;
    const itemAt = () => `${at()}/${card.index}`;
    card.title = h('h3', { className: 'sjf-card-title', id: ctx.uid() });
    card.up = h('button', { type: 'button', textContent: t.up, onclick: () => move(card, -1, card.up) });
    card.down = h('button', { type: 'button', textContent: t.down, onclick: () => move(card, 1, card.down) });
    card.remove = h('button', { type: 'button', textContent: t.remove, onclick: () => remove(card) });
    card.add = h('button', {
      type: 'button',
      className: 'sjf-add',
      textContent: t.add,
      onclick: () => add(card.index + 1),
    });
    const fields = (d.children ?? []).map((c) =>
      ctx.field(c, () => `${itemAt()}/${escapeKey(c.key!)}`, card.views),
    );
    card.el = h(
      'section',
      { className: 'sjf-card', role: 'group', 'aria-labelledby': card.title.id },
      h('div', { className: 'sjf-card-head' }, card.title, card.up, card.down, card.remove),
      ...fields,
      card.add,
    );
    // Off-screen cards skip layout and paint: 1,000 cards lay out like the few in view. The height
    // guess (per field) only sizes the scrollbar until a card was shown once; 'auto' then remembers it.
    card.el.style.contentVisibility = 'auto';
    card.el.style.containIntrinsicSize = `auto ${4 + fields.length * 4}rem`;
    card.el.addEventListener('keydown', (e) => {
      // Alt+↑/↓ anywhere in a card moves it, as the buttons do.
      if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
      e.preventDefault();
      move(card, e.key === 'ArrowUp' ? -1 : 1, document.activeElement as HTMLElement | null);
    });
    return card;
  }

  function move(card: Card, by: -1 | 1, focus: HTMLElement | null) {
    drawAll();
    const from = card.index;
    const to = from + by;
    if (to < 0 || to >= cards.length) return;
    const value = [...items()];
    [value[from], value[to]] = [value[to], value[from]];
    ctx.set(at(), value);
    const other = cards[to];
    [cards[from], cards[to]] = [other, card];
    if (by < 0) list.insertBefore(card.el, other.el);
    else list.insertBefore(other.el, card.el);
    // Only these two cards changed places: the others keep their numbers and names.
    card.index = to;
    other.index = from;
    label(card);
    label(other);
    // Moving a node drops its focus: give it back, to the other arrow when this one reached an end.
    const target =
      focus === card.up && card.up.disabled
        ? card.down
        : focus === card.down && card.down.disabled
          ? card.up
          : focus;
    target?.focus();
    ctx.announce(t.moved(d.title, from + 1, to + 1));
  }

  function add(index: number) {
    drawAll();
    const value = items();
    if (d.maxItems !== undefined && value.length >= d.maxItems)
      return ctx.alert(t.maxItems(d.title, d.maxItems));
    ctx.set(at(), [...value.slice(0, index), structuredClone(d.itemInitial ?? {}), ...value.slice(index)]);
    const card = makeCard(index);
    cards.splice(index, 0, card);
    list.insertBefore(card.el, cards[index + 1]?.el ?? null);
    relabel(index);
    card.el.querySelector<HTMLElement>('input, select, textarea, [tabindex]')?.focus();
    ctx.announce(t.added(d.title, index + 1));
    ctx.touch(view); // the list was used: its own errors (minItems…) may show
  }

  function remove(card: Card) {
    drawAll();
    const value = items();
    if (d.minItems !== undefined && value.length <= d.minItems)
      return ctx.alert(t.minItems(d.title, d.minItems));
    const index = card.index;
    ctx.set(
      at(),
      value.filter((_, i) => i !== index),
    );
    ctx.drop(card.views);
    cards.splice(index, 1);
    card.el.remove();
    relabel(index);
    (cards[index]?.remove ?? cards[index - 1]?.remove ?? addFirst).focus();
    ctx.announce(t.removed(d.title, index + 1));
    ctx.touch(view);
  }

  /** Draws the next `count` cards of the value at the end of the list. */
  function draw(count: number) {
    const total = items().length;
    const from = cards.length;
    for (let i = from; i < Math.min(total, from + count); i++) {
      const card = makeCard(i);
      cards.push(card);
      list.append(card.el);
    }
    relabel(from);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drawLater = () => {
    timer = undefined;
    if (cards.length >= items().length) return;
    draw(BATCH);
    if (cards.length < items().length) timer = setTimeout(drawLater);
    else ctx.drawn(); // the last cards' fields can now show their errors
  };
  /** Before any action: the cards not drawn yet are drawn now, so indexes and the DOM agree. */
  function drawAll() {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    draw(Number.POSITIVE_INFINITY);
    ctx.drawn();
  }
  draw(BATCH);
  if (cards.length < items().length) timer = setTimeout(drawLater);

  const view: FieldView = {
    at,
    touched: false,
    showErrors(messages) {
      error.textContent = messages.join(' ');
      root.setAttribute('aria-invalid', String(messages.length > 0));
    },
    destroy: () => {
      clearTimeout(timer);
      timer = undefined;
      for (const c of cards) ctx.drop(c.views);
    },
  };
  scope.push(view);
  return root;
}
