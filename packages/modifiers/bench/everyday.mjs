/**
 * The everyday modifiers against hand-written JS, in ns per call: a developer's micro-benchmark for
 * the modifier call path (issue 16, "No modifier is a trap"), not a timed test and not `pnpm bench`.
 *
 *   npx -y pnpm@10.34.9 -r build && node packages/modifiers/bench/everyday.mjs [name ...] [--rounds N]
 *
 * Each case renders `{foreach from=$items item=w}{$w|MOD}{/foreach}` over N short inputs with a
 * compiled engine and subtracts the same loop with an empty body; the JS side runs the hand-written
 * equivalent in a loop and subtracts its bare loop (which appends ''). Inputs come in kinds: `ascii` words, `ja`
 * Japanese words, `esc` text that needs HTML escaping, `num` numbers, `list` short arrays. The data
 * is converted to PHP values once, before timing (the modifier's cost is what is measured). Outputs
 * are compared first: a case whose output differs from its JS equivalent is marked `DIFF`.
 */
import { performance } from 'node:perf_hooks';

const pkg = (name) => new URL(`../../${name}/dist/index.js`, import.meta.url).href;
const { createEngine } = await import(pkg('runtime'));
const { modifiers } = await import(pkg('modifiers'));
const { fromJSONText } = await import(pkg('php'));

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 9;
const only = new Set(args);
const N = 1000;
const BATCH_MS = 15;

const cycle = (pool) => Array.from({ length: N }, (_, i) => pool[i % pool.length]);
const INPUTS = {
  ascii: cycle([
    'hello',
    'world',
    'Sumi',
    'template',
    'engine',
    'fast',
    'modifier',
    'value',
    'Tokyo',
    'smarty',
  ]),
  ja: cycle([
    '日本語',
    '東京都',
    'こんにちは',
    'テンプレート',
    '寿司',
    '高速',
    '文字列',
    '変換',
    '値',
    '世界',
  ]),
  esc: cycle(['<b>"a"</b>', 'Tom & Jerry', "it's <ok>", 'a < b > c', '"quoted"', '&amp;']),
  asciiLong: cycle([
    'Two Sisters Reunite after Eighteen Years',
    'The quick brown fox jumps over it',
    'short one',
    'Smarty templates render fast in Sumi now',
  ]),
  jaLong: cycle(['これは日本語の文章です', '東京は日本の首都です', '短い', '今日はいい天気ですね']),
  asciiTags: cycle(['<b>bold</b> text', 'plain', '<a href="x">link</a>', '<p>para</p><br/>']),
  jaTags: cycle(['<b>太字</b>の文', '普通', '<a href="x">リンク</a>', '<p>段落</p><br/>']),
  asciiLines: cycle(['one\ntwo', 'single', 'a\r\nb\nc', 'x\n']),
  jaLines: cycle(['一行目\n二行目', '一行', '甲\r\n乙\n丙', '終\n']),
  asciiSpaced: cycle(['  hello  ', 'world', '\tSumi\n', ' value']),
  jaSpaced: cycle(['  日本語  ', '東京都', '\t寿司\n', ' 値']),
  asciiCsv: cycle(['a,b,c', 'one,two', 'x', 'red,green,blue,black']),
  jaCsv: cycle(['赤,緑,青', '一,二', '値', '東,西,南,北']),
  asciiList: cycle([['a', 'b', 'c'], ['one', 'two'], ['x'], ['red', 'green', 'blue', 'black']]),
  jaList: cycle([['赤', '緑', '青'], ['一', '二'], ['値'], ['東', '西', '南', '北']]),
  float: cycle([1234.5678, 3.14159, 0.5, 98765.4321, 12.345, 7]),
  int: cycle([1234567, 42, 0, 98765, 1000, 7]),
  stamp: cycle([1700000000, 1600000000, 1500000000, 1710000000]),
};

