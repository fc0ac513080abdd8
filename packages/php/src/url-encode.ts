/** PHP's URL encoding of the bytes a string stands for: the PHP functions and Smarty's |escape:url use it. */
import { toBinary } from './binary-string';
import { StringBuilder } from './host';

/** `%XX` of every byte */
const HEX_ESCAPES: readonly string[] = Array.from(
  { length: 256 },
  (_, c) => `%${c < 16 ? '0' : ''}${c.toString(16).toUpperCase()}`,
);

/**
 * urlencode() (`raw` false): alphanumerics and `-_.` stay, space becomes `+`, every other byte `%XX`;
 * rawurlencode() (`raw` true): RFC 3986, so `~` stays too and space is `%20`.
 */
export function urlencodeBytes(s: string, raw: boolean): string {
  const b = toBinary(s);
  // bytes that stay are copied as runs; the result is built within the string cap
  const out = new StringBuilder();
  let last = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (
      (c >= 0x30 && c <= 0x39) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      c === 0x2d ||
      c === 0x2e ||
      c === 0x5f ||
      (raw && c === 0x7e)
    ) {
      continue;
    }
    if (last < i) out.add(b.slice(last, i));
    out.add(c === 0x20 && !raw ? '+' : HEX_ESCAPES[c]);
    last = i + 1;
  }
  if (last === 0) return b;
  if (last < b.length) out.add(b.slice(last));
  return out.toString();
}
