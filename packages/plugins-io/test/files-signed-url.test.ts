/** signStorageUrl / verifyStorageUrl: the URL verifies, expires, and refuses any changed byte. */
import { describe, expect, test } from 'vitest';
import { signStorageUrl, verifyStorageUrl } from '../src/storage/signed-url';

const site = { storageBaseUrl: 'http://localhost:8787', signingKey: 'test-key' };
const NOW = Date.UTC(2026, 10, 1); // ms
const EXPIRES = NOW / 1000 + 3600;

describe('signed storage URLs', () => {
  test('the format, and what verifying gives back', () => {
    const url = signStorageUrl(site, { path: 'g/public/brochure.txt', expires: EXPIRES });
    expect(url).toMatch(
      /^http:\/\/localhost:8787\/storage\/_default\/g\/public\/brochure\.txt\?expires=1793494800&signature=[0-9a-f]{64}$/,
    );
    expect(verifyStorageUrl(site, url, NOW)).toEqual({
      ok: true,
      bucket: null,
      path: 'g/public/brochure.txt',
      sitePath: 'files/g/public/brochure.txt',
      expires: EXPIRES,
    });
    // a named bucket
    const b = signStorageUrl(site, { bucket: 'archive', path: '2025/summary.txt', expires: EXPIRES });
    expect(b.startsWith('http://localhost:8787/storage/archive/2025/summary.txt?expires=')).toBe(true);
    expect(verifyStorageUrl(site, b, NOW)).toMatchObject({
      ok: true,
      bucket: 'archive',
      path: '2025/summary.txt',
      sitePath: 'buckets/archive/2025/summary.txt',
    });
  });

  test('the path and query alone verify too (what a server sees), whatever the host', () => {
    const url = signStorageUrl(site, { path: 'a/x.pdf', expires: EXPIRES });
    const pathAndQuery = url.slice('http://localhost:8787'.length);
    expect(verifyStorageUrl(site, pathAndQuery, NOW).ok).toBe(true);
    expect(verifyStorageUrl(site, `https://cdn.example.com${pathAndQuery}`, NOW).ok).toBe(true);
    expect(verifyStorageUrl(site, `${url}#fragment`, NOW).ok).toBe(true);
  });

  test('a base URL with a path of its own', () => {
    const sub = { storageBaseUrl: 'https://example.com/site1', signingKey: 'k' };
    const url = signStorageUrl(sub, { path: 'g/a.txt', expires: EXPIRES });
    expect(url.startsWith('https://example.com/site1/storage/_default/g/a.txt?')).toBe(true);
    expect(verifyStorageUrl(sub, url, NOW).ok).toBe(true);
    expect(verifyStorageUrl(sub, url.replace('/site1', ''), NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  test('names with spaces, non-ASCII and reserved characters round-trip, in one canonical spelling', () => {
    const key = 'g/報告 2026/a+b&c=d?#%.txt';
    const url = signStorageUrl(site, { path: key, expires: EXPIRES });
    expect(url).toContain('/g/%E5%A0%B1%E5%91%8A%202026/a%2Bb%26c%3Dd%3F%23%25.txt?');
    expect(verifyStorageUrl(site, url, NOW)).toMatchObject({ ok: true, path: key });
    // the same bytes spelled another way are not this URL
    expect(verifyStorageUrl(site, url.replace('%E5%A0%B1', '%e5%a0%b1'), NOW)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyStorageUrl(site, url.replace('/g/', '/%67/'), NOW)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  test('a key that is not UTF-8 (a cp932 name) round-trips byte for byte', async () => {
    const { fromBytes } = await import('@sumi/php');
    const key = `g/${fromBytes(Uint8Array.of(0x83, 0x65, 0x83, 0x58, 0x83, 0x67))}.csv`; // テスト in cp932
    const url = signStorageUrl(site, { path: key, expires: EXPIRES });
    expect(url).toContain('/g/%83e%83X%83g.csv?');
    expect(verifyStorageUrl(site, url, NOW)).toMatchObject({ ok: true, path: key });
  });

  test('valid up to its second, expired after', () => {
    const url = signStorageUrl(site, { path: 'g/x', expires: EXPIRES });
    expect(verifyStorageUrl(site, url, EXPIRES * 1000).ok).toBe(true);
    expect(verifyStorageUrl(site, url, EXPIRES * 1000 + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyStorageUrl(site, url, NOW + 86_400_000)).toEqual({ ok: false, reason: 'expired' });
  });

  test('another key, another URL: a URL of one site does not open another', () => {
    const url = signStorageUrl(site, { path: 'g/x', expires: EXPIRES });
    expect(verifyStorageUrl({ ...site, signingKey: 'other' }, url, NOW)).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  test('every byte of the path, expires and signature, changed, is refused', () => {
    const url = signStorageUrl(site, { bucket: 'archive', path: 'dir/file-1.txt', expires: EXPIRES });
    const start = url.indexOf('/storage/') + '/storage/'.length;
    let checked = 0;
    for (let i = start; i < url.length; i++) {
      const c = url[i]!;
      // a structural character changed turns the URL into another shape: refused as well, checked below
      for (const r of ['0', '1', 'a', 'f', 'A', 'z', '%', '/', '.', '-', '&', '=']) {
        if (r === c) continue;
        const tampered = url.slice(0, i) + r + url.slice(i + 1);
        const v = verifyStorageUrl(site, tampered, NOW);
        expect(v.ok, `${tampered}`).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // and one byte dropped, one added
    for (let i = start; i < url.length; i++) {
      expect(verifyStorageUrl(site, url.slice(0, i) + url.slice(i + 1), NOW).ok).toBe(false);
      expect(verifyStorageUrl(site, `${url.slice(0, i)}x${url.slice(i)}`, NOW).ok).toBe(false);
    }
  });

  test('a changed expiry is tampering even when the time has passed', () => {
    const url = signStorageUrl(site, { path: 'g/x', expires: EXPIRES });
    const later = url.replace(`expires=${EXPIRES}`, `expires=${EXPIRES + 86400}`);
    expect(verifyStorageUrl(site, later, NOW)).toEqual({ ok: false, reason: 'tampered' });
    expect(verifyStorageUrl(site, later, NOW + 10 * 86_400_000)).toEqual({ ok: false, reason: 'tampered' });
    const sig = url.slice(url.indexOf('signature=') + 10);
    expect(verifyStorageUrl(site, url.replace(sig, sig.toUpperCase()), NOW)).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  test('unsigned and malformed URLs', () => {
    const url = signStorageUrl(site, { path: 'g/x', expires: EXPIRES });
    const [base, query] = url.split('?') as [string, string];
    const [exp, sig] = query.split('&') as [string, string];
    expect(verifyStorageUrl(site, base, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(verifyStorageUrl(site, `${base}?${exp}`, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(verifyStorageUrl(site, `${base}?${sig}`, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(verifyStorageUrl(site, `${base}?${exp}&signature=`, NOW)).toEqual({
      ok: false,
      reason: 'unsigned',
    });
    expect(verifyStorageUrl(site, `${base}?${sig}&${exp}`, NOW).ok).toBe(true); // order does not matter
    for (const bad of [
      `${url}&extra=1`,
      `${url}&${exp}`,
      `${base}?expires=0${EXPIRES}&${sig}`,
      `${base}?expires=+${EXPIRES}&${sig}`,
      `${base}?expires=${EXPIRES}.0&${sig}`,
      url.replace('/storage/_default/g/x', '/storage/_default/g/../x'),
      url.replace('/storage/_default/g/x', '/storage/_default/g/./x'),
      url.replace('/storage/_default/g/x', '/storage/_default/g//x'),
      url.replace('/storage/_default/g/x', '/storage/_default/g/%2E%2E/x'),
      url.replace('/storage/_default/g/x', '/storage/_default/g/a%2Fb'),
      url.replace('/storage/_default/g/x', '/storage/_default/g/%00'),
      url.replace('/storage/_default/g/x', '/storage/_default/g/a%5Cb'),
      url.replace('/storage/_default/g/x', '/storage/_default/user/x'),
      url.replace('/storage/_default/g/x', '/storage/../g/x'),
      url.replace('/storage/_default/g/x', '/storage/_default'),
      url.replace('/storage/', '/files/'),
      'not a url',
      '',
    ]) {
      expect(verifyStorageUrl(site, bad, NOW), bad).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  test('signing refuses what it could never verify', () => {
    expect(() => signStorageUrl(site, { path: 'user/x', expires: EXPIRES })).toThrow(RangeError);
    expect(() => signStorageUrl(site, { path: 'g/../x', expires: EXPIRES })).toThrow(RangeError);
    expect(() => signStorageUrl(site, { path: '', expires: EXPIRES })).toThrow(RangeError);
    expect(() => signStorageUrl(site, { bucket: '../b', path: 'x', expires: EXPIRES })).toThrow(RangeError);
    expect(() => signStorageUrl(site, { path: 'g/x', expires: 1.5 })).toThrow(RangeError);
  });
});
