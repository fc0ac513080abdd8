/**
 * A tag-dense template of about 20 KB and 1,200 tags, the shape of the CMS's custom-processing
 * templates (batches, endpoint pre/post-processing): nearly all tags, little text. The compile and
 * parse benchmarks time it because the bench's own large page has few tags and hides a cost that
 * grows per tag.
 *
 * Deterministic: unit `k` differs from the others only in its numbers and names, so every run builds
 * the same bytes. Every construct the compiler handles per tag is here: assign, if/elseif/else,
 * foreach, section, modifiers with arguments, append, arithmetic and comparisons, nested variables
 * (`$a.b[0].c`), strings with backtick-embedded variables, and plugin calls with many attributes.
 */

/** one unit: about 60 tags in 350 bytes */
function unit(k) {
  const n = k % 7;
  return `{assign var=t${n} value=0}{assign var=l value="I \`$r[${n}].nm\` of \`$p.t\`"}
{foreach from=$r item=x key=i name=f${k}}{if $x.p > ${100 + k} && $x.s >= 1}<b>{$x.nm|escape:"html"|truncate:30:"..."}</b>{elseif $x.p == 0 || !$x.a}{$x.nm|default:"-"}{else}{$x.p*$x.q+${k}|string_format:"%.2f"}{/if}
{append var=ns value=$x.nm|upper}{assign var=t${n} value=$t${n}+$x.p}{if $smarty.foreach.f${k}.first}<hr>{/if}{/foreach}
{section name=s${k} loop=$r start=0 step=1}<td>{$r[s${k}].m.tg[0]|lower}</td>{$smarty.section.s${k}.index+1}{/section}
{$a.b[${n}].c|replace:"x":"y"|cat:"\`$u.nm\`"}{$a.b[0].e.d|default:$p.t|escape}{$p.n*2-${k}}{$p.t|strip_tags|nl2br}
{html_options name="s${k}" options=$o selected=$sel id="x${k}" class="c" title="Pick"}{counter start=${k} skip=2 print=false assign=c}
{if $c % 2 == 0 and $p.n <= ${k * 3} or $u.nm eq "admin"}{$c}{else}-{/if}{if isset($r[${n}]) && count($r) > ${n}}{$r[${n}].nm}{/if}
{assign var=m value="\`$u.nm\` has \`$p.n\`"}{$m|escape:"htmlall"}{$u.nm|upper|cat:"/"|cat:$p.t|truncate:20}
{foreach from=$p.l item=v}{$v.id}:{$v.nm|default:"-"},{foreachelse}-{/foreach}{$u.id}{$u.nm}{$p.t}{$p.n}
{if !$u.r}{elseif $u.id > ${k}}<u>{else}<g>{/if}{$u.r[0]|default:"g"}{$x}{$i}{$l}{$m}{$c}
{assign var=z value=$p.a+$p.b*$p.c-${k}%3}{$z|number_format:2}{$p.d|date_format:"%Y-%m-%d"}{$p.y|truncate:80:"...":true}
{if $z}{$z}{/if}{if $i}{$i}{/if}{if $l}{$l}{/if}{if $m}{$m}{/if}{if $c}{$c}{/if}{if $x}{$x}{/if}
{$a.b}{$a.c}{$a.d}{$u.x}{$u.y}{$p.z}{$p.w}{$p.v}
`;
}

/** Units until the template reaches `bytes` (default 20 KB). */
export function tagDenseTemplate(bytes = 20 * 1024) {
  let s = '';
  for (let k = 0; s.length < bytes; k++) s += unit(k);
  return s;
}

/** data the template renders with (every variable it reads, of the shape it expects) */
export function tagDenseData() {
  const rows = [
    { nm: 'Ann <editor>', p: 120, s: 2, q: 3, a: true, m: { tg: ['News'] } },
    { nm: 'Bob', p: 0, s: 0, q: 1, a: false, m: { tg: ['Tips & tricks'] } },
    { nm: 'Chloé', p: 45.5, s: 1, q: 2, a: true, m: { tg: ['Release'] } },
  ];
  const b = Array.from({ length: 7 }, (_, i) => ({ c: `x${i}y`, e: { d: i } }));
  return {
    r: rows,
    p: { t: 'Title', n: 3, l: [{ id: 1, nm: 'one' }], a: 1, b: 2, c: 3, d: 1700000000, y: 'body text' },
    u: { nm: 'admin', r: ['editor'], id: 7 },
    a: { b },
    o: { 1: 'one', 2: 'two' },
    sel: 2,
  };
}

/** how many tags `{...}` a template built here has (its text holds no `{`) */
export function countTags(source) {
  let n = 0;
  for (let i = source.indexOf('{'); i >= 0; i = source.indexOf('{', i + 1)) n++;
  return n;
}
