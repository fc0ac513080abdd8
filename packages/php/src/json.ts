/**
 * json_encode / json_decode exactly like PHP 8.2's ext/json, and the bridges
 * between JS values and template values.
 */
import { denseStore, KeyShapes, PhpArray, type ShapeNode } from './array';
import { PhpError } from './errors';
import { builderFor, StringBuilder } from './host';
import { fromJSONText, JsonParseError } from './json-parse';
import { stringKey, toKey } from './key';
import { scanNumber } from './numeric';
import { PhpObject } from './object';
import { floatToRepr } from './print';
import { isInt, makeInt, PhpFloat, type Value } from './value';

export { fromJSONText, JsonParseError, type JsonReadOptions } from './json-parse';

export const JSON_HEX_TAG = 1;
export const JSON_HEX_AMP = 2;
export const JSON_HEX_APOS = 4;
export const JSON_HEX_QUOT = 8;
export const JSON_FORCE_OBJECT = 16;
export const JSON_NUMERIC_CHECK = 32;
export const JSON_UNESCAPED_SLASHES = 64;
export const JSON_PRETTY_PRINT = 128;
export const JSON_UNESCAPED_UNICODE = 256;
export const JSON_PARTIAL_OUTPUT_ON_ERROR = 512;
export const JSON_PRESERVE_ZERO_FRACTION = 1024;
export const JSON_UNESCAPED_LINE_TERMINATORS = 2048;
export const JSON_OBJECT_AS_ARRAY = 1;
export const JSON_BIGINT_AS_STRING = 2;
export const JSON_INVALID_UTF8_IGNORE = 1048576;
export const JSON_INVALID_UTF8_SUBSTITUTE = 2097152;
export const JSON_THROW_ON_ERROR = 4194304;

export const JSON_ERROR_NONE = 0;
export const JSON_ERROR_DEPTH = 1;
export const JSON_ERROR_STATE_MISMATCH = 2;
export const JSON_ERROR_CTRL_CHAR = 3;
export const JSON_ERROR_SYNTAX = 4;
export const JSON_ERROR_UTF8 = 5;
export const JSON_ERROR_RECURSION = 6;
export const JSON_ERROR_INF_OR_NAN = 7;
export const JSON_ERROR_UNSUPPORTED_TYPE = 8;
export const JSON_ERROR_INVALID_PROPERTY_NAME = 9;
export const JSON_ERROR_UTF16 = 10;

/** json_last_error_msg() texts by code. */
export const JSON_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  0: 'No error',
  1: 'Maximum stack depth exceeded',
  2: 'State mismatch (invalid or malformed JSON)',
  3: 'Control character error, possibly incorrectly encoded',
  4: 'Syntax error',
  5: 'Malformed UTF-8 characters, possibly incorrectly encoded',
  6: 'Recursion detected',
  7: 'Inf and NaN cannot be JSON encoded',
  8: 'Type is not supported',
  9: 'The decoded property name is invalid',
  10: 'Single unpaired UTF-16 surrogate in unicode escape',
};

// ---- encode ---------------------------------------------------------------

const HEX = '0123456789abcdef';

/** `\uXXXX` escapes already made: text in one script repeats the same few hundred characters */
const HEX4 = new Map<number, string>();

function hex4(c: number): string {
  let h = HEX4.get(c);
  if (h === undefined) {
    h = '\\u' + HEX[(c >> 12) & 15] + HEX[(c >> 8) & 15] + HEX[(c >> 4) & 15] + HEX[c & 15];
    if (HEX4.size < 4096) HEX4.set(c, h);
  }
  return h;
}

