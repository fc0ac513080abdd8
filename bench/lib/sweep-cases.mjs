/**
 * The cases of the modifier sweep (lib/sweep.mjs): every modifier and function plugin of
 * `createEngine` + @sumi/modifiers, each called on typical inputs, with a hand-written JS
 * equivalent where one exists (for the everyday modifiers on ASCII and on Japanese text).
 *
 * A case: { plugin, text: 'ascii' | 'ja' | undefined, inputs, call, form, js?, everyday? }.
 *   inputs  the values `$x` takes in turn (the loop cycles through them)
 *   call    the template fragment that calls the plugin on `$x`: `{$x|upper}`, `{math ...}`, or,
 *           with form 'assign', an expression (`$x|@array_keys`) stored with {assign}
 *   js      (x) => the same result; printed results must be the same bytes as Sumi's (checked)
 * `extra` holds more variables for the template (`$opts`, `$ids`); `items` lowers the loop's length
 * for a plugin that is slow on purpose.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from './escape.mjs';
import { jsonEncode, numberFormat, strftimeTokyo, truncate } from './php.mjs';

const ASCII = [
  'Tom & Jerry <b>bold</b> again',
  'hello world',
  'The quick brown fox jumps over the lazy dog',
  'price: 1200 yen, 3 items',
  'a-b_c.d e',
];
const JA = [
  '東京 & 大阪 <b>太字</b> です',
  'こんにちは 世界',
  '吾輩は猫である。 名前はまだ無い。 どこで生れたか とんと見当がつかぬ。',
  '価格 1200円 3点',
  'カタカナ と ひらがな',
];
const TIMES = [1700000000, 1712345678, 1735657200, 1750000000, 1767225599];
const NUMBERS = [0, 7, 1234, 98765.4321, 1234567.891];
const LISTS = [
  [3, 1, 2],
  ['pear', 'apple', 'fig', 'kiwi'],
  [10, 20, 30, 40, 50, 60],
  ['東京', '大阪', '京都'],
];
const MAPS = [
  { id: 1, name: 'Ann', city: 'Tokyo', tags: ['a', 'b'] },
  { id: 2, name: '伊藤 花子', city: '大阪', tags: [] },
  { id: 3, name: 'Bob <admin>', city: 'Kyoto', tags: ['x'] },
];

/** bytes of UTF-8 text as a latin1 string, and back: Smarty's byte-based functions on Japanese text */
const bytesOf = (s) => Buffer.from(s, 'utf8').toString('latin1');
const textOf = (b) => Buffer.from(b, 'latin1').toString('utf8');
/** Smarty's truncate on bytes (whole characters come out when the cut backs up to a space) */
const truncateBytes = (s, len) => textOf(truncate(bytesOf(s), len));
const or = (v, d) => (v === undefined || v === null || v === '' ? d : v);
const urlencode = (s) =>
  encodeURIComponent(s)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

const cases = [];
/** a printed modifier call; `both` runs it on ASCII and on Japanese inputs */
function mod(plugin, call, { ascii, ja, inputs, js, jsJa, everyday = false, extra, items } = {}) {
  if (ascii !== undefined || ja !== undefined) {
    if (ascii) cases.push({ plugin, text: 'ascii', inputs: ascii, call, form: 'print', js, everyday, extra });
    if (ja)
      cases.push({ plugin, text: 'ja', inputs: ja, call, form: 'print', js: jsJa ?? js, everyday, extra });
  } else cases.push({ plugin, inputs, call, form: 'print', js, everyday, extra, items });
}
/** a call whose result is an array (or not printable): stored with {assign}, compared as JSON */
function assign(plugin, call, { inputs, js, everyday = false, extra }) {
  cases.push({ plugin, inputs, call, form: 'assign', js, everyday, extra });
}
/** a function plugin's tag, printed or assigning */
function tag(plugin, call, { inputs, js, extra } = {}) {
  cases.push({ plugin, inputs: inputs ?? [1, 2, 3], call, form: 'print', js, extra });
}

