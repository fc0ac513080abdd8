/**
 * Shows template values (the runtime's PHP values: ordered PhpArray, int, float, PhpFloat for
 * integral floats, string, PhpObject) as readable, JSON-like text that keeps key order, tells
 * lists from maps and ints from floats.
 */

/** The runtime's value classes, when it exports them (checked structurally otherwise). */
export interface ValueKinds {
  PhpFloat?: new (...args: never[]) => { value: number };
  PhpObject?: new (...args: never[]) => { props: unknown; className: string };
}

type Entries = [unknown, unknown][];

function isFloatBox(v: object, kinds: ValueKinds): v is { value: number } {
  if (kinds.PhpFloat) return v instanceof kinds.PhpFloat;
  const keys = Object.keys(v);
  return keys.length === 1 && keys[0] === 'value' && typeof (v as { value?: unknown }).value === 'number';
}

function isObjectBox(v: object, kinds: ValueKinds): v is { props: unknown; className: string } {
  if (kinds.PhpObject) return v instanceof kinds.PhpObject;
  return typeof (v as { className?: unknown }).className === 'string' && 'props' in v;
}

/** Ordered entries of an array-like value, or null when the value is a scalar. */
function entriesOf(v: unknown): Entries | null {
  if (v instanceof Map) return [...v.entries()];
  if (Array.isArray(v)) return v.map((x, i) => [i, x]);
  if (v && typeof v === 'object') {
    const e = (v as { entries?: unknown }).entries;
    if (typeof e === 'function') {
      const it = e.call(v) as Iterable<unknown>;
      if (it && typeof it[Symbol.iterator] === 'function') {
        return [...it].map(
          (pair) => (Array.isArray(pair) ? [pair[0], pair[1]] : [pair, pair]) as [unknown, unknown],
        );
      }
    }
    return Object.entries(v as Record<string, unknown>);
  }
  return null;
}

function float(n: number): string {
  if (Number.isNaN(n)) return 'NAN';
  if (!Number.isFinite(n)) return n > 0 ? 'INF' : '-INF';
  if (Object.is(n, -0)) return '-0.0';
  return Number.isInteger(n) && Math.abs(n) < 1e15 ? `${n}.0` : String(n);
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Number.isSafeInteger(v) && !Object.is(v, -0) ? String(v) : float(v);
  return String(v);
}

function key(k: unknown): string {
  return typeof k === 'number' || typeof k === 'bigint' ? String(k) : JSON.stringify(String(k));
}

/** Pretty text of a value; `depth` guards against cycles. */
export function formatValue(v: unknown, kinds: ValueKinds = {}, indent = '', depth = 0): string {
  if (v && typeof v === 'object') {
    if (isFloatBox(v, kinds)) return float(v.value);
    if (isObjectBox(v, kinds)) return `${v.className} ${formatValue(v.props, kinds, indent, depth + 1)}`;
  }
  const entries = entriesOf(v);
  if (!entries) return scalar(v);
  if (depth > 32) return '…';
  if (!entries.length) return '[]';
  const inner = `${indent}  `;
  const list = entries.every(([k], i) => k === i);
  const lines = entries.map(
    ([k, x]) => `${inner}${list ? '' : `${key(k)}: `}${formatValue(x, kinds, inner, depth + 1)}`,
  );
  return `${list ? '[' : '{'}\n${lines.join(',\n')}\n${indent}${list ? ']' : '}'}`;
}

/** The top-level variables as `$name = value` lines. */
export function formatVars(vars: unknown, kinds: ValueKinds = {}): string {
  const entries = entriesOf(vars);
  if (!entries) return formatValue(vars, kinds);
  if (!entries.length) return '(no variables)';
  return entries.map(([k, v]) => `$${String(k)} = ${formatValue(v, kinds)}`).join('\n');
}
