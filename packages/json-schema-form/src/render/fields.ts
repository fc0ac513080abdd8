import {
  fromCommaList,
  fromDateTimeInput,
  fromNumberText,
  fromText,
  toCommaList,
  toDateTimeInput,
  toNumberText,
} from '../core/convert';
import type { Control, FieldDescriptor } from '../core/describe';
import { zoneLabel } from '../core/zone';
import type { HtmlEditorHandle } from '../editor/types';
import type { FieldView, RenderContext } from './context';
import { h } from './dom';

/** What a control builder gives back: its nodes, the element that carries the field's ARIA, a redraw. */
interface Built {
  nodes: (Node | null)[];
  target: HTMLElement;
  refresh(): void;
  destroy?(): void;
  /** A problem the control sees itself (unparsable JSON), shown before the validator's errors. */
  localError?(): string;
}

type Builder = (ctx: RenderContext, d: FieldDescriptor, at: () => string) => Built;

/** Renders one field that is not cards: label, control, "clear to null", help text and errors. */
export function renderField(
  ctx: RenderContext,
  d: FieldDescriptor,
  at: () => string,
  scope: FieldView[],
): HTMLElement {
  const id = ctx.uid();
  const built = BUILDERS[d.control as Exclude<Control, 'cards'>](ctx, d, at);
  const { target } = built;
  const errId = `${id}-e`;
  const help = d.description ? h('div', { className: 'sjf-help', id: `${id}-d` }, d.description) : null;
  const error = h('div', { className: 'sjf-error', id: errId });
  target.id ||= id;
  target.setAttribute('aria-describedby', help ? `${id}-d ${errId}` : errId);
  if (d.required) target.setAttribute('aria-required', 'true');
  const labelId = `${id}-l`;
  const label = h(
    'label',
    { id: labelId, for: target.id },
    d.title,
    d.required && h('span', { className: 'sjf-required', 'aria-hidden': 'true' }, ' *'),
  );
  if (!isLabelable(target)) target.setAttribute('aria-labelledby', labelId);
  let clear: HTMLButtonElement | null = null;
  const refresh = () => {
    built.refresh();
    if (clear) clear.disabled = ctx.get(at()) === null;
  };
  if (d.nullable) {
    clear = h('button', {
      type: 'button',
      className: 'sjf-clear',
      'aria-label': ctx.t.clearName(d.title),
      textContent: ctx.t.clear,
      onclick: () => {
        ctx.set(at(), null);
        refresh();
        target.focus();
      },
    });
  }
  const notice = d.editable ? null : h('p', { className: 'sjf-notice' }, ctx.t.tooDeep);
  const wrapper = h(
    'div',
    { className: 'sjf-field', 'data-control': d.control, 'data-path': d.path },
    label,
    notice,
    ...built.nodes,
    clear,
    help,
    error,
  );
  let serverMessages: string[] = [];
  const view: FieldView = {
    at,
    touched: false,
    showErrors(messages) {
      serverMessages = messages;
      const local = built.localError?.();
      const all = local ? [local, ...messages] : messages;
      error.textContent = all.join(' ');
      target.setAttribute('aria-invalid', String(all.length > 0));
    },
    destroy: built.destroy,
  };
  wrapper.addEventListener('focusout', (e) => {
    if (!wrapper.contains(e.relatedTarget as Node | null)) ctx.touch(view);
  });
  wrapper.addEventListener(
    'input',
    () => built.localError && view.touched && view.showErrors(serverMessages),
  );
  // Typing into a cleared field makes it non-null again: its Clear button comes back.
  const syncClear = () => clear && (clear.disabled = ctx.get(at()) === null);
  wrapper.addEventListener('input', syncClear);
  wrapper.addEventListener('change', syncClear);
  scope.push(view);
  refresh();
  return wrapper;
}

function isLabelable(el: HTMLElement): boolean {
  return ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(el.tagName);
}

