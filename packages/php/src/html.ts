/**
 * PHP's HTML escaping: the ENT_* flags, htmlspecialchars() and htmlentities() (ENT_HTML401 document
 * type, the default), for the charsets a template can name. Values are UTF-8 text; a single-byte
 * charset (ISO-8859-1, Windows-1252, ...) makes PHP read the UTF-8 bytes one by one, which this
 * reproduces (`é` read as ISO-8859-1 is `&Atilde;&copy;` for htmlentities). `escapeHtmlSpecials` is
 * the fast path for text that needs no charset work: {html_options} and Smarty's `|escape` use it.
 * htmlentities() and its entity table are in html-entities.ts, so that code needing only the specials
 * does not carry the table.
 */
import { fromBinary, isAsciiString, toBinary, toBytes, utf8Substituted } from './binary-string';
import { replaceMatches, StringBuilder } from './host';

export const ENT_HTML_QUOTE_NONE = 0;
export const ENT_HTML_QUOTE_SINGLE = 1;
export const ENT_HTML_QUOTE_DOUBLE = 2;
export const ENT_COMPAT = 2;
export const ENT_QUOTES = 3;
export const ENT_NOQUOTES = 0;
export const ENT_IGNORE = 4;
export const ENT_SUBSTITUTE = 8;
export const ENT_DISALLOWED = 128;
export const ENT_HTML401 = 0;
export const ENT_XML1 = 16;
export const ENT_XHTML = 32;
export const ENT_HTML5 = 48;

const HTML_SPECIAL_ONE = /[&<>"']/;

/**
 * htmlspecialchars($s, $flags) for text every byte of which is valid (a single-byte charset, or text
 * checked beforehand): only & < > and the quotes `flags` name change.
 */
export function escapeHtmlSpecials(s: string, flags = ENT_QUOTES): string {
  return HTML_SPECIAL_ONE.test(s) ? replaceSpecials(s, flags) : s;
}

/**
 * The specials rewritten by slicing around them: the regex test that finds a string needs no change
 * is fast, but `replace` with a callback is several times slower than this loop on strings that do.
 */
function replaceSpecials(s: string, flags: number): string {
  const dq = (flags & ENT_HTML_QUOTE_DOUBLE) !== 0;
  const sq = (flags & ENT_HTML_QUOTE_SINGLE) !== 0;
  const out = new StringBuilder();
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // '"' 34, '&' 38, "'" 39, '<' 60, '>' 62
    if (c > 62 || c < 34) continue;
    let r: string;
    if (c === 38) r = '&amp;';
    else if (c === 60) r = '&lt;';
    else if (c === 62) r = '&gt;';
    else if (c === 34 && dq) r = '&quot;';
    else if (c === 39 && sq) r = '&#039;';
    else continue;
    if (last < i) out.add(s.slice(last, i));
    out.add(r);
    last = i + 1;
  }
  if (last < s.length) out.add(s.slice(last));
  return out.toString();
}

/** htmlspecialchars($s, ENT_QUOTES, <a single-byte charset>): Smarty's `|escape` default */
export { escapeHtmlSpecials as htmlspecialcharsSingleByte };

export type Charset = 'utf-8' | 'iso-8859-1' | 'iso-8859-15' | 'cp1252' | 'multibyte' | 'single';

/**
 * PHP's charset_map (ext/standard/html.c); names are case-insensitive. A Map: the name comes from the
 * template, and `constructor` must not find Object.prototype's.
 */
const CHARSETS: ReadonlyMap<string, Charset> = new Map<string, Charset>(
  Object.entries({
    'iso-8859-1': 'iso-8859-1',
    'iso8859-1': 'iso-8859-1',
    'iso-8859-15': 'iso-8859-15',
    'iso8859-15': 'iso-8859-15',
    'utf-8': 'utf-8',
    cp1252: 'cp1252',
    'windows-1252': 'cp1252',
    '1252': 'cp1252',
    cp1251: 'single',
    'windows-1251': 'single',
    'win-1251': 'single',
    'iso8859-5': 'single',
    'iso-8859-5': 'single',
    cp866: 'single',
    '866': 'single',
    ibm866: 'single',
    'koi8-r': 'single',
    'koi8-ru': 'single',
    koi8r: 'single',
    macroman: 'single',
    big5: 'multibyte',
    '950': 'multibyte',
    gb2312: 'multibyte',
    '936': 'multibyte',
    'big5-hkscs': 'multibyte',
    shift_jis: 'multibyte',
    sjis: 'multibyte',
    '932': 'multibyte',
    'sjis-win': 'multibyte',
    cp932: 'multibyte',
    eucjp: 'multibyte',
    'euc-jp': 'multibyte',
    'eucjp-win': 'multibyte',
  } satisfies Record<string, Charset>),
);

