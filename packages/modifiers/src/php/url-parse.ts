/**
 * PHP's URL splitting (ext/standard/url.c, php_url_parse_ex2) and path splitting (pathinfo,
 * dirname, basename), ported for their exact quirks: `a.com:80` is a host and port, `mailto:x` has
 * no host, a port over 65535 makes the whole URL invalid, control characters become `_`.
 * Works on strings whose characters stand for bytes; every delimiter looked at is ASCII.
 */
import { phpIntConstant, replaceMatches } from '@sumi/php';

export interface ParsedUrl {
  scheme?: string;
  host?: string;
  port?: number;
  user?: string;
  pass?: string;
  path?: string;
  query?: string;
  fragment?: string;
}

/** The components in the order parse_url() returns them. */
export const URL_COMPONENTS = [
  'scheme',
  'host',
  'port',
  'user',
  'pass',
  'path',
  'query',
  'fragment',
] as const;

const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** iscntrl() characters become `_`, as php_replace_controlchars_ex does. */
function clean(s: string): string {
  return replaceMatches(s, CONTROL_CHAR, () => '_');
}

const CONTROL_CHAR = /[\x00-\x1f\x7f]/g;

/** strtol on at most 5 digits that were checked to be digits (or an empty string: NaN). */
function portOf(digits: string): number {
  return digits === '' ? Number.NaN : Number.parseInt(digits, 10);
}

/** parse_url() of `str`, or null where PHP returns false. */
export function parseUrl(str: string): ParsedUrl | null {
  const ret: ParsedUrl = {};
  const ue = str.length;
  let s = 0;
  let e = -1;
  let p: number;
  let pp: number;

  const colon = str.indexOf(':');
  type Step = 'scheme' | 'port' | 'host' | 'path';
  let step: Step;
  if (colon > 0) {
    e = colon;
    step = 'scheme';
  } else if (colon === 0) {
    e = colon;
    step = 'port';
  } else if (s + 1 < ue && str[s] === '/' && str[s + 1] === '/') {
    s += 2;
    step = 'host';
  } else {
    step = 'path';
  }

  if (step === 'scheme') {
    let valid = true;
    for (p = s; p < e; p++) {
      const c = str[p];
      if (!isAlpha(c) && !isDigit(c) && c !== '+' && c !== '.' && c !== '-') {
        valid = false;
        break;
      }
    }
    if (!valid) {
      const q = str.indexOf('?');
      if (e + 1 < ue && (q < 0 || e < q)) {
        step = 'port';
      } else if (s + 1 < ue && str[s] === '/' && str[s + 1] === '/') {
        s += 2;
        step = 'host';
      } else {
        step = 'path';
      }
    } else if (e + 1 === ue) {
      ret.scheme = clean(str.slice(s, e));
      return ret;
    } else if (str[e + 1] !== '/') {
      // mailto:, zlib: ... have no slash; but `a.com:80` is a host and a port
      p = e + 1;
      while (p < ue && isDigit(str[p])) p++;
      if ((p === ue || str[p] === '/') && p - e < 7) {
        step = 'port';
      } else {
        ret.scheme = clean(str.slice(s, e));
        s = e + 1;
        step = 'path';
      }
    } else {
      ret.scheme = clean(str.slice(s, e));
      if (e + 2 < ue && str[e + 2] === '/') {
        s = e + 3;
        step = 'host';
        if (ret.scheme.toLowerCase() === 'file' && e + 3 < ue && str[e + 3] === '/') {
          // file:///c:/dir/file.txt keeps the drive letter in the path
          if (e + 5 < ue && str[e + 5] === ':') s = e + 4;
          step = 'path';
        }
      } else {
        s = e + 1;
        step = 'path';
      }
    }
  }

  if (step === 'port') {
    p = e + 1;
    pp = p;
    while (pp < ue && pp - p < 6 && isDigit(str[pp])) pp++;
    if (pp - p > 0 && pp - p < 6 && (pp === ue || str[pp] === '/')) {
      const port = portOf(str.slice(p, pp));
      if (port >= 0 && port <= 65535) {
        ret.port = port;
        if (s + 1 < ue && str[s] === '/' && str[s + 1] === '/') s += 2;
        step = 'host';
      } else {
        return null;
      }
    } else if (p === pp && pp === ue) {
      return null;
    } else if (s + 1 < ue && str[s] === '/' && str[s + 1] === '/') {
      s += 2;
      step = 'host';
    } else {
      step = 'path';
    }
  }

  if (step === 'host') {
    e = s;
    while (e < ue && str[e] !== '/' && str[e] !== '?' && str[e] !== '#') e++;
    // user and password
    const at = str.lastIndexOf('@', e - 1);
    if (at >= s) {
      const c = str.indexOf(':', s);
      if (c >= 0 && c < at) {
        ret.user = clean(str.slice(s, c));
        ret.pass = clean(str.slice(c + 1, at));
      } else {
        ret.user = clean(str.slice(s, at));
      }
      s = at + 1;
    }
    // port (not inside an IPv6 literal)
    let pc: number;
    if (s < ue && str[s] === '[' && str[e - 1] === ']') {
      pc = -1;
    } else {
      pc = str.lastIndexOf(':', e - 1);
      if (pc < s) pc = -1;
    }
    if (pc >= 0) {
      if (ret.port === undefined) {
        const digits = str.slice(pc + 1, e);
        if (digits.length > 5) return null;
        if (digits.length > 0) {
          const port = strtolPrefix(digits);
          if (port !== null && port >= 0 && port <= 65535) ret.port = port;
          else return null;
        }
      }
      p = pc;
    } else {
      p = e;
    }
    if (p - s < 1) return null;
    ret.host = clean(str.slice(s, p));
    if (e === ue) return ret;
    s = e;
  }

  // path, query, fragment
  e = ue;
  const hash = str.indexOf('#', s);
  if (hash >= 0) {
    ret.fragment = clean(str.slice(hash + 1, e));
    e = hash;
  }
  const q = str.indexOf('?', s);
  if (q >= 0 && q < e) {
    ret.query = clean(str.slice(q + 1, e));
    e = q;
  }
  if (s < e || s === ue) ret.path = clean(str.slice(s, e));
  return reorder(ret);
}

