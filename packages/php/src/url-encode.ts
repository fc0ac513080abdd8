/** PHP's URL encoding of the bytes a string stands for: the PHP functions and Smarty's |escape:url use it. */
import { toBinary } from './binary-string';

/**
 * urlencode() (`raw` false): alphanumerics and `-_.` stay, space becomes `+`, every other byte `%XX`;
 * rawurlencode() (`raw` true): RFC 3986, so `~` stays too and space is `%20`.
 */
export function urlencodeBytes(s: string, raw: boolean): string {
  const b = toBinary(s);
  let out = '';
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
      out += b[i];
    } else if (c === 0x20 && !raw) {
      out += '+';
    } else {
      out += `%${c < 16 ? '0' : ''}${c.toString(16).toUpperCase()}`;
    }
  }
  return out;
}
