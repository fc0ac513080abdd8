/**
 * A zip writer for tests that says exactly what it is told: raw name bytes, any flags, any method,
 * any declared sizes, Unix modes. Hostile archives (zip slip, lying headers, links, duplicates)
 * are made with it; well-formed ones come from fflate or Info-ZIP.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { deflateSync } from 'fflate';
import { crc32 } from '../src/archives/zip-format';

export interface RawEntry {
  name: string | Uint8Array;
  data?: string | Uint8Array;
  /** general-purpose flags; bit 11 (UTF-8) is set for string names with non-ASCII characters */
  flags?: number;
  /** 0 stored, 8 deflate (default) */
  method?: number;
  /** already compressed bytes to store as they are (with `size` and `crc` given) */
  compressed?: Uint8Array;
  size?: number;
  crc?: number;
  /** overrides the uncompressed size written in both headers */
  declaredSize?: number;
  /** Unix mode (external attributes >>> 16), e.g. 0o120777 for a link */
  mode?: number;
  /** extra field bytes for the central record */
  extra?: Uint8Array;
}

const enc = new TextEncoder();
const bytes = (d: string | Uint8Array | undefined) =>
  typeof d === 'string' ? enc.encode(d) : (d ?? new Uint8Array());

function u16(v: number) {
  return [v & 0xff, (v >>> 8) & 0xff];
}
function u32(v: number) {
  return [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
}

function join(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function rawZip(entries: readonly RawEntry[], options: { truncateTo?: number } = {}): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: number[][] = [];
  let offset = 0;
  for (const e of entries) {
    const name = bytes(e.name);
    const nonAscii = typeof e.name === 'string' && /[^\x00-\x7f]/.test(e.name);
    const flags = e.flags ?? (nonAscii ? 0x0800 : 0);
    const method = e.method ?? 8;
    const data = bytes(e.data);
    const compressed = e.compressed ?? (method === 8 ? deflateSync(data) : data);
    const size = e.declaredSize ?? e.size ?? data.length;
    const crc = e.crc ?? crc32(data);
    const extra = e.extra ?? new Uint8Array();
    const head = [...u16(20), ...u16(flags), ...u16(method), ...u16(0), ...u16(0x5d41), ...u32(crc)];
    const sizes = [...u32(compressed.length), ...u32(size)];
    const local = join([
      Uint8Array.from([...u32(0x04034b50), ...head, ...sizes, ...u16(name.length), ...u16(0)]),
      name,
      compressed,
    ]);
    const central = [
      ...u32(0x02014b50),
      ...u16((3 << 8) | 20),
      ...head,
      ...sizes,
      ...u16(name.length),
      ...u16(extra.length),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u32(((e.mode ?? 0o100644) << 16) >>> 0),
      ...u32(offset),
      ...name,
      ...extra,
    ];
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const cd = centrals.flat();
  const end = [
    ...u32(0x06054b50),
    ...u16(0),
    ...u16(0),
    ...u16(entries.length),
    ...u16(entries.length),
    ...u32(cd.length),
    ...u32(offset),
    ...u16(0),
  ];
  const all = join([...locals, Uint8Array.from(cd), Uint8Array.from(end)]);
  return options.truncateTo === undefined ? all : all.slice(0, options.truncateTo);
}

/**
 * A deflate stream of `mib` MiB of zeros, about 1 KiB per MiB, made without holding the data: one
 * MiB compressed with a full flush (byte-aligned, self-contained), repeated, then an empty final
 * block. Returns the stream and the CRC of the whole (0 when `withCrc` is false: a 1 GiB CRC takes
 * seconds, and a test that stops early never reaches it).
 */
export function zeroBomb(mib: number, withCrc = true): { compressed: Uint8Array; size: number; crc: number } {
  const zeros = new Uint8Array(1024 * 1024);
  const block = new Uint8Array(deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH }));
  const compressed = new Uint8Array(block.length * mib + 2);
  for (let i = 0; i < mib; i++) compressed.set(block, i * block.length);
  compressed.set([0x03, 0x00], block.length * mib); // a final, empty fixed-Huffman block
  let crc = 0;
  if (withCrc) for (let i = 0; i < mib; i++) crc = crc32(zeros, crc);
  return { compressed, size: mib * 1024 * 1024, crc };
}
