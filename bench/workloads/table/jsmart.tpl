<table class="users">
<caption>{$title|escape}</caption>
<thead><tr><th>#</th><th>Name</th><th>Email</th><th>City</th><th>Score</th><th>Status</th></tr></thead>
<tbody>
{foreach from=$rows item=r}<tr><td>{$r.id}</td><td>{$r.name|escape}</td><td><a href="mailto:{$r.email|escape}">{$r.email|escape}</a></td><td>{$r.city|escape}</td><td>{$r.score}</td><td>{if $r.active}active{else}inactive{/if}</td></tr>
{/foreach}</tbody>
</table>