// ---- the everyday modifiers (issue #16: within 1.5× of the JS equivalent) ----
mod('escape', '{$x|escape}', { ascii: ASCII, ja: JA, js: escapeHtml, everyday: true });
mod('upper', '{$x|upper}', {
  ascii: ASCII,
  ja: JA,
  js: (x) => x.toUpperCase(),
  everyday: true,
});
mod('lower', '{$x|lower}', {
  ascii: ASCII.map((s) => s.toUpperCase()),
  ja: JA.map((s) => `${s} ABC`),
  js: (x) => x.toLowerCase(),
  everyday: true,
});
mod('string_format', '{$x|string_format:"%.2f"}', {
  inputs: [1.5, 2.25, 1234.5678, 0.1, 99.99],
  js: (x) => x.toFixed(2),
  everyday: true,
});
mod('string_format', '{$x|string_format:"%s様"}', {
  ascii: ASCII,
  ja: JA,
  js: (x) => `${x}様`,
  everyday: true,
});
mod('number_format', '{$x|number_format}', { inputs: NUMBERS, js: (x) => numberFormat(x), everyday: true });
mod('default', '{$x|default:"n/a"}', {
  ascii: ['', 'value', null, 'another value', ''],
  ja: ['', '値', null, '未分類', ''],
  js: (x) => or(x, 'n/a'),
  everyday: true,
});
mod('cat', '{$x|cat:" - suffix"}', { ascii: ASCII, ja: JA, js: (x) => `${x} - suffix`, everyday: true });
mod('replace', '{$x|replace:"o":"0"}', { ascii: ASCII, js: (x) => x.replaceAll('o', '0'), everyday: true });
mod('replace', '{$x|replace:"の":"ノ"}', {
  ja: JA.map((s) => `${s}の話`),
  js: (x) => x.replaceAll('の', 'ノ'),
  everyday: true,
});
mod('truncate', '{$x|truncate:20}', {
  ascii: ASCII,
  // words apart: the cut backs up to a space, so whole characters come out (bytes otherwise)
  ja: [
    '東京 大阪 名古屋 福岡 札幌',
    'こんにちは 世界 今日は 晴れ',
    '短い',
    '価格 1200円 3点 送料 無料',
    'カタカナ と ひらがな',
  ],
  js: (x) => truncate(x, 20),
  jsJa: (x) => truncateBytes(x, 20),
  everyday: true,
});
mod('date_format', '{$x|date_format:"%Y-%m-%d %H:%M"}', {
  inputs: TIMES,
  js: (x) => strftimeTokyo('%Y-%m-%d %H:%M', x),
  everyday: true,
});
cases.at(-1).text = 'ascii';
mod('date_format', '{$x|date_format:"%Y年%m月%d日"}', {
  inputs: TIMES,
  js: (x) => strftimeTokyo('%Y年%m月%d日', x),
  everyday: true,
});
cases.at(-1).text = 'ja';
mod('strip_tags', '{$x|strip_tags}', {
  ascii: ASCII.map((s) => `<p class="x">${s}</p>`),
  ja: JA.map((s) => `<p class="x">${s}</p>`),
  js: (x) => x.replace(/<[^>]*?>/g, ' '),
  everyday: true,
});
mod('nl2br', '{$x|nl2br}', {
  ascii: ASCII.map((s) => s.replaceAll(' ', '\n')),
  ja: JA.map((s) => s.replaceAll(' ', '\n')),
  js: (x) => x.replace(/(\r\n|\n\r|\n|\r)/g, '<br />$1'),
  everyday: true,
});
mod('json_encode', '{$x|@json_encode}', { inputs: MAPS, js: jsonEncode, everyday: true });
cases.at(-1).text = 'ja';
mod('json_encode', '{$x|@json_encode}', { inputs: ASCII, js: jsonEncode, everyday: true });
cases.at(-1).text = 'ascii';
mod('count', '{$x|@count}', { inputs: LISTS, js: (x) => x.length, everyday: true });
mod('trim', '{$x|trim}', {
  ascii: ASCII.map((s) => `  ${s}\n`),
  ja: JA.map((s) => ` ${s}\t`),
  js: (x) => x.trim(),
  everyday: true,
});
mod('substr', '{$x|substr:2:10}', { ascii: ASCII, js: (x) => x.slice(2, 12), everyday: true });
mod('substr', '{$x|substr:3:9}', {
  ja: JA.map((s) => s.replaceAll(/[ &<>/a-z0-9]/g, '')),
  js: (x) => textOf(bytesOf(x).slice(3, 12)),
  everyday: true,
});
mod('mb_substr', '{$x|mb_substr:2:10}', { ascii: ASCII, ja: JA, js: (x) => x.slice(2, 12), everyday: true });
mod('implode', '{","|implode:$x}', { inputs: LISTS, js: (x) => x.join(','), everyday: true });
mod('explode', '{","|explode:$x|@count}', {
  ascii: ['a,b,c', 'one,two', 'x,y,z,w,v', 'solo'],
  ja: ['東京,大阪,京都', '北海道,沖縄', '一,二,三,四'],
  js: (x) => x.split(',').length,
  everyday: true,
});

