/**
 * Reading a zip archive without trusting it. `readCentralDirectory` parses the central directory
 * (the archive's table of contents at its end) into plain records: raw name bytes, flags, method,
 * declared sizes, where the data is, the Unix mode. `inflateEntry` then decompresses one entry in
 * small steps through fflate's streaming `Inflate`, handing each piece of output to a sink as it
 * comes out, so the caller counts real bytes (never the declared ones) and can stop a zip bomb after
 * a few megabytes. A damaged archive, a truncated one or a size or CRC that does not match ends in
 * IO_ARCHIVE_INVALID.
 *
 * fflate decompresses; the directory is read here because fflate's own reader does not expose what
 * the checks need (the raw name bytes, the UTF-8 flag, the Info-ZIP Unicode path field, the Unix
 * mode that marks a symbolic link) and allocates an entry's declared size up front.
 */
import { Inflate } from 'fflate';
import { failure } from '../failure';

export interface ZipEntry {
  /** position in the central directory, from 0 */
  index: number;
  /** the name as stored: bytes in whatever encoding the archiver used */
  rawName: Uint8Array;
  /** general-purpose bit 11: the name is UTF-8 */
  utf8: boolean;
  /** the UTF-8 name of an Info-ZIP Unicode Path field (0x7075) whose CRC matches `rawName` */
  unicodeName: Uint8Array | null;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  /** what the headers say; never trusted for limits */
  declaredSize: number;
  localOffset: number;
  /** the Unix file type and permissions (external attributes >>> 16); 0 when the archiver set none */
  unixMode: number;
}

const SIG_EOCD = 0x06054b50;
const SIG_EOCD64 = 0x06064b50;
const SIG_EOCD64_LOCATOR = 0x07064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;

const u16 = (d: Uint8Array, o: number) => d[o]! | (d[o + 1]! << 8);
const u32 = (d: Uint8Array, o: number) =>
  (d[o]! | (d[o + 1]! << 8) | (d[o + 2]! << 16) | (d[o + 3]! << 24)) >>> 0;
// a 64-bit field as a number: exact below 2^53, and anything near that is refused as too big anyway
const u64 = (d: Uint8Array, o: number) => u32(d, o) + u32(d, o + 4) * 0x100000000;

const invalid = (message: string) => failure('IO_ARCHIVE_INVALID', message);

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** CRC-32 (the zip one) of `data`, continuing from `crc` (0 to start) */
export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** where the end-of-central-directory record is: the last signature whose fields fit the file */
function findEnd(data: Uint8Array): number {
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= lowest; i--) {
    if (u32(data, i) === SIG_EOCD && i + 22 + u16(data, i + 20) <= data.length) return i;
  }
  throw invalid(
    data.length < 22
      ? `the archive is ${data.length} bytes: too short to be a zip file`
      : 'not a zip archive (no end of central directory record)',
  );
}

/**
 * The archive's entries, in central-directory order. Fails with IO_ARCHIVE_LIMIT when the archive
 * says it has more than `maxEntries` entries (before reading them), IO_ARCHIVE_INVALID when it is
 * not a zip file or its directory is damaged.
 */
export function readCentralDirectory(data: Uint8Array, maxEntries: number): ZipEntry[] {
  const end = findEnd(data);
  let count = u16(data, end + 10);
  let cdSize = u32(data, end + 12);
  let cdOffset = u32(data, end + 16);
  const disks = u16(data, end + 4) !== u16(data, end + 6) || u16(data, end + 8) !== count;
  const zip64 = count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff;
  if (zip64) {
    // Zip64: the locator sits just before the classic record
    const loc = end - 20;
    if (loc < 0 || u32(data, loc) !== SIG_EOCD64_LOCATOR)
      throw invalid('a Zip64 archive without its locator');
    const at = u64(data, loc + 8);
    if (at + 56 > data.length || u32(data, at) !== SIG_EOCD64) throw invalid('a damaged Zip64 end record');
    count = u64(data, at + 32);
    cdSize = u64(data, at + 40);
    cdOffset = u64(data, at + 48);
  } else if (disks) {
    throw invalid('a split (multi-disk) archive: only single-file archives are supported');
  }
  if (count > maxEntries) {
    throw failure(
      'IO_ARCHIVE_LIMIT',
      `the archive has ${count} entries, more than limits.maxArchiveEntries (${maxEntries})`,
    );
  }
  if (cdOffset + cdSize > data.length) throw invalid('the archive is truncated (its directory is missing)');

  const entries: ZipEntry[] = [];
  let p = cdOffset;
  const cdEnd = cdOffset + cdSize;
  // the classic count is 16 bits: an archive of 70,000 entries written without Zip64 records says
  // 4,464. The directory is read to its end, as Info-ZIP does, and the limit counts what is there.
  for (let index = 0; ; index++) {
    if (index >= count && (zip64 || p + 46 > cdEnd || u32(data, p) !== SIG_CENTRAL)) break;
    if (index >= maxEntries)
      throw failure(
        'IO_ARCHIVE_LIMIT',
        `the archive has more than ${maxEntries} entries, more than limits.maxArchiveEntries`,
      );
    if (p + 46 > cdEnd || u32(data, p) !== SIG_CENTRAL)
      throw invalid(`entry ${index + 1} of ${count}: damaged central directory`);
    const nameLen = u16(data, p + 28);
    const extraLen = u16(data, p + 30);
    const commentLen = u16(data, p + 32);
    const next = p + 46 + nameLen + extraLen + commentLen;
    if (next > cdEnd) throw invalid(`entry ${index + 1} of ${count}: damaged central directory`);
    const rawName = data.slice(p + 46, p + 46 + nameLen);
    let compressedSize = u32(data, p + 20);
    let declaredSize = u32(data, p + 24);
    let localOffset = u32(data, p + 42);
    let unicodeName: Uint8Array | null = null;
    // extra fields: Zip64 sizes (0x0001), the Info-ZIP Unicode path (0x7075)
    for (let e = p + 46 + nameLen; e + 4 <= p + 46 + nameLen + extraLen; ) {
      const id = u16(data, e);
      const size = u16(data, e + 2);
      const body = e + 4;
      if (body + size > p + 46 + nameLen + extraLen) break;
      if (id === 0x0001) {
        let q = body;
        const take = () => {
          if (q + 8 > body + size) throw invalid(`entry ${index + 1}: damaged Zip64 field`);
          const v = u64(data, q);
          q += 8;
          return v;
        };
        if (declaredSize === 0xffffffff) declaredSize = take();
        if (compressedSize === 0xffffffff) compressedSize = take();
        if (localOffset === 0xffffffff) localOffset = take();
      } else if (id === 0x7075 && size > 5 && data[body] === 1 && u32(data, body + 1) === crc32(rawName)) {
        unicodeName = data.slice(body + 5, body + size);
      }
      e = body + size;
    }
    entries.push({
      index,
      rawName,
      utf8: (u16(data, p + 8) & 0x0800) !== 0,
      unicodeName,
      flags: u16(data, p + 8),
      method: u16(data, p + 10),
      crc: u32(data, p + 16),
      compressedSize,
      declaredSize,
      localOffset,
      unixMode: u32(data, p + 38) >>> 16,
    });
    p = next;
  }
  // more records than the count says, other than by a wrapped 16-bit count: tools disagree on it
  if (entries.length !== count && (entries.length - count) % 0x10000 !== 0)
    throw invalid(`the archive says it has ${count} entries, its directory holds ${entries.length}`);
  return entries;
}

