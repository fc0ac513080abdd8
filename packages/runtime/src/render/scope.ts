/**
 * Template variables. Smarty 2 has one flat variable table per template run
 * (loop items stay set after the loop), so a scope is a single Map. Keys are
 * arbitrary strings: `__proto__` is just a name.
 *
 * Assignment understands the CMS's dotted forms: `a.b.c` creates nested
 * arrays (a scalar in the way is replaced by an array) and `list.` appends.
 */
import { PhpArray } from '../php/array';
import type { Value } from '../php/value';

export type Vars = Map<string, Value>;

export function readVar(vars: Vars, name: string): Value {
  const v = vars.get(name);
  return v === undefined ? null : v;
}

/** reads `a` or `a.b.c` (missing keys read as null) */
export function readPath(vars: Vars, path: string): Value {
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

/** `a.b.c` / `list.` / `a` */
export function assignPath(vars: Vars, path: string, value: Value): void {
  const dot = path.indexOf('.');
  if (dot < 0) {
    vars.set(path, value);
    return;
  }
  const parts = path.split('.');
  const head = parts[0]!;
  const root = asArray(vars.get(head));
  vars.set(head, setIn(root, parts, 1, value));
}

function asArray(v: Value | undefined): PhpArray {
  return v instanceof PhpArray ? v : new PhpArray();
}

/** copy-on-write friendly: returns the array that now holds the value */
function setIn(arr: PhpArray, parts: string[], i: number, value: Value): PhpArray {
  const part = parts[i]!;
  const last = i === parts.length - 1;
  if (last) {
    if (part === '') arr.push(value);
    else arr.set(part, value);
    return arr;
  }
  const key = part === '' ? arr.nextIndex : part;
  const child = asArray(part === '' ? null : arr.get(key));
  arr.set(key, setIn(child, parts, i + 1, value));
  return arr;
}
