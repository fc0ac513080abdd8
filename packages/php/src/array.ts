/**
 * PHP arrays: one ordered map type with value semantics.
 *
 * Layout (like PHP's own HashTable): while the keys are exactly 0..n-1 the
 * array is "packed" (a plain JS array of values); the first other operation
 * switches it to "hash" mode (parallel key/value arrays in insertion order
 * plus a Map from key to position; deletions leave holes that are compacted
 * lazily).
 *
 * Value semantics and copy-on-write: a `PhpArray` object is a *handle* (a PHP
 * variable or array slot holding an array). Handles share a `Store`; `clone()`
 * is O(1) (it bumps the store's share count) and the first write through a
 * handle whose store is shared copies the store. Rules for callers:
 *
 * - Reading a nested array (`get`, `valueAt`, `values`, `entries`, `forEach`)
 *   gives the slot's handle when this array is exclusive, or a COW copy when its
 *   storage is shared, so `child = a.get(k); child.set(...); a.set(k, child)`
 *   (PHP's `$a[k][..] = ..`) is always safe. `getMut(key)` does the same in one
 *   step without the final `set`. Don't keep such a handle and modify it later
 *   without setting it back.
 * - `set()` / `push()` *move* the given value in. When you store an array that
 *   also stays reachable elsewhere (another variable, another slot), store
 *   `copyValue(v)` / `v.clone()` instead, exactly where PHP would copy.
 * - Iterating while the same handle is modified: iterate a `clone()` (PHP's
 *   foreach by value iterates a copy too).
 *
 * Missing keys: `get()` returns `undefined` (use `read()` for null).
 * Keys `__proto__`, `constructor`, ... are ordinary keys: no plain objects are used.
 */
import { PhpError } from './errors';
import { allowArray, charge, growArray } from './host';
import { type Key, stringKey, toKey } from './key';
import { PhpFloat, type Value } from './value';

export type { Key } from './key';

/** marks a deleted slot in hash mode */
const HOLE = Symbol('hole') as unknown as Value;

/** @internal storage shared between handles */
export class ArrayStore {
  /** null while packed (keys are 0..vals.length-1) */
  keys: Key[] | null;
  vals: Value[];
  /**
   * key → position in keys/vals, in hash mode once the array has more than SMALL keys; a smaller
   * array finds a key by scanning `keys` (no Map to allocate for each record-like array)
   */
  index: Map<Key, number> | null;
  /** deleted slots in keys/vals (hash mode only) */
  holes: number;
  /** the key push() uses: max int key + 1 (PHP 8: also when negative), 0 while no int key was ever used */
  next: number;
  /** an int key was used (PHP's nNextFreeElement != ZEND_LONG_MIN) */
  hasInt: boolean;
  /** number of handles sharing this store (never decremented when a handle is dropped: safe, may copy once too often) */
  refs: number;
  /**
   * `keys` and `index` are shared with other stores (copies of one array, rows of one table with the
   * same keys in the same order): read them freely, but `ownKeys()` before adding or removing a key.
   */
  sharedKeys: boolean;
  /**
   * While set, this store reads through the caller's JS data (see `PhpArray.view`): `keys` and
   * `vals` are unused until the first operation that needs them builds them (`materialize`).
   */
  view: View | null;

  constructor(keys: Key[] | null, vals: Value[], index: Map<Key, number> | null, next: number) {
    this.keys = keys;
    this.vals = vals;
    this.index = index;
    this.holes = 0;
    this.next = next;
    this.hasInt = next !== 0;
    this.refs = 1;
    this.sharedKeys = false;
    this.view = null;
  }
}

/** up to this many keys a hash-mode array has no index: scanning so few keys is as fast as a Map */
const SMALL = 8;

/** position of key `k` in a hash-mode store, or -1 */
export function findKey(s: ArrayStore, k: Key): number {
  const index = s.index;
  if (index !== null) {
    const i = index.get(k);
    return i === undefined ? -1 : i;
  }
  const keys = s.keys!;
  for (let i = 0; i < keys.length; i++) if (keys[i] === k) return i;
  return -1;
}

/** the index of `keys` (holes skipped), or null for a small array */
function indexOf(keys: readonly Key[]): Map<Key, number> | null {
  if (keys.length <= SMALL) return null;
  const index = new Map<Key, number>();
  for (let i = 0; i < keys.length; i++) if ((keys[i] as unknown) !== HOLE) index.set(keys[i]!, i);
  return index;
}

/** gives `s` its own key list and index before a key is added or removed */
function ownKeys(s: ArrayStore): void {
  s.keys = s.keys!.slice();
  s.index = s.index === null ? null : new Map(s.index);
  s.sharedKeys = false;
}

/** count($a, COUNT_RECURSIVE): the elements of `a` and, recursively, of every array in it */
export function countRecursive(a: PhpArray): number {
  let n = a.size;
  a.forEach((v) => {
    if (v instanceof PhpArray) n += countRecursive(v);
  });
  return n;
}

/** The value to store when PHP copies on assignment: arrays get an O(1) COW copy. */
export function copyValue(v: Value): Value {
  return v instanceof PhpArray ? v.clone() : v;
}