/** where an entry's compressed bytes are, from its local header */
function dataRange(data: Uint8Array, entry: ZipEntry, label: string): [number, number] {
  const at = entry.localOffset;
  if (at + 30 > data.length || u32(data, at) !== SIG_LOCAL)
    throw invalid(`${label}: no local header where the directory says (damaged or truncated archive)`);
  const start = at + 30 + u16(data, at + 26) + u16(data, at + 28);
  const end = start + entry.compressedSize;
  if (end > data.length) throw invalid(`${label}: the archive is truncated`);
  return [start, end];
}

/** compressed bytes pushed per step: at most ~1032 times as much comes out of one step */
const STEP = 4096;
/** stored entries are handed on in pieces of this size */
const STORED_PIECE = 65536;

const METHOD_NAMES: Record<number, string> = {
  1: 'shrink',
  6: 'implode',
  9: 'deflate64',
  12: 'bzip2',
  14: 'LZMA',
  93: 'Zstandard',
  95: 'XZ',
  98: 'PPMd',
};

/** refuses an entry this reader cannot decompress: encrypted, or a method other than stored and deflate */
export function checkSupported(entry: ZipEntry, label: string): void {
  if (entry.flags & 0x0001) throw invalid(`${label} is encrypted: encrypted archives are not supported`);
  if (entry.method !== 0 && entry.method !== 8) {
    const name = METHOD_NAMES[entry.method];
    throw invalid(
      `${label} uses compression method ${entry.method}${name ? ` (${name})` : ''}: only stored and deflate are supported`,
    );
  }
}

/**
 * Decompresses one entry, giving `sink` every piece of output as it comes out (in order, each piece
 * awaited before the next step). The sink counts and may throw to stop (a limit). At the end the
 * size and the CRC must match the directory's, or IO_ARCHIVE_INVALID. Returns the real size.
 */
export async function inflateEntry(
  data: Uint8Array,
  entry: ZipEntry,
  label: string,
  sink: (piece: Uint8Array) => void | Promise<void>,
): Promise<number> {
  checkSupported(entry, label);
  const [start, end] = dataRange(data, entry, label);
  let size = 0;
  let crc = 0;
  const give = async (piece: Uint8Array) => {
    if (piece.length === 0) return;
    size += piece.length;
    crc = crc32(piece, crc);
    await sink(piece);
  };
  if (entry.method === 0) {
    for (let at = start; at < end; at += STORED_PIECE)
      await give(data.subarray(at, Math.min(end, at + STORED_PIECE)));
  } else {
    let out: Uint8Array[] = [];
    const inflater = new Inflate((piece) => {
      out.push(piece);
    });
    let at = start;
    do {
      const next = Math.min(end, at + STEP);
      try {
        inflater.push(data.subarray(at, next), next === end);
      } catch (err) {
        throw invalid(`${label}: damaged compressed data (${(err as Error).message})`);
      }
      at = next;
      const pieces = out;
      out = [];
      for (const piece of pieces) await give(piece);
    } while (at < end);
  }
  if (size !== entry.declaredSize)
    throw invalid(`${label}: ${size} bytes came out where the archive says ${entry.declaredSize}`);
  if (crc !== entry.crc) throw invalid(`${label}: CRC mismatch (damaged data)`);
  return size;
}
