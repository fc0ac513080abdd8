/**
 * What api (and the CMS API calls) need to build a request: the URL with `query`/`queries`,
 * `Name: value` headers, PHP's http_build_query, multipart bodies, and the temporary area read
 * structurally (`ctx.services.site`, never an import of @sumi/plugins-io).
 */
import { PhpArray, PhpObject, toBytes, toStr, urlencodeBytes, type Value } from '@sumi/php';
import type { RenderContext } from '@sumi/runtime';
import { failure } from '../failure';

/** PHP's http_build_query (RFC 1738: space as `+`), nested arrays as `a%5Bb%5D=` */
export function httpBuildQuery(data: PhpArray): string {
  const out: string[] = [];
  const walk = (arr: PhpArray, prefix: string | null) => {
    arr.forEach((v, k) => {
      const name =
        prefix === null
          ? urlencodeBytes(String(k), false)
          : `${prefix}%5B${urlencodeBytes(String(k), false)}%5D`;
      if (v instanceof PhpArray) walk(v, name);
      else if (v instanceof PhpObject) walk(v.props, name);
      if (v === null || v instanceof PhpArray || v instanceof PhpObject) return;
      const text = typeof v === 'boolean' ? (v ? '1' : '0') : toStr(v);
      out.push(`${name}=${urlencodeBytes(text, false)}`);
    });
  };
  walk(data, null);
  return out.join('&');
}

/** `endpoint` with `query` and `queries` appended to its own query string (a fragment is dropped) */
export function buildUrl(endpoint: string, query: string, queries: PhpArray | undefined): string {
  let base = endpoint.trim();
  const hash = base.indexOf('#');
  if (hash >= 0) base = base.slice(0, hash);
  let u: URL;
  try {
    u = new URL(base);
  } catch {
    throw failure('NET_BAD_VALUE', `endpoint is not an absolute URL: ${JSON.stringify(base.slice(0, 200))}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw failure('NET_BAD_VALUE', `endpoint must be http:// or https:// (not ${u.protocol})`);
  }
  const extra = [query.replace(/^[?&]+/, ''), queries?.size ? httpBuildQuery(queries) : ''].filter(
    (s) => s !== '',
  );
  if (extra.length === 0) return base;
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}${extra.join('&')}`;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `headers` (an array of `Name: value` strings) as pairs; a malformed one is NET_BAD_VALUE */
export function parseHeaders(headers: PhpArray | undefined): [string, string][] {
  const out: [string, string][] = [];
  headers?.forEach((v) => {
    if (v === null || v === '') return;
    if (v instanceof PhpArray || v instanceof PhpObject) {
      throw failure('NET_BAD_VALUE', 'headers: every element must be a string `Name: value`');
    }
    const line = toStr(v);
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!TOKEN.test(name)) {
      throw failure('NET_BAD_VALUE', 'headers: an element is not of the form `Name: value`');
    }
    const value = line.slice(colon + 1).trim();
    if (/[\r\n\0]/.test(value))
      throw failure('NET_BAD_VALUE', `headers: the value of ${name} has a line break`);
    out.push([name, value]);
  });
  return out;
}

export function headerValue(headers: [string, string][], name: string): string | undefined {
  const n = name.toLowerCase();
  return headers.find(([k]) => k.toLowerCase() === n)?.[1];
}

/** the part of `ctx.services.site` api, api_mng and generate_pdf use (plugins-io's Site has it); structural on purpose */
interface TempSite {
  tempDir?: string;
  fs: {
    read(path: string): Promise<Uint8Array>;
    write?(path: string, data: Uint8Array): Promise<void>;
    stat?(path: string): Promise<unknown>;
  };
}

export function tempSite(ctx: RenderContext, what: string): TempSite {
  const site = (ctx.services as unknown as { site?: TempSite }).site;
  if (!site || typeof site.fs?.read !== 'function') {
    throw failure('NET_FILE', `${what} needs a site (its files): none is configured`);
  }
  return site;
}

/**
 * A relative path whose every segment is a plain name: not empty, no `.`/`..` segment or empty one,
 * no NUL, backslash or percent-encoded dot, slash or backslash (the fs adapter keeps symbolic links in).
 */
export function plainRelative(p: string): boolean {
  return (
    p !== '' &&
    !/[\0\\]|%2e|%2f|%5c/i.test(p) &&
    !p.split('/').some((s) => s === '' || s === '.' || s === '..')
  );
}

/** a path of the temporary area (relative, or absolute under TEMP_DIR2) as the site path `temp/...` */
export function tempPath(site: TempSite, input: string): { path: string; sub: string } {
  let p = input.trim();
  const temp = (site.tempDir ?? '').replace(/\/+$/, '');
  if (temp && (p === temp || p.startsWith(`${temp}/`))) p = p.slice(temp.length);
  p = p.replace(/^\/+/, '');
  if (!plainRelative(p)) {
    throw failure('NET_FILE', `not a file of the temporary area: ${JSON.stringify(input.slice(0, 200))}`);
  }
  return { path: `temp/${p}`, sub: p };
}

export async function readTemp(
  ctx: RenderContext,
  input: string,
): Promise<{ name: string; data: Uint8Array }> {
  const site = tempSite(ctx, 'files');
  const p = tempPath(site, input);
  try {
    const data = await site.fs.read(p.path);
    return { name: p.sub.slice(p.sub.lastIndexOf('/') + 1), data };
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw failure(
      'NET_FILE',
      `files: ${p.sub} cannot be read (${code === 'NOT_FOUND' ? 'no such file' : (code ?? 'error')})`,
    );
  }
}

const TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
};

export function contentTypeOf(name: string): string {
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  return TYPES[ext] ?? 'application/octet-stream';
}

export interface Part {
  name: string;
  value: Uint8Array;
  filename?: string;
  type?: string;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function contains(hay: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const quoted = (s: string) => s.replace(/["\r\n\\]/g, (c) => (c === '"' ? '%22' : c === '\\' ? '\\\\' : ''));

/**
 * multipart/form-data, with a deterministic boundary (`sumi-boundary-<n>`, the first that no part
 * contains): the same request gives the same bytes, so the cache key and the fake's record are stable
 */
export function multipart(parts: Part[]): { body: Uint8Array; contentType: string } {
  let n = 0;
  let boundary = 'sumi-boundary-0';
  while (parts.some((p) => contains(p.value, toBytes(boundary)))) boundary = `sumi-boundary-${++n}`;
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(p.name)}"`;
    if (p.filename !== undefined)
      head += `; filename="${quoted(p.filename)}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
    chunks.push(toBytes(`${head}\r\n\r\n`), p.value, toBytes('\r\n'));
  }
  chunks.push(toBytes(`--${boundary}--\r\n`));
  return { body: concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** the fields of a form array (nested keys as `a[b]`), for multipart */
export function formFields(data: PhpArray): Part[] {
  const out: Part[] = [];
  const walk = (arr: PhpArray, prefix: string | null) => {
    arr.forEach((v, k) => {
      const name = prefix === null ? String(k) : `${prefix}[${String(k)}]`;
      if (v instanceof PhpArray) walk(v, name);
      else if (v instanceof PhpObject) walk(v.props, name);
      if (v === null || v instanceof PhpArray || v instanceof PhpObject) return;
      out.push({ name, value: toBytes(typeof v === 'boolean' ? (v ? '1' : '0') : toStr(v as Value)) });
    });
  };
  walk(data, null);
  return out;
}
