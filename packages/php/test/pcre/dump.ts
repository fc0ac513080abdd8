import { PhpArray } from '../../src/array';

/** A PHP value as compact JSON keeping key order: lists as [...], other arrays as {"key":...}. */
export function dump(v: unknown): string {
  if (v instanceof PhpArray) {
    if (v.isList()) return '[' + v.values().map(dump).join(',') + ']';
    return (
      '{' +
      v
        .entries()
        .map(([k, x]) => JSON.stringify(String(k)) + ':' + dump(x))
        .join(',') +
      '}'
    );
  }
  if (v === undefined) return 'undefined';
  return JSON.stringify(v);
}