/** characters that never need escaping with any flag: printable ASCII except " \ / < > & ' */
const PLAIN = /^[^"\\/<>&'\x00-\x1f\u0080-\uffff]*$/;

/** the JSON form of an ASCII character under `flags`, or null when it stays as it is */
function asciiEscape(c: number, flags: number): string | null {
  switch (c) {
    case 34:
      return flags & JSON_HEX_QUOT ? '\\u0022' : '\\"';
    case 92:
      return '\\\\';
    case 47:
      return flags & JSON_UNESCAPED_SLASHES ? null : '\\/';
    case 8:
      return '\\b';
    case 12:
      return '\\f';
    case 10:
      return '\\n';
    case 13:
      return '\\r';
    case 9:
      return '\\t';
    case 60:
      return flags & JSON_HEX_TAG ? '\\u003C' : null;
    case 62:
      return flags & JSON_HEX_TAG ? '\\u003E' : null;
    case 38:
      return flags & JSON_HEX_AMP ? '\\u0026' : null;
    case 39:
      return flags & JSON_HEX_APOS ? '\\u0027' : null;
  }
  return c < 32 ? '\\u00' + HEX[c >> 4] + HEX[c & 15] : null;
}

class Encoder {
  error = 0;
  depth = 0;
  /** the text so far (built in chunks within the string cap: one piece per value would make a rope) */
  readonly out = new StringBuilder();
  /** object keys already written, with and without the comma before them (see keyPiece) */
  readonly keysFirst = new Map<string | number, string>();
  readonly keysAfter = new Map<string | number, string>();
  constructor(
    readonly flags: number,
    readonly maxDepth: number,
  ) {}

  /** php_json_escape_string; returns null on failure (error recorded) */
  string(s: string, flags: number): string | null {
    if (s.length === 0) return '""';
    if (flags & JSON_NUMERIC_CHECK) {
      const n = scanNumber(s, false);
      if (n !== null) {
        if (typeof n === 'number' && !Number.isSafeInteger(n)) return this.float(n);
        if (n instanceof PhpFloat) return this.float(n.value);
        return String(n);
      }
    }
    if (PLAIN.test(s)) return '"' + s + '"';
    // unchanged runs are copied as slices; only the characters that change are handled one by one.
    // A short string is built with `+=` (a rope of a few pieces); a long one in chunks, within the
    // string cap (one rope node per escaped character of 32 M would exhaust the heap)
    const out = builderFor(s.length);
    out.add('"');
    let last = 0;
    const n = s.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      let rep: string;
      if (c < 0x80) {
        // from '0' up only < > and \ may change
        if (c >= 0x30 && c !== 60 && c !== 62 && c !== 92) continue;
        const r = asciiEscape(c, flags);
        if (r === null) continue;
        rep = r;
      } else {
        // non-ASCII: a lone surrogate is what invalid UTF-8 is in PHP
        const d = s.charCodeAt(i + 1);
        const pair = c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
        if (!pair && c >= 0xd800 && c <= 0xdfff) {
          if (flags & JSON_INVALID_UTF8_IGNORE) rep = '';
          else if (flags & JSON_INVALID_UTF8_SUBSTITUTE)
            rep = flags & JSON_UNESCAPED_UNICODE ? '\ufffd' : '\\ufffd';
          else {
            this.error = JSON_ERROR_UTF8;
            return null;
          }
        } else if (
          flags & JSON_UNESCAPED_UNICODE &&
          (flags & JSON_UNESCAPED_LINE_TERMINATORS || (c !== 0x2028 && c !== 0x2029))
        ) {
          if (pair) i++;
          continue;
        } else {
          rep = pair ? hex4(c) + hex4(d) : hex4(c);
        }
        if (pair) {
          if (last < i) out.add(s.slice(last, i));
          out.add(rep);
          last = ++i + 1;
          continue;
        }
      }
      if (last < i) out.add(s.slice(last, i));
      out.add(rep);
      last = i + 1;
    }
    if (last === 0) return '"' + s + '"';
    if (last < n) out.add(s.slice(last));
    out.add('"');
    return out.toString();
  }

  float(d: number): string {
    if (!Number.isFinite(d)) {
      this.error = JSON_ERROR_INF_OR_NAN;
      return '0';
    }
    const s = floatToRepr(d, 'e');
    if (this.flags & JSON_PRESERVE_ZERO_FRACTION && s.indexOf('.') < 0 && s.indexOf('e') < 0) return s + '.0';
    return s;
  }

  /** returns false when encoding must stop (an error without PARTIAL_OUTPUT_ON_ERROR) */
  value(v: Value | undefined): boolean {
    const flags = this.flags;
    switch (typeof v) {
      case 'string': {
        const s = this.string(v, flags);
        if (s === null) {
          if (flags & JSON_PARTIAL_OUTPUT_ON_ERROR) {
            this.out.add('null');
            return true;
          }
          return false;
        }
        this.out.add(s);
        if (this.error === JSON_ERROR_INF_OR_NAN && !(flags & JSON_PARTIAL_OUTPUT_ON_ERROR)) return false;
        return true;
      }
      case 'number':
        if (isInt(v)) {
          this.out.add(String(v));
          return true;
        }
        this.out.add(this.float(v));
        return this.error !== JSON_ERROR_INF_OR_NAN || (flags & JSON_PARTIAL_OUTPUT_ON_ERROR) !== 0;
      case 'boolean':
        this.out.add(v ? 'true' : 'false');
        return true;
      case 'bigint':
        this.out.add(String(v));
        return true;
      case 'undefined':
        this.out.add('null');
        return true;
    }
    if (v === null) {
      this.out.add('null');
      return true;
    }
    if (v instanceof PhpFloat) {
      this.out.add(this.float(v.value));
      return this.error !== JSON_ERROR_INF_OR_NAN || (flags & JSON_PARTIAL_OUTPUT_ON_ERROR) !== 0;
    }
    if (v instanceof PhpArray) return this.array(v, !(flags & JSON_FORCE_OBJECT) && v.isList());
    if (v instanceof PhpObject) return this.array(v.props, false);
    this.error = JSON_ERROR_UNSUPPORTED_TYPE;
    if (flags & JSON_PARTIAL_OUTPUT_ON_ERROR) {
      this.out.add('null');
      return true;
    }
    return false;
  }

  array(a: PhpArray, list: boolean): boolean {
    const flags = this.flags;
    const pretty = (flags & JSON_PRETTY_PRINT) !== 0;
    const out = this.out;
    out.add(list ? '[' : '{');
    ++this.depth;
    const indent = pretty ? '\n' + '    '.repeat(this.depth) : '';
    // a list of the caller's data (a view) is read row by row, so its rows are not all kept at
    // once; any other array from its store itself: one walk, no call per entry
    const view = a.st.view;
    const s = view !== null && view.list ? null : denseStore(a);
    const keys = s === null ? null : s.keys;
    const vals = s === null ? null : s.vals;
    const n = vals === null ? a.size : vals.length;
    for (let i = 0; i < n; i++) {
      if (list) {
        if (i > 0) out.add(',');
        if (pretty) out.add(indent);
      } else {
        // `,"key":` in one piece: the rows of a list repeat their keys, each escaped once per encode
        const k = keys === null ? i : keys[i]!;
        const head = this.keyPiece(k, i > 0, pretty, indent);
        if (head === null) {
          if (!(flags & JSON_PARTIAL_OUTPUT_ON_ERROR)) return false;
          out.add(`${i > 0 ? ',' : ''}${indent}""${pretty ? ': ' : ':'}`);
        } else out.add(head);
      }
      const v = vals === null ? a.peekAt(i) : vals[i];
      if (!this.value(v) && !(flags & JSON_PARTIAL_OUTPUT_ON_ERROR)) return false;
    }
    if (this.depth > this.maxDepth) {
      this.error = JSON_ERROR_DEPTH;
      if (!(flags & JSON_PARTIAL_OUTPUT_ON_ERROR)) return false;
    }
    --this.depth;
    if (pretty && n > 0) out.add('\n' + '    '.repeat(this.depth));
    out.add(list ? ']' : '}');
    return true;
  }

  /**
   * An object key as it is written before its value: `,` unless it is the first, the indent when
   * pretty, the key escaped, then `:` (null when the key cannot be encoded). Kept per key and form.
   */
  keyPiece(k: string | number, comma: boolean, pretty: boolean, indent: string): string | null {
    const cache = comma ? this.keysAfter : this.keysFirst;
    let piece = cache.get(k);
    if (piece !== undefined) return piece;
    const ks = typeof k === 'number' ? `"${k}"` : this.string(k, this.flags & ~JSON_NUMERIC_CHECK);
    if (ks === null) return null;
    piece = `${comma ? ',' : ''}${indent}${ks}${pretty ? ': ' : ':'}`;
    // the indent differs per depth: pretty output keeps nothing
    if (!pretty && cache.size < 1024) cache.set(k, piece);
    return piece;
  }
}

