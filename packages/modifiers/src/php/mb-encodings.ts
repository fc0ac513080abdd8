/**
 * The character encodings the mb_* functions accept, by mbstring's names and aliases, with
 * decoding to code points and encoding back. Japanese encodings are decoded with the platform's
 * WHATWG TextDecoder (shift_jis is CP932, euc-jp, iso-2022-jp: browsers and Node with full ICU)
 * and encoded through reverse tables built from that same decoder on first use, so no code table
 * ships in the bundle. Invalid or unmappable characters become `?` (mbstring's substitute character).
 */
import { capArray, codePoints, fromBytes, fromCodePoints, toBytes, utf8SequenceLength } from '@sumi/php';
import { characterEntitiesHtml4 } from 'character-entities-html4';

export type Charset =
  | 'UTF-8'
  | 'ASCII'
  | 'ISO-8859-1'
  | 'SJIS'
  | 'EUC-JP'
  | 'JIS'
  | 'UTF-16BE'
  | 'UTF-16LE'
  | 'HTML-ENTITIES';

/**
 * mbstring's mark for input that is not valid in its encoding (MBFL_BAD_INPUT): a target
 * encoding writes it as `?`, HTML-ENTITIES as `&#4294967295;` (the mark read as unsigned).
 */
export const BAD_INPUT = -1;

/**
 * mbstring names (lower case) → the charset this module handles them as. A Map: a name from a template
 * (`constructor`) must never find a property of Object.prototype.
 */
const NAMES: ReadonlyMap<string, Charset> = new Map<string, Charset>(
  Object.entries({
    'utf-8': 'UTF-8',
    utf8: 'UTF-8',
    ascii: 'ASCII',
    'us-ascii': 'ASCII',
    'iso-8859-1': 'ISO-8859-1',
    'iso8859-1': 'ISO-8859-1',
    latin1: 'ISO-8859-1',
    sjis: 'SJIS',
    shift_jis: 'SJIS',
    'x-sjis': 'SJIS',
    'sjis-win': 'SJIS',
    'sjis-ms': 'SJIS',
    cp932: 'SJIS',
    ms932: 'SJIS',
    'windows-31j': 'SJIS',
    ms_kanji: 'SJIS',
    'euc-jp': 'EUC-JP',
    euc_jp: 'EUC-JP',
    eucjp: 'EUC-JP',
    'x-euc-jp': 'EUC-JP',
    'eucjp-win': 'EUC-JP',
    cp51932: 'EUC-JP',
    jis: 'JIS',
    'iso-2022-jp': 'JIS',
    'utf-16': 'UTF-16BE',
    'utf-16be': 'UTF-16BE',
    'utf-16le': 'UTF-16LE',
    'html-entities': 'HTML-ENTITIES',
    html: 'HTML-ENTITIES',
  } satisfies Record<string, Charset>),
);

/** The charset named `name`, or null when mbstring would not know it either (or Sumi does not support it). */
export function charsetOf(name: string): Charset | null {
  return NAMES.get(name.trim().toLowerCase()) ?? null;
}

const WHATWG: Partial<Record<Charset, string>> = {
  SJIS: 'shift_jis',
  'EUC-JP': 'euc-jp',
  JIS: 'iso-2022-jp',
};

/** The characters (code points) of a PHP string held in `charset`. */
export function decodeChars(s: string, charset: Charset): number[] {
  if (charset === 'UTF-8') {
    // escaped invalid bytes (U+DC80..U+DCFF) count as one character each, as mbstring's error markers do
    return codePoints(s);
  }
  const bytes = toBytes(s);
  // at most one character per byte, one JS number each: a list under the array cap
  capArray(bytes.length);
  switch (charset) {
    case 'HTML-ENTITIES':
      return decodeHtmlEntities(bytes);
    case 'ASCII':
      return Array.from(bytes, (b) => (b < 0x80 ? b : 0x3f));
    case 'ISO-8859-1':
      return Array.from(bytes);
    case 'UTF-16BE':
    case 'UTF-16LE': {
      const units = new Uint16Array((bytes.length + 1) >> 1);
      for (let i = 0; i + 1 < bytes.length; i += 2) {
        units[i >> 1] =
          charset === 'UTF-16BE' ? (bytes[i] << 8) | bytes[i + 1] : bytes[i] | (bytes[i + 1] << 8);
      }
      if (bytes.length % 2) units[units.length - 1] = 0x3f;
      return codePoints(unitsToString(units)).map((c) => (c >= 0xd800 && c <= 0xdfff ? 0x3f : c));
    }
    default: {
      const text = new TextDecoder(WHATWG[charset]).decode(bytes);
      return codePoints(text).map((c) => (c === 0xfffd ? 0x3f : c));
    }
  }
}

