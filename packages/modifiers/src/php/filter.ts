/**
 * filter_var() (ext/filter): the validate filters (int, float, bool, email, url, ip, mac, domain,
 * regexp), FILTER_DEFAULT, flags and the options array (`default`, `min_range`, `max_range`,
 * `decimal`, `regexp`), ported from PHP 8.2's logical_filters.c.
 */
import {
  isNumericString,
  makeFloat,
  PcreError,
  PhpArray,
  PhpObject,
  pcreMatches,
  phpIntConstant,
  StringBuilder,
  toBinary,
  toFloat,
  toInt,
  toStr,
  type Value,
} from '@sumi/php';
import { parseUrl } from './url-parse';

/** the FILTER_* constants this implementation reads, from the PHP constant table */
export const FILTER = {
  VALIDATE_INT: phpIntConstant('FILTER_VALIDATE_INT'),
  VALIDATE_BOOL: phpIntConstant('FILTER_VALIDATE_BOOL'),
  VALIDATE_FLOAT: phpIntConstant('FILTER_VALIDATE_FLOAT'),
  VALIDATE_REGEXP: phpIntConstant('FILTER_VALIDATE_REGEXP'),
  VALIDATE_URL: phpIntConstant('FILTER_VALIDATE_URL'),
  VALIDATE_EMAIL: phpIntConstant('FILTER_VALIDATE_EMAIL'),
  VALIDATE_IP: phpIntConstant('FILTER_VALIDATE_IP'),
  VALIDATE_MAC: phpIntConstant('FILTER_VALIDATE_MAC'),
  VALIDATE_DOMAIN: phpIntConstant('FILTER_VALIDATE_DOMAIN'),
  UNSAFE_RAW: phpIntConstant('FILTER_UNSAFE_RAW'),
  FLAG_ALLOW_OCTAL: phpIntConstant('FILTER_FLAG_ALLOW_OCTAL'),
  FLAG_ALLOW_HEX: phpIntConstant('FILTER_FLAG_ALLOW_HEX'),
  FLAG_ALLOW_FRACTION: phpIntConstant('FILTER_FLAG_ALLOW_FRACTION'),
  FLAG_ALLOW_THOUSAND: phpIntConstant('FILTER_FLAG_ALLOW_THOUSAND'),
  FLAG_PATH_REQUIRED: phpIntConstant('FILTER_FLAG_PATH_REQUIRED'),
  FLAG_QUERY_REQUIRED: phpIntConstant('FILTER_FLAG_QUERY_REQUIRED'),
  FLAG_IPV4: phpIntConstant('FILTER_FLAG_IPV4'),
  FLAG_IPV6: phpIntConstant('FILTER_FLAG_IPV6'),
  FLAG_NO_RES_RANGE: phpIntConstant('FILTER_FLAG_NO_RES_RANGE'),
  FLAG_NO_PRIV_RANGE: phpIntConstant('FILTER_FLAG_NO_PRIV_RANGE'),
  FLAG_GLOBAL_RANGE: phpIntConstant('FILTER_FLAG_GLOBAL_RANGE'),
  FLAG_HOSTNAME: phpIntConstant('FILTER_FLAG_HOSTNAME'),
  FLAG_EMAIL_UNICODE: phpIntConstant('FILTER_FLAG_EMAIL_UNICODE'),
  REQUIRE_SCALAR: phpIntConstant('FILTER_REQUIRE_SCALAR'),
  REQUIRE_ARRAY: phpIntConstant('FILTER_REQUIRE_ARRAY'),
  FORCE_ARRAY: phpIntConstant('FILTER_FORCE_ARRAY'),
  NULL_ON_FAILURE: phpIntConstant('FILTER_NULL_ON_FAILURE'),
};

/** The filters Sumi implements (others: "Unknown filter" as in PHP, or not implemented). */
const KNOWN = new Set<number>([257, 258, 259, 272, 273, 274, 275, 276, 277, 516]);
/** Sanitize filters and FILTER_CALLBACK: real PHP filters Sumi does not implement. */
const NOT_IMPLEMENTED = new Set<number>([513, 514, 515, 517, 518, 519, 520, 522, 523, 1024]);

const FAIL = Symbol('fail');
type Result = Value | typeof FAIL;

interface Options {
  flags: number;
  options: PhpArray | null;
}

/**
 * php_filter_int's trim (space, \t, \r, \v, \n at both ends), by scanning: the regex
 * /^[…]+|[…]+$/g is quadratic on a long run of spaces that is not at the end.
 */
