/** Hand-written JS for the post-processing script. */
import { jsonEncode } from '../../lib/php.mjs';

export function render(d) {
  const items = [];
  for (const t of d.json.list) {
    if (t.open_flg === 1) {
      items.push({
        id: t.topics_id,
        title: t.subject,
        date: t.ymd,
        url: `/news/${t.slug}/`,
        image: t.ext_col_01.url,
        tags: t.tag.map((x) => x.tag_nm),
      });
    }
  }
  const processed = { list: items, pageInfo: { ...d.json.pageInfo, shown: items.length } };
  return jsonEncode(processed);
}
