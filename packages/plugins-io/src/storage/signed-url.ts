/**
 * Signed read URLs of object storage: `storage_url` makes them, `sumi serve` checks them before it
 * answers. One module does both, so the two can never disagree on the format.
 *
 *   ${site.storageBaseUrl}/storage/<bucket>/<key>?expires=<unix seconds>&signature=<hex>
 *
 * - `<bucket>` is `_default` for the default bucket (the site's `files/g/` and `files/a/`: the key
 *   then starts with `g/` or `a/`), otherwise the bucket's name (`buckets/<name>/` of the site;
 *   bucket names never start with `_`, see checkBucket in paths.ts);
 * - `<key>` is the object's path inside the bucket, each segment percent-encoded byte by byte
 *   (everything but A-Z a-z 0-9 - . _ ~, upper-case hex): one canonical spelling per key;
 * - `signature` is HMAC-SHA256 with `site.signingKey` over `sumi-storage-v1`, the bucket, the key and
 *   `expires`, one per line, in lower-case hex.
 *
 * Verifying accepts the full URL or only its path and query (what an HTTP server sees); the host is
 * not signed, so the same URL works behind another host name. Anything but the canonical form is
 * refused: an extra or repeated query parameter, a non-canonical escape, `expires` with a sign or
 * leading zeros, an upper-case signature. The signature is compared in constant time.
 */
import { digestText, fromBytes, phpHash, toBytes } from '@sumi/php';

/** what signing needs of a site */
export interface SigningSite {
  /** no trailing slash, e.g. `http://localhost:8787` */
  readonly storageBaseUrl: string;
  readonly signingKey: string;
}

export interface StorageObject {
  /** the bucket's name; null, undefined or '' for the default bucket */
  bucket?: string | null;
  /** the key inside the bucket: `g/public/a.pdf` (default bucket), `2025/summary.txt` */
  path: string;
  /** Unix time in seconds after which the URL no longer opens */
  expires: number;
}

export type VerifyFailure = 'expired' | 'tampered' | 'unsigned' | 'malformed';

export type VerifyResult =
  | {
      ok: true;
      /** null for the default bucket */
      bucket: string | null;
      /** the key inside the bucket */
      path: string;
      /** where the object lives in the site: `files/g/...` or `buckets/<name>/...` */
      sitePath: string;
      expires: number;
    }
  | { ok: false; reason: VerifyFailure };

const DEFAULT_BUCKET = '_default';
const BUCKET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
const encoder = new TextEncoder();

/** the bucket segment of a URL, checked */
function bucketSegment(bucket: string | null | undefined): string {
  if (bucket === null || bucket === undefined || bucket === '') return DEFAULT_BUCKET;
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..'))
    throw new RangeError(`not a valid bucket name: ${JSON.stringify(bucket)}`);
  return bucket;
}

