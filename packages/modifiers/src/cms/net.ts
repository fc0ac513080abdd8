/**
 * The CMS helpers that need facts about the site and the network:
 * check_inner_uri and getCountryFromIP. Both read optional services that the
 * host application provides (the runtime never imports them):
 *
 *   createEngine({ plugins: modifiers, services: {
 *     site: { hosts: ['example.com', 'www.example.com'] },
 *     geoip: { lookup: (ip) => countryCodeOrNull },
 *   } })
 */

import { PhpArray, PhpObject, toStr, type Value } from '@sumi/php';
import { definePlugin, type ModifierDef, type RenderContext } from '@sumi/runtime';

const GROUP = 'CMS modifier';

/** `services.site`: the host names of the site (its own front-end and API domains). */
export interface SiteService {
  hosts: readonly string[];
}

/** `services.geoip`: a synchronous IP → country lookup (ISO 3166-1 alpha-2 code), e.g. a local database. */
export interface GeoIpService {
  lookup(ip: string): string | null | undefined;
}

// the services these modifiers read, typed for plugins and hosts alike
declare module '@sumi/runtime' {
  interface Services {
    /** the site's own host names, for check_inner_uri */
    site?: SiteService;
    /** IP → country, for getCountryFromIP */
    geoip?: GeoIpService;
  }
}

/** a host as the URL parser has it (lower case, IDNA-mapped, IPv4 forms canonical); null when invalid */
function canonicalHost(host: string): string | null {
  try {
    return new URL(`https://${host}/`).hostname;
  } catch {
    return null;
  }
}

function siteHosts(ctx: RenderContext): string[] {
  const site = ctx.services.site;
  if (!site || !Array.isArray(site.hosts)) return [];
  const out: string[] = [];
  for (const h of site.hosts) {
    const c = typeof h === 'string' ? canonicalHost(h) : null;
    if (c !== null && c !== '') out.push(c);
  }
  return out;
}

/** what the URL parser makes of a value before it looks at it: WHATWG URL, basic URL parser, steps 1-3 */
export function preprocessUrl(input: string): string {
  let a = 0;
  let b = input.length;
  // leading and trailing C0 controls and spaces are stripped
  while (a < b && input.charCodeAt(a) <= 0x20) a++;
  while (b > a && input.charCodeAt(b - 1) <= 0x20) b--;
  // tabs and newlines anywhere are removed; for http(s) (the page's own scheme) a backslash is a slash
  return input
    .slice(a, b)
    .replace(/[\t\n\r]/g, '')
    .replaceAll('\\', '/');
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

const SINGLE_DOT = new Set(['.', '%2e']);
const DOUBLE_DOT = new Set(['..', '.%2e', '%2e.', '%2e%2e']);

/** a path with its `.` and `..` segments removed (RFC 3986; `%2e` counts as a dot, as in WHATWG URL) */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const lower = seg.toLowerCase();
    const last = i === segments.length - 1;
    if (SINGLE_DOT.has(lower) || DOUBLE_DOT.has(lower)) {
      if (DOUBLE_DOT.has(lower) && out.length > 1) out.pop();
      if (last) out.push('');
    } else out.push(seg);
  }
  return out.join('/');
}

/**
 * How a browser reads a link or a redirect target on the site's own pages (WHATWG URL, base
 * `https://the.site/…`): 'relative' when it stays on the page's own host whatever the base, the
 * URL to check the host of when it names one, or null when it leaves the site or might.
 */
export function classifyUrl(raw: string): 'relative' | { absolute: string } | null {
  const url = preprocessUrl(raw);
  if (url === '') return null;
  const scheme = SCHEME.exec(url);
  if (scheme) {
    const name = scheme[0].slice(0, -1).toLowerCase();
    // `https:evil.com` and `http:/evil.com` are relative only under a base of the same scheme: never inner
    if ((name === 'http' || name === 'https') && url.startsWith('//', scheme[0].length)) {
      return { absolute: url };
    }
    return null;
  }
  // `//host` (and `///host`: the parser skips extra slashes) is scheme-relative
  if (url.startsWith('//')) return { absolute: url };
  // a path (from the root or relative), a query or a fragment: it stays on the page's host. A path
  // that dot-segment removal turns into `//host` (`/.//evil.com`, `..//evil.com`) is refused all
  // the same: a server or a library that normalizes it would hand the browser a scheme-relative URL
  const end = url.search(/[?#]/);
  const path = end < 0 ? url : url.slice(0, end);
  return removeDotSegments(path.startsWith('/') ? path : `/${path}`).startsWith('//') ? null : 'relative';
}

export const checkInnerUri: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'check_inner_uri',
  group: GROUP,
  description:
    'True when the URL points into the site itself: a path (`/news/1`, `news/1`, `?page=2`) or an http(s) URL, ' +
    'or a scheme-relative `//host/…`, whose host is one of the site hosts (`services.site.hosts`). The value is read ' +
    'the way browsers read it (the WHATWG URL parser): tabs and newlines anywhere are dropped, control characters ' +
    'and spaces at either end are trimmed, `\\` is `/`. So `/\\evil.example`, ` //evil.example`, `/`(tab)`/evil.example` ' +
    'and `java`(tab)`script:` are all outer, and so is a path that dot segments turn into `//host` (`/.//evil.example`). ' +
    'Anything else (another host, `javascript:`, `mailto:`, `https:host` without `//`, an empty value) is false. ' +
    'Use it to guard redirects built from request parameters.',
  args: [],
  result: 'true or false',
  examples: [
    { template: "{if '/news/1'|check_inner_uri}inner{/if}", output: 'inner' },
    { template: "{if 'https://evil.example/'|check_inner_uri}inner{else}outer{/if}", output: 'outer' },
    { template: "{if '/\\evil.example/'|check_inner_uri}inner{else}outer{/if}", output: 'outer' },
  ],
  run(ctx: RenderContext, value: Value): Value {
    if (value instanceof PhpArray || value instanceof PhpObject) return false;
    const kind = classifyUrl(toStr(value));
    if (kind === null) return false;
    if (kind === 'relative') return true;
    let host: string;
    try {
      host = new URL(kind.absolute, 'https://inner.invalid/').hostname;
    } catch {
      return false;
    }
    return host !== '' && siteHosts(ctx).includes(host);
  },
});

export const getCountryFromIp: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'getCountryFromIP',
  group: GROUP,
  description:
    'The country (ISO 3166-1 alpha-2 code such as `JP`) of an IP address, from the `services.geoip` lookup the host ' +
    'application configures. Without a configured lookup, or for an unknown address, the result is null.',
  args: [],
  result: 'a country code or null',
  examples: [
    {
      template: '[{$ip|getCountryFromIP}]',
      data: { ip: '192.0.2.1' },
      output: '[]',
      description: 'no geoip service configured',
    },
  ],
  run(ctx: RenderContext, value: Value): Value {
    const geoip = ctx.services.geoip;
    if (!geoip || typeof geoip.lookup !== 'function') return null;
    if (value instanceof PhpArray || value instanceof PhpObject) return null;
    const res = geoip.lookup(toStr(value).trim());
    if (
      res !== null &&
      res !== undefined &&
      typeof (res as unknown as Promise<unknown>).then === 'function'
    ) {
      ctx.warn('getCountryFromIP: services.geoip.lookup must be synchronous in a modifier');
      return null;
    }
    return res === undefined || res === null ? null : String(res);
  },
});

export const netModifiers: readonly ModifierDef[] = [checkInnerUri, getCountryFromIp];
