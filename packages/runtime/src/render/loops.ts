/**
 * The loop tables of one render: `$smarty.foreach.NAME` and
 * `$smarty.section.NAME` (Smarty keeps one entry per name, so an inner loop
 * of the same name takes over the outer one's). The property names and their
 * order come from the parser's table (FOREACH_PROPS, SECTION_PROPS).
 */
import { FOREACH_PROPS } from '@sumi/parser';
import { add, makeFloat, makeInt, PhpArray, sub, toBool, toInt, toStr, type Value } from '@sumi/php';

export interface ForeachState {
  /** its key in the table */
  name: string;
  total: number;
  iteration: number;
}

/**
 * One `$smarty.section.NAME` entry. Smarty 2.6 keeps it as a PHP array whose
 * keys appear as they are set: the attributes in source order, then the
 * defaulted ones, then `total`, then `index`/`iteration` when the loop starts
 * and `rownum`...`last` at the top of each iteration (so a section that never
 * ran has none of them, and after `{/section}` they describe its last
 * iteration while `index`/`iteration` have been stepped once more).
 */
export interface SectionState {
  /** the `name` attribute's value */
  name: Value;
  /** the attribute names in source order, comma-joined: the entry's first keys */
  attrs: string;
  loop: number;
  show: boolean;
  /**
   * `start`, `step` and the running `index` are bigints together when an attribute is an int past
   * 2^53 (`loop=1e20 start=-1` starts at 7766279631452241919) or the index would pass it: exact, as
   * PHP's ints are. Small ones are bigints too then: read them through makeInt.
   */
  start: number | bigint;
  step: number | bigint;
  max: number;
  /** `loop`, `step` and `max` as PHP holds them: ints past 2^53 stay exact (bigint) */
  loopV: Value;
  stepV: Value;
  maxV: Value;
  /** the iteration count the loop runs to */
  total: number;
  /** `total` as PHP holds it: a float when it went through ceil() */
  totalV: Value;
  /** 0 before the loop starts (PHP: unset, so `+=` starts from null) */
  index: number | bigint;
  /** 0 before the loop starts (unset) */
  iteration: number;
  /** the iteration that last set rownum..last (0: never) */
  row: number;
  /**
   * While the attributes are read (see sectionBegin): the ones stored so far, as Smarty converted
   * them; the entry has nothing else but its name. Absent on a started section.
   */
  given?: Record<string, Value>;
}

export type ForeachTable = Map<string, ForeachState>;
export type SectionTable = Map<string, SectionState>;

/** the stored properties: the whole table entry read as an array ({$smarty.section.s|@print_r}) */
const FOREACH_STORED = Object.keys(FOREACH_PROPS).filter((k) => FOREACH_PROPS[k]?.stored);

export function foreachStart(table: ForeachTable, name: string, total: number): ForeachState {
  const s = { name, total, iteration: 0 };
  table.set(name, s);
  return s;
}

/**
 * The entry a named foreach counts its iterations on: its own, or the one a foreach of the same name
 * inside it put in its place (Smarty's compiled loop steps `$this->_foreach[name]['iteration']`,
 * whatever entry is there: after such an inner loop, the outer one counts on from where it ended).
 */
export function foreachEntry(table: ForeachTable | null, own: ForeachState): ForeachState {
  return table?.get(own.name) ?? own;
}

export function foreachProp(table: ForeachTable | null, name: string, prop: string): Value {
  const s = table?.get(name);
  const iteration = s ? s.iteration : 0;
  const total = s ? s.total : 0;
  switch (prop) {
    case 'index':
      return iteration - 1;
    case 'iteration':
      return s ? iteration : null;
    case 'total':
      return s ? total : null;
    case 'first':
      return iteration <= 1;
    case 'last':
      return iteration === total;
    case 'show':
      return total > 0;
    default:
      return null;
  }
}

export function foreachProps(table: ForeachTable | null, name: string): Value {
  const s = table?.get(name);
  if (!s) return null;
  return PhpArray.fromEntries(FOREACH_STORED.map((k) => [k, foreachProp(table, name, k)] as [string, Value]));
}

