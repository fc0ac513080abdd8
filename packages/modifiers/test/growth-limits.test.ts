/**
 * Operations that build a value bigger than their inputs (by a count argument, or by multiplying
 * their input) check the string and array caps before building: over the caps the render stops with
 * LIMIT_MEMORY, under them the result is PHP's. Small limits make the cases small; a child process
 * runs the worst cases at the default limits with a small heap and must exit normally.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromJS } from '@sumi/php';
import { createEngine, type SumiError } from '@sumi/runtime';
import { describe, expect, it } from 'vitest';
import { modifiers } from '../src/index';

const LIMITS = { maxStringLength: 1000, maxArrayLength: 100, maxMemoryBytes: 1_000_000 };

function render(source: string, data: Record<string, unknown> = {}): string {
  return createEngine({ limits: LIMITS, plugins: modifiers }).renderSync(source, fromJS(data)).output;
}

function errorCode(source: string, data: Record<string, unknown> = {}): string {
  try {
    render(source, data);
  } catch (e) {
    return (e as SumiError).code;
  }
  return 'no error';
}

/** 600 characters: under the string cap of 1000, with 300 commas (more pieces than the array cap of 100) */
const commas = 'a,'.repeat(300);
const lines = 'a\n'.repeat(300);
const words = 'a '.repeat(300);

describe('over the caps: LIMIT_MEMORY before building', () => {
  it.each([
    // splits: more pieces than the array cap
    ['explode', '{assign var=p value=","|explode:$s}', { s: commas }],
    ['explode with a negative limit', '{assign var=p value=","|explode:$s:-1}', { s: commas }],
    ['split', '{assign var=p value=","|split:$s}', { s: commas }],
    // counts
    ['str_pad', "{'x'|str_pad:2000}", {}],
    ['str_pad with a multibyte pad', "{'x'|str_pad:6000:'日'}", {}],
    ['range', '{assign var=r value=1|range:200}', {}],
    ['range of floats', '{assign var=r value=0|range:100:0.5}', {}],
    ['indent', '{$s|indent:2000}', { s: 'a' }],
    ['number_format decimals', '{1|number_format:2000}', {}],
    ['number_format separator', '{1234567890|number_format:0:".":$sep}', { sep: 'x'.repeat(400) }],
    ['string_format width', "{1|string_format:'%02000d'}", {}],
    ['string_format string width', "{'a'|string_format:'%-2000s'}", {}],
    ['date_format width', "{0|date_format:'%2000Y'}", {}],
    ['date_format expansion', '{0|date_format:$f}', { f: '%c'.repeat(100) }],
    ['debug_print_var depth', '{$a|@debug_print_var:2000}', { a: [1] }],
    // multiplying the input
    ['replace', "{$s|replace:',':'xxxx'}", { s: commas }],
    ['replace with arrays', '{$s|replace:$f:$r}', { s: commas, f: [','], r: ['xxxx'] }],
    ['spacify', '{$s|spacify}', { s: 'x'.repeat(600) }],
    ['spacify multibyte', '{$s|spacify}', { s: '日'.repeat(200) }],
    ['indent per line', '{$s|indent:4}', { s: lines }],
    ['nl2br', '{$s|nl2br}', { s: lines }],
    ['wordwrap', "{$s|wordwrap:1:'<br>'}", { s: words }],
    ['wordwrap cut', "{$s|wordwrap:1:'<br>':true}", { s: 'x'.repeat(600) }],
    ['cat', '{$s|cat:$s}', { s: 'x'.repeat(600) }],
    ['implode', "{','|implode:$a}", { a: Array.from({ length: 50 }, () => 'x'.repeat(30)) }],
    ['escape html', '{$s|escape}', { s: '<'.repeat(600) }],
    ['escape htmlall', "{$s|escape:'htmlall':'UTF-8'}", { s: 'é'.repeat(600) }],
    ['escape url', "{$s|escape:'url'}", { s: '/'.repeat(600) }],
    ['escape hex', "{$s|escape:'hex'}", { s: 'x'.repeat(600) }],
    ['escape hexentity', "{$s|escape:'hexentity'}", { s: 'x'.repeat(300) }],
    ['escape decentity', "{$s|escape:'decentity'}", { s: 'x'.repeat(300) }],
    ['escape nonstd', "{$s|escape:'nonstd'}", { s: 'é'.repeat(300) }],
    ['escape javascript', "{$s|escape:'javascript'}", { s: '\n'.repeat(600) }],
    ['escape quotes', "{$s|escape:'quotes'}", { s: "'".repeat(600) }],
    ['escape mail', "{$s|escape:'mail'}", { s: '@'.repeat(600) }],
    ['urlencode', '{$s|urlencode}', { s: '/'.repeat(600) }],
    ['json_encode', '{$s|@json_encode}', { s: '/'.repeat(600) }],
    ['json_encode of unicode', '{$s|@json_encode}', { s: '日'.repeat(200) }],
    ['json_encode of an array', '{$a|@json_encode}', { a: Array.from({ length: 50 }, () => 'x'.repeat(30)) }],
    ['json_decode', '{assign var=x value=$s|json_decode}', { s: `[${'1,'.repeat(150)}1]` }],
    ['base64_encode', '{$s|base64_encode}', { s: 'x'.repeat(800) }],
    [
      'htmlspecialchars_decode keeps the cap of its input',
      '{$s|cat:$s|htmlspecialchars_decode}',
      { s: '&lt;'.repeat(150) },
    ],
    ['capitalize keeps the cap of its input', '{$s|cat:$s|capitalize}', { s: words }],
    ['escapeCSV', '{$s|escapeCSV}', { s: '"'.repeat(600) }],
    [
      'mb_convert_encoding: a list of one number per character',
      "{$s|mb_convert_encoding:'SJIS'}",
      { s: '日'.repeat(200) },
    ],
    ['mb_convert_kana', '{$s|mb_convert_kana}', { s: 'ｱ'.repeat(200) }],
  ])('%s', (_name, source, data) => {
    expect(errorCode(source, data)).toBe('LIMIT_MEMORY');
  });
});