/* ---- hand-written JS equivalents (correct for these inputs) ---- */
const HTML = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };
const escapeHtml = (s) => (/[&<>"']/.test(s) ? s.replace(/[&<>"']/g, (c) => HTML[c]) : s);
const jsonEncode = (v) =>
  JSON.stringify(v)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
function numberFormat(n, decimals = 0) {
  const [int, frac] = Math.abs(n).toFixed(decimals).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (n < 0 ? '-' : '') + grouped + (frac ? `.${frac}` : '');
}
/** Smarty's truncate on UTF-8 bytes, as a JS developer would write it with Buffer */
function truncateBytes(s, length, etc = '...') {
  if (Buffer.byteLength(s) <= length) return s;
  const keep = length - Math.min(length, etc.length);
  const head = Buffer.from(s)
    .subarray(0, keep + 1)
    .toString('latin1')
    .replace(/[ \t\n\v\f\r]+?([^ \t\n\v\f\r]+)?$/, '')
    .slice(0, keep);
  return Buffer.from(head, 'latin1').toString() + etc;
}
const pad2 = (n) => String(n).padStart(2, '0');
function ymdTokyo(t) {
  const d = new Date((t + 9 * 3600) * 1000);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/**
 * name: the modifier; cases: [kind, template expression of `$w`, JS equivalent of one item].
 */
const CASES = [
  ['escape', ['ascii', 'ja', 'esc'], () => '{$w|escape}', escapeHtml],
  ['upper', ['ascii', 'ja'], () => '{$w|upper}', (s) => s.toUpperCase()],
  ['lower', ['ascii', 'ja'], () => '{$w|lower}', (s) => s.toLowerCase()],
  ['string_format', ['float'], () => "{$w|string_format:'%.2f'}", (n) => n.toFixed(2)],
  ['string_format', ['ascii', 'ja'], () => "{$w|string_format:'<%s>'}", (s) => `<${s}>`],
  ['number_format', ['int'], () => '{$w|number_format}', (n) => numberFormat(n)],
  ['number_format', ['float'], () => '{$w|number_format:2}', (n) => numberFormat(n, 2)],
  ['default', ['ascii', 'ja'], () => "{$w|default:'-'}", (s) => (s == null || s === '' ? '-' : s)],
  ['cat', ['ascii', 'ja'], () => "{$w|cat:'!'}", (s) => `${s}!`],
  ['replace', ['ascii'], () => "{$w|replace:'o':'0'}", (s) => s.replaceAll('o', '0')],
  ['replace', ['ja'], () => "{$w|replace:'語':'ご'}", (s) => s.replaceAll('語', 'ご')],
  ['truncate', ['asciiLong', 'jaLong'], () => '{$w|truncate:21}', (s) => truncateBytes(s, 21)],
  ['date_format', ['stamp'], () => "{$w|date_format:'%Y-%m-%d'}", ymdTokyo],
  ['strip_tags', ['asciiTags', 'jaTags'], () => '{$w|strip_tags}', (s) => s.replace(/<[^>]*?>/g, ' ')],
  ['nl2br', ['asciiLines', 'jaLines'], () => '{$w|nl2br}', (s) => s.replace(/\r\n|\n\r|\n|\r/g, '<br />$&')],
  ['json_encode', ['ascii', 'ja'], () => '{$w|json_encode}', jsonEncode],
  ['json_encode', ['asciiList', 'jaList'], () => '{$w|@json_encode}', jsonEncode],
  ['count', ['asciiList', 'jaList'], () => '{$w|@count}', (a) => a.length],
  ['trim', ['asciiSpaced', 'jaSpaced'], () => '{$w|trim}', (s) => s.trim()],
  ['substr', ['ascii'], () => '{$w|substr:1:3}', (s) => s.substr(1, 3)],
  ['substr', ['ja'], () => '{$w|substr:3:6}', (s) => Buffer.from(s).subarray(3, 9).toString()],
  ['mb_substr', ['ascii', 'ja'], () => '{$w|mb_substr:1:2}', (s) => s.slice(1, 3)],
  ['implode', ['asciiList', 'jaList'], () => "{','|implode:$w}", (a) => a.join(',')],
  ['explode', ['asciiCsv', 'jaCsv'], () => "{','|explode:$w|@count}", (s) => s.split(',').length],
];

const engine = createEngine({ plugins: [...modifiers] });
let compiles = 0;
const loop = (body) =>
  engine.compile(`{foreach from=$items item=w}${body}{/foreach}`, { name: `everyday-${++compiles}.tpl` });
// the bare loops read each item and print nothing: the call, its result's printing and appending are measured
const bareSumi = loop('');

function jsLoop(fn) {
  return (items) => {
    let o = '';
    for (let i = 0; i < items.length; i++) {
      const r = fn(items[i]);
      o += r === true ? '1' : r === false || r == null ? '' : r;
    }
    return o;
  };
}
const bareJs = jsLoop(() => '');

/**
 * ms per call of each task: the fastest of its rounds (rounds interleaved). The machine is shared:
 * the fastest round is the one least disturbed, where a median drifts with the load.
 */
function time(tasks) {
  const reps = tasks.map((t) => {
    const t0 = performance.now();
    let n = 0;
    while (performance.now() - t0 < BATCH_MS) {
      t();
      n++;
    }
    return Math.max(1, n);
  });
  const samples = tasks.map(() => []);
  let sink = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < tasks.length; i++) {
      const t0 = performance.now();
      for (let k = 0; k < reps[i]; k++) sink += tasks[i]().length;
      samples[i].push((performance.now() - t0) / reps[i]);
    }
  }
  if (sink < 0) console.log(sink);
  return samples.map((s) => Math.min(...s));
}

const rows = [];
for (const [name, kinds, tpl, fn] of CASES) {
  if (only.size > 0 && !only.has(name)) continue;
  const compiled = loop(tpl());
  const js = jsLoop(fn);
  for (const kind of kinds) {
    const items = INPUTS[kind];
    const data = fromJSONText(JSON.stringify({ items }));
    const sumiRun = () => engine.renderSync(compiled, data).output;
    const sumiBare = () => engine.renderSync(bareSumi, data).output;
    // the JS side reads the same data parsed from JSON, as a program gets it (the literals above are
    // internalized strings, for which V8 caches results such as split()'s: data never is)
    const jsItems = JSON.parse(JSON.stringify(items));
    const jsRun = () => js(jsItems);
    const jsBare = () => bareJs(jsItems);
    const same = sumiRun() === jsRun();
    const [sm, sb, jm, jb] = time([sumiRun, sumiBare, jsRun, jsBare]);
    const sumiNs = ((sm - sb) * 1e6) / N;
    const jsNs = ((jm - jb) * 1e6) / N;
    rows.push({ name, kind, expr: tpl(), sumiNs, jsNs, ratio: sumiNs / Math.max(jsNs, 1), same });
  }
}

const pad = (s, n) => String(s).padEnd(n);
const num = (x, n) => x.toFixed(0).padStart(n);
console.log(
  `${pad('modifier', 14)}${pad('input', 12)}${pad('expression', 30)}${'sumi ns'.padStart(9)}${'js ns'.padStart(8)}${'ratio'.padStart(8)}`,
);
for (const r of rows) {
  console.log(
    `${pad(r.name, 14)}${pad(r.kind, 12)}${pad(r.expr, 30)}${num(r.sumiNs, 9)}${num(r.jsNs, 8)}${r.ratio.toFixed(2).padStart(8)}${r.ratio > 1.5 ? '  >1.5' : ''}${r.same ? '' : '  DIFF'}`,
  );
}