/** a section's key in the table: its name as a string */
function sectionKey(name: Value): string {
  return typeof name === 'string' ? name : toStr(name);
}

/** `loop` as Smarty stores it: an array's count, else the int, at least 0 (exact past 2^53) */
function loopValue(v: Value): number | bigint {
  const n = v instanceof PhpArray ? v.size : toInt(v);
  return n < 0 ? 0 : n;
}

/** `step` as Smarty stores it: the int, 1 for 0 */
function stepValue(v: Value): number | bigint {
  const n = toInt(v);
  return n === 0 || n === 0n ? 1 : n;
}

/** Smarty 2.6's section setup, line for line (a name reused replaces the entry) */
export function sectionStart(
  table: SectionTable,
  name: Value,
  attrs: string,
  loop: Value,
  start: Value,
  step: Value,
  max: Value,
  show: Value,
): SectionState {
  const loopV = loop === undefined ? 1 : loopValue(loop);
  const n = Number(loopV);
  const stepV = step === undefined ? 1 : stepValue(step);
  const maxInt = max === undefined ? loopV : toInt(max);
  const maxV = maxInt < 0 ? loopV : maxInt;
  const mx = Number(maxV);
  const startInt = start === undefined ? undefined : toInt(start);
  // ints past 2^53 (toInt's bigints) make the arithmetic exact: start, step and index are then bigints
  const big =
    typeof loopV === 'bigint' ||
    typeof stepV === 'bigint' ||
    typeof maxV === 'bigint' ||
    typeof startInt === 'bigint';
  let b = big
    ? boundsExact(loopV, startInt, stepV)
    : bounds(n, startInt as number | undefined, stepV as number);
  let visible = show === undefined ? true : typeof show === 'boolean' ? show : toBool(show);
  let total = 0;
  let totalV: Value = 0;
  if (visible) {
    if (start === undefined && step === undefined && max === undefined) totalV = total = n;
    else {
      // min(ceil(..), max): ceil() gives a float, and min() keeps the first of equals
      total = Math.min(b.c, mx);
      totalV = b.c <= mx ? makeFloat(b.c) : maxV;
    }
    if (total === 0) visible = false;
  }
  // the index stepped past the last iteration may pass 2^53 where the attributes do not: exact too
  if (!big && visible && !Number.isSafeInteger((b.start as number) + total * (b.step as number))) {
    b = boundsExact(loopV, startInt, stepV);
  }
  const sc: SectionState = {
    name,
    attrs,
    loop: n,
    show: visible,
    start: b.start,
    step: b.step,
    max: mx,
    loopV,
    stepV,
    maxV,
    total,
    totalV,
    index: 0,
    iteration: 0,
    row: 0,
  };
  table.set(sectionKey(name), sc);
  return sc;
}

/**
 * Where a section starts, its step, and `c`: ceil((loop - start) / abs(step)), or of (start + 1) for a
 * negative step, as PHP computes it from its ints.
 */
interface Bounds {
  start: number | bigint;
  step: number | bigint;
  c: number;
}

/** the bounds of attributes within 2^53, in JS numbers */
function bounds(n: number, startInt: number | undefined, step: number): Bounds {
  let start: number;
  if (startInt === undefined) start = step > 0 ? 0 : n - 1;
  else if (startInt < 0) start = Math.max(step > 0 ? 0 : -1, n + startInt);
  else start = Math.min(startInt, step > 0 ? n : n - 1);
  return { start, step, c: Math.ceil((step > 0 ? n - start : start + 1) / Math.abs(step)) };
}

/** the bounds in bigints, exact for any int64 attributes */
function boundsExact(
  loop: number | bigint,
  startInt: number | bigint | undefined,
  step: number | bigint,
): Bounds {
  const L = BigInt(loop);
  const ST = BigInt(step);
  let S: bigint;
  if (startInt === undefined) S = ST > 0n ? 0n : L - 1n;
  else {
    const S0 = BigInt(startInt);
    if (S0 < 0n) S = bigMax(ST > 0n ? 0n : -1n, L + S0);
    else S = bigMin(S0, ST > 0n ? L : L - 1n);
  }
  const span = ST > 0n ? L - S : S + 1n;
  const abs = ST < 0n ? -ST : ST;
  // PHP's int division gives an int when it is exact, else a float of the two as floats
  const c = span % abs === 0n ? Number(span / abs) : Math.ceil(Number(span) / Number(abs));
  return { start: S, step: ST, c };
}

