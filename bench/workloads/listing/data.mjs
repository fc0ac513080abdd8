/**
 * News listing (Sumi dialect only): the shape of a CMS topics list page. 500 topics, each with a
 * Unix timestamp and an ISO date string (date_format with Japanese and English formats), an
 * English subject cut with truncate, and a category, summary and author that are sometimes
 * missing or empty (default).
 */
import { createRng } from '../../lib/rng.mjs';

export const meta = {
  title: 'listing: 500 rows through date_format, truncate and default',
  sumiOnly: true,
};

const WORDS =
  'new opening hours for the spring season and a report on our community event with photos from the day'.split(
    ' ',
  );
const CATEGORIES = ['お知らせ', 'イベント', 'Press & media', '<採用>'];

export function createData({ rows = 500 } = {}) {
  const rng = createRng(51);
  const topics = [];
  for (let i = 1; i <= rows; i++) {
    const words = [];
    for (let k = rng.int(3, 14); k > 0; k--) words.push(rng.pick(WORDS));
    const published = 1735657200 + rng.int(0, 31536000);
    const d = new Date((published + 9 * 3600) * 1000);
    const p2 = (n) => String(n).padStart(2, '0');
    const topic = {
      id: i,
      subject: words.join(' '),
      published,
      // the CMS's API answers dates as ISO strings in JST
      updated: `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}T${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:00+09:00`,
    };
    const c = rng.int(0, 5);
    if (c < CATEGORIES.length) topic.category = CATEGORIES[c];
    else if (c === 4) topic.category = '';
    if (rng.next() < 0.7) topic.summary = `${words.slice(0, 5).join(' ')} & more <${i}>`;
    topic.author = rng.next() < 0.5 ? null : rng.pick(['広報部', 'Editorial team']);
    topics.push(topic);
  }
  return { topics };
}