function copyStore(s: ArrayStore): ArrayStore {
  if (s.holes > 0) compact(s);
  const n = s.vals.length;
  const vals = new Array<Value>(n);
  for (let i = 0; i < n; i++) vals[i] = copyValue(s.vals[i]!);
  // the copy shares the key list until one side adds or removes a key: most copies only change values
  const copy = new ArrayStore(s.keys, vals, s.index, s.next);
  copy.hasInt = s.hasInt;
  if (s.keys !== null) s.sharedKeys = copy.sharedKeys = true;
  return copy;
}

/** Removes holes (a representation change only: order and content stay). */
function compact(s: ArrayStore): void {
  const keys = s.keys!;
  const vals = s.vals;
  const index = s.index;
  let j = 0;
  for (let i = 0; i < keys.length; i++) {
    const v = vals[i];
    if (v === HOLE) continue;
    if (i !== j) {
      keys[j] = keys[i]!;
      vals[j] = v;
      if (index !== null) index.set(keys[i]!, j);
    }
    j++;
  }
  keys.length = j;
  vals.length = j;
  s.holes = 0;
}

/**
 * @internal The store of `a` built and without holes, for a walk over every entry in order that
 * reads `keys` (null: 0..n-1) and `vals` directly (json_encode): read only.
 */
export function denseStore(a: PhpArray): ArrayStore {
  const s = a.s;
  if (s.holes > 0) compact(s);
  return s;
}

/** Packed → hash mode. */
function toHash(s: ArrayStore): void {
  const n = s.vals.length;
  const keys = new Array<Key>(n);
  for (let i = 0; i < n; i++) keys[i] = i;
  s.keys = keys;
  s.index = indexOf(keys);
}

function normKey(key: unknown): Key {
  if (typeof key === 'number' && Number.isSafeInteger(key)) return key + 0;
  if (typeof key === 'string') return stringKey(key);
  return toKey(key);
}

// ---- views over the caller's JS data ---------------------------------------------------------

/**
 * @internal What a view store reads: the caller's array or plain object, never written. A render's
 * data are read where they are, instead of being converted before the first tag runs: most
 * templates read a part of their data, and each part only once.
 */
export interface View {
  /** (a row cursor's view is pointed at each row in turn: see PhpArray.rowAt) */
  src: unknown[] | Record<string, unknown>;
  readonly list: boolean;
  /** the view of the object or array holding this one (null at the data's root): cycles are found on it */
  readonly parent: View | null;
  /** levels below the data's root */
  readonly depth: number;
  /** converts what is neither a plain object nor an array (Map, Set, Date, bigint...), as fromJS does */
  readonly other: (v: unknown) => Value;
  /**
   * The array made for the nested object or array read last, and its key: a row read for several
   * fields in a row (`$items[i].qty`, `$items[i].price`) is one array, while a million rows read one
   * after another are not all kept (they are the caller's data: a read is made again when needed).
   */
  lastKey: Key | undefined;
  lastKid: PhpArray | null;
  /** Object.keys(src), once needed */
  names: string[] | null;
  /** the key lists of the objects last built from this one's values, newest first (see fillObject) */
  shapes: NameShape[] | null;
  /**
   * The key list of this object (not a list), once needed (see viewShape): its Object.keys, so every
   * name in it is one of the object's own enumerable properties.
   */
  shape: NameShape | null;
  /** a view of one of this one's values was made: it holds this one as its parent (see rowAt) */
  adopted: boolean;
}

/**
 * Deeper than this the data are refused: PHP's own arrays are never that deep in practice, and the
 * walks over them (printing, comparing, encoding) must not exhaust the call stack.
 */
const MAX_VIEW_DEPTH = 4096;

/**
 * Data that contain themselves (an object among its own descendants) or are nested deeper than
 * MAX_VIEW_DEPTH: PHP arrays hold values, never themselves, so such data have no PHP meaning. Raised
 * where a view first reaches the repeated object (a conversion up front would have refused the data
 * before the render).
 */
export class CyclicDataError extends Error {
  constructor(readonly depth: number) {
    super(
      depth > MAX_VIEW_DEPTH
        ? `the data are nested deeper than ${MAX_VIEW_DEPTH} levels`
        : 'an object or array of the data is among its own descendants (a cycle)',
    );
    this.name = 'CyclicDataError';
  }
}

/** the values of a view store that is not built yet: never written (materialize replaces it) */
const NO_VALS: Value[] = [];

/** own and enumerable: the keys Object.keys lists (fromJS's), never an inherited or hidden property */
const isOwnKey = Object.prototype.propertyIsEnumerable;

/** throws when `src` is among its holders, or lies deeper than MAX_VIEW_DEPTH */
function refuseCycle(src: object, holder: View | null, depth: number): void {
  if (depth > MAX_VIEW_DEPTH) throw new CyclicDataError(depth);
  // the chain is as long as the data are deep (a few levels): checked once per nested object read
  for (let p = holder; p !== null; p = p.parent) if (p.src === src) throw new CyclicDataError(depth);
}

