/**
 * A hand-written JSON reader that keeps object key order, even for numeric
 * keys (`{"b":1,"10":2,"2":3}` iterates b, 10, 2), which JSON.parse cannot.
 * Grammar and errors follow PHP's ext/json parser (RFC 8259; literals in lower
 * case; control characters in strings and lone UTF-16 surrogate escapes are errors).
 */
import { type Key, KeyShapes, PhpArray, type ShapeNode } from './array';
import { capArray, HOST, StringBuilder } from './host';
import { stringKey } from './key';
import { beyondInt64 } from './numeric';
import { PhpObject } from './object';
import { makeFloat, makeInt, type Value } from './value';

/** PHP's json_last_error() codes for the failures the reader can report. */
const JSON_PARSE_ERROR = {
  DEPTH: 1,
  CTRL_CHAR: 3,
  SYNTAX: 4,
  INVALID_PROPERTY_NAME: 9,
  UTF16: 10,
} as const;

export class JsonParseError extends Error {
  /** PHP json error code (JSON_ERROR_*) */
  readonly code: number;
  /** 0-based offset in the text */
  readonly offset: number;
  readonly line: number;
  readonly column: number;

  constructor(code: number, detail: string, text: string, offset: number) {
    let line = 1;
    let col = 1;
    for (let i = 0; i < offset && i < text.length; i++) {
      if (text.charCodeAt(i) === 10) {
        line++;
        col = 1;
      } else col++;
    }
    super(`JSON: ${detail} at line ${line}, column ${col} (offset ${offset})`);
    this.name = 'JsonParseError';
    this.code = code;
    this.offset = offset;
    this.line = line;
    this.column = col;
  }
}

export interface JsonReadOptions {
  /** objects become PhpObject (stdClass) instead of PhpArray (default false) */
  objects?: boolean;
  /** integers beyond int64 become strings instead of floats (JSON_BIGINT_AS_STRING) */
  bigintAsString?: boolean;
  /** PHP's json_decode depth (arrays/objects may nest one level less); default 512 */
  depth?: number;
}

/** a JSON object's members in order: a repeated key keeps its first position and takes the last value */
function withRepeats(keys: Key[], vals: Value[]): PhpArray {
  const out = new PhpArray();
  for (let i = 0; i < keys.length; i++) out.set(keys[i], vals[i]!);
  return out;
}

class Reader {
  readonly shapes = new KeyShapes();
  /** the array cap: a list is checked as it grows, before it becomes a PhpArray */
  readonly maxArray = HOST.limits.maxArrayLength;
  pos = 0;
  depth = 0;
  constructor(
    readonly text: string,
    readonly objects: boolean,
    readonly bigintAsString: boolean,
    readonly maxDepth: number,
  ) {}

  fail(code: number, detail: string, at = this.pos): never {
    throw new JsonParseError(code, detail, this.text, at);
  }