/**
 * Smarty 2.6's start of a section whose attributes read its entry: the entry is unset and given its
 * name, then each attribute is stored as it is read (sectionSet), and the attributes read that
 * partial entry. sectionStart then replaces it with the started section's.
 */
export function sectionBegin(table: SectionTable, name: Value): SectionState {
  const s: SectionState = {
    name,
    attrs: '',
    loop: 0,
    show: false,
    start: 0,
    step: 1,
    max: 0,
    loopV: null,
    stepV: null,
    maxV: null,
    total: 0,
    totalV: null,
    index: 0,
    iteration: 0,
    row: 0,
    given: {},
  };
  table.set(sectionKey(name), s);
  return s;
}

/** stores attribute `attr`'s value in a section's partial entry as Smarty converts it; returns the value as read */
export function sectionSet(entry: SectionState, attr: string, v: Value): Value {
  let stored: Value;
  switch (attr) {
    case 'loop':
      stored = loopValue(v);
      break;
    case 'show':
      stored = toBool(v);
      break;
    case 'step':
      stored = stepValue(v);
      break;
    default:
      stored = toInt(v);
  }
  entry.given![attr] = stored;
  return v;
}

/** the entry a section's loop steps on: its own, or the one a same-named inner section put in its place */
export function sectionEntry(table: SectionTable | null, own: SectionState): SectionState {
  return table?.get(sectionKey(own.name)) ?? own;
}

export function sectionProp(table: SectionTable | null, name: string, prop: string): Value {
  const s = table?.get(name);
  if (!s) return null;
  if (s.given !== undefined) return prop === 'name' ? s.name : (s.given[prop] ?? null);
  switch (prop) {
    case 'index':
      return s.iteration === 0 ? null : makeInt(s.index);
    case 'iteration':
      return s.iteration === 0 ? null : s.iteration;
    case 'rownum':
      return s.row === 0 ? null : s.row;
    case 'index_prev':
      return s.row === 0 ? null : sub(rowIndex(s), s.step);
    case 'index_next':
      return s.row === 0 ? null : add(rowIndex(s), s.step);
    case 'first':
      return s.row === 0 ? null : s.row === 1;
    case 'last':
      return s.row === 0 ? null : s.row === s.total;
    case 'total':
      return s.totalV;
    case 'loop':
      return s.loopV;
    case 'show':
      return s.show;
    case 'start':
      return makeInt(s.start);
    case 'step':
      return s.stepV;
    case 'max':
      return s.maxV;
    case 'name':
      return s.name;
    default:
      return null;
  }
}

/** the index of the iteration that set rownum..last (index and iteration always step together) */
function rowIndex(s: SectionState): number | bigint {
  if (typeof s.start === 'bigint') return s.start + BigInt(s.row - 1) * (s.step as bigint);
  return s.start + (s.row - 1) * (s.step as number);
}

function bigMax(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function bigMin(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** the keys Smarty gives an attribute left out, in its order */
const SECTION_DEFAULTED = ['show', 'loop', 'max', 'step', 'start'];

export function sectionProps(table: SectionTable | null, name: string): Value {
  const s = table?.get(name);
  if (!s) return null;
  if (s.given !== undefined) return PhpArray.fromEntries([['name', s.name], ...Object.entries(s.given)]);
  const keys = s.attrs === '' ? [] : s.attrs.split(',');
  for (const k of SECTION_DEFAULTED) if (!keys.includes(k)) keys.push(k);
  keys.push('total');
  if (s.iteration !== 0) keys.push('index', 'iteration');
  if (s.row !== 0) keys.push('rownum', 'index_prev', 'index_next', 'first', 'last');
  return PhpArray.fromEntries(keys.map((k) => [k, sectionProp(table, name, k)] as [string, Value]));
}
