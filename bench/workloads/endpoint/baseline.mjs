/** Hand-written JS for the custom endpoint: the same response object, then PHP's json_encode. */
import { jsonEncode } from '../../lib/php.mjs';

export function render(d) {
  const orders = [];
  let total = 0;
  let paid = 0;
  let pending = 0;
  for (const o of d.json.list) {
    if (o.status === 'cancelled') continue;
    let sum = 0;
    const lines = [];
    for (const it of o.items) {
      lines.push({ product: it.product_id, name: it.name, amount: it.qty * it.unit_price });
      sum += it.qty * it.unit_price;
    }
    const row = {
      id: o.order_id,
      member: o.member.name,
      url: `/members/${o.member.member_id}/orders/${o.order_id}/`,
      status: o.status,
      date: o.created.slice(0, 10),
      lines,
      amount: sum,
    };
    if (o.note) row.note = o.note;
    orders.push(row);
    total += sum;
    if (o.status === 'paid') paid++;
    else pending++;
  }
  return jsonEncode({ status: 200, count: orders.length, paid, pending, total, orders });
}
