/** Hand-written JS for the CSV export. */
const field = (v) => `"${String(v).replaceAll('"', '""')}"`;

export function render(d) {
  let out = `${d.columns.join(',')}\n`;
  for (const m of d.members) {
    out +=
      field(m.member_id) +
      ',' +
      field(m.name) +
      ',' +
      field(m.email) +
      ',' +
      field(m.zip) +
      ',' +
      field(m.address) +
      ',' +
      field(m.points) +
      ',' +
      field(m.tags.join('/')) +
      ',' +
      field(m.note) +
      '\n';
  }
  return out;
}
