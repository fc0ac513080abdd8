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

/**
 * The peak-RSS variant: the same batch also writes a CSV line per picked item through `write`
 * (streamed to a file in chunks), then the summary line.
 */
export function renderCsv(d, write) {
  let buf = 'sku,qty,price,amount\n';
  const picked = [];
  let qty = 0;
  let amount = 0;
  for (const item of d.items) {
    if (item.qty > 0) {
      picked.push(item.sku);
      qty += item.qty;
      amount += item.qty * item.price;
      buf += `${item.sku},${item.qty},${item.price},${item.qty * item.price}\n`;
      if (buf.length >= 16384) {
        write(buf);
        buf = '';
      }
    }
  }
  write(
    `${buf}lines=${d.items.length} picked=${picked.length} qty=${qty} amount=${amount} first=${picked[0]}`,
  );
}
