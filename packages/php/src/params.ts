/**
 * PHP 8.2 parameter passing for allowlisted functions, in coercive (non-strict) mode.
 *
 * Declare a function's parameters once, as PHP's signature has them:
 *
 *   phpFunction('substr', [
 *     { name: 'string', type: 'string' },
 *     { name: 'offset', type: 'int' },
 *     { name: 'length', type: '?int', optional: true },
 *   ], (ctx, s, offset, length) => ...)
 *
 * and the body receives JS-level values coerced the way zend_parse_parameters does: int → string,
 * numeric string → int (" 12 " → 12; "12abc" is a TypeError, as in PHP 8), float →
 * int when integral, null → ""/0/false for a non-nullable scalar (PHP only deprecates that), ...
 * A value PHP refuses raises PHP's TypeError (a PhpError); a body raises a ValueError with `valueError()`.
 * Either way the modifier logs PHP's message through `ctx.warn` and returns null, and the template
 * goes on (DIALECT.md "Bad arguments"). `phpCall`, `phpParams` and `stringParam` serve modifiers
 * that check their arguments by hand.
 */
import { PhpArray } from './array';
import { errorTypeName, toBool, toStr } from './convert';
import { PhpError } from './errors';
import { scanNumber } from './numeric';
import { PhpObject } from './object';
import { isNumber, PhpFloat, type Value } from './value';

/** A PHP parameter type; `?` in front makes it nullable. */
export type BaseType =
  | 'string'
  | 'int'
  /**
   * an int as PHP holds it, for a function that reads its bits (flags; a depth PHP takes as a C int)
   * or checks its range: one past 2^53 comes as its exact bigint, where 'int' would round it
   * (PHP_INT_MAX has every flag set; PHP_INT_MIN is out of mb_substr's range). Spelled `int`.
   */
  | 'int64'
  | 'float'
  | 'bool'
  | 'array'
  | 'mixed'
  /** int|float: ints stay ints, numeric strings become int or float */
  | 'number'
  | 'array|string'
  | 'array|int'
  | 'string|int';

export type ParamType = BaseType | `?${BaseType}`;

export interface ParamSpec {
  readonly name: string;
  readonly type: ParamType;
  /** may be left out; the body then receives `undefined` */
  readonly optional?: boolean;
  /** variadic (`...$values`): takes every remaining argument */
  readonly variadic?: boolean;
}

/** The JS value the body receives for each type. */
type JsOf<T extends string> = T extends `?${infer B}`
  ? JsOf<B> | null
  : T extends 'string'
    ? string
    : T extends 'int'
      ? number
      : T extends 'int64'
        ? number | bigint
        : T extends 'float'
          ? number
          : T extends 'bool'
            ? boolean
            : T extends 'array'
              ? PhpArray
              : T extends 'number'
                ? number | bigint | PhpFloat
                : T extends 'array|string'
                  ? PhpArray | string
                  : T extends 'array|int'
                    ? PhpArray | number
                    : T extends 'string|int'
                      ? string | number
                      : Value;

export type ArgsOf<P extends readonly ParamSpec[]> = {
  [I in keyof P]: P[I] extends { variadic: true }
    ? JsOf<P[I]['type']>[]
    : P[I] extends { optional: true }
      ? JsOf<P[I]['type']> | undefined
      : JsOf<P[I]['type']>;
};

/** Reports PHP warnings ("A non-numeric value encountered") while coercing. */
export interface Reporter {
  warn(message: string): void;
}

/** The reporter of a render context (what `phpParams` takes). */
export function ctxReporter(ctx: Reporter): Reporter {
  return { warn: (m) => ctx.warn(m) };
}

/** Throws PHP's ValueError `fname(): Argument #n ($name) message`. */
export function valueError(fname: string, n: number, name: string, message: string): never {
  throw new PhpError('ValueError', `${fname}(): Argument #${n} ($${name}) ${message}`);
}

/** Resolves a PHP haystack offset (negative counts from the end) or raises PHP's ValueError. */
export function haystackOffset(fname: string, offset: number, len: number): number {
  const o = offset < 0 ? offset + len : offset;
  if (o < 0 || o > len) valueError(fname, 3, 'offset', 'must be contained in argument #1 ($haystack)');
  return o;
}

/** Throws PHP's TypeError `fname(): Argument #n ($name) must be of type T, X given`. */
export function typeError(
  fname: string,
  n: number,
  name: string | null,
  expected: string,
  given: Value,
): never {
  // a variadic parameter is not named in PHP's message: "array_merge(): Argument #2 must be of type array"
  const which = name === null ? `#${n}` : `#${n} ($${name})`;
  throw new PhpError(
    'TypeError',
    `${fname}(): Argument ${which} must be of type ${expected}, ${errorTypeName(given)} given`,
  );
}

