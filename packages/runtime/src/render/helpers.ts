/**
 * The functions generated templates call. They are bound as locals of each
 * compiled module (`const { str, key, ... } = H`), so keep them small and
 * monomorphic: they sit on the hot path of every render.
 */

import type { Value } from '@sumi/php';
import {
  add,
  allowString,
  bitAnd,
  bitNot,
  bitOr,
  bitXor,
  childHas,
  coerceParam,
  copyValue,
  div,
  ge,
  gt,
  le,
  looseEquals,
  lt,
  makeInt,
  mod,
  mul,
  neg,
  PhpArray,
  PhpError,
  PhpObject,
  phpCaught,
  type Reporter,
  rowCursor,
  shapeHas,
  shiftLeft,
  shiftRight,
  strictEquals,
  sub,
  toBool,
  toKey,
  toStr,
  viewField,
  viewShape,
} from '@sumi/php';
import { attrSpecs, checkAttrs, resolveAttr } from '../plugin/attributes';
import type { ModifierDef } from '../plugin/types';
import { key, keyC, keyQ, prop, rowIn } from './access';
import type { RenderContext } from './context';
import { argumentCount, count, countMode, inArray } from './if-functions';
import {
  assignKeys,
  assignPath,
  assignSlotKeys,
  readDataVar,
  readSlot,
  readVar,
  reference,
  referenceIn,
  referenceRoot,
  smartyAssign,
  writeSlot,
} from './scope';
import type { RenderState } from './state';

/** a section's index or start as a value: a bigint within 2^53 is a number (see SectionState) */
function intOf(v: number | bigint): Value {
  return typeof v === 'number' ? v : makeInt(v);
}

function str(v: Value): string {
  if (typeof v === 'string') return v;
  // an int32 prints as JS prints it (0 may be -0, which PHP's float prints as "-0": toStr decides)
  if (typeof v === 'number' && (v | 0) === v && v !== 0) return String(v);
  return toStr(v);
}

/**
 * A name Smarty uses as an array key (`$smarty.capture`, `.foreach`, `.section` tables): 1.5 and true
 * are "1", false "0", null ""; an array or an object is PHP's TypeError (`in` names the operation
 * of its message: section names are first unset).
 */
function keyName(v: Value, in_ = ''): string {
  if (typeof v === 'string') return v;
  if (v instanceof PhpArray || v instanceof PhpObject)
    throw new PhpError('TypeError', `Illegal offset type${in_}`);
  return String(toKey(v));
}

function bool(v: Value): boolean {
  return v === true ? true : v === false || v === null ? false : toBool(v);
}

/**
 * `foreach` source: `settype($from, 'array')` — null → [], a scalar → [scalar].
 * Like PHP, the loop runs over a copy: the body may change the array freely,
 * and the values handed out are copies too (nested arrays are cloned lazily).
 */
function iter(v: Value): PhpArray {
  if (v instanceof PhpArray) return v.clone();
  if (v === null) return EMPTY;
  if (v instanceof PhpObject) return v.props.clone();
  return PhpArray.fromList([v]);
}
const EMPTY = new PhpArray();

const eq = (a: Value, b: Value): boolean => looseEquals(a, b);
const neq = (a: Value, b: Value): boolean => !looseEquals(a, b);
const seq = (a: Value, b: Value): boolean => strictEquals(a, b);
const sneq = (a: Value, b: Value): boolean => !strictEquals(a, b);

/**
 * `is even`, `is odd`, `is div by`, as Smarty 2 compiles them:
 * even → !(1 & x), even by y → !(1 & (x / y)), odd → (1 & x), div by y → !(x % y).
 * So `is odd` is the int 0 or 1, not a boolean (`[] != 0` is true where `[] != false` is not); the
 * others are booleans. PHP's operators decide: an array or a non-numeric string is a TypeError.
 * PHP puts the constant of a commutative operator second, so its message reads `array & int`:
 * hence `bitAnd(v, 1)`.
 */
function isTest(test: 'even' | 'odd' | 'div', x: Value, by: Value): boolean | number {
  if (test === 'div') return !bool(mod(x, by));
  const v = by === null ? x : div(x, by);
  // a plain int, the usual case, needs no coercion
  const bit = typeof v === 'number' && Number.isSafeInteger(v) ? v & 1 : Number(bitAnd(v, 1));
  return test === 'odd' ? bit : bit === 0;
}

const isArray = (v: Value): boolean => v instanceof PhpArray;
const isObject = (v: Value): boolean => v instanceof PhpObject;

/* Modifier application: without `@` Smarty 2 maps over an array's elements. */
function mapped(def: ModifierDef, ctx: RenderContext, v: PhpArray, args: Value[]): PhpArray {
  if (def.wholeArray) {
    // a silent trap of Smarty 2: `{$list|count}` counts each element and prints "Array"
    (ctx as RenderState).warnOnce(
      `|${def.name} without @ is applied to each element of the array (Smarty 2 rule); write |@${def.name} to pass the whole array`,
    );
  }
  const out = new PhpArray();
  for (const [k, x] of v.entries()) out.set(k, def.run(ctx, x, ...args));
  return out;
}
function modN(def: ModifierDef, ctx: RenderContext, v: Value, args: Value[]): Value {
  return v instanceof PhpArray ? mapped(def, ctx, v, args) : def.run(ctx, v, ...args);
}

/**
 * A by-reference PHP function given a value that is not a variable (`{17|@sort}`, `{$a|upper|@sort}`):
 * PHP throws Error once the value is computed (`v` is evaluated first).
 */
function notByRef(_v: Value, message: string): never {
  throw new PhpError('Error', message);
}

/** PHP's coercion of argument #n of a direct call (compiler/php-calls.ts) where the inline test did not pass */
function coerceArg(def: ModifierDef, n: number, v: Value | undefined, ctx: Reporter): unknown {
  return coerceParam(def.name, n, def.signature![n - 1]!, v === undefined ? null : v, ctx);
}

function capString(s: string): string {
  allowString(s.length);
  return s;
}

export const helpers = {
  str,
  intOf,
  attrSpecs,
  resolveAttr,
  checkAttrs,
  keyName,
  bool,
  /** PHP arrays are values: an array stored somewhere new is a (copy-on-write) copy */
  own: copyValue,
  iter,
  rv: readVar,
  rd: readDataVar,
  rs: readSlot,
  ws: writeSlot,
  assignPath,
  smartyAssign,
  assignKeys,
  assignSlotKeys,
  ref: reference,
  refIn: referenceIn,
  refRoot: referenceRoot,
  key,
  keyC,
  keyQ,
  prop,
  add,
  sub,
  mul,
  div,
  mod,
  neg,
  eq,
  neq,
  seq,
  sneq,
  lt,
  gt,
  le,
  ge,
  band: bitAnd,
  bor: bitOr,
  bxor: bitXor,
  shl: shiftLeft,
  shr: shiftRight,
  bnot: bitNot,
  isTest,
  isArray,
  isObject,
  count,
  countMode,
  inArray,
  argc: argumentCount,
  mapped,
  PA: PhpArray,
  rowCursor,
  rowIn,
  viewShape,
  shapeHas,
  viewField,
  childHas,
  /** the prototype of attribute objects: nothing to inherit, nothing to change */
  NOPROTO: Object.freeze(Object.create(null)) as object,
  modN,
  notByRef,
  coerceArg,
  phpCaught,
  /** a string built by interpolation: its length cap (its bytes count where it is kept: Scope.set, arrays) */
  keep: capString,
};
