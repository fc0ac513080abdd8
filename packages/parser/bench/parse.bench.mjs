// Parser throughput on realistic templates: node bench/parse.bench.mjs (after `pnpm build`).
// Builds a ~20 KB and a ~2 MB template from fragments of real CMS templates and reports MB/s
// for parse() and tokenize().
import { parse, tokenize } from '../dist/index.js';

const FRAGMENTS = [
  `<ul class="news-list">\n{foreach from=$news.list item=n name=list}\n  <li class="{if $smarty.foreach.list.first}first{/if}">\n    <a href="/news/{$n.topics_id}">{$n.subject|escape}</a>\n    <span>{$n.ymd|date_format:"%Y.%m.%d"}</span>\n  </li>\n{foreachelse}\n  <li>no news</li>\n{/foreach}\n</ul>\n`,
  `{assign var="row" value=$dataSet.emptyArray}\n{append var="row" value=$n.id}\n{append var="row" value=$n.subject}\n{assign var="row_str" value=","|implode:$row}\n{$row_str}\n`,
  `{* build the request body *}\n{assign_array var='body' values=''}\n{assign var='body.name' value="My Glossary"}\n{assign var='body.entries' value=$body.entries|cat:"\`$item.source\`,\`$item.target\`"}\n`,
  `{if $item.ext_column_flg && $item.type eq "number" && !isset($row.$key)}\n  {append var=row index=$key value=0}\n{elseif $item.type == 'text' || count($item.list) > 0}\n  {$item.value|default:'-'|truncate:40:"..."}\n{else}\n  {$item.value+1}\n{/if}\n`,
  `<table>\n{section name=i loop=$rows start=0 step=1}\n  <tr class="{cycle values="odd,even"}"><td>{$rows[i].name|escape:html}</td><td>{$smarty.section.i.index}</td></tr>\n{sectionelse}\n  <tr><td colspan="2">empty</td></tr>\n{/section}\n</table>\n`,
  `<script>\n{literal}\nvar config = { debug: false, items: [1, 2, 3] };\nfunction f(a) { return a * 2; }\n{/literal}\nvar id = "{$member.id}";\n</script>\n`,
  `{strip}\n  <div class="card">\n    <h2>{$topic.subject}</h2>\n    <p>{$topic.contents|strip_tags|mb_strimwidth:0:120:"..."}</p>\n  </div>\n{/strip}\n`,
  `{capture name=title}{$page.title|default:"Untitled"} | {$site.name}{/capture}\n<title>{$smarty.capture.title}</title>\n{api_internal endpoint="/cms_api/1/news" method="GET" queries=$q var=resp status_var=ok}\n{if $ok == 1 && $resp.pageInfo.totalCnt > 0}{$resp.list|@json_encode}{/if}\n`,
  `<p>Plain paragraph text that makes up most of a real page, with some markup <b>bold</b> and <a href="https://example.com/">links</a>.</p>\n<p>{$smarty.now|date_format:"%Y"} &copy; Example Inc. {$smarty.const.SITE_KEY}</p>\n`,
];

function build(size) {
  let s = '';
  let k = 0;
  while (s.length < size) s += FRAGMENTS[k++ % FRAGMENTS.length];
  return s;
}

/** Reports MB/s over CPU time of this process (stable on a busy machine) and over wall time. */
function measure(label, src, fn, minMs = 1500) {
  fn(src); // warm up
  fn(src);
  let runs = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs || runs < 3) {
    fn(src);
    runs++;
    t = performance.now();
  }
  const cpu = process.cpuUsage(c0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / runs;
  const wallMs = (t - t0) / runs;
  const mb = src.length / 1e6;
  console.log(
    `${label.padEnd(16)} ${(src.length / 1024).toFixed(0).padStart(6)} KB  cpu ${cpuMs.toFixed(2).padStart(8)} ms ${(mb / (cpuMs / 1000)).toFixed(1).padStart(6)} MB/s   wall ${wallMs.toFixed(2).padStart(8)} ms ${(mb / (wallMs / 1000)).toFixed(1).padStart(6)} MB/s`,
  );
}

// flat strings, as read from a file (concatenation leaves a rope)
const small = Buffer.from(build(20 * 1024)).toString();
const large = Buffer.from(build(2 * 1024 * 1024)).toString();
const errs = parse(large).diagnostics.filter((d) => d.severity === 'error');
if (errs.length) throw new Error(`bench template has errors: ${errs[0].message}`);
// calibration: one charCodeAt pass over the text, the floor of any parser, so numbers from a
// busy machine can be put in proportion
measure('baseline scan', large, (s) => {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 123) n++;
  return n;
});
measure('parse 20 KB', small, (s) => parse(s));
measure('parse 2 MB', large, (s) => parse(s));
measure('tokenize 20 KB', small, (s) => tokenize(s));
measure('tokenize 2 MB', large, (s) => tokenize(s));
