/**
 * Allowlisted PHP encoding, hashing and URL functions: base64, entity decoding, URL encoding and
 * parsing, query building, JSON, md5 and password hashing. All work on the bytes a string stands for.
 */

import {
  allowString,
  digestText,
  ENT_QUOTES,
  ENT_SUBSTITUTE,
  floatToString,
  fromBinary,
  fromBytes,
  int32Bits,
  isFloat,
  joinStrings,
  jsonDecode,
  jsonEncode,
  PhpArray,
  PhpError,
  PhpFloat,
  PhpObject,
  phpHash,
  phpIntConstant,
  replaceMatches,
  toBinary,
  toBool,
  toBytes,
  toFloat,
  toInt,
  typeError,
  urlencodeBytes,
  valueError,
} from '@sumi/php';
import type { ModifierDef } from '@sumi/runtime';
import bcrypt from 'bcryptjs';
import { ARGON2_MAX_MEMORY_KIB, ARGON2_MAX_WORK, argon2Hash, argon2Verify } from './argon2';
import { base64Decode, base64Encode } from './base64';
import { phpModifier } from './define';
import { decodeEntities } from './entities';
import { PATHINFO, parseUrl, pathinfo as pathParts, URL_COMPONENTS } from './url-parse';

export const base64EncodeDef: ModifierDef = phpModifier({
  name: 'base64_encode',
  description: 'PHP `base64_encode()` of the UTF-8 bytes.',
  params: [{ name: 'string', type: 'string' }],
  result: 'the Base64 text',
  examples: [{ template: '{$s|base64_encode}', data: { s: 'hello' }, output: 'aGVsbG8=' }],
  run: (_ctx, s) => base64Encode(toBytes(s)),
});

export const base64DecodeDef: ModifierDef = phpModifier({
  name: 'base64_decode',
  description:
    'PHP `base64_decode($string, $strict)`: skips characters outside the Base64 alphabet unless strict is ' +
    'true, in which case they make the result false.',
  params: [
    { name: 'string', type: 'string' },
    { name: 'strict', type: 'bool', optional: true, default: false, description: 'reject invalid input' },
  ],
  result: 'the decoded bytes as a string, or false (strict mode)',
  examples: [
    {
      template: "{'aGk='|base64_decode} [{'%%'|base64_decode}] [{'a%'|base64_decode:true}]",
      output: 'hi [] []',
    },
  ],
  run: (_ctx, s, strict = false) => {
    const b = base64Decode(s, strict);
    return b === null ? false : fromBytes(b);
  },
});

const flagsParam = {
  name: 'flags',
  type: 'int64',
  optional: true,
  default: ENT_QUOTES | ENT_SUBSTITUTE,
  description: 'ENT_* quote and document-type flags (default ENT_QUOTES | ENT_SUBSTITUTE | ENT_HTML401)',
} as const;

export const htmlEntityDecode: ModifierDef = phpModifier({
  name: 'html_entity_decode',
  description:
    'PHP `html_entity_decode($string, $flags)`: decodes named and numeric entities. The default document ' +
    'type is HTML 4.01 (so `&apos;` is kept; pass ENT_HTML5 = 48 for the full HTML5 list); entities need ' +
    'their `;`; quotes are decoded as the ENT_* quote flags say (both by default).',
  params: [
    { name: 'string', type: 'string' },
    flagsParam,
    {
      name: 'encoding',
      type: '?string',
      optional: true,
      description: 'UTF-8 (others: warning, UTF-8 assumed)',
    },
  ],
  result: 'the decoded string',
  examples: [
    {
      template: '{$s|html_entity_decode}',
      data: { s: '&lt;p&gt;caf&eacute; &amp;amp; &#x41;&#39;&apos;' },
      output: "<p>café &amp; A'&apos;",
    },
  ],
  run: (ctx, s, flags = ENT_QUOTES | ENT_SUBSTITUTE, enc) => {
    if (enc !== null && enc !== undefined && enc !== '' && !/^utf-?8$/i.test(enc)) {
      // PHP names the charset (`Charset "X" is not supported`); a message never echoes an argument
      ctx.warn('html_entity_decode(): the charset is not supported, assuming UTF-8');
    }
    return decodeEntities(s, int32Bits(flags), true);
  },
});

