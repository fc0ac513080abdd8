/**
 * A small XML 1.0 parser with libxml2's verdicts, for {xmltojson}.
 *
 * Hand-written because what counts is the exact set of documents PHP's
 * simplexml_load_string() accepts: one root element, no undefined entities,
 * no `<` in attribute values, no `--` inside comments, only XML characters,
 * unique attributes, at most 256 nested elements (libxml2 without
 * LIBXML_PARSEHUGE), and namespace prefixes resolved against their
 * declarations. Line ends are normalised (\r\n, \r → \n) and literal white
 * space in attribute values becomes spaces, as the XML spec requires.
 *
 * A reference to an entity declared in the DOCTYPE is reported as unsupported:
 * libxml2 keeps such references as entity nodes, which SimpleXML turns into
 * shapes that depend on where the reference stands; Sumi does not guess them.
 * Nothing external is ever loaded.
 */

import { capArray, replaceMatches, StringBuilder } from '@sumi/php';

export interface XmlElement {
  kind: 'element';
  /** qualified name as written (`p:name`) */
  name: string;
  /** the element is in a namespace bound to a prefix (SimpleXML leaves those out by default) */
  prefixed: boolean;
  attrs: { name: string; value: string; prefixed: boolean }[];
  children: XmlNode[];
}

export type XmlNode =
  | XmlElement
  | { kind: 'text'; value: string }
  /** comments and processing instructions: SimpleXML lists them under `name` */
  | { kind: 'other'; name: string };

export class XmlSyntaxError extends Error {}

const MAX_DEPTH = 256;

const NAME_START =
  'A-Z_a-z:\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME = new RegExp(`[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*`, 'uy');
/** characters XML allows (Char production) */
const BAD_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** a Map: the name comes from the document, and `&constructor;` must not find Object.prototype's */
const PREDEFINED: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['apos', "'"],
  ['quot', '"'],
]);

class Parser {
  pos = 0;
  /**
   * nodes and attributes made so far: the tree of a long document is checked against the array cap
   * as a whole (each node becomes at least one array element), before it outgrows memory
   */
  nodes = 0;
  /** general entities declared in the internal subset */
  readonly entities = new Set<string>();

  constructor(readonly s: string) {}

  /** one more node or attribute */
  grow(): void {
    capArray(++this.nodes);
  }

  /**
   * libxml's messages, which the CMS logs, name elements, attributes and entities: kept, since those
   * are the document's markup; its text (where data, and secrets, live) is never quoted.
   */
  fail(message: string): never {
    throw new XmlSyntaxError(`${message} (at offset ${this.pos})`);
  }

  /** where the next `<` and `&` are, kept between calls: a search per node to the end of a document
   * without any `&` made content of many small elements quadratic */
  private readonly nextAt = new Map<string, number>();

  /** the offset of the next `c` at or after pos, or -1 */
  next(c: '<' | '&'): number {
    const known = this.nextAt.get(c);
    if (known !== undefined && (known < 0 || known >= this.pos)) return known;
    const found = this.s.indexOf(c, this.pos);
    this.nextAt.set(c, found);
    return found;
  }

  startsWith(t: string): boolean {
    return this.s.startsWith(t, this.pos);
  }

  expect(t: string): void {
    if (!this.startsWith(t)) this.fail(`'${t}' expected`);
    this.pos += t.length;
  }

  /** S: at least one of space, \t, \n (after normalisation no \r remains) */
  space(): boolean {
    const start = this.pos;
    while (this.pos < this.s.length) {
      const c = this.s.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      this.pos++;
    }
    return this.pos > start;
  }

  name(): string {
    NAME.lastIndex = this.pos;
    const m = NAME.exec(this.s);
    if (!m) this.fail('name expected');
    this.pos = NAME.lastIndex;
    return m[0];
  }

  quoted(): string {
    const q = this.s[this.pos];
    if (q !== '"' && q !== "'") this.fail('quoted value expected');
    const end = this.s.indexOf(q, this.pos + 1);
    if (end < 0) this.fail('unterminated quoted value');
    const v = this.s.slice(this.pos + 1, end);
    this.pos = end + 1;
    return v;
  }

