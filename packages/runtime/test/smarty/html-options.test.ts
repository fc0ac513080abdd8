import { describe, expect, test } from 'vitest';
import { escapeSpecialChars } from '../../src/smarty/html-options';
import { logOf, out } from '../plugins/render';

const opt = (v: string, label: string, sel = false) =>
  `<option label="${label}" value="${v}"${sel ? ' selected="selected"' : ''}>${label}</option>\n`;

describe('html_options (Smarty 2.6.28)', () => {
  test.each([
    ['{html_options options=$o}', '{"o":{"a":"A","b":"B"}}', opt('a', 'A') + opt('b', 'B')],
    [
      '{html_options options=$o selected="b"}',
      '{"o":{"a":"A","b":"B"}}',
      opt('a', 'A') + opt('b', 'B', true),
    ],
    [
      '{html_options options=$o selected=$s}',
      '{"o":{"a":"A","b":"B","c":"C"},"s":["a","c"]}',
      opt('a', 'A', true) + opt('b', 'B') + opt('c', 'C', true),
    ],
    [
      '{html_options options=$o selected="01"}',
      '{"o":{"1":"One","2":"Two"}}',
      opt('1', 'One', true) + opt('2', 'Two'),
    ],
    ['{html_options options=$o selected="1e0"}', '{"o":{"1":"One"}}', opt('1', 'One', true)],
    ['{html_options options=$o selected="A"}', '{"o":{"a":"x"}}', opt('a', 'x')],
    [
      '{html_options options=$o selected=1}',
      '{"o":["zero","one"]}',
      opt('0', 'zero') + opt('1', 'one', true),
    ],
    [
      '{html_options values=$v output=$n selected=2}',
      '{"v":[1,2],"n":["One","Two"]}',
      opt('1', 'One') + opt('2', 'Two', true),
    ],
    [
      '{html_options values=$v output=$n}',
      '{"v":[1,2,3],"n":["One"]}',
      opt('1', 'One') + opt('2', '') + opt('3', ''),
    ],
    ['{html_options values=$v}', '{"v":["a"]}', opt('a', '')],
    [
      '{html_options values=$v output=$n}',
      '{"v":{"x":"a","y":"b"},"n":{"p":"A","q":"B"}}',
      opt('a', 'A') + opt('b', 'B'),
    ],
    ['{html_options options="solo"}', '{}', opt('0', 'solo')],
    ['{html_options options=$none}', '{}', ''],
    ['{html_options}', '{}', ''],
    [
      '{html_options options=$o}',
      '{"o":{"a":1.5,"b":true,"c":null}}',
      opt('a', '1.5') + opt('b', '1') + opt('c', ''),
    ],
  ])('%s with %s', (tpl, json, expected) => {
    expect(out(tpl, json)).toBe(expected);
  });

  test('nested arrays become optgroups', () => {
    expect(
      out('{html_options options=$o selected="p"}', '{"o":{"Fruits":{"a":"Apple","p":"Pear"},"x":"X"}}'),
    ).toBe(
      `<optgroup label="Fruits">\n${opt('a', 'Apple')}${opt('p', 'Pear', true)}</optgroup>\n${opt('x', 'X')}`,
    );
  });

  test('labels and values are escaped, existing entities are kept', () => {
    expect(
      out(
        '{html_options options=$o}',
        JSON.stringify({ o: { 'a"b': 'Tom & Jerry\'s "<b>" &amp; &#39;co&#x27;' } }),
      ),
    ).toBe(opt('a&quot;b', 'Tom &amp; Jerry&#039;s &quot;&lt;b&gt;&quot; &amp; &#39;co&#x27;'));
    expect(escapeSpecialChars('a && b &;')).toBe('a &amp;&amp; b &amp;;');
  });

  test('name wraps a select with the extra attributes; the name itself is printed as given', () => {
    expect(
      out('{html_options name=sel options=$o id="s1" class="c\'d" data_x=$n}', '{"o":{"a":"A"},"n":3}'),
    ).toBe(`<select name="sel" id="s1" class="c&#039;d" data_x="3">\n${opt('a', 'A')}</select>\n`);
    expect(out("{html_options name='a\"b' options=$o}", '{"o":{"a":"A"}}')).toBe(
      `<select name="a"b">\n${opt('a', 'A')}</select>\n`,
    );
    expect(out('{html_options name="0" options=$o}', '{"o":{"a":"A"}}')).toBe(opt('a', 'A'));
    expect(out('{html_options class="c" options=$o}', '{"o":{"a":"A"}}')).toBe(opt('a', 'A'));
  });

  test('an array as extra attribute is skipped with a notice', () => {
    const tpl = '{html_options name=s options=$o extra=$o}';
    expect(out(tpl, '{"o":{"a":"A"}}')).toBe(`<select name="s">\n${opt('a', 'A')}</select>\n`);
    expect(logOf(tpl, '{"o":{"a":"A"}}')).toEqual([
      "html_options: extra attribute 'extra' cannot be an array",
    ]);
  });
});
