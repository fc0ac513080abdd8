/** PHP 8 substr() on a byte string (one char per byte): the PHP function, truncate and debug_print_var use it. */
export function substrBytes(b: string, offset: number, length?: number | null): string {
  const len = b.length;
  let f = offset;
  if (f > len) return '';
  if (f < 0) f = -f > len ? 0 : len + f;
  let l: number;
  if (length === null || length === undefined) l = len - f;
  else if (length < 0) l = -length > len - f ? 0 : len - f + length;
  else l = Math.min(length, len - f);
  return b.slice(f, f + l);
}
