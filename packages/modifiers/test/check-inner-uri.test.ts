/**
 * check_inner_uri against a corpus of known open-redirect bypasses (data/open-redirects.json: each
 * input with its expected answer and why), with the WHATWG URL parser (`new URL`, what browsers run)
 * as the oracle: whatever the modifier calls inner, a browser resolves to the page's own host or a
 * site host, from any page of the site, over http or https.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInnerUri, classifyUrl, preprocessUrl } from '../src/cms/net';
import corpus from './data/open-redirects.json';
import { fakeCtx, run } from './helpers';

const SITE = 'site.example';
const withHosts = fakeCtx({ services: { site: { hosts: [SITE, 'www.Site.example'] } } });
const withoutHosts = fakeCtx();

const BASES = [
  'https://inner.invalid/',
  'https://inner.invalid/dir/page?q=1#f',
  'http://inner.invalid/',
  'http://inner.invalid/a/b/c',
];

/** where browsers go from each base: a host, or null when the parser rejects the URL */
function destinations(input: string): (string | null)[] {
  return BASES.map((base) => {
    try {
      return new URL(input, base).hostname;
    } catch {
      return null;
    }
  });
}

/** the property: inner means every browser stays on the site */
function staysOnSite(input: string, hosts: readonly string[]): boolean {
  return destinations(input).every((h) => h === 'inner.invalid' || (h !== null && hosts.includes(h)));
}

describe('the corpus', () => {
  it('has an expected answer and a reason for every entry', () => {
    expect(corpus.length).toBeGreaterThan(50);
    for (const c of corpus) {
      expect(typeof c.inner).toBe('boolean');
      expect(c.why.length).toBeGreaterThan(5);
    }
  });

  it.each(corpus.map((c) => [JSON.stringify(c.input), c.inner, c.why, c.input] as const))(
    '%s → %s (%s)',
    (_shown, inner, _why, input) => {
      expect(run(checkInnerUri, input, [], withHosts)).toBe(inner);
    },
  );

  it('whatever is inner stays on the site for the URL parser', () => {
    for (const c of corpus) {
      if (c.inner) expect(staysOnSite(c.input, [SITE]), JSON.stringify(c.input)).toBe(true);
    }
  });

  it('without site hosts only relative URLs are inner', () => {
    for (const c of corpus) {
      const relative = classifyUrl(c.input) === 'relative';
      expect(run(checkInnerUri, c.input, [], withoutHosts), JSON.stringify(c.input)).toBe(
        relative && c.inner,
      );
      if (relative) expect(staysOnSite(c.input, []), JSON.stringify(c.input)).toBe(true);
    }
  });

  it('the outer entries that a browser really takes elsewhere are most of them', () => {
    const elsewhere = corpus.filter((c) => !c.inner && !staysOnSite(c.input, [SITE]));
    expect(elsewhere.length).toBeGreaterThan(30);
  });
});

describe('the WHATWG preprocessing', () => {
  it.each([
    ['  /a  ', '/a'],
    ['\x00\x1f/a\x01', '/a'],
    ['/a\tb\nc\rd', '/abcd'],
    ['\\\\evil', '//evil'],
    ['\u00a0/a', '\u00a0/a'],
  ])('%j → %j', (input, out) => {
    expect(preprocessUrl(input)).toBe(out);
  });
});

describe('random mixes of the characters that matter', () => {
  const pieces = [
    '/',
    '\\',
    '\t',
    '\n',
    ' ',
    '\x01',
    '.',
    '..',
    '%2e',
    '%2f',
    ':',
    '@',
    '?',
    '#',
    'http',
    'https',
    'javascript',
    'evil.com',
    SITE,
    'a',
  ];
  it('inner always stays on the site, from every base', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 10 }), (parts) => {
        const input = parts.join('');
        if (run(checkInnerUri, input, [], withHosts) === true) return staysOnSite(input, [SITE]);
        return true;
      }),
      { numRuns: 5000 },
    );
  });
});
