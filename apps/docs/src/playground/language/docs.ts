/**
 * The documentation panel of a tag, attribute or modifier, shown by hover and beside a completion:
 * the reference's call form and description, and a link to the reference entry. Built as DOM
 * nodes (text is never parsed as HTML); `code` spans of the descriptions become <code>.
 */
import type { ArgMeta, AttrMeta, PluginMeta } from './meta';

const KIND: Record<PluginMeta['kind'], string> = {
  compiler: 'built-in tag',
  function: 'function tag',
  block: 'block tag',
  modifier: 'modifier',
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
}

/** Description text with its `code` spans as <code>. */
export function prose(text: string, className = 'cm-sumi-doc-text'): HTMLElement {
  const p = el('div', className);
  text.split(/(`[^`]*`)/).forEach((part, i) => {
    p.append(i % 2 ? el('code', '', part.slice(1, -1)) : part);
  });
  return p;
}

export function showValue(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
}

/** `string · required · default "x" · one of a, b` */
export function attributeSummary(a: AttrMeta): string {
  const parts = [a.type];
  if (a.required) parts.push('required');
  if (a.default !== undefined) parts.push(`default ${showValue(a.default)}`);
  if (a.enum?.length) parts.push(`one of ${a.enum.join(', ')}`);
  if (a.deprecated) parts.push('deprecated');
  return parts.join(' · ');
}

/** A modifier's arguments as they are written after it: `:format:[timezone]` */
export function argsSignature(args: readonly ArgMeta[] = []): string {
  return args.map((a) => `:${a.optional ? `[${a.name}${a.variadic ? '…' : ''}]` : a.name}`).join('');
}

export function argSummary(a: ArgMeta): string {
  const parts = [a.type];
  if (a.optional) parts.push('optional');
  if (a.default !== undefined) parts.push(`default ${showValue(a.default)}`);
  return parts.join(' · ');
}

function referenceLink(p: PluginMeta): HTMLElement {
  const a = el('a', 'cm-sumi-doc-link', `${p.name} in the reference →`);
  a.href = p.url;
  return a;
}

function heading(p: PluginMeta, name = p.name): HTMLElement {
  const facts = [KIND[p.kind] ?? p.kind, p.group];
  if (name !== p.name) facts.unshift(`alias of ${p.name}`);
  if (p.async) facts.push('asynchronous');
  return el(
    'div',
    'cm-sumi-doc-head',
    el('code', 'cm-sumi-doc-sig', p.synopsis),
    el('span', '', facts.join(' · ')),
  );
}

/** A tag's or a modifier's documentation; `name` is the spelling written (an alias, maybe). */
export function pluginDoc(p: PluginMeta, name = p.name): HTMLElement {
  const box = el('div', 'cm-sumi-doc', heading(p, name), prose(p.description));
  if (p.kind === 'modifier' && p.args?.length) {
    const list = el('ul', 'cm-sumi-doc-list');
    for (const a of p.args) {
      list.append(
        el('li', '', el('code', '', `:${a.name}`), ` ${argSummary(a)}: `, prose(a.description, '')),
      );
    }
    box.append(list);
  } else if (p.attributes && Object.keys(p.attributes).length) {
    const list = el('ul', 'cm-sumi-doc-list');
    for (const [n, a] of Object.entries(p.attributes)) {
      list.append(el('li', '', el('code', '', n), ` ${attributeSummary(a)}`));
    }
    box.append(list);
  }
  if (p.result) box.append(prose(`Result: ${p.result}`));
  box.append(referenceLink(p));
  return box;
}

/** One attribute's documentation, under its tag's call form. */
export function attributeDoc(p: PluginMeta, name: string, a: AttrMeta): HTMLElement {
  return el(
    'div',
    'cm-sumi-doc',
    el(
      'div',
      'cm-sumi-doc-head',
      el('code', 'cm-sumi-doc-sig', `${name}=`),
      el('span', '', attributeSummary(a)),
    ),
    prose(a.description),
    el('div', 'cm-sumi-doc-text', 'attribute of ', el('code', '', p.synopsis)),
    referenceLink(p),
  );
}

/** A `$smarty.*` entry's documentation (from the parser's table). */
export function smartyDoc(path: string, description: string): HTMLElement {
  return el(
    'div',
    'cm-sumi-doc',
    el('div', 'cm-sumi-doc-head', el('code', 'cm-sumi-doc-sig', path)),
    prose(description),
  );
}