/**
 * Runs `fn` the way the CMS runs a modifier: a PHP TypeError or ValueError it raises is logged
 * through `ctx.warn` and the result is null; the template goes on.
 */
export function phpCall(ctx: Reporter, fn: () => Value): Value {
  try {
    return fn();
  } catch (e) {
    return phpCaught(ctx, e);
  }
}

/** What a modifier's call gives when `e` was thrown: null for PHP's TypeError or ValueError (logged). */
export function phpCaught(ctx: Reporter, e: unknown): Value {
  if (e instanceof PhpError && !e.endsTemplate && (e.kind === 'TypeError' || e.kind === 'ValueError')) {
    ctx.warn(e.message);
    return null;
  }
  throw e;
}

/** Coerces `values` to the parameters `specs` of `fname` (positions count from 1); throws PHP's TypeError. */
export function phpParams(
  fname: string,
  specs: readonly ParamSpec[],
  values: readonly (Value | undefined)[],
  reporter: Reporter,
): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < specs.length; i++) {
    const v = values[i];
    out.push(
      v === undefined && specs[i].optional
        ? undefined
        : coerceParam(fname, i + 1, specs[i], v ?? null, reporter),
    );
  }
  return out;
}

/** The string a `string` parameter receives (null → "", scalars → their string form, arrays → TypeError). */
export function stringParam(fname: string, n: number, name: string, v: Value | undefined): string {
  // the common case allocates nothing: a string is its own value
  if (typeof v === 'string') return v;
  if (v instanceof PhpArray || v instanceof PhpObject) typeError(fname, n, name, 'string', v);
  return toStr(v);
}

/** How many arguments a PHP function with these parameters takes: `max` is null when the last is variadic. */
export function arityOf(params: readonly ParamSpec[]): { min: number; max: number | null } {
  const min = params.filter((p) => !p.optional && !p.variadic).length;
  const variadic = params.length > 0 && params[params.length - 1].variadic === true;
  return { min, max: variadic ? null : params.length };
}

/**
 * PHP's ArgumentCountError message for `given` arguments to `fname`, or null when the count fits:
 * `substr() expects at most 3 arguments, 4 given`.
 */
export function arityMessage(
  fname: string,
  arity: { min: number; max: number | null },
  given: number,
): string | null {
  const { min, max } = arity;
  if (given >= min && (max === null || given <= max)) return null;
  const bound = given < min ? min : (max as number);
  const word = min === max ? 'exactly' : given < min ? 'at least' : 'at most';
  return `${fname}() expects ${word} ${bound} argument${bound === 1 ? '' : 's'}, ${given} given`;
}

/** The modifier `run` of a PHP function with these parameters (the piped value is argument #1). */
export function phpFunction<const P extends readonly ParamSpec[], C extends Reporter = Reporter>(
  fname: string,
  params: P,
  body: (ctx: C, ...args: ArgsOf<P>) => Value,
): (ctx: C, value: Value, ...args: Value[]) => Value {
  const arity = arityOf(params);
  // no closure per call: the compiler's direct calls (see the runtime's phpCaller) bypass this
  // generic path, which serves arrays mapped element by element and plugins calling `run`
  return (ctx, value, ...rest) => {
    try {
      const given = [value, ...rest];
      // ArgumentCountError is a TypeError in PHP
      const wrongCount = arityMessage(fname, arity, given.length);
      if (wrongCount !== null) throw new PhpError('TypeError', wrongCount);
      const args: unknown[] = [];
      for (let i = 0; i < params.length; i++) {
        const p = params[i];
        if (p.variadic) {
          const list: unknown[] = [];
          for (let j = i; j < given.length; j++) list.push(coerceParam(fname, j + 1, p, given[j], ctx));
          args.push(list);
          break;
        }
        args.push(i < given.length ? coerceParam(fname, i + 1, p, given[i], ctx) : undefined);
      }
      return body(ctx, ...(args as ArgsOf<P>));
    } catch (e) {
      return phpCaught(ctx, e);
    }
  };
}

/**
 * One argument coerced to a parameter's type (position `n` counts from 1). The reporter is kept for
 * the callers: PHP 8's coercion of an argument warns of nothing (a value it dislikes is a TypeError).
 */
