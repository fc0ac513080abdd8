/**
 * Modifier-heavy page (Sumi dialect only): 200 articles through date_format,
 * escape, truncate, number_format, upper, and |@json_encode of a meta block.
 */
import { createRng } from '../../lib/rng.mjs';

export const meta = {
  title: 'modifier-heavy page: date_format, escape, truncate, number_format, |@json_encode',
  sumiOnly: true,
};

const WORDS =
  'the quick brown fox jumps over a lazy dog while five boxing wizards jump quickly & <loudly>'.split(' ');

export function createData({ articles = 200 } = {}) {
  const rng = createRng(3);
  const list = [];
  for (let i = 1; i <= articles; i++) {
    const words = [];
    for (let k = rng.int(8, 40); k > 0; k--) words.push(rng.pick(WORDS));
    list.push({
      id: i,
      title: `Article ${i}: ${rng.pick(WORDS)} & ${rng.pick(WORDS)}`,
      published: 1700000000 + rng.int(0, 40000000),
      body: words.join(' '),
      price: rng.int(0, 2000000),
      // never a rounding tie at 2 decimals
      rate: rng.int(0, 99999) / 100 + 0.003,
      author: rng.pick(['ann', 'bob', 'chris', 'dana']),
    });
  }
  return {
    articles: list,
    meta: { source: 'https://example.com/feed/', count: articles, generated: 1700000000, tags: ['a/b', 'c'] },
  };
}