  /** `&...;` at pos: the text it stands for */
  reference(): string {
    this.pos++;
    if (this.s[this.pos] === '#') {
      const m = /^#(?:x([0-9a-fA-F]+)|([0-9]+));/.exec(this.s.slice(this.pos, this.pos + 12));
      if (!m) this.fail('invalid character reference');
      const cp = m[1] !== undefined ? Number.parseInt(m[1], 16) : Number.parseInt(m[2]!, 10);
      if (cp > 0x10ffff || BAD_CHAR.test(String.fromCodePoint(cp))) this.fail('invalid character reference');
      this.pos += m[0].length;
      return String.fromCodePoint(cp);
    }
    const name = this.name();
    this.expect(';');
    const pre = PREDEFINED.get(name);
    if (pre !== undefined) return pre;
    if (!this.entities.has(name)) this.fail(`Entity '${name}' not defined`);
    throw new XmlUnsupported(`a reference to the DOCTYPE entity '${name}'`);
  }

  comment(): void {
    this.expect('<!--');
    const end = this.s.indexOf('--', this.pos);
    if (end < 0) this.fail('unterminated comment');
    if (this.s[end + 2] !== '>') this.fail("'--' not allowed in comments");
    this.pos = end + 3;
  }

  /** `<?target ...?>`: returns the target */
  pi(): string {
    this.expect('<?');
    const target = this.name();
    if (target.toLowerCase() === 'xml')
      this.fail('XML declaration allowed only at the start of the document');
    const end = this.s.indexOf('?>', this.pos);
    if (end < 0) this.fail('unterminated processing instruction');
    if (end > this.pos && !this.space()) this.fail('space required after the target');
    this.pos = end + 2;
    return target;
  }

  misc(): void {
    for (;;) {
      this.space();
      if (this.startsWith('<!--')) this.comment();
      else if (this.startsWith('<?')) this.pi();
      else return;
    }
  }

  doctype(): void {
    this.expect('<!DOCTYPE');
    if (!this.space()) this.fail('space required');
    this.name();
    this.space();
    if (this.startsWith('SYSTEM') || this.startsWith('PUBLIC')) {
      const pub = this.startsWith('PUBLIC');
      this.pos += 6;
      this.space();
      this.quoted();
      if (pub) {
        this.space();
        this.quoted();
      }
      this.space();
    }
    if (this.s[this.pos] === '[') {
      this.pos++;
      for (;;) {
        this.space();
        if (this.s[this.pos] === ']') {
          this.pos++;
          break;
        }
        if (this.startsWith('<!ENTITY')) this.entityDecl();
        else if (this.startsWith('<!--')) this.comment();
        else if (this.startsWith('<?')) this.pi();
        else if (this.startsWith('<!')) this.skipDecl();
        else if (this.s[this.pos] === '%') {
          this.pos++;
          this.name();
          this.expect(';');
        } else this.fail('invalid internal subset');
      }
      this.space();
    }
    this.expect('>');
  }

  skipDecl(): void {
    while (this.pos < this.s.length && this.s[this.pos] !== '>') {
      const c = this.s[this.pos];
      if (c === '"' || c === "'") this.quoted();
      else this.pos++;
    }
    this.expect('>');
  }

  entityDecl(): void {
    this.expect('<!ENTITY');
    this.space();
    if (this.s[this.pos] === '%') {
      this.skipDecl(); // parameter entities: never referenced from content
      return;
    }
    this.entities.add(this.name());
    this.skipDecl();
  }

  element(depth: number, scope: ReadonlyMap<string, string>): XmlElement {
    if (depth > MAX_DEPTH) this.fail(`Excessive depth in document: ${MAX_DEPTH}`);
    this.expect('<');
    const name = this.name();
    const raw: { name: string; value: string }[] = [];
    const seen = new Set<string>();
    for (;;) {
      const spaced = this.space();
      const c = this.s[this.pos];
      if (c === '>' || c === '/') break;
      if (!spaced) this.fail('space required between attributes');
      const an = this.name();
      this.space();
      this.expect('=');
      this.space();
      const value = this.attrValue();
      if (seen.has(an)) this.fail(`Attribute ${an} redefined`);
      seen.add(an);
      this.grow();
      raw.push({ name: an, value });
    }
    let ns: Map<string, string> | null = null;
    for (const a of raw) {
      if (a.name.startsWith('xmlns:')) (ns ??= new Map(scope)).set(a.name.slice(6), a.value);
    }
    const inScope = ns ?? scope;
    const bound = (qname: string) => {
      const i = qname.indexOf(':');
      return i > 0 && (qname.slice(0, i) === 'xml' || inScope.has(qname.slice(0, i)));
    };
    const el: XmlElement = {
      kind: 'element',
      name,
      prefixed: bound(name),
      attrs: raw
        .filter((a) => a.name !== 'xmlns' && !a.name.startsWith('xmlns:'))
        .map((a) => ({ name: a.name, value: a.value, prefixed: bound(a.name) })),
      children: [],
    };
    if (this.startsWith('/>')) {
      this.pos += 2;
      return el;
    }
    this.expect('>');
    this.content(el, depth, inScope);
    this.expect('</');
    const close = this.name();
    if (close !== name) this.fail(`Opening and ending tag mismatch: ${name} and ${close}`);
    this.space();
    this.expect('>');
    return el;
  }

