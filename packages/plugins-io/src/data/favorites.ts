/** What assign_favorite_cnt and assign_my_favorite_cnt share. */
import { toStr, type Value } from '@sumi/php';
import { failure } from '../failure';
import { MODULE_TYPES, recordId } from './common';

/** the cookie that identifies a visitor who likes without logging in (assign_my_favorite_cnt cookie_flg) */
export const FAVORITE_COOKIE = 'sumi_favorite_key';

export function moduleTypeOf(v: Value | undefined): string {
  const t = toStr(v ?? 'topics');
  if (!(MODULE_TYPES as readonly string[]).includes(t))
    throw failure(
      'IO_BAD_VALUE',
      `module_type ${JSON.stringify(t)} is not one of ${MODULE_TYPES.join(', ')}`,
    );
  return t;
}

/** module_id: undefined when absent; null when it cannot name a record */
export function moduleIdOf(v: Value | undefined): number | undefined | null {
  return v === undefined ? undefined : recordId(v);
}
