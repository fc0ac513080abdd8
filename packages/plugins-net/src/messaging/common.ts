/** What the messaging plugins share: text of attribute values, list attributes, redaction. */
import { PhpArray, toStr, type Value } from '@sumi/php';

/** a scalar attribute as text ('' when absent or null) */
export const text = (v: Value | undefined): string => (v === undefined || v === null ? '' : toStr(v));

/** an attribute given as an array or as a comma-separated string: its non-empty items, trimmed */
export function listOf(v: Value | undefined): string[] {
  const items = v instanceof PhpArray ? v.values().map((x) => text(x)) : text(v).split(',');
  return items.map((s) => s.trim()).filter((s) => s !== '');
}

/** `s` with every occurrence of each secret replaced by *** */
export function redact(s: string, secrets: readonly (string | undefined)[]): string {
  let out = s;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('***');
  return out;
}

/** true when `s` holds a CR, LF or NUL (a header or address that would inject lines) */
export const hasLineBreak = (s: string): boolean => /[\r\n\0]/.test(s);
