/**
 * Reading values the way compiled templates do: `$a.b`, `$a[0]`, `$a->p`.
 * Undefined keys read as null, through any chain, without a warning (the
 * CMS's rule). Only Sumi arrays and objects are ever indexed, so no JS
 * property (constructor, __proto__) is reachable.
 */

import type { Value } from '@sumi/php';
import { findKey, fromBytes, isAsciiString, PhpArray, PhpObject, toBytes } from '@sumi/php';

/**
 * Reads never copy (`peek`): whatever stores or changes a value (assign,
 * foreach, plugins, modifiers) copies it first, as PHP's by-value rules say.
 */
export function key(v: Value, k: Value): Value {
  if (v instanceof PhpArray) {
    const r = v.peek(k as string | number);
    return r === undefined ? null : r;
  }
  if (typeof v === 'string') return stringOffset(v, k);
  return null;
}

/** a read site's memory of where its key was last found */
export interface KeySite {
  i: number;
}

/**
 * `key` for a constant key in canonical form (see PhpArray.peekKey), with a
 * per-site cache: records of one JSON list share their key order, so the
 * position found for the previous row is checked first and the map lookup
 * is skipped. The check reads the key at that position, so it is always right.
 */
export function keyC(v: Value, k: string | number, site: KeySite): Value {
  if (v instanceof PhpArray) {
    const s = v.s;
    const keys = s.keys;
    if (keys === null) {
      if (typeof k !== 'number' || k < 0 || k >= s.vals.length) return null;
      return s.vals[k]!;
    }
    const i = site.i;
    if (keys[i] === k) return s.vals[i]!;
    const j = findKey(s, k);
    if (j < 0) return null;
    site.i = j;
    return s.vals[j]!;
  }
  if (typeof v === 'string') return stringOffset(v, k);
  return null;
}

export function prop(v: Value, name: string): Value {
  if (v instanceof PhpObject) {
    const r = v.props.get(name);
    return r === undefined ? null : r;
  }
  return null;
}

/** `"abc"[1]` is "b": PHP string offsets count bytes (one byte of a multibyte character is a raw byte, see binary-string.ts) */
function stringOffset(s: string, k: Value): Value {
  let i: number;
  if (typeof k === 'number' && Number.isInteger(k)) i = k;
  else if (typeof k === 'string' && /^-?\d+$/.test(k)) i = Number(k);
  else return null;
  if (isAsciiString(s)) {
    if (i < 0) i += s.length;
    return i >= 0 && i < s.length ? s[i]! : null;
  }
  const bytes = toBytes(s);
  if (i < 0) i += bytes.length;
  if (i < 0 || i >= bytes.length) return null;
  return fromBytes(bytes.subarray(i, i + 1));
}
