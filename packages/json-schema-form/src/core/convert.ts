import { localToRfc3339, rfc3339ToLocal } from './zone';

/**
 * Value ↔ control conversions. `nullable` is whether the field's type allows null: only then does an
 * emptied control save null; otherwise a string saves '' and a number leaves its key out.
 */

/** What an emptied control saves. */
export function emptyValue(kind: 'string' | 'number', nullable: boolean): unknown {
  if (nullable) return null;
  return kind === 'string' ? '' : undefined;
}

/** A text control's value from a string field's text. */
export function fromText(text: string, nullable: boolean): string | null {
  return text === '' && nullable ? null : text;
}

/** A number input's text as the value: a number, empty, or the text itself when it is not a number (so validation names it). */
export function fromNumberText(text: string, nullable: boolean): unknown {
  const t = text.trim();
  if (t === '') return emptyValue('number', nullable);
  const n = Number(t);
  return Number.isFinite(n) ? n : text;
}

export function toNumberText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** An array as a comma-separated list; a comma or backslash inside an item is escaped with a backslash. */
export function toCommaList(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value.map((v) => String(v ?? '').replace(/[\\,]/g, '\\$&')).join(', ');
}

/** A comma-separated list as an array: items trimmed, empty ones dropped, numbers read for number items. */
export function fromCommaList(text: string, itemType: 'string' | 'number' | 'integer' = 'string'): unknown[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) current += text[++i];
    else if (c === ',') {
      items.push(current);
      current = '';
    } else current += c;
  }
  items.push(current);
  const trimmed = items.map((s) => s.trim()).filter((s) => s !== '');
  if (itemType === 'string') return trimmed;
  return trimmed.map((s) => (Number.isFinite(Number(s)) ? Number(s) : s));
}

/** A stored date-time as the `datetime-local` input shows it in `zone`. */
export function toDateTimeInput(value: unknown, zone: string): string {
  return typeof value === 'string' ? rfc3339ToLocal(value, zone) : '';
}

/** A `datetime-local` input's value as RFC 3339 with the zone's explicit offset; empty → `emptyValue`. */
export function fromDateTimeInput(local: string, zone: string, nullable: boolean): string | null {
  if (local === '') return nullable ? null : '';
  return localToRfc3339(local, zone) || local;
}