export const htmlspecialcharsDecode: ModifierDef = phpModifier({
  name: 'htmlspecialchars_decode',
  description:
    'PHP `htmlspecialchars_decode($string, $flags)`: decodes only &amp; &lt; &gt;, &quot; and &#039; (as the ' +
    'quote flags allow; ENT_NOQUOTES = 0 keeps both) and the numeric forms of those characters.',
  params: [{ name: 'string', type: 'string' }, flagsParam],
  result: 'the decoded string',
  examples: [
    {
      template: '{$s|htmlspecialchars_decode:$smarty.const.ENT_NOQUOTES}',
      data: { s: '&lt;&quot;&gt;' },
      output: '<&quot;>',
    },
  ],
  run: (_ctx, s, flags = ENT_QUOTES | ENT_SUBSTITUTE) => decodeEntities(s, int32Bits(flags), false),
});

const PERCENT_ESCAPE = /%([0-9a-fA-F]{2})/g;

/** rawurldecode(): `%XX` → the byte; malformed escapes (and `+`) stay. */
function rawurldecodeBytes(s: string): string {
  const out = replaceMatches(toBinary(s), PERCENT_ESCAPE, (m) =>
    String.fromCharCode(Number.parseInt(m[1]!, 16)),
  );
  return fromBinary(out);
}

export const urlencode: ModifierDef = phpModifier({
  name: 'urlencode',
  description:
    'PHP `urlencode()`: for query strings. Letters, digits and `-_.` stay; a space becomes `+`; every other ' +
    'byte (including `~` and each byte of a multibyte character) becomes `%XX`.',
  params: [{ name: 'string', type: 'string' }],
  result: 'the encoded string',
  examples: [{ template: '{$q|urlencode}', data: { q: 'a b&c=d/é~' }, output: 'a+b%26c%3Dd%2F%C3%A9%7E' }],
  run: (_ctx, s) => urlencodeBytes(s, false),
});

export const rawurldecode: ModifierDef = phpModifier({
  name: 'rawurldecode',
  description: 'PHP `rawurldecode()`: turns `%XX` escapes into bytes; `+` stays a plus sign.',
  params: [{ name: 'string', type: 'string' }],
  result: 'the decoded string',
  examples: [{ template: "{'a%20b%2F+c'|rawurldecode}", output: 'a b/+c' }],
  run: (_ctx, s) => rawurldecodeBytes(s),
});

const PHP_QUERY_RFC1738 = phpIntConstant('PHP_QUERY_RFC1738');
const PHP_QUERY_RFC3986 = phpIntConstant('PHP_QUERY_RFC3986');

/** php_url_encode_hash_ex: one level of http_build_query(). */
function buildQuery(
  data: PhpArray,
  prefix: string | null,
  numericPrefix: string,
  raw: boolean,
  out: string[],
): void {
  const enc = (s: string) => urlencodeBytes(s, raw);
  data.forEach((v, k) => {
    let name: string;
    // PHP writes the numeric prefix as it is: only the key is encoded
    if (prefix === null) name = typeof k === 'number' ? numericPrefix + enc(String(k)) : enc(k);
    else name = `${prefix}%5B${enc(String(k))}%5D`;
    if (v instanceof PhpArray || v instanceof PhpObject) {
      buildQuery(v instanceof PhpObject ? v.props : v, name, numericPrefix, raw, out);
      return;
    }
    if (v === null) return;
    let text: string;
    if (typeof v === 'boolean') text = v ? '1' : '0';
    else if (typeof v === 'string') text = v;
    else if (v instanceof PhpFloat || (typeof v === 'number' && !Number.isSafeInteger(v))) {
      // PHP formats floats with spprintf "%.*G" and precision 14 (php_gcvt, as echo does):
      // 0.1 + 0.2 → 0.3, 1e25 → 1.0E+25
      text = floatToString(v instanceof PhpFloat ? v.value : v);
    } else text = String(v);
    out.push(`${name}=${enc(text)}`);
  });
}

