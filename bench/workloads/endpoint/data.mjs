/**
 * Custom-endpoint JSON response (Sumi dialect only): the shape of a CMS custom endpoint that
 * reshapes an API result into its own JSON. 120 orders in `$json.list` (member names in Japanese,
 * 1–5 lines each); the template leaves cancelled orders out, builds a row per order with `assign`
 * on dotted names and `append`, sums the lines, counts the statuses and prints the response with
 * `|@json_encode`.
 */
import { createRng } from '../../lib/rng.mjs';

export const meta = {
  title: 'custom endpoint: a JSON response built with assign/append and |@json_encode',
  sumiOnly: true,
};

const FAMILY = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', 'Smith', '山本'];
const GIVEN = ['花子', '太郎', '美咲', '健', 'Anna', '翔太', '結衣'];
const PRODUCTS = ['緑茶 100g', 'Coffee beans / dark', '湯のみ', 'Tea set <deluxe>', '抹茶ラテ', 'Gift card'];
const STATUSES = ['paid', 'paid', 'paid', 'pending', 'cancelled'];

export function createData({ orders = 120 } = {}) {
  const rng = createRng(31);
  const list = [];
  for (let i = 1; i <= orders; i++) {
    const items = [];
    for (let k = rng.int(1, 5); k > 0; k--) {
      items.push({
        product_id: rng.int(1000, 9999),
        name: rng.pick(PRODUCTS),
        qty: rng.int(1, 6),
        unit_price: rng.int(300, 12000),
      });
    }
    const day = String(rng.int(1, 28)).padStart(2, '0');
    const order = {
      order_id: 50000 + i,
      status: rng.pick(STATUSES),
      created: `2025-04-${day} ${String(rng.int(9, 20)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00`,
      member: {
        member_id: rng.int(1, 900),
        name: `${rng.pick(FAMILY)} ${rng.pick(GIVEN)}`,
        email: `m${i}@example.jp`,
      },
      items,
    };
    if (rng.next() < 0.3) order.note = rng.pick(['置き配希望', 'Gift wrap, please', '午前中指定']);
    list.push(order);
  }
  return { json: { errors: [], list, pageInfo: { totalCnt: orders, pageNo: 1 } } };
}
