/**
 * What is being typed at the cursor: a tag name, an attribute name or value, a modifier, a
 * variable (with the path typed so far). Read from the text of the tag the cursor is in, since a
 * tag being typed is not closed yet and the parser rightly sees it as text. Pure.
 */

export type CursorContext =
  /** `{ass|`, `{/for|`; `from` is where the name starts */
  | { kind: 'tag'; from: number; closing: boolean }
  /** `{api |`, `{api url="…" me|`: an attribute name of `tag` */
  | { kind: 'attribute'; from: number; tag: string; written: string[] }
  /** `{api method=|`, `{api method="p|`: the value of `attribute` */
  | { kind: 'value'; from: number; tag: string; attribute: string; quoted: boolean }
  /** `{$x|`, `{$x|@co|` */
  | { kind: 'modifier'; from: number }
  /** `$`, `$us|`, `$user.na|`, `$smarty.fo|`; `path` is the keys before the one being typed */
  | { kind: 'variable'; from: number; path: string[] };

const NAME = /^[A-Za-z_]\w*$/;

/**
 * The start of the tag the cursor is in (the offset of its `{`), or -1: the last `{` before the
 * cursor with no `}` after it (Smarty 2 ends a tag at its first `}`).
 */
export function openTagStart(source: string, pos: number, ldelim = '{', rdelim = '}'): number {
  const open = source.lastIndexOf(ldelim, pos - 1);
  if (open < 0) return -1;
  const close = source.indexOf(rdelim, open + ldelim.length);
  return close >= 0 && close < pos ? -1 : open;
}

/** The quote still open at the end of `text` (`"` or `'`), and where it opened; null when none is. */
function openQuote(text: string): { quote: string; at: number } | null {
  let open: { quote: string; at: number } | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (open) {
      if (c === '\\' && open.quote === '"') i++;
      else if (c === open.quote) open = null;
    } else if (c === '"' || c === "'") open = { quote: c, at: i };
  }
  return open;
}

/** A variable being typed at the end of `text` (`$a`, `$a.b.`, `$a[0].`), as its start and path. */
function variableAtEnd(text: string): { at: number; path: string[] } | null {
  const m = /\$([A-Za-z_]\w*(?:(?:\.\w*|\[\w*\]|->\w*))*|)$/.exec(text);
  if (!m) return null;
  const parts = m[1].split(/\.|->|\[|\]/).filter((p, i, all) => p !== '' || i === all.length - 1);
  const typed = parts.pop() ?? '';
  return { at: text.length - typed.length, path: parts };
}

/** What is being typed at `pos`, or null (plain text, a comment, a literal string). */
export function cursorContext(source: string, pos: number): CursorContext | null {
  const open = openTagStart(source, pos);
  if (open < 0) return null;
  const base = open + 1;
  const text = source.slice(base, pos);
  if (text.startsWith('*')) return null;

  const head = /^(\/?)([A-Za-z_]\w*)?$/.exec(text);
  if (head) return { kind: 'tag', from: base + head[1].length, closing: head[1] === '/' };

  const quote = openQuote(text);
  if (quote) {
    // inside a double-quoted string a `$name` is interpolated; other string text is the user's
    const inner = text.slice(quote.at + 1);
    if (quote.quote === '"') {
      const v = variableAtEnd(inner);
      if (v) return { kind: 'variable', from: base + quote.at + 1 + v.at, path: v.path };
    }
    const attr = /(?:^|\s)([A-Za-z_]\w*)\s*=\s*$/.exec(text.slice(0, quote.at));
    const tag = /^([A-Za-z_]\w*)\s/.exec(text);
    if (attr && tag && !/[\s"']/.test(inner)) {
      return { kind: 'value', from: base + quote.at + 1, tag: tag[1], attribute: attr[1], quoted: true };
    }
    return null;
  }

  const v = variableAtEnd(text);
  if (v) return { kind: 'variable', from: base + v.at, path: v.path };
  const mod = /(^|[^|])\|@?(\w*)$/.exec(text);
  if (mod) return { kind: 'modifier', from: pos - mod[2].length };

  const tag = /^([A-Za-z_]\w*)(?:\|[^\s]*)?\s/.exec(text);
  if (!tag) return null;
  const name = tag[1];
  const value = /(?:^|\s)([A-Za-z_]\w*)\s*=\s*(\w*)$/.exec(text);
  if (value)
    return { kind: 'value', from: pos - value[2].length, tag: name, attribute: value[1], quoted: false };
  const word = /\s(\w*)$/.exec(text);
  if (!word || (word[1] !== '' && !NAME.test(word[1]))) return null;
  const written = [...text.slice(tag[0].length).matchAll(/(?:^|\s)([A-Za-z_]\w*)\s*=/g)].map((m) => m[1]);
  return { kind: 'attribute', from: pos - word[1].length, tag: name, written };
}