describe('under the caps: the same operations give PHP output', () => {
  it.each([
    [
      'explode with a limit keeps the rest',
      "{','|explode:$s:3|@json_encode}",
      { s: commas },
      `["a","a","${commas.slice(4)}"]`,
    ],
    ['explode with a negative limit', "{','|explode:'a,b,c':-1|@json_encode}", {}, '["a","b"]'],
    ['explode', "{','|explode:'a,b,,c'|@json_encode}", {}, '["a","b","","c"]'],
    ['split', "{','|split:'a,b,c'|@json_encode}", {}, '["a","b","c"]'],
    [
      'rcms_json_encode of a boundary string',
      '{$s|@rcms_json_encode}',
      { s: 'a__RCMS_CONTENT_BOUNDARY__b' },
      '["a","b"]',
    ],
    ['str_pad', "[{'x'|str_pad:5:'ab':2}]", {}, '[abxab]'],
    ['str_pad with a multibyte pad cut', "[{'x'|str_pad:5:'日'}]", {}, '[x日\uDCE6]'],
    ['range', "{assign var=r value=1|range:5}{','|implode:$r}", {}, '1,2,3,4,5'],
    ['indent', "{$s|indent:2:'-'}", { s: 'a\nb\n' }, '--a\n--b\n'],
    ['number_format', "{1234.5|number_format:3:',':'.'}", {}, '1.234,500'],
    ['string_format', "{42|string_format:'%05d|'}{42|string_format:'%-4s|'}", {}, '00042|42  |'],
    ['date_format', "{86400|date_format:'%5Y'}", {}, '01970'],
    ['replace', "{$s|replace:',':';'|strlen}", { s: commas }, '600'],
    ['replace with $ in the replacement', "{'a.b'|replace:'.':'$&'}", {}, 'a$&b'],
    ['spacify', "{'abc'|spacify:'-'}", {}, 'a-b-c'],
    ['nl2br', "{'a\r\nb\nc'|nl2br}", {}, 'a<br />\r\nb<br />\nc'],
    ['wordwrap', "{'The quick brown fox'|wordwrap:10:'<br>'}", {}, 'The quick<br>brown fox'],
    ['wordwrap, one-character break', "{'aaa bbb ccc'|wordwrap:3}", {}, 'aaa\nbbb\nccc'],
    ['cat', "{'a'|cat:'b'}", {}, 'ab'],
    ['implode', "{'-'|implode:$a}", { a: ['x', 'y', 'z'] }, 'x-y-z'],
    ['escape hex', "{'a/'|escape:'hex'}", {}, '%61%2f'],
    ['escape decentity', "{'aé'|escape:'decentity'}", {}, '&#97;&#195;&#169;'],
    ['escape nonstd', "{'a~é'|escape:'nonstd'}", {}, 'a&#126;&#195;&#169;'],
    ['escape javascript', "{$s|escape:'javascript'}", { s: "it's\n</b>" }, "it\\'s\\n<\\/b>"],
    ['escape urlpathinfo', "{'a b/c'|escape:'urlpathinfo'}", {}, 'a%20b/c'],
    ['escape htmlall', "{'é<'|escape:'htmlall'}", {}, '&Atilde;&copy;&lt;'],
    ['urlencode', "{'a b&é'|urlencode}", {}, 'a+b%26%C3%A9'],
    ['json_encode', '{$s|@json_encode}', { s: 'a/"日' }, '"a\\/\\"\\u65e5"'],
    ['json_decode', '{assign var=x value=\'[1,"a\\\\nb"]\'|json_decode}{$x|@json_encode}', {}, '[1,"a\\nb"]'],
    ['base64', "{'hello'|base64_encode}/{'aGVsbG8='|base64_decode}", {}, 'aGVsbG8=/hello'],
    ['rawurldecode', "{'a%20b%zz'|rawurldecode}", {}, 'a b%zz'],
    ['html_entity_decode', "{'&lt;&eacute;&#65;&bogus;'|html_entity_decode}", {}, '<éA&bogus;'],
    ['count_words counts without splitting', '{$s|count_words}', { s: words }, '300'],
    ['count_paragraphs counts without splitting', '{$s|count_paragraphs}', { s: lines }, '301'],
    [
      'count_sentences counts without matching all at once',
      '{$s|count_sentences}',
      { s: 'a. '.repeat(300) },
      '300',
    ],
    ['count_characters', '{$s|count_characters}', { s: words }, '300'],
    ['capitalize', "{'hello wORLD next2you'|capitalize}", {}, 'Hello WORLD next2you'],
    ['upper and lower', "{'aBcé'|upper}/{'AbCÉ'|lower}", {}, 'ABCé/abcÉ'],
    ['strip_tags', "{'<b>a</b>'|strip_tags}", {}, ' a '],
    ['escapeCSV', '{$s|escapeCSV}', { s: 'say "hi"' }, '"say ""hi"""'],
    [
      'debug_print_var',
      '{$a|@debug_print_var:1}',
      { a: [1] },
      '<b>Array (1)</b><br>&nbsp;&nbsp;<b>0</b> =&gt; 1',
    ],
    ['mb_strlen needs no list of characters', '{$s|mb_strlen}', { s: '日'.repeat(500) }, '500'],
    ['mb_strwidth', '{$s|mb_strwidth}', { s: '日a'.repeat(200) }, '600'],
    ['mb_substr', '{$s|mb_substr:-3:2}', { s: `${'日'.repeat(500)}😀x` }, '日😀'],
    ['mb_strpos', "{$s|mb_strpos:'x'}", { s: `${'😀'.repeat(300)}x` }, '300'],
    ['mb_strpos from an offset', "{'aXbX'|mb_strpos:'X':2}", {}, '3'],
    ['mb_strimwidth', "{$s|mb_strimwidth:0:7:'…'}", { s: 'あいうえお'.repeat(100) }, 'あいう…'],
    ['mb_strimwidth from the end', "{'abcdef'|mb_strimwidth:-3:3}", {}, 'def'],
    ['mb_convert_encoding', "{'あい'|mb_convert_encoding:'SJIS'|strlen}", {}, '4'],
    ['check_inner_uri', "{if '/\\\\evil.example'|check_inner_uri}in{else}out{/if}", {}, 'out'],
  ])('%s', (_name, source, data, expected) => {
    expect(render(source, data)).toBe(expected);
  });
});

