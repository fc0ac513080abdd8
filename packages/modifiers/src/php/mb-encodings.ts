/**
 * The character encodings the mb_* functions accept, by mbstring's names and aliases, with
 * decoding to code points and encoding back. Japanese encodings go through `encoding-japanese`;
 * invalid or unmappable characters become `?` (mbstring's default substitute character).
 */
import Encoding from 'encoding-japanese';
import { codePoints, fromBytes, toBytes } from '../shared/binary-string';

export type Charset = 'UTF-8' | 'ASCII' | 'ISO-8859-1' | 'SJIS' | 'EUC-JP' | 'JIS' | 'UTF-16BE' | 'UTF-16LE';

/** mbstring names (lower case) → the charset this module handles them as. */
const NAMES: Record<string, Charset> = {
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
};

/** The charset named `name`, or null when mbstring would not know it either (or Sumi does not support it). */
export function charsetOf(name: string): Charset | null {
  return NAMES[name.trim().toLowerCase()] ?? null;
}

const JAPANESE: Record<string, 'SJIS' | 'EUCJP' | 'JIS'> = { SJIS: 'SJIS', 'EUC-JP': 'EUCJP', JIS: 'JIS' };

/** The characters (code points) of a PHP string held in `charset`. */
export function decodeChars(s: string, charset: Charset): number[] {
  if (charset === 'UTF-8') {
    // escaped invalid bytes (U+DC80..U+DCFF) count as one character each, as mbstring's error markers do
    return codePoints(s);
  }
  const bytes = toBytes(s);
  switch (charset) {
    case 'ASCII':
      return Array.from(bytes, (b) => (b < 0x80 ? b : 0x3f));
    case 'ISO-8859-1':
      return Array.from(bytes);
    case 'UTF-16BE':
    case 'UTF-16LE': {
      const units: number[] = [];
      for (let i = 0; i + 1 < bytes.length; i += 2) {
        units.push(charset === 'UTF-16BE' ? (bytes[i] << 8) | bytes[i + 1] : bytes[i] | (bytes[i + 1] << 8));
      }
      if (bytes.length % 2) units.push(0x3f);
      return codePoints(String.fromCharCode(...units));
    }
    default: {
      const units = Encoding.convert(Array.from(bytes), {
        to: 'UNICODE',
        from: JAPANESE[charset],
        type: 'array',
      });
      return codePoints(String.fromCharCode(...units));
    }
  }
}

/** A PHP string holding the characters `cps` in `charset` (unmappable characters as `?`). */
export function encodeChars(cps: readonly number[], charset: Charset): string {
  const valid = cps.map((c) => (c >= 0xd800 && c <= 0xdfff ? 0x3f : c));
  switch (charset) {
    case 'UTF-8':
      return fromBytes(new TextEncoder().encode(String.fromCodePoint(...valid)));
    case 'ASCII':
      return fromBytes(Uint8Array.from(valid, (c) => (c < 0x80 ? c : 0x3f)));
    case 'ISO-8859-1':
      return fromBytes(Uint8Array.from(valid, (c) => (c < 0x100 ? c : 0x3f)));
    case 'UTF-16BE':
    case 'UTF-16LE': {
      const text = String.fromCodePoint(...valid);
      const out = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        const u = text.charCodeAt(i);
        out[2 * i] = charset === 'UTF-16BE' ? u >> 8 : u & 0xff;
        out[2 * i + 1] = charset === 'UTF-16BE' ? u & 0xff : u >> 8;
      }
      return fromBytes(out);
    }
    default: {
      const units = Encoding.stringToCode(String.fromCodePoint(...valid));
      const bytes = Encoding.convert(units, { to: JAPANESE[charset], from: 'UNICODE', type: 'array' });
      return fromBytes(Uint8Array.from(bytes));
    }
  }
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
      return (
        Encoding.detect(Array.from(bytes), JAPANESE[charset]) === JAPANESE[charset] ||
        bytes.every((b) => b < 0x80)
      );
  }
}