export function coerceParam(fname: string, n: number, p: ParamSpec, v: Value, _reporter: Reporter): unknown {
  let type: string = p.type;
  const nullable = type.startsWith('?');
  if (nullable) type = type.slice(1);
  if (v === undefined) v = null;
  if (v === null && (nullable || type === 'mixed')) return null;
  // the value a call nearly always gets, taken as it is before anything is made for a failure
  switch (type) {
    case 'mixed':
      return v;
    case 'string':
      if (typeof v === 'string') return v;
      break;
    case 'int':
      if (typeof v === 'number' && Number.isSafeInteger(v)) return v + 0;
      break;
    case 'int64':
      if (typeof v === 'number' && Number.isSafeInteger(v)) return v + 0;
      if (typeof v === 'bigint') return v;
      break;
    case 'array':
    case 'array|string':
    case 'array|int':
      if (v instanceof PhpArray) return v;
      break;
  }
  const fail = (): never => typeError(fname, n, p.variadic ? null : p.name, phpTypeName(p.type), v);
  switch (type) {
    case 'mixed':
      return v;
    case 'string':
      return toStringParam(v, fail);
    case 'int':
      return toIntParam(v, fail);
    case 'int64':
      return toInt64Param(v, fail);
    case 'float':
      return toFloatParam(v, fail);
    case 'bool':
      return toBoolParam(v, fail);
    case 'array':
      return v instanceof PhpArray ? v : fail();
    case 'number':
      return toNumberParam(v, fail);
    case 'array|string':
      return v instanceof PhpArray ? v : toStringParam(v, fail);
    case 'array|int':
      return v instanceof PhpArray ? v : toIntParam(v, fail);
    case 'string|int':
      if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
      if (typeof v === 'boolean') return v ? 1 : 0;
      return toStringParam(v, fail);
  }
  throw new Error(`unknown parameter type ${p.type}`);
}

/** The type as PHP's messages spell it: `int|float`, `?array`, `string|int|null`. */
export function phpTypeName(t: ParamType): string {
  const nullable = t.startsWith('?');
  const base = (nullable ? t.slice(1) : t).replace('number', 'int|float').replace('int64', 'int');
  if (!nullable) return base;
  return base.includes('|') ? `${base}|null` : `?${base}`;
}

/** PHP's string coercion of a scalar argument; an array or object is a TypeError */
function toStringParam(v: Value, fail: () => never): string {
  return v instanceof PhpArray || v instanceof PhpObject ? fail() : toStr(v);
}

/**
 * A string given for a number parameter: only a numeric string passes (surrounding whitespace
 * allowed). Unlike arithmetic, PHP 8's parameter coercion refuses a leading-numeric string:
 * str_repeat('a', '2x') is a TypeError, not 2 with a warning.
 */
function numericStringParam(v: string, fail: () => never): number | bigint | PhpFloat {
  const num = scanNumber(v, false);
  return num === null ? fail() : num;
}

function toIntParam(v: Value, fail: () => never): number {
  switch (typeof v) {
    case 'number':
      if (Number.isSafeInteger(v)) return v + 0;
      return floatToIntParam(v, fail);
    case 'bigint':
      return Number(v);
    case 'boolean':
      return v ? 1 : 0;
    case 'string': {
      const num = numericStringParam(v, fail);
      if (typeof num === 'number' && Number.isSafeInteger(num)) return num + 0;
      if (typeof num === 'bigint') return Number(num);
      return floatToIntParam(num instanceof PhpFloat ? num.value : num, fail);
    }
  }
  if (v === null) return 0;
  if (v instanceof PhpFloat) return floatToIntParam(v.value, fail);
  return fail();
}

/** toIntParam keeping an int past 2^53 exact (see 'int64') */
function toInt64Param(v: Value, fail: () => never): number | bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'string') {
    const num = numericStringParam(v, fail);
    if (typeof num === 'bigint') return num;
  }
  // a float past 2^53 is an integer: its exact value (-2^63 is PHP_INT_MIN)
  const n = toIntParam(v, fail);
  return Number.isSafeInteger(n) ? n : BigInt(n);
}

/** A float given for an int parameter: integral values inside int64 pass; NaN, INF and beyond int64 fail. */
function floatToIntParam(d: number, fail: () => never): number {
  if (!Number.isFinite(d) || d >= 2 ** 63 || d < -(2 ** 63)) return fail();
  // PHP 8.1 deprecates a fractional part ("Implicit conversion ... loses precision") and truncates
  return Math.trunc(d) + 0;
}

function toFloatParam(v: Value, fail: () => never): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'bigint':
      return Number(v);
    case 'boolean':
      return v ? 1 : 0;
    case 'string': {
      const num = numericStringParam(v, fail);
      return typeof num === 'number' ? num : typeof num === 'bigint' ? Number(num) : num.value;
    }
  }
  if (v === null) return 0;
  if (v instanceof PhpFloat) return v.value;
  return fail();
}

function toNumberParam(v: Value, fail: () => never): number | bigint | PhpFloat {
  if (isNumber(v)) return v;
  switch (typeof v) {
    case 'boolean':
      return v ? 1 : 0;
    case 'string':
      return numericStringParam(v, fail);
  }
  if (v === null) return 0;
  return fail();
}

/** PHP's bool coercion of a scalar argument; an array or object is a TypeError */
function toBoolParam(v: Value, fail: () => never): boolean {
  return v instanceof PhpArray || v instanceof PhpObject ? fail() : toBool(v);
}