describe('the worst cases at the default limits', () => {
  it('end with LIMIT_MEMORY (or their output) in a process with a 512 MB heap, which exits normally', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const r = spawnSync(
      process.execPath,
      ['--max-old-space-size=512', join(here, 'fixtures', 'worst-cases.mjs')],
      {
        cwd: join(here, '..'),
        encoding: 'utf8',
        timeout: 60_000,
        maxBuffer: 1 << 20,
      },
    );
    expect(r.signal).toBe(null);
    expect(r.stderr).not.toMatch(/Fatal|out of memory|invalid size/i);
    expect(r.status).toBe(0);
    const results = Object.fromEntries(
      r.stdout
        .trim()
        .split('\n')
        .map((line) => {
          const { name, code, output } = JSON.parse(line) as {
            name: string;
            code: string;
            output: string | null;
          };
          return [name, code === 'OK' ? output : code];
        }),
    );
    expect(results).toEqual({
      explode: 'LIMIT_MEMORY',
      assign_array: 'LIMIT_MEMORY',
      cycle: 'LIMIT_MEMORY',
      split: 'LIMIT_MEMORY',
      spacify: 'LIMIT_MEMORY',
      wordwrap: '33554000',
      count_words: '16777000',
      nl2br: 'LIMIT_MEMORY',
      replace: 'LIMIT_MEMORY',
      str_pad: 'LIMIT_MEMORY',
      string_format: 'LIMIT_MEMORY',
      escape_hex: 'LIMIT_MEMORY',
    });
  }, 70_000);
});
