/**
 * Template variables. Smarty 2 has one flat variable table per template run
 * (loop items stay set after the loop). Keys are arbitrary strings:
 * `__proto__` is just a name.
 *
 * Assignment understands the CMS's dotted forms: `a.b.c` creates nested
 * arrays (null on the way becomes an array, another scalar is PHP's error) and `list.` appends;
 * an empty segment inside the name is the key "" (`a..b` is a[""][b]), as the CMS splits the
 * name on dots.
 */

import type { Value } from '@sumi/php';
import {
  APPEND,
  autovivifies,
  copyValue,
  keepString,
  objectAsArrayError,
  PhpArray,
  PhpError,
  PhpFloat,
  PhpObject,
  propertyWriteError,
  toArray,
  toKey,
  writeFetchError,
} from '@sumi/php';
import { type KeySite, keyC } from './access';

/** `$dataSet.emptyArray`: an empty array real templates start lists with (shared: read only) */
const DATA_SET = PhpArray.fromEntries([['emptyArray', new PhpArray()]]);

/** a slot's data value before the data were looked up for it */
const UNREAD: unique symbol = Symbol('unread');

/**
 * One variable of a run, known by its name: what was assigned to it (undefined: nothing yet), and what
 * the run's data hold under that name, looked up once (the data never change during a run). The
 * compiled template keeps the slots of the variables it names in locals of its render function, so
 * a read in a loop is a property read, not a lookup by name.
 */
export class Slot {
  v: Value | undefined = undefined;
  d: Value | undefined | typeof UNREAD = UNREAD;
  constructor(
    readonly scope: Scope,
    readonly name: string,
  ) {}
}

/**
 * One run's variables: those set during the run over the render's data. The data are not copied
 * when the run starts (most templates only read them): a variable read from the data is the data's
 * own value, so everything that changes an array in place takes it through `owned`, which gives the
 * variable a copy-on-write copy first. `$dataSet` lies under both.
 */
export class Scope {
  /**
   * The slots made so far: the assigned ones in the order of their first assignment (PHP's order
   * of the variable table), after which the ones only read may come in any order.
   */
  private slots: Map<string, Slot> | null = null;
  /** the last slot in `slots`' order */
  private last: Slot | null = null;

  constructor(private readonly data: PhpArray | null = null) {}

  /** the slot `slot` gave last (a slot is never dropped): a plugin called in a loop asks for the same one */
  private asked: Slot | null = null;

  /** the slot of variable `name`, made on first use (compiled templates read and write through it) */
  slot(name: string): Slot {
    const asked = this.asked;
    if (asked !== null && asked.name === name) return asked;
    // made on the first slot: a template that only reads its data never needs one
    const slots = (this.slots ??= new Map());
    let s = slots.get(name);
    if (s === undefined) {
      s = new Slot(this, name);
      slots.set(name, s);
      this.last = s;
    }
    this.asked = s;
    return s;
  }

  /** the variable's value, or undefined when it is not set; an array may be shared: read only */
  get(name: string): Value | undefined {
    const s = this.slots?.get(name);
    if (s === undefined) return this.lookup(name);
    return s.v !== undefined ? s.v : this.fromData(s);
  }

  /**
   * A compiled read of a variable the template does not write by name (nor is it `$dataSet`): its
   * slot's value when something else set it, else the data's, read with the read site's position
   * cache (render/access.ts keyC); null when it is not set.
   */
  readAt(name: string, site: KeySite): Value {
    const slots = this.slots;
    if (slots !== null) {
      const s = slots.get(name);
      if (s !== undefined) return readSlot(s);
    }
    return this.data === null ? null : keyC(this.data, name, site);
  }

  /** what the data (or `$dataSet`) hold for the slot's name, looked up once */
  fromData(s: Slot): Value | undefined {
    const d = s.d;
    if (d !== UNREAD) return d;
    return (s.d = this.lookup(s.name));
  }

  private lookup(name: string): Value | undefined {
    if (this.data !== null) {
      const d = this.data.peek(name);
      if (d !== undefined) return d;
    }
    return name === 'dataSet' ? DATA_SET : undefined;
  }

  /** the variable's value to change in place: an array from the data becomes the variable's own copy */
  owned(name: string): Value | undefined {
    return this.ownedSlot(this.slot(name));
  }

  /** `owned` through the variable's slot */
  ownedSlot(s: Slot): Value | undefined {
    if (s.v !== undefined) return s.v;
    const base = this.fromData(s);
    if (!(base instanceof PhpArray)) return base;
    const mine = base.clone();
    this.store(s, mine);
    return mine;
  }

  /** stores `value` (moved in: callers copy arrays that stay reachable elsewhere) */
  set(name: string, value: Value): void {
    this.setSlot(this.slot(name), value);
  }

  /** `set` through the variable's slot */
  setSlot(s: Slot, value: Value): void {
    if (typeof value === 'string') keepString(value);
    this.store(s, value);
  }

  private store(s: Slot, value: Value): void {
    if (s.v === undefined && s !== this.last) {
      // a first assignment goes last in the table's order, whenever the slot was made
      const slots = this.slots!;
      slots.delete(s.name);
      slots.set(s.name, s);
      this.last = s;
    }
    s.v = value === undefined ? null : value;
  }

