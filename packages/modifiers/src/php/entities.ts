/**
 * PHP's entity decoding (ext/standard/html.c, traverse_for_entities) for html_entity_decode() and
 * htmlspecialchars_decode(): named entities of the flags' document type (HTML 4.01 by default, so
 * `&apos;` stays), numeric entities only for characters that type allows, quotes only when the
 * quote flags say so, and always a terminating `;`.
 */
import { ENT_HTML_QUOTE_DOUBLE, ENT_HTML_QUOTE_SINGLE, replaceMatches } from '@sumi/php';
import { characterEntities } from 'character-entities';
import { characterEntitiesHtml4 } from 'character-entities-html4';

const DOCTYPE_MASK = 16 | 32;
const HTML401 = 0;
const XML1 = 16;
const XHTML = 32;
const HTML5 = 48;

/** a Map, not an object: a name from the text (`&constructor;`) must never find Object.prototype's */
const BASIC: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
]);

/** Named entities of a document type (PHP's tables); null when the name is unknown there. */
function namedEntity(name: string, doctype: number, all: boolean): string | null {
  if (!all) {
    const basic = BASIC.get(name);
    if (basic !== undefined) return basic;
    return name === 'apos' && doctype !== HTML401 ? "'" : null;
  }
  switch (doctype) {
    case HTML5:
      return Object.hasOwn(characterEntities, name) ? characterEntities[name] : null;
    case XML1: {
      const basic = BASIC.get(name);
      if (basic !== undefined) return basic;
      return name === 'apos' ? "'" : null;
    }
    case XHTML:
      if (name === 'apos') return "'";
      return Object.hasOwn(characterEntitiesHtml4, name) ? characterEntitiesHtml4[name] : null;
    default:
      return Object.hasOwn(characterEntitiesHtml4, name) ? characterEntitiesHtml4[name] : null;
  }
}

/** unicode_cp_is_allowed(): which code points a numeric entity may stand for in each document type. */
function allowed(cp: number, doctype: number): boolean {
  switch (doctype) {
    case HTML401:
      return (
        (cp >= 0x20 && cp <= 0x7e) ||
        cp === 0x0a ||
        cp === 0x09 ||
        cp === 0x0d ||
        (cp >= 0xa0 && cp <= 0xd7ff) ||
        (cp >= 0xe000 && cp <= 0x10ffff && (cp & 0xffff) < 0xfffe && (cp < 0xfdd0 || cp > 0xfdef))
      );
    case HTML5:
      return (
        (cp >= 0x20 && cp <= 0x7e) ||
        (cp >= 0x09 && cp <= 0x0c && cp !== 0x0b) ||
        (cp >= 0xa0 && cp <= 0xd7ff) ||
        (cp >= 0xe000 && cp <= 0x10ffff && (cp & 0xffff) < 0xfffe && (cp < 0xfdd0 || cp > 0xfdef))
      );
    default:
      // XHTML and XML 1.0
      return (
        (cp >= 0x20 && cp <= 0xd7ff) ||
        cp === 0x0a ||
        cp === 0x09 ||
        cp === 0x0d ||
        (cp >= 0xe000 && cp <= 0x10ffff && cp !== 0xfffe && cp !== 0xffff)
      );
  }
}

const ENTITY = /&(?:#([xX][0-9a-fA-F]+|[0-9]+)|([A-Za-z0-9]+));/g;

/**
 * Decodes entities in `s`. `all` false is htmlspecialchars_decode (only &amp; &lt; &gt; &quot; &apos;
 * and the numeric forms of those five characters).
 */
export function decodeEntities(s: string, flags: number, all: boolean): string {
  if (!s.includes('&')) return s;
  const doctype = flags & DOCTYPE_MASK;
  // match by match: JS's replace would keep every match until it is done
  return replaceMatches(s, ENTITY, (m) => {
    const whole = m[0];
    const num: string | undefined = m[1];
    const name: string | undefined = m[2];
    let text: string;
    if (num !== undefined) {
      const hex = num[0] === 'x' || num[0] === 'X';
      const digits = hex ? num.slice(1) : num;
      // process_numeric_entity stops at values beyond U+10FFFF
      if (digits.replace(/^0+/, '').length > 8) return whole;
      const cp = Number.parseInt(digits, hex ? 16 : 10);
      if (cp > 0x10ffff) return whole;
      if (!all && !(cp === 0x26 || cp === 0x3c || cp === 0x3e || cp === 0x22 || cp === 0x27)) return whole;
      if (!allowed(cp, doctype) || (doctype === HTML5 && cp === 0x0d)) return whole;
      text = String.fromCodePoint(cp);
    } else {
      const found = namedEntity(name!, doctype, all);
      if (found === null) return whole;
      text = found;
    }
    if (
      (text === "'" && !(flags & ENT_HTML_QUOTE_SINGLE)) ||
      (text === '"' && !(flags & ENT_HTML_QUOTE_DOUBLE))
    ) {
      return whole;
    }
    return text;
  });
}
