/**
 * The character encodings the mb_* functions accept, by mbstring's names and aliases, with
 * decoding to code points and encoding back. Japanese encodings are decoded with the platform's
 * WHATWG TextDecoder (shift_jis is CP932, euc-jp, iso-2022-jp: browsers and Node with full ICU)
 * and encoded through reverse tables built from that same decoder on first use, so no code table
 * ships in the bundle. Invalid or unmappable characters become `?` (mbstring's substitute character).
 */
import { capArray, codePoints, fromBytes, fromCodePoints, toBytes } from '@sumi/php';

export type Charset = 'UTF-8' | 'ASCII' | 'ISO-8859-1' | 'SJIS' | 'EUC-JP' | 'JIS' | 'UTF-16BE' | 'UTF-16LE';

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

/** UTF-16 units as a string, a slice at a time (one call with every unit as an argument overflows the stack) */
function unitsToString(units: Uint16Array): string {
  const parts: string[] = [];
  for (let i = 0; i < units.length; i += 4096)
    parts.push(String.fromCharCode(...units.subarray(i, i + 4096)));
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

/** A PHP string holding the characters `cps` in `charset` (unmappable characters as `?`). */
export function encodeChars(cps: readonly number[], charset: Charset): string {
  const valid = cps.map((c) => (c >= 0xd800 && c <= 0xdfff ? 0x3f : c));
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
