/**
 * {xmltojson}: XML to the value PHP gives for
 * json_decode(json_encode(simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NOCDATA)), true),
 * following ext/simplexml (sxe_get_prop_hash, _get_base_node_value):
 * - an element is an array: "@attributes" first, then its child elements by
 *   name in document order; a repeated name becomes a list at the place of the
 *   first one; comments and processing instructions count as children named
 *   "comment" / the PI target, with [] as value;
 * - a child whose first node is non-blank text is a string: all its text
 *   nodes joined (its attributes and child elements are dropped, as in PHP);
 * - an element's only node being non-blank text adds it under key 0 (so
 *   `<r>hi</r>` gives ["hi"] and `<r k="v">hi</r>` {"@attributes":…,"0":"hi"});
 * - blank means only space, \t, \n, \r; CDATA is text;
 * - without convert_namespace, elements and attributes with a bound prefix
 *   are left out (namespace declarations are never attributes).
 * Invalid XML gives false, with a warning.
 */

import type { Value } from '@sumi/php';
import { PhpArray, toBool, toStr } from '@sumi/php';
import { ErrorCodes, fail } from '../errors';
import { definePlugin, type FunctionPluginDef } from '../plugin/types';
import { parseXml, type XmlElement, type XmlNode, XmlSyntaxError, XmlUnsupported } from './xml-parse';

const isBlank = (s: string) => /^[ \t\n\r]*$/.test(s);

/** the members of an element (sxe_get_prop_hash) */
function members(el: XmlElement, withNs: boolean): PhpArray {
  const out = new PhpArray();
  const attrs = el.attrs.filter((a) => withNs || !a.prefixed);
  if (attrs.length)
    out.set('@attributes', PhpArray.fromEntries(attrs.map((a) => [a.name, a.value] as [string, Value])));
  const lists = new Set<string>();
  const nodes = el.children;
  for (const node of nodes) {
    if (node.kind === 'text') {
      if (nodes.length === 1 && !isBlank(node.value)) out.push(node.value);
      continue;
    }
    if (node.kind === 'element' && node.prefixed && !withNs) continue;
    const name = node.name;
    const value = node.kind === 'element' ? baseValue(node, withNs) : new PhpArray();
    const prev = out.get(name);
    if (prev === undefined) out.set(name, value);
    else if (lists.has(name)) (out.getMut(name) as PhpArray).push(value);
    else {
      out.set(name, PhpArray.fromList([prev, value]));
      lists.add(name);
    }
  }
  return out;
}

/** a child's value (_get_base_node_value): text when its first node is non-blank text */
function baseValue(el: XmlElement, withNs: boolean): Value {
  const first: XmlNode | undefined = el.children[0];
  if (first?.kind === 'text' && !isBlank(first.value)) {
    return el.children.map((n) => (n.kind === 'text' ? n.value : '')).join('');
  }
  return members(el, withNs);
}

/** The value of xmltojson for `xml`; false (and `onError` called) when libxml would reject it. */
export function xmlToValue(xml: string, withNamespaces: boolean, onError?: (message: string) => void): Value {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (e) {
    if (e instanceof XmlSyntaxError) {
      onError?.(e.message);
      return false;
    }
    if (e instanceof XmlUnsupported) {
      fail(ErrorCodes.PLUGIN_ERROR, { plugin: 'xmltojson', message: `${e.message} is not supported` });
    }
    throw e;
  }
  return members(root, withNamespaces);
}

export const xmltojson: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: 'xmltojson',
  group: 'Variables and arrays',
  description:
    'Converts XML to an array shaped like PHP\'s json round trip of SimpleXML: child elements by name (repeated names become lists), attributes under "@attributes", text-only elements as strings, empty elements as []. Invalid XML gives false.',
  attributes: {
    var: { type: 'varname', required: true, description: 'receives the array (false for invalid XML)' },
    xml: { type: 'string', required: true, description: 'the XML text' },
    convert_namespace: {
      type: 'integer',
      default: 0,
      description:
        '1 also includes elements and attributes with a namespace prefix, under their prefixed names ("media:title")',
    },
  },
  errors: [
    'invalid XML: a warning, and `var` gets false',
    'a reference to an entity declared in the DOCTYPE: not supported, the render fails',
  ],
  limits: ['at most 256 nested elements (libxml2)'],
  examples: [
    {
      template: '{xmltojson var=x xml=$xml}{$x|@json_encode}',
      data: { xml: '<r><a>1</a><a>2</a><b k="v"/><c/></r>' },
      output: '{"a":["1","2"],"b":{"@attributes":{"k":"v"}},"c":[]}',
    },
    {
      template: '{xmltojson var=x xml=$xml}{$x.item.0.title} {$x.item.1.title}',
      data: { xml: '<rss><item><title>One</title></item><item><title>Two</title></item></rss>' },
      output: 'One Two',
    },
  ],
  run(ctx, a) {
    const v = xmlToValue(toStr(a.xml), toBool(a.convert_namespace), (m) =>
      ctx.warn(`xmltojson: invalid XML: ${m}`),
    );
    ctx.assign(a.var as string, v);
  },
});
