<ul class="topics">
{foreach from=$topics item=t}<li id="t{$t.id}"><time>{$t.published|date_format:"%Y年%m月%d日"}</time> <span class="cat">{$t.category|default:"未分類"|escape}</span> <a href="/topics/{$t.id}/">{$t.subject|truncate:40|escape}</a><p>{$t.summary|default:"(no summary)"|escape}</p><small>{$t.author|default:"編集部"|escape}, updated {$t.updated|date_format:"%B %e, %Y %H:%M"}</small></li>
{/foreach}</ul>
