/**
 * The PCRE modifiers on Sumi's two engines: a page of 200 rows through regex_replace, cms_match
 * and split on typical patterns, rendered once with each pattern where Sumi puts it (the JS regex
 * for all but the back reference) and once with every pattern on the backtracking matcher
 * (@sumi/php's setPcreEngine('matcher')). Both renders must print the same bytes; the ratio is
 * what the matcher costs on ordinary input.
 */
import { createRng } from './rng.mjs';

export const REGEX_TEMPLATE = [
  '{foreach from=$rows item=r}',
  "{$r.title|regex_replace:'/\\s+/':' '}|",
  "{$r.title|regex_replace:'/[^a-z0-9]+/i':'-'|lower}|",
  "{$r.email|regex_replace:'/^([\\w.+-]+)@([\\w-]+)\\.(\\w+)$/':'$2 ($1)'}|",
  "{cms_match var=m pattern='/(\\d+)-(\\d+)-(\\d+)/' subject=$r.tel}{$m.3}|",
  "{'/,\\s*/'|split:$r.tags|@count}|",
  "{$r.body|regex_replace:'/<[^>]+>/':''}|",
  "{$r.body|regex_replace:'/\\b(\\w+) \\1\\b/':'$1'}",
  '\n{/foreach}',
].join('');

const WORDS = 'the quick brown fox jumps over a lazy dog while five boxing wizards jump quickly'.split(' ');

export function regexData({ rows = 200 } = {}) {
  const rng = createRng(11);
  const list = [];
  for (let i = 1; i <= rows; i++) {
    const words = [];
    for (let k = rng.int(8, 30); k > 0; k--) words.push(rng.pick(WORDS));
    // a repeated word now and then, for the back reference
    if (rng.int(0, 3) === 0) words.splice(rng.int(0, words.length - 1), 0, words[0]);
    list.push({
      title: `Item ${i}:  ${rng.pick(WORDS)}   ${rng.pick(WORDS)} & ${rng.pick(WORDS)}`,
      email: `${rng.pick(WORDS)}.${i}@${rng.pick(['example', 'mail-host', 'shop'])}.com`,
      tel: `0${rng.int(3, 9)}-${rng.int(1000, 9999)}-${rng.int(1000, 9999)}`,
      tags: Array.from({ length: rng.int(1, 5) }, () => rng.pick(WORDS)).join(', '),
      body: `<p>${words.join(' ')}</p> <b>${rng.pick(WORDS)}</b>`,
    });
  }
  return { rows: list };
}