function newView(
  src: unknown[] | Record<string, unknown>,
  parent: View | null,
  other: (v: unknown) => Value,
): View {
  const depth = parent === null ? 0 : parent.depth + 1;
  refuseCycle(src, parent, depth);
  return {
    src,
    list: Array.isArray(src),
    parent,
    depth,
    other,
    lastKey: undefined,
    lastKid: null,
    names: null,
    shapes: null,
    shape: null,
    adopted: false,
  };
}

/** the keys of objects with these names (Object.keys order), shared by the arrays built from them */
interface NameShape {
  names: string[];
  /** null when the names are 0..n-1 (a packed list) */
  keys: Key[] | null;
  index: Map<Key, number> | null;
  next: number;
  hasInt: boolean;
}

function shapeOfNames(names: string[]): NameShape {
  const n = names.length;
  const keys = new Array<Key>(n);
  let next = 0;
  let hasInt = false;
  for (let i = 0; i < n; i++) {
    const k = stringKey(names[i]!);
    keys[i] = k;
    if (typeof k === 'number' && (k >= next || !hasInt)) {
      next = k + 1;
      hasInt = true;
    }
  }
  // JS lists integer-like keys first in ascending order: a packed list when they are 0..n-1
  let packed = true;
  for (let i = 0; i < n && packed; i++) packed = keys[i] === i;
  return { names, keys: packed ? null : keys, index: packed ? null : indexOf(keys), next, hasInt };
}

/** whether for-in lists exactly `names` for `src`, in order */
function namesAre(src: Record<string, unknown>, names: string[]): boolean {
  let i = 0;
  for (const name in src) if (names[i++] !== name) return false;
  return i === names.length;
}