  ws(): void {
    const t = this.text;
    let p = this.pos;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === 32 || c === 10 || c === 13 || c === 9) p++;
      else break;
    }
    this.pos = p;
  }

  unexpected(): never {
    if (this.pos >= this.text.length) this.fail(JSON_PARSE_ERROR.SYNTAX, 'unexpected end of input');
    const ch = this.text[this.pos];
    this.fail(JSON_PARSE_ERROR.SYNTAX, `unexpected character ${JSON.stringify(ch)}`);
  }

  value(): Value {
    this.ws();
    const c = this.text.charCodeAt(this.pos);
    switch (c) {
      case 123: // {
        return this.object();
      case 91: // [
        return this.array();
      case 34: // "
        return this.string();
      case 116: // t
        return this.literal('true', true);
      case 102: // f
        return this.literal('false', false);
      case 110: // n
        return this.literal('null', null);
      default:
        if (c === 45 || (c >= 48 && c <= 57)) return this.number();
        return this.unexpected();
    }
  }

  literal(word: string, v: Value): Value {
    if (!this.text.startsWith(word, this.pos)) this.unexpected();
    this.pos += word.length;
    return v;
  }

  enter(): void {
    // PHP's depth counts the values inside the innermost array too: `[1]` needs 2, `[[1]]` 3
    if (++this.depth >= this.maxDepth) this.fail(JSON_PARSE_ERROR.DEPTH, 'maximum nesting depth exceeded');
  }

  /** After a member: true on `,` (another follows), false on the closing bracket `close`. */
  more(close: number): boolean {
    this.ws();
    const c = this.text.charCodeAt(this.pos);
    if (c !== 44 && c !== close) this.unexpected();
    this.pos++;
    return c === 44;
  }

  array(): PhpArray {
    this.enter();
    this.pos++; // [
    const vals: Value[] = [];
    this.ws();
    if (this.text.charCodeAt(this.pos) === 93) {
      this.pos++;
      this.depth--;
      return new PhpArray();
    }
    do {
      if (vals.length >= this.maxArray) capArray(vals.length + 1);
      vals.push(this.value());
    } while (this.more(93));
    this.depth--;
    return PhpArray.fromList(vals);
  }

  object(): Value {
    this.enter();
    this.pos++; // {
    this.ws();
    if (this.text.charCodeAt(this.pos) === 125) {
      this.pos++;
      this.depth--;
      const empty = new PhpArray();
      return this.objects ? new PhpObject(empty) : empty;
    }
    // keys are followed along the shapes seen so far, so objects with the same keys in the same order
    // share one key list; a repeated key or too many shapes fall back to building the array here
    const vals: Value[] = [];
    let node: ShapeNode | null = this.shapes.start();
    let tail: Key[] | null = null;
    for (;;) {
      this.ws();
      if (this.text.charCodeAt(this.pos) !== 34) this.unexpected();
      const keyAt = this.pos;
      const key = this.string();
      if (this.objects && key.length > 0 && key.charCodeAt(0) === 0) {
        this.fail(JSON_PARSE_ERROR.INVALID_PROPERTY_NAME, 'property name starting with \\u0000', keyAt);
      }
      this.ws();
      if (this.text.charCodeAt(this.pos) !== 58) this.unexpected();
      this.pos++;
      const k = stringKey(key);
      if (vals.length >= this.maxArray) capArray(vals.length + 1);
      vals.push(this.value());
      if (node !== null) {
        const after = this.shapes.step(node, k);
        if (after === null) tail = [...KeyShapes.keysOf(node), k];
        node = after;
      } else {
        tail!.push(k);
      }
      if (!this.more(125)) break;
    }
    this.depth--;
    const arr =
      (node !== null ? this.shapes.make(node, vals) : null) ??
      withRepeats(tail ?? KeyShapes.keysOf(node!), vals);
    return this.objects ? new PhpObject(arr) : arr;
  }

  string(): string {
    const t = this.text;
    const start = ++this.pos;
    // fast path: no escapes, no control characters
    let p = start;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === 34) {
        this.pos = p + 1;
        return t.slice(start, p);
      }
      if (c === 92 || c < 32 || p >= t.length) break;
      p++;
    }
    // escapes append short pieces: built in chunks (a rope of one node per escape is 40 bytes each)
    const out = new StringBuilder();
    out.add(t.slice(start, p));
    for (;;) {
      if (p >= t.length) this.fail(JSON_PARSE_ERROR.SYNTAX, 'unterminated string', start - 1);
      const c = t.charCodeAt(p);
      if (c === 34) {
        this.pos = p + 1;
        return out.toString();
      }
      if (c < 32) this.fail(JSON_PARSE_ERROR.CTRL_CHAR, 'control character in string', p);
      if (c !== 92) {
        let q = p + 1;
        while (q < t.length) {
          const d = t.charCodeAt(q);
          if (d === 34 || d === 92 || d < 32) break;
          q++;
        }
        out.add(t.slice(p, q));
        p = q;
        continue;
      }
      const e = t.charCodeAt(p + 1);
      switch (e) {
        case 34:
          out.add('"');
          break;
        case 92:
          out.add('\\');
          break;
        case 47:
          out.add('/');
          break;
        case 98:
          out.add('\b');
          break;
        case 102:
          out.add('\f');
          break;
        case 110:
          out.add('\n');
          break;
        case 114:
          out.add('\r');
          break;
        case 116:
          out.add('\t');
          break;
        case 117: {
          const u = this.hex4(p + 2);
          if (u >= 0xd800 && u <= 0xdbff) {
            // a high surrogate must be followed by an escaped low surrogate
            if (t.charCodeAt(p + 6) === 92 && t.charCodeAt(p + 7) === 117) {
              const l = this.hex4(p + 8);
              if (l >= 0xdc00 && l <= 0xdfff) {
                out.add(String.fromCharCode(u, l));
                p += 12;
                continue;
              }
            }
            this.fail(JSON_PARSE_ERROR.UTF16, 'single unpaired UTF-16 surrogate in unicode escape', p);
          }
          if (u >= 0xdc00 && u <= 0xdfff) {
            this.fail(JSON_PARSE_ERROR.UTF16, 'single unpaired UTF-16 surrogate in unicode escape', p);
          }
          out.add(String.fromCharCode(u));
          p += 6;
          continue;
        }
        default:
          this.fail(JSON_PARSE_ERROR.SYNTAX, 'invalid escape sequence', p);
      }
      p += 2;
    }
  }

  hex4(p: number): number {
    const t = this.text;
    let v = 0;
    for (let i = 0; i < 4; i++) {
      const c = t.charCodeAt(p + i);
      let d: number;
      if (c >= 48 && c <= 57) d = c - 48;
      else if (c >= 97 && c <= 102) d = c - 87;
      else if (c >= 65 && c <= 70) d = c - 55;
      else return this.fail(JSON_PARSE_ERROR.SYNTAX, 'invalid \\u escape', p - 2);
      v = v * 16 + d;
    }
    return v;
  }

  number(): Value {
    const t = this.text;
    const start = this.pos;
    let p = start;
    if (t.charCodeAt(p) === 45) p++;
    let c = t.charCodeAt(p);
    if (c === 48) {
      p++;
    } else if (c >= 49 && c <= 57) {
      while ((c = t.charCodeAt(p)) >= 48 && c <= 57) p++;
    } else {
      this.pos = p;
      this.unexpected();
    }
    const intEnd = p;
    let isFloat = false;
    if (t.charCodeAt(p) === 46) {
      p++;
      c = t.charCodeAt(p);
      if (!(c >= 48 && c <= 57)) {
        this.pos = p;
        this.unexpected();
      }
      while ((c = t.charCodeAt(p)) >= 48 && c <= 57) p++;
      isFloat = true;
    }
    c = t.charCodeAt(p);
    if (c === 101 || c === 69) {
      p++;
      c = t.charCodeAt(p);
      if (c === 43 || c === 45) p++;
      c = t.charCodeAt(p);
      if (!(c >= 48 && c <= 57)) {
        this.pos = p;
        this.unexpected();
      }
      while ((c = t.charCodeAt(p)) >= 48 && c <= 57) p++;
      isFloat = true;
    }
    this.pos = p;
    const s = t.slice(start, p);
    if (isFloat) return makeFloat(Number(s));
    const neg = t.charCodeAt(start) === 45;
    const digits = intEnd - start - (neg ? 1 : 0);
    if (digits <= 15) return Number(s) + 0;
    if (digits > 19 || (digits === 19 && beyondInt64(s.slice(neg ? 1 : 0), neg))) {
      // beyond int64: a float, or the digits with JSON_BIGINT_AS_STRING
      return this.bigintAsString ? s : Number(s);
    }
    return makeInt(BigInt(s));
  }
}

/**
 * Parses JSON text into template values: objects → ordered PhpArray (keys
 * normalised: "1" → 1) or PhpObject with `objects`, arrays → lists, integers →
 * int (bigint beyond 2^53, float beyond int64), numbers with a fraction or
 * exponent → float (`1.0` stays a float). Throws JsonParseError with position.
 */
export function fromJSONText(text: string, options?: JsonReadOptions): Value {
  const r = new Reader(
    text,
    options?.objects === true,
    options?.bigintAsString === true,
    options?.depth ?? 512,
  );
  const v = r.value();
  r.ws();
  if (r.pos < text.length) r.unexpected();
  return v;
}