// ---- Smarty's other built-in modifiers ----
mod('capitalize', '{$x|capitalize}', { inputs: ASCII });
mod('count_characters', '{$x|count_characters}', { inputs: ASCII });
mod('count_paragraphs', '{$x|count_paragraphs}', { inputs: ASCII.map((s) => s.replaceAll(' ', '\n')) });
mod('count_sentences', '{$x|count_sentences}', { inputs: ASCII.map((s) => `${s}. And more. End`) });
mod('count_words', '{$x|count_words}', { inputs: ASCII });
mod('debug_print_var', '{$x|@debug_print_var}', { inputs: MAPS });
mod('indent', '{$x|indent:2}', { inputs: ASCII.map((s) => s.replaceAll(' ', '\n')) });
mod('raw', '{$x|raw}', { inputs: ASCII, js: (x) => x });
mod('regex_replace', '{$x|regex_replace:"/[0-9]+/":"#"}', {
  inputs: ASCII,
  js: (x) => x.replace(/[0-9]+/g, '#'),
});
mod('smarty', '{$x|smarty:nodefaults}', { inputs: ASCII, js: (x) => x });
mod('spacify', '{$x|spacify}', { inputs: ASCII.map((s) => s.slice(0, 12)) });
mod('strip', '{$x|strip}', {
  inputs: ASCII.map((s) => s.replaceAll(' ', ' \n ')),
  js: (x) => x.replace(/\s+/g, ' '),
});
mod('wordwrap', '{$x|wordwrap:20}', { inputs: ASCII });