function sameNames(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function viewNames(view: View): string[] {
  let names = view.names;
  if (names === null) names = view.names = Object.keys(view.src);
  return names;
}

/**
 * An object with more keys than this is read in place by constant keys too (see readsInPlace): a map
 * of records read by name (`$sections.s12`) is read a few entries at a time, where building it
 * would convert every entry first.
 */
const BUILD_MAX_KEYS = 32;

/**
 * @internal Whether a constant-key read site reads this view's source where it is rather than
 * building the array: a list (read by position), or an object with many keys. A record-like object
 * is built once, so the read site's position cache serves its reads.
 */
export function readsInPlace(view: View): boolean {
  return view.list || viewNames(view).length > BUILD_MAX_KEYS;
}

function viewSize(view: View): number {
  return view.list ? (view.src as unknown[]).length : viewNames(view).length;
}

/**
 * A JS value read from a view, as fromJS converts it: only arrays and plain objects (whose
 * prototype is Object's or null) become views; everything else goes to `other`.
 */
function viewValue(v: unknown, view: View): Value {
  switch (typeof v) {
    case 'string':
    case 'boolean':
    case 'number':
      return v;
    case 'undefined':
    case 'function':
    case 'symbol':
      return null;
    case 'object':
      if (v === null) return null;
      return isPlainData(v) ? viewArray(v, view) : view.other(v);
    default:
      return view.other(v);
  }
}

/**
 * @internal What a view reads in place: an array, or an object whose prototype is Object's or null
 * (anything else, a Map or a class instance, is converted as fromJS does).
 */
export function isPlainData(v: object): v is unknown[] | Record<string, unknown> {
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function viewArray(src: unknown[] | Record<string, unknown>, parent: View): PhpArray {
  parent.adopted = true;
  const store = new ArrayStore(null, NO_VALS, null, 0);
  store.view = newView(src, parent, parent.other);
  return new PhpArray(store);
}

/** the value at key `k` of a view, or undefined when it has none */
function viewGet(view: View, k: Key): Value | undefined {
  // the nested array read last is read again at once (the data do not change during a render)
  if (view.lastKey === k) return view.lastKid!;
  let v: unknown;
  if (view.list) {
    const src = view.src as unknown[];
    if (typeof k !== 'number' || k < 0 || k >= src.length) return undefined;
    v = src[k];
  } else {
    const src = view.src as Record<string, unknown>;
    const name = typeof k === 'number' ? String(k) : k;
    if (!isOwnKey.call(src, name)) return undefined;
    v = src[name];
  }
  if (typeof v !== 'object' || v === null) return viewValue(v, view);
  // a row of a list is a view too: compiled templates read its fields where they are (see viewField),
  // and it is built only when something needs it whole
  const made = viewValue(v, view);
  if (made instanceof PhpArray) {
    view.lastKey = k;
    view.lastKid = made;
  }
  return made;
}

/**
 * The value at position `i` of a view, read in place: a list's element, or an object's value under
 * its i-th name (Object.keys' order, the order its built array has). A loop over a map of thousands
 * of records reads them one by one, without building the map's keys, index and values first.
 */
function viewAt(view: View, i: number): Value {
  if (view.list) return viewGet(view, i)!;
  const v = viewGet(view, stringKey(viewNames(view)[i]!));
  return v === undefined ? null : v;
}

/**
 * @internal `$a.name` where `$a` is a view of a plain object (not a list), read in place: the value
 * as the view converts it (a nested object or array becomes a view of its own, kept as the last one
 * read), null when the object has no own enumerable property of that name. `name` is a string key (never
 * integer-like). Compiled templates load a string, number or boolean field themselves and come
 * here for the rest (see the runtime's field readers).
 */
export function viewField(view: View, name: string): Value {
  const v = viewGet(view, name);
  return v === undefined ? null : v;
}

/**
 * @internal The key list of a view's plain object (not a list): the kept shape with its Object.keys
 * (the shapes of its holder's other objects first, so the rows of one table share one), kept on
 * the view. Every name in it is an own enumerable property of the object: a property load of one
 * of them reads the object's own value, never anything its prototype has.
 * - A kept shape is checked with for-in, which makes no key list. for-in also lists what
 *   Object.prototype was given as enumerable (a row without a field would then match the shape of
 *   a row with it): then the names are read with Object.keys.
 */
export function viewShape(view: View): object {
  let shape = view.shape;
  if (shape === null) {
    const names = view.names ?? (inheritsEnumerable() ? viewNames(view) : null);
    shape = view.shape = shapeOfObject(view.src as Record<string, unknown>, -1, view.parent, names);
  }
  return shape;
}

/**
 * @internal Whether `y`, the value of a field of view `holder`'s object, is a plain object (not a
 * list) with an own enumerable property `name`: then a compiled read of `$row.sub.name` loads
 * `y[name]` itself (see the runtime's CodegenState.pathReader), and no view of `y` is made for it.
 * `y` is refused, as the view made for it would be, when it is among its holders (a cycle).
 */
export function childHas(y: unknown, holder: View, name: string): y is Record<string, unknown> {
  if (typeof y !== 'object' || y === null || Array.isArray(y) || !isPlainData(y)) return false;
  refuseCycle(y, holder, holder.depth + 1);
  return isOwnKey.call(y, name);
}

/** whether Object.prototype has an enumerable property (for-in lists it for every plain object) */
function inheritsEnumerable(): boolean {
  for (const _ in Object.prototype) return true;
  return false;
}

/** @internal a field reader's memory: the key list of the objects it last found its key in */
export interface FieldSite {
  sh: object | null;
}

/**
 * @internal Whether `name` is in the key list `shape` (viewShape): for a field reader (the runtime's
 * CodegenState.fieldReader), which then keeps the list in `site` and loads the field of the next
 * object with that list (a row of the same table) without asking again.
 */
export function shapeHas(shape: object, name: string, site: FieldSite): boolean {
  const sh = shape as NameShape;
  if (!(sh.index === null ? sh.names.includes(name) : sh.index.has(name))) return false;
  site.sh = sh;
  return true;
}

/**
 * Builds a view store's keys and values (one level: nested objects stay views), before anything
 * that needs them: a change, a walk in order, a key list. The array handed out last for a nested
 * object is the one stored, so a change made through it stays.
 */
function materialize(s: ArrayStore): void {
  const view = s.view!;
  const lastKey = view.lastKey;
  const lastKid = view.lastKid;
  if (view.list) {
    const src = view.src as unknown[];
    const n = src.length;
    allowArray(n);
    const vals = new Array<Value>(n);
    for (let i = 0; i < n; i++) vals[i] = viewValue(src[i], view);
    if (typeof lastKey === 'number') vals[lastKey] = lastKid!;
    s.vals = vals;
    s.next = n;
    s.hasInt = n > 0;
  } else {
    fillObject(s, view.src as Record<string, unknown>, view.parent, view.names, view, lastKey, lastKid);
  }
  s.view = null;
}

/**
 * Key lists kept per holder: records with optional fields come in a few shapes (with and without a
 * label), and each keeps its own while they alternate.
 */
const SHAPES_KEPT = 4;

/**
 * The key lists built last for any holder, newest first: they outlive the render, so the next
 * render's data (a new holder each time: the top level, a map of records read by name) find theirs
 * here instead of building it again. Shapes are never changed (a store that changes its keys copies
 * them first); a big one (a map of thousands of keys, each render's own) is not kept.
 */
const recentShapes: NameShape[] = [];
const RECENT_KEPT = 16;
const RECENT_MAX_KEYS = 256;

/**
 * the kept shape whose names for-in lists for `src` (`count`: its Object.values' length, or -1 when
 * not known: see viewShape), or null
 */
function knownShape(shapes: NameShape[], src: Record<string, unknown>, count: number): NameShape | null {
  for (let i = 0; i < shapes.length; i++) {
    const shape = shapes[i]!;
    if ((count < 0 || shape.names.length === count) && namesAre(src, shape.names)) return shape;
  }
  return null;
}

/** the kept shape with exactly these names, or null */
function sameShape(shapes: NameShape[], names: string[]): NameShape | null {
  for (let i = 0; i < shapes.length; i++) if (sameNames(shapes[i]!.names, names)) return shapes[i]!;
  return null;
}

/** keeps `shape` first in `shapes`, at most `max` of them (the oldest goes) */
function keepShape(shapes: NameShape[], shape: NameShape, max: number): void {
  // moved by hand: unshift() leaves optimized code for the runtime, which costs more than the few
  // moves (a holder's first shape, kept once per render, is most of what a small page spends here)
  let i = shapes.length < max ? shapes.length : max - 1;
  for (; i > 0; i--) shapes[i] = shapes[i - 1]!;
  shapes[0] = shape;
}

/**
 * the shape of `src`'s keys (`count`: its Object.values' length, or -1 when not known; `names`: its
 * Object.keys when already read), found or built, and kept
 */
function shapeOfObject(
  src: Record<string, unknown>,
  count: number,
  holder: View | null,
  names: string[] | null,
): NameShape {
  let local: NameShape[] | null = null;
  if (holder !== null) local = holder.shapes ??= [];
  let shape: NameShape | null = null;
  if (names === null) {
    if (local !== null) {
      shape = knownShape(local, src, count);
      if (shape !== null) return shape;
    }
    shape = knownShape(recentShapes, src, count);
  } else {
    shape = (local === null ? null : sameShape(local, names)) ?? sameShape(recentShapes, names);
    if (shape !== null && local !== null && local.includes(shape)) return shape;
  }
  if (shape === null) {
    const own = names ?? Object.keys(src);
    if (count >= 0 && count !== own.length) throw new Error('the data changed during the render');
    shape = sameShape(recentShapes, own);
    if (shape === null) {
      shape = shapeOfNames(own);
      if (own.length <= RECENT_MAX_KEYS) keepShape(recentShapes, shape, RECENT_KEPT);
    }
  }
  if (local !== null) keepShape(local, shape, SHAPES_KEPT);
  return shape;
}

/**
 * Sets store `s` to the keys and values of the plain object `src` (one level: nested objects become
 * views whose holder is `nested`). The rows of one list nearly always have the same keys: they share
 * one key list and index (one of the `holder`'s shapes), and a row's names are checked against it
 * with for-in, so no key list of its own is made. `names` are the object's Object.keys when already read.
 */
function fillObject(
  s: ArrayStore,
  src: Record<string, unknown>,
  holder: View | null,
  names: string[] | null,
  nested: View,
  lastKey: Key | undefined,
  lastKid: PhpArray | null,
): void {
  // Object.values lists the values in Object.keys' order, in one call (no keyed read per name); the
  // new array becomes the store's, scalars kept as they are. (for-in also lists what
  // Object.prototype was given as enumerable: then no shape matches and the names are read.)
  const vals = Object.values(src) as Value[];
  const shape = shapeOfObject(src, vals.length, holder, names);
  const n = vals.length;
  allowArray(n);
  const keys = shape.keys;
  for (let i = 0; i < n; i++) {
    const x = vals[i];
    const t = typeof x;
    if (t === 'string' || t === 'number' || t === 'boolean') continue;
    const k = keys === null ? i : keys[i]!;
    vals[i] = k === lastKey ? lastKid! : viewValue(x, nested);
  }
  s.keys = keys;
  s.index = shape.index;
  s.sharedKeys = keys !== null;
  s.vals = vals;
  s.next = shape.next;
  s.hasInt = shape.hasInt;
}

export class PhpArray {
  /** @internal the store, as it is: a view's is not built yet (hot paths read views through it) */
  st: ArrayStore;

  constructor(store?: ArrayStore) {
    this.st = store === undefined ? new ArrayStore(null, [], null, 0) : store;
  }

  /** @internal the store with its keys and values built (a view's are built here, once) */
  get s(): ArrayStore {
    const s = this.st;
    if (s.view !== null) materialize(s);
    return s;
  }

  set s(store: ArrayStore) {
    this.st = store;
  }

  /**
   * An array that reads the caller's JS array or plain object in place, with fromJS's meaning: values
   * are converted as they are read (a nested array or object becomes a view of its own), and the
   * first change builds this array's own keys and values, so the caller's data are never written.
   * `other` converts what is neither (Map, Set, Date, bigint...), as fromJS does. The data must not
   * change while the array is in use (a getter in them runs each time its field is read).
   */
  static view(
    src: readonly unknown[] | Readonly<Record<string, unknown>>,
    other: (v: unknown) => Value,
  ): PhpArray {
    const store = new ArrayStore(null, NO_VALS, null, 0);
    store.view = newView(src as unknown[] | Record<string, unknown>, null, other);
    return new PhpArray(store);
  }

  /** Builds a view's own keys and values now (see `view`); nested objects stay views. */
  materialize(): this {
    const s = this.st;
    if (s.view !== null) materialize(s);
    return this;
  }

  /** A list (keys 0..n-1); `undefined` entries become null. */
  static fromList(values: readonly (Value | undefined)[]): PhpArray {
    const n = values.length;
    allowArray(n);
    const vals = new Array<Value>(n);
    for (let i = 0; i < n; i++) {
      const v = values[i];
      vals[i] = v === undefined ? null : v;
    }
    return new PhpArray(new ArrayStore(null, vals, null, n));
  }

  /**
   * A list (keys 0..n-1) made of `values` itself, without a copy: the caller hands over a fresh array
   * of values (no `undefined`) that nothing else holds.
   */
  static adoptList(values: Value[]): PhpArray {
    const n = values.length;
    allowArray(n);
    return new PhpArray(new ArrayStore(null, values, null, n));
  }

  /** Entries in order; keys are normalised, a repeated key keeps its first position and its last value. */
  static fromEntries(entries: Iterable<readonly [unknown, Value | undefined]>): PhpArray {
    const a = new PhpArray();
    for (const [k, v] of entries) a.set(k, v === undefined ? null : v);
    return a;
  }

  get size(): number {
    const s = this.st;
    if (s.view !== null) return viewSize(s.view);
    return s.keys === null ? s.vals.length : s.keys.length - s.holes;
  }

  /**
   * The key `push()` would use: the largest int key ever used + 1 (PHP 8: even
   * when negative, `[-5 => x]` appends at -4), 0 when no int key was used.
   * Deleting keys does not lower it. (PHP 8.2 quirk not modelled: an array that
   * started as the `[]` literal and got a negative key first appends at 0.)
   */
  get nextIndex(): number {
    return this.s.next;
  }

  /**
   * Value at `key`, or `undefined` when missing. `key` is normalised (any Value
   * is accepted; arrays/objects give undefined). A nested array comes out as a
   * COW copy when this array's storage is shared (see the class comment).
   */
  get(key: unknown): Value | undefined {
    const v = this.peek(key);
    return this.st.refs > 1 && v instanceof PhpArray ? v.clone() : v;
  }

  /**
   * Like `get`, without the copy: a read-only view for code that only reads
   * (counting, printing, comparing). Never modify a nested array obtained this way.
   */
  peek(key: unknown): Value | undefined {
    const s = this.st;
    let k: Key;
    if (typeof key === 'number' && Number.isSafeInteger(key)) k = key;
    else if (typeof key === 'string') k = stringKey(key);
    else if (typeof key === 'object' && key !== null && !(key instanceof PhpFloat)) return undefined;
    else k = toKey(key);
    if (s.view !== null) return viewGet(s.view, k);
    if (s.keys === null) {
      if (typeof k !== 'number' || k < 0 || k >= s.vals.length) return undefined;
      return s.vals[k];
    }
    const i = findKey(s, k);
    return i < 0 ? undefined : s.vals[i];
  }

  /**
   * `peek` for a key already in canonical form (an int, or a string that is
   * not a canonical int): what compiled templates use for `$a.name`.
   */
  peekKey(k: Key): Value | undefined {
    const s = this.st;
    if (s.view !== null) return viewGet(s.view, k);
    if (s.keys === null) {
      if (typeof k !== 'number' || k < 0 || k >= s.vals.length) return undefined;
      return s.vals[k];
    }
    const i = findKey(s, k);
    return i < 0 ? undefined : s.vals[i];
  }

  /** Value at `key`, or null when missing. */
  read(key: unknown): Value {
    const v = this.get(key);
    return v === undefined ? null : v;
  }

  has(key: unknown): boolean {
    return this.peek(key) !== undefined;
  }

  /** Sets `key` (normalised); a new key goes last. The value is moved in (see the class comment). */
  set(key: unknown, value: Value): void {
    const k = normKey(key);
    if (this.s.refs > 1) this.separate();
    const s = this.s;
    if (value === undefined) value = null;
    if (s.keys === null) {
      if (typeof k === 'number' && k >= 0) {
        const n = s.vals.length;
        if (k < n) {
          s.vals[k] = value;
          return;
        }
        if (k === n && s.next === n) {
          growArray(n, value);
          s.vals.push(value);
          s.next = n + 1;
          s.hasInt = true;
          return;
        }
      }
      toHash(s);
    }
    const i = findKey(s, k);
    if (i >= 0) {
      s.vals[i] = value;
      return;
    }
    growArray(this.size, value);
    if (s.sharedKeys) ownKeys(s);
    const keys = s.keys!;
    if (s.index !== null) s.index.set(k, keys.length);
    keys.push(k);
    if (s.index === null && keys.length > SMALL) s.index = indexOf(keys);
    s.vals.push(value);
    if (typeof k === 'number' && (k >= s.next || !s.hasInt)) {
      s.next = k + 1;
      s.hasInt = true;
    }
  }

  /** `$a[] = value`. */
  push(value: Value): void {
    if (this.s.refs > 1) this.separate();
    const s = this.s;
    if (value === undefined) value = null;
    if (s.keys === null && s.next === s.vals.length) {
      growArray(s.vals.length, value);
      s.vals.push(value);
      s.next++;
      s.hasInt = true;
      return;
    }
    const k = s.next;
    if (!Number.isSafeInteger(k)) {
      throw new PhpError('Error', 'Cannot add element to the array as the next element is already occupied');
    }
    this.set(k, value);
  }

  /** `unset($a[key])` (arrays/objects as key: TypeError). Does not lower `nextIndex` (PHP doesn't either). */
  delete(key: unknown): boolean {
    const k = normKey(key);
    if (this.peekKey(k) === undefined) return false;
    if (this.s.refs > 1) this.separate();
    const s = this.s;
    if (s.keys === null) {
      const n = s.vals.length;
      if (k === n - 1) {
        s.vals.pop();
        return true;
      }
      toHash(s);
    }
    if (s.sharedKeys) ownKeys(s);
    const i = findKey(s, k);
    if (s.index !== null) s.index.delete(k);
    s.vals[i] = HOLE;
    s.keys![i] = HOLE as unknown as Key;
    s.holes++;
    if (s.holes > 8 && s.holes * 2 > s.keys!.length) compact(s);
    return true;
  }

  /**
   * PHP's array_pop(): removes the last element and returns it (undefined when empty). Like PHP, the
   * next push index goes back by one when the removed key was the last one pushed.
   */
  pop(): Value | undefined {
    const n = this.size;
    if (n === 0) return undefined;
    const k = this.keyAt(n - 1);
    const v = this.valueAt(n - 1);
    this.delete(k);
    if (typeof k === 'number' && k === this.s.next - 1) this.s.next--;
    return v;
  }

  /**
   * This variable now holds `source`'s contents (what a by-reference PHP function does to its
   * argument); `source` must not be used again.
   */
  replaceWith(source: PhpArray): void {
    this.st = source.st;
  }

  /**
   * The nested array at `key` for in-place modification (`$a[key][...] = ...`):
   * separates this array if shared; a missing or non-array value is replaced
   * by a new empty array (the CMS's dotted assignment does the same).
   */
  getMut(key: unknown): PhpArray {
    const k = normKey(key);
    if (this.s.refs > 1) this.separate();
    const cur = this.peekKey(k);
    if (cur instanceof PhpArray) return cur;
    const child = new PhpArray();
    this.set(k, child);
    return child;
  }

  /** O(1) copy with PHP value semantics (copy-on-write). */
  clone(): PhpArray {
    const s = this.st;
    s.refs++;
    return new PhpArray(s);
  }

  /** Keys in order (a snapshot). */
  keys(): Key[] {
    const s = this.s;
    if (s.keys === null) {
      const n = s.vals.length;
      const out = new Array<Key>(n);
      for (let i = 0; i < n; i++) out[i] = i;
      return out;
    }
    if (s.holes > 0) compact(s);
    return s.keys.slice();
  }

  /** Values in order (a snapshot; nested arrays are the stored handles: read-only). */
  values(): Value[] {
    const s = this.s;
    if (s.holes > 0) compact(s);
    const out = s.vals.slice();
    if (s.refs > 1) for (let i = 0; i < out.length; i++) out[i] = copyValue(out[i]);
    return out;
  }

  /** [key, value] pairs in order (a snapshot). */
  entries(): [Key, Value][] {
    const s = this.s;
    if (s.holes > 0) compact(s);
    const n = s.vals.length;
    const out = new Array<[Key, Value]>(n);
    const keys = s.keys;
    const sh = s.refs > 1;
    for (let i = 0; i < n; i++) out[i] = [keys === null ? i : keys[i], sh ? copyValue(s.vals[i]) : s.vals[i]];
    return out;
  }

  [Symbol.iterator](): IterableIterator<[Key, Value]> {
    return this.entries()[Symbol.iterator]();
  }

  /** Calls `fn` for each entry in order, without allocating (do not modify this handle inside). */
  forEach(fn: (value: Value, key: Key) => void): void {
    const s = this.s;
    if (s.holes > 0) compact(s);
    const keys = s.keys;
    const vals = s.vals;
    const n = vals.length;
    const sh = s.refs > 1;
    if (keys === null) for (let i = 0; i < n; i++) fn(sh ? copyValue(vals[i]) : vals[i], i);
    else for (let i = 0; i < n; i++) fn(sh ? copyValue(vals[i]) : vals[i], keys[i]);
  }

  /** Key at position `i` (0 ≤ i < size), in insertion order. O(1). */
  keyAt(i: number): Key {
    const st = this.st;
    const w = st.view;
    if (w !== null) return w.list ? i : stringKey(viewNames(w)[i]!);
    const s = this.s;
    if (s.keys === null) return i;
    if (s.holes > 0) compact(s);
    return s.keys[i];
  }

  /** Value at position `i` (0 ≤ i < size), in insertion order. O(1). Nested arrays as with `get`. */
  valueAt(i: number): Value {
    const st = this.st;
    const v = st.view?.list ? viewGet(st.view, i)! : this.peekAt(i);
    return st.refs > 1 && v instanceof PhpArray ? v.clone() : v;
  }

  /** Like `valueAt`, without the copy: read-only view (never modify a nested array obtained this way). */
  peekAt(i: number): Value {
    const st = this.st;
    if (st.view !== null) return viewAt(st.view, i);
    const s = this.s;
    if (s.holes > 0) compact(s);
    return s.vals[i];
  }

  /**
   * @internal `peekAt(i)` for a loop whose body reads its item only by field, through the compiled
   * field readers (the runtime's codegen decides): a row of a view's list that is a plain object is
   * read through the one array of `cur`, pointed at each row in turn, instead of an array made for
   * every row (three objects). The cursor is the loop's, made when the loop starts; it gets a new
   * array when something else made the row's array its own, and a new view (one object) when its
   * view became a parent (a nested value was read from the row: that view holds it).
   */
  rowAt(i: number, cur: RowCursor): Value {
    const list = this.st.view;
    if (list === null) return this.peekAt(i);
    // the rows of a list, or the records of a map of records (`{foreach from=$byId key=id item=r}`)
    const src = list.list
      ? (list.src as unknown[])[i]
      : (list.src as Record<string, unknown>)[viewNames(list)[i]!];
    if (typeof src !== 'object' || src === null || Array.isArray(src) || !isPlainData(src)) {
      return viewAt(list, i);
    }
    const arr = cur.arr;
    const store = arr === null ? null : arr.st;
    const w = store === null ? null : store.view;
    if (w === null || w.parent !== list || store!.refs !== 1) {
      const made = viewArray(src as Record<string, unknown>, list);
      cur.arr = made;
      return made;
    }
    if (w.adopted) {
      // the view stays the parent of what was read from its row: the array gets a view of its own
      store!.view = newView(src as Record<string, unknown>, list, list.other);
      return arr!;
    }
    refuseCycle(src, list, w.depth);
    w.src = src as Record<string, unknown>;
    w.lastKey = undefined;
    w.lastKid = null;
    w.names = null;
    w.shape = null;
    return arr!;
  }

  /** Keys exactly 0..n-1 in order (what json_encode prints as `[...]`). */
  isList(): boolean {
    const st = this.st;
    if (st.view?.list) return true;
    const s = this.s;
    if (s.keys === null) return true;
    if (s.holes > 0) compact(s);
    const keys = s.keys;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== i) return false;
    return true;
  }

  /**
   * This handle will not be used again (a loop's private copy, say): give its
   * share of the store back, so the next write through another handle need
   * not copy. The handle is left empty.
   */
  release(): void {
    const st = this.st;
    if (st !== RELEASED && st.refs > 1) st.refs--;
    this.st = RELEASED;
  }

  /** @internal makes this handle's store exclusive */
  separate(): void {
    const s = this.s;
    if (s.refs > 1) {
      charge(this.size * 32);
      s.refs--;
      this.s = copyStore(s);
    }
  }
}

/**
 * The store of every released handle: empty, and shared by so many handles that a write through
 * one copies it first (as any write to a shared store does), so it is never changed. A loop ends
 * with a release: an empty store of its own would be two allocations per run of an inner loop.
 */
const RELEASED = new ArrayStore(null, [], null, 0);
RELEASED.refs = Number.POSITIVE_INFINITY;

/** @internal a loop's reusable row array (see PhpArray.rowAt) */
export interface RowCursor {
  arr: PhpArray | null;
}

/** @internal a new cursor, for one run of a loop */
export function rowCursor(): RowCursor {
  return { arr: null };
}

interface ShapeNode {
  parent: ShapeNode | null;
  key: Key;
  depth: number;
  children: Map<Key, ShapeNode> | null;
  /** made on first use: the key list and index of arrays with this path; false when the path repeats a key */
  shape: Shape | false | null;
}

interface Shape {
  keys: Key[];
  index: Map<Key, number> | null;
  next: number;
  hasInt: boolean;
}

/** how many distinct key paths one conversion remembers (each is a few dozen bytes) */
const MAX_SHAPE_NODES = 16_384;

/**
 * Builds arrays whose keys come in the same order again and again (the rows of a table, the items of
 * a JSON list) so that they share one key list and index: a million rows of three keys keep one
 * index instead of a million. Made per conversion, so what it remembers goes with it.
 */
export class KeyShapes {
  private readonly root: ShapeNode = { parent: null, key: 0, depth: 0, children: null, shape: null };
  private nodes = 0;

  /** where every object starts */
  start(): ShapeNode {
    return this.root;
  }

  /** the path after `k` (a normalised key), or null once this conversion has seen too many paths */
  step(node: ShapeNode, k: Key): ShapeNode | null {
    let children = node.children;
    if (children === null) children = node.children = new Map();
    let next = children.get(k);
    if (next === undefined) {
      if (this.nodes >= MAX_SHAPE_NODES) return null;
      this.nodes++;
      next = { parent: node, key: k, depth: node.depth + 1, children: null, shape: null };
      children.set(k, next);
    }
    return next;
  }

  /**
   * The array with the keys of path `node` and `vals` (one per key, in order), sharing the path's key
   * list; null when the path repeats a key (the caller builds that one itself).
   */
  make(node: ShapeNode, vals: Value[]): PhpArray | null {
    if (node.depth === 0) return new PhpArray();
    let shape = node.shape;
    if (shape === null) shape = node.shape = shapeOf(node);
    if (shape === false) return null;
    const store = new ArrayStore(shape.keys, vals, shape.index, shape.next);
    store.hasInt = shape.hasInt;
    store.sharedKeys = true;
    return new PhpArray(store);
  }

  /** the keys of path `node`, in order */
  static keysOf(node: ShapeNode): Key[] {
    const keys = new Array<Key>(node.depth);
    for (let n: ShapeNode | null = node; n !== null && n.depth > 0; n = n.parent) keys[n.depth - 1] = n.key;
    return keys;
  }
}

function shapeOf(node: ShapeNode): Shape | false {
  const keys = KeyShapes.keysOf(node);
  const index = new Map<Key, number>();
  let next = 0;
  let hasInt = false;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (index.has(k)) return false;
    index.set(k, i);
    if (typeof k === 'number' && (k >= next || !hasInt)) {
      next = k + 1;
      hasInt = true;
    }
  }
  return { keys, index: keys.length > SMALL ? index : null, next, hasInt };
}

export type { ShapeNode };
