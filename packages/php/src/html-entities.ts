/**
 * PHP's htmlentities(): htmlspecialchars() plus the HTML 4.01 entity names (ENT_HTML401, the default
 * document type), read through the charset a template names.
 */
import { characterEntitiesHtml4 } from 'character-entities-html4';
import { type Charset, ENT_QUOTES, ENT_SUBSTITUTE, escapeText } from './html';

/** code point -> entity name, HTML 4.01 (252 names) */
const ENTITY_BY_CHAR: Map<string, string> = new Map(
  Object.entries(characterEntitiesHtml4).map(([name, ch]) => [ch, name]),
);

const CP1252_HIGH: Record<number, number> = {
  128: 0x20ac,
  130: 0x201a,
  131: 0x0192,
  132: 0x201e,
  133: 0x2026,
  134: 0x2020,
  135: 0x2021,
  136: 0x02c6,
  137: 0x2030,
  138: 0x0160,
  139: 0x2039,
  140: 0x0152,
  142: 0x017d,
  145: 0x2018,
  146: 0x2019,
  147: 0x201c,
  148: 0x201d,
  149: 0x2022,
  150: 0x2013,
  151: 0x2014,
  152: 0x02dc,
  153: 0x2122,
  154: 0x0161,
  155: 0x203a,
  156: 0x0153,
  158: 0x017e,
  159: 0x0178,
};

const ISO_8859_15_DIFF: Record<number, number> = {
  164: 0x20ac,
  166: 0x0160,
  168: 0x0161,
  180: 0x017d,
  184: 0x017e,
  188: 0x0152,
  189: 0x0153,
  190: 0x0178,
};

function entityFor(cp: number, charset: Charset): string | undefined {
  let u = cp;
  if (charset === 'iso-8859-1') {
    if (cp < 0xa0) return undefined;
  } else if (charset === 'cp1252') {
    if (cp < 0xa0) {
      const m = CP1252_HIGH[cp];
      if (m === undefined) return undefined;
      u = m;
    }
  } else if (charset === 'iso-8859-15') {
    if (cp < 0xa0) return undefined;
    u = ISO_8859_15_DIFF[cp] ?? cp;
  } else if (charset !== 'utf-8') {
    // other charsets have no entity table in PHP: htmlentities acts like htmlspecialchars
    return undefined;
  }
  return ENTITY_BY_CHAR.get(String.fromCodePoint(u));
}

/** htmlentities($s, $flags, $charset, $double_encode), HTML 4.01 entity names */
export function htmlentities(
  s: string,
  flags = ENT_QUOTES | ENT_SUBSTITUTE,
  charset = 'UTF-8',
  doubleEncode = true,
  warn?: (m: string) => void,
): string {
  return escapeText(s, flags, charset, doubleEncode, entityFor, 'htmlentities', warn);
}
