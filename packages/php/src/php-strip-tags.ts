/**
 * PHP 8's strip_tags(): the state machine of php_strip_tags_ex() in
 * ext/standard/string.c, written anew for JS strings. Only ASCII characters
 * drive the machine, so working on UTF-16 code units gives the same result as
 * PHP working on UTF-8 bytes.
 *
 * States: 0 text, 1 inside a tag, 2 inside `<?...?>`, 3 inside `<!...>`,
 * 4 inside a comment `<!-- ... -->`.
 */
import { asciiLower } from './ascii-case';
import { StringBuilder } from './host';

const isSpace = (c: string | undefined): boolean =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\v' || c === '\f';

/**
 * `allow` is PHP's allowed-tags string (`'<b><i>'`); an array of names is
 * turned into that form by the caller (PHP 7.4+ accepts both).
 */
export function phpStripTags(input: string, allow: string | null = null): string {
  const buf = input;
  const end = buf.length;
  const allowLower = allow !== null && allow !== '' ? asciiLower(allow) : null;
  // built in chunks: `+=` per character keeps one rope node per character (a 32 MB input would
  // exhaust the heap)
  const out = new StringBuilder();
  let tbuf = new StringBuilder();
  let lc = '';
  let br = 0;
  let depth = 0;
  let inQ = '';
  let state = 0;
  let isXml = false;
  let p = 0;

  const at = (i: number): string => (i >= 0 && i < end ? buf[i]! : '\0');

  while (p < end) {
    const c = buf[p]!;
    if (state === 0) {
      switch (c) {
        case '\0':
          break;
        case '<':
          if (inQ) break;
          if (isSpace(buf[p + 1])) {
            out.add(c);
            break;
          }
          lc = '<';
          state = 1;
          if (allowLower !== null) tbuf.add('<');
          break;
        case '>':
          if (depth) {
            depth--;
            break;
          }
          if (inQ) break;
          out.add(c);
          break;
        default:
          out.add(c);
      }
      p++;
      continue;
    }
    if (state === 1) {
      let regChar = false;
      switch (c) {
        case '\0':
          break;
        case '<':
          if (inQ) break;
          if (isSpace(buf[p + 1])) {
            regChar = true;
            break;
          }
          depth++;
          break;
        case '>':
          if (depth) {
            depth--;
            break;
          }
          if (inQ) break;
          lc = '>';
          if (isXml && at(p - 1) === '-') break;
          inQ = '';
          state = 0;
          isXml = false;
          if (allowLower !== null) {
            tbuf.add('>');
            const tag = tbuf.toString();
            if (tagFind(tag, allowLower)) out.add(tag);
            tbuf = new StringBuilder();
          }
          break;
        case '"':
        case "'":
          if (p !== 0 && (!inQ || c === inQ)) inQ = inQ ? '' : c;
          regChar = true;
          break;
        case '!':
          // <!DOCTYPE, <!-- comments and other declarations
          if (at(p - 1) === '<') {
            state = 3;
            lc = c;
          } else regChar = true;
          break;
        case '?':
          if (at(p - 1) === '<') {
            br = 0;
            state = 2;
          } else regChar = true;
          break;
        default:
          regChar = true;
      }
      if (regChar && allowLower !== null) tbuf.add(c);
      p++;
      continue;
    }
    if (state === 2) {
      switch (c) {
        case '(':
          if (lc !== '"' && lc !== "'") {
            lc = '(';
            br++;
          }
          break;
        case ')':
          if (lc !== '"' && lc !== "'") {
            lc = ')';
            br--;
          }
          break;
        case '>':
          if (depth) {
            depth--;
            break;
          }
          if (inQ) break;
          if (!br && p >= 1 && lc !== '"' && at(p - 1) === '?') {
            inQ = '';
            state = 0;
            tbuf = new StringBuilder();
          }
          break;
        case '"':
        case "'":
          if (p >= 1 && at(p - 1) !== '\\') {
            if (lc === c) lc = '';
            else if (lc !== '\\') lc = c;
            if (p !== 0 && (!inQ || c === inQ)) inQ = inQ ? '' : c;
          }
          break;
        case 'l':
        case 'L':
          // `<?xml` is not PHP: back to tag state
          if (
            p > 4 &&
            (at(p - 1) === 'm' || at(p - 1) === 'M') &&
            (at(p - 2) === 'x' || at(p - 2) === 'X') &&
            at(p - 3) === '?' &&
            at(p - 4) === '<'
          ) {
            state = 1;
            isXml = true;
          }
          break;
      }
      p++;
      continue;
    }
    if (state === 3) {
      switch (c) {
        case '>':
          if (depth) {
            depth--;
            break;
          }
          if (inQ) break;
          inQ = '';
          state = 0;
          tbuf = new StringBuilder();
          break;
        case '"':
        case "'":
          if (p !== 0 && at(p - 1) !== '\\' && (!inQ || c === inQ)) inQ = inQ ? '' : c;
          break;
        case '-':
          if (p >= 2 && at(p - 1) === '-' && at(p - 2) === '!') state = 4;
          break;
        case 'E':
        case 'e':
          // <!DOCTYPE is treated as a normal tag
          if (p > 6 && /^doctyp$/i.test(buf.slice(p - 6, p))) state = 1;
          break;
      }
      p++;
      continue;
    }
    // state 4: comment, ends at `-->` outside quotes
    if (c === '>' && !inQ && p >= 2 && at(p - 1) === '-' && at(p - 2) === '-') {
      inQ = '';
      state = 0;
      tbuf = new StringBuilder();
    }
    p++;
  }
  return out.toString();
}

/**
 * php_tag_find(): normalises `<a href=..>` / `</a>` to `<a>` and looks it up
 * in the (lower-cased) allow string.
 */
function tagFind(tag: string, set: string): boolean {
  if (tag.length === 0) return false;
  let norm = '';
  let state = 0;
  for (let t = 0; t < tag.length; t++) {
    const c = asciiLower(tag[t]!);
    if (c === '<') {
      norm += c;
      continue;
    }
    if (c === '>') break;
    if (!isSpace(c)) {
      if (state === 0) state = 1;
      if (c !== '/' || (tag[t - 1] !== '<' && tag[t + 1] !== '>')) norm += c;
    } else if (state === 1) break;
  }
  norm += '>';
  return set.includes(norm);
}

/** PHP 7.4+ accepts an array of tag names: `['b', 'i']` is `'<b><i>'` */
export function allowedTagsFromList(names: readonly string[]): string {
  return names.map((n) => `<${n}>`).join('');
}
