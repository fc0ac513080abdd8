/**
 * xmltojson against the shapes of PHP's
 * json_decode(json_encode(simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NOCDATA)), true).
 */
import { describe, expect, test } from 'vitest';
import { xmlToValue } from '../../src/plugins/index';
import { err, logOf, out } from './render';

const conv = (xml: string, ns = 0) =>
  out(`{xmltojson var=x xml=$xml convert_namespace=${ns}}{$x|@json_encode:320}`, JSON.stringify({ xml }));

describe('xmltojson shapes', () => {
  test.each([
    ['<r><a>1</a><a>2</a><b k="v"/><c/></r>', '{"a":["1","2"],"b":{"@attributes":{"k":"v"}},"c":[]}'],
    ['<r>hi</r>', '["hi"]'],
    ['<r k="v">hi</r>', '{"@attributes":{"k":"v"},"0":"hi"}'],
    ['<r k="v"/>', '{"@attributes":{"k":"v"}}'],
    ['<r/>', '[]'],
    ['<r>  \n </r>', '[]'],
    ['<r><a k="v">t</a></r>', '{"a":"t"}'],
    ['<r><a><b>1</b>tail</a></r>', '{"a":{"b":"1"}}'],
    ['<r><a>head<b>1</b>tail</a></r>', '{"a":"headtail"}'],
    ['<r>\n  <a>1</a>\n  <b>\n    <c>2</c>\n  </b>\n</r>', '{"a":"1","b":{"c":"2"}}'],
    ['<r><a> </a><b>\t\n</b></r>', '{"a":[],"b":[]}'],
    ['<r><a>\u3000</a></r>', '{"a":"\u3000"}'],
    ['<r><a> x </a></r>', '{"a":" x "}'],
    ['<r><a><![CDATA[<b>x</b>]]></a></r>', '{"a":"<b>x</b>"}'],
    ['<r><a>x<![CDATA[y]]>z</a></r>', '{"a":"xyz"}'],
    ['<r><a>&lt;&amp;&gt;&quot;&apos;&#65;&#x3042;</a></r>', '{"a":"<&>\\"\'Aあ"}'],
    ['<r><a>1</a><b>2</b><a>3</a></r>', '{"a":["1","3"],"b":"2"}'],
    ['<r><i><t>1</t></i><i><t>2</t><t>3</t></i></r>', '{"i":[{"t":"1"},{"t":["2","3"]}]}'],
    ['<r><a/>text</r>', '{"a":[]}'],
    ['<r><!-- c --><a>1</a></r>', '{"comment":[],"a":"1"}'],
    ['<r><a><!-- c -->x</a></r>', '{"a":{"comment":[]}}'],
    ['<r><a>x<!-- c --></a></r>', '{"a":"x"}'],
    ['<r><?pi data?><a>1</a></r>', '{"pi":[],"a":"1"}'],
    ['<r><a k="x&#10;y\nz\tw"/></r>', '{"a":{"@attributes":{"k":"x\\ny z w"}}}'],
    ['<r><a>x\r\ny\rz</a></r>', '{"a":"x\\ny\\nz"}'],
    ['<?xml version="1.0" encoding="UTF-8"?>\n<!-- head -->\n<r><a>1</a></r>\n<!-- tail -->\n', '{"a":"1"}'],
    ['\uFEFF<r><a>1</a></r>', '{"a":"1"}'],
    ['<!DOCTYPE r SYSTEM "r.dtd"><r><a>1</a></r>', '{"a":"1"}'],
    ['<r><日本>語</日本></r>', '{"日本":"語"}'],
    [
      '<rss version="2.0"><channel><title>T</title><item><title>A</title></item><item><title>B</title></item></channel></rss>',
      '{"@attributes":{"version":"2.0"},"channel":{"title":"T","item":[{"title":"A"},{"title":"B"}]}}',
    ],
  ])('%s', (xml, json) => {
    expect(conv(xml)).toBe(json);
  });

  test('namespaced elements and attributes are left out unless convert_namespace=1', () => {
    const xml = '<r xmlns:m="urn:m" m:a="1" b="2" xml:lang="ja"><m:x>1</m:x><y>2</y></r>';
    expect(conv(xml)).toBe('{"@attributes":{"b":"2"},"y":"2"}');
    expect(conv(xml, 1)).toBe('{"@attributes":{"m:a":"1","b":"2","xml:lang":"ja"},"m:x":"1","y":"2"}');
  });

  test('a default namespace does not hide elements; an undeclared prefix is part of the name', () => {
    expect(conv('<r xmlns="urn:d"><a>1</a></r>')).toBe('{"a":"1"}');
    expect(conv('<r><p:a>1</p:a></r>')).toBe('{"p:a":"1"}');
    expect(conv('<r xmlns:p="urn:p"><a><p:b>1</p:b></a><p:c xmlns:p="urn:q"/></r>')).toBe('{"a":[]}');
  });

  test('256 nested elements are fine, 257 are too deep for libxml2', () => {
    const nest = (n: number) => `${'<a>'.repeat(n)}x${'</a>'.repeat(n)}`;
    expect(xmlToValue(nest(256), false)).not.toBe(false);
    expect(xmlToValue(nest(257), false)).toBe(false);
  });
});

describe('invalid XML gives false and a warning', () => {
  test.each([
    '',
    '   ',
    'plain text',
    '<r><a></r>',
    '<r></a>',
    '<r/><s/>',
    '<r/>junk',
    '<r>&nbsp;</r>',
    '<r>&undefined;</r>',
    '<r a="<"/>',
    '<r a="1" a="2"/>',
    '<r a=1/>',
    '<r><!-- a -- b --></r>',
    '<r>]]></r>',
    '<r>\u0001</r>',
    '<r>&#0;</r>',
    '<1r/>',
    '<r><?xml version="1.0"?></r>',
    '<r><![CDATA[x</r>',
  ])('%j', (xml) => {
    expect(out('{xmltojson var=x xml=$xml}{$x|@json_encode}', JSON.stringify({ xml }))).toBe('false');
    const log = logOf('{xmltojson var=x xml=$xml}', JSON.stringify({ xml }));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^xmltojson: invalid XML: /);
  });

  test('references to DOCTYPE entities are not guessed', () => {
    const e = err(
      '{xmltojson var=x xml=$xml}',
      JSON.stringify({ xml: '<!DOCTYPE r [<!ENTITY co "ACME">]><r>&co;</r>' }),
    );
    expect(e.code).toBe('PLUGIN_ERROR');
    expect(e.message).toBe("xmltojson: a reference to the DOCTYPE entity 'co' is not supported");
    // declared but unused is fine
    expect(conv('<!DOCTYPE r [<!ENTITY co "ACME"><!ELEMENT r ANY>]><r><a>1</a></r>')).toBe('{"a":"1"}');
  });

  test('var and xml are required', () => {
    expect(err('{xmltojson var=x}').code).toBe('MISSING_ATTRIBUTE');
  });
});