/** Text-like inputs: what the input shows for a value, and what a typed text saves. */
function input(
  props: Record<string, unknown>,
  show: (v: unknown) => string,
  read: (text: string) => unknown,
  extra: (el: HTMLInputElement | HTMLTextAreaElement) => (Node | null)[] = () => [],
  tag: 'input' | 'textarea' = 'input',
): Builder {
  return (ctx, _d, at) => {
    const el = h(tag, props) as HTMLInputElement | HTMLTextAreaElement;
    el.addEventListener('input', () => ctx.set(at(), read(el.value)));
    return {
      nodes: [el, ...extra(el)],
      target: el,
      refresh: () => {
        el.value = show(ctx.get(at()));
      },
    };
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

const BUILDERS: Record<Exclude<Control, 'cards'>, Builder> = {
  text: (ctx, d, at) =>
    input({ type: 'text', maxLength: d.maxLength }, text, (s) => fromText(s, d.nullable))(ctx, d, at),
  textarea: (ctx, d, at) =>
    input({ rows: d.rows ?? 4 }, text, (s) => fromText(s, d.nullable), undefined, 'textarea')(ctx, d, at),
  date: (ctx, d, at) => input({ type: 'date' }, text, (s) => (s === '' && d.nullable ? null : s))(ctx, d, at),
  datetime: (ctx, d, at) =>
    input(
      { type: 'datetime-local', step: 1 },
      (v) => toDateTimeInput(v, ctx.zone),
      (s) => fromDateTimeInput(s, ctx.zone, d.nullable),
      () => [h('span', { className: 'sjf-zone' }, zoneLabel(ctx.zone))],
    )(ctx, d, at),
  number: (ctx, d, at) =>
    input(
      { type: 'number', step: d.numberType === 'integer' ? 1 : 'any', min: d.minimum, max: d.maximum },
      toNumberText,
      (s) => fromNumberText(s, d.nullable),
    )(ctx, d, at),
  'comma-list': (ctx, d, at) =>
    input(
      { rows: 2 },
      toCommaList,
      (s) => (s.trim() === '' && d.nullable ? null : fromCommaList(s, d.itemType)),
      undefined,
      'textarea',
    )(ctx, d, at),
  select: choice,
  'number-select': choice,
  'multi-select': choice,
  checkbox: (ctx, _d, at) => {
    const el = h('input', { type: 'checkbox' });
    el.addEventListener('change', () => ctx.set(at(), el.checked));
    return {
      nodes: [el],
      target: el,
      refresh: () => {
        const v = ctx.get(at());
        el.checked = v === true;
        el.indeterminate = v === null;
      },
    };
  },
  file: (ctx, d, at) => {
    const el = h('input', { type: 'text', className: 'sjf-file' });
    const link = h('a', { className: 'sjf-preview', target: '_blank', rel: 'noopener' });
    const show = () => {
      const v = ctx.get(at());
      link.hidden = typeof v !== 'string' || v === '';
      link.href = link.textContent = link.hidden ? '' : (v as string);
    };
    el.addEventListener('input', () => {
      ctx.set(at(), fromText(el.value, d.nullable));
      show();
    });
    const pick = ctx.fileManager;
    const button = pick
      ? h('button', {
          type: 'button',
          textContent: ctx.t.choose,
          'aria-label': ctx.t.chooseName(d.title),
          onclick: async () => {
            const v = ctx.get(at());
            const chosen = await pick({
              path: at(),
              value: typeof v === 'string' ? v : null,
              title: d.title,
              locale: ctx.locale,
            });
            if (chosen === null || chosen === undefined) return;
            ctx.set(at(), chosen);
            el.value = chosen;
            show();
          },
        })
      : null;
    return {
      nodes: [el, button, link],
      target: el,
      refresh: () => {
        el.value = text(ctx.get(at()));
        show();
      },
    };
  },
  html: (ctx, d, at) => {
    const host = h('div', { className: 'sjf-html', role: 'group', tabIndex: -1 }, ctx.t.loading);
    let handle: HtmlEditorHandle | undefined;
    let destroyed = false;
    const ready = (async () => {
      const value = ctx.get(at());
      const created = await ctx.htmlEditor(host, {
        value: text(value),
        options: d.options ?? {},
        locale: ctx.locale,
        label: d.title,
        onChange: (v) => ctx.set(at(), v === '' && d.nullable ? null : v),
      });
      if (destroyed) return created.destroy();
      host.firstChild?.nodeType === 3 && host.firstChild.remove(); // the loading text
      handle = created;
    })().catch(() => {
      // The editor could not load (offline, blocked chunk): the HTML source stays editable, and says so.
      const source = h('textarea', { rows: 6, value: text(ctx.get(at())), 'aria-label': d.title });
      source.addEventListener('input', () => ctx.set(at(), fromText(source.value, d.nullable)));
      host.replaceChildren(h('p', { className: 'sjf-notice' }, ctx.t.editorFailed), source);
      handle = {
        getValue: () => source.value,
        setValue: (v) => {
          source.value = v;
        },
        focus: () => source.focus(),
        destroy: () => {},
      };
    });
    host.focus = () => (handle ? handle.focus() : HTMLElement.prototype.focus.call(host));
    return {
      nodes: [host],
      target: host,
      refresh: () => {
        void ready.then(
          () => handle?.getValue() !== text(ctx.get(at())) && handle?.setValue(text(ctx.get(at()))),
        );
      },
      destroy: () => {
        destroyed = true;
        handle?.destroy();
      },
    };
  },
  json: (ctx, d, at) => {
    const el = h('textarea', { rows: 6, className: 'sjf-json', spellcheck: false });
    let bad = false;
    el.addEventListener('input', () => {
      const s = el.value.trim();
      try {
        ctx.set(at(), s === '' ? (d.nullable ? null : undefined) : JSON.parse(s));
        bad = false;
      } catch {
        bad = true;
      }
    });
    return {
      nodes: [el],
      target: el,
      refresh: () => {
        const v = ctx.get(at());
        el.value = v === undefined ? '' : JSON.stringify(v, null, 2);
        bad = false;
      },
      localError: () => (bad ? ctx.t.badJson : ''),
    };
  },
};

/**
 * select, number-select and multi-select. Options carry the enum index, so the saved value is the enum's
 * own (a number stays a number). A value outside the enum gets its own option, so nothing is lost unseen.
 */
function choice(ctx: RenderContext, d: FieldDescriptor, at: () => string): Built {
  const multiple = d.control === 'multi-select';
  const el = h('select', { multiple });
  const values = d.enum ?? [];
  let extra: unknown[] = [];
  el.addEventListener('change', () => {
    const all = [...values, ...extra];
    const picked = [...el.options]
      .filter((o) => o.selected && o.value !== '')
      .map((o) => all[Number(o.value)]);
    ctx.set(
      at(),
      multiple
        ? picked.length === 0 && d.nullable
          ? null
          : picked
        : picked.length
          ? picked[0]
          : d.nullable
            ? null
            : undefined,
    );
  });
  return {
    nodes: [el],
    target: el,
    refresh: () => {
      const v = ctx.get(at());
      const current = multiple ? (Array.isArray(v) ? v : []) : [v];
      const has = (x: unknown) =>
        values.some((e) => Object.is(e, x) || JSON.stringify(e) === JSON.stringify(x));
      const blank = !multiple && (v === undefined || (v === null && !has(null)));
      extra = blank ? [] : current.filter((x) => x !== undefined && !has(x));
      const labels = [...(d.labels ?? []), ...extra.map((x) => String(x))];
      const isCurrent = (x: unknown) => current.some((c) => JSON.stringify(c) === JSON.stringify(x));
      el.replaceChildren(
        ...(blank ? [h('option', { value: '', textContent: ctx.t.empty, selected: true })] : []),
        ...[...values, ...extra].map((x, i) =>
          h('option', { value: String(i), textContent: labels[i] || ctx.t.empty, selected: isCurrent(x) }),
        ),
      );
    },
  };
}
