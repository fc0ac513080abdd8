/** Byte buffers. */

/** the chunks as one buffer (`total`: their length, when known); one chunk is returned as it is */
export function concat(chunks: readonly Uint8Array[], total?: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total ?? chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
