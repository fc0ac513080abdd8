/**
 * One CSV row as PHP 8.2's `fputcsv()` writes it (ext/standard/file.c, php_fputcsv), minus the line
 * break: `write_file` with an array value writes exactly this, and templates append "\n" themselves.
 *
 * PHP's rules, byte for byte:
 * - fields are joined with the separator (default `,`);
 * - a field is enclosed when it contains the separator, the enclosure (`"`), the escape character
 *   (`\`, unless escape is ''), a line feed, a carriage return, a tab or a space; other fields
 *   (the empty one included) are written as they are;
 * - inside an enclosed field an enclosure character is doubled, except right after the escape
 *   character (a run of escape characters keeps that state): `a\"b` stays `"a\"b"`, as PHP writes it;
 * - nothing else is escaped: a vertical tab, a form feed or a NUL byte is written bare.
 *
 * Strings here are Sumi's PHP strings (see @sumi/php binary-string): every character that matters
 * is ASCII, so scanning UTF-16 code units finds the same positions as PHP scanning bytes.
 */

export interface CsvRowOptions {
  /** one character; default ',' */
  separator?: string;
  /** one character; default '"' */
  enclosure?: string;
  /** one character, or '' for none (PHP 7.4+); default '\\' */
  escape?: string;
}

/** fputcsv's row, without the end of line */
export function csvRow(fields: readonly string[], options: CsvRowOptions = {}): string {
  const sep = options.separator ?? ',';
  const enc = options.enclosure ?? '"';
  const esc = options.escape ?? '\\';
  if (sep.length !== 1) throw new RangeError('csvRow: the separator must be one character');
  if (enc.length !== 1) throw new RangeError('csvRow: the enclosure must be one character');
  if (esc.length > 1) throw new RangeError('csvRow: the escape must be one character or empty');
  let out = '';
  for (let i = 0; i < fields.length; i++) {
    if (i > 0) out += sep;
    out += csvField(fields[i]!, sep, enc, esc);
  }
  return out;
}

function needsEnclosure(field: string, sep: string, enc: string, esc: string): boolean {
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!;
    if (c === sep || c === enc || (esc !== '' && c === esc)) return true;
    if (c === '\n' || c === '\r' || c === '\t' || c === ' ') return true;
  }
  return false;
}

function csvField(field: string, sep: string, enc: string, esc: string): string {
  if (!needsEnclosure(field, sep, enc, esc)) return field;
  let out = enc;
  let escaped = false;
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!;
    if (esc !== '' && c === esc) escaped = true;
    else if (!escaped && c === enc) out += enc;
    else escaped = false;
    out += c;
  }
  return out + enc;
}