/** strtol(): leading digits (after optional spaces and sign); null when none. */
function strtolPrefix(s: string): number | null {
  const m = /^[ \t\n\v\f\r]*([+-]?\d+)/.exec(s);
  return m ? Number.parseInt(m[1], 10) : null;
}

function reorder(u: ParsedUrl): ParsedUrl {
  const out: ParsedUrl = {};
  for (const k of URL_COMPONENTS) if (u[k] !== undefined) (out as Record<string, unknown>)[k] = u[k];
  return out;
}

/** dirname() with levels = 1 (zend_dirname, `/` only). */
export function dirname(path: string): string {
  if (path.length === 0) return '';
  let end = path.length - 1;
  while (end >= 0 && path[end] === '/') end--;
  if (end < 0) return '/';
  while (end >= 0 && path[end] !== '/') end--;
  if (end < 0) return '.';
  while (end >= 0 && path[end] === '/') end--;
  if (end < 0) return '/';
  return path.slice(0, end + 1);
}

/** basename() without suffix. */
export function basename(path: string): string {
  let end = path.length - 1;
  while (end >= 0 && path[end] === '/') end--;
  if (end < 0) return '';
  let start = end;
  while (start > 0 && path[start - 1] !== '/') start--;
  return path.slice(start, end + 1);
}

export const PATHINFO = {
  DIRNAME: phpIntConstant('PATHINFO_DIRNAME'),
  BASENAME: phpIntConstant('PATHINFO_BASENAME'),
  EXTENSION: phpIntConstant('PATHINFO_EXTENSION'),
  FILENAME: phpIntConstant('PATHINFO_FILENAME'),
  ALL: phpIntConstant('PATHINFO_ALL'),
};

/** pathinfo(): the parts selected by `flags`, in PHP's order, as [key, value] pairs. */
export function pathinfo(path: string, flags: number): [string, string][] {
  const out: [string, string][] = [];
  if ((flags & PATHINFO.DIRNAME) === PATHINFO.DIRNAME) {
    const d = dirname(path);
    if (d !== '') out.push(['dirname', d]);
  }
  const base = basename(path);
  if ((flags & PATHINFO.BASENAME) === PATHINFO.BASENAME) out.push(['basename', base]);
  const dot = base.lastIndexOf('.');
  if ((flags & PATHINFO.EXTENSION) === PATHINFO.EXTENSION && dot >= 0) {
    out.push(['extension', base.slice(dot + 1)]);
  }
  if ((flags & PATHINFO.FILENAME) === PATHINFO.FILENAME) {
    out.push(['filename', dot >= 0 ? base.slice(0, dot) : base]);
  }
  return out;
}