// ---- allowlisted PHP functions ----
const ARRAYS = { inputs: LISTS };
assign('array_column', '$x|@array_column:"name"', {
  inputs: [MAPS, MAPS.slice(1)],
  js: (x) => x.map((m) => m.name),
});
assign('array_diff', '$x|@array_diff:$other', { ...ARRAYS, extra: { other: [1, 'apple', 30] } });
assign('array_filter', '$x|@array_filter', {
  inputs: [
    [0, 1, '', 'a', null, 2],
    [1, 2, 3],
  ],
});
mod('array_key_exists', '{1|array_key_exists:$x}', { ...ARRAYS });
assign('array_keys', '$x|@array_keys', { ...ARRAYS, js: (x) => x.map((_, i) => i) });
assign('array_merge', '$x|@array_merge:$other', {
  ...ARRAYS,
  extra: { other: ['z'] },
  js: (x) => [...x, 'z'],
});
assign('array_pop', '$x|@array_pop', { ...ARRAYS, js: (x) => x.at(-1) });
assign('array_push', '$x|@array_push:"new"', { ...ARRAYS, js: (x) => x.length + 1 });
assign('array_reverse', '$x|@array_reverse', { ...ARRAYS, js: (x) => x.slice().reverse() });
mod('array_search', '{"apple"|array_search:$x}', { ...ARRAYS });
assign('array_shift', '$x|@array_shift', { ...ARRAYS, js: (x) => x[0] });
assign('array_slice', '$x|@array_slice:1:2', { ...ARRAYS, js: (x) => x.slice(1, 3) });
assign('array_unique', '$x|@array_unique', {
  inputs: [
    [1, 2, 2, 3, 1],
    ['a', 'b', 'a'],
  ],
});
assign('array_values', '$x|@array_values', { ...ARRAYS, js: (x) => x });
for (const name of ['arsort', 'asort', 'krsort', 'ksort', 'rsort', 'sort', 'shuffle']) {
  assign(name, `$x|@${name}`, { ...ARRAYS });
}
assign('range', '$x|@range:10', {
  inputs: [1, 3, 5],
  js: (x) => Array.from({ length: 11 - x }, (_, i) => x + i),
});
mod('key', '{$x|@key}', { ...ARRAYS, js: () => 0 });
mod('str_pad', '{$x|str_pad:50:"*"}', { inputs: ASCII, js: (x) => x.padEnd(50, '*') });
mod('strpos', '{$x|strpos:"o"}', {
  inputs: ASCII,
  js: (x) => {
    const i = x.indexOf('o');
    return i < 0 ? '' : i;
  },
});
mod('stripos', '{$x|stripos:"O"}', { inputs: ASCII });
mod('strstr', '{$x|strstr:" "}', { inputs: ASCII });
mod('strlen', '{$x|strlen}', { ascii: ASCII, ja: JA, js: (x) => Buffer.byteLength(x) });
mod('strtolower', '{$x|strtolower}', {
  inputs: ASCII.map((s) => s.toUpperCase()),
  js: (x) => x.toLowerCase(),
});
mod('strtoupper', '{$x|strtoupper}', { inputs: ASCII, js: (x) => x.toUpperCase() });
mod('mb_convert_encoding', '{$x|mb_convert_encoding:"UTF-8":"UTF-8"}', { inputs: JA, js: (x) => x });
mod('mb_convert_kana', '{$x|mb_convert_kana:"KV"}', { inputs: ['ﾃｽﾄﾃﾞｰﾀ', 'ｶﾀｶﾅ ﾃﾞｽ', 'ﾊﾝｶｸ'] });
mod('mb_strimwidth', '{$x|mb_strimwidth:0:20:"…"}', { inputs: JA });
mod('mb_stripos', '{$x|mb_stripos:"は"}', { inputs: JA });
mod('mb_strlen', '{$x|mb_strlen}', { ascii: ASCII, ja: JA, js: (x) => x.length });
mod('mb_strpos', '{$x|mb_strpos:"は"}', { inputs: JA });
mod('mb_strwidth', '{$x|mb_strwidth}', { inputs: JA });
mod('base64_decode', '{$x|base64_decode}', {
  inputs: ASCII.map((s) => Buffer.from(s).toString('base64')),
  js: (x) => Buffer.from(x, 'base64').toString('utf8'),
});
mod('base64_encode', '{$x|base64_encode}', {
  ascii: ASCII,
  ja: JA,
  js: (x) => Buffer.from(x).toString('base64'),
});
mod('html_entity_decode', '{$x|html_entity_decode}', { inputs: ASCII.map(escapeHtml) });
mod('htmlspecialchars_decode', '{$x|htmlspecialchars_decode}', { inputs: ASCII.map(escapeHtml) });
mod('http_build_query', '{$x|@http_build_query}', {
  inputs: MAPS.map(({ id, name, city }) => ({ id, name, city })),
});
assign('json_decode', '$x|json_decode:true', {
  inputs: MAPS.map((m) => JSON.stringify(m)),
  js: (x) => JSON.parse(x),
});
mod('md5', '{$x|md5}', { ascii: ASCII, ja: JA, js: (x) => createHash('md5').update(x).digest('hex') });
// bcrypt is slow on purpose (cost 4, the least PHP allows, here): a few calls per render
mod('password_hash', '{$x|password_hash:"2y":$opts|strlen}', {
  inputs: ['secret'],
  extra: { opts: { cost: 4 } },
  items: 4,
});
mod('password_verify', '{"secret"|password_verify:$x}', {
  inputs: ['$2y$04$kTZ0.HMKhB7rej/keBn3cO8yz49ZF97VytRIK7UV0KNGNWNJ/C/MO'],
  items: 4,
});
mod('rawurldecode', '{$x|rawurldecode}', {
  inputs: ASCII.map(encodeURIComponent),
  js: (x) => decodeURIComponent(x),
});
mod('urlencode', '{$x|urlencode}', { ascii: ASCII, ja: JA, js: urlencode });
assign('parse_url', '$x|@parse_url', {
  inputs: ['https://example.com:8080/path/to?q=1#frag', 'http://user@host.jp/', '/relative/path?x=y'],
});
assign('pathinfo', '$x|@pathinfo', { inputs: ['/var/www/html/index.php', 'photo.min.jpg', 'dir/file'] });
mod('floatval', '{$x|floatval}', { inputs: ['1.5', '12abc', '0.25', '-3'] });
mod('floor', '{$x|floor}', { inputs: [1.5, -2.5, 3, 9.99], js: (x) => Math.floor(x) });
mod('intval', '{$x|intval}', { inputs: ['42', '12abc', '-7', '0'], js: (x) => Number.parseInt(x, 10) });
mod('max', '{$x|@max}', { inputs: LISTS.slice(0, 1).concat([[4, 9, 2]]), js: (x) => Math.max(...x) });
mod('min', '{$x|@min}', { inputs: LISTS.slice(0, 1).concat([[4, 9, 2]]), js: (x) => Math.min(...x) });
mod('mt_rand', '{$x|mt_rand:100}', { inputs: [1, 2, 3] });
mod('round', '{$x|round:1}', { inputs: [1.26, 2.54, 100, 7.0711] });
mod('strval', '{$x|strval}', { inputs: [1, 2.5, 'a', true], js: (x) => (x === true ? '1' : String(x)) });
mod('strtotime', '{$x|strtotime}', {
  inputs: ['2025-03-05 10:00:00', '2024-12-31', '2025-01-01T09:00:00+09:00'],
});
mod('is_array', '{if $x|@is_array}y{else}n{/if}', {
  inputs: [[1], 'a', 3],
  js: (x) => (Array.isArray(x) ? 'y' : 'n'),
});
mod('is_numeric', '{if $x|is_numeric}y{else}n{/if}', { inputs: ['12', 'a', '1e3', 4.5] });
mod('defined', '{if "PHP_EOL"|defined}y{else}n{/if}', { inputs: [1, 2, 3], js: () => 'y' });
mod('filter_var', '{$x|filter_var:274}', { inputs: ['a@example.com', 'not an e-mail', 'x.y@mail.co.jp'] });
mod('property_exists', '{if $x|property_exists:"message"}y{else}n{/if}', {
  inputs: ['Exception', 'stdClass', 'ArrayObject'],
});
assign('unset', '$x|@unset:0', { ...ARRAYS });

