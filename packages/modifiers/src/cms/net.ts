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

import { PhpArray, PhpObject, replaceAllString, toStr, type Value } from '@sumi/php';
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

function siteHosts(ctx: RenderContext): string[] {
  const site = ctx.services.site;
  return site && Array.isArray(site.hosts) ? site.hosts.map((h) => h.toLowerCase()) : [];
}

/** The host of an absolute http(s) URL or scheme-relative `//host/...`, lower-cased; null for other forms. */
function hostOf(url: string): string | null {
  const m = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)/i.exec(url);
  if (!m) return null;
  let authority = m[1]!;
  const at = authority.lastIndexOf('@');
  if (at >= 0) authority = authority.slice(at + 1);
  const host = authority.startsWith('[')
    ? authority.slice(0, authority.indexOf(']') + 1)
    : authority.replace(/:\d*$/, '');
  return host.toLowerCase();
}

export const checkInnerUri: ModifierDef = definePlugin({
  kind: 'modifier',
  name: 'check_inner_uri',
  group: GROUP,
  description:
    'True when the URL points into the site itself: a path (`/news/1`, `news/1`, `?page=2`) or an absolute URL whose ' +
    'host is one of the site hosts (`services.site.hosts`). Anything else (another host, `javascript:`, `mailto:`, ' +
    'an empty value) is false. Use it to guard redirects built from request parameters.',
  args: [],
  result: 'true or false',
  examples: [
    { template: "{if '/news/1'|check_inner_uri}inner{/if}", output: 'inner' },
    { template: "{if 'https://evil.example/'|check_inner_uri}inner{else}outer{/if}", output: 'outer' },
  ],
  run(ctx: RenderContext, value: Value): Value {
    if (value instanceof PhpArray || value instanceof PhpObject) return false;
    const url = toStr(value).trim();
    if (url === '') return false;
    // backslashes are read as slashes by browsers: `/\evil.com` is scheme-relative
    const normalised = replaceAllString(url, '\\', '/');
    const host = hostOf(normalised);
    if (host !== null) return host !== '' && siteHosts(ctx).includes(host);
    // a scheme (javascript:, mailto:, data:) without an authority is not a path
    if (/^[a-z][a-z0-9+.-]*:/i.test(normalised)) return false;
    return true;
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
