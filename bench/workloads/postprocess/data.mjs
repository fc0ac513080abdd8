/**
 * Post-processing (Sumi dialect only): a content-list API response of ~5 MB
 * in `$json` reshaped into `$processed_json` (published items only, a few
 * fields renamed, tags flattened with array_column, an URL built with
 * backticks), then printed with |@json_encode as the endpoint would answer it.
 */
import { createRng } from '../../lib/rng.mjs';

export const meta = {
  title: 'post-processing: reshape a 5 MB JSON response',
  sumiOnly: true,
  sumiRender: { context: 'post' },
};

const SUBJECTS = [
  '新製品のお知らせ',
  'Spring sale',
  'メンテナンスのお知らせ',
  'Release notes',
  'イベント開催',
];
const TAGS = ['news', 'product', 'event', 'お知らせ', 'maintenance', 'sale'];

export function createData({ records = 6400 } = {}) {
  const rng = createRng(9);
  const list = [];
  for (let i = 1; i <= records; i++) {
    const day = String(rng.int(1, 28)).padStart(2, '0');
    const tags = [];
    for (let k = rng.int(0, 3); k > 0; k--) tags.push({ tag_id: rng.int(1, 50), tag_nm: rng.pick(TAGS) });
    list.push({
      topics_id: i,
      ymd: `2025-03-${day}`,
      contents_type: 1,
      subject: `${rng.pick(SUBJECTS)} #${i}`,
      topics_flg: 1,
      open_flg: rng.next() < 0.85 ? 1 : 0,
      regular_flg: 0,
      inst_ymdhi: `2025-03-${day}T10:00:00+09:00`,
      update_ymdhi: `2025-03-${day}T12:30:00+09:00`,
      topics_group_id: 1,
      slug: `topic-${i}`,
      group_nm: 'News',
      contents_type_nm: 'Information',
      contents_type_list: [1],
      tag: tags,
      ext_col_01: {
        id: `img${i}`,
        url: `https://cdn.example.com/files/topics/${i}_main.jpg`,
        desc: 'main image',
        url_org: `https://cdn.example.com/files/topics/${i}_main_org.jpg`,
      },
      ext_col_02: `<p>${'本文のテキストです。Body text of the article. '.repeat(rng.int(2, 6))}</p>`,
    });
  }
  return {
    json: {
      errors: [],
      messages: [],
      list,
      pageInfo: { totalCnt: records, perPage: records, totalPageCnt: 1, pageNo: 1 },
    },
  };
}