/**
 * PHP 8.2 json_encode: "/" → "\/" (unless JSON_UNESCAPED_SLASHES), non-ASCII →
 * \uXXXX (unless JSON_UNESCAPED_UNICODE), floats in shortest round-trip form
 * (1.0 → `1`, `1.0` with JSON_PRESERVE_ZERO_FRACTION), `[...]` only for keys
 * exactly 0..n-1 in order. Returns false on error (INF/NAN, lone surrogates =
 * invalid UTF-8, depth), unless JSON_PARTIAL_OUTPUT_ON_ERROR; with
 * JSON_THROW_ON_ERROR throws a PhpError('JsonException').
 */
export function jsonEncode(v: Value | undefined, flags = 0, depth = 512): string | false {
  // PHP 8.2 takes any depth (json_decode checks its own): at 0 or less every array is too deep
  const enc = new Encoder(flags, depth);
  const ok = enc.value(v);
  if (enc.error !== 0 && !(flags & JSON_PARTIAL_OUTPUT_ON_ERROR)) {
    if (flags & JSON_THROW_ON_ERROR) throw new PhpError('JsonException', JSON_ERROR_MESSAGES[enc.error]);
    return false;
  }
  if (!ok) return false;
  return enc.out.toString();
}

/**
 * PHP 8.2 json_decode: objects → arrays when `assoc` (the CMS's default) else
 * stdClass; integers beyond int64 → float unless JSON_BIGINT_AS_STRING; invalid
 * JSON (or nesting deeper than `depth`) → null (PhpError('JsonException') with
 * JSON_THROW_ON_ERROR). `assoc` null: decided by JSON_OBJECT_AS_ARRAY.
 */
