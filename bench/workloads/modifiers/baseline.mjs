/** Hand-written JS for the modifier-heavy page. */
import { escapeHtml as e } from '../../lib/escape.mjs';
import { jsonEncode, numberFormat, strftimeTokyo, truncate } from '../../lib/php.mjs';

export function render(d) {
  let out = '';
  for (const a of d.articles) {
    out +=
      '<article id="a' +
      a.id +
      '"><h2>' +
      e(a.title) +
      '</h2><time>' +
      strftimeTokyo('%Y-%m-%d %H:%M', a.published) +
      '</time> <span class="day">' +
      strftimeTokyo('%A, %B %e', a.published) +
      '</span><p>' +
      e(truncate(a.body, 80)) +
      '</p><p class="price">' +
      numberFormat(a.price) +
      ' yen, ' +
      numberFormat(a.rate, 2) +
      '%</p><p class="author">' +
      e(a.author.toUpperCase()) +
      '</p></article>\n';
  }
  return out + '<script type="application/json">' + jsonEncode(d.meta) + '</script>';
}
