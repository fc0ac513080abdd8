/**
 * {xmltojson}: XML to the array shape PHP gives for
 * json_decode(json_encode(simplexml_load_string($xml, …, LIBXML_NOCDATA)), true):
 * the root's children keyed by name, repeated names as lists, attributes under
 * "@attributes", text-only elements as strings, empty elements as [].
 * Parsed by fast-xml-parser (no entities are expanded beyond XML's own).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PhpArray } from '../php/array';
import { toBool, toStr } from '../php/convert';
import type { Value } from '../php/value';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: '#comment',
});

export function xmlToValue(xml: string, withNamespaces: boolean): Value {
  if (XMLValidator.validate(xml) !== true) return false;
  const doc = parser.parse(xml) as Ordered[];
  const root = doc.find((n) => elementName(n) !== null);
  if (!root) return false;
  return elementValue(root, withNamespaces);
}

function elementName(n: Ordered): string | null {
  for (const k of Object.keys(n)) if (k !== ':@' && k !== '#text' && k !== '#cdata' && k !== '#comment') return k;
  return null;
}

function elementValue(el: Ordered, ns: boolean): Value {
  const name = elementName(el)!;
  const children = (el[name] as Ordered[]) ?? [];
  const attrs = el[':@'] ?? {};
  const out = new PhpArray();
  const attrEntries = Object.entries(attrs).filter(([k]) => ns || (!k.includes(':') && k !== 'xmlns'));
  if (attrEntries.length) out.set('@attributes', PhpArray.fromEntries(attrEntries.map(([k, v]) => [k, v] as [string, Value])));
  let text = '';
  let hasElements = false;
  for (const c of children) {
    if ('#text' in c) text += String(c['#text']);
    else if ('#cdata' in c) text += ((c['#cdata'] as Ordered[]) ?? []).map((t) => String(t['#text'] ?? '')).join('');
    else {
      const cname = elementName(c);
      if (!cname || cname === '#comment') continue;
      if (!ns && cname.includes(':')) continue;
      hasElements = true;
      const v = elementValue(c, ns);
      const prev = out.get(cname);
      if (prev === undefined) out.set(cname, v);
      else if (prev instanceof PhpArray && listOf.has(prev)) prev.push(v);
      else {
        const list = PhpArray.fromList([prev, v]);
        listOf.add(list);
        out.set(cname, list);
      }
    }
  }
  if (!hasElements && text.trim() !== '') {
    if (out.size === 0) return text;
    out.push(text);
  }
  return out;
}

/** lists made for repeated element names (a plain child array must not be mistaken for one) */
const listOf = new WeakSet<PhpArray>();

export const xmltojson: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'xmltojson',
  group: 'Variables and arrays',
  description:
    'Converts XML to an array shaped like PHP\'s json round trip of SimpleXML: children by name (repeated names become lists), attributes under "@attributes", text-only elements as strings. Invalid XML gives false.',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the array' },
    xml: { type: 'string', required: true, description: 'the XML text' },
    convert_namespace: { type: 'integer', default: 0, description: '1 includes namespaced elements and attributes' },
  },
  examples: [{ template: '{xmltojson var=x xml="<r><a>1</a><a>2</a><b k=\\"v\\"/></r>"}{$x|@json_encode}', output: '{"a":["1","2"],"b":{"@attributes":{"k":"v"}}}' }],
  run(ctx, a) {
    ctx.assign(a.var as string, xmlToValue(toStr(a.xml as Value), toBool(a.convert_namespace as Value)));
  },
});