export const httpBuildQuery: ModifierDef = phpModifier({
  name: 'http_build_query',
  wholeArray: true,
  description:
    'PHP `http_build_query($data, $numeric_prefix, $arg_separator, $encoding_type)`: `a=1&b=x+y`. Nested ' +
    'arrays become `a%5Bb%5D=...` (`a[b]=`); null values are left out; true/false give 1/0. Encoding type ' +
    '1 (PHP_QUERY_RFC1738, default) writes spaces as `+`, 2 (RFC3986) as `%20`.',
  params: [
    { name: 'data', type: 'mixed' },
    {
      name: 'numeric_prefix',
      type: 'string',
      optional: true,
      default: '',
      description: 'prefix for top-level int keys',
    },
    { name: 'arg_separator', type: '?string', optional: true, default: '&', description: 'between pairs' },
    { name: 'encoding_type', type: 'int', optional: true, default: 1, description: '1 RFC1738, 2 RFC3986' },
  ],
  result: 'the query string',
  examples: [
    {
      template: '{$q|@http_build_query}',
      data: { q: { a: 1, b: 'x y', c: { d: 2 } } },
      output: 'a=1&b=x+y&c%5Bd%5D=2',
    },
  ],
  run: (_ctx, data, numericPrefix = '', sep, type = PHP_QUERY_RFC1738) => {
    let arr: PhpArray;
    if (data instanceof PhpArray) arr = data;
    else if (data instanceof PhpObject) arr = data.props;
    else {
      typeError('http_build_query', 1, 'data', 'array', data);
    }
    const out: string[] = [];
    buildQuery(arr, null, numericPrefix, type === PHP_QUERY_RFC3986, out);
    return joinStrings(out, sep ?? '&');
  },
});

export const jsonEncodeDef: ModifierDef = phpModifier({
  name: 'json_encode',
  wholeArray: true,
  description:
    'PHP `json_encode($value, $flags)`. Write `{$list|@json_encode}` for an array (without `@` each element ' +
    'is encoded). Unicode is escaped as \\uXXXX and `/` as `\\/` unless flags say otherwise (256 ' +
    'JSON_UNESCAPED_UNICODE, 64 JSON_UNESCAPED_SLASHES; `rcms_json_encode` leaves Unicode unescaped). ' +
    'Floats use the shortest form that reads back the same (0.1 + 0.2 gives 0.30000000000000004).',
  params: [
    { name: 'value', type: 'mixed' },
    { name: 'flags', type: 'int64', optional: true, default: 0, description: 'JSON_* flags' },
    { name: 'depth', type: 'int64', optional: true, default: 512, description: 'maximum nesting' },
  ],
  result: 'the JSON text, or false (prints nothing) for values JSON cannot hold (INF, NAN, invalid UTF-8)',
  examples: [
    {
      template: '{$m|@json_encode}',
      data: { m: { k: '値', u: 'https://x.jp/a' } },
      output: '{"k":"\\u5024","u":"https:\\/\\/x.jp\\/a"}',
    },
    {
      template: '{$m|@json_encode:320}',
      data: { m: { k: '値', u: 'https://x.jp/a' } },
      output: '{"k":"値","u":"https://x.jp/a"}',
    },
  ],
  // PHP 8.2 checks neither: the encoder takes the depth as a C int (its low 32 bits, so 0 or less
  // fails every array with "Maximum stack depth exceeded") and tests the flags' bits, all below 2^31
  run: (_ctx, value, flags = 0, depth = 512) => jsonEncode(value, int32Bits(flags), int32Bits(depth)),
});

