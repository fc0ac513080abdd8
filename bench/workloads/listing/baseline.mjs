/** Hand-written JS for the news listing. */
import { escapeHtml as e } from '../../lib/escape.mjs';
import { strftimeTokyo, truncate } from '../../lib/php.mjs';

/** Smarty's |default: unset, null or '' gives the default */
const or = (v, fallback) => (v === undefined || v === null || v === '' ? fallback : v);

export function render(d) {
  let out = '<ul class="topics">\n';
  for (const t of d.topics) {
    out +=
      '<li id="t' +
      t.id +
      '"><time>' +
      strftimeTokyo('%Y年%m月%d日', t.published) +
      '</time> <span class="cat">' +
      e(or(t.category, '未分類')) +
      '</span> <a href="/topics/' +
      t.id +
      '/">' +
      e(truncate(t.subject, 40)) +
      '</a><p>' +
      e(or(t.summary, '(no summary)')) +
      '</p><small>' +
      e(or(t.author, '編集部')) +
      ', updated ' +
      strftimeTokyo('%B %e, %Y %H:%M', Date.parse(t.updated) / 1000) +
      '</small></li>\n';
  }
  return out + '</ul>';
}
