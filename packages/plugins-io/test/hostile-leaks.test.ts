/**
 * What messages must never say: a URL's query string or credentials (tokens), the signing key, the
 * host path of the site folder (TEMP_DIR2, the templates' own name for the temporary area, apart).
 */
import { describe, expect, test } from 'vitest';
import { memorySite } from '../src/site-load';
import { renderOn, siteWith } from './helpers';

const SECRET = 'tok3n-S3CRET';

/** a fetch service that fails the way fetch does: its message quotes the whole URL */
const quotingFetch = (async (url: string) => {
  throw new TypeError(`Failed to parse URL from ${url}`);
}) as unknown as typeof fetch;
const status500 = (async () => new Response('no', { status: 500 })) as unknown as typeof fetch;

describe('URLs in messages', () => {
  // get_file quoted the whole URL, query string included, and the fetch error's own text
  test.each([
    ['a fetch that throws', quotingFetch],
    ['an HTTP error', status500],
  ])('get_file, zip and unzip never log the query string or credentials: %s', async (_, fetch) => {
    const site = await siteWith();
    const urls = [
      `https://example.com/f.csv?token=${SECRET}`,
      `https://user:${SECRET}@example.com/f.csv`,
      `https://example.com/f.csv#${SECRET}`,
    ];
    for (const url of urls) {
      const r = await renderOn(
        site,
        '{get_file url=$u var=a}{zip entries=$e dest="/files/user/x.zip"}{unzip src=$u dest="/files/user/x/"}',
        { u: url, e: [{ name: 'f.csv', url }] },
        { services: { fetch } },
      );
      expect(r.errors).toHaveLength(3);
      const all = r.log.map((e) => e.message).join('\n');
      expect(all).not.toContain(SECRET);
      expect(all).toContain('https://example.com/f.csv');
    }
  });

  test('a URL that is not one, or not http(s), is named without its query either', async () => {
    const site = await siteWith();
    const r = await renderOn(
      site,
      '{get_file url=$a var=x}{get_file url=$b var=y}{zip entries=$e dest="/files/user/x.zip"}',
      {
        a: `ftp://example.com/f?token=${SECRET}`,
        b: `https://exa mple.com/f?token=${SECRET}`,
        e: [{ name: 'f', url: `http://[bad/f?token=${SECRET}` }],
      },
      { services: { fetch: quotingFetch } },
    );
    expect(r.errors).toHaveLength(3);
    expect(r.log.map((e) => e.message).join('\n')).not.toContain(SECRET);
  });
});

describe('site.json', () => {
  // the JSON parser's message quotes the text around the error: `..."ing_key": S3CRET}" is not valid JSON`
  test.each([
    `{"signing_key": ${SECRET}}`,
    `{"signing_key": "${SECRET}" "site_key": "x"}`,
    `{\n  "site_key": "a",\n  "signing_key": "${SECRET}\u0001"\n}`,
  ])('a syntax error says where, never the text: %s', async (json) => {
    const err = (await memorySite({ 'site.json': json }).catch((e) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/^site\.json is not valid JSON( \(at line \d+, column \d+\))?$/);
    expect(err.message).not.toContain(SECRET);
  });
});
