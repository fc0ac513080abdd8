/**
 * The PHP functions `{if}` may call (the CMS's IF_FUNCS). Smarty 2 pastes the call into the
 * compiled PHP as it is, so each is a real PHP 8 call: unlike an allowlisted function used as a
 * modifier, there is no wrapper that turns PHP's errors into null. A wrong argument count is PHP's
 * ArgumentCountError and a wrong type its TypeError or ValueError, raised when the call runs (a
 * branch that never runs never fails). `isset` is a language construct: the parser checks it.
 *
 * The signatures are PHP's; the compiler checks the argument count against them, the functions
 * below check the types, after a fast path for the values PHP takes as they are.
 */
import {
  coerceParam,
  countRecursive,
  type ParamSpec,
  PhpArray,
  PhpError,
  searchValue,
  typeError,
  type Value,
  valueError,
} from '@sumi/php';

export const IF_FUNCTION_SIGNATURES: Readonly<Record<string, readonly ParamSpec[]>> = {
  count: [
    { name: 'value', type: 'mixed' },
    { name: 'mode', type: 'int', optional: true },
  ],
  in_array: [
    { name: 'needle', type: 'mixed' },
    { name: 'haystack', type: 'array' },
    { name: 'strict', type: 'bool', optional: true },
  ],
  is_null: [{ name: 'value', type: 'mixed' }],
  is_array: [{ name: 'value', type: 'mixed' }],
  is_object: [{ name: 'value', type: 'mixed' }],
};

const MODE = IF_FUNCTION_SIGNATURES.count![1]!;
const STRICT = IF_FUNCTION_SIGNATURES.in_array![2]!;
const SILENT = { warn: () => {} };

/** PHP's ArgumentCountError (a TypeError), once the arguments have been evaluated */
export function argumentCount(message: string, _args: readonly Value[]): never {
  throw new PhpError('TypeError', message);
}

/** count($value): arrays only (no value the templates see is Countable) */
export function count(v: Value): number {
  if (v instanceof PhpArray) return v.size;
  return typeError('count', 1, 'value', 'Countable|array', v);
}

/** count($value, $mode): PHP checks the mode (its type, then COUNT_NORMAL or COUNT_RECURSIVE) before the value */
export function countMode(v: Value, mode: Value): number {
  const m = mode === 0 || mode === 1 ? mode : (coerceParam('count', 2, MODE, mode, SILENT) as number);
  if (m !== 0 && m !== 1) valueError('count', 2, 'mode', 'must be either COUNT_NORMAL or COUNT_RECURSIVE');
  const n = count(v);
  return m === 1 ? countRecursive(v as PhpArray) : n;
}

/** in_array($needle, $haystack[, $strict]) */
export function inArray(needle: Value, hay: Value, strictArg?: Value): boolean {
  if (!(hay instanceof PhpArray)) return typeError('in_array', 2, 'haystack', 'array', hay);
  const strict =
    strictArg === undefined || typeof strictArg === 'boolean'
      ? strictArg === true
      : (coerceParam('in_array', 3, STRICT, strictArg, SILENT) as boolean);
  return searchValue(hay, needle, strict) >= 0;
}
