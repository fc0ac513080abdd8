/** Large page: a ~20 KB template (22 sections of text, variables, ifs and small loops). */
import { createRng } from '../../lib/rng.mjs';

export const meta = {
  title: 'large page: ~20 KB template',
};

const AUTHORS = ['Ann <editor>', 'Bob', 'Chloé & co', 'Dan'];
const TAGS = ['news', 'tips & tricks', 'release', '<beta>', 'howto', 'events'];

export function createData() {
  const rng = createRng(11);
  const sections = {};
  for (let i = 1; i <= 22; i++) {
    const tags = [];
    for (let k = rng.int(1, 4); k > 0; k--) tags.push(rng.pick(TAGS));
    sections[`s${i}`] = {
      title: `Section ${i}: ${rng.pick(TAGS)}`,
      lead: `Lead text for section ${i} & friends <${rng.int(1, 99)}>`,
      featured: rng.next() < 0.3,
      tags,
      author: rng.pick(AUTHORS),
      views: rng.int(0, 100000),
    };
  }
  return { title: 'A large page', sections, footer: 'Footer & legal' };
}
