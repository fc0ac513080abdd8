/**
 * The SSRF guard (`Net.guard`), for servers: checked before any connection, NET_BLOCKED when it
 * refuses.
 *
 * - `allowHosts`: only these hosts may be called; an entry is a host name (`api.example.com`,
 *   exact) or `*.example.com` (any subdomain, not example.com itself). Compared lower-case.
 * - `blockPrivate`: no address that is private (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7),
 *   loopback (127/8, ::1), link-local (169.254/16, fe80::/10), unspecified (0.0.0.0/8, ::),
 *   multicast or broadcast, nor `localhost` (and `*.localhost`). A literal IP in the URL (in any form
 *   the URL parser reads: `http://2130706433/` is 127.0.0.1, IPv4-mapped IPv6 too) is checked as it
 *   is. A host NAME is resolved only when the guard has `resolve` (Node: `nodeResolve` of
 *   `@sumi/plugins-net/node`, every address must be public); in browsers there is no DNS, so only
 *   literal IPs and `localhost` are checked there. A name that resolves differently at connection
 *   time (DNS rebinding) is not caught: put a proxy in front for hostile templates.
 */
import { failure } from '../failure';

export interface NetGuard {
  allowHosts?: readonly string[];
  blockPrivate?: boolean;
  /** the addresses of a host name (Node: nodeResolve); without it names are not resolved */
  resolve?: (host: string) => Promise<readonly string[]>;
}

function ipv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

function privateV4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    a >= 224
  );
}

/** the 8 groups of an IPv6 address, or null */
function ipv6(host: string): number[] | null {
  let h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (!h.includes(':')) return null;
  h = h.replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (tail) {
    const v4 = ipv4(tail[1] as string);
    if (!v4) return null;
    h = `${h.slice(0, -(tail[1] as string).length)}${((v4[0] as number) * 256 + (v4[1] as number)).toString(16)}:${((v4[2] as number) * 256 + (v4[3] as number)).toString(16)}`;
  }
  const halves = h.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? (halves[0] as string).split(':') : [];
  const rest = halves.length === 2 && halves[1] ? (halves[1] as string).split(':') : [];
  const fill = 8 - head.length - rest.length;
  if (halves.length === 1 ? fill !== 0 : fill < 0) return null;
  const groups = [...head, ...Array(halves.length === 2 ? fill : 0).fill('0'), ...rest].map((g) =>
    /^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN,
  );
  return groups.length === 8 && groups.every((g) => !Number.isNaN(g)) ? groups : null;
}

function privateV6(g: number[]): boolean {
  const [a] = g as [number];
  if (g.every((x) => x === 0)) return true; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true; // ::1
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible): the IPv4 address decides
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    const v4 = [(g[6] as number) >> 8, (g[6] as number) & 255, (g[7] as number) >> 8, (g[7] as number) & 255];
    return privateV4(v4);
  }
  return (a & 0xfe00) === 0xfc00 || (a & 0xffc0) === 0xfe80 || (a & 0xff00) === 0xff00;
}

/** true for an address a server must not call (private, loopback, link-local, ...) */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4(address);
  if (v4) return privateV4(v4);
  const v6 = ipv6(address);
  return v6 ? privateV6(v6) : false;
}

function allowed(host: string, list: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return list.some((entry) => {
    const e = entry.toLowerCase().replace(/\.$/, '');
    if (e.startsWith('*.')) return h.endsWith(e.slice(1)) && h.length > e.length - 1;
    return h === e;
  });
}

/** throws NET_BLOCKED when the guard refuses `url`; does nothing without a guard */
export async function checkGuard(url: string, guard: NetGuard | undefined): Promise<void> {
  if (!guard || (!guard.allowHosts && !guard.blockPrivate)) return;
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (guard.allowHosts && !allowed(host, guard.allowHosts)) {
    throw failure('NET_BLOCKED', `${u.origin}: the host is not in the allowlist`);
  }
  if (!guard.blockPrivate) return;
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    throw failure('NET_BLOCKED', `${u.origin}: localhost is blocked`);
  }
  if (ipv4(host) || ipv6(host)) {
    if (isPrivateAddress(host)) throw failure('NET_BLOCKED', `${u.origin}: a private address is blocked`);
    return;
  }
  if (!guard.resolve) return;
  let addresses: readonly string[];
  try {
    addresses = await guard.resolve(host);
  } catch {
    throw failure('NET_REFUSED', `${u.origin}: the host does not resolve`);
  }
  if (addresses.length === 0) throw failure('NET_REFUSED', `${u.origin}: the host does not resolve`);
  if (addresses.some(isPrivateAddress)) {
    throw failure('NET_BLOCKED', `${u.origin}: the host resolves to a private address`);
  }
}
