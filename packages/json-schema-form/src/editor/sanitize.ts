// Every HTML value the editor loads or produces goes through DOMPurify with an allowlist made from the
// enabled toolbar: like CKEditor 4's content filter, markup that no enabled button could have made is
// dropped (its text stays), and nothing executable survives.

import createDOMPurify from 'dompurify';
import type { EditorConfig, ExtensionName } from './options.js';

export interface Markup {
  tags: string[];
  attributes: string[];
  /** CSS properties allowed in `style`; `style` itself is allowed only when this is not empty. */
  styles: string[];
}

/** Paragraphs and line breaks are always allowed: any editor produces them. */
const basics: Markup = { tags: ['p', 'br'], attributes: [], styles: [] };

const byExtension: Partial<Record<ExtensionName, Markup>> = {
  heading: { tags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], attributes: [], styles: [] },
  codeBlock: { tags: ['pre', 'code'], attributes: [], styles: [] },
  bold: { tags: ['strong', 'b'], attributes: [], styles: [] },
  italic: { tags: ['em', 'i'], attributes: [], styles: [] },
  underline: { tags: ['u'], attributes: [], styles: [] },
  strike: { tags: ['s', 'del', 'strike'], attributes: [], styles: [] },
  subscript: { tags: ['sub'], attributes: [], styles: [] },
  superscript: { tags: ['sup'], attributes: [], styles: [] },
  color: { tags: ['span'], attributes: [], styles: ['color'] },
  backgroundColor: { tags: ['span'], attributes: [], styles: ['background-color'] },
  fontSize: { tags: ['span'], attributes: [], styles: ['font-size'] },
  bulletList: { tags: ['ul', 'li'], attributes: [], styles: [] },
  orderedList: { tags: ['ol', 'li'], attributes: ['start', 'type'], styles: [] },
  blockquote: { tags: ['blockquote'], attributes: [], styles: [] },
  horizontalRule: { tags: ['hr'], attributes: [], styles: [] },
  link: { tags: ['a'], attributes: ['href', 'target', 'rel'], styles: [] },
};

/** What a Markdown preview may show: everything Markdown itself produces. */
export const markdownMarkup: Markup = {
  tags: [
    ...['p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'del', 'code', 'pre', 'blockquote'],
    ...['ul', 'ol', 'li', 'a', 'img', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  attributes: ['href', 'title', 'src', 'alt', 'start', 'align'],
  styles: [],
};

const union = (parts: Markup[]): Markup => ({
  tags: [...new Set(parts.flatMap((p) => p.tags))],
  attributes: [...new Set(parts.flatMap((p) => p.attributes))],
  styles: [...new Set(parts.flatMap((p) => p.styles))],
});

/** The markup the enabled extensions can produce, plus the basics. */
export function allowedMarkup(config: Pick<EditorConfig, 'extensions'>): Markup {
  return union([basics, ...config.extensions.flatMap((e) => byExtension[e] ?? [])]);
}

/** Links and images: web, mail and phone addresses, or paths with no scheme at all. */
const safeUri = /^(?:(?:https?|mailto|tel):|[^:/?#]*(?:[/?#]|$))/i;

/** Values a colour or size property may take: no `url(`, no `expression`, nothing else. */
const safeStyleValue: Record<string, RegExp> = {
  color: /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]+)$/i,
  'background-color': /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]+)$/i,
  'font-size': /^\d+(\.\d+)?(px|pt|em|rem|%)$/i,
};

/** Browsers write colours back as `rgb(…)`; the stored value keeps the palette's `#rrggbb`, as CKEditor did. */
function hexColour(value: string): string {
  const m = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(value);
  if (!m) return value;
  return `#${m
    .slice(1)
    .map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Keeps only allowed properties with safe values; '' when nothing is left. */
export function filterStyle(style: string, allowed: string[]): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .trim()
      .replace(/\s*!important$/i, '');
    if (allowed.includes(property) && safeStyleValue[property]?.test(value))
      kept.push(`${property}: ${property.endsWith('color') ? hexColour(value) : value}`);
  }
  return kept.join('; ');
}

export type Sanitize = (html: string) => string;

/** A sanitizer for one allowlist, bound to a window (the page's, or happy-dom's/jsdom's in tests). */
export function createSanitizer(markup: Markup, win: Window & typeof globalThis): Sanitize {
  const purify = createDOMPurify(win);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'style') return;
    const filtered = filterStyle(data.attrValue, markup.styles);
    if (filtered) data.attrValue = filtered;
    else data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    // A link that opens a new tab must not hand the opener to the page it opens.
    if (node.tagName === 'A' && node.hasAttribute('target')) {
      if (node.getAttribute('target') !== '_blank') node.removeAttribute('target');
      else node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  const config = {
    ALLOWED_TAGS: markup.tags,
    ALLOWED_ATTR: markup.styles.length ? [...markup.attributes, 'style'] : markup.attributes,
    ALLOWED_URI_REGEXP: safeUri,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  };
  return (html) => purify.sanitize(html, config) as string;
}