/** HTML 4.01 entity name → code point, and back (the 252 names mbstring knows) */
const ENTITY_CODE: ReadonlyMap<string, number> = new Map(
  Object.entries(characterEntitiesHtml4).map(([name, ch]) => [name, ch.codePointAt(0)!]),
);
const ENTITY_NAME: ReadonlyMap<number, string> = new Map(
  [...ENTITY_CODE].map(([name, code]) => [code, name] as [number, string]),
);

/**
 * HTML-ENTITIES text → code points, as PHP 8.2's mbstring reads it: each byte is the character of
 * that number (Latin-1); `&name;` (the HTML 4.01 names, case-sensitive), `&#N;` and `&#xH;` become
 * their character, where the number wraps at 32 bits and a value beyond U+10FFFF stays as text. An
 * entity ends at `;`; a `&` before it, the end, an unknown name or a bad number leaves the text as
 * it is (`&#65&#66;` is `&#65B`).
 */
function decodeHtmlEntities(bytes: Uint8Array): number[] {
  const out: number[] = [];
  const n = bytes.length;
  let p = 0;
  while (p < n) {
    const c = bytes[p++]!;
    if (c !== 0x26) {
      out.push(c);
      continue;
    }
    let end = p;
    while (end < n && bytes[end] !== 0x3b && bytes[end] !== 0x26) end++;
    const code = end < n && bytes[end] === 0x3b ? entityValue(bytes, p, end) : -1;
    if (code >= 0) {
      out.push(code);
      p = end + 1;
      continue;
    }
    // not an entity: `&` and the text up to the `;` (included) or the next `&` stay as they are
    out.push(0x26);
    while (p < end) out.push(bytes[p++]!);
    if (p < n && bytes[p] === 0x3b) out.push(bytes[p++]!);
  }
  return out;
}

/** the character of the entity between `&` and `;` ([a, b) of `bytes`), or -1 */
function entityValue(bytes: Uint8Array, a: number, b: number): number {
  if (b === a) return -1;
  if (bytes[a] !== 0x23) {
    let name = '';
    for (let i = a; i < b; i++) name += String.fromCharCode(bytes[i]!);
    return ENTITY_CODE.get(name) ?? -1;
  }
  let i = a + 1;
  const hex = bytes[i] === 0x78 || bytes[i] === 0x58;
  if (hex) i++;
  if (i === b) return -1;
  let value = 0;
  for (; i < b; i++) {
    const d = bytes[i]!;
    let digit: number;
    if (d >= 0x30 && d <= 0x39) digit = d - 0x30;
    else if (hex && d >= 0x61 && d <= 0x66) digit = d - 0x57;
    else if (hex && d >= 0x41 && d <= 0x46) digit = d - 0x37;
    else return -1;
    // an unsigned 32-bit accumulator, as in mbstring
    value = (value * (hex ? 16 : 10) + digit) % 0x100000000;
  }
  return value > 0x10ffff ? -1 : value;
}

/**
 * A UTF-8 string's characters for mb_convert_encoding: each invalid byte sequence (escaped bytes,
 * see binary-string.ts) is one BAD_INPUT per maximal ill-formed part, as PHP 8.2's decoder reports
 * it: a lead byte with the valid continuation bytes that follow it, or a single other byte.
 */
export function decodeUtf8Marked(s: string): number[] {
  const cps = codePoints(s);
  const out: number[] = [];
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    if (c < 0xdc80 || c > 0xdcff) {
      out.push(c);
      continue;
    }
    const b = c - 0xdc00;
    // the continuation bytes its lead byte asks for (none for a byte that starts nothing)
    const need = Math.max(0, utf8SequenceLength(b) - 1);
    let k = 0;
    while (k < need && i + 1 < cps.length) {
      const next = cps[i + 1]! - 0xdc00;
      const lo = k > 0 ? 0x80 : b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
      const hi = k > 0 ? 0xbf : b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
      if (next < lo || next > hi) break;
      i++;
      k++;
    }
    out.push(BAD_INPUT);
  }
  return out;
}