export const jsonDecodeDef: ModifierDef = phpModifier({
  name: 'json_decode',
  description:
    'PHP `json_decode($json, $associative, $depth, $flags)`, with objects decoded as associative arrays by ' +
    "default (the CMS's choice): `{$j.a}` reads a field. `false` as first argument gives objects. Invalid " +
    'JSON gives null.',
  params: [
    { name: 'json', type: 'string' },
    // the CMS casts these as PHP's (bool) and (int) do, rather than checking their types
    {
      name: 'associative',
      type: 'mixed',
      optional: true,
      default: true,
      description: 'objects as arrays (true) or objects; read as a boolean',
    },
    {
      name: 'depth',
      type: 'mixed',
      optional: true,
      default: 512,
      description: 'maximum nesting; read as an integer',
    },
    {
      name: 'flags',
      type: 'mixed',
      optional: true,
      default: 0,
      description: 'JSON_BIGINT_AS_STRING (2), ...; read as an integer',
    },
  ],
  result: 'the decoded value, or null',
  examples: [
    {
      template: '{assign var=j value=$json|json_decode}{$j.a} {$j.list[1]}',
      data: { json: '{"a":"A","list":[1,2]}' },
      output: 'A 2',
    },
  ],
  // The CMS's json_decode is a modifier of its own (objects as arrays by default) that calls PHP's
  // without the wrapper that turns the PHP functions' ValueErrors into null: a bad depth ends the
  // template, as PHP 8.2 raises it
  run: (_ctx, json, assoc, depthIn, flagsIn) => {
    const flags = flagsIn === undefined ? 0 : int32Bits(toInt(flagsIn));
    const associative = assoc === undefined ? true : toBool(assoc);
    // PHP 8.2 answers an empty string (a syntax error) before it looks at the depth
    if (json === '') return jsonDecode(json, associative, 512, flags);
    const depth = depthIn === undefined ? 512 : toInt(depthIn);
    if (depth <= 0) depthError('must be greater than 0');
    if (depth > 2147483647) depthError('must be less than 2147483647');
    return jsonDecode(json, associative, Number(depth), flags);
  },
});

export const md5: ModifierDef = phpModifier({
  name: 'md5',
  description:
    'PHP `md5($string, $binary)`: the MD5 digest of the bytes, as 32 hex digits (or 16 raw bytes).',
  params: [
    { name: 'string', type: 'string' },
    { name: 'binary', type: 'bool', optional: true, default: false, description: 'raw bytes instead of hex' },
  ],
  result: 'the digest',
  examples: [{ template: '{$s|md5}', data: { s: 'hello' }, output: '5d41402abc4b2a76b9719d911017c592' }],
  run: (_ctx, s, binary = false) => digestText(phpHash('md5', toBytes(s)), binary),
});

/** The bcrypt cost of password_hash() (PASSWORD_BCRYPT_DEFAULT_COST). */
const BCRYPT_DEFAULT_COST = 10;

/**
 * The highest bcrypt cost password_hash() and password_verify() accept in Sumi (PHP accepts up to
 * 31). Each step of the cost doubles bcrypt's work, and a template must not be able to hold the
 * host for minutes with one call: in Sumi's JS bcrypt (bcryptjs) on a 2-core server, cost 10 (PHP's
 * default) takes about 75 ms, 12 about 0.35 s, 13 about 1 s, 14 about 1.4-2 s, and 31 would take
 * days. 12 still covers the hashes real sites store (PHP's default 10, Laravel's 12). A higher cost
 * stops the render with LIMIT_COST, a verification as well as a new hash.
 */
export const BCRYPT_MAX_COST = 12;

const COST_HINT =
  `each step of bcrypt's cost doubles its work; Sumi accepts costs up to ${BCRYPT_MAX_COST} ` +
  "(PHP's default is 10)";

