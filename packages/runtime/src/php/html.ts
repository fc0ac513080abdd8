/**
 * PHP's ENT_* flags and the five HTML specials: what htmlspecialchars() changes in text that needs no
 * charset work. @sumi/modifiers builds htmlspecialchars()/htmlentities() on top; {html_options}
 * escapes with it directly.
 */

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
  let out = '';
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
    if (last < i) out += s.slice(last, i);
    out += r;
    last = i + 1;
  }
  return last < s.length ? out + s.slice(last) : out;
}