  /** what the variables hold, for the memory budget: the new values and the data */
  roots(): Value[] {
    const out: Value[] = [];
    if (this.slots !== null) for (const s of this.slots.values()) if (s.v !== undefined) out.push(s.v);
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
    if (this.slots !== null) for (const s of this.slots.values()) if (s.v !== undefined) add(s.name);
    return out;
  }
}

/** a compiled read of a variable through its slot (null when it is not set) */
export function readSlot(s: Slot): Value {
  const v = s.v;
  if (v !== undefined) return v;
  const d = s.d !== UNREAD ? s.d : s.scope.fromData(s);
  return d === undefined ? null : d;
}

/** a compiled `{assign}` of a plain name through its slot */
export function writeSlot(s: Slot, value: Value): void {
  s.scope.setSlot(s, value);
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

/**
 * `a.b.c` / `list.` / `a`. The CMS assigns by reference down the path (`$r = &$vars['a']; $r = &$r['b']; ...`),
 * so PHP's rules for writing into a value apply on the way: null (and false) becomes an array, any
 * other scalar in the way is PHP's error (see writeFetchError).
 */
export function assignPath(vars: Scope, path: string, value: Value): void {
  // Smarty's assign() skips the empty name (`{cycle assign=no}` assigns nothing)
  if (path === '') return;
  if (path.indexOf('.') < 0) {
    vars.set(path, value);
    return;
  }
  assignKeys(vars, path.split('.'), value);
}

/**
 * The name Smarty's assign($tpl_var, ...) and append() take, from any value: a string as is (dotted
 * forms allowed), an array as is (each of its entries is assigned under its key); null and false
 * name nothing (`$tpl_var != ''` is false), another scalar is an array key (true "1", 1.5 "1"), an
 * object PHP's TypeError.
 */
export function assignName(target: Value): string | PhpArray {
  if (typeof target === 'string' || target instanceof PhpArray) return target;
  if (target === null || target === false) return '';
  return String(toKey(target));
}

/**
 * Smarty's assign() by a name given as any value (`{assign var=$name}`, `{capture assign=$name}`):
 * see assignName. An array assigns its own entries, not `value`.
 */
export function smartyAssign(vars: Scope, target: Value, value: Value): void {
  const name = assignName(target);
  if (typeof name === 'string') {
    assignPath(vars, name, value);
    return;
  }
  for (const [k, v] of name.entries()) if (k !== '') vars.set(String(k), copyValue(v));
}

/**
 * Smarty's append() (`{capture append=list}`): the variable, made an array as settype() does (null is
 * [], a scalar s is [s]), gets `value` pushed. The name is not split on dots. An array name appends
 * each of its entries to the variable named by its key, instead of `value`.
 */
export function smartyAppend(vars: Scope, target: Value, value: Value): void {
  const name = assignName(target);
  if (typeof name === 'string') {
    if (name !== '') pushOnto(vars, name, value);
    return;
  }
  for (const [k, v] of name.entries()) if (k !== '') pushOnto(vars, String(k), copyValue(v));
}

function pushOnto(vars: Scope, name: string, value: Value): void {
  const cur = vars.owned(name);
  const arr = cur instanceof PhpArray ? cur : toArray(cur ?? null);
  arr.push(value);
  vars.set(name, arr);
}

/** the array in `v` to write key `next` into: `v` itself, or a new one for null/false; PHP's error for others */
function writable(v: Value | undefined, next: Value | typeof APPEND): PhpArray | null {
  if (v instanceof PhpArray) return v;
  if (autovivifies(v)) return null;
  throw writeFetchError(v as Value, next);
}

/** the variable's own array to write key `next` into (created for null, false and unset variables) */
function rootArray(s: Slot, next: Value | typeof APPEND): PhpArray {
  const root = writable(s.scope.ownedSlot(s), next);
  if (root !== null) return root;
  const made = new PhpArray();
  s.scope.setSlot(s, made);
  return made;
}

/** the array at `arr[k]` to write key `next` into, made (or separated) in place */
function childArray(arr: PhpArray, k: string, next: Value | typeof APPEND): PhpArray {
  const child = writable(arr.peek(k), next);
  if (child !== null) return arr.getMut(k);
  const made = new PhpArray();
  arr.set(k, made);
  return made;
}

/**
 * The array the last part of a dotted name writes into, made (or separated) along the way by
 * assignPath's rules: `parts[0]` is the variable (`s`), the parts after it the keys down to the
 * last; a trailing "" (`list.`) appends, so the array is then the one at the key before it. An empty
 * part elsewhere is the key "".
 */
function targetArray(s: Slot, parts: readonly string[]): PhpArray {
  const append = parts[parts.length - 1] === '';
  const end = append ? parts.length - 1 : parts.length;
  let arr = rootArray(s, end > 1 ? parts[1]! : APPEND);
  for (let i = 1; i < end - 1; i++) arr = childArray(arr, parts[i]!, parts[i + 1]!);
  if (append && end > 1) arr = childArray(arr, parts[end - 1]!, APPEND);
  return arr;
}

/** `assignPath` with the dotted path already split (compiled templates split literal paths once) */
export function assignKeys(vars: Scope, parts: readonly string[], value: Value): void {
  // "" and ".x" name no variable: the CMS assigns nothing
  if (parts[0] === '') return;
  assignSlotKeys(vars.slot(parts[0]!), parts, value);
}

/** `assignKeys` of a variable whose slot the compiled template holds (`parts[0]` is its name, not "") */
export function assignSlotKeys(s: Slot, parts: readonly string[], value: Value): void {
  const arr = targetArray(s, parts);
  const last = parts[parts.length - 1]!;
  if (last === '') arr.push(value);
  else arr.set(last, value);
}

/** a `->name` step of a by-reference path (`{$o->list|@sort}`); the other steps are keys */
export class PropStep {
  constructor(readonly name: string) {}
}

/**
 * The value a by-reference PHP function gets for `$name` followed by `steps` (`sort($a['b'][$k])`):
 * PHP fetches the slot to write, so on the way null (and false) becomes an array, a missing key is
 * created as null, and a scalar in the way is PHP's error. An array at the end is the variable's
 * own (separated) array, to be changed in place; anything else is handed over by value (the
 * functions refuse it).
 */
export function reference(vars: Scope, name: string, steps: readonly Value[]): Value {
  if (steps.length === 0) {
    const root = vars.owned(name);
    return root === undefined ? null : root;
  }
  const root = vars.owned(name);
  const held = referenceRoot(root === undefined ? null : root, steps[0]!);
  if (held !== root) vars.set(name, held);
  return referenceIn(held, steps);
}

/**
 * The value that holds step `first` of a by-reference path: an array or object as it is, a new
 * array for null and false; PHP's error for other scalars.
 */
export function referenceRoot(root: Value, first: Value): Value {
  if (root instanceof PhpArray || root instanceof PhpObject) return root;
  if (first instanceof PropStep) throw propertyWriteError(root, first.name);
  if (autovivifies(root)) return new PhpArray();
  throw writeFetchError(root, first);
}

/** `reference` from a value already made the holder of the first step (see referenceRoot) */
export function referenceIn(root: Value, steps: readonly Value[]): Value {
  let c: Value = root;
  for (let j = 0; j < steps.length; j++) {
    const step = steps[j]!;
    let arr: PhpArray;
    let k: Value;
    if (step instanceof PropStep) {
      if (!(c instanceof PhpObject)) throw propertyWriteError(c, step.name);
      arr = c.props;
      k = step.name;
    } else {
      if (c instanceof PhpObject) throw objectAsArrayError(c);
      // the holder of each next step is an array or object (referenceRoot and the end of the loop)
      arr = c as PhpArray;
      k = step;
    }
    const v = arr.peek(k);
    if (v === undefined && typeof k === 'object' && k !== null && !(k instanceof PhpFloat)) {
      throw new PhpError('TypeError', 'Illegal offset type');
    }
    if (j === steps.length - 1) {
      if (v instanceof PhpArray) return arr.getMut(k);
      if (v === undefined) arr.set(k, null);
      return v === undefined ? null : v;
    }
    const next = steps[j + 1]!;
    if (v instanceof PhpArray) c = arr.getMut(k);
    else if (v instanceof PhpObject) c = v;
    else if (next instanceof PropStep) throw propertyWriteError(v ?? null, next.name);
    else if (autovivifies(v)) {
      const made = new PhpArray();
      arr.set(k, made);
      c = made;
    } else throw writeFetchError(v as Value, next);
  }
  return c;
}

/** append's rule for a value that must become an array: null → [], a scalar s → [s] */
function asOwnArray(v: Value | undefined): PhpArray | null {
  if (v instanceof PhpArray) return null;
  return v === undefined || v === null ? new PhpArray() : PhpArray.fromList([v]);
}

/**
 * The array stored at `a` or `a.b.c`, owned by that variable so it can be changed in place
 * (copy-on-write separated along the path). A missing or null value becomes [], a scalar s
 * becomes [s] (the CMS's {append} rule); the way there follows assignPath's rules (a scalar in
 * the way is PHP's error). A trailing `.` appends a new array and returns it.
 */
export function arrayAt(vars: Scope, path: string): PhpArray {
  if (path.indexOf('.') < 0) {
    const s = vars.slot(path);
    const root = vars.ownedSlot(s);
    if (root instanceof PhpArray) return root;
    const made = asOwnArray(root)!;
    vars.setSlot(s, made);
    return made;
  }
  const parts = path.split('.');
  const arr = targetArray(vars.slot(parts[0]!), parts);
  const last = parts[parts.length - 1]!;
  if (last === '') {
    const child = new PhpArray();
    arr.push(child);
    return child;
  }
  const made = asOwnArray(arr.peek(last));
  if (made === null) return arr.getMut(last);
  arr.set(last, made);
  return made;
}

/** `Scope.readAt` for compiled code */
export function readDataVar(vars: Scope, name: string, site: KeySite): Value {
  return vars.readAt(name, site);
}
