/**
 * Reading values the way compiled templates do: `$a.b`, `$a[0]`, `$a->p`.
 * Undefined keys read as null, through any chain, without a warning (the
 * CMS's rule). Only Sumi arrays and objects are ever indexed, so no JS
 * property (constructor, __proto__) is reachable.
 *
 * Off the array fast path PHP 8.2's rules apply: a string offset needs an integer key
 * (`{$s.x}` on a string throws PHP's TypeError), an array or object key is illegal, an object is
 * not an array. `isset()` reads with the `Q` variants, which never throw where isset() does not.
 */

import type { RowCursor, Value } from '@sumi/php';
import {
  findKey,
  issetStringOffset,
  objectAsArrayError,
  PhpArray,
  PhpError,
  PhpFloat,
  PhpObject,
  readStringOffset,
  readsInPlace,
} from '@sumi/php';

/** an array or object used as a key: PHP refuses it (a float key is a PhpFloat, an ordinary key) */
function isIllegalKey(k: Value): boolean {
  return typeof k === 'object' && k !== null && !(k instanceof PhpFloat);
}

/** `$v[$k]` where `$v` is not an array */
function offsetOfScalar(v: Value, k: Value): Value {
  if (typeof v === 'string') return readStringOffset(v, k);
  if (v instanceof PhpObject) throw objectAsArrayError(v);
  return null;
}

/**
 * Reads never copy (`peek`): whatever stores or changes a value (assign,
 * foreach, plugins, modifiers) copies it first, as PHP's by-value rules say.
 */
export function key(v: Value, k: Value): Value {
  if (v instanceof PhpArray) {
    const r = v.peek(k as string | number);
    if (r !== undefined) return r;
    if (isIllegalKey(k)) throw new PhpError('TypeError', 'Illegal offset type');
    return null;
  }
  return offsetOfScalar(v, k);
}

/**
 * `key(v, k)` for a section's row that is read only by field (CodegenState.sectionRow): a row of the
 * caller's plain list is read through the loop's cursor (PhpArray.rowAt, position k of a list is key
 * k); `cur` is null where the row is read whole.
 */
export function rowIn(v: Value, k: Value, cur: RowCursor | null): Value {
  if (cur !== null && v instanceof PhpArray && typeof k === 'number') {
    const view = v.st.view;
    if (view?.list && k >= 0 && k < (view.src as unknown[]).length) return v.rowAt(k, cur);
  }
  return key(v, k);
}

/** a read site's memory of where its key was last found */
export interface KeySite {
  i: number;
  /** a field reader's key list (see CodegenState.fieldReader, @sumi/php's shapeHas); every site has it, so all share one shape */
  sh: object | null;
}

/**
 * `key` for a constant key in canonical form (see PhpArray.peekKey), with a
 * per-site cache: records of one JSON list share their key order, so the
 * position found for the previous row is checked first and the map lookup
 * is skipped. The check reads the key at that position, so it is always right.
 */
export function keyC(v: Value, k: string | number, site: KeySite): Value {
  if (v instanceof PhpArray) {
    let s = v.st;
    if (s.view !== null) {
      // the caller's data, read in place: a list by position, a big map by name; a record-like
      // object is built once (its keys shared with the rows before it), so this site's position
      // cache works on it as on any array
      if (readsInPlace(s.view)) {
        const r = v.peekKey(k);
        return r === undefined ? null : r;
      }
      s = v.s;
    }
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
  return offsetOfScalar(v, k);
}

/**
 * `key` inside `isset()`: null for anything not set, string offsets included ("abc"[5], "abc"["x"]);
 * PHP's isset() still refuses an array key of an array and an object used as an array.
 */
export function keyQ(v: Value, k: Value): Value {
  if (v instanceof PhpArray) {
    const r = v.peek(k as string | number);
    if (r !== undefined) return r;
    if (isIllegalKey(k)) throw new PhpError('TypeError', 'Illegal offset type in isset or empty');
    return null;
  }
  if (typeof v === 'string') return issetStringOffset(v, k);
  if (v instanceof PhpObject) throw objectAsArrayError(v);
  return null;
}

export function prop(v: Value, name: string): Value {
  if (v instanceof PhpObject) {
    const r = v.props.get(name);
    return r === undefined ? null : r;
  }
  return null;
}