/** Code points as HTML-ENTITIES: ASCII as it is, a named character as `&name;`, any other as `&#N;` */
function encodeHtmlEntities(cps: readonly number[]): string {
  let out = '';
  for (const c of cps) {
    if (c >= 0 && c < 0x80) out += String.fromCharCode(c);
    else if (c === BAD_INPUT) out += '&#4294967295;';
    else {
      const name = ENTITY_NAME.get(c);
      out += name === undefined ? `&#${c};` : `&${name};`;
    }
  }
  return out;
}

/** UTF-16 units as a string, a slice at a time (one call with every unit as an argument overflows the stack) */
function unitsToString(units: Uint16Array): string {
  const parts: string[] = [];
  for (let i = 0; i < units.length; i += 4096)
    parts.push(String.fromCharCode.apply(null, units.subarray(i, i + 4096) as unknown as number[]));
  return parts.join('');
}

/** Bytes appended one by one into a buffer that doubles as needed (a JS array takes 8 bytes per byte). */
class ByteBuffer {
  private buf = new Uint8Array(256);
  private n = 0;

  push(...bytes: number[]): void {
    if (this.n + bytes.length > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.n + bytes.length));
      next.set(this.buf.subarray(0, this.n));
      this.buf = next;
    }
    for (const b of bytes) this.buf[this.n++] = b;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.n);
  }
}

/** Reverse tables (code point → bytes), built from the platform decoder on first use. */
const reverse = new Map<string, Map<number, number[]>>();

/** Decodes every `[...prefix, lead, trail]` sequence at once (a newline after each keeps them apart). */
function tableFrom(
  label: string,
  seqs: number[][],
  into: Map<number, number[]>,
  skip?: (seq: number[]) => boolean,
): void {
  const buf: number[] = [];
  for (const s of seqs) buf.push(...s, 0x0a);
  const parts = new TextDecoder(label).decode(Uint8Array.from(buf)).split('\n');
  const later: [number, number[]][] = [];
  seqs.forEach((seq, i) => {
    const text = parts[i];
    const cp = text?.codePointAt(0);
    if (cp === undefined || cp === 0xfffd || text.length !== (cp > 0xffff ? 2 : 1)) return;
    if (skip?.(seq)) later.push([cp, seq]);
    else if (!into.has(cp)) into.set(cp, seq);
  });
  for (const [cp, seq] of later) if (!into.has(cp)) into.set(cp, seq);
}

function sjisTable(): Map<number, number[]> {
  let t = reverse.get('SJIS');
  if (t) return t;
  t = new Map();
  for (let c = 0; c < 0x80; c++) t.set(c, [c]);
  for (let c = 0xa1; c <= 0xdf; c++) t.set(0xff61 + (c - 0xa1), [c]);
  const seqs: number[][] = [];
  for (let a = 0x81; a <= 0xfc; a++) {
    if (a >= 0xa0 && a <= 0xdf) continue;
    for (let b = 0x40; b <= 0xfc; b++) if (b !== 0x7f) seqs.push([a, b]);
  }
  // like the WHATWG encoder, prefer IBM extensions (FA..FC) over the NEC-selected copies (ED, EE)
  tableFrom('shift_jis', seqs, t, (s) => s[0] === 0xed || s[0] === 0xee);
  reverse.set('SJIS', t);
  return t;
}

function eucTable(): Map<number, number[]> {
  let t = reverse.get('EUC-JP');
  if (t) return t;
  t = new Map();
  for (let c = 0; c < 0x80; c++) t.set(c, [c]);
  for (let c = 0xa1; c <= 0xdf; c++) t.set(0xff61 + (c - 0xa1), [0x8e, c]);
  const seqs: number[][] = [];
  for (let a = 0xa1; a <= 0xfe; a++) for (let b = 0xa1; b <= 0xfe; b++) seqs.push([a, b]);
  tableFrom('euc-jp', seqs, t);
  // JIS X 0212 (3 bytes) for what JIS X 0208 lacks (é, ...), as mbstring's EUC-JP does
  const ext: number[][] = [];
  for (let a = 0xa1; a <= 0xfe; a++) for (let b = 0xa1; b <= 0xfe; b++) ext.push([0x8f, a, b]);
  tableFrom('euc-jp', ext, t);
  reverse.set('EUC-JP', t);
  return t;
}

