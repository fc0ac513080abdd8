/**
 * Shows template values (the runtime's PHP values: ordered arrays, ints, floats, strings, ...)
 * as readable, JSON-like text that keeps key order and tells lists from maps.
 */

type Entries = [unknown, unknown][];

/** Ordered entries of an array-like PHP value, or null when the value is a scalar. */
function entriesOf(v: unknown): Entries | null {
  if (v instanceof Map) return [...v.entries()];
  if (Array.isArray(v)) return v.map((x, i) => [i, x]);
  if (v && typeof v === 'object') {
    const e = (v as { entries?: unknown }).entries;
    if (typeof e === 'function') {
      const it = e.call(v) as Iterable<unknown>;
      if (it && typeof (it as Iterable<unknown>)[Symbol.iterator] === 'function') {
        return [...it].map(
          (pair) => (Array.isArray(pair) ? [pair[0], pair[1]] : [pair, pair]) as [unknown, unknown],
        );
      }
    }
    return Object.entries(v as Record<string, unknown>);
  }
  return null;
}

function isList(entries: Entries): boolean {
  return entries.every(([k], i) => k === i);
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number')
    return Number.isFinite(v) ? String(v) : Number.isNaN(v) ? 'NAN' : v > 0 ? 'INF' : '-INF';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'boolean') return String(v);
  return String(v);
}

function key(k: unknown): string {
  return typeof k === 'number' || typeof k === 'bigint' ? String(k) : JSON.stringify(String(k));
}

/** Pretty text of a value; `depth` guards against cycles. */
export function formatValue(v: unknown, indent = '', depth = 0): string {
  // Values that know how to show themselves (e.g. a float wrapper) win.
  if (v && typeof v === 'object' && !(v instanceof Map) && !Array.isArray(v)) {
    const own = (v as { toJSON?: unknown }).toJSON;
    if (typeof own === 'function' && typeof (v as { entries?: unknown }).entries !== 'function') {
      return formatValue(own.call(v), indent, depth + 1);
    }
  }
  const entries = entriesOf(v);
  if (!entries) return scalar(v);
  if (depth > 32) return '…';
  if (!entries.length) return '[]';
  const inner = `${indent}  `;
  const list = isList(entries);
  const lines = entries.map(
    ([k, x]) => `${inner}${list ? '' : `${key(k)}: `}${formatValue(x, inner, depth + 1)}`,
  );
  return `${list ? '[' : '{'}\n${lines.join(',\n')}\n${indent}${list ? ']' : '}'}`;
}

/** The top-level variables as `$name = value` lines. */
export function formatVars(vars: unknown): string {
  const entries = entriesOf(vars);
  if (!entries) return formatValue(vars);
  if (!entries.length) return '(no variables)';
  return entries.map(([k, v]) => `$${String(k)} = ${formatValue(v)}`).join('\n');
}
