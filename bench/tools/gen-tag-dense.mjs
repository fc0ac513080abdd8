/**
 * Writes bench/workloads/tag-dense/: a ~20 KB Sumi template that is nearly all tags (~1,200), the
 * shape of custom-processing templates, and its hand-written baseline. Both come from the same
 * list of units, each a few pieces chosen and parameterised by a seeded PRNG, so they are
 * equivalent by construction and the same on every run. Run `node bench/tools/gen-tag-dense.mjs`
 * after changing it; the generated files are committed (baseline.mjs formatted with Biome).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRng } from '../lib/rng.mjs';
import { SECTIONS } from '../workloads/tag-dense/data.mjs';

const TARGET_BYTES = 20_000;
const rng = createRng(17);
const q = (s) => JSON.stringify(s);

/**
 * Pieces of a unit: each returns [template text, baseline JS statements]. The baseline keeps the
 * template's variables in `let`s of the same names (s, sum, n, c, x, skus).
 */
const pieces = {
  heading: (k) => [
    `{assign var=s value=$sections.s${k}}<h3>{$s.title|escape}</h3>\n`,
    `s = d.sections.s${k}; out += ${q(`<h3>`)} + e(s.title) + '</h3>\\n';`,
  ],
  loop: () => {
    const t = rng.int(5, 15);
    return [
      `{assign var=sum value=0}{assign var=n value=0}<ul>{foreach from=$s.items item=it}` +
        `{if $it.qty > ${t}}{assign var=c value="bulk"}{elseif $it.qty > 0}{assign var=c value="unit"}` +
        `{else}{assign var=c value="none"}{/if}<li>{$c}:{$it.name|escape} {$it.qty}{if $it.qty < 0}!{/if}</li>` +
        '{assign var=sum value=$sum+$it.qty*$it.price}{assign var=n value=$n+1}{append var=skus value=$it.sku}' +
        '{/foreach}</ul>\n',
      `sum = 0; n = 0; out += '<ul>';
      for (const it of s.items) {
        c = it.qty > ${t} ? 'bulk' : it.qty > 0 ? 'unit' : 'none';
        out += '<li>' + c + ':' + e(it.name) + ' ' + it.qty + (it.qty < 0 ? '!' : '') + '</li>';
        sum += it.qty * it.price; n += 1; skus.push(it.sku);
      }
      out += '</ul>\\n';`,
    ];
  },
  total: () => [
    '<p>{$n}/{$sum|number_format}/{$n+1}</p>\n',
    `out += '<p>' + n + '/' + numberFormat(sum) + '/' + (n + 1) + '</p>\\n';`,
  ],
  status: () => {
    const t = rng.int(2, 7);
    return [
      `{if $s.flag && $s.count >= ${t}}<em>hot</em>{elseif $s.count == 0 || !$s.flag}<em>off</em>{else}<em>ok</em>{/if}<br>\n`,
      `out += (s.flag && s.count >= ${t} ? '<em>hot</em>' : s.count === 0 || !s.flag ? '<em>off</em>' : '<em>ok</em>') + '<br>\\n';`,
    ];
  },
  label: () => [
    '({$s.label|default:"none"|escape})',
    "out += '(' + e(s.label === undefined || s.label === '' ? 'none' : s.label) + ')';",
  ],
  code: () => ['({$s.code|string_format:"%05d"})', "out += '(' + String(s.code).padStart(5, '0') + ')';"],
  upper: () => ['({$s.title|upper|escape})', "out += '(' + e(s.title.toUpperCase()) + ')';"],
  cat: () => ['({$s.name|cat:"/"|cat:$s.code})', "out += '(' + s.name + '/' + s.code + ')';"],
  slug: () => [
    '<a href="#{$s.title|replace:" ":"-"|lower|escape}">#</a>',
    `out += '<a href="#' + e(s.title.split(' ').join('-').toLowerCase()) + '">#</a>';`,
  ],
  truncate: () => {
    const len = rng.int(12, 30);
    return [`({$s.title|truncate:${len}|escape})`, `out += '(' + e(truncate(s.title, ${len})) + ')';`];
  },
  math: () => {
    const [a, b, m] = [rng.int(2, 9), rng.int(3, 97), rng.int(1, 50)];
    return [
      `{assign var=x value=$s.count*${a}+$sum%${b}-${m}}({$x}){if $x > $n*10}+{else}-{/if}`,
      `x = s.count * ${a} + (sum % ${b}) - ${m}; out += '(' + x + ')' + (x > n * 10 ? '+' : '-');`,
    ];
  },
  section: () => [
    '{section name=i loop=$s.items}{if $smarty.section.i.first}[{/if}{$s.items[i].sku}' +
      '{if !$smarty.section.i.last},{else}]{/if}{/section}',
    "out += '[' + s.items.map((it) => it.sku).join(',') + ']';",
  ],
  flags: () => [
    '{if $s.flag}Y{else}N{/if}{if $s.count}{$s.count}{else}-{/if}{if $s.label}L{/if}{if $s.code > 50000}H{/if}{$n}:{$sum}',
    "out += (s.flag ? 'Y' : 'N') + (s.count ? s.count : '-') + (s.label ? 'L' : '') + (s.code > 50000 ? 'H' : '') + n + ':' + sum;",
  ],
  nested: () => {
    const t = rng.int(1000, 20000);
    return [
      `{if $n > 2}{if $sum > ${t}}A{elseif $sum > 0}B{else}C{/if}{else}D{/if}`,
      `out += n > 2 ? (sum > ${t} ? 'A' : sum > 0 ? 'B' : 'C') : 'D';`,
    ];
  },
  skus: () => [
    '{$s.items[0].sku}{if $s.items[1]}/{$s.items[1].sku}{/if}{if $s.items[2]}/{$s.items[2].sku}{/if}',
    "out += s.items[0].sku + (s.items[1] ? '/' + s.items[1].sku : '') + (s.items[2] ? '/' + s.items[2].sku : '');",
  ],
  sign: () => [
    '{if $n is even}e{else}o{/if}{if $sum > 0}+{elseif $sum < 0}-{else}0{/if}',
    "out += (n % 2 === 0 ? 'e' : 'o') + (sum > 0 ? '+' : sum < 0 ? '-' : '0');",
  ],
  count: () => ['({$skus|@count})', "out += '(' + skus.length + ')';"],
};
const OPTIONAL = [
  'flags',
  'nested',
  'skus',
  'sign',
  'label',
  'code',
  'upper',
  'cat',
  'slug',
  'truncate',
  'math',
  'section',
  'count',
];

