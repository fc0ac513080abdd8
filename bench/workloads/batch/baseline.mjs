/** Hand-written JS for the batch. */
export function render(d) {
  const picked = [];
  let qty = 0;
  let amount = 0;
  for (const item of d.items) {
    if (item.qty > 0) {
      picked.push(item.sku);
      qty += item.qty;
      amount += item.qty * item.price;
    }
  }
  return `lines=${d.items.length} picked=${picked.length} qty=${qty} amount=${amount} first=${picked[0]}`;
}