/** A PHP string holding the characters `cps` in `charset` (unmappable characters and BAD_INPUT as `?`). */
export function encodeChars(cps: readonly number[], charset: Charset): string {
  if (charset === 'HTML-ENTITIES') return encodeHtmlEntities(cps);
  if (charset === 'UTF-8' && cps.some((c) => c >= 0xd800 && c <= 0xdfff)) return utf8WithSurrogates(cps);
  const valid = cps.map((c) => (c === BAD_INPUT || (c >= 0xd800 && c <= 0xdfff) ? 0x3f : c));
  switch (charset) {
    case 'UTF-8':
      // no surrogates are left: the code points are valid UTF-8 text
      return fromCodePoints(valid);
    case 'ASCII':
      return fromBytes(Uint8Array.from(valid, (c) => (c < 0x80 ? c : 0x3f)));
    case 'ISO-8859-1':
      return fromBytes(Uint8Array.from(valid, (c) => (c < 0x100 ? c : 0x3f)));
    case 'UTF-16BE':
    case 'UTF-16LE': {
      const text = fromCodePoints(valid);
      const out = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        const u = text.charCodeAt(i);
        out[2 * i] = charset === 'UTF-16BE' ? u >> 8 : u & 0xff;
        out[2 * i + 1] = charset === 'UTF-16BE' ? u & 0xff : u >> 8;
      }
      return fromBytes(out);
    }
    case 'SJIS':
    case 'EUC-JP': {
      const table = charset === 'SJIS' ? sjisTable() : eucTable();
      const out = new ByteBuffer();
      for (const c of valid) out.push(...(table.get(c) ?? [0x3f]));
      return fromBytes(out.bytes());
    }
    case 'JIS':
      return fromBytes(encodeJis(valid));
  }
}

/**
 * UTF-8 of code points that include surrogates (only `&#xD800;` in HTML-ENTITIES gives one):
 * mbstring writes a surrogate's three bytes as they are, which are not valid UTF-8 (escaped bytes).
 */
function utf8WithSurrogates(cps: readonly number[]): string {
  const out = new ByteBuffer();
  for (const c of cps) {
    if (c === BAD_INPUT) out.push(0x3f);
    else if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return fromBytes(out.bytes());
}

/** ISO-2022-JP: ASCII, JIS X 0208 (ESC $ B) and half-width katakana (ESC ( I), back to ASCII at the end. */
function encodeJis(cps: readonly number[]): Uint8Array {
  const euc = eucTable();
  const out = new ByteBuffer();
  let mode: 'ascii' | 'kanji' | 'kana' = 'ascii';
  const to = (m: typeof mode) => {
    if (mode === m) return;
    out.push(
      ...(m === 'ascii' ? [0x1b, 0x28, 0x42] : m === 'kanji' ? [0x1b, 0x24, 0x42] : [0x1b, 0x28, 0x49]),
    );
    mode = m;
  };
  for (const c of cps) {
    if (c < 0x80) {
      to('ascii');
      out.push(c);
      continue;
    }
    if (c >= 0xff61 && c <= 0xff9f) {
      to('kana');
      out.push(c - 0xff61 + 0x21);
      continue;
    }
    const e = euc.get(c);
    if (e && e.length === 2) {
      to('kanji');
      out.push(e[0] - 0x80, e[1] - 0x80);
    } else {
      to('ascii');
      out.push(0x3f);
    }
  }
  to('ascii');
  return out.bytes();
}

/** True when the bytes of `s` are valid in `charset` (for mb_convert_encoding's detection). */
export function isValidIn(s: string, charset: Charset): boolean {
  const bytes = toBytes(s);
  switch (charset) {
    case 'UTF-8':
      return !/[\udc80-\udcff]/.test(fromBytes(bytes));
    case 'ASCII':
      return bytes.every((b) => b < 0x80);
    case 'ISO-8859-1':
      return true;
    case 'HTML-ENTITIES':
      // mbstring's detection never picks HTML-ENTITIES among other candidates
      return false;
    case 'UTF-16BE':
    case 'UTF-16LE':
      return bytes.length % 2 === 0;
    default:
      if (charset === 'JIS' && !bytes.includes(0x1b)) return bytes.every((b) => b < 0x80);
      try {
        new TextDecoder(WHATWG[charset], { fatal: true }).decode(bytes);
        return true;
      } catch {
        return false;
      }
  }
}
