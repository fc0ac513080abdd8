/**
 * Batch (Sumi dialect only): a {section} over 100,000 order lines that picks
 * lines with assign/append and sums quantities and amounts. The peak-RSS
 * measurement runs the same template over 1,000,000 lines.
 */
import { createRng } from '../../lib/rng.mjs';

export const meta = {
  title: 'batch: {section} over 100,000 items with assign/append',
  sumiOnly: true,
  sumiRender: { context: 'batch' },
};

export function createData({ items = 100_000 } = {}) {
  const rng = createRng(5);
  const list = new Array(items);
  for (let i = 0; i < items; i++) {
    list[i] = {
      sku: `SKU-${String(i + 1).padStart(7, '0')}`,
      qty: rng.int(-3, 20),
      price: rng.int(100, 20000),
    };
  }
  return { items: list };
}