export interface CharsetLookup {
  charset: Charset;
  /** PHP's warning when the name is unknown (it then assumes UTF-8) */
  warning?: string;
}

export function lookupCharset(name: string, fn: string): CharsetLookup {
  if (name === '') return { charset: 'utf-8' };
  const cs = CHARSETS.get(name.toLowerCase());
  if (cs) return { charset: cs };
  // PHP's warning names the charset; Sumi's never echoes an argument (a misplaced constant may be a secret)
  return { charset: 'utf-8', warning: `${fn}(): the charset is not supported, assuming UTF-8` };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

function basic(ch: string, flags: number): string | null {
  switch (ch) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '"':
      return flags & ENT_HTML_QUOTE_DOUBLE ? '&quot;' : null;
    case "'":
      return flags & ENT_HTML_QUOTE_SINGLE ? '&#039;' : null;
  }
  return null;
}

/** an `&...;` that is already an entity is kept when double_encode is false */
const EXISTING_ENTITY = /^&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/;

export function escapeText(
  s: string,
  flags: number,
  charsetName: string,
  doubleEncode: boolean,
  /** htmlentities' table (code point → entity name); null for htmlspecialchars */
  entityFor: ((cp: number, charset: Charset) => string | undefined) | null,
  fn: string,
  warn?: (m: string) => void,
): string {
  const { charset, warning } = lookupCharset(charsetName, fn);
  if (warning) warn?.(warning);
  // invalid UTF-8 (a lone surrogate here) gives "" unless ENT_SUBSTITUTE/ENT_IGNORE
  if (charset === 'utf-8' && LONE_SURROGATE.test(s)) {
    // lone surrogates stand for bytes that are not UTF-8 (see binary-string.ts)
    if (flags & ENT_SUBSTITUTE) s = utf8Substituted(toBytes(s));
    else if (flags & ENT_IGNORE) s = replaceMatches(s, LONE_SURROGATES, () => '');
    else return '';
  }
  const single = charset !== 'utf-8' && charset !== 'multibyte' && !isAsciiString(s);
  // single-byte charsets: PHP sees each UTF-8 byte as one character of that charset
  const units = single ? toBinary(s) : s;
  // what needs no change is copied as runs (of bytes, decoded back, under a single-byte charset)
  const out = new StringBuilder();
  let last = 0;
  const flush = (end: number) => {
    if (last < end) out.add(single ? fromBinary(units.slice(last, end)) : units.slice(last, end));
  };
  for (let i = 0; i < units.length; ) {
    const at = i;
    const cp = units.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    let rep: string | null = null;
    if (cp === 38 && !doubleEncode) {
      const m = EXISTING_ENTITY.exec(units.slice(at, at + 41));
      if (m) {
        // kept as it is (ASCII): it stays in the run
        i = at + m[0].length;
        continue;
      }
    }
    if (cp < 0x80) rep = basic(units[at], flags);
    else if (entityFor !== null) {
      const name = entityFor(cp, charset);
      if (name) rep = `&${name};`;
    }
    if (rep === null) continue;
    flush(at);
    out.add(rep);
    last = i;
  }
  flush(units.length);
  return out.toString();
}

const SPECIAL_OR_SURROGATE = /[&<>"'\uD800-\uDFFF]/;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;
/** charsets under which htmlspecialchars only rewrites the five ASCII specials of valid text */
const PLAIN_CHARSET = new Map<string, boolean>();
function plainCharset(name: string): boolean {
  let v = PLAIN_CHARSET.get(name);
  if (v === undefined) {
    const c = CHARSETS.get(name.toLowerCase());
    v = c === 'utf-8' || c === 'iso-8859-1' || c === 'iso-8859-15' || c === 'cp1252';
    if (PLAIN_CHARSET.size < 64) PLAIN_CHARSET.set(name, v);
  }
  return v;
}

/** htmlspecialchars($s, $flags, $charset, $double_encode) */
export function htmlspecialchars(
  s: string,
  flags = ENT_QUOTES | ENT_SUBSTITUTE,
  charset = 'UTF-8',
  doubleEncode = true,
  warn?: (m: string) => void,
): string {
  // hot path (every `|escape` of a table cell): valid text, a charset that maps ASCII to itself, no
  // doctype or double-encode options: only & < > and the quotes the flags name change
  if (doubleEncode && (flags & ~(ENT_QUOTES | ENT_SUBSTITUTE | ENT_IGNORE)) === 0 && plainCharset(charset)) {
    if (!SPECIAL_OR_SURROGATE.test(s)) return s;
    if (!ANY_SURROGATE.test(s)) return escapeHtmlSpecials(s, flags);
  }
  return escapeText(s, flags, charset, doubleEncode, null, 'htmlspecialchars', warn);
}