/** a key's segments, or null when it is not a plain relative path */
function keySegments(key: string, defaultBucket: boolean): string[] | null {
  if (key === '') return null;
  const segments = key.split('/');
  for (const s of segments) {
    if (s === '' || s === '.' || s === '..' || s.includes('\\') || /[\u0000-\u001f\u007f]/.test(s))
      return null;
  }
  if (defaultBucket && segments[0] !== 'g' && segments[0] !== 'a') return null;
  return segments;
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** percent-encodes one segment's bytes (the canonical spelling) */
function encodeSegment(segment: string): string {
  let out = '';
  for (const b of toBytes(segment)) {
    const c = String.fromCharCode(b);
    out += b < 0x80 && UNRESERVED.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** the bytes a segment spells, or null when an escape is broken */
function decodeSegment(segment: string): string | null {
  const bytes: number[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c === 0x25) {
      const hex = segment.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (c < 0x80) bytes.push(c);
    else return null;
  }
  return fromBytes(Uint8Array.from(bytes));
}

function signature(site: SigningSite, bucket: string, key: string, expires: number): string {
  const message = toBytes(`sumi-storage-v1\n${bucket}\n${key}\n${expires}`);
  return digestText(phpHash('sha256', message, encoder.encode(site.signingKey)), false);
}

/** a signed read URL of one object */
export function signStorageUrl(site: SigningSite, object: StorageObject): string {
  const bucket = bucketSegment(object.bucket);
  // the key as its bytes spell it (a stray UTF-16 surrogate is U+FFFD, as in every PHP string op)
  const key = fromBytes(toBytes(object.path));
  const segments = keySegments(key, bucket === DEFAULT_BUCKET);
  if (segments === null) throw new RangeError(`not a valid object key: ${JSON.stringify(object.path)}`);
  if (!Number.isSafeInteger(object.expires) || object.expires < 0)
    throw new RangeError(`expires must be a Unix time in seconds, got ${object.expires}`);
  const sig = signature(site, bucket, key, object.expires);
  const encoded = segments.map(encodeSegment).join('/');
  return `${site.storageBaseUrl}/storage/${bucket}/${encoded}?expires=${object.expires}&signature=${sig}`;
}

/** equal strings of the same length, in time that does not depend on where they differ */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * Checks a URL made by `signStorageUrl` at `nowMs` (ms since the epoch). `url` may be the full URL
 * or its path and query (`/storage/_default/g/a.pdf?expires=…&signature=…`). The checks, in order:
 * the shape (malformed), the presence of both parameters (unsigned), the signature (tampered), the
 * time (expired): a tampered URL whose time has also passed says tampered.
 */
export function verifyStorageUrl(site: SigningSite, url: string, nowMs: number): VerifyResult {
  const fail = (reason: VerifyFailure): VerifyResult => ({ ok: false, reason });
  if (typeof url !== 'string') return fail('malformed');
  const hash = url.indexOf('#');
  const noFragment = hash === -1 ? url : url.slice(0, hash);
  const q = noFragment.indexOf('?');
  const pathPart = (q === -1 ? noFragment : noFragment.slice(0, q)).replace(ORIGIN, '');
  const query = q === -1 ? '' : noFragment.slice(q + 1);

  const basePath = site.storageBaseUrl.replace(ORIGIN, '').replace(/\/+$/, '');
  const prefix = `${basePath}/storage/`;
  if (!pathPart.startsWith(prefix)) return fail('malformed');
  const rest = pathPart.slice(prefix.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return fail('malformed');
  const bucket = rest.slice(0, slash);
  if (bucket !== DEFAULT_BUCKET && (!BUCKET_NAME.test(bucket) || bucket.includes('..')))
    return fail('malformed');
  const rawSegments = rest.slice(slash + 1).split('/');
  const segments: string[] = [];
  for (const raw of rawSegments) {
    const s = decodeSegment(raw);
    // one spelling per key: a lower-case escape, an escaped unreserved character or an escaped '/'
    // (a segment separator signing never escapes) is not ours
    if (s === null || s.includes('/') || encodeSegment(s) !== raw) return fail('malformed');
    segments.push(s);
  }
  const key = segments.join('/');
  if (keySegments(key, bucket === DEFAULT_BUCKET) === null) return fail('malformed');

  const params = new Map<string, string>();
  if (query !== '') {
    for (const pair of query.split('&')) {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if ((name !== 'expires' && name !== 'signature') || params.has(name)) return fail('malformed');
      params.set(name, eq === -1 ? '' : pair.slice(eq + 1));
    }
  }
  const expiresText = params.get('expires');
  const sig = params.get('signature');
  if (expiresText === undefined || sig === undefined || sig === '') return fail('unsigned');
  if (!/^(?:0|[1-9][0-9]{0,15})$/.test(expiresText)) return fail('malformed');
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(expires)) return fail('malformed');
  if (!/^[0-9a-f]{64}$/.test(sig)) return fail('tampered');

  if (!constantTimeEqual(sig, signature(site, bucket, key, expires))) return fail('tampered');
  if (nowMs > expires * 1000) return fail('expired');
  const isDefault = bucket === DEFAULT_BUCKET;
  return {
    ok: true,
    bucket: isDefault ? null : bucket,
    path: key,
    sitePath: isDefault ? `files/${key}` : `buckets/${bucket}/${key}`,
    expires,
  };
}
