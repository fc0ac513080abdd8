/**
 * Playground state in the URL fragment: `#src=…&data=…&ctx=…`, each value base64url of UTF-8
 * (the reference's "Open in the playground" links use the same format,
 * scripts/reference-pages.mjs). The fragment never reaches a server.
 */
export interface SharedState {
  template?: string;
  data?: string;
  context?: string;
}

export function encode(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decode(value: string): string {
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** The state in a fragment; unreadable parts are left out. */
export function readFragment(hash: string): SharedState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const out: SharedState = {};
  const read = (key: string): string | undefined => {
    const v = params.get(key);
    if (v === null) return undefined;
    try {
      return decode(v);
    } catch {
      return undefined;
    }
  };
  out.template = read('src');
  out.data = read('data');
  const ctx = params.get('ctx');
  if (ctx) out.context = ctx;
  return out;
}

export function writeFragment(state: Required<SharedState>): string {
  const parts = [`src=${encode(state.template)}`, `data=${encode(state.data)}`];
  if (state.context) parts.push(`ctx=${encodeURIComponent(state.context)}`);
  return `#${parts.join('&')}`;
}
