/** htmlspecialchars(ENT_QUOTES) as Smarty's |escape does it, for the baselines. */
const MAP = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };
const ANY = /[&<>"']/;
const ALL = /[&<>"']/g;

export function escapeHtml(s) {
  const str = String(s);
  return ANY.test(str) ? str.replace(ALL, (c) => MAP[c]) : str;
}
