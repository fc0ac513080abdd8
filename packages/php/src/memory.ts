/**
 * How much memory PHP would use for values: what the memory budget compares with its limit
 * (PHP's memory_limit). The sizes are PHP 8's on 64-bit: a zend_string is 24 bytes of header plus
 * its bytes, an array 56 bytes plus a 32-byte bucket per element (scalars live in the bucket).
 * A string counts one byte per UTF-16 unit; arrays shared by copy-on-write count once, like PHP's
 * refcounted arrays. Equal strings of 64 to 4096 characters count once: one label appended to a
 * million rows is one string in PHP (refcounted) as in JavaScript. Longer strings count each time
 * they are held (looking them up would flatten every rope, building the very memory being
 * measured), which can only overstate what PHP uses.
 */
import { type ArrayStore, isPlainData, PhpArray, type View } from './array';
import { stringKey } from './key';
import { PhpObject } from './object';
import type { Value } from './value';

export const STRING_HEADER_BYTES = 24;
export const ARRAY_HEADER_BYTES = 56;
export const ARRAY_ELEMENT_BYTES = 32;
/** strings in this range count once however often they are held (see above) */
const SHARED_MIN = 64;
const SHARED_MAX = 4096;

/**
 * The sizes of arrays measured while shared (copy-on-write: a store with more than one handle is
 * never changed in place, so neither is its size). Weak: it holds no array alive.
 */
const SHARED = new WeakMap<ArrayStore, number>();

/**
 * The estimated bytes of `roots` and everything they hold. Stops counting once the total passes
 * `stopAbove` (the caller only needs to know that it did), so a check costs at most the budget's
 * worth of walking.
 */
export function estimateBytes(roots: Iterable<Value>, stopAbove = Number.POSITIVE_INFINITY): number {
  return walk(roots, stopAbove, true);
}

const hasOwn = Object.prototype.hasOwnProperty;

type Source = View['src'];
type Other = View['other'];

/** levels walked at once, by recursion; deeper ones go on the stack */
const SHALLOW = 32;