export function jsonDecode(text: string, assoc: boolean | null = true, depth = 512, flags = 0): Value {
  if (depth <= 0)
    throw new PhpError('ValueError', 'json_decode(): Argument #3 ($depth) must be greater than 0');
  const asArray = assoc === null ? (flags & JSON_OBJECT_AS_ARRAY) !== 0 : assoc;
  let code: number;
  if (text.length === 0) {
    code = JSON_ERROR_SYNTAX;
  } else {
    try {
      return fromJSONText(text, {
        objects: !asArray,
        bigintAsString: (flags & JSON_BIGINT_AS_STRING) !== 0,
        depth,
      });
    } catch (e) {
      if (!(e instanceof JsonParseError)) throw e;
      code = e.code;
    }
  }
  if (flags & JSON_THROW_ON_ERROR) throw new PhpError('JsonException', JSON_ERROR_MESSAGES[code]);
  return null;
}

// ---- JS bridges -------------------------------------------------------------

/**
 * A JS value → template value. null/undefined → null; integral safe numbers →
 * int, other numbers → float; bigint → int (float beyond int64); arrays and
 * Sets → lists (holes → null); Maps → arrays (keys normalised); Dates → ISO
 * strings; other objects → arrays of their own enumerable properties; functions
 * and symbols → null. Sumi values pass through. Lossy: JS plain objects list
 * integer-like keys first, so use `fromJSONText` when key order matters.
 * Throws on cyclic structures.
 */
export function fromJS(value: unknown): Value {
  return convertIn(value, [], new KeyShapes());
}

function convertIn(v: unknown, stack: object[], shapes: KeyShapes): Value {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return v;
    case 'bigint':
      return makeInt(v);
    case 'undefined':
    case 'function':
    case 'symbol':
      return null;
  }
  if (v === null) return null;
  if (v instanceof PhpArray || v instanceof PhpObject || v instanceof PhpFloat) return v;
  const o = v as object;
  if (o instanceof Date) return o.toISOString();
  if (stack.includes(o)) throw new Error('fromJS: cyclic structure');
  stack.push(o);
  let out: PhpArray;
  if (Array.isArray(o)) {
    const n = o.length;
    const vals = new Array<Value>(n);
    for (let i = 0; i < n; i++) vals[i] = convertIn(o[i], stack, shapes);
    out = PhpArray.fromList(vals);
  } else if (o instanceof Map) {
    out = new PhpArray();
    for (const [k, val] of o) out.set(toKey(k), convertIn(val, stack, shapes));
  } else if (o instanceof Set) {
    const vals: Value[] = [];
    for (const val of o) vals.push(convertIn(val, stack, shapes));
    out = PhpArray.fromList(vals);
  } else if (ArrayBuffer.isView(o)) {
    const vals: Value[] = [];
    for (const val of o as unknown as Iterable<unknown>) vals.push(convertIn(val, stack, shapes));
    out = PhpArray.fromList(vals);
  } else {
    out = plainObject(o as Record<string, unknown>, stack, shapes);
  }
  stack.pop();
  return out;
}

function plainObject(o: Record<string, unknown>, stack: object[], shapes: KeyShapes): PhpArray {
  const names = Object.keys(o);
  const n = names.length;
  const vals = new Array<Value>(n);
  let node: ShapeNode | null = shapes.start();
  for (let i = 0; i < n; i++) {
    const name = names[i]!;
    vals[i] = convertIn(o[name], stack, shapes);
    if (node !== null) node = shapes.step(node, stringKey(name));
  }
  const shaped = node === null ? null : shapes.make(node, vals);
  if (shaped !== null) return shaped;
  const out = new PhpArray();
  for (let i = 0; i < n; i++) out.set(names[i], vals[i]!);
  return out;
}

/**
 * A template value → JS. Ints → number (bigint stays bigint), floats → number
 * (lossy: 1.0 becomes 1), lists → arrays, other arrays and objects → plain
 * objects (lossy: JS lists integer-like keys first). `__proto__` keys become own
 * properties.
 */
export function toJS(v: Value | undefined): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object') return v;
  if (v instanceof PhpFloat) return v.value;
  const arr = v instanceof PhpObject ? v.props : v;
  const n = arr.size;
  if (!(v instanceof PhpObject) && arr.isList()) {
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = toJS(arr.peekAt(i));
    return out;
  }
  const out: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const k = String(arr.keyAt(i));
    const val = toJS(arr.peekAt(i));
    if (k === '__proto__')
      Object.defineProperty(out, k, { value: val, enumerable: true, writable: true, configurable: true });
    else out[k] = val;
  }
  return out;
}
