/**
 * Table workload: 1,000 user rows rendered as an HTML table (~144 KB).
 * Names carry `&`, `<` and `>` so every engine really escapes; they
 * avoid `"`, `'`, `=` and backticks, which the engines escape in different
 * (equally valid) ways and would make byte comparison meaningless.
 */
import { createRng } from '../../lib/rng.mjs';

const FIRST = ['Ann', 'Bob', 'Chloé', 'Dan', 'Eve', 'Fumi', 'Gus', 'Hana', 'Ivan', 'Jun', 'Kei', 'Lea'];
const LAST = ['Smith & Sons', 'Tanaka', '<Admin>', 'Suzuki', 'Nakamura', 'Kim', 'Sato', 'Lee', 'Ito'];
const CITIES = ['Tokyo', 'Osaka', 'Kyoto', 'Sapporo', 'Fukuoka', 'Nagoya', 'Kobe'];

export const meta = {
  title: 'table: 1,000 rows, ~144 KB of escaped HTML',
};

export function createData({ rows = 1000 } = {}) {
  const rng = createRng(1);
  const list = [];
  for (let i = 1; i <= rows; i++) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    list.push({
      id: i,
      name: `${first} ${last}`,
      email: `${first.toLowerCase().replace('é', 'e')}.${i}@mail.jp`,
      city: rng.pick(CITIES),
      score: rng.int(0, 999),
      active: rng.next() < 0.7,
    });
  }
  return { title: 'Users', rows: list };
}