// ---- CMS modifiers ----
for (const name of ['cms_sort', 'cms_rsort', 'cms_asort', 'cms_arsort', 'cms_ksort', 'cms_krsort']) {
  assign(name, `$x|@${name}`, { ...ARRAYS });
}
assign('cms_sort_by_key', '$x|@cms_sort_by_key:"name"', { inputs: [MAPS] });
mod('cms_strip_tags', '{$x|cms_strip_tags}', { inputs: ASCII.map((s) => `<p>${s}</p>`) });
mod('cms_file_size', '{$x|cms_file_size}', { inputs: [512, 20480, 5242880, 1073741824] });
mod('sort_name', '{$x|sort_name:"太郎"}', { inputs: ['山田', '佐藤', 'Smith'], js: (x) => `${x} 太郎` });
mod('escapeCSV', '{$x|escapeCSV}', {
  ascii: ASCII.map((s) => `${s}, "quoted"`),
  ja: JA.map((s) => `${s}、"引用"`),
  js: (x) => `"${x.replaceAll('"', '""')}"`,
});
mod('rcms_json_encode', '{$x|@rcms_json_encode}', { inputs: MAPS });
mod('cms_in_array', '{if "b"|cms_in_array:$x}y{else}n{/if}', { inputs: [['a', 'b'], ['c']] });
assign('to_form_options', '$x|@to_form_options', { inputs: [MAPS.map(({ id, name }) => ({ id, name }))] });
assign('to_object', '$x|@to_object', { inputs: MAPS });
mod('pg_dateformat', '{$x|pg_dateformat}', { inputs: ['2025-03-05 10:00:00', '2024-12-31 23:59:59'] });
mod('pg_dateformat2', '{$x|pg_dateformat2}', { inputs: ['2025-03-05 10:00:00', '2024-12-31 23:59:59'] });
mod('check_inner_uri', '{if $x|check_inner_uri}y{else}n{/if}', {
  inputs: ['/news/1', 'https://other.example/', '?page=2'],
});
mod('getCountryFromIP', '[{$x|getCountryFromIP}]', { inputs: ['192.0.2.1', '198.51.100.7'] });

