/**
 * PHP 8's substr() arithmetic, shared by the byte functions (substr, |truncate, debug_print_var),
 * mb_substr and array_slice: a negative offset or length counts from the end, an offset past the end
 * takes nothing.
 */

/** The [start, end) that substr($s, $offset, $length) takes from `size` units. */
export function substrRange(size: number, offset: number, length?: number | null): [number, number] {
  const from = offset < 0 ? Math.max(0, size + offset) : offset;
  if (from > size) return [size, size];
  if (length === null || length === undefined) return [from, size];
  return [from, length < 0 ? Math.max(from, size + length) : Math.min(size, from + length)];
}

/** substr() on a byte string (one char per byte). */
export function substrBytes(b: string, offset: number, length?: number | null): string {
  const [start, end] = substrRange(b.length, offset, length);
  return b.slice(start, end);
}
