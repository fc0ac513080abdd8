/**
 * What the data plugins share: the store of the render's site, ids and languages as the store takes
 * them, and one way to report a record that is not there.
 *
 * The rule every data plugin follows (the docs’ site-folder guide, "When there is no record"):
 *   - `var` always gets a value of the plugin's result type: the record or list, or when there is
 *     none an empty array (detail and list plugins), "" (assign_group_nm), 0 (counts), false
 *     (update_counter);
 *   - a record that does not exist is logged at warn level, code IO_NO_RECORD (data, not a bug in
 *     the template: a deleted item, an id from a request);
 *   - a record that exists but is closed, outside its open period or not visible to the member is
 *     logged at info level, code IO_NOT_VISIBLE (that is what the check is for);
 *   - anything else (a malformed fixture, a bad filter or order, a missing required value) is a
 *     failure: logged at error level with its code by `attempt`.
 */
import { fromJS, PhpArray, toStr, type Value } from '@sumi/php';
import type { RenderContext } from '@sumi/runtime';
import type { ContentStore, ContentValue, Found } from '../content/types';
import { failure } from '../failure';
import { siteOf } from '../site';

export const DATA_GROUP = 'Data retrieval' as const;

/** the module types of favourites and comments (the catalog's list) */
export const MODULE_TYPES = ['topics', 'comment', 'member', 'tag', 'csvtable', 'ec_product'] as const;

export function storeOf(ctx: RenderContext): ContentStore {
  return siteOf(ctx).content;
}

/**
 * An id attribute as the store takes it: a positive integer, or null when the value cannot name a
 * record (0, negative, beyond 2^53: the cast of "__proto__" or of 1e30).
 */
export function recordId(v: Value | undefined): number | null {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null;
}

/** a required id: IO_MISSING_ATTRIBUTE when absent (null counts as absent) */
export function requireId(v: Value | undefined, attribute: string): Value {
  if (v === undefined || v === null) throw failure('IO_MISSING_ATTRIBUTE', `'${attribute}' is required`);
  return v;
}

/** `lang` as the store takes it: undefined for absent or "" (the default language) */
export function langOf(v: Value | undefined): string | undefined {
  if (v === undefined || v === null || v === false) return undefined;
  const s = toStr(v);
  return s === '' ? undefined : s;
}

/** logs a lookup that found nothing: warn IO_NO_RECORD, or info IO_NOT_VISIBLE */
export function reportNotFound(ctx: RenderContext, plugin: string, f: Found<unknown>): void {
  if (f.ok) return;
  if (f.reason === 'missing') ctx.log('warn', f.message, plugin, 'IO_NO_RECORD');
  else ctx.log('info', f.message, plugin, 'IO_NOT_VISIBLE');
}

/** the "no record" log for an id that cannot name one */
export function reportBadId(ctx: RenderContext, plugin: string, what: string, v: Value | undefined): void {
  ctx.log('warn', `${what} ${toStr(v ?? null)} does not exist`, plugin, 'IO_NO_RECORD');
}

/**
 * A required id attribute as a record id: IO_MISSING_ATTRIBUTE when absent; null (with the "no
 * record" log) when it cannot name a record.
 */
export function idOf(
  ctx: RenderContext,
  plugin: string,
  v: Value | undefined,
  attribute: string,
  what: string,
): number | null {
  const raw = requireId(v, attribute);
  const id = recordId(raw);
  if (id === null) reportBadId(ctx, plugin, what, raw);
  return id;
}

/** a record or list as a PHP value (keys in the record's order) */
export function toPhp(v: ContentValue | readonly ContentValue[]): Value {
  return fromJS(v);
}

export const emptyArray = (): PhpArray => new PhpArray();

/** counts `n` rows against the render's maxListedEntries budget */
export function spendRows(ctx: RenderContext, n: number): void {
  if (n > 0) ctx.spend('maxListedEntries', n);
}
