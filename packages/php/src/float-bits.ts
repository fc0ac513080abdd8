/** The exact binary value of a double, for the exact-decimal checks of float printing and formatting. */

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** x = m × 2^e for finite x > 0 */
export function decompose(x: number): [bigint, number] {
  f64[0] = x;
  const hi = LITTLE ? u32[1] : u32[0];
  const lo = LITTLE ? u32[0] : u32[1];
  const bexp = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (bexp === 0) return [m, -1074];
  m |= 1n << 52n;
  return [m, bexp - 1075];
}