// ---- plugin modifiers ----
mod('empty', '{if $x|@empty}y{else}n{/if}', {
  inputs: ['', 'a', 0, [1]],
  js: (x) => (x === '' || x === 0 || (Array.isArray(x) && !x.length) ? 'y' : 'n'),
});
mod('in_array', '{if "b"|in_array:$x}y{else}n{/if}', { inputs: [['a', 'b'], ['c']] });
assign('split', '","|split:$x', { inputs: ['a,b,c', 'one,two'], js: (x) => x.split(',') });

// ---- function plugins (a tag per iteration; `$x` feeds an attribute where one takes input) ----
tag('counter', '{counter}');
tag('cycle', '{cycle values="odd,even"}');
tag('math', '{math equation="x * y + 2" x=$x y=3}', { js: (x) => x * 3 + 2 });
tag('html_options', '{html_options options=$opts selected=$x}', {
  extra: { opts: { 1: 'One', 2: 'Two & more', 3: '三' } },
});
cases.push({
  plugin: 'textformat',
  inputs: ASCII,
  call: '{textformat wrap=20}{$x}{/textformat}',
  form: 'print',
});
tag('add', '{add var=total value=$x}');
tag('subtract', '{subtract var=total value=$x}');
tag('append', '{append var=list value=$x}');
tag('assign_array', '{assign_array var=a values="a,b,c"}');
tag('assign_array_diff', '{assign_array_diff var=a array1=$l1 array2=$l2}', {
  extra: { l1: [1, 2, 3], l2: [2] },
});
tag('assign_array_intersect', '{assign_array_intersect var=a array1=$l1 array2=$l2}', {
  extra: { l1: [1, 2, 3], l2: [2] },
});
tag('assign_array_set', '{assign_array_set var=a key=k value=$x}');
tag('assign_globals', '{assign_globals var=g key=k value=$x}');
tag('date', '{date var=d time=$x format="Y-m-d H:i"}{$d}', {
  inputs: TIMES,
  js: (x) => strftimeTokyo('%Y-%m-%d %H:%M', x),
});
tag('strtodate', '{strtodate var=d timestamp=$x format="Y/m/d"}{$d}', {
  inputs: ['2025-03-05 10:00:00', '2024-12-31 23:59:59'],
});
tag('uuid', '{uuid var=id}');
tag('lottery', '{lottery var=w ids=$ids cnt=2}', { extra: { ids: [1, 2, 3, 4, 5, 6] } });
tag('cookie', '{cookie key=k var=c}');
tag('logger', '{logger msg1=$x}');
tag('set_memory', '{set_memory memory_limit=256M}');
tag('cms_match', '{cms_match var=m pattern="/([a-z]+) ([a-z]+)/" subject=$x}', { inputs: ASCII });
tag('cms_match_all', '{cms_match_all var=m pattern="/[a-z]+/" subject=$x}', { inputs: ASCII });
tag('cms_hash', '{cms_hash var=h data=$x algo=sha256}{$h}', {
  inputs: ASCII,
  js: (x) => createHash('sha256').update(x).digest('hex'),
});
tag('xmltojson', '{xmltojson var=j xml=$x}', {
  inputs: ['<r><a>1</a><a>2</a><b k="v"/></r>', '<item><t>x</t></item>'],
});

/** plugins of the default engine the sweep leaves out, and why */
export const EXCLUDED = {
  sleep: 'waits on purpose',
  login: 'needs the member session service',
  logout: 'needs the member session service',
  refresh_cs: 'needs the member session service',
};

export const CASES = cases;