function trimFilter(s: string): string {
  const edge = (c: number) => c === 32 || c === 9 || c === 13 || c === 11 || c === 10;
  let a = 0;
  let b = s.length;
  while (a < b && edge(s.charCodeAt(a))) a++;
  while (b > a && edge(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

function validateInt(s: string, o: Options): Result {
  if (s.length === 0) return FAIL;
  const t = trimFilter(s);
  let value: number | bigint;
  if (t[0] === '0') {
    const rest = t.slice(1);
    if (o.flags & FILTER.FLAG_ALLOW_HEX && (rest[0] === 'x' || rest[0] === 'X')) {
      if (!/^[0-9a-fA-F]+$/.test(rest.slice(1))) return FAIL;
      value = BigInt(`0x${rest.slice(1)}`);
    } else if (o.flags & FILTER.FLAG_ALLOW_OCTAL && rest.length > 0) {
      const digits = rest[0] === 'o' || rest[0] === 'O' ? rest.slice(1) : rest;
      if (!/^[0-7]+$/.test(digits)) return FAIL;
      value = BigInt(`0o${digits}`);
    } else if (rest.length !== 0) {
      return FAIL;
    } else {
      value = 0;
    }
    if (typeof value === 'bigint' && value > 18446744073709551615n) return FAIL;
  } else {
    const m = /^([+-]?)(0|[1-9][0-9]*)$/.exec(t);
    if (!m) return FAIL;
    if (m[2] === '0') value = 0;
    else {
      value = BigInt(m[1] + m[2]);
      if (value > 9223372036854775807n || value < -9223372036854775808n) return FAIL;
    }
  }
  let big = BigInt(value);
  // an unsigned hex/octal value beyond int64 wraps like the C cast
  if (big > 9223372036854775807n) big -= 18446744073709551616n;
  const min = o.options?.get('min_range');
  const max = o.options?.get('max_range');
  if (min !== undefined && big < BigInt(toInt(min))) return FAIL;
  if (max !== undefined && big > BigInt(toInt(max))) return FAIL;
  const n = Number(big);
  return Number.isSafeInteger(n) ? n : big;
}

function validateBool(s: string): Result {
  const t = trimFilter(s).toLowerCase();
  if (t === '1' || t === 'true' || t === 'on' || t === 'yes') return true;
  if (t === '0' || t === 'false' || t === 'off' || t === 'no' || t === '') return false;
  return FAIL;
}

function validateFloat(s: string, o: Options): Result {
  const str = trimFilter(s);
  if (str.length === 0) return FAIL;
  let dec = '.';
  const decOpt = o.options?.get('decimal');
  if (decOpt !== undefined && typeof decOpt === 'string') {
    if (decOpt.length !== 1) return FAIL;
    dec = decOpt;
  }
  const thousandOpt = o.options?.get('thousand');
  const thousands = typeof thousandOpt === 'string' && thousandOpt.length > 0 ? thousandOpt : "',.";
  // the number without its thousands separators, built in chunks (a group per append can be many)
  const num = new StringBuilder();
  let i = 0;
  if (str[i] === '+' || str[i] === '-') num.add(str[i++]);
  let first = true;
  for (;;) {
    const digitsAt = i;
    while (i < str.length && str[i] >= '0' && str[i] <= '9') i++;
    const n = i - digitsAt;
    num.add(str.slice(digitsAt, i));
    if (i === str.length || str[i] === dec || str[i] === 'e' || str[i] === 'E') {
      if (!first && n !== 3) return FAIL;
      if (str[i] === dec) {
        num.add('.');
        const at = ++i;
        while (i < str.length && str[i] >= '0' && str[i] <= '9') i++;
        num.add(str.slice(at, i));
      }
      if (str[i] === 'e' || str[i] === 'E') {
        num.add(str[i++]);
        if (str[i] === '+' || str[i] === '-') num.add(str[i++]);
        const at = i;
        while (i < str.length && str[i] >= '0' && str[i] <= '9') i++;
        num.add(str.slice(at, i));
      }
      break;
    }
    if (o.flags & FILTER.FLAG_ALLOW_THOUSAND && thousands.includes(str[i])) {
      if (first ? n < 1 || n > 3 : n !== 3) return FAIL;
      first = false;
      i++;
    } else {
      return FAIL;
    }
  }
  const text = num.toString();
  if (i !== str.length || !isNumericString(text)) return FAIL;
  const d = Number(text);
  if (!Number.isFinite(d)) return FAIL;
  const min = o.options?.get('min_range');
  const max = o.options?.get('max_range');
  if (min !== undefined && d < toFloat(min)) return FAIL;
  if (max !== undefined && d > toFloat(max)) return FAIL;
  return makeFloat(d);
}

/**
 * PHP's e-mail patterns (php_filter_validate_email: Michael Rushton's, routable addresses only),
 * byte for byte, run through Sumi's PCRE like PHP runs them through PCRE2: the pattern can
 * backtrack catastrophically on hostile input, and then stops at pcre.backtrack_limit (the
 * validation fails, as PHP's does) instead of hanging. With FILTER_FLAG_EMAIL_UNICODE the four
 * local-part classes also take \pL\pN and the pattern has the `u` flag.
 */
function emailPattern(unicode: boolean): string {
  const L = unicode ? '\\pL\\pN' : '';
  const atom = `[\\x21\\x23-\\x27\\x2A\\x2B\\x2D\\x2F-\\x39\\x3D\\x3F\\x5E-\\x7E${L}]+`;
  const quoted = `\\x22(?:[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x21\\x23-\\x5B\\x5D-\\x7F${L}]|(?:\\x5C[\\x00-\\x7F]))*\\x22`;
  const char = '(?:(?:\\x22?\\x5C[\\x00-\\x7E]\\x22?)|(?:\\x22?[^\\x5C\\x22]\\x22?))';
  const octet = '(?:(?:25[0-5])|(?:2[0-4][0-9])|(?:1[0-9]{2})|(?:[1-9]?[0-9]))';
  const domain =
    '(?:(?:(?!.*[^.]{64,})(?:(?:(?:xn--)?[a-z0-9]+(?:-+[a-z0-9]+)*\\.){1,126}){1,}(?:(?:[a-z][a-z0-9]*)|(?:(?:xn--)[a-z0-9]+))(?:-+[a-z0-9]+)*)' +
    '|(?:\\[(?:(?:IPv6:(?:(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){7})|(?:(?!(?:.*[a-f0-9][:\\]]){7,})(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,5})?::(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,5})?)))' +
    '|(?:(?:IPv6:(?:(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){5}:)|(?:(?!(?:.*[a-f0-9]:){5,})(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,3})?::(?:[a-f0-9]{1,4}(?::[a-f0-9]{1,4}){0,3}:)?)))?' +
    `${octet}(?:\\.${octet}){3}))\\]))`;
  return (
    `/^(?!${char}{255,})(?!${char}{65,}@)(?:(?:${atom})|(?:${quoted}))(?:\\.(?:(?:${atom})|(?:${quoted})))*@${domain}$/iD` +
    (unicode ? 'u' : '')
  );
}

export const EMAIL_PATTERN = emailPattern(false);
export const EMAIL_PATTERN_UNICODE = emailPattern(true);

function validateEmail(s: string, o: Options): Result {
  // RFC 2821's 320 octets, checked on the bytes before the pattern runs
  if (toBinary(s).length > 320) return FAIL;
  const pattern = o.flags & FILTER.FLAG_EMAIL_UNICODE ? EMAIL_PATTERN_UNICODE : EMAIL_PATTERN;
  return pcreMatches(pattern, s) ? s : FAIL;
}

function ipv4(s: string): number[] | null {
  // five pieces are enough to tell: a split of every dot would build them all
  const parts = s.split('.', 5);
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^[0-9]{1,3}$/.test(p) || (p.length > 1 && p[0] === '0')) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

function ipv6(s: string): boolean {
  if (!s.includes(':')) return false;
  let str = s;
  let blocks = 0;
  const dot = str.indexOf('.');
  if (dot >= 0) {
    const start = str.lastIndexOf(':', dot) + 1;
    if (ipv4(str.slice(start)) === null) return false;
    let len = start;
    if (len < 2) return false;
    if (str[start - 2] !== ':') len--;
    str = str.slice(0, len);
    blocks = 2;
  }
  let compressed = false;
  let i = 0;
  const end = str.length;
  while (i < end) {
    if (str[i] === ':') {
      if (++i >= end) return false;
      if (str[i] === ':') {
        if (compressed) return false;
        blocks++;
        compressed = true;
        if (++i === end) return blocks <= 8;
      } else if (i - 1 === 0) {
        return false;
      }
    }
    let n = 0;
    while (i < end && /[0-9a-fA-F]/.test(str[i])) {
      n++;
      i++;
    }
    if (n < 1 || n > 4) return false;
    if (++blocks > 8) return false;
  }
  return (compressed && blocks <= 8) || blocks === 8;
}

function validateIp(s: string, o: Options): Result {
  const mode = s.includes(':') ? 6 : s.includes('.') ? 4 : 0;
  if (mode === 0) return FAIL;
  const want4 = (o.flags & FILTER.FLAG_IPV4) !== 0;
  const want6 = (o.flags & FILTER.FLAG_IPV6) !== 0;
  if (want4 !== want6 && ((want4 && mode === 6) || (want6 && mode === 4))) return FAIL;
  const noPriv = (o.flags & (FILTER.FLAG_NO_PRIV_RANGE | FILTER.FLAG_GLOBAL_RANGE)) !== 0;
  const noRes = (o.flags & (FILTER.FLAG_NO_RES_RANGE | FILTER.FLAG_GLOBAL_RANGE)) !== 0;
  if (mode === 4) {
    const ip = ipv4(s);
    if (ip === null) return FAIL;
    if (
      noPriv &&
      (ip[0] === 10 || (ip[0] === 172 && ip[1] >= 16 && ip[1] <= 31) || (ip[0] === 192 && ip[1] === 168))
    ) {
      return FAIL;
    }
    if (noRes && (ip[0] === 0 || ip[0] >= 240 || ip[0] === 127 || (ip[0] === 169 && ip[1] === 254)))
      return FAIL;
    return s;
  }
  if (!ipv6(s)) return FAIL;
  const lower = s.toLowerCase();
  if (noPriv && (lower.startsWith('fc') || lower.startsWith('fd'))) return FAIL;
  if (noRes) {
    if (lower === '::' || lower === '::1' || lower === '5f:') return FAIL;
    if (s.length >= 5 && /^fe[89ab]/.test(lower)) return FAIL;
    if (
      lower.startsWith('2001:0db8') ||
      lower.startsWith('5f') ||
      lower.startsWith('3ff3') ||
      lower.startsWith('2001:001')
    ) {
      return FAIL;
    }
  }
  return s;
}

function validDomain(s: string, hostname: boolean): boolean {
  let d = s;
  if (d.endsWith('.')) d = d.slice(0, -1);
  if (d.length > 253 || d.length === 0) return false;
  const alnum = (c: string | undefined) => c !== undefined && /[A-Za-z0-9]/.test(c);
  if (d[0] === '.' || (hostname && !alnum(d[0]))) return false;
  let label = 1;
  for (let i = 0; i < d.length; i++) {
    if (d[i] === '.') {
      if (d[i + 1] === '.' || (hostname && (!alnum(d[i - 1]) || !alnum(d[i + 1])))) return false;
      label = 1;
    } else {
      if (label > 63 || (hostname && d[i] !== '-' && !alnum(d[i]))) return false;
      label++;
    }
  }
  return true;
}

/** Characters FILTER_SANITIZE_URL keeps (the URL's length must not change for FILTER_VALIDATE_URL). */
const URL_CHARS = /^[A-Za-z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]*$/;

function validUserinfo(s: string): boolean {
  return /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/.test(s);
}

function validateUrl(s: string, o: Options): Result {
  if (!URL_CHARS.test(s)) return FAIL;
  const u = parseUrl(s);
  if (u === null) return FAIL;
  if (u.scheme !== undefined && /^https?$/i.test(u.scheme)) {
    if (u.host === undefined) return FAIL;
    const h = u.host;
    if (!(h.startsWith('[') && h.endsWith(']') && ipv6(h.slice(1, -1))) && !validDomain(h, true)) return FAIL;
  }
  if (
    u.scheme === undefined ||
    (u.host === undefined && u.scheme !== 'mailto' && u.scheme !== 'news' && u.scheme !== 'file') ||
    (o.flags & FILTER.FLAG_PATH_REQUIRED && u.path === undefined) ||
    (o.flags & FILTER.FLAG_QUERY_REQUIRED && u.query === undefined)
  ) {
    return FAIL;
  }
  if ((u.user !== undefined && !validUserinfo(u.user)) || (u.pass !== undefined && !validUserinfo(u.pass)))
    return FAIL;
  return s;
}

function validateMac(s: string, o: Options): Result {
  let tokens: number;
  let length: number;
  let sep: string;
  if (s.length === 14) {
    tokens = 3;
    length = 4;
    sep = '.';
  } else if (s.length === 17 && s[2] === '-') {
    tokens = 6;
    length = 2;
    sep = '-';
  } else if (s.length === 17 && s[2] === ':') {
    tokens = 6;
    length = 2;
    sep = ':';
  } else {
    return FAIL;
  }
  const want = o.options?.get('separator');
  if (typeof want === 'string' && (want.length !== 1 || want !== sep)) return FAIL;
  for (let i = 0; i < tokens; i++) {
    const off = i * (length + 1);
    if (i < tokens - 1 && s[off + length] !== sep) return FAIL;
    if (!/^[0-9a-fA-F]+$/.test(s.slice(off, off + length))) return FAIL;
  }
  return s;
}

function validateRegexp(s: string, o: Options, warn: (m: string) => void): Result {
  const re = o.options?.get('regexp');
  if (typeof re !== 'string') {
    warn("filter_var(): 'regexp' option missing");
    return FAIL;
  }
  try {
    // pcre2_match as PHP's filter runs it: past pcre.backtrack_limit the validation fails
    return pcreMatches(re, s) ? s : FAIL;
  } catch (e) {
    // a bad pattern: PHP warns and the validation fails; an unsupported construct stays a render error
    if (e instanceof PcreError && e.kind === 'syntax') {
      warn(`filter_var(): ${e.message}`);
      return FAIL;
    }
    throw e;
  }
}

/** Applies one filter to a scalar, as php_zval_filter does; `FAIL` when validation failed. */
function applyFilter(filter: number, v: Value, o: Options, warn: (m: string) => void): Result {
  if (v instanceof PhpObject) return FAIL;
  const s = toStr(v);
  switch (filter) {
    case FILTER.VALIDATE_INT:
      return validateInt(s, o);
    case FILTER.VALIDATE_BOOL:
      return validateBool(s);
    case FILTER.VALIDATE_FLOAT:
      return validateFloat(s, o);
    case FILTER.VALIDATE_EMAIL:
      return validateEmail(s, o);
    case FILTER.VALIDATE_URL:
      return validateUrl(s, o);
    case FILTER.VALIDATE_IP:
      return validateIp(s, o);
    case FILTER.VALIDATE_MAC:
      return validateMac(s, o);
    case FILTER.VALIDATE_DOMAIN:
      return validDomain(s, (o.flags & FILTER.FLAG_HOSTNAME) !== 0) ? s : FAIL;
    case FILTER.VALIDATE_REGEXP:
      return validateRegexp(s, o, warn);
    default:
      return s;
  }
}

/** filter_var($value, $filter, $options). `notImplemented` is called for sanitize filters. */
export function filterVar(
  value: Value,
  filter: number,
  optionsArg: PhpArray | number | undefined,
  warn: (m: string) => void,
): Value {
  if (NOT_IMPLEMENTED.has(filter)) {
    warn(`filter_var(): filter ${filter} (sanitize/callback) is not implemented in Sumi`);
    return null;
  }
  if (!KNOWN.has(filter)) {
    warn(`filter_var(): Unknown filter with ID ${filter}`);
    return false;
  }
  let flags = 0;
  let options: PhpArray | null = null;
  if (optionsArg instanceof PhpArray) {
    const f = optionsArg.get('flags');
    if (f !== undefined) flags = Number(toInt(f));
    const opt = optionsArg.get('options');
    if (opt instanceof PhpArray) options = opt;
  } else if (typeof optionsArg === 'number') {
    flags = optionsArg;
  }
  if (!(flags & FILTER.REQUIRE_ARRAY || flags & FILTER.FORCE_ARRAY)) flags |= FILTER.REQUIRE_SCALAR;
  const failed = (): Value => (flags & FILTER.NULL_ON_FAILURE ? null : false);
  const o: Options = { flags, options };
  const one = (v: Value): Value => {
    const r = applyFilter(filter, v, o, warn);
    if (r !== FAIL) return r;
    const dflt = options?.get('default');
    return dflt !== undefined ? dflt : failed();
  };
  if (value instanceof PhpArray) {
    if (flags & FILTER.REQUIRE_SCALAR) return failed();
    const walk = (a: PhpArray): PhpArray => {
      const out = new PhpArray();
      a.forEach((v, k) => {
        out.set(k, v instanceof PhpArray ? walk(v) : one(v));
      });
      return out;
    };
    return walk(value);
  }
  if (flags & FILTER.REQUIRE_ARRAY) return failed();
  const r = one(value);
  return flags & FILTER.FORCE_ARRAY ? PhpArray.fromList([r]) : r;
}
