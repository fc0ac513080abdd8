/** `h('button', { type: 'button', onclick }, 'Save')`: properties are set on the element, `aria-*`/`data-*` as attributes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.includes('-') || k === 'role' || k === 'for') el.setAttribute(k, String(v));
    else (el as any)[k] = v;
  }
  for (const c of children) if (c) el.append(c);
  return el;
}

/** Hidden on screen, still read by screen readers. */
export const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap';
