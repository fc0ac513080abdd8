/**
 * Playground state in the URL fragment: `#src=…&data=…&ctx=…`. Each value is base64url of UTF-8,
 * or, when that is shorter, `~` and base64url of the UTF-8 compressed with raw deflate (`~` is not
 * in the base64url alphabet, so the two never mix). The reference's "Open in the playground" links
 * use the plain form (scripts/reference-pages.mjs); both are read. The fragment never reaches a server.
 */
import { deflateSync, inflateSync } from 'fflate';

export interface SharedState {
  template?: string;
  data?: string;
  context?: string;
}

const toBase64url = (bytes: Uint8Array): string => {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64url = (value: string): Uint8Array => {
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

/** a fragment value: the shorter of plain and compressed */
export function encode(text: string): string {
  const utf8 = new TextEncoder().encode(text);
  const plain = toBase64url(utf8);
  const packed = `~${toBase64url(deflateSync(utf8, { level: 9 }))}`;
  return packed.length < plain.length ? packed : plain;
}

export function decode(value: string): string {
  const bytes = value.startsWith('~') ? inflateSync(fromBase64url(value.slice(1))) : fromBase64url(value);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** reads the encoded values of a fragment by key: undefined when missing or unreadable */
export function fragmentValues(hash: string): (key: string) => string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return (key) => {
    const v = params.get(key);
    if (v === null) return undefined;
    try {
      return decode(v);
    } catch {
      return undefined;
    }
  };
}

/** The state in a fragment; unreadable parts are left out. */
export function readFragment(hash: string): SharedState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const out: SharedState = {};
  const read = fragmentValues(hash);
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
