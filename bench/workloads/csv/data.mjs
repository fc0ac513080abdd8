/**
 * CSV export (Sumi dialect only): the shape of a member-list download. 2,000 members with Japanese
 * names and addresses, text with commas, double quotes and line breaks; a header row joined with
 * `implode`, then one row per member, every field through `escapeCSV`, tags joined with `implode`.
 */
import { createRng } from '../../lib/rng.mjs';

export const meta = {
  title: 'CSV export: 2,000 rows through escapeCSV and implode',
  sumiOnly: true,
};

const FAMILY = ['佐藤', '鈴木', '高橋', '田中', '伊藤', 'Smith', '山本', 'O"Brien'];
const GIVEN = ['花子', '太郎', '美咲', '健', 'Anna', '翔太', '結衣'];
const CITIES = [
  '東京都渋谷区神南1-2-3',
  '大阪府大阪市北区梅田4-5',
  'Kyoto, Sakyo-ku 6-7',
  '福岡県福岡市中央区天神8-9',
];
const TAGS = ['vip', 'newsletter', '法人', 'event 2025', 'follow-up', '休眠'];
const NOTES = [
  '',
  '',
  'Prefers e-mail, not phone',
  '「至急」と書かれた件',
  'line one\nline two',
  'said "thanks"',
];

export function createData({ rows = 2000 } = {}) {
  const rng = createRng(41);
  const members = [];
  for (let i = 1; i <= rows; i++) {
    const tags = [];
    for (let k = rng.int(0, 3); k > 0; k--) tags.push(rng.pick(TAGS));
    members.push({
      member_id: i,
      name: `${rng.pick(FAMILY)} ${rng.pick(GIVEN)}`,
      email: `user${i}@example.co.jp`,
      zip: `${rng.int(100, 999)}-${String(rng.int(0, 9999)).padStart(4, '0')}`,
      address: rng.pick(CITIES),
      points: rng.int(0, 50000),
      tags,
      note: rng.pick(NOTES),
    });
  }
  return { columns: ['ID', '氏名', 'メール', '郵便番号', '住所', 'ポイント', 'タグ', '備考'], members };
}
