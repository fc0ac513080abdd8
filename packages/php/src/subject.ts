/**
 * How PHP string functions take their "subject". preg_replace(), str_replace()
 * and preg_replace_callback() accept an array subject and return an array of
 * results with the same keys (elements converted to string); the other string
 * functions want a string and throw a TypeError for arrays and objects.
 */
import { PhpArray } from './array';
import { toStr } from './convert';
import { type Reporter, stringParam } from './params';
import type { Value } from './value';

/** Applies `fn` to a string subject, or to each element of an array subject (keys kept). */
export function mapSubject(ctx: Reporter, v: Value, fn: (s: string) => string): Value {
  if (v instanceof PhpArray) {
    const out = new PhpArray();
    v.forEach((el, k) => {
      out.set(k, fn(toStr(el, (m) => ctx.warn(m))));
    });
    return out;
  }
  return fn(toStr(v));
}

/**
 * The string a PHP function parameter receives: null → "", scalars → their
 * string form, arrays/objects → TypeError `fn(): Argument #n ($name) must be
 * of type string, array given`.
 */
export function strArg(fn: string, v: Value | undefined, index = 1, name = 'string'): string {
  return typeof v === 'string' ? v : stringParam(fn, index, name, v);
}
