/**
 * Template variables. Smarty 2 has one flat variable table per template run
 * (loop items stay set after the loop). Keys are arbitrary strings:
 * `__proto__` is just a name.
 *
 * Assignment understands the CMS's dotted forms: `a.b.c` creates nested
 * arrays (a scalar in the way is replaced by an array) and `list.` appends;
 * an empty segment inside the name is the key "" (`a..b` is a[""][b]), as the
 * CMS splits the name on dots.
 */

import type { Value } from '@sumi/php';
import { copyValue, keepString, PhpArray } from '@sumi/php';

/** `$dataSet.emptyArray`: an empty array real templates start lists with (shared: read only) */
const DATA_SET = PhpArray.fromEntries([['emptyArray', new PhpArray()]]);

/**
 * One run's variables: those set during the run over the render's data. The data are not copied
 * when the run starts (most templates only read them): a variable read from the data is the data's
 * own value, so everything that changes an array in place takes it through `owned`, which gives the
 * variable a copy-on-write copy first. `$dataSet` lies under both.
 */
export class Scope {
  private readonly assigned = new Map<string, Value>();

  constructor(private readonly data: PhpArray | null = null) {}

  /** the variable's value, or undefined when it is not set; an array may be shared: read only */
  get(name: string): Value | undefined {
    const v = this.assigned.get(name);
    if (v !== undefined) return v;
    if (this.data !== null) {
      const d = this.data.peek(name);
      if (d !== undefined) return d;
    }
    return name === 'dataSet' ? DATA_SET : undefined;
  }

  /** the variable's value to change in place: an array from the data becomes the variable's own copy */
  owned(name: string): Value | undefined {
    const v = this.assigned.get(name);
    if (v !== undefined) return v;
    const base = this.get(name);
    if (!(base instanceof PhpArray)) return base;
    const mine = base.clone();
    this.assigned.set(name, mine);
    return mine;
  }

  /** stores `value` (moved in: callers copy arrays that stay reachable elsewhere) */
  set(name: string, value: Value): void {
    if (typeof value === 'string') keepString(value);
    this.assigned.set(name, value);
  }

  /** what the variables hold, for the memory budget: the new values and the data */
  roots(): Value[] {
    const out = [...this.assigned.values()];
    if (this.data !== null) out.push(this.data);
    return out;
  }

  /** every variable in order (`$dataSet`, the data's, then the new ones), arrays as copies */
  entries(): [string, Value][] {
    const out: [string, Value][] = [];
    const seen = new Set<string>();
    const add = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      const v = this.get(name);
      if (v !== undefined) out.push([name, copyValue(v)]);
    };
    add('dataSet');
    if (this.data !== null) for (const k of this.data.keys()) add(String(k));
    for (const k of this.assigned.keys()) add(k);
    return out;
  }
}

export function readVar(vars: Scope, name: string): Value {
  const v = vars.get(name);
  return v === undefined ? null : v;
}

/** reads `a` or `a.b.c` (missing keys read as null) */
export function readPath(vars: Scope, path: string): Value {
  if (path.indexOf('.') < 0) return readVar(vars, path);
  const parts = path.split('.');
  let v: Value = readVar(vars, parts[0]!);
  for (let i = 1; i < parts.length && v !== null; i++) {
    if (!(v instanceof PhpArray)) return null;
    const next: Value | undefined = v.get(parts[i]!);
    v = next === undefined ? null : next;
  }
  return v;
}

/** `a.b.c` / `list.` / `a`; a scalar in the way is replaced by an array */
export function assignPath(vars: Scope, path: string, value: Value): void {
  // Smarty's assign() skips the empty name (`{cycle assign=no}` assigns nothing)
  if (path === '') return;
  if (path.indexOf('.') < 0) {
    vars.set(path, value);
    return;
  }
  assignKeys(vars, path.split('.'), value);
}

/** `assignPath` with the dotted path already split (compiled templates split literal paths once) */
export function assignKeys(vars: Scope, parts: readonly string[], value: Value): void {
  const head = parts[0]!;
  // `.x`: the CMS assigns nothing when the name starts with a dot
  if (head === '') return;
  let arr = vars.owned(head);
  if (!(arr instanceof PhpArray)) {
    arr = new PhpArray();
    vars.set(head, arr);
  }
  const last = parts.length - 1;
  // only the last segment appends when empty; one inside the name is the key ""
  for (let i = 1; i < last; i++) arr = arr.getMut(parts[i]!);
  if (parts[last] === '') arr.push(value);
  else arr.set(parts[last], value);
}

/**
 * The array a by-reference PHP function should change: the variable's own
 * (separated) array at the end of `keys`. Scalars and missing keys are
 * returned by value, as PHP would hand them over.
 */
export function referenceIn(root: Value, keys: readonly Value[]): Value {
  let a = root;
  if (!(a instanceof PhpArray)) return a;
  for (const k of keys) {
    const cur: Value | undefined = a.peek(k);
    if (!(cur instanceof PhpArray)) return cur === undefined ? null : cur;
    a = a.getMut(k);
  }
  return a;
}

export function reference(vars: Scope, name: string, keys: readonly Value[]): Value {
  const root = vars.owned(name);
  return referenceIn(root === undefined ? null : root, keys);
}

/** append's rule for a value that must become an array: null → [], a scalar s → [s] */
function asOwnArray(v: Value | undefined): PhpArray | null {
  if (v instanceof PhpArray) return null;
  return v === undefined || v === null ? new PhpArray() : PhpArray.fromList([v]);
}

/**
 * The array stored at `a` or `a.b.c`, owned by that variable so it can be
 * changed in place (copy-on-write separated along the path). A missing or
 * null value becomes [], a scalar s becomes [s] (the CMS's {append} rule).
 */
export function arrayAt(vars: Scope, path: string): PhpArray {
  if (path.indexOf('.') < 0) {
    const root = vars.owned(path);
    if (root instanceof PhpArray) return root;
    const made = asOwnArray(root)!;
    vars.set(path, made);
    return made;
  }
  const parts = path.split('.');
  const head = parts[0]!;
  const root = vars.owned(head);
  let arr: PhpArray;
  if (root instanceof PhpArray) arr = root;
  else {
    arr = asOwnArray(root)!;
    vars.set(head, arr);
  }
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!;
    // a trailing dot appends a new array; an empty segment inside the name is the key ""
    if (part === '' && i === parts.length - 1) {
      const child = new PhpArray();
      arr.push(child);
      arr = child;
      continue;
    }
    const made = asOwnArray(arr.peek(part));
    if (made) {
      arr.set(part, made);
      arr = made;
    } else arr = arr.getMut(part);
  }
  return arr;
}