  attrValue(): string {
    const q = this.s[this.pos];
    if (q !== '"' && q !== "'") this.fail('AttValue: " or \' expected');
    this.pos++;
    // runs of plain characters are copied as slices; the value is built in chunks
    const out = new StringBuilder();
    let run = this.pos;
    for (;;) {
      const c = this.s[this.pos];
      if (c === undefined) this.fail('unterminated attribute value');
      if (c === q || c === '<' || c === '&' || c === '\t' || c === '\n' || c === '\r') {
        if (run < this.pos) out.add(this.s.slice(run, this.pos));
      }
      if (c === q) {
        this.pos++;
        return out.toString();
      }
      if (c === '<') this.fail("Unescaped '<' not allowed in attributes values");
      if (c === '&') out.add(this.reference());
      else if (c === '\t' || c === '\n' || c === '\r') {
        out.add(' ');
        this.pos++;
      } else {
        this.pos++;
        continue;
      }
      run = this.pos;
    }
  }

  content(el: XmlElement, depth: number, scope: ReadonlyMap<string, string>): void {
    // text between references and CDATA sections comes in many pieces: built in chunks
    let text = new StringBuilder();
    const add = (node: XmlNode) => {
      this.grow();
      el.children.push(node);
    };
    const flush = () => {
      if (text.length > 0) add({ kind: 'text', value: text.toString() });
      text = new StringBuilder();
    };
    for (;;) {
      if (this.pos >= this.s.length) this.fail(`Premature end of data in tag ${el.name}`);
      const lt = this.next('<');
      const amp = this.next('&');
      const stop = lt < 0 ? (amp < 0 ? this.s.length : amp) : amp < 0 ? lt : Math.min(lt, amp);
      if (stop > this.pos) {
        const chunk = this.s.slice(this.pos, stop);
        if (chunk.includes(']]>')) this.fail("Sequence ']]>' not allowed in content");
        text.add(chunk);
        this.pos = stop;
        continue;
      }
      if (this.s[this.pos] === '&') {
        text.add(this.reference());
        continue;
      }
      if (this.startsWith('</')) {
        flush();
        return;
      }
      if (this.startsWith('<![CDATA[')) {
        const end = this.s.indexOf(']]>', this.pos + 9);
        if (end < 0) this.fail('CData section not finished');
        text.add(this.s.slice(this.pos + 9, end));
        this.pos = end + 3;
        continue;
      }
      flush();
      if (this.startsWith('<!--')) {
        this.comment();
        add({ kind: 'other', name: 'comment' });
      } else if (this.startsWith('<?')) {
        add({ kind: 'other', name: this.pi() });
      } else if (this.startsWith('<!')) {
        this.fail('invalid markup in content');
      } else {
        add(this.element(depth + 1, scope));
      }
    }
  }

  document(): XmlElement {
    if (BAD_CHAR.test(this.s)) this.fail('Char out of allowed range');
    if (this.s.charCodeAt(0) === 0xfeff) this.pos = 1;
    if (this.startsWith('<?xml') && /[\s?]/.test(this.s[this.pos + 5] ?? '')) {
      const end = this.s.indexOf('?>', this.pos);
      if (end < 0 || !/^<\?xml\s+version\s*=\s*(["'])1\.\d+\1/.test(this.s.slice(this.pos, end + 2))) {
        this.fail('invalid XML declaration');
      }
      this.pos = end + 2;
    }
    this.misc();
    if (this.startsWith('<!DOCTYPE')) {
      this.doctype();
      this.misc();
    }
    if (this.s[this.pos] !== '<')
      this.fail(this.pos >= this.s.length ? 'Document is empty' : 'Start tag expected');
    const root = this.element(1, new Map());
    this.misc();
    if (this.pos < this.s.length) this.fail('Extra content at the end of the document');
    return root;
  }
}

const LINE_END = /\r\n?/g;

/** A construct Sumi does not reproduce (markup inside entity values): reported, never guessed. */
export class XmlUnsupported extends Error {}

/** Parses a document; throws XmlSyntaxError where libxml2 reports a fatal error. */
export function parseXml(text: string): XmlElement {
  return new Parser(replaceMatches(text, LINE_END, () => '\n')).document();
}