function unit(k) {
  const parts = [pieces.heading(k), pieces.loop(), pieces.total(), pieces.status()];
  // every unit has the core; of the optional pieces, each is in with probability 3/4, in a random order
  const extra = OPTIONAL.filter(() => rng.next() < 3 / 4);
  for (let i = extra.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [extra[i], extra[j]] = [extra[j], extra[i]];
  }
  for (const name of extra) parts.push(pieces[name]());
  parts.push(['<hr>\n', "out += '<hr>\\n';"]);
  return parts;
}

const all = [];
let bytes = 0;
for (let k = 1; bytes < TARGET_BYTES; k++) {
  if (k > SECTIONS) throw new Error(`more units than the ${SECTIONS} sections of data.mjs`);
  const parts = unit(k);
  all.push(...parts);
  bytes += parts.reduce((sum, [tpl]) => sum + Buffer.byteLength(tpl), 0);
}
const footer = ['<footer>{","|implode:$skus}</footer>', "out += '<footer>' + skus.join(',') + '</footer>';"];
all.push(footer);

const dir = new URL('../workloads/tag-dense/', import.meta.url);
const template = all.map(([tpl]) => tpl).join('');
writeFileSync(new URL('sumi.tpl', dir), template);
const tags = template.match(/\{[^{}\s][^{}]*\}/g).length;
console.log('sumi.tpl', Buffer.byteLength(template), 'bytes,', tags, 'tags');

writeFileSync(
  new URL('baseline.mjs', dir),
  `/** Generated by bench/tools/gen-tag-dense.mjs: the tag-dense template as straight-line JS. */
import { escapeHtml as e } from '../../lib/escape.mjs';
import { numberFormat, truncate } from '../../lib/php.mjs';

export function render(d) {
  let out = '';
  let s, sum, n, c, x;
  const skus = [];
${all.map(([, js]) => `  ${js}`).join('\n')}
  return out;
}
`,
);
execFileSync(new URL('../../node_modules/.bin/biome', import.meta.url).pathname, [
  'format',
  '--write',
  new URL('baseline.mjs', dir).pathname,
]);
