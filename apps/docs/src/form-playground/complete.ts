/**
 * Completion for the schema editor: the keywords a JSON extension field's schema uses (the CMS's own and
 * the standard ones), the keys of `format_options`, and the values of `type`, `format` and a few options.
 * The JSON before the cursor is scanned as text, so it works while the document is still incomplete.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';

const CMS = 'the CMS';
const STANDARD = 'JSON Schema';

export const SCHEMA_KEYWORDS: Completion[] = [
  ['type', STANDARD, 'string, number, integer, boolean, array, object; ["string","null"] allows null'],
  ['title', STANDARD, 'the label'],
  ['description', STANDARD, 'help text below the field'],
  ['default', STANDARD, 'the initial value'],
  ['enum', STANDARD, 'allowed values'],
  ['enumNames', CMS, 'labels for enum, in the same order'],
  ['format', STANDARD, 'date, date-time, file-manager, html, textarea'],
  ['rows', CMS, 'rows of a format: textarea'],
  ['format_options', CMS, 'rich-text editor options of a format: html'],
  ['nullable', CMS, 'false marks an enum, date, date-time or number field required'],
  ['required', STANDARD, 'property names required in this object'],
  ['minLength', STANDARD, '1 or more marks a string required'],
  ['maxLength', STANDARD, 'at most this many characters'],
  ['pattern', STANDARD, 'a regular expression the string matches'],
  ['minimum', STANDARD, 'the smallest number'],
  ['maximum', STANDARD, 'the largest number'],
  ['exclusiveMinimum', STANDARD, 'numbers above this'],
  ['exclusiveMaximum', STANDARD, 'numbers below this'],
  ['multipleOf', STANDARD, 'numbers that are multiples of this'],
  ['minItems', STANDARD, 'fewest items; cards refuse a delete below it'],
  ['maxItems', STANDARD, 'most items; cards refuse an add above it'],
  ['uniqueItems', STANDARD, 'no duplicate items'],
  ['properties', STANDARD, 'the fields of an object'],
  ['items', STANDARD, 'the schema of each array item'],
  ['errorMessage', 'this form', 'custom messages: a string, { ja, en }, or per keyword'],
].map(([label, detail, info]) => ({ label, detail, info, type: 'property' }));

export const FORMAT_OPTIONS: Completion[] = [
  ['height', 'editor height: a number (px) or a CSS size'],
  ['width', 'editor width: a number (px) or a CSS size'],
  ['toolbar', "'basic' gives bold, italic, lists and link only"],
  ['use_markdown', "'1' switches to Markdown with a preview"],
  ['subscript', 'true adds subscript and superscript'],
  ['strikethrough', 'true adds strikethrough'],
  ['removePlugins', 'comma-separated CKEditor 4 plugin names to remove'],
  ['use_font_size_px', 'true adds a pixel font-size select'],
  ['largeColorPalette', "'true' uses the large palette"],
  ['customColors', 'comma-separated hex colours'],
  ['use_magicline', 'true shows insertion points between blocks'],
  ['custom_css', 'a stylesheet for the content'],
  ['resource', 'the upload target handed to the site'],
].map(([label, info]) => ({ label, detail: 'format_options', info, type: 'property' }));

const VALUES: Record<string, Completion[]> = {
  type: ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'].map((label) => ({
    label,
    type: 'enum',
  })),
  format: [
    ['date', 'date picker'],
    ['date-time', 'date and time, stored with an offset'],
    ['file-manager', 'file path with a picker and a preview link'],
    ['html', 'rich-text editor'],
    ['textarea', 'textarea (see rows)'],
    ['email', 'validated only'],
    ['uri', 'validated only'],
  ].map(([label, info]) => ({ label, info, type: 'enum' })),
  toolbar: [{ label: 'basic', type: 'enum' }],
  use_markdown: [{ label: '1', type: 'enum' }],
  largeColorPalette: [{ label: 'true', type: 'enum' }],
};

interface Place {
  /** 'key': a property name goes here; 'value': the value of `key`. */
  kind: 'key' | 'value';
  /** The key whose object holds the cursor (for 'key'), or whose value the cursor is (for 'value'). */
  key: string | null;
  /** The key of the object one level up ('properties' when the cursor names a field). */
  parentKey: string | null;
  /** Where the word being typed starts (its opening quote when quoted). */
  from: number;
  quoted: boolean;
}

/** Where the cursor is in the (possibly unfinished) JSON `text`, or null inside an array or a number. */
export function placeAt(text: string): Place | null {
  // Each open container: its kind, the key it is the value of, and (objects) whether a key is next.
  const stack: { array: boolean; key: string | null; expectKey: boolean; lastKey: string | null }[] = [];
  let pendingKey: string | null = null;
  let i = 0;
  let stringStart = -1;
  let lastString = '';
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      stringStart = i;
      let j = i + 1;
      let s = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++;
        s += text[j] ?? '';
        j++;
      }
      if (j >= text.length) break; // the cursor is inside this string
      lastString = s;
      stringStart = -1;
      i = j + 1;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') {
      stack.push({
        array: c === '[',
        key: top && !top.array ? pendingKey : (top?.key ?? null),
        expectKey: c === '{',
        lastKey: null,
      });
      pendingKey = null;
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ':' && top && !top.array) {
      top.lastKey = lastString;
      pendingKey = lastString;
      top.expectKey = false;
    } else if (c === ',' && top && !top.array) {
      top.expectKey = true;
    }
    i++;
  }
  const top = stack[stack.length - 1];
  if (!top || top.array) return null;
  const parentKey = stack.length > 1 ? stack[stack.length - 2].key : null;
  const quoted = stringStart >= 0;
  let from = text.length;
  if (quoted) from = stringStart;
  else {
    const word = /[A-Za-z_$-][\w$-]*$/.exec(text);
    if (word) from = text.length - word[0].length;
  }
  return top.expectKey
    ? { kind: 'key', key: top.key, parentKey, from, quoted }
    : { kind: 'value', key: top.lastKey, parentKey: top.key, from, quoted };
}

/** The completion source for the schema editor. */
export function schemaCompletion(context: CompletionContext): CompletionResult | null {
  const before = context.state.sliceDoc(0, context.pos);
  const place = placeAt(before);
  if (!place) return null;
  if (!place.quoted && place.from === context.pos && !context.explicit) return null;
  const after = context.state.sliceDoc(context.pos, context.pos + 1);
  const to = place.quoted && after === '"' ? context.pos + 1 : context.pos;
  let options: Completion[] | undefined;
  if (place.kind === 'key') {
    // inside "properties" the names are the fields' own; inside "format_options" its keys
    // (a field may itself be called "properties" or "format_options": then its parent is "properties")
    const fieldNamed = place.parentKey === 'properties';
    if (place.key === 'properties' && !fieldNamed) return null;
    options = place.key === 'format_options' && !fieldNamed ? FORMAT_OPTIONS : SCHEMA_KEYWORDS;
  } else {
    options = place.key ? VALUES[place.key] : undefined;
  }
  if (!options) return null;
  const asKey = place.kind === 'key';
  return {
    from: place.from,
    to,
    // The label carries the quotes, so what was typed after the opening quote still matches it.
    options: options.map((o) => ({
      ...o,
      label: `"${o.label}"`,
      displayLabel: o.label,
      apply: asKey ? `"${o.label}": ` : `"${o.label}"`,
    })),
    validFor: /^"?[\w$-]*"?$/,
  };
}
