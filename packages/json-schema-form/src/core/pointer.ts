/** JSON Pointer (RFC 6901) helpers: the form's values and errors are addressed by pointers. */

export function escapeKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  // A URI fragment ('#/a%20b') is percent-encoded; a plain pointer ('/a b') is not.
  const fragment = pointer.startsWith('#');
  return (fragment ? pointer.slice(1) : pointer)
    .slice(1)
    .split('/')
    .map((s) => (fragment ? decodeURIComponent(s) : s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function childPointer(parent: string, key: string | number): string {
  return `${parent}/${escapeKey(String(key))}`;
}

export function getAt(root: unknown, pointer: string): unknown {
  let node: any = root;
  for (const key of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[key];
  }
  return node;
}

/**
 * Returns a copy of `root` with `value` at `pointer` (missing objects are created); `undefined` removes
 * the key. Only the containers on the path are copied, so untouched keys, known or not, survive as they are.
 */
export function setAt(root: unknown, pointer: string, value: unknown): unknown {
  const keys = parsePointer(pointer);
  if (keys.length === 0) return value;
  const [head, ...rest] = keys;
  const container: any = Array.isArray(root)
    ? [...root]
    : root && typeof root === 'object'
      ? { ...root }
      : {};
  const restPointer = rest.length ? `/${rest.map(escapeKey).join('/')}` : '';
  const next = rest.length ? setAt(container[head], restPointer, value) : value;
  if (next === undefined && !Array.isArray(container)) delete container[head];
  else container[head] = next;
  return container;
}