export const passwordHash: ModifierDef = phpModifier({
  name: 'password_hash',
  description:
    "PHP `password_hash($password, $algo, $options)`: bcrypt (`'2y'`, PASSWORD_DEFAULT/PASSWORD_BCRYPT, " +
    'or null) gives a `$2y$10$...` hash of 60 characters with a random salt; option `cost` (4..31 in PHP) sets ' +
    'the work factor, and Sumi refuses a cost above 12 (BCRYPT_MAX_COST: each step doubles the work). Argon2 ' +
    "(`'argon2i'`, `'argon2id'`, PASSWORD_ARGON2I = 2, PASSWORD_ARGON2ID = 3) gives `$argon2id$v=19$m=65536,t=4,p=1$...`; " +
    "options `memory_cost` (KiB), `time_cost` and `threads`, at most PHP's default work in Sumi.",
  params: [
    { name: 'password', type: 'string' },
    { name: 'algo', type: 'mixed', description: "'2y' (bcrypt), 'argon2i', 'argon2id' or null" },
    {
      name: 'options',
      type: 'array',
      optional: true,
      description: '{cost: 10} for bcrypt; {memory_cost: 65536, time_cost: 4, threads: 1} for Argon2',
    },
  ],
  result: 'the hash',
  errors: [
    'an unknown algorithm, a bcrypt cost outside 4..31 or an Argon2 option out of range: ValueError (with ' +
      "PHP's message), logged; null",
  ],
  limits: [
    `bcrypt cost at most ${BCRYPT_MAX_COST} (BCRYPT_MAX_COST); above it the render stops with LIMIT_COST`,
    `Argon2 memory_cost at most ${ARGON2_MAX_MEMORY_KIB} KiB and memory_cost × time_cost at most ` +
      `${ARGON2_MAX_WORK} (PHP's default work); above it the render stops with LIMIT_COST`,
  ],
  examples: [{ template: "{$pw|password_hash:'2y'|strlen}", data: { pw: 'x' }, output: '60' }],
  run: (ctx, password, given, options) => {
    // `string|int|null`, as PHP coerces to that union: a float (1.5 with a deprecation) and a bool are ints
    const float = isFloat(given) ? toFloat(given) : Number.NaN;
    const algo = Number.isFinite(float)
      ? Math.trunc(float) + 0
      : typeof given === 'boolean'
        ? Number(given)
        : given;
    const name =
      algo === null
        ? '2y'
        : typeof algo === 'number'
          ? ({ 0: '2y', 1: '2y', 2: 'argon2i', 3: 'argon2id' } as Record<number, string>)[algo]
          : String(algo);
    if (name === 'argon2i' || name === 'argon2id') return argon2Hash(ctx, name, password, options);
    if (name !== '2y') valueError('password_hash', 2, 'algo', 'must be a valid password hashing algorithm');
    let cost = BCRYPT_DEFAULT_COST;
    const c = options?.get('cost');
    if (c !== undefined && c !== null) {
      // PHP reads the cost with zval_get_long ("10" is 10, "abc" is 0) and prints that integer, so
      // the message never echoes the text given
      cost = Number(toInt(c));
      if (cost < 4 || cost > 31) {
        throw new PhpError('ValueError', `Invalid bcrypt cost parameter specified: ${cost}`);
      }
      if (cost > BCRYPT_MAX_COST) {
        ctx.fail(
          'LIMIT_COST',
          { what: `password_hash(): bcrypt cost ${cost}`, limit: BCRYPT_MAX_COST },
          COST_HINT,
        );
      }
    }
    if (options?.has('salt')) {
      ctx.warn(
        'password_hash(): The "salt" option has been ignored, since providing a custom salt is no longer supported',
      );
    }
    if (password.includes('\0'))
      throw new PhpError('ValueError', 'Bcrypt password must not contain null character');
    const hash = bcrypt.hashSync(password, bcrypt.genSaltSync(cost));
    return `$2y$${hash.slice(4)}`;
  },
});

export const passwordVerify: ModifierDef = phpModifier({
  name: 'password_verify',
  description:
    'PHP `password_verify($password, $hash)`: true when the password matches a bcrypt hash ($2y$, $2a$, ' +
    '$2b$) or an Argon2 one ($argon2i$, $argon2id$). Other hash formats (crypt DES/MD5/SHA) are not supported ' +
    'and give false. A bcrypt hash with a cost above 12 (BCRYPT_MAX_COST), or an Argon2 one with more than ' +
    "PHP's default work, stops the render with LIMIT_COST.",
  params: [
    { name: 'password', type: 'string' },
    { name: 'hash', type: 'string', description: 'the stored hash' },
  ],
  result: 'true or false',
  limits: [
    `a bcrypt hash's cost at most ${BCRYPT_MAX_COST} (BCRYPT_MAX_COST); above it the render stops with LIMIT_COST`,
    `an Argon2 hash's memory_cost at most ${ARGON2_MAX_MEMORY_KIB} KiB and memory_cost × time_cost at most ` +
      `${ARGON2_MAX_WORK}; above it the render stops with LIMIT_COST`,
  ],
  examples: [
    {
      template: "[{'secret'|password_verify:$h}] [{'wrong'|password_verify:$h}]",
      data: { h: '$2y$04$kTZ0.HMKhB7rej/keBn3cO8yz49ZF97VytRIK7UV0KNGNWNJ/C/MO' },
      output: '[1] []',
    },
  ],
  run: (ctx, password, hash) => {
    const argon2 = argon2Verify(ctx, password, hash);
    if (argon2 !== null) return argon2;
    if (!/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)) return false;
    // a valid cost above the limit is refused; an invalid one (not 04..31) is false, as in PHP
    const cost = Number(hash.slice(4, 6));
    if (cost > BCRYPT_MAX_COST && cost <= 31) {
      ctx.fail(
        'LIMIT_COST',
        { what: `password_verify(): bcrypt cost ${cost}`, limit: BCRYPT_MAX_COST },
        COST_HINT,
      );
    }
    try {
      return bcrypt.compareSync(password, hash);
    } catch {
      return false;
    }
  },
});

