/**
 * The runtime's Smarty functions and CMS plugins that build values bigger than their inputs check
 * the string and array caps before building: over them the render stops with LIMIT_MEMORY, under
 * them the result is PHP's.
 */
import { describe, expect, it } from 'vitest';
import { err, out } from './plugins/render';

const limits = { maxStringLength: 1000, maxArrayLength: 100, maxMemoryBytes: 1_000_000 };

const code = (source: string, data: Record<string, unknown> = {}) =>
  err(source, JSON.stringify(data), { limits }).code;
const render = (source: string, data: Record<string, unknown> = {}) =>
  out(source, JSON.stringify(data), { limits });

/** 600 characters with 300 commas: under the string cap, more pieces than the array cap */
const commas = 'a,'.repeat(300);

describe('over the caps: LIMIT_MEMORY before building', () => {
  it.each([
    ['cycle values', '{cycle values=$s}', { s: commas }],
    ['assign_array values', '{assign_array var=a values=$s}', { s: commas }],
    ['assign_array keys', '{assign_array var=a values="x" keys=$s}', { s: commas }],
    ['math: tokens of a long equation', '{math equation=$e}', { e: `${'1+'.repeat(150)}1` }],
    ['math: nested parentheses', '{math equation=$e}', { e: `${'('.repeat(150)}1${')'.repeat(150)}` }],
    ['textformat paragraphs', '{textformat}{$s}{/textformat}', { s: 'a\n\n'.repeat(150) }],
    ['textformat indent', '{textformat indent=2000}a{/textformat}', {}],
    ['textformat indent_first', '{textformat indent_first=2000}a{/textformat}', {}],
    ['textformat indent per line', '{textformat wrap=3 indent=5}{$s}{/textformat}', { s: 'ab '.repeat(300) }],
    [
      'textformat wrap_char per line',
      '{textformat wrap=1 wrap_char=$b}{$s}{/textformat}',
      { s: 'a '.repeat(300), b: '<br>' },
    ],
    [
      'html_options output',
      '{html_options values=$v output=$v}',
      { v: Array.from({ length: 50 }, (_, i) => `v${i}`) },
    ],
    ['html_options entities', '{html_options options=$o}', { o: { a: '&a;'.repeat(200) } }],
    ['xmltojson nodes', '{xmltojson var=x xml=$x}', { x: `<r>${'<a/>'.repeat(150)}</r>` }],
    [
      'xmltojson attributes',
      '{xmltojson var=x xml=$x}',
      { x: `<r ${Array.from({ length: 150 }, (_, i) => `a${i}=""`).join(' ')}/>` },
    ],
  ])('%s', (_name, source, data) => {
    expect(code(source, data)).toBe('LIMIT_MEMORY');
  });
});

describe('under the caps: the same operations give PHP output', () => {
  it.each([
    ['cycle', '{cycle values="a,b"}{cycle values="a,b"}{cycle values="a,b"}', {}, 'aba'],
    [
      'assign_array',
      '{assign_array var=a values="x,y" keys="k1,k2"}{$a|@json_encode}',
      {},
      '{"k1":"x","k2":"y"}',
    ],
    ['math counts parentheses without splitting', '{math equation="((w+1)*2)" w=2}', {}, '6'],
    ['math: unbalanced', '{math equation="(1+2"}', {}, ''],
    [
      'textformat',
      '{textformat wrap=12 indent=2 indent_char="-"}alpha beta gamma delta{/textformat}',
      {},
      '--alpha beta\n--gamma\n--delta',
    ],
    [
      'textformat paragraphs',
      '{textformat wrap=20}one\n  two\n\nthree   four{/textformat}',
      {},
      'one two\n\nthree four',
    ],
    [
      'textformat indent_first',
      '{textformat indent_first=3 wrap=6}aa bb cc{/textformat}',
      {},
      '   aa\nbb cc',
    ],
    [
      'textformat of no paragraph makes no indent',
      '{textformat indent=2000}{$s}{/textformat}',
      { s: '' },
      '',
    ],
    [
      'html_options',
      '{html_options options=$o selected="b"}',
      { o: { a: 'A&amp;', b: 'B' } },
      '<option label="A&amp;" value="a">A&amp;</option>\n<option label="B" value="b" selected="selected">B</option>\n',
    ],
    [
      'html_options select',
      '{html_options name=n values=$v output=$v}',
      { v: ['x'] },
      '<select name="n">\n<option label="x" value="x">x</option>\n</select>\n',
    ],
    ['lottery', '{lottery var=w ids=$ids cnt=5 duplicate=2}{$w|@count}', { ids: [1, 2] }, '4'],
    [
      'xmltojson',
      '{xmltojson var=x xml=$x}{$x|@json_encode}',
      { x: '<r a="1&amp;2\t3"><b>x&lt;y</b><b>z</b></r>' },
      '{"@attributes":{"a":"1&2 3"},"b":["x<y","z"]}',
    ],
  ])('%s', (_name, source, data, expected) => {
    expect(render(source, data)).toBe(expected);
  });
});