function walk(roots: Iterable<Value>, stopAbove: number, remember: boolean): number {
  const seen = new Set<ArrayStore>();
  const strings = new Set<string>();
  const stack: PhpArray[] = [];
  // the caller's JS data that views read in place (see PhpArray.view), counted as the arrays they
  // stand for: a stack of (source, depth) and the path of sources down to the one being walked, so
  // data that contain themselves are walked once around the cycle, not forever
  const sourceStack: (Source | number)[] = [];
  const path: Source[] = [];
  // the holders below SHALLOW levels are also in a set (a scan of the path would make a chain of
  // n levels cost n²); they are walked from the stack, in order, so the set follows the path exactly
  const deepPath = new Set<Source>();
  let deepLength = 0;
  let other: Other = (v) => v as Value;
  let inherited = false;
  for (const _ in Object.prototype) {
    inherited = true;
    break;
  }
  let total = 0;
  // a string's bytes, or 0 when it is one of the shared ones already counted
  const stringBytes = (v: string): number => {
    if (v.length >= SHARED_MIN && v.length <= SHARED_MAX) {
      if (strings.has(v)) return 0;
      strings.add(v);
    }
    return STRING_HEADER_BYTES + v.length;
  };
  const visit = (v: Value): void => {
    if (typeof v === 'string') {
      total += stringBytes(v);
      return;
    }
    if (v instanceof PhpObject) v = v.props;
    if (v instanceof PhpArray) {
      const st = v.st;
      if (seen.has(st)) return;
      seen.add(st);
      // a view's content is its source's until its first change, which builds the store
      if (st.view !== null) {
        other = st.view.other;
        sourceStack.push(st.view.src, 0);
      } else {
        total += ARRAY_HEADER_BYTES + v.size * ARRAY_ELEMENT_BYTES;
        stack.push(v);
      }
    }
  };
  // the bytes of a nested object or array of a source at `depth` (what goes to `visit` or on the
  // source stack is counted there)
  const nested = (x: object, depth: number): number => {
    if (!isPlainData(x)) {
      visit(other(x));
      return 0;
    }
    const top = depth < SHALLOW ? depth : SHALLOW - 1;
    for (let i = 0; i <= top; i++) if (path[i] === x) return 0;
    if (depth >= SHALLOW && deepPath.has(x)) return 0;
    // shallow levels are walked at once (no stack traffic for the rows of a list); deep ones go on
    // the stack, so the data's depth never becomes the call stack's
    if (depth + 1 < SHALLOW) return walkSource(x, depth + 1);
    sourceStack.push(x, depth + 1);
    return 0;
  };
  // the bytes of one object of the data and what it holds; summed in a local, since this runs once
  // per object of the data and `total` lives in this closure's context
  const walkSource = (src: Source, depth: number): number => {
    // path[0..depth] are this source and its holders (entries past them are stale, never read)
    if (depth >= SHALLOW) {
      // the entries from this depth down are a walked subtree's: this source takes their place
      for (; deepLength > depth; deepLength--) deepPath.delete(path[deepLength - 1]!);
      deepPath.add(src);
      deepLength = depth + 1;
    }
    path[depth] = src;
    return Array.isArray(src) ? listBytes(src, depth) : objectBytes(src, depth);
  };
  const listBytes = (src: unknown[], depth: number): number => {
    let bytes = ARRAY_HEADER_BYTES + src.length * ARRAY_ELEMENT_BYTES;
    for (let i = 0; i < src.length; i++) {
      const x = src[i];
      if (typeof x === 'string') bytes += stringBytes(x);
      else if (typeof x === 'object' && x !== null) bytes += nested(x, depth);
      else if (typeof x === 'bigint') visit(other(x));
    }
    return bytes;
  };
  // for-in allocates no key list (Object.keys does, once per object of the data); it also lists
  // what Object.prototype was given as enumerable, so then each name is checked as the view does
  const objectBytes = (src: Record<string, unknown>, depth: number): number => {
    let bytes = 0;
    let n = 0;
    for (const name in src) {
      if (inherited && !hasOwn.call(src, name)) continue;
      n++;
      if (typeof stringKey(name) === 'string') bytes += STRING_HEADER_BYTES + name.length;
      const x = src[name];
      if (typeof x === 'string') bytes += stringBytes(x);
      else if (typeof x === 'object' && x !== null) bytes += nested(x, depth);
      else if (typeof x === 'bigint') visit(other(x));
    }
    return bytes + ARRAY_HEADER_BYTES + n * ARRAY_ELEMENT_BYTES;
  };
  for (const v of roots) {
    // a shared array (the data passed in, a variable's copy of them) cannot change while shared:
    // its size is counted once and remembered
    if (remember && v instanceof PhpArray && v.st.refs > 1) {
      const st = v.st;
      if (seen.has(st)) continue;
      seen.add(st);
      let size = SHARED.get(st);
      if (size === undefined) {
        size = walk([v], Number.POSITIVE_INFINITY, false);
        SHARED.set(st, size);
      }
      total += size;
      if (total > stopAbove) break;
      continue;
    }
    visit(v);
    // arrays are walked with a stack: nesting depth is the data's, not the call stack's
    while ((stack.length > 0 || sourceStack.length > 0) && total <= stopAbove) {
      if (sourceStack.length > 0) {
        const depth = sourceStack.pop() as number;
        // summed apart: the walk adds what `visit` counts (a Map, a Date...) to `total` itself
        const bytes = walkSource(sourceStack.pop() as Source, depth);
        total += bytes;
        continue;
      }
      const a = stack.pop()!;
      const s = a.s;
      if (s.keys !== null) {
        for (const k of s.keys) if (typeof k === 'string') total += STRING_HEADER_BYTES + k.length;
      }
      // a short string is counted here: a list of a million of them is most of what a batch holds
      const vals = s.vals;
      for (let i = 0; i < vals.length; i++) {
        const x = vals[i];
        if (typeof x === 'string') total += stringBytes(x);
        else if (typeof x === 'object') visit(x);
      }
    }
    if (total > stopAbove) break;
  }
  return total;
}