export const parseUrlDef: ModifierDef = phpModifier({
  name: 'parse_url',
  description:
    'PHP `parse_url($url, $component)`: the parts scheme, host, port, user, pass, path, query, fragment ' +
    '(only those present), or one of them with a component number (0 scheme ... 7 fragment; PHP_URL_*). ' +
    "A seriously malformed URL gives false. PHP's own quirks are kept (`example.com:80` is a host and port).",
  params: [
    { name: 'url', type: 'string' },
    {
      name: 'component',
      type: 'int',
      optional: true,
      default: -1,
      description: 'PHP_URL_* (0..7); -1 (or any negative number) for all',
    },
  ],
  result: 'an array, one part (null when absent), or false',
  examples: [
    {
      template: '{$u|@parse_url|@json_encode} {$u|parse_url:1}',
      data: { u: 'https://user@example.com:8080/a?x=1#f' },
      output:
        '{"scheme":"https","host":"example.com","port":8080,"user":"user","path":"\\/a","query":"x=1","fragment":"f"} example.com',
    },
  ],
  run: (_ctx, url, component = -1) => {
    // PHP checks the component only when it is 0 or more: any negative one asks for every part
    if (component > 7) {
      valueError('parse_url', 2, 'component', `must be a valid URL component identifier, ${component} given`);
    }
    const parts = parseUrl(url);
    if (parts === null) return false;
    if (component < 0) return PhpArray.fromEntries(Object.entries(parts));
    const v = parts[URL_COMPONENTS[component]];
    return v === undefined ? null : v;
  },
});

export const pathinfoDef: ModifierDef = phpModifier({
  name: 'pathinfo',
  description:
    'PHP `pathinfo($path, $flags)`: dirname, basename, extension (when there is a dot) and filename; with a ' +
    'flag (1 dirname, 2 basename, 4 extension, 8 filename) only that part as a string.',
  params: [
    { name: 'path', type: 'string' },
    { name: 'flags', type: 'int64', optional: true, default: 15, description: 'PATHINFO_* (15 = all)' },
  ],
  result: 'an array, or one part ("" when absent)',
  examples: [
    {
      template: '{$p|@pathinfo|@json_encode} {$p|pathinfo:4}',
      data: { p: '/files/user/report.tar.gz' },
      output:
        '{"dirname":"\\/files\\/user","basename":"report.tar.gz","extension":"gz","filename":"report.tar"} gz',
    },
  ],
  run: (_ctx, path, flags = PATHINFO.ALL) => {
    // PHP tests the flags' bits (all below 2^4) and compares the whole int with PATHINFO_ALL
    const parts = pathParts(path, int32Bits(flags));
    if (flags === PATHINFO.ALL) return PhpArray.fromEntries(parts);
    return parts.length ? parts[0][1] : '';
  },
});

export const encodingFunctions: readonly ModifierDef[] = [
  base64DecodeDef,
  base64EncodeDef,
  htmlEntityDecode,
  htmlspecialcharsDecode,
  httpBuildQuery,
  jsonDecodeDef,
  jsonEncodeDef,
  md5,
  passwordHash,
  passwordVerify,
  rawurldecode,
  urlencode,
  parseUrlDef,
  pathinfoDef,
];

function depthError(message: string): never {
  throw new PhpError('ValueError', `json_decode(): Argument #3 ($depth) ${message}`, true);
}
