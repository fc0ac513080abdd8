/**
 * Entry names: decoding them (`detect_order`) and refusing the ones that would land outside the
 * destination (zip slip). Shared by `unzip` (names read from an archive) and `zip` (names a
 * template gives).
 */
import { failure } from '../failure';
import type { ZipEntry } from './zip-format';

/** the catalog's default `detect_order` */
export const DEFAULT_DETECT_ORDER = ['utf8', 'cp932', 'EUC-JP'] as const;

/**
 * PHP's mbstring names (case-insensitive) → the WHATWG label TextDecoder knows. `SJIS`, `SJIS-win`,
 * `CP932`... all read as WHATWG's shift_jis, which is Windows-31J (a superset of JIS X 0208 Shift_JIS,
 * with the NEC and IBM extensions); `eucJP-win` and `EUC-JP` as euc-jp. `ASCII` accepts bytes below
 * 0x80 only.
 */
const ENCODING_LABELS: Readonly<Record<string, string>> = {
  utf8: 'utf-8',
  'utf-8': 'utf-8',
  ascii: 'ascii',
  'us-ascii': 'ascii',
  sjis: 'shift_jis',
  'sjis-win': 'shift_jis',
  'sjis-ms': 'shift_jis',
  shift_jis: 'shift_jis',
  'shift-jis': 'shift_jis',
  cp932: 'shift_jis',
  ms932: 'shift_jis',
  'windows-31j': 'shift_jis',
  'euc-jp': 'euc-jp',
  eucjp: 'euc-jp',
  'eucjp-win': 'euc-jp',
  'eucjp-ms': 'euc-jp',
  cp51932: 'euc-jp',
  jis: 'iso-2022-jp',
  'iso-2022-jp': 'iso-2022-jp',
  'iso-8859-1': 'iso-8859-1',
  latin1: 'iso-8859-1',
};

/** one encoding of `detect_order`: how the template spelled it, and a strict decoder */
export interface NameDecoder {
  name: string;
  /** the text, or null when the bytes are not valid in this encoding */
  decode(bytes: Uint8Array): string | null;
}

const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

function strict(label: string): (bytes: Uint8Array) => string | null {
  if (label === 'ascii') {
    return (bytes) => (bytes.every((b) => b < 0x80) ? lossy.decode(bytes) : null);
  }
  // throws RangeError when the runtime lacks the encoding (a Node built with small-icu)
  const decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true });
  return (bytes) => {
    try {
      return decoder.decode(bytes);
    } catch {
      return null;
    }
  };
}

/**
 * The decoders of `detect_order`, in order. Each item may also hold several names separated by
 * commas, as mb_detect_order accepts. Names this table does not know, or that the JavaScript runtime
 * cannot decode, are left out and reported through `warn`; when none is left (or the list is
 * empty), the default order is used.
 */
export function nameDecoders(order: readonly string[], warn: (message: string) => void): NameDecoder[] {
  const out: NameDecoder[] = [];
  const seen = new Set<string>();
  for (const item of order) {
    for (const raw of item.split(',')) {
      const name = raw.trim();
      if (name === '') continue;
      const label = ENCODING_LABELS[name.toLowerCase()];
      if (label === undefined) {
        warn(
          `detect_order: unknown encoding ${JSON.stringify(name)} ignored (known: UTF-8, ASCII, SJIS, SJIS-win, CP932, EUC-JP, eucJP-win, JIS, ISO-8859-1)`,
        );
        continue;
      }
      if (seen.has(label)) continue;
      try {
        out.push({ name, decode: strict(label) });
        seen.add(label);
      } catch {
        warn(`detect_order: this JavaScript runtime cannot decode ${name} (${label}); ignored`);
      }
    }
  }
  if (out.length === 0) {
    if (order.length > 0)
      warn('detect_order names no usable encoding: the default utf8, cp932, EUC-JP is used');
    return order === DEFAULT_DETECT_ORDER ? out : nameDecoders(DEFAULT_DETECT_ORDER, warn);
  }
  return out;
}

const utf8 = strict('utf-8');

export interface DecodedName {
  name: string;
  /** which encoding gave it: `UTF-8 flag`, `Unicode path field`, a `detect_order` name, or null (none fitted) */
  encoding: string | null;
}

/**
 * An entry's name as text. A name flagged UTF-8 (bit 11) is UTF-8; otherwise an Info-ZIP Unicode
 * Path field whose CRC matches is used; otherwise the first encoding of `detect_order` the bytes are
 * valid in. When none fits, the name is read as UTF-8 with U+FFFD for the bad bytes (and
 * `encoding` is null, so the caller can say so).
 */
export function decodeName(entry: ZipEntry, decoders: readonly NameDecoder[]): DecodedName {
  if (entry.utf8) {
    const s = utf8(entry.rawName);
    if (s !== null) return { name: s, encoding: 'UTF-8 flag' };
  }
  if (entry.unicodeName) {
    const s = utf8(entry.unicodeName);
    if (s !== null) return { name: s, encoding: 'Unicode path field' };
  }
  for (const d of decoders) {
    const s = d.decode(entry.rawName);
    if (s !== null) return { name: s, encoding: d.name };
  }
  return { name: lossy.decode(entry.rawName), encoding: null };
}

export interface SafeName {
  /** '/'-joined segments, without empty and `.` segments: `a/b.txt` */
  path: string;
  /** the name ended with '/': a folder entry */
  isDir: boolean;
}

const show = (name: string) => JSON.stringify(name.length > 120 ? `${name.slice(0, 120)}…` : name);

/**
 * Checks an entry name and returns it normalised (empty and `.` segments dropped). Refuses with
 * IO_ARCHIVE_SLIP: an absolute name (`/x`), a drive letter (`C:x`, `C:\x`), a backslash anywhere
 * (`..\x`, `a\b`: Windows tools read it as a separator), any `..` segment (even `a/../b`, which would
 * stay inside), NUL and other control characters, and a name with nothing left (`./`, `` ``).
 */
export function safeEntryName(name: string, label: string): SafeName {
  const slip = (why: string) => failure('IO_ARCHIVE_SLIP', `${label} ${show(name)} ${why}`);
  if (/[\u0000-\u001f\u007f]/.test(name)) throw slip('contains a control character');
  if (name.includes('\\')) throw slip('contains a backslash (a path separator on Windows)');
  if (name.startsWith('/')) throw slip('is an absolute path');
  if (/^[A-Za-z]:/.test(name)) throw slip('starts with a drive letter');
  const segments: string[] = [];
  for (const s of name.split('/')) {
    if (s === '..') throw slip("contains a '..' segment");
    if (s !== '' && s !== '.') segments.push(s);
  }
  const isDir = name.endsWith('/');
  if (segments.length === 0) {
    if (isDir) return { path: '', isDir };
    throw slip('names no file');
  }
  return { path: segments.join('/'), isDir };
}

/** S_IFMT of a Unix mode: 0 (not set), a regular file, a folder, or something else (a link, a device) */
export function unixType(mode: number): 'unset' | 'file' | 'dir' | 'link' | 'special' {
  switch (mode & 0o170000) {
    case 0:
      return 'unset';
    case 0o100000:
      return 'file';
    case 0o040000:
      return 'dir';
    case 0o120000:
      return 'link';
    default:
      return 'special';
  }
}